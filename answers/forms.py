"""Forms of the reviewer pages: ask, verify a draft, filter the history, record a verdict."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from answers.services import MODES as MODE_NAMES
from citenexus.domain.answer import DEEP, SINGLE

MODES = [("", "the lane's default"), *((mode, mode) for mode in MODE_NAMES)]
STRATEGIES = [(SINGLE, "single"), (DEEP, "deep (several sub-queries)")]
ERR_DRAFT_EMPTY = "write at least one sentence"
ERR_DRAFT_NO_KEYS = "line {line} has no citation; cite units as [document-id#ordinal]"
ERR_CHOOSE_VERDICT = "choose approve or flag"
ERR_FLAG_NEEDS_NOTE = "say why you flag this answer"
_KEYS = re.compile(r"\[([^\[\]]+)\]")


class LaneChoiceMixin:
    """A form whose ``lane`` field offers the lanes given (those the user may ask in)."""

    def __init__(self, *args: Any, lanes: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["lane"]  # type: ignore[attr-defined]
        field.choices = [(lane.slug, f"{lane.name} ({lane.slug})") for lane in lanes]


class AskForm(LaneChoiceMixin, forms.Form):
    lane = forms.ChoiceField(label="Lane")
    question = forms.CharField(
        label="Question", max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    mode = forms.ChoiceField(label="Trust mode", choices=MODES, required=False)
    strategy = forms.ChoiceField(label="Strategy", choices=STRATEGIES, initial=SINGLE)

    def service_fields(self) -> dict[str, Any]:
        """What ``answer_ask`` takes from the valid form, besides the lane."""
        data = self.cleaned_data
        return {
            "question": data["question"],
            "mode": data["mode"] or None,
            "strategy": data["strategy"],
        }


def parse_draft(text: str) -> list[dict[str, Any]]:
    """Segments from a pasted draft: one per line, citations in brackets, e.g. ``… [doc#2]``.

    Several keys may share one bracket, separated by commas. A line with no key is still a
    segment (it will be judged ``uncited``), so the reviewer sees what the pipeline makes of it.
    """
    segments = []
    for line in text.splitlines():
        if not line.strip():
            continue
        keys = [k.strip() for group in _KEYS.findall(line) for k in group.split(",") if k.strip()]
        sentence = _KEYS.sub("", line).strip()
        segments.append({"text": re.sub(r"\s+([.,;:])", r"\1", sentence), "citations": keys})
    return segments


class VerifyForm(LaneChoiceMixin, forms.Form):
    lane = forms.ChoiceField(label="Lane")
    question = forms.CharField(
        label="Question", max_length=4000, widget=forms.Textarea(attrs={"rows": 2})
    )
    mode = forms.ChoiceField(label="Trust mode", choices=MODES, required=False)
    draft = forms.CharField(
        label="Draft",
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="one claim per line, each citing units as [document-id#ordinal], e.g. "
        "“A landlord must give 30 days notice. [ca-civ-1946-1#2]”",
    )

    def service_fields(self) -> dict[str, Any]:
        """What ``answer_verify`` takes from the valid form, besides the lane."""
        data = self.cleaned_data
        return {
            "question": data["question"],
            "mode": data["mode"] or None,
            "segments": data["draft"],
        }

    def clean_draft(self) -> list[dict[str, Any]]:
        segments = parse_draft(self.cleaned_data["draft"])
        if not any(s["text"] for s in segments):
            raise forms.ValidationError(ERR_DRAFT_EMPTY)
        return segments


class ReviewForm(forms.Form):
    verdict = forms.ChoiceField(
        label="Verdict",
        choices=[("approve", "approve"), ("flag", "flag")],
        widget=forms.RadioSelect,
        error_messages={"required": ERR_CHOOSE_VERDICT, "invalid_choice": ERR_CHOOSE_VERDICT},
    )
    note = forms.CharField(
        label="Note", required=False, max_length=5000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # A flag sends the answer back for work; whoever reads it next must learn why.
        if cleaned.get("verdict") == "flag" and not cleaned.get("note", "").strip():
            self.add_error("note", ERR_FLAG_NEEDS_NOTE)
        return cleaned

"""Forms of the reviewer pages: ask, verify a draft, filter the history, record a verdict."""

from __future__ import annotations

import re
from typing import Any, ClassVar

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


class QuestionForm(forms.Form):
    """A question asked, or a draft verified, in one of the lanes given (those the user may ask
    in); each form is taken apart for its service by ``service_fields``."""

    lane = forms.ChoiceField(label="Lane")
    mode = forms.ChoiceField(label="Trust mode", choices=MODES, required=False)
    # Form field -> the keyword the ask or verify service takes it as.
    SERVICE_FIELDS: ClassVar[dict[str, str]]

    def __init__(self, *args: Any, lanes: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(lane.slug, f"{lane.name} ({lane.slug})") for lane in lanes]
        self.fields["lane"].choices = choices  # type: ignore[attr-defined]

    def service_fields(self) -> dict[str, Any]:
        """What the service takes from the valid form, besides the lane; no mode is the lane's."""
        fields = {name: self.cleaned_data[f] for f, name in self.SERVICE_FIELDS.items()}
        fields["mode"] = fields["mode"] or None
        return fields


class AskForm(QuestionForm):
    question = forms.CharField(
        label="Question", max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    strategy = forms.ChoiceField(label="Strategy", choices=STRATEGIES, initial=SINGLE)

    field_order = ["lane", "question", "mode", "strategy"]
    SERVICE_FIELDS = {"question": "question", "mode": "mode", "strategy": "strategy"}


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


class VerifyForm(QuestionForm):
    question = forms.CharField(
        label="Question", max_length=4000, widget=forms.Textarea(attrs={"rows": 2})
    )
    draft = forms.CharField(
        label="Draft",
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="one claim per line, each citing units as [document-id#ordinal], e.g. "
        "“A landlord must give 30 days notice. [ca-civ-1946-1#2]”",
    )

    field_order = ["lane", "question", "mode", "draft"]
    SERVICE_FIELDS = {"question": "question", "mode": "mode", "draft": "segments"}

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

"""Forms of the curation pages: every field labelled, errors shown beside the field."""

from __future__ import annotations

import json
from typing import Any, cast

from django import forms

from curation.models import LaneMembership
from curation.services.tiers import TierEdit

ERR_METADATA_JSON = "metadata must be a JSON object whose keys and values are strings"
ERR_METADATA_ROW = "line {line}: write key=value"
ERR_METADATA_BOTH = "give metadata as JSON or as key=value rows, not both"
ERR_NO_FILES = "choose at least one file (or a zip)"
ERR_DOCUMENT_ID_SINGLE = "a document id can only be given for a single file"

SORTS = {
    "document_id": "document_id",
    "title": "title",
    "source_type": "source_type",
    "tier": "tier_rank",
    "version": "version",
    "units": "unit_count",
    "ingested": "ingested_at",
}
NO_TIER = "__none__"


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A file field that accepts several files (Django's documented recipe)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> Any:
        single = super().clean
        if isinstance(data, (list, tuple)):
            return [single(d, initial) for d in data]
        return [single(data, initial)] if data else []


class DocumentFilterForm(forms.Form):
    q = forms.CharField(label="Search title or id", required=False, max_length=200)
    tier = forms.ChoiceField(label="Tier", required=False)
    source_type = forms.ChoiceField(label="Source type", required=False)
    sort = forms.ChoiceField(
        label="Sort by",
        required=False,
        choices=[(k, k) for k in SORTS] + [("-" + k, "-" + k) for k in SORTS],
    )

    def __init__(self, *args: Any, tiers: list[str], source_types: list[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["tier"]).choices = [
            ("", "any tier"),
            *[(t, t) for t in reversed(tiers)],
            (NO_TIER, "no tier / unknown"),
        ]
        cast(forms.ChoiceField, self.fields["source_type"]).choices = [
            ("", "any type"),
            *[(s, s) for s in source_types],
        ]


def parse_metadata(raw_json: str, raw_rows: str) -> dict[str, str]:
    """Metadata from a JSON object or key=value lines; raises ValidationError naming the line."""
    raw_json, raw_rows = raw_json.strip(), raw_rows.strip()
    if raw_json and raw_rows:
        raise forms.ValidationError(ERR_METADATA_BOTH)
    if raw_json:
        try:
            value = json.loads(raw_json)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(ERR_METADATA_JSON) from exc
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()
        ):
            raise forms.ValidationError(ERR_METADATA_JSON)
        return dict(value)
    out: dict[str, str] = {}
    for number, line in enumerate(raw_rows.splitlines(), start=1):
        if not line.strip():
            continue
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise forms.ValidationError(ERR_METADATA_ROW.format(line=number))
        out[key.strip()] = value.strip()
    return out


class UploadForm(forms.Form):
    uploads = MultipleFileField(
        label="Files", help_text="txt, md, html, pdf or docx — several at once, or one zip of them"
    )
    source_type = forms.CharField(label="Source type", max_length=100)
    document_id = forms.CharField(
        label="Document id",
        required=False,
        max_length=200,
        help_text="only for a single file; otherwise each file's name becomes its id",
    )
    title = forms.CharField(label="Title", required=False, max_length=500)
    metadata_json = forms.CharField(
        label="Metadata as JSON",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text='e.g. {"jurisdiction": "CA", "scope": "residential"}',
    )
    metadata_rows = forms.CharField(
        label="Metadata as key=value rows",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="one key=value per line",
    )

    def clean_uploads(self) -> Any:
        files = self.cleaned_data.get("uploads") or []
        if not files:
            raise forms.ValidationError(ERR_NO_FILES)
        return files

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            data["metadata"] = parse_metadata(
                data.get("metadata_json", ""), data.get("metadata_rows", "")
            )
        except forms.ValidationError as exc:
            field = "metadata_json" if data.get("metadata_json", "").strip() else "metadata_rows"
            self.add_error(field, exc)
        files = data.get("uploads") or []
        if data.get("document_id") and len(files) > 1:
            self.add_error("document_id", ERR_DOCUMENT_ID_SINGLE)
        return data


class AuthorityCsvForm(forms.Form):
    file = forms.FileField(
        label="Authority CSV",
        help_text="a document_id column and the lane's tier column; other columns are metadata",
    )


class TierSetForm(forms.Form):
    tier = forms.ChoiceField(label="Tier")

    def __init__(self, *args: Any, tiers: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["tier"]).choices = [(t, t) for t in reversed(tiers)]


class CorrectionForm(forms.Form):
    text = forms.CharField(label="Correction", widget=forms.Textarea(attrs={"rows": 3}))
    authority = forms.ChoiceField(label="Authority")

    def __init__(self, *args: Any, levels: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["authority"]).choices = [(v, v) for v in levels]


def tier_edits_from_post(post: Any) -> list[TierEdit]:
    """The tier editor's rows, least authoritative first (the page lists them highest first):
    the settings page's save and preview, and the what-if, read the same form."""
    originals = post.getlist("original")
    names = post.getlist("name")
    rows = [TierEdit(o or None, n.strip()) for o, n in zip(originals, names, strict=False)]
    return rows[::-1]


class LaneSettingsForm(forms.Form):
    """Everything of the tier editor except the tier rows themselves."""

    minimum_tier = forms.ChoiceField(label="Floor (minimum tier)", required=False)
    profile = forms.ChoiceField(
        label="Profile", choices=[("ordered.v1", "ordered.v1"), ("default.v1", "default.v1")]
    )
    default_mode = forms.ChoiceField(
        label="Default trust mode",
        choices=[("strict", "strict"), ("normal", "normal"), ("exploratory", "exploratory")],
    )
    jurisdiction = forms.CharField(label="Jurisdiction", required=False, max_length=50)

    def __init__(self, *args: Any, tiers: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["minimum_tier"]).choices = [
            ("", "no floor"),
            *[(t, t) for t in reversed(tiers) if t],
        ]


class MemberForm(forms.Form):
    username = forms.CharField(label="Username", max_length=150)
    role = forms.ChoiceField(label="Role", choices=LaneMembership.Role.choices)

"""The lane settings page's vocabulary editor: one labelled text box per kind of word.

Each box takes plain lines (lists may also be comma-separated; a comma between two digits, as in
"12,500 pounds", stays inside its phrase), so an admin never writes JSON. The form only turns lines into the vocabulary's JSON shape; the words
themselves are validated by the lane service with the domain's rules, and its message (which
names ``vocabulary.<key>``) is placed beside the box it is about.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms

ERR_PAIR_LINE = "line {line}: write {shape}"
LIST_KEYS = ("parties", "status_phrases", "value_idioms")
KEYS = ("parties", "synonyms", "scope_terms", "jurisdictions", "status_phrases", "value_idioms")


def _box(label: str, help_text: str, rows: int = 3) -> forms.CharField:
    return forms.CharField(
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.Textarea(attrs={"rows": rows, "spellcheck": "false"}),
    )


# A comma separates items unless it stands between two digits ("12,500 pounds or less").
_ITEM_COMMA = re.compile(r"(?<!\d),|,(?!\d)")


def _items(text: str) -> list[str]:
    return [
        item.strip()
        for line in text.splitlines()
        for item in _ITEM_COMMA.split(line)
        if item.strip()
    ]


def _pairs(text: str, shape: str) -> list[tuple[int, str, str]]:
    """``left = right`` lines with their numbers; raises ValidationError naming a bad line."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        left, sep, right = line.partition("=")
        if not sep or not left.strip() or not right.strip():
            raise forms.ValidationError(ERR_PAIR_LINE.format(line=number, shape=shape))
        out.append((number, left.strip(), right.strip()))
    return out


SHAPE_SYNONYM = "lay word = term"
SHAPE_SCOPE = "dimension / value = phrase, phrase"
SHAPE_JURISDICTION = "CODE = name, name"


class VocabularyForm(forms.Form):
    parties = _box(
        "Parties",
        "One party per line or comma-separated; a phrase is fine. Example: employer, employee,"
        " data subject",
        2,
    )
    synonyms = _box(
        "Synonyms",
        "One per line: lay word = the term of art it stands for. Example: boss = employer"
        " (a question using the lay word is also searched with the term; a pair of single"
        " words changes how words compare too)",
    )
    scope_terms = _box(
        "Scope terms",
        "One per line: dimension / value = phrases that name that value. Give each dimension at"
        " least two values that exclude each other. Example: sector / public = public sector,"
        " government — and sector / private = private sector",
        4,
    )
    jurisdictions = _box(
        "Jurisdiction names",
        "One per line: CODE = the names a question may use for it. Example: CA = California, Calif",
    )
    status_phrases = _box(
        "Status phrases",
        "Phrases that make a duration a length of status, not a deadline; one per line or"
        " comma-separated. * stands for any one word. Example: been employed, * year contract",
    )
    value_idioms = _box(
        "Value idioms",
        "One-word nouns that turn a period into an amount (\u201cone week's pay\u201d);"
        " comma-separated. Example: pay, wages",
        2,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        vocabulary: dict[str, Any] = {key: _items(data.get(key, "")) for key in LIST_KEYS}
        try:
            vocabulary["synonyms"] = {
                lay: term for _, lay, term in _pairs(data.get("synonyms", ""), SHAPE_SYNONYM)
            }
        except forms.ValidationError as exc:
            self.add_error("synonyms", exc)
        try:
            vocabulary["scope_terms"] = _scope_terms(data.get("scope_terms", ""))
        except forms.ValidationError as exc:
            self.add_error("scope_terms", exc)
        try:
            vocabulary["jurisdictions"] = {
                code: _items(names)
                for _, code, names in _pairs(data.get("jurisdictions", ""), SHAPE_JURISDICTION)
            }
        except forms.ValidationError as exc:
            self.add_error("jurisdictions", exc)
        data["vocabulary"] = {k: vocabulary[k] for k in KEYS if k in vocabulary and vocabulary[k]}
        return data

    def place_error(self, message: str) -> None:
        """Put the service's message beside the box it names (``vocabulary.<key>``)."""
        key = next((k for k in KEYS if f"vocabulary.{k}" in message), None)
        self.add_error(key, message)


def _scope_terms(text: str) -> dict[str, dict[str, list[str]]]:
    dimensions: dict[str, dict[str, list[str]]] = {}
    for number, left, phrases in _pairs(text, SHAPE_SCOPE):
        dimension, sep, value = left.partition("/")
        if not sep or not dimension.strip() or not value.strip():
            raise forms.ValidationError(ERR_PAIR_LINE.format(line=number, shape=SHAPE_SCOPE))
        values = dimensions.setdefault(dimension.strip(), {})
        values.setdefault(value.strip(), []).extend(_items(phrases))
    return dimensions


def vocabulary_initial(vocabulary: dict[str, Any]) -> dict[str, str]:
    """The stored vocabulary written back as the boxes' lines."""
    vocabulary = vocabulary or {}
    scope_lines = [
        f"{dimension} / {value} = {', '.join(phrases)}"
        for dimension, values in (vocabulary.get("scope_terms") or {}).items()
        for value, phrases in values.items()
    ]
    return {
        "parties": ", ".join(vocabulary.get("parties") or []),
        "synonyms": "\n".join(
            f"{lay} = {term}" for lay, term in (vocabulary.get("synonyms") or {}).items()
        ),
        "scope_terms": "\n".join(scope_lines),
        "jurisdictions": "\n".join(
            f"{code} = {', '.join(names)}"
            for code, names in (vocabulary.get("jurisdictions") or {}).items()
        ),
        "status_phrases": "\n".join(vocabulary.get("status_phrases") or []),
        "value_idioms": ", ".join(vocabulary.get("value_idioms") or []),
    }


VOCABULARY_LABELS = {
    "parties": "Parties",
    "synonyms": "Synonyms",
    "scope_terms": "Scope terms",
    "jurisdictions": "Jurisdiction names",
    "status_phrases": "Status phrases",
    "value_idioms": "Value idioms",
}


def vocabulary_rows(vocabulary: dict[str, Any]) -> list[tuple[str, str]]:
    """The vocabulary read-only, one ``(label, text)`` row per non-empty kind of word."""
    text = vocabulary_initial(vocabulary)
    return [
        (label, "; ".join(text[key].splitlines()))
        for key, label in VOCABULARY_LABELS.items()
        if text[key]
    ]

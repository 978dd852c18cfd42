"""How each evidence signal reads on the answer page: words, lists and tables with links.

The signals panel lists every field of ``evidence`` (docs/design.md#signals) in the order the
design gives them. A scalar reads as the API spells it (``true``, ``""``, ``0.75``), an empty
list as "none"; a list of documents links each one; ``inapplicable``, ``conflicts`` and ``judges_failed`` are tables; and a
structured signal this module does not know yet still becomes a table of plain cells, so no
signal is ever shown as a JSON blob. ``timings_ms`` has its own card (the Timings table).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.urls import reverse

from answers.explain import SIGNAL_MEANINGS
from citenexus.domain.answer import Evidence
from citenexus.domain.model import split_citation_key

# The stored jsonb does not keep the fields' order; the panel restores the design's.
_SIGNAL_ORDER = {f.name: i for i, f in enumerate(dataclasses.fields(Evidence))}
_SHOWN_ELSEWHERE = {"timings_ms"}
_DOCUMENT_LISTS = {"withheld"}


def signal_display(value: Any) -> str:
    """A scalar signal's value as the API spells it (true, "", 0.75, …), compactly."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value == "":
        return '""'
    if isinstance(value, float):
        return f"{value:.3g}"
    return str(value)


def plain(value: Any) -> str:
    """A nested value as words for a table cell: lists joined, mappings as ``key: value``."""
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value)
    if value is None:
        return "—"
    return signal_display(value)


class _Links:
    """Links to the document (and unit) a key or document id names, in one lane."""

    def __init__(self, lane_slug: str) -> None:
        self.lane_slug = lane_slug

    def ref(self, key_or_document: Any) -> dict[str, str]:
        text = str(key_or_document or "")
        parts = split_citation_key(text)
        document_id = parts[0] if parts else text
        if not document_id:
            return {"label": text, "url": ""}
        url = reverse("document", args=[self.lane_slug, document_id])
        return {"label": text, "url": f"{url}#u-{parts[1]}" if parts else url}


def signal_rows(
    evidence: Mapping[str, Any], *, lane_slug: str, withheld_detail: list[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """One row per signal: ``name``, ``meaning``, ``kind`` and what that kind shows."""
    links = _Links(lane_slug)
    names = sorted(
        (k for k in evidence if k not in _SHOWN_ELSEWHERE),
        key=lambda k: (_SIGNAL_ORDER.get(k, len(_SIGNAL_ORDER)), k),
    )
    rows = []
    for name in names:
        row = {"name": name, "meaning": SIGNAL_MEANINGS.get(name, "")}
        row.update(_shown(name, evidence[name], links, withheld_detail))
        rows.append(row)
    return rows


def _shown(
    name: str, value: Any, links: _Links, withheld_detail: list[Mapping[str, Any]]
) -> dict[str, Any]:
    if isinstance(value, (list, Mapping)) and not value:
        return {"kind": "scalar", "display": "none"}
    if name in _DOCUMENT_LISTS and isinstance(value, list):
        return {"kind": "documents", "items": _withheld(value, links, withheld_detail)}
    if name == "inapplicable" and isinstance(value, list):
        items = [
            {**links.ref(i.get("key") or i.get("document_id")), "reason": plain(i.get("reason"))}
            for i in value
        ]
        return {"kind": "inapplicable", "items": items}
    if name == "conflicts" and isinstance(value, list):
        return {"kind": "conflicts", "items": [_conflict(c, links) for c in value]}
    if name == "judges_failed" and isinstance(value, list):
        items = [{"judge": plain(f.get("judge")), "pairs": plain(f.get("pairs"))} for f in value]
        return {"kind": "judges_failed", "items": items}
    if isinstance(value, list) and all(not isinstance(v, (list, Mapping)) for v in value):
        return {"kind": "words", "items": [plain(v) for v in value]}
    if isinstance(value, (list, Mapping)):
        return {"kind": "table", **_table(value)}
    return {"kind": "scalar", "display": signal_display(value)}


def _withheld(
    documents: list[Any], links: _Links, withheld_detail: list[Mapping[str, Any]]
) -> list[dict[str, str]]:
    """Each withheld document linked, with the units and tiers the answer recorded for it."""
    detail: dict[str, list[Mapping[str, Any]]] = {}
    for row in withheld_detail:
        detail.setdefault(str(row.get("document_id")), []).append(row)
    items = []
    for document_id in documents:
        rows = detail.get(str(document_id)) or [{}]
        for row in rows:
            items.append(
                {
                    **links.ref(document_id),
                    "key": str(row.get("key") or ""),
                    "tier": str(row.get("tier") or ""),
                }
            )
    return items


def _conflict(conflict: Mapping[str, Any], links: _Links) -> dict[str, Any]:
    resolved = conflict.get("resolved_to")
    return {
        "matter": plain(conflict.get("matter") or conflict.get("kind")),
        "values": [
            {
                **links.ref(v.get("key")),
                "value": plain(v.get("value")),
                "tier": plain(v.get("tier")),
                "won": resolved is not None and v.get("value") == resolved,
            }
            for v in conflict.get("values") or []
        ],
        "resolved_to": plain(resolved) if resolved is not None else "",
        "overridden": [links.ref(k) for k in conflict.get("overridden") or []],
    }


def _table(value: list[Any] | Mapping[str, Any]) -> dict[str, Any]:
    """A structured value no rule above knows: rows of plain cells under named columns."""
    if isinstance(value, Mapping):
        return {"columns": ["name", "value"], "cells": [[k, plain(v)] for k, v in value.items()]}
    columns: list[str] = []
    for item in value:
        for key in item.keys() if isinstance(item, Mapping) else ["value"]:
            if key not in columns:
                columns.append(str(key))
    cells = [
        [plain(item.get(c)) for c in columns] if isinstance(item, Mapping) else [plain(item)]
        for item in value
    ]
    return {"columns": columns, "cells": cells}

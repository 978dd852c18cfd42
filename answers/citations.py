"""What an answer keeps about each unit it cites: its document, version and pages.

A stored answer's claims cite units by key; ``citation_details`` beside each claim's
``citations`` records, as they were when the answer was computed, the version of the unit the
key named and the PDF pages its text lies on (``page_start``/``page_end``, null for formats
without pages), so an answer still says "p. 4" after its document changes (docs/design.md,
"PDF pages").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from citenexus.domain.model import split_citation_key
from citenexus.ingest.pages import page_label
from curation.models import EvidenceUnit, Lane


def cited_units(*, lane: Lane, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each key's current unit as a citation detail (one query); unknown keys are left out."""
    wanted = {key: split_citation_key(key) for key in keys}
    named = {parts for parts in wanted.values() if parts is not None}
    if not named:
        return {}
    rows = EvidenceUnit.objects.filter(
        lane=lane,
        current=True,
        document__document_id__in={document_id for document_id, _ in named},
        ordinal__in={ordinal for _, ordinal in named},
    ).values_list("document__document_id", "ordinal", "version", "page_start", "page_end")
    found = {
        (document_id, ordinal): (version, page_start, page_end)
        for document_id, ordinal, version, page_start, page_end in rows
    }
    out: dict[str, dict[str, Any]] = {}
    for key, parts in wanted.items():
        if parts is None or parts not in found:
            continue
        version, page_start, page_end = found[parts]
        out[key] = {
            "key": key,
            "document_id": parts[0],
            "version": version,
            "page_start": page_start,
            "page_end": page_end,
            "pages": page_label(page_start, page_end),
        }
    return out


def with_citation_details(*, lane: Lane, payload: dict[str, Any]) -> dict[str, Any]:
    """The answer payload with ``citation_details`` on every claim, parallel to its citations."""
    claims = payload.get("claims") or []
    keys = {key for claim in claims for key in claim.get("citations", [])}
    details = cited_units(lane=lane, keys=keys)
    for claim in claims:
        claim["citation_details"] = [
            details.get(key, {"key": key, "page_start": None, "page_end": None, "pages": ""})
            for key in claim.get("citations", [])
        ]
    return payload


def text_with_pages(text: str, claims: Iterable[dict[str, Any]]) -> str:
    """The composed text with each attribution mark naming its page: ``[key, p. 3]``."""
    labels = {
        detail["key"]: detail["pages"]
        for claim in claims
        for detail in claim.get("citation_details", [])
        if detail.get("pages")
    }
    for key, label in labels.items():
        text = text.replace(f"[{key}]", f"[{key}, {label}]")
    return text

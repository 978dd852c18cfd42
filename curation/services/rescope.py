"""Re-read the scope statements stored units carry (docs/design.md#applicability).

The statements a unit carries are read once, when its document is ingested. When the reading
improves (a list of exclusions now carried with its items), the documents already stored keep
the old reading until they are read again: this re-reads them from each document's current text,
in place, without a new version (the text is unchanged; what is derived from it is not standing).
A document whose units would now be cut differently (the unit size was changed since) is left
as it is and named: it needs a re-ingest, which creates a version. A unit whose embedding text
changes with its statements is re-embedded. Each document's exclusion lists and narrowing
definitions (citenexus/ingest/definitions.py) are read again first, and the statements that
exclude by citing a list are linked to it (curation/services/references.py). One audit event
records what was done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction

from audit.services import audit_record
from citenexus.ingest import segment
from citenexus.ingest.definitions import narrowing_definitions
from citenexus.ingest.references import exclusion_lists
from curation.bootstrap import ports
from curation.models import Document, EvidenceUnit
from curation.services.embedding_space import embedding_space_check, stored_embedding_text
from curation.services.references import LaneLists

ACTION = "units.rescope"


@dataclass
class RescopeReport:
    """What a run did: documents read, units whose statements changed (and of those, the
    re-embedded), and the documents left for a re-ingest."""

    documents: int = 0
    units_changed: int = 0
    units_reembedded: int = 0
    definitions_changed: int = 0  # documents whose narrowing definitions were read anew
    needs_reingest: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "documents": self.documents,
            "units_changed": self.units_changed,
            "units_reembedded": self.units_reembedded,
            "definitions_changed": self.definitions_changed,
            "needs_reingest": list(self.needs_reingest),
        }


def rescope_all(*, actor: str, lane_slug: str = "") -> RescopeReport:
    """Re-read the carried statements of every current unit (of one lane, when named)."""
    report = RescopeReport()
    documents = Document.objects.select_related("lane").order_by("lane__slug", "document_id")
    if lane_slug:
        documents = documents.filter(lane__slug=lane_slug)
    # Every document's lists first: a unit may cite a list a later document holds.
    for document in documents.iterator():
        held = exclusion_lists(document.content)
        narrowed = narrowing_definitions(document.content)
        read_anew = narrowed != document.narrowed_terms
        report.definitions_changed += read_anew
        if read_anew or held != document.exclusion_lists:
            document.exclusion_lists = held
            document.narrowed_terms = narrowed
            document.save(update_fields=["exclusion_lists", "narrowed_terms"])
    lists: dict[int, LaneLists] = {}
    for document in documents.iterator():
        lane_lists = lists.setdefault(document.lane_id, LaneLists(document.lane_id))
        units = list(
            EvidenceUnit.objects.filter(document=document, current=True).order_by("ordinal")
        )
        pieces = segment(
            document.content,
            target_chars=settings.CITENEXUS_UNIT_CHARS,
            overlap_chars=settings.CITENEXUS_UNIT_OVERLAP,
        )
        report.documents += 1
        if [(p.start, p.end) for p in pieces] != [(u.start, u.end) for u in units]:
            report.needs_reingest.append(f"{document.lane.slug}/{document.document_id}")
            continue
        changed, stale = [], []
        for unit, piece in zip(units, pieces, strict=True):
            scope = lane_lists.scope_of(piece.scope, document.exclusion_lists)
            if unit.scope == scope:
                continue
            unit.document = document  # the title, without a query per unit
            text = stored_embedding_text(unit, scope=scope)
            if stored_embedding_text(unit) != text:
                stale.append((unit, text))
            unit.scope = scope
            changed.append(unit)
        if not changed:
            continue
        if stale:
            embedding_space_check()  # never a vector of another embedder beside the stored ones
            vectors = ports().embedder.embed([text for _, text in stale])
            for (unit, _), vector in zip(stale, vectors, strict=True):
                unit.embedding = vector
        with transaction.atomic():
            EvidenceUnit.objects.bulk_update(changed, ["scope", "embedding"])
        report.units_changed += len(changed)
        report.units_reembedded += len(stale)
    with transaction.atomic():
        audit_record(actor=actor, action=ACTION, lane=lane_slug, details=report.to_dict())
    return report

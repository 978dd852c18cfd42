"""Exclusion lists cited from one document to another within a lane (docs/design.md#applicability).

A statement carried by a unit may leave out "the entities and data that section 6-1-1304(2)
excludes", a list another document of the lane holds. Each document stores the exclusion lists
its current text holds (``Document.exclusion_lists``, read by ``citenexus.ingest.references``);
after a document is written, its own units and the lane's units that cite a list it holds or
held are linked again: the cited items are carried under the citing statement, where
applicability reads them. Retrieval leaves those lines out, so nothing is re-embedded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import connection
from django.db.models import Q

from citenexus.ingest.definitions import narrowing_definitions
from citenexus.ingest.references import exclusion_lists, linked_scope, resolve, section_of
from curation.models import Document, EvidenceUnit

# The namespace of the transaction-level advisory lock that serialises linking per lane ("CNRL").
LOCK_NAMESPACE = 0x434E524C


def _one_at_a_time(lane_id: int) -> None:
    """Wait for any other transaction linking in this lane to end (released at commit): an
    advisory lock, so that no row lock is taken in an order another path could reverse."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_NAMESPACE, lane_id])


class LaneLists:
    """The lane's exclusion lists by citation, looked up once per citation."""

    def __init__(self, lane_id: int) -> None:
        self.lane_id = lane_id
        self._held: dict[str, list[Mapping[str, Sequence[str]]]] = {}

    def holding(self, key: str) -> list[Mapping[str, Sequence[str]]]:
        if key not in self._held:
            self._held[key] = list(
                Document.objects.filter(
                    lane_id=self.lane_id, exclusion_lists__has_key=key
                ).values_list("exclusion_lists", flat=True)
            )
        return self._held[key]

    def scope_of(self, scope: str, own: Mapping[str, Sequence[str]]) -> str:
        """``scope`` linked to the lists its statements cite (the citing document's ``own``
        first; the lane's looked up only for what is cited)."""
        return linked_scope(scope, _Resolved(own, self))


@dataclass(frozen=True)
class _Resolved:
    """A citing document's view of the lane's lists (``citenexus.ingest.references.resolve``)."""

    own: Mapping[str, Sequence[str]]
    lane: LaneLists

    def get(self, key: str, /) -> Sequence[str] | None:
        return resolve(key, self.own, self.lane.holding(key))


def _relinked(units: Iterable[EvidenceUnit], lists: LaneLists) -> list[EvidenceUnit]:
    changed = []
    for unit in units:
        scope = lists.scope_of(unit.scope, unit.document.exclusion_lists)
        if scope != unit.scope:
            unit.scope = scope
            changed.append(unit)
    return changed


def references_link(*, document: Document, previous: Mapping[str, Sequence[str]]) -> int:
    """After ``document``'s text was written: store the lists it holds (and the definitions
    that narrow a term, ``Document.narrowed_terms``, read from the same text), and link again
    its own units and the lane's current units that may cite a list it holds now or held before
    (``previous``). Returns how many units changed.

    Runs inside the document's write transaction, one lane at a time (``_one_at_a_time``): two
    documents written at once, one citing a list the other holds, would each miss the other's
    uncommitted rows; the second to take the lock reads what the first committed."""
    _one_at_a_time(document.lane_id)
    document.exclusion_lists = exclusion_lists(document.content)
    document.narrowed_terms = narrowing_definitions(document.content)
    document.save(update_fields=["exclusion_lists", "narrowed_terms"])
    lists = LaneLists(document.lane_id)
    own = EvidenceUnit.objects.filter(document=document, current=True).exclude(scope="")
    units = list(own.select_related("document"))
    sections = {section_of(key) for key in (*document.exclusion_lists, *previous)}
    if sections:
        citing = Q()
        for section in sections:
            citing |= Q(scope__contains=section)
        others = EvidenceUnit.objects.filter(lane_id=document.lane_id, current=True).filter(citing)
        units += list(others.exclude(document=document).select_related("document"))
    changed = _relinked(units, lists)
    EvidenceUnit.objects.bulk_update(changed, ["scope"], batch_size=500)
    return len(changed)

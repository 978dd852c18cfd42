"""A Retriever whose units are of the lane's jurisdiction when their document names none.

For retrievers that do not know their lane (the in-memory store of the library facade); the
PostgreSQL adapter resolves the same rule as it reads rows. See ``citenexus.domain.jurisdiction``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from citenexus.domain.jurisdiction import unit_of_lane
from citenexus.domain.model import Correction, ScoredUnit, Unit
from citenexus.ports import Retriever


class LaneJurisdictionRetriever:
    """Wraps a Retriever; every unit it returns carries its effective jurisdiction."""

    def __init__(self, retriever: Retriever, lane_jurisdiction: str) -> None:
        self.retriever = retriever
        self.lane_jurisdiction = lane_jurisdiction

    def _hits(self, hits: Sequence[ScoredUnit]) -> list[ScoredUnit]:
        return [ScoredUnit(unit_of_lane(h.unit, self.lane_jurisdiction), h.score) for h in hits]

    def search_text(self, query: str, k: int) -> Sequence[ScoredUnit]:
        return self._hits(self.retriever.search_text(query, k))

    def search_vector(self, vector: Sequence[float], k: int) -> Sequence[ScoredUnit]:
        return self._hits(self.retriever.search_vector(vector, k))

    def units_by_key(self, keys: Sequence[str]) -> Mapping[str, Unit]:
        found = self.retriever.units_by_key(keys)
        return {key: unit_of_lane(unit, self.lane_jurisdiction) for key, unit in found.items()}

    def corrections_for(self, document_ids: Sequence[str]) -> Mapping[str, Sequence[Correction]]:
        return self.retriever.corrections_for(document_ids)


def of_lane(retriever: Retriever, lane_jurisdiction: str) -> Retriever:
    """``retriever`` as an ask must read it; itself when the lane has no jurisdiction."""
    if not (lane_jurisdiction or "").strip():
        return retriever
    return LaneJurisdictionRetriever(retriever, lane_jurisdiction)

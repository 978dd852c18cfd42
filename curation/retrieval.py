"""The Retriever port on PostgreSQL: full-text (GIN) and vector (HNSW) search within one lane.

Retrieval filters by lane and current version only — never by tier
(docs/design.md#retrieval-and-grounding): the floor is applied after grounding, by the domain's
``select_by_authority``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from citenexus.domain.jurisdiction import meta_of_lane
from citenexus.domain.model import Correction as DomainCorrection
from citenexus.domain.model import ScoredUnit, Unit, split_citation_key
from curation.models import Correction, Lane
from curation.vector_index import vector_cast

_WORD = re.compile(r"[A-Za-z0-9]+(?:[.'][A-Za-z0-9]+)*")
MAX_QUERY_TERMS = 32

_UNIT_COLUMNS = """
    u.ordinal, u.text, u.heading, u.scope, u.authority_meta, u.version,
    d.document_id, d.source_type, d.title
"""


def _unit(
    row: Sequence[Any], embedding: Sequence[float] | None = None, lane_jurisdiction: str = ""
) -> Unit:
    """A unit as an ask reads it: a document naming no jurisdiction is of the lane's
    (docs/design.md, "Applicability"), resolved here on every read rather than stored, since the
    lane's may change."""
    ordinal, text, heading, scope, meta, version, document_id, source_type, title = row[:9]
    if isinstance(meta, str):  # Django's psycopg setup hands jsonb back as text in raw SQL
        meta = json.loads(meta)
    authority = {str(k): str(v) for k, v in (meta or {}).items()}
    return Unit(
        document_id=document_id,
        ordinal=ordinal,
        text=text,
        heading=heading,
        scope=scope,
        authority_meta=meta_of_lane(authority, lane_jurisdiction),
        source_type=source_type,
        title=title,
        version=version,
        embedding=_floats(embedding) if embedding is not None else None,
    )


def or_tsquery_terms(query: str) -> list[str]:
    """The query's words as tsquery operands (OR-ed): a question rarely contains every word."""
    words = [w.lower() for w in _WORD.findall(query)]
    return list(dict.fromkeys(w.replace("'", "") for w in words if len(w) > 1))[:MAX_QUERY_TERMS]


# A full-text query whose estimated matches exceed this many times the cap reads the table in
# order instead of building the GIN bitmap (see ``_text_hits``).
DENSE = 10
_DENSE_SETTINGS = (
    ("enable_bitmapscan", "off"),
    ("synchronize_seqscans", "off"),
    ("max_parallel_workers_per_gather", "0"),
)
_DENSE_NAMES = [name for name, _ in _DENSE_SETTINGS]
_READ_SETTINGS = "SELECT " + ", ".join("current_setting(%s)" for _ in _DENSE_SETTINGS)
_SET_SETTINGS = "SELECT " + ", ".join("set_config(%s, %s, true)" for _ in _DENSE_SETTINGS)


class PostgresRetriever:
    """Search the current evidence units of one lane."""

    def __init__(self, lane: Lane, *, ef_search: int | None = None) -> None:
        self.lane = lane
        self.ef_search = int(ef_search or settings.CITENEXUS_HNSW_EF_SEARCH)

    def search_text(self, query: str, k: int) -> Sequence[ScoredUnit]:
        """Full-text hits, best first: every unit with all the words, then capped OR matches.

        A question rarely contains only words a unit has, so matching is OR; but scoring every
        row that shares one common word ("landlord") would rank most of a large lane. So units
        matching every word (selective, answered by the GIN index) come first, fully ranked, and
        only when they are fewer than ``k`` are OR matches scored. Each query ranks at most
        ``CITENEXUS_FTS_CANDIDATE_CAP`` matches: in a lane of a million units even "all the words"
        can match most rows. Below the cap this is exactly the OR ranking; above it, the OR
        query keeps the question's informative words (``_informative``), so the matches ranked
        are those that share the words that tell units apart, not the first ``cap`` in table order.
        """
        terms = or_tsquery_terms(query)
        if not terms:
            return []
        cap = int(settings.CITENEXUS_FTS_CANDIDATE_CAP)
        hits = self._text_hits(" & ".join(terms), k, cap=cap)
        if len(hits) < k:
            seen = {h.unit.key for h in hits}
            kept, estimate = self._informative(terms, cap)
            more = self._text_hits(" | ".join(kept), k, cap=cap, estimate=estimate)
            hits += [h for h in more if h.unit.key not in seen][: k - len(hits)]
        return hits

    def _informative(self, terms: list[str], cap: int) -> tuple[list[str], float | None]:
        """The OR query's words, without the commonest while the planner expects over ``cap``,
        and the planner's estimate of the kept words' matches (None if it was not asked).

        "How many days does a tenant have to return the deposit?" in a lane of 10,000 units:
        "days" is in 83% of them, "tenant" in 49%, and the OR of all the words matches 91%, so
        only an arbitrary ``cap`` of them (the first in table order) would be ranked. A word in
        most units says little about which unit answers (it is what inverse document frequency
        discounts), so the commonest words are dropped, one at a time, until the planner's
        estimate of the OR's matches fits under the cap; the rarest word always stays. Below
        the cap nothing is dropped, so small lanes rank exactly as before. Measured on the
        benchmark lane: 9,228 matches -> 3,087, the text query 67 -> 39 ms.
        """
        if len(terms) < 2:
            return terms, None
        with connection.cursor() as cursor:
            estimate = self._estimated_matches(cursor, " | ".join(terms))
            if estimate <= cap:
                return terms, estimate
            frequency = {t: self._estimated_matches(cursor, t) for t in terms}
            kept = list(terms)
            for term in sorted(terms, key=lambda t: (-frequency[t], t)):
                if len(kept) == 1:
                    break
                kept.remove(term)
                estimate = (
                    frequency[kept[0]]
                    if len(kept) == 1
                    else self._estimated_matches(cursor, " | ".join(kept))
                )
                if estimate <= cap:
                    break
        return kept, estimate

    def _text_hits(
        self, tsquery: str, k: int, *, cap: int | None, estimate: float | None = None
    ) -> list[ScoredUnit]:
        """Ranked matches of ``tsquery``; ``estimate`` is the planner's count of them when the
        caller already asked for it (the dense-scan choice needs it)."""
        limit = "LIMIT %s" if cap is not None else ""
        # Matches are ranked where they are read, and only the best ``k`` are joined to their
        # documents and columns: fetching and joining every match again cost a third of the
        # query (3,095 matches on the benchmark lane: 21 -> 14 ms).
        sql = f"""
            WITH q AS (SELECT to_tsquery('english', %s) AS query),
            matches AS (
                SELECT u.id, u.search FROM curation_evidenceunit u, q
                WHERE u.lane_id = %s AND u.current AND u.search @@ q.query
                {limit}
            ),
            best AS (
                SELECT matches.id, ts_rank_cd(matches.search, q.query, 32) AS score
                FROM matches, q
                ORDER BY score DESC, matches.id
                LIMIT %s
            )
            SELECT {_UNIT_COLUMNS}, best.score, u.embedding
            FROM best
            JOIN curation_evidenceunit u ON u.id = best.id
            JOIN curation_document d ON d.id = u.document_id
            ORDER BY best.score DESC, u.id
        """
        params: list[Any] = [tsquery, self.lane.pk]
        if cap is not None:
            params.append(cap)
        params.append(k)
        with transaction.atomic(), connection.cursor() as cursor:
            if cap is not None and estimate is None:
                estimate = self._estimated_matches(cursor, tsquery)
            dense = cap is not None and estimate is not None and estimate >= DENSE * cap
            before: list[str] = []
            if dense:
                # Words in most of the lane's units: reading the table until ``cap`` matches
                # turn up is far cheaper than a GIN bitmap of every match (at 1M units, 336 ->
                # 109 ms for a whole question). Rare words keep the index (a scan would read it all).
                # The first ``cap`` matches must be the same ones on every ask, so the scan starts
                # at the table's beginning (not where another scan is, synchronize_seqscans) and
                # runs in one process (parallel workers deliver rows in no fixed order).
                cursor.execute(_READ_SETTINGS, _DENSE_NAMES)
                before = list(cursor.fetchone())
                cursor.execute(_SET_SETTINGS, [x for pair in _DENSE_SETTINGS for x in pair])
            try:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
            finally:
                if before:  # the enclosing transaction (a request's, a test's) goes on unchanged
                    restore = zip(_DENSE_NAMES, before, strict=True)
                    cursor.execute(_SET_SETTINGS, [x for pair in restore for x in pair])
        return [
            ScoredUnit(self._unit_of_lane(row, _vector(row[10])), float(row[9])) for row in rows
        ]

    def _estimated_matches(self, cursor: Any, tsquery: str) -> float:
        """The planner's estimate (from the column's statistics) of the lane's units matching."""
        cursor.execute(
            "EXPLAIN (FORMAT JSON) SELECT 1 FROM curation_evidenceunit u"
            " WHERE u.lane_id = %s AND u.current AND u.search @@ to_tsquery('english', %s)",
            [self.lane.pk, tsquery],
        )
        plan = cursor.fetchone()[0]
        if isinstance(plan, str):
            plan = json.loads(plan)
        return float(plan[0]["Plan"]["Plan Rows"])

    def search_vector(self, vector: Sequence[float], k: int) -> Sequence[ScoredUnit]:
        cast = vector_cast(len(vector))
        literal = "[" + ",".join(f"{float(x):.7g}" for x in vector) + "]"
        select = f"""
            SELECT {_UNIT_COLUMNS}, 1 - (u.embedding::{cast} <=> %s::{cast}) AS score,
                   u.embedding
            FROM curation_evidenceunit u
            JOIN curation_document d ON d.id = u.document_id
            WHERE u.current AND u.lane_id = %s AND u.embedding IS NOT NULL
        """
        # Ordered by the distance expression, the HNSW index serves the query; ordered by the
        # score, no index can, and the lane is read exactly.
        nearest = f"{select} ORDER BY u.embedding::{cast} <=> %s::{cast} LIMIT %s"
        exact = f"{select} ORDER BY score DESC, u.id LIMIT %s"
        with transaction.atomic(), connection.cursor() as cursor:
            # SET LOCAL lasts for this transaction only. Iterative scans keep the lane filter from
            # starving the HNSW result when the lane is a small part of the index.
            cursor.execute(f"SET LOCAL hnsw.ef_search = {self.ef_search}")
            cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
            cursor.execute(nearest, [literal, self.lane.pk, literal, k])
            rows = cursor.fetchall()
            if len(rows) < k:
                # A scan can still stop short: its budget (hnsw.max_scan_tuples) spent on other
                # lanes' entries or on dead ones autovacuum has not cleared. Fewer than k rows
                # is also what a lane smaller than k gives, and reading such a lane is cheap.
                cursor.execute(exact, [literal, self.lane.pk, k])
                rows = cursor.fetchall()
        hits = [
            ScoredUnit(self._unit_of_lane(row, _vector(row[10])), float(row[9])) for row in rows
        ]
        hits.sort(key=lambda hit: hit.score, reverse=True)
        return hits

    def units_by_key(self, keys: Sequence[str]) -> Mapping[str, Unit]:
        pairs = [p for p in (split_citation_key(k) for k in keys) if p is not None]
        if not pairs:
            return {}
        sql = f"""
            SELECT {_UNIT_COLUMNS}, u.embedding
            FROM curation_evidenceunit u
            JOIN curation_document d ON d.id = u.document_id
            JOIN unnest(%s::text[], %s::int[]) AS k(document_id, ordinal)
              ON k.document_id = d.document_id AND k.ordinal = u.ordinal
            WHERE u.current AND u.lane_id = %s
        """
        with connection.cursor() as cursor:
            cursor.execute(sql, [[p[0] for p in pairs], [p[1] for p in pairs], self.lane.pk])
            rows = cursor.fetchall()
        units = [self._unit_of_lane(row, _vector(row[9])) for row in rows]
        return {unit.key: unit for unit in units}

    def _unit_of_lane(self, row: Sequence[Any], embedding: Sequence[float] | None) -> Unit:
        return _unit(row, embedding, self.lane.jurisdiction)

    def corrections_for(
        self, document_ids: Sequence[str]
    ) -> Mapping[str, Sequence[DomainCorrection]]:
        out: dict[str, list[DomainCorrection]] = {}
        corrections = Correction.objects.filter(
            document__lane=self.lane, document__document_id__in=list(document_ids), active=True
        ).select_related("document")
        for c in corrections:
            out.setdefault(c.document.document_id, []).append(
                DomainCorrection(
                    id=c.pk,
                    document_id=c.document.document_id,
                    text=c.text,
                    authority=c.authority,
                    author=c.author_name,
                    created_at=c.created_at.isoformat(),
                    active=c.active,
                )
            )
        return out


def _floats(values: Sequence[Any]) -> tuple[float, ...]:
    return values if isinstance(values, tuple) else tuple(map(float, values))


def _vector(value: Any) -> tuple[float, ...] | None:
    """A pgvector value as floats: its text form ("[0.1,0.2]") or a sequence (C-speed parsing:
    a 10k-unit ask reads up to a hundred 384-float vectors)."""
    if value is None:
        return None
    if isinstance(value, str):
        inner = value.strip("[] ")
        return tuple(map(float, inner.split(","))) if inner else ()
    return _floats(value)

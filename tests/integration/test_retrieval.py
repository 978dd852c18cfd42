"""The PostgreSQL retriever: lane and current version only, never tier; text and vector search."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.db import connection

from citenexus.domain.similarity import cosine
from curation.bootstrap import ports
from curation.models import EvidenceUnit
from curation.retrieval import PostgresRetriever, or_tsquery_terms
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db

DEPOSIT = "The landlord shall return the security deposit within 21 days after the tenant vacates."
NOTICE = "A landlord shall give at least 60 days notice to end a month-to-month tenancy."


def ingest(lane: Any, document_id: str, text: str, tier: str = "") -> None:
    document_ingest_text(
        lane=lane,
        document_id=document_id,
        text=text,
        source_type="documentary",
        actor="t",
        authority={"authority_tier": tier} if tier else {},
        may_assert=True,
    )


def test_text_search_finds_the_unit_and_carries_its_authority(lane: Any) -> None:
    ingest(lane, "deposit", DEPOSIT, tier="controlling-statute")
    ingest(lane, "notice", NOTICE)
    hits = PostgresRetriever(lane).search_text("How many days to return a security deposit?", 10)
    assert hits[0].unit.document_id == "deposit"
    assert hits[0].unit.key == "deposit#0"
    assert hits[0].unit.authority_meta["authority_tier"] == "controlling-statute"
    assert hits[0].score > 0


def test_vector_search_ranks_by_cosine_similarity(lane: Any) -> None:
    ingest(lane, "deposit", DEPOSIT)
    ingest(lane, "notice", NOTICE)
    vector = ports().embedder.embed([DEPOSIT])[0]
    hits = PostgresRetriever(lane).search_vector(vector, 10)
    assert [h.unit.document_id for h in hits][:1] == ["deposit"]
    assert hits[0].score == pytest.approx(1.0, abs=1e-3)
    assert hits[0].unit.embedding is not None and len(hits[0].unit.embedding) == 384


def test_retrieval_never_filters_by_tier(lane: Any) -> None:
    ingest(lane, "fl-deposit", DEPOSIT, tier="out-of-jurisdiction")
    retriever = PostgresRetriever(lane)
    assert [h.unit.document_id for h in retriever.search_text("security deposit", 5)] == [
        "fl-deposit"
    ]
    vector = ports().embedder.embed([DEPOSIT])[0]
    assert [h.unit.document_id for h in retriever.search_vector(vector, 5)] == ["fl-deposit"]


def test_another_lane_is_invisible_to_every_search(lane: Any, other_lane: Any) -> None:
    ingest(other_lane, "ny-deposit", DEPOSIT)
    retriever = PostgresRetriever(lane)
    assert retriever.search_text("security deposit", 5) == []
    assert retriever.search_vector(ports().embedder.embed([DEPOSIT])[0], 5) == []
    assert retriever.units_by_key(["ny-deposit#0"]) == {}


def test_vector_search_reads_the_lane_exactly_when_the_index_scan_comes_back_short(
    lane: Any, other_lane: Any
) -> None:
    # An HNSW scan that spends its budget before it reaches the lane's units (hundreds of
    # another lane's units nearer the query, or dead entries autovacuum has not cleared) must
    # not return nothing: the lane is read exactly instead. Index forced and budget cut on
    # purpose, so the short scan happens on a table this small.
    ingest(other_lane, "ny-deposit", DEPOSIT)
    near = EvidenceUnit.objects.get(lane=other_lane)
    copies = []
    for ordinal in range(1, 400):
        near.pk, near.ordinal = None, ordinal
        copies.append(copy.copy(near))
    EvidenceUnit.objects.bulk_create(copies)
    ingest(lane, "notice", NOTICE)
    vector = ports().embedder.embed([DEPOSIT])[0]
    with connection.cursor() as cursor:
        for setting in ("enable_seqscan", "enable_sort", "enable_bitmapscan"):
            cursor.execute(f"SET {setting} = off")
        cursor.execute("SET hnsw.max_scan_tuples = 1")
    hits = PostgresRetriever(lane, ef_search=1).search_vector(vector, 5)
    assert [h.unit.document_id for h in hits] == ["notice"]
    assert hits[0].unit.embedding is not None
    assert hits[0].score == pytest.approx(cosine(vector, hits[0].unit.embedding), abs=1e-4)


def test_only_the_current_version_is_retrieved(lane: Any) -> None:
    ingest(lane, "deposit", DEPOSIT)
    ingest(lane, "deposit", DEPOSIT.replace("21 days", "14 days"))
    retriever = PostgresRetriever(lane)
    texts = [h.unit.text for h in retriever.search_text("security deposit days", 10)]
    assert texts and all("14 days" in t for t in texts)
    assert retriever.units_by_key(["deposit#0"])["deposit#0"].version == 2


def test_units_by_key_ignores_malformed_and_unknown_keys(lane: Any) -> None:
    ingest(lane, "deposit", DEPOSIT)
    found = PostgresRetriever(lane).units_by_key(
        ["deposit#0", "deposit#9", "nonsense", "#1", "x#y"]
    )
    assert list(found) == ["deposit#0"]


@pytest.mark.parametrize(
    ("query", "terms"),
    [
        ("What's the notice?", ["whats", "the", "notice"]),
        ("!!! ???", []),
        ("§ 1946.1 (a)", ["1946.1"]),
        ("a b cc", ["cc"]),
    ],
)
def test_the_text_query_is_a_safe_or_of_words(query: str, terms: list[str]) -> None:
    assert or_tsquery_terms(query) == terms


def test_punctuation_and_operators_in_a_question_cannot_break_the_query(lane: Any) -> None:
    ingest(lane, "deposit", DEPOSIT)
    hits = PostgresRetriever(lane).search_text("deposit & | ! ( ) :* <-> 'quoted' \\", 5)
    assert [h.unit.document_id for h in hits] == ["deposit"]


def test_text_hits_carry_the_stored_embedding_for_the_embedding_judge(lane: Any) -> None:
    ingest(lane, "deposit", DEPOSIT)
    hit = PostgresRetriever(lane).search_text("security deposit", 5)[0]
    assert hit.unit.embedding is not None and len(hit.unit.embedding) == 384


def test_units_with_every_word_rank_first_and_or_matches_fill_up_to_k(lane: Any) -> None:
    ingest(lane, "both", "The landlord shall return the security deposit.")
    ingest(lane, "one", "A landlord may enter with notice.")
    hits = PostgresRetriever(lane).search_text("landlord security deposit", 5)
    assert [h.unit.document_id for h in hits] == ["both", "one"]


def test_or_matches_are_capped_so_a_common_word_does_not_rank_every_row(
    lane: Any, settings: Any
) -> None:
    settings.CITENEXUS_FTS_CANDIDATE_CAP = 2
    for n in range(5):
        ingest(lane, f"doc{n}", f"A landlord rule number {n} about fences.")
    hits = PostgresRetriever(lane).search_text("landlord tenant parking", 10)
    assert len(hits) == 2


def test_over_the_cap_the_or_query_keeps_the_rare_word_and_drops_the_common_one(
    lane: Any, settings: Any
) -> None:
    """Thirty units say "landlord", one says "deposit": with a cap of 5, ranking the first five
    "landlord" units in table order would never reach the deposit unit. The planner's
    statistics (after ANALYZE) say "landlord" is in most units, so the OR query drops it."""
    from django.db import connection

    settings.CITENEXUS_FTS_CANDIDATE_CAP = 5
    for n in range(30):
        ingest(lane, f"doc{n:02d}", f"A landlord rule number {n} about fences.")
    ingest(lane, "deposit", "The deposit goes back within 21 days.")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE curation_evidenceunit")
    retriever = PostgresRetriever(lane)
    assert retriever._informative(["landlord", "deposit"], 5)[0] == ["deposit"]
    # Under the cap nothing is dropped: small lanes rank every OR match as before.
    assert retriever._informative(["landlord", "deposit"], 1000)[0] == ["landlord", "deposit"]
    assert retriever._informative(["landlord"], 5)[0] == ["landlord"]
    hits = retriever.search_text("landlord deposit", 10)
    assert [h.unit.document_id for h in hits] == ["deposit"]


def test_units_with_every_word_are_capped_too(lane: Any, settings: Any) -> None:
    """In a huge lane "all the words" can match most rows; ranking stays bounded by the cap."""
    settings.CITENEXUS_FTS_CANDIDATE_CAP = 3
    for n in range(6):
        ingest(lane, f"doc{n}", f"A landlord must give notice, rule {n}.")
    hits = PostgresRetriever(lane).search_text("landlord notice", 10)
    # At most 3 AND matches are ranked; the OR query then adds at most 3 more, none repeated.
    assert 3 <= len(hits) <= 6
    assert len({h.unit.key for h in hits}) == len(hits)


def test_a_word_in_most_units_reads_the_table_and_leaves_the_setting_as_it_was(
    lane: Any, monkeypatch: Any
) -> None:
    """Dense matches skip the GIN bitmap for that query only; the results are the same."""
    from django.db import connection

    import curation.retrieval as retrieval

    for n in range(12):
        ingest(lane, f"doc{n}", f"A landlord must give notice, rule {n}.")
    retriever = PostgresRetriever(lane)
    sparse = [(h.unit.key, h.score) for h in retriever.search_text("landlord notice", 20)]
    with connection.cursor() as cursor:
        assert retriever._estimated_matches(cursor, "landlord & notic") > 0
    monkeypatch.setattr(retrieval, "DENSE", 0)  # every query counts as dense
    dense = [(h.unit.key, h.score) for h in retriever.search_text("landlord notice", 20)]
    assert sorted(dense) == sorted(sparse) and len(dense) == 12
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('enable_bitmapscan')")
        assert cursor.fetchone()[0] == "on"


SCAN_SETTINGS = (
    "SELECT current_setting('enable_bitmapscan'), current_setting('synchronize_seqscans'),"
    " current_setting('max_parallel_workers_per_gather')"
)


def test_a_dense_query_reads_the_same_first_matches_on_every_ask(
    lane: Any, monkeypatch: Any
) -> None:
    """The capped scan starts at the table's beginning in one process, so the first ``cap``
    matches (and the answer) do not depend on where another scan was or on parallel workers.
    At a million units both made the hits of the same question differ from ask to ask."""
    from django.db import connection

    import curation.retrieval as retrieval

    for n in range(6):
        ingest(lane, f"doc{n}", f"A landlord must give notice, rule {n}.")
    seen: list[tuple[str, ...]] = []

    def spy(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if "ts_rank_cd" in sql:
            context["cursor"].execute(SCAN_SETTINGS)
            seen.append(tuple(context["cursor"].fetchone()))
        return execute(sql, params, many, context)

    with connection.cursor() as cursor:
        cursor.execute(SCAN_SETTINGS)
        outside = tuple(cursor.fetchone())
    retriever = PostgresRetriever(lane)
    monkeypatch.setattr(retrieval, "DENSE", 0)  # every query counts as dense
    with connection.execute_wrapper(spy):
        retriever.search_text("landlord notice", 20)
    assert seen and all(s == ("off", "off", "0") for s in seen)
    with connection.cursor() as cursor:
        cursor.execute(SCAN_SETTINGS)
        assert tuple(cursor.fetchone()) == outside != ("off", "off", "0")

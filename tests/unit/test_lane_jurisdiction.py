"""Jurisdiction from the lane: a document naming none is of its lane's, read, never stored."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from citenexus import CiteNexus
from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.applicability import QuestionScope
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.jurisdiction import (
    Jurisdiction,
    document_jurisdiction,
    meta_of_lane,
    unit_of_lane,
)
from citenexus.domain.model import RefusalCode, Unit
from citenexus.pipeline.lane_jurisdiction import LaneJurisdictionRetriever, of_lane
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    LEGAL_TIERS,
    ContainmentJudge,
    WordHashEmbedder,
)

TEXAS = "What is the notice period to end a month-to-month tenancy in Texas?"
CALIFORNIA = "What notice must an owner give to end a month-to-month tenancy in California?"
NOTICE = EXAMPLE_DOCUMENTS[0][1]  # a month-to-month notice rule (60 and 30 days)


def unit(meta: Mapping[str, str]) -> Unit:
    return Unit("doc", 0, "text", authority_meta=meta)


@pytest.mark.parametrize(
    ("meta", "lane", "expected"),
    [
        ({"jurisdiction": "TX"}, "CA", Jurisdiction("TX")),
        ({}, "CA", Jurisdiction("CA", inherited=True)),
        ({"jurisdiction": "  "}, "CA", Jurisdiction("CA", inherited=True)),
        ({"authority_tier": "statute"}, " CA ", Jurisdiction("CA", inherited=True)),
        ({}, "", Jurisdiction()),
        ({"jurisdiction": "US"}, "", Jurisdiction("US")),
    ],
)
def test_a_document_is_of_its_own_jurisdiction_else_of_the_lanes(
    meta: dict[str, str], lane: str, expected: Jurisdiction
) -> None:
    assert document_jurisdiction(meta, lane) == expected


def test_an_inherited_jurisdiction_is_labelled_as_coming_from_the_lane() -> None:
    assert Jurisdiction("CA", inherited=True).label == "CA, from the lane"
    assert Jurisdiction("TX").label == "TX"
    assert Jurisdiction().label == ""


def test_the_lanes_jurisdiction_is_filled_in_without_touching_the_stored_metadata() -> None:
    stored = {"authority_tier": "statute", "label": "Civ. Code 1946.1"}
    assert meta_of_lane(stored, "CA") == {**stored, "jurisdiction": "CA"}
    assert stored == {"authority_tier": "statute", "label": "Civ. Code 1946.1"}


def test_metadata_with_nothing_to_inherit_comes_back_as_it_is() -> None:
    own = {"jurisdiction": "TX"}
    assert meta_of_lane(own, "CA") is own
    bare: dict[str, str] = {}
    assert meta_of_lane(bare, "") is bare
    same = unit(own)
    assert unit_of_lane(same, "CA") is same


def test_a_document_naming_no_jurisdiction_in_a_california_lane_does_not_answer_for_texas() -> None:
    scope = QuestionScope.parse(TEXAS, "CA")
    assert scope.exclusion_reason(unit({})) is None  # what applicability alone would say
    reason = scope.exclusion_reason(unit_of_lane(unit({}), "CA"))
    assert reason is not None and "CA" in reason


def test_a_document_naming_no_jurisdiction_answers_for_its_lanes_state() -> None:
    scope = QuestionScope.parse(CALIFORNIA, "CA")
    assert scope.exclusion_reason(unit_of_lane(unit({}), "CA")) is None
    unnamed = QuestionScope.parse("What notice ends a month-to-month tenancy?", "CA")
    assert unnamed.exclusion_reason(unit_of_lane(unit({}), "CA")) is None


@pytest.mark.parametrize("nationwide", ["US", "federal", "United States"])
def test_a_nationwide_source_applies_to_every_state(nationwide: str) -> None:
    source = unit_of_lane(unit({"jurisdiction": nationwide}), "CA")
    for question in (TEXAS, CALIFORNIA):
        assert QuestionScope.parse(question, "CA").exclusion_reason(source) is None


def test_in_a_nationwide_lane_a_document_naming_none_applies_to_every_state() -> None:
    source = unit_of_lane(unit({}), "US")
    assert QuestionScope.parse(TEXAS, "US").exclusion_reason(source) is None


def store_with(*docs: tuple[str, str, Mapping[str, str]]) -> MemoryStore:
    store = MemoryStore(WordHashEmbedder())
    for document_id, text, authority in docs:
        store.add_document(document_id, [Piece(text)], authority=authority)
    return store


def test_the_retriever_of_a_lane_reads_every_unit_with_its_effective_jurisdiction() -> None:
    store = store_with(
        ("bare", NOTICE, {"authority_tier": "statute"}),
        ("texan", NOTICE + " Texas.", {"authority_tier": "statute", "jurisdiction": "TX"}),
    )
    retriever = of_lane(store, "CA")
    assert isinstance(retriever, LaneJurisdictionRetriever)
    by_key = retriever.units_by_key(["bare#0", "texan#0"])
    assert by_key["bare#0"].authority_meta["jurisdiction"] == "CA"
    assert by_key["texan#0"].authority_meta["jurisdiction"] == "TX"
    hits = retriever.search_text("month-to-month notice", 5)
    assert {h.unit.document_id: h.unit.authority_meta["jurisdiction"] for h in hits} == {
        "bare": "CA",
        "texan": "TX",
    }
    vector = WordHashEmbedder().embed(["notice"])[0]
    assert all("jurisdiction" in h.unit.authority_meta for h in retriever.search_vector(vector, 5))
    assert "jurisdiction" not in store.units["bare#0"].authority_meta  # stored as given


def test_a_lane_without_a_jurisdiction_reads_its_store_unchanged() -> None:
    store = store_with(("bare", NOTICE, {}))
    assert of_lane(store, "") is store
    assert of_lane(store, "  ") is store


class Config:
    def __init__(self, jurisdiction: str, minimum: str | None = "general-statute") -> None:
        self.jurisdiction, self.minimum = jurisdiction, minimum

    def policy(self) -> AuthorityPolicy:
        return AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier=self.minimum)


def facade(config: Config, *docs: tuple[str, str, Mapping[str, str]]) -> CiteNexus:
    rag = CiteNexus(config, embedder=WordHashEmbedder(), judges=[ContainmentJudge()])
    for document_id, text, authority in docs:
        rag.ingest(text, document_id=document_id, authority=authority)
    return rag


def without_jurisdiction() -> list[tuple[str, str, Mapping[str, str]]]:
    """The example lane loaded from a CSV with no jurisdiction column."""
    return [
        (d, text, {k: v for k, v in meta.items() if k != "jurisdiction"})
        for d, text, meta in EXAMPLE_DOCUMENTS
    ]


def test_a_texas_question_is_not_answered_from_a_california_lanes_unmarked_statutes() -> None:
    answer = facade(Config("CA", minimum=None), *without_jurisdiction()).ask(TEXAS)
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.NOT_APPLICABLE
    assert not [c for c in answer.claims if c.citations]
    excluded = {row["document_id"] for row in answer.evidence.inapplicable}
    assert "ca-civ-1946-1" in excluded


def test_the_same_corpus_in_a_lane_with_no_jurisdiction_still_applies_everywhere() -> None:
    answer = facade(Config("", minimum=None), *without_jurisdiction()).ask(TEXAS)
    assert answer.status == "answered"


def test_a_texas_source_below_the_floor_is_withheld_and_named() -> None:
    texan = (
        "tx-blog",
        NOTICE.replace("owner", "Texas owner"),
        {"authority_tier": "secondary-blog", "jurisdiction": "TX"},
    )
    answer = facade(Config("CA"), *without_jurisdiction(), texan).ask(TEXAS)
    assert answer.refusal is not None
    assert answer.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert answer.evidence.withheld == ("tx-blog",)


def test_a_nationwide_source_answers_a_question_about_the_lanes_state() -> None:
    federal = ("us-notice", NOTICE, {"authority_tier": "statute", "jurisdiction": "US"})
    answer = facade(Config("CA"), federal).ask(CALIFORNIA)
    assert answer.status == "answered"
    assert all(c.attributed_to == "us-notice#0" for c in answer.claims if c.attributed_to)

"""What the generator is handed (docs/design.md#hand-over): the top ``generate_k`` of the
selection, in the selection's order, of those within the hand-over margin of the most relevant
selected candidate that meets the floor. No database: candidates, pools and an in-memory lane."""

from __future__ import annotations

import pytest

from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityPolicy, TrustMode, select_by_authority
from citenexus.domain.model import Candidate, Unit
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask
from citenexus.pipeline.pool import Pool, pool_of
from citenexus.pipeline.retrieval import Gathered
from citenexus.ports import Generator
from tests.support.fakes import LEGAL_TIERS, ContainmentJudge, FixedGenerator, WordHashEmbedder

POLICY = AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute")


def candidate(document_id: str, tier: str, relevance: float) -> Candidate:
    unit = Unit(document_id, 0, "A rule.", authority_meta={"authority_tier": tier})
    return Candidate(unit, POLICY.tier(unit.authority_meta), relevance)


def pooled(candidates: list[Candidate], mode: str = "strict", queries: int = 1) -> Pool:
    """The pool of ``queries`` sub-queries that each found ``candidates``."""
    parsed = TrustMode.parse(mode)
    found = [
        Gathered(
            grounded=list(candidates), selection=select_by_authority(candidates, POLICY, parsed)
        )
        for _ in range(queries)
    ]
    return pool_of(found, POLICY, parsed, [f"q{i}" for i in range(queries)])


def documents(handed: list[Candidate]) -> list[str]:
    return [c.unit.document_id for c in handed]


CONTROLLING = candidate("controlling", "controlling-statute", 0.5)
STATUTE = candidate("statute", "statute", 0.9)
OTHER_STATUTE = candidate("other-statute", "statute", 0.75)
BLOG = candidate("blog", "secondary-blog", 0.95)


def test_without_a_margin_the_top_of_the_selection_is_handed_over_in_tier_order() -> None:
    pool = pooled([STATUTE, OTHER_STATUTE, CONTROLLING])
    assert documents(pool.top(8)) == ["controlling", "statute", "other-statute"]
    assert documents(pool.top(2)) == ["controlling", "statute"]


def test_a_margin_hands_over_only_what_comes_within_it_of_the_best_standing_unit() -> None:
    pool = pooled([STATUTE, OTHER_STATUTE, CONTROLLING])
    assert documents(pool.top(8, 0.2)) == ["statute", "other-statute"]
    # the bar is inclusive: 0.9 - 0.4 = 0.5 keeps the controlling statute, still first
    assert documents(pool.top(8, 0.4)) == ["controlling", "statute", "other-statute"]
    assert documents(pool.top(8, 0.1)) == ["statute"]
    # the margin only narrows: generate_k still caps what is handed over, and the unit that
    # sets the bar is always one of them
    assert documents(pool.top(1, 0.4)) == ["statute"]
    assert documents(pool.top(2, 0.4)) == ["controlling", "statute"]
    # what was selected stays selected (judged, attributable); only the hand-over narrows
    assert documents(pool.selected) == ["controlling", "statute", "other-statute"]


def test_units_of_a_higher_tier_never_crowd_out_the_one_that_reads_most_like_the_question() -> None:
    # Eight controlling units that only mention the question's words would fill the hand-over
    # ahead of the statute that answers it (privacy A11: "Who may enforce ...?").
    controlling = [candidate(f"controlling-{n}", "controlling-statute", 0.62) for n in range(8)]
    pool = pooled([*controlling, candidate("statute", "statute", 0.72)])
    handed = documents(pool.top(8, 0.2))
    assert len(handed) == 8 and handed[-1] == "statute"
    assert handed[:7] == [f"controlling-{n}" for n in range(7)]  # still in tier order
    # Without a margin the top of the selection is handed over as it stands.
    assert "statute" not in documents(pool.top(8))
    # Already among them, nothing is swapped.
    assert documents(pool.top(9, 0.2)) == [*(f"controlling-{n}" for n in range(8)), "statute"]


def test_a_unit_below_the_floor_never_sets_the_bar() -> None:
    # normal mode keeps the blog in the selection, last; it reads most like the question
    pool = pooled([BLOG, OTHER_STATUTE, CONTROLLING], mode="normal")
    assert documents(pool.selected) == ["controlling", "other-statute", "blog"]
    assert pool.standing == {"controlling#0", "other-statute#0"}
    # the bar is 0.75 - 0.2, from the statute, not 0.95 - 0.2 from the blog
    assert documents(pool.top(8, 0.2)) == ["other-statute", "blog"]
    assert documents(pool.top(8, 0.3)) == ["controlling", "other-statute", "blog"]


def test_with_nothing_of_standing_selected_the_selection_is_handed_over_as_it_stands() -> None:
    weak_blog = candidate("weak-blog", "secondary-blog", 0.6)
    pool = pooled([BLOG, weak_blog], mode="normal")
    assert pool.standing == frozenset()
    assert documents(pool.top(8, 0.2)) == ["blog", "weak-blog"]
    assert pooled([], mode="normal").top(8, 0.2) == []


def test_a_lane_without_a_floor_has_no_bar_and_keeps_its_tier_order() -> None:
    # no floor: the lane does not say which tiers can answer alone, so a blog that reads more
    # like the question must not push the statutes out of what the answer is drafted from
    unfloored = AuthorityPolicy.ordered(LEGAL_TIERS)
    found = [candidate("blog", "secondary-blog", 0.95), candidate("statute", "statute", 0.5)]
    strict = TrustMode.parse("strict")
    gathered = Gathered(grounded=found, selection=select_by_authority(found, unfloored, strict))
    pool = pool_of([gathered], unfloored, strict, ["q"])
    assert pool.standing == frozenset()
    assert documents(pool.top(8, 0.2)) == ["statute", "blog"]


def test_every_strategy_records_which_selected_units_meet_the_floor() -> None:
    assert pooled([STATUTE, BLOG]).standing == {"statute#0"}  # strict withheld the blog
    deep = pooled([STATUTE, BLOG, CONTROLLING], mode="normal", queries=2)
    assert deep.standing == {"statute#0", "controlling#0"}
    assert documents(deep.top(8, 0.2)) == ["statute", "blog"]


def test_the_candidate_rows_mark_as_generated_only_what_was_handed_over() -> None:
    pool = pooled([STATUTE, OTHER_STATUTE, CONTROLLING])
    pool.candidates = [STATUTE, OTHER_STATUTE, CONTROLLING]
    stages = {row["document_id"]: row["stage"] for row in pool.rows(8, 0.2)}
    assert stages == {
        "statute": "generated",
        "other-statute": "generated",
        "controlling": "selected",
    }
    assert {row["stage"] for row in pool.rows(8)} == {"generated"}


@pytest.mark.parametrize("margin", [0, -0.1, 1.5, "0.2"])
def test_a_handover_margin_is_none_or_a_number_in_the_unit_interval(margin: object) -> None:
    with pytest.raises(ValueError, match="handover_margin"):
        PipelineSettings(handover_margin=margin)  # type: ignore[arg-type]


# End to end in memory: a controlling rule on another matter is selected first but not handed over.
PENALTY_RULE = (
    "A person who violates this part is liable for a civil penalty of not more than $20,000 for "
    "each violation."
)
RECORDS_RULE = "A person must keep its records of each request."
QUESTION = "What civil penalty is a person liable for, for each violation of this part?"


def lane() -> MemoryStore:
    store = MemoryStore(WordHashEmbedder())
    store.add_document(
        "records", [Piece(RECORDS_RULE)], authority={"authority_tier": "controlling-statute"}
    )
    store.add_document("penalties", [Piece(PENALTY_RULE)], authority={"authority_tier": "statute"})
    return store


def asked(margin: float | None, generator: Generator) -> Answer:
    return ask(
        QUESTION,
        retriever=lane(),
        embedder=WordHashEmbedder(),
        generator=generator,
        judges=[ContainmentJudge()],
        policy=POLICY,
        mode="strict",
        settings=PipelineSettings(ground_threshold=0.05, handover_margin=margin),
    )


def test_the_margin_decides_what_the_generator_is_handed_end_to_end() -> None:
    generator = FixedGenerator()
    answer = asked(None, generator)
    relevance = {c["document_id"]: c["relevance"] for c in answer.candidates}
    assert relevance["penalties"] - relevance["records"] > 0.2
    assert generator.calls[0][1] == ("records#0", "penalties#0")  # tier order, both handed over
    generator = FixedGenerator()
    answer = asked(0.2, generator)
    assert generator.calls[0][1] == ("penalties#0",)
    stages = {c["document_id"]: c["stage"] for c in answer.candidates}
    assert stages == {"penalties": "generated", "records": "selected"}
    # the extractive generator then quotes the penalty, not the records rule
    answer = asked(0.2, ExtractiveGenerator())
    assert answer.status == "answered"
    assert "$20,000" in answer.text and "records" not in answer.text

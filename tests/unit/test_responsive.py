"""A draft that does not answer, while a stage removed the evidence that does, is refused."""

from __future__ import annotations

import pytest

from citenexus.domain.authority import AuthorityPolicy, AuthorityTier
from citenexus.domain.model import Candidate, Draft, RefusalCode, Segment, Unit
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask
from citenexus.pipeline.responsive import best_sentence, removed_answer
from tests.support.fakes import LEGAL_TIERS, ContainmentJudge, WordHashEmbedder, memory_lane

QUESTION = "Must landlords pay interest on security deposits in every city?"
FORUM_TEXT = "Hi all. Landlords must pay interest on security deposits in every city of the state."
STATUTE_TEXT = (
    "A landlord may demand a security deposit. The deposit secures unpaid rent and cleaning."
)
FLOORED = AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute")


def candidate(document_id: str, text: str, relevance: float = 0.5) -> Candidate:
    return Candidate(Unit(document_id, 0, text), AuthorityTier(1, "t"), relevance)


def draft(*texts: str) -> Draft:
    return Draft(tuple(Segment(t, ("statute#0",)) for t in texts))


def test_the_removed_sentence_compared_is_the_one_the_generator_would_quote() -> None:
    assert best_sentence(QUESTION, FORUM_TEXT) == (
        "Landlords must pay interest on security deposits in every city of the state."
    )
    assert best_sentence(QUESTION, "Too short.") is None


def test_a_withheld_source_that_answers_far_better_names_the_floor() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    found = removed_answer(
        QUESTION, draft("A landlord may demand a security deposit."), removed, WordHashEmbedder(),
        margin=0.3,
    )  # fmt: skip
    assert found is not None
    assert found.code is RefusalCode.BELOW_AUTHORITY_FLOOR and found.document_id == "forum"
    assert found.similarity - found.draft_similarity >= 0.3
    assert "forum (withheld by the floor)" in found.detail


def test_within_the_margin_the_draft_stands() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    answering = draft("Landlords must pay interest on security deposits in every city.")
    assert removed_answer(QUESTION, answering, removed, WordHashEmbedder(), margin=0.3) is None
    weak = draft("A landlord may demand a security deposit.")
    assert removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=1.5) is None


def test_nothing_removed_or_nothing_drafted_is_no_refusal() -> None:
    embedder = WordHashEmbedder()
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("tx", FORUM_TEXT))]
    assert removed_answer(QUESTION, draft("A deposit."), [], embedder, margin=0.1) is None
    assert removed_answer(QUESTION, Draft(()), removed, embedder, margin=0.1) is None


def test_the_best_removed_sentence_decides_the_code() -> None:
    removed = [
        (RefusalCode.NOT_APPLICABLE, candidate("tx", "Deposits are returned within thirty days.")),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT)),
    ]
    found = removed_answer(
        QUESTION, draft("A landlord may demand a deposit."), removed, WordHashEmbedder(), margin=0.2
    )
    assert found is not None and found.code is RefusalCode.BELOW_AUTHORITY_FLOOR


def test_only_the_first_units_of_each_stage_are_compared() -> None:
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("a", "Rent is due on the first day.")),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("b", FORUM_TEXT)),
    ]
    weak = draft("A landlord may demand a deposit.")
    assert (
        removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3, per_stage=1) is None
    )
    assert removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3, per_stage=2)


LANE = [
    (
        "ca-civ-1950-5",
        STATUTE_TEXT,
        {"authority_tier": "controlling-statute", "jurisdiction": "CA"},
    ),
    ("tenant-forum", FORUM_TEXT, {"authority_tier": "secondary-blog", "jurisdiction": "CA"}),
]


def run(mode: str, margin: float | None):
    return ask(
        QUESTION,
        retriever=memory_lane(LANE),
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode=mode,
        settings=PipelineSettings(ground_threshold=0.1, removed_answer_margin=margin),
        lane_jurisdiction="CA",
    )


def test_strict_refuses_the_statute_quote_when_only_the_withheld_forum_answers() -> None:
    answer = run("strict", 0.3)
    assert answer.status == "refused"
    assert answer.refusal is not None
    assert answer.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert "tenant-forum (withheld by the floor)" in answer.refusal.message
    assert "responsive" in answer.evidence.timings_ms
    assert answer.draft is not None  # what would have been said is kept for the reviewer


def test_without_the_margin_or_outside_strict_mode_the_statute_is_quoted() -> None:
    assert run("strict", None).status == "answered"  # the check is off
    normal = run("normal", 0.3)  # the floor withholds nothing in normal mode
    assert normal.status == "answered" and not normal.evidence.withheld


@pytest.mark.parametrize("margin", [0.0, -0.1, 2.5, "0.3"])
def test_the_margin_must_be_a_positive_number(margin: object) -> None:
    with pytest.raises(ValueError, match="removed_answer_margin"):
        PipelineSettings(removed_answer_margin=margin)  # type: ignore[arg-type]


def test_an_inapplicable_source_that_answers_far_better_names_applicability() -> None:
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("tx-statute", FORUM_TEXT))]
    weak = draft("A landlord may demand a security deposit.")
    found = removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3)
    assert found is not None and found.code is RefusalCode.NOT_APPLICABLE
    assert found.detail.startswith("tx-statute (not applicable) answers the question")

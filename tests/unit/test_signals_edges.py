"""The signals a reviewer reads beside an answer, at their edges (pipeline/signals.py), and the
notes composition adds (domain/compose.py): a refusal before anything was found, a refusal
after judging that still had useful claims, documents withheld for authority that retrieval
never found, judge failures counted per pair, ties between tiers, and the closing notes."""

from __future__ import annotations

import pytest

from citenexus.domain.answer import ClaimResult
from citenexus.domain.authority import AuthorityTier
from citenexus.domain.compose import compose, compose_refusal
from citenexus.domain.model import ClaimStatus, Refusal, RefusalCode, Segment
from citenexus.pipeline import ask, verify
from citenexus.pipeline.signals import groundedness_rate, weakest_cited_tier
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    NOTICE,
    STATUTE_CLAIM,
    ContainmentJudge,
    DownJudge,
    WordHashEmbedder,
    memory_lane,
)

PETS = ("pets-blog", "Pets may stay when the owner agrees in writing.", {"authority_tier": "secondary-blog", "jurisdiction": "CA"})  # fmt: skip


def checked(segments, documents=EXAMPLE_DOCUMENTS, judges=None, question=NOTICE):
    return verify(
        question,
        segments,
        retriever=memory_lane(documents),
        embedder=WordHashEmbedder(),
        judges=judges or [ContainmentJudge()],
        policy=FLOORED,
        mode="strict",
        lane="ca-housing",
        lane_jurisdiction="CA",
    )


def test_a_refusal_before_retrieval_reports_nothing_found_and_nothing_grounded() -> None:
    answer = ask(
        "Какое уведомление нужно дать?",
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        generator=None,  # type: ignore[arg-type]  # never reached
        judges=[ContainmentJudge()],
        policy=FLOORED,
        lane="ca-housing",
    )
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.UNSUPPORTED_SCRIPT
    evidence = answer.evidence
    assert (evidence.retrieved, evidence.grounded, evidence.selected) == (0, 0, 0)
    assert evidence.groundedness_rate == 0.0 and evidence.citation_rate == 0.0
    assert (evidence.authority_tier, evidence.invariants_verified) == ("", ())


def test_a_refusal_after_judging_names_no_tier_and_no_invariant_whatever_it_kept() -> None:
    # One claim kept from the controlling statute, one laundered through it (only the forum,
    # withheld by the floor, says so): strict mode refuses the whole answer.
    laundered = "A landlord may keep the whole security deposit to repaint the apartment."
    answer = checked(
        [Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0",)), Segment(laundered, ("ca-civ-1950-5#0",))],
        question="May a landlord keep the whole security deposit to repaint the apartment?",
    )
    assert answer.refusal is not None
    assert answer.refusal.code is RefusalCode.CITATION_LAUNDERING
    assert [c.useful for c in answer.claims] == [True, False]
    evidence = answer.evidence
    assert (evidence.authority_tier, evidence.invariants_verified) == ("", ())
    assert evidence.groundedness_rate == 0.5  # the statute's claim grounded, the laundered not
    assert evidence.citation_rate == 1.0


def test_an_answer_given_names_its_weakest_tier_and_the_invariants_it_kept() -> None:
    answer = checked([Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0",))])
    assert answer.status == "answered"
    assert answer.evidence.authority_tier == "controlling-statute"
    assert answer.evidence.invariants_verified == ("I1", "I4")


def test_a_document_withheld_for_authority_is_listed_though_retrieval_never_found_it() -> None:
    # The pets post shares no word with the question: never grounded, so never withheld by the
    # floor; the claim citing it is dropped for authority, and its document is listed.
    pets_claim = "Pets may stay when the owner agrees in writing."
    answer = checked(
        [Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0",)), Segment(pets_claim, ("pets-blog#0",))],
        documents=[*EXAMPLE_DOCUMENTS, PETS],
    )
    assert "pets-blog" in answer.evidence.withheld
    assert answer.evidence.authority_floor_applied is True


def test_judge_failures_are_counted_per_judge_over_every_pair_it_failed() -> None:
    # Cited units are always judged in full: each down judge fails on both.
    answer = checked(
        [Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0", "fl-stat-83-57#0"))],
        judges=[DownJudge("llm"), DownJudge("remote"), ContainmentJudge()],
    )
    (claim,) = answer.claims
    pairs = len({f.key for f in claim.judges_failed if f.judge == "llm"})
    assert pairs >= 2
    assert list(answer.evidence.judges_failed) == [
        {"judge": "llm", "pairs": pairs},
        {"judge": "remote", "pairs": pairs},
    ]


def test_the_groundedness_rate_needs_one_judged_flag_per_claim() -> None:
    claim = ClaimResult("A rule.", ClaimStatus.KEPT, ("a#0",), supported_by=("a#0",))
    assert groundedness_rate([claim, claim], [True, False]) == 1.0
    with pytest.raises(ValueError):
        groundedness_rate([claim], [True, True])


def test_of_tiers_of_equal_rank_the_first_cited_is_named() -> None:
    claim = ClaimResult("A rule.", ClaimStatus.KEPT, ("a#0", "b#0"))
    tiers = {"a#0": AuthorityTier(-1, "zeta-unknown"), "b#0": AuthorityTier(-1, "alpha-unknown")}
    assert weakest_cited_tier([claim], tiers, FLOORED) == "zeta-unknown"


def test_an_unresolved_conflict_lists_each_side_after_the_message() -> None:
    refusal = Refusal.of(RefusalCode.UNRESOLVED_CONFLICT)
    text = compose_refusal(refusal, [("30 days", "a#0"), ("60 days", "b#1")])
    assert text == (
        "Sources of equal authority disagree on the value asked for. "
        "Sources disagree on this value: a#0 states 30 days; b#1 states 60 days."
    )


def test_a_claim_dropped_without_a_reason_is_counted_without_one() -> None:
    kept = ClaimResult("A rule.", ClaimStatus.KEPT, ("a#0",), attributed_to="a#0")
    plain = ClaimResult("Another.", ClaimStatus.DROPPED, ("b#0",))
    because = ClaimResult("A third.", ClaimStatus.DROPPED, ("c#0",), caveat="no source says so")
    assert compose([kept, plain, because, plain]) == (
        "A rule. [a#0]\n\nLeft out: 2 claim(s). Left out: 1 claim(s) because no source says so."
    )

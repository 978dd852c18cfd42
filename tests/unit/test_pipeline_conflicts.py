"""Judging a draft settles conflicts among its useful claims: the value the question asks for,
stated by sources of unequal rank, resolves to the stronger one (docs/design.md#conflicts)."""

from __future__ import annotations

from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import ClaimStatus, Segment
from citenexus.domain.recovery import CAVEAT_LOST_CONFLICT
from citenexus.pipeline import verify
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    LEGAL_TIERS,
    ContainmentJudge,
    WordHashEmbedder,
    memory_lane,
)

STATUTE = Segment(
    "The landlord must return the remaining deposit within 21 days after the tenant moves out.",
    ("ca-civ-1950-5#0",),
)
FORUM = Segment("My landlord returned the deposit after 45 days.", ("tenant-forum-post#0",))
DAYS = "Within how many days must the landlord return the deposit?"


def check(question: str, mode: str) -> Answer:
    return verify(
        question,
        [STATUTE, FORUM],
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        mode=mode,
        lane_jurisdiction="CA",
    )


def test_the_weaker_value_loses_to_the_stronger_in_normal_mode() -> None:
    answer = check(DAYS, "normal")
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "21 days"
    assert conflict["overridden"] == ["tenant-forum-post#0"]
    assert [v["key"] for v in conflict["values"]] == ["ca-civ-1950-5#0", "tenant-forum-post#0"]
    statute, forum = answer.claims
    assert statute.status is ClaimStatus.KEPT
    assert forum.status is ClaimStatus.DROPPED
    assert forum.caveat == CAVEAT_LOST_CONFLICT


def test_a_claim_already_dropped_takes_no_part_in_a_conflict() -> None:
    answer = check(DAYS, "strict")  # the forum claim is dropped below the floor first
    assert answer.evidence.conflicts == ()
    assert "tenant-forum-post" in answer.evidence.withheld


def test_a_question_that_asks_no_value_has_no_conflict() -> None:
    answer = check("Must the landlord return the deposit?", "normal")
    assert answer.evidence.conflicts == ()
    statute, forum = answer.claims
    assert forum.status is ClaimStatus.HEDGED


def verify_normal(segments: list[Segment]) -> Answer:
    return verify(
        DAYS,
        segments,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        mode="normal",
        lane_jurisdiction="CA",
    )


def test_an_uncited_claim_states_its_value_for_the_strongest_unit_that_supports_it() -> None:
    answer = verify_normal([Segment(STATUTE.text, ()), FORUM])
    statute, forum = answer.claims
    assert statute.attributed_to is None and statute.supported_by == ("ca-civ-1950-5#0",)
    (conflict,) = answer.evidence.conflicts
    assert [v["key"] for v in conflict["values"]] == ["ca-civ-1950-5#0", "tenant-forum-post#0"]
    assert conflict["resolved_to"] == "21 days"
    assert forum.status is ClaimStatus.DROPPED and forum.caveat == CAVEAT_LOST_CONFLICT


def test_a_dropped_claim_before_them_does_not_hide_the_later_claims_conflict() -> None:
    unsupported = Segment("The tenant must pay rent.", ())
    answer = verify_normal([unsupported, STATUTE, FORUM])
    dropped, statute, forum = answer.claims
    assert dropped.status is ClaimStatus.DROPPED
    (conflict,) = answer.evidence.conflicts
    assert conflict["overridden"] == ["tenant-forum-post#0"]
    assert (statute.status, forum.status) == (ClaimStatus.KEPT, ClaimStatus.DROPPED)

"""Judging a draft settles conflicts among its useful claims: the value the question asks for,
stated by sources of unequal rank, resolves to the stronger one (docs/design.md#conflicts)."""

from __future__ import annotations

from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import ClaimStatus, Segment
from citenexus.domain.recovery import CAVEAT_CONFLICT_HEDGED, CAVEAT_LOST_CONFLICT
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
    # Its judgments show the uncited unit that supports it.
    assert [j.key for j in statute.judgments] == ["ca-civ-1950-5#0"]
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


def deposit_rule(document_id: str, days: int, **meta: str) -> tuple[str, str, dict[str, str]]:
    text = f"The landlord must return the remaining deposit within {days} days after the tenant moves out."
    return document_id, text, {"authority_tier": "statute", **meta}


def citing(document_id: str, days: int) -> Segment:
    return Segment(deposit_rule(document_id, days)[1], (f"{document_id}#0",))


def verify_in(lane: list[tuple[str, str, dict[str, str]]], segments: list[Segment]) -> Answer:
    return verify(
        DAYS,
        segments,
        retriever=memory_lane(lane),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        mode="normal",
    )


def test_values_conflict_only_within_one_jurisdiction_however_it_is_spelled() -> None:
    ca = deposit_rule("ca-rule", 21, jurisdiction="CA")
    elsewhere = deposit_rule("ny-rule", 14, jurisdiction="New York")
    answer = verify_in([ca, elsewhere], [citing("ca-rule", 21), citing("ny-rule", 14)])
    assert answer.evidence.conflicts == ()
    assert [c.status for c in answer.claims] == [ClaimStatus.KEPT, ClaimStatus.KEPT]
    same = deposit_rule("ca-other", 14, jurisdiction="California")
    answer = verify_in([ca, same], [citing("ca-rule", 21), citing("ca-other", 14)])
    (conflict,) = answer.evidence.conflicts
    assert conflict["values"] == [
        {"value": "21 days", "key": "ca-rule#0", "tier": "statute"},
        {"value": "14 days", "key": "ca-other#0", "tier": "statute"},
    ]
    assert conflict["resolved_to"] is None  # equal tiers: both claims hedged
    assert [c.caveat for c in answer.claims] == [CAVEAT_CONFLICT_HEDGED] * 2


def test_a_source_without_a_jurisdiction_and_one_with_an_empty_one_are_compared() -> None:
    unnamed = deposit_rule("unnamed", 30)
    empty = deposit_rule("empty", 45, jurisdiction="")
    answer = verify_in([unnamed, empty], [citing("unnamed", 30), citing("empty", 45)])
    (conflict,) = answer.evidence.conflicts
    assert [v["key"] for v in conflict["values"]] == ["unnamed#0", "empty#0"]


def test_a_cited_unit_retrieval_never_saw_is_still_checked_against_the_questions_scope() -> None:
    dogs = "Every dog must wear a collar with a licence tag in New York City parks."
    lane = [
        deposit_rule("ca-rule", 21, jurisdiction="CA"),
        ("ny-dogs", dogs, {"authority_tier": "statute", "jurisdiction": "New York"}),
    ]
    answer = verify(
        DAYS,
        [Segment(dogs, ("ny-dogs#0",))],
        retriever=memory_lane(lane),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        mode="normal",
        lane_jurisdiction="CA",
    )
    (claim,) = answer.claims
    assert claim.status is ClaimStatus.DROPPED and claim.supported_by == ()
    (violation,) = claim.violations
    assert "ny-dogs#0 does not apply: the question concerns CA" in violation.detail


def test_a_useful_claim_with_no_unit_to_speak_for_does_not_end_the_search_for_conflicts() -> None:
    # No judge can judge a claim of no content words: it is hedged, credited to no unit.
    answer = verify_normal([Segment("And so it is.", ()), STATUTE, FORUM])
    unjudged, statute, forum = answer.claims
    assert unjudged.status is ClaimStatus.HEDGED and unjudged.attributed_to is None
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "21 days"
    assert forum.caveat == CAVEAT_LOST_CONFLICT


def test_an_uncited_claim_two_units_support_states_its_value_for_the_stronger() -> None:
    guide = (
        "deposit-guide",
        "A renters' guide. The landlord must return the remaining deposit within 21 days after "
        "the tenant moves out.",
        {"authority_tier": "secondary-blog", "jurisdiction": "CA"},
    )
    answer = verify(
        DAYS,
        [Segment(STATUTE.text, ()), FORUM],
        retriever=memory_lane((guide, *EXAMPLE_DOCUMENTS)),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        mode="normal",
        lane_jurisdiction="CA",
    )
    statute, forum = answer.claims
    assert set(statute.supported_by) == {"deposit-guide#0", "ca-civ-1950-5#0"}
    (conflict,) = answer.evidence.conflicts
    assert [v["key"] for v in conflict["values"]] == ["ca-civ-1950-5#0", "tenant-forum-post#0"]
    assert conflict["resolved_to"] == "21 days"


def test_the_conflict_names_its_matter_in_the_questions_words() -> None:
    # The readings compare stems; the entry a reviewer reads gives the question's own words,
    # in its order ("returned" and "return" are one stem, named as the question writes it).
    (conflict,) = check(
        "Within how many days must the landlord return the deposits?", "normal"
    ).evidence.conflicts
    named = conflict["matter"].split(", ")
    assert "deposits" in named and "return" in named
    assert named.index("return") < named.index("deposits")

"""Every row of the docs/design.md#violations table, with the boundary of every comparison."""

from __future__ import annotations

from citenexus.domain.authority import AuthorityTier
from citenexus.domain.claims import Claim
from citenexus.domain.model import Judgment, Severity, Verdict, ViolationKind
from citenexus.domain.support import ClaimSupport
from citenexus.domain.violations import (
    DETAIL_AUTHORITY,
    DETAIL_CONTRADICTED,
    DETAIL_INAPPLICABLE,
    DETAIL_LAUNDERING,
    DETAIL_MISATTRIBUTED,
    DETAIL_UNCITED,
    DETAIL_UNSUPPORTED,
    citation_violations,
    strongest,
    tier_label,
)

TIERS = {
    "low#0": AuthorityTier(1, "low"),
    "mid#0": AuthorityTier(2, "mid"),
    "mid2#0": AuthorityTier(2, "mid2"),
    "high#0": AuthorityTier(3, "high"),
}
MID = AuthorityTier(2, "mid")


def row(citations=(), supported=(), contradicted=(), judged=True, ineligible=None) -> ClaimSupport:
    # judged=False: there was a pair to judge and every judge declined it.
    judgments = {"any#0": (Judgment("any#0", "t", Verdict.NEUTRAL, 0.0),) if judged else ()}
    return ClaimSupport(
        Claim(0, 0, "a claim", tuple(citations)),
        judgments,
        tuple(supported),
        tuple(contradicted),
        ineligible or {},
    )


def kinds(found) -> list[ViolationKind]:
    return [v.kind for v in found]


def test_a_claim_no_judge_could_judge_has_no_finding() -> None:
    assert citation_violations(row(["mid#0"], judged=False), TIERS, MID) == ()


def test_a_claim_with_nothing_to_be_judged_against_is_unsupported() -> None:
    empty = ClaimSupport(Claim(0, 0, "a claim", ()), {}, (), ())
    assert kinds(citation_violations(empty, TIERS, MID)) == [ViolationKind.UNSUPPORTED]


def test_a_claim_supported_by_what_it_cites_has_no_finding() -> None:
    assert citation_violations(row(["mid#0"], ["mid#0"]), TIERS, MID) == ()


def test_a_supported_claim_that_cites_nothing_is_uncited_and_major() -> None:
    (found,) = citation_violations(row([], ["mid#0", "low#0"]), TIERS, None)
    assert found.kind is ViolationKind.UNCITED
    assert found.severity is Severity.MAJOR
    assert found.retrievable is False
    assert found.detail == DETAIL_UNCITED.format(supporters="mid#0, low#0")


def test_a_claim_supported_only_by_an_uncited_equal_unit_is_misattributed_not_laundering() -> None:
    (found,) = citation_violations(row(["mid#0"], ["mid2#0", "low#0"]), TIERS, None)
    assert found.kind is ViolationKind.MISATTRIBUTED
    assert found.severity is Severity.MAJOR
    assert found.detail == DETAIL_MISATTRIBUTED.format(supporters="mid2#0, low#0")


def test_citing_a_weaker_unit_than_the_supporter_is_misattributed_only() -> None:
    assert kinds(citation_violations(row(["low#0"], ["high#0"]), TIERS, None)) == [
        ViolationKind.MISATTRIBUTED
    ]


def test_citing_a_stronger_unit_than_every_supporter_is_laundering_critical_not_retrievable() -> (
    None
):
    found = citation_violations(row(["high#0"], ["low#0"]), TIERS, None)
    assert kinds(found) == [ViolationKind.MISATTRIBUTED, ViolationKind.LAUNDERING]
    laundering = found[1]
    assert laundering.severity is Severity.CRITICAL
    assert laundering.retrievable is False
    assert laundering.detail == DETAIL_LAUNDERING.format(
        cited="high#0", cited_tier="high", supporter="low#0", supporter_tier="low"
    )


def test_laundering_compares_with_the_strongest_supporter() -> None:
    assert kinds(citation_violations(row(["mid#0"], ["low#0", "mid2#0"]), TIERS, None)) == [
        ViolationKind.MISATTRIBUTED
    ]
    found = citation_violations(row(["high#0"], ["low#0", "mid2#0"]), TIERS, None)
    assert "mid2#0 (mid2)" in found[1].detail


def test_laundering_compares_the_strongest_cited_unit() -> None:
    found = citation_violations(row(["low#0", "high#0"], ["mid#0"]), TIERS, None)
    assert kinds(found) == [ViolationKind.MISATTRIBUTED, ViolationKind.LAUNDERING]
    assert "credits high#0 (high)" in found[1].detail


def test_a_cited_supporter_below_the_floor_is_an_authority_violation_critical_retrievable() -> None:
    (found,) = citation_violations(row(["low#0"], ["low#0"]), TIERS, MID)
    assert found.kind is ViolationKind.AUTHORITY
    assert found.severity is Severity.CRITICAL
    assert found.retrievable is True
    assert found.detail == DETAIL_AUTHORITY.format(key="low#0", tier="low", floor="mid")


def test_a_cited_supporter_exactly_at_the_floor_meets_it() -> None:
    assert citation_violations(row(["mid#0"], ["mid#0"]), TIERS, MID) == ()


def test_authority_is_judged_on_the_supporting_unit_not_the_best_cited_one() -> None:
    (found,) = citation_violations(row(["high#0", "low#0"], ["low#0"]), TIERS, MID)
    assert found.kind is ViolationKind.AUTHORITY
    assert "low#0 (low)" in found.detail


def test_authority_uses_the_strongest_cited_supporter() -> None:
    assert citation_violations(row(["low#0", "mid#0"], ["low#0", "mid#0"]), TIERS, MID) == ()


def test_no_floor_means_no_authority_violation() -> None:
    assert citation_violations(row(["low#0"], ["low#0"]), TIERS, None) == ()


def test_an_uncited_claim_gets_no_authority_violation() -> None:
    assert kinds(citation_violations(row([], ["low#0"]), TIERS, MID)) == [ViolationKind.UNCITED]


def test_a_judged_claim_nothing_supports_is_unsupported_and_critical() -> None:
    (found,) = citation_violations(row(["mid#0"]), TIERS, MID)
    assert found.kind is ViolationKind.UNSUPPORTED
    assert found.severity is Severity.CRITICAL
    assert found.retrievable is False
    assert found.detail == DETAIL_UNSUPPORTED


def test_an_unsupported_claim_names_its_inapplicable_citations() -> None:
    ineligible = {"mid#0": "wrong state", "low#0": "other"}
    (found,) = citation_violations(row(["mid#0"], ineligible=ineligible), TIERS, None)
    assert found.detail == DETAIL_UNSUPPORTED + "; " + DETAIL_INAPPLICABLE.format(
        key="mid#0", reason="wrong state"
    )


def test_an_uncited_unsupported_claim_is_unsupported_only() -> None:
    assert kinds(citation_violations(row([]), TIERS, None)) == [ViolationKind.UNSUPPORTED]


def test_a_cited_contradicting_unit_makes_the_claim_contradicted_and_critical() -> None:
    found = citation_violations(row(["mid#0", "low#0"], [], ["mid#0", "low#0"]), TIERS, None)
    assert kinds(found) == [ViolationKind.UNSUPPORTED, ViolationKind.CONTRADICTED]
    assert found[1].severity is Severity.CRITICAL
    assert found[1].detail == DETAIL_CONTRADICTED.format(keys="mid#0, low#0")


def test_contradiction_is_reported_beside_other_findings() -> None:
    found = citation_violations(row(["mid#0"], ["low#0"], ["mid#0"]), TIERS, None)
    assert kinds(found) == [
        ViolationKind.MISATTRIBUTED,
        ViolationKind.LAUNDERING,
        ViolationKind.CONTRADICTED,
    ]


def test_tier_label_names_an_unnamed_tier_by_rank() -> None:
    assert tier_label(AuthorityTier(-1, "")) == "rank -1"
    assert tier_label(AuthorityTier(3, "high")) == "high"


def test_strongest_prefers_the_first_of_equal_tiers() -> None:
    assert strongest(["mid#0", "mid2#0"], TIERS) == "mid#0"
    assert strongest(["mid2#0", "mid#0"], TIERS) == "mid2#0"
    assert strongest(["low#0", "high#0", "mid#0"], TIERS) == "high#0"

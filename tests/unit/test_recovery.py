"""Claim outcomes (docs/design.md#recovery) and the refusal code after judging
(docs/design.md#refusal-codes)."""

from __future__ import annotations

import pytest

from citenexus.domain.authority import TrustMode
from citenexus.domain.model import ClaimStatus, RefusalCode, Severity, Violation, ViolationKind
from citenexus.domain.recovery import (
    CAVEAT_AUTHORITY_DROPPED,
    CAVEAT_AUTHORITY_HEDGED,
    CAVEAT_CONFLICT_HEDGED,
    CAVEAT_CONTRADICTED,
    CAVEAT_LAUNDERING,
    CAVEAT_LOST_CONFLICT,
    CAVEAT_MISATTRIBUTED,
    CAVEAT_UNCITED,
    CAVEAT_UNJUDGED,
    CAVEAT_UNSUPPORTED,
    Outcome,
    is_useful,
    recover,
    refusal_after_judging,
    refuses_for_laundering,
)


def v(kind: ViolationKind) -> Violation:
    return Violation(kind, Severity.CRITICAL, "detail")


@pytest.mark.parametrize(
    ("kind", "caveat"),
    [
        (ViolationKind.LAUNDERING, CAVEAT_LAUNDERING),
        (ViolationKind.UNSUPPORTED, CAVEAT_UNSUPPORTED),
        (ViolationKind.CONTRADICTED, CAVEAT_CONTRADICTED),
    ],
)
@pytest.mark.parametrize("mode", list(TrustMode))
def test_laundering_unsupported_and_contradicted_claims_are_dropped_in_every_mode(
    kind: ViolationKind, caveat: str, mode: TrustMode
) -> None:
    assert recover([v(kind)], mode, judged=True) == Outcome(ClaimStatus.DROPPED, caveat, kind)


def test_laundering_names_the_drop_before_any_other_reason() -> None:
    found = [v(ViolationKind.CONTRADICTED), v(ViolationKind.LAUNDERING), v(ViolationKind.AUTHORITY)]
    assert (
        recover(found, "strict", judged=True, lost_conflict=True).dropped_for
        is ViolationKind.LAUNDERING
    )


def test_contradiction_names_the_drop_before_unsupported() -> None:
    found = [v(ViolationKind.UNSUPPORTED), v(ViolationKind.CONTRADICTED)]
    assert recover(found, "normal", judged=True).caveat == CAVEAT_CONTRADICTED


def test_an_authority_violation_drops_the_claim_in_strict_mode() -> None:
    assert recover([v(ViolationKind.AUTHORITY)], "strict", judged=True) == Outcome(
        ClaimStatus.DROPPED, CAVEAT_AUTHORITY_DROPPED, ViolationKind.AUTHORITY
    )


@pytest.mark.parametrize("mode", ["normal", "exploratory"])
def test_an_authority_violation_hedges_the_claim_outside_strict_mode(mode: str) -> None:
    assert recover([v(ViolationKind.AUTHORITY)], mode, judged=True) == Outcome(
        ClaimStatus.HEDGED, CAVEAT_AUTHORITY_HEDGED
    )


@pytest.mark.parametrize(
    ("kind", "caveat"),
    [(ViolationKind.UNCITED, CAVEAT_UNCITED), (ViolationKind.MISATTRIBUTED, CAVEAT_MISATTRIBUTED)],
)
@pytest.mark.parametrize("mode", list(TrustMode))
def test_uncited_and_misattributed_claims_are_hedged(
    kind: ViolationKind, caveat: str, mode: TrustMode
) -> None:
    assert recover([v(kind)], mode, judged=True) == Outcome(ClaimStatus.HEDGED, caveat)


def test_a_claim_no_judge_could_judge_is_hedged() -> None:
    assert recover([], "strict", judged=False) == Outcome(ClaimStatus.HEDGED, CAVEAT_UNJUDGED)


def test_the_losing_side_of_a_resolved_conflict_is_dropped() -> None:
    assert recover([], "normal", judged=True, lost_conflict=True) == Outcome(
        ClaimStatus.DROPPED, CAVEAT_LOST_CONFLICT
    )


def test_strict_authority_drop_outranks_a_lost_conflict() -> None:
    outcome = recover([v(ViolationKind.AUTHORITY)], "strict", judged=True, lost_conflict=True)
    assert outcome.dropped_for is ViolationKind.AUTHORITY


def test_a_side_of_an_unresolved_conflict_is_hedged() -> None:
    assert recover([], "normal", judged=True, unresolved_conflict=True) == Outcome(
        ClaimStatus.HEDGED, CAVEAT_CONFLICT_HEDGED
    )


def test_several_hedges_are_all_named_in_table_order() -> None:
    found = [v(ViolationKind.AUTHORITY), v(ViolationKind.MISATTRIBUTED), v(ViolationKind.UNCITED)]
    outcome = recover(found, "normal", judged=False, unresolved_conflict=True)
    assert outcome.status is ClaimStatus.HEDGED
    assert outcome.caveat == "; ".join(
        [
            CAVEAT_UNCITED,
            CAVEAT_MISATTRIBUTED,
            CAVEAT_AUTHORITY_HEDGED,
            CAVEAT_UNJUDGED,
            CAVEAT_CONFLICT_HEDGED,
        ]
    )


def test_a_judged_claim_without_violations_is_kept_without_caveat() -> None:
    assert recover([], TrustMode.STRICT, judged=True) == Outcome(ClaimStatus.KEPT, None, None)


def test_useful_means_kept_or_hedged() -> None:
    assert is_useful(ClaimStatus.KEPT)
    assert is_useful(ClaimStatus.HEDGED)
    assert not is_useful(ClaimStatus.DROPPED)


def test_strict_mode_refuses_the_whole_answer_for_one_laundering_claim() -> None:
    claims = [[], [v(ViolationKind.UNCITED), v(ViolationKind.LAUNDERING)]]
    assert refuses_for_laundering(claims, "strict") is True
    assert refuses_for_laundering(claims, "normal") is False
    assert refuses_for_laundering(claims, "exploratory") is False
    assert refuses_for_laundering([[v(ViolationKind.AUTHORITY)]], "strict") is False


def test_the_refusal_after_judging_prefers_laundering_then_authority_then_ungrounded() -> None:
    laundering = Outcome(ClaimStatus.DROPPED, "x", ViolationKind.LAUNDERING)
    authority = Outcome(ClaimStatus.DROPPED, "x", ViolationKind.AUTHORITY)
    unsupported = Outcome(ClaimStatus.DROPPED, "x", ViolationKind.UNSUPPORTED)
    conflict = Outcome(ClaimStatus.DROPPED, "x", None)
    assert refusal_after_judging([authority, laundering]) is RefusalCode.CITATION_LAUNDERING
    assert refusal_after_judging([unsupported, authority]) is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert refusal_after_judging([unsupported, conflict]) is RefusalCode.UNGROUNDED
    assert refusal_after_judging([]) is RefusalCode.UNGROUNDED

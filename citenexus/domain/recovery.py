"""Recovery: what happens to a claim given its violations (docs/design.md#recovery).

Drop: laundering, unsupported, contradicted, authority in strict mode, the losing side of a
resolved conflict. Hedge: uncited, misattributed, authority outside strict mode, a claim no judge
could judge, a side of an unresolved conflict. Otherwise the claim is kept. In strict mode one
laundering claim refuses the whole answer: the draft tried to credit a trusted source falsely.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from citenexus.domain.authority import TrustMode
from citenexus.domain.model import ClaimStatus, RefusalCode, Violation, ViolationKind

CAVEAT_LAUNDERING = "it credited a source with what only a weaker, uncited source says"
CAVEAT_CONTRADICTED = "a source it cites contradicts it"
CAVEAT_UNSUPPORTED = "no evidence supports it"
CAVEAT_AUTHORITY_DROPPED = "its only support is below the required authority tier"
CAVEAT_LOST_CONFLICT = "a more authoritative source states a different value"
CAVEAT_UNCITED = "it cites no source, though evidence supports it"
CAVEAT_MISATTRIBUTED = "it is supported only by a source it does not cite"
CAVEAT_AUTHORITY_HEDGED = "its support is below the required authority tier"
CAVEAT_UNJUDGED = "no judge could check it"
CAVEAT_CONFLICT_HEDGED = "sources of equal authority disagree on this value"

# Checked in this order; the first that applies names the reason a claim was dropped.
_DROP_REASONS = (
    (ViolationKind.LAUNDERING, CAVEAT_LAUNDERING),
    (ViolationKind.CONTRADICTED, CAVEAT_CONTRADICTED),
    (ViolationKind.UNSUPPORTED, CAVEAT_UNSUPPORTED),
)
_HEDGE_REASONS = (
    (ViolationKind.UNCITED, CAVEAT_UNCITED),
    (ViolationKind.MISATTRIBUTED, CAVEAT_MISATTRIBUTED),
)


@dataclass(frozen=True)
class Outcome:
    """A claim's fate and the caveat a reader is shown (None for a plainly kept claim)."""

    status: ClaimStatus
    caveat: str | None = None
    dropped_for: ViolationKind | None = None  # the violation that decided a drop


def recover(
    violations: Sequence[Violation],
    mode: TrustMode | str,
    *,
    judged: bool,
    lost_conflict: bool = False,
    unresolved_conflict: bool = False,
) -> Outcome:
    """The outcome of one claim from its violations, the trust mode and the conflict check."""
    mode = TrustMode.parse(mode)
    kinds = {v.kind for v in violations}
    for kind, caveat in _DROP_REASONS:
        if kind in kinds:
            return Outcome(ClaimStatus.DROPPED, caveat, kind)
    authority = ViolationKind.AUTHORITY in kinds
    if authority and mode is TrustMode.STRICT:
        return Outcome(ClaimStatus.DROPPED, CAVEAT_AUTHORITY_DROPPED, ViolationKind.AUTHORITY)
    if lost_conflict:
        return Outcome(ClaimStatus.DROPPED, CAVEAT_LOST_CONFLICT)
    hedges = [caveat for kind, caveat in _HEDGE_REASONS if kind in kinds]
    if authority:
        hedges.append(CAVEAT_AUTHORITY_HEDGED)
    if not judged:
        hedges.append(CAVEAT_UNJUDGED)
    if unresolved_conflict:
        hedges.append(CAVEAT_CONFLICT_HEDGED)
    if hedges:
        return Outcome(ClaimStatus.HEDGED, "; ".join(hedges))
    return Outcome(ClaimStatus.KEPT)


def is_useful(status: ClaimStatus) -> bool:
    """A useful claim is one the answer still states: kept or hedged."""
    return status is not ClaimStatus.DROPPED


def refuses_for_laundering(
    violations: Iterable[Sequence[Violation]], mode: TrustMode | str
) -> bool:
    """Strict mode refuses the whole answer when any claim launders a citation."""
    if TrustMode.parse(mode) is not TrustMode.STRICT:
        return False
    return any(v.kind is ViolationKind.LAUNDERING for found in violations for v in found)


def refusal_after_judging(outcomes: Iterable[Outcome]) -> RefusalCode:
    """The code when judging left no useful claim (docs/design.md#refusal-codes).

    citation_laundering if a claim was dropped for laundering, else below_authority_floor if one
    was dropped for authority, else ungrounded.
    """
    reasons = {outcome.dropped_for for outcome in outcomes}
    if ViolationKind.LAUNDERING in reasons:
        return RefusalCode.CITATION_LAUNDERING
    if ViolationKind.AUTHORITY in reasons:
        return RefusalCode.BELOW_AUTHORITY_FLOOR
    return RefusalCode.UNGROUNDED

"""Citation violations: each claim judged on what its own segment cites (docs/design.md#violations).

| kind          | when                                                              | severity |
| uncited       | some judged unit supports it, it cites nothing                    | major    |
| misattributed | supported, but by no unit it cites                                | major    |
| laundering    | misattributed, and it cites a unit ranked above every supporter   | critical |
| authority     | its most authoritative cited supporting unit is below the floor   | critical |
| unsupported   | judged, and no judged unit supports it                            | critical |
| contradicted  | a unit it cites contradicts it                                    | critical |

A laundering claim is also reported as misattributed (it is both). A claim no judge could judge
(every judge declined every pair) has no finding here; recovery hedges it. A claim with no unit
to be judged against is unsupported: no judged unit supports it. Only ``authority`` is retrievable: better-standing
evidence might exist, while laundering is a false credit no retrieval can repair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from citenexus.domain.authority import AuthorityTier
from citenexus.domain.model import Severity, Violation, ViolationKind
from citenexus.domain.support import ClaimSupport

DETAIL_UNCITED = "supported by {supporters} but cites nothing"
DETAIL_MISATTRIBUTED = "supported only by {supporters}, which it does not cite"
DETAIL_LAUNDERING = (
    "credits {cited} ({cited_tier}) with what only {supporter} ({supporter_tier}) supports"
)
DETAIL_AUTHORITY = "its strongest cited support {key} ({tier}) is below the floor ({floor})"
DETAIL_UNSUPPORTED = "no judged unit supports it"
DETAIL_INAPPLICABLE = "{key} does not apply: {reason}"
DETAIL_CONTRADICTED = "contradicted by {keys}, which it cites"


def tier_label(tier: AuthorityTier) -> str:
    """A tier's name for a reviewer; unnamed tiers read as their rank."""
    return tier.name or f"rank {tier.rank}"


def strongest(keys: Sequence[str], tiers: Mapping[str, AuthorityTier]) -> str:
    """The most authoritative key; the first of them when several share the top rank."""
    best = keys[0]
    for key in keys[1:]:
        if tiers[key].rank > tiers[best].rank:
            best = key
    return best


def _laundering(support: ClaimSupport, tiers: Mapping[str, AuthorityTier]) -> Violation | None:
    supporter = strongest(support.supported_by, tiers)
    cited = strongest(support.citations, tiers)
    if tiers[cited].rank <= tiers[supporter].rank:
        return None
    detail = DETAIL_LAUNDERING.format(
        cited=cited,
        cited_tier=tier_label(tiers[cited]),
        supporter=supporter,
        supporter_tier=tier_label(tiers[supporter]),
    )
    return Violation(ViolationKind.LAUNDERING, Severity.CRITICAL, detail)


def _authority(
    support: ClaimSupport, tiers: Mapping[str, AuthorityTier], floor: AuthorityTier | None
) -> Violation | None:
    cited_supporting = support.cited_supporting
    if floor is None or not cited_supporting:
        return None
    best = strongest(cited_supporting, tiers)
    if tiers[best].rank >= floor.rank:
        return None
    detail = DETAIL_AUTHORITY.format(
        key=best, tier=tier_label(tiers[best]), floor=tier_label(floor)
    )
    return Violation(ViolationKind.AUTHORITY, Severity.CRITICAL, detail, retrievable=True)


def _unsupported_detail(support: ClaimSupport) -> str:
    notes = [
        DETAIL_INAPPLICABLE.format(key=key, reason=reason)
        for key, reason in support.ineligible.items()
        if key in support.citations
    ]
    return "; ".join([DETAIL_UNSUPPORTED, *notes])


def citation_violations(
    support: ClaimSupport,
    tiers: Mapping[str, AuthorityTier],
    floor: AuthorityTier | None,
) -> tuple[Violation, ...]:
    """Every finding of the §6 table for one claim, in table order.

    ``tiers`` gives the tier of every judged and cited key; ``floor`` is the policy's minimum
    tier (None when it has none).
    """
    if support.declined:
        return ()
    found: list[Violation] = []
    supporters = support.supported_by
    if supporters and not support.citations:
        detail = DETAIL_UNCITED.format(supporters=", ".join(supporters))
        found.append(Violation(ViolationKind.UNCITED, Severity.MAJOR, detail))
    elif supporters and not support.cited_supporting:
        detail = DETAIL_MISATTRIBUTED.format(supporters=", ".join(supporters))
        found.append(Violation(ViolationKind.MISATTRIBUTED, Severity.MAJOR, detail))
        laundering = _laundering(support, tiers)
        if laundering is not None:
            found.append(laundering)
    authority = _authority(support, tiers, floor)
    if authority is not None:
        found.append(authority)
    if not supporters:
        found.append(
            Violation(ViolationKind.UNSUPPORTED, Severity.CRITICAL, _unsupported_detail(support))
        )
    if support.contradicted_by:
        detail = DETAIL_CONTRADICTED.format(keys=", ".join(support.contradicted_by))
        found.append(Violation(ViolationKind.CONTRADICTED, Severity.CRITICAL, detail))
    return tuple(found)

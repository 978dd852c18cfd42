"""Attribution: which cited unit a claim is credited to, and the invariants I1 and I4.

A claim is attributed to the most authoritative unit it cites that supports it (the first cited
one when several share that tier). If its citations were judged and none supports it, it is
attributed to none, with a caveat. If none of its citations was judged, the most authoritative
cited unit stands, unverified.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from citenexus.domain.authority import AuthorityTier
from citenexus.domain.violations import strongest

CAVEAT_NO_CITATION = "it cites no source"
CAVEAT_NO_CITED_SUPPORT = "no source it cites supports it"

I1 = "I1"  # every useful claim is attributed to a cited unit that supports it
I4 = "I4"  # every useful claim's attributed unit meets the floor


@dataclass(frozen=True)
class Attribution:
    key: str | None
    caveat: str | None = None


def attribute(
    citations: Sequence[str],
    supported_by: Sequence[str],
    tiers: Mapping[str, AuthorityTier],
    *,
    citations_judged: bool,
) -> Attribution:
    """The unit a claim is credited to: its most authoritative cited supporter, or none."""
    if not citations:
        return Attribution(None, CAVEAT_NO_CITATION)
    if not citations_judged:
        return Attribution(strongest(citations, tiers))
    cited_supporting = [key for key in citations if key in supported_by]
    if not cited_supporting:
        return Attribution(None, CAVEAT_NO_CITED_SUPPORT)
    return Attribution(strongest(cited_supporting, tiers))


@dataclass(frozen=True)
class AttributedClaim:
    """What the invariants need of one useful (kept or hedged) claim."""

    attributed_to: str | None
    supported_by: Sequence[str]


def invariants_verified(
    useful: Sequence[AttributedClaim],
    tiers: Mapping[str, AuthorityTier],
    floor: AuthorityTier | None,
    *,
    citations_judged: bool,
) -> list[str]:
    """The invariants that hold, listed only when citations were judged on this call.

    An answer with no useful claim asserts nothing, so it verifies nothing.
    """
    if not citations_judged or not useful:
        return []
    holding: list[str] = []
    if all(c.attributed_to is not None and c.attributed_to in c.supported_by for c in useful):
        holding.append(I1)
    if all(
        c.attributed_to is not None and (floor is None or tiers[c.attributed_to].rank >= floor.rank)
        for c in useful
    ):
        holding.append(I4)
    return holding

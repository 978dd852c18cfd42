"""The signals on every result (docs/design.md#signals), defined precisely.

- authority_tier: the name of the weakest tier among the units the answer's useful claims cite;
  "" for an unranked lane (default.v1) and for a refusal, which cites nothing.
- withheld: the documents the floor removed on this call (every sub-query), plus the documents
  of cited supporting units whose claims were dropped for ``authority``; sorted.
- authority_floor_applied: exactly ``bool(withheld)``.
- all_claims_verified: the answer was given, has claims, and every claim is kept (judged,
  supported by what it cites, no violation).
- groundedness_rate: judged claims that are grounded, divided by the claims some judge judged;
  0.0 when no claim was judged. A claim is grounded when some eligible unit supports it and it was
  not found laundering, contradicted or unsupported. Grounding is not standing: a supported claim
  dropped because a more authoritative source states another value, or because its only support
  is below the floor, is still grounded (its standing, not its grounding, removed it; the
  answer's other signals report that). Counting those as ungrounded mixed the two.
- citation_rate: claims that carry at least one (resolvable) citation, divided by all claims;
  0.0 for a draft with no claims.
- invariants_verified: I1/I4 when citations were judged on this call and they hold for every
  useful claim of an answer that was given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from citenexus.domain.answer import ClaimResult, Evidence
from citenexus.domain.attribution import AttributedClaim, invariants_verified
from citenexus.domain.authority import (
    DEFAULT_PROFILE_VERSION,
    AuthorityPolicy,
    AuthorityTier,
    TrustMode,
)
from citenexus.domain.model import ClaimStatus, ViolationKind
from citenexus.pipeline.judging import JudgedDraft
from citenexus.pipeline.pool import Pool


def weakest_cited_tier(
    claims: Sequence[ClaimResult], tiers: Mapping[str, AuthorityTier], policy: AuthorityPolicy
) -> str:
    """The name of the weakest tier the useful claims cite; "" when unranked or citing nothing."""
    if policy.profile_version == DEFAULT_PROFILE_VERSION:
        return ""
    cited = [tiers[k] for c in claims if c.useful for k in c.citations if k in tiers]
    if not cited:
        return ""
    return min(cited, key=lambda t: t.rank).name


# Violations that say a claim's sources do not back it, as opposed to lacking standing.
UNGROUNDED_KINDS = frozenset(
    {ViolationKind.LAUNDERING, ViolationKind.CONTRADICTED, ViolationKind.UNSUPPORTED}
)


def is_grounded(claim: ClaimResult) -> bool:
    """Supported by some eligible unit, and not laundering, contradicted or unsupported."""
    return bool(claim.supported_by) and not any(
        v.kind in UNGROUNDED_KINDS for v in claim.violations
    )


def groundedness_rate(claims: Sequence[ClaimResult], judged_claims: Sequence[bool]) -> float:
    """Grounded judged claims over judged claims (see the module docstring)."""
    total = sum(judged_claims)
    if not total:
        return 0.0
    good = sum(
        1
        for c, was_judged in zip(claims, judged_claims, strict=True)
        if was_judged and is_grounded(c)
    )
    return round(good / total, 4)


def citation_rate(claims: Sequence[ClaimResult]) -> float:
    """Claims with at least one citation over all claims."""
    if not claims:
        return 0.0
    return round(sum(1 for c in claims if c.citations) / len(claims), 4)


def all_claims_verified(claims: Sequence[ClaimResult], answered: bool) -> bool:
    return (
        answered
        and bool(claims)
        and all(c.status is ClaimStatus.KEPT and not c.violations for c in claims)
    )


def withheld_documents(pool: Pool | None, judged: JudgedDraft | None) -> list[str]:
    docs = {c.unit.document_id for c in pool.withheld} if pool else set()
    if judged is not None:
        docs |= set(judged.authority_withheld.values())
    return sorted(docs)


def judges_failed(judged: JudgedDraft | None) -> list[dict[str, Any]]:
    """Each judge that erred on some pair of this call, with how many pairs, by name."""
    counts: dict[str, int] = {}
    for row in judged.rows if judged else ():
        for failure in row.failures:
            counts[failure.judge] = counts.get(failure.judge, 0) + 1
    return [{"judge": name, "pairs": counts[name]} for name in sorted(counts)]


def build_evidence(
    *,
    policy: AuthorityPolicy,
    mode: TrustMode,
    pool: Pool | None,
    judged: JudgedDraft | None,
    answered: bool,
    scripts: Sequence[str],
) -> Evidence:
    """Every signal of one result; a refusal before judging has judged=None. The stages'
    timings are the run's to add, once the signals stage itself has ended."""
    claims = judged.claims if judged else []
    withheld = withheld_documents(pool, judged)
    invariants: list[str] = []
    if judged is not None and answered:
        useful = [AttributedClaim(c.attributed_to, c.supported_by) for c in claims if c.useful]
        invariants = invariants_verified(
            useful, judged.tiers, policy.minimum, citations_judged=judged.citations_judged
        )
    return Evidence(
        authority_tier=weakest_cited_tier(claims, judged.tiers, policy)
        if judged and answered
        else "",
        authority_floor_applied=bool(withheld),
        withheld=tuple(withheld),
        all_claims_verified=all_claims_verified(claims, answered),
        groundedness_rate=groundedness_rate(claims, [r.judged for r in judged.rows])
        if judged
        else 0.0,
        citation_rate=citation_rate(claims),
        invariants_verified=tuple(invariants),
        profile_version=policy.profile_version,
        trust_mode=mode.value,
        minimum_tier=policy.minimum_tier,
        retrieved=len(pool.retrieved) if pool else 0,
        grounded=len(pool.grounded) if pool else 0,
        selected=len(pool.selected) if pool else 0,
        inapplicable=tuple(pool.inapplicable) if pool else (),
        conflicts=tuple(c.to_dict() for c in judged.conflicts) if judged else (),
        unsupported_scripts=tuple(scripts),
        judges_failed=tuple(judges_failed(judged)),
    )

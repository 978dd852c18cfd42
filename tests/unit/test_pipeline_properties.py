"""Invariants of judging: properties over random verdict tables and policies."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.domain.authority import AuthorityPolicy, AuthorityTier, TrustMode
from citenexus.domain.claims import Claim
from citenexus.domain.model import ClaimStatus, Judgment, Severity, Verdict, ViolationKind
from citenexus.domain.recovery import recover
from citenexus.domain.support import ClaimSupport
from citenexus.domain.violations import citation_violations
from citenexus.pipeline import verify
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    LEGAL_TIERS,
    TableJudge,
    WordHashEmbedder,
    memory_lane,
)

KEYS = ["a#0", "b#0", "c#0", "d#0"]
subsets = st.lists(st.sampled_from(KEYS), unique=True)
ranks = st.fixed_dictionaries({k: st.integers(-1, 3) for k in KEYS})


@given(
    subsets,
    subsets,
    subsets,
    st.booleans(),
    ranks,
    st.one_of(st.none(), st.integers(0, 3)),
    st.sampled_from(list(TrustMode)),
)
def test_a_kept_claim_never_carries_a_critical_violation(
    citations, supported, contradicting, judged, rank_of, floor, mode
) -> None:
    tiers = {k: AuthorityTier(r, k) for k, r in rank_of.items()}
    contradicted = [k for k in contradicting if k in citations and k not in supported]
    judgments = {"a#0": (Judgment("a#0", "t", Verdict.NEUTRAL, 0.0),) if judged else ()}
    row = ClaimSupport(
        Claim(0, 0, "c", tuple(citations)), judgments, tuple(supported), tuple(contradicted)
    )
    found = citation_violations(
        row, tiers, None if floor is None else AuthorityTier(floor, "floor")
    )
    outcome = recover(found, mode, judged=judged)
    if outcome.status is ClaimStatus.KEPT:
        assert all(v.severity is not Severity.CRITICAL for v in found)
        assert found == ()
    if any(v.kind is ViolationKind.LAUNDERING for v in found):
        assert outcome.status is ClaimStatus.DROPPED
    if mode is TrustMode.STRICT and outcome.status is not ClaimStatus.DROPPED:
        assert all(v.kind is not ViolationKind.AUTHORITY for v in found)


DOC_KEYS = [f"{d}#0" for d, _, _ in EXAMPLE_DOCUMENTS]
CLAIMS = ["Owners give notice.", "Deposits come back."]
verdicts = st.sampled_from([None, Verdict.ENTAILS, Verdict.NEUTRAL, Verdict.CONTRADICTS])
tables = st.dictionaries(
    st.tuples(st.sampled_from(CLAIMS), st.sampled_from(DOC_KEYS)), verdicts, max_size=12
)
STORE = memory_lane(EXAMPLE_DOCUMENTS)


@settings(max_examples=40, deadline=None)
@given(
    tables,
    tables,
    st.lists(st.sampled_from(DOC_KEYS), unique=True, max_size=3),
    st.sampled_from(list(TrustMode)),
)
def test_every_useful_claim_is_credited_only_to_a_cited_supporter_when_judged(
    table_a, table_b, cited, mode
) -> None:
    answer = verify(
        "What notice must an owner give, and do deposits come back?",
        [{"text": CLAIMS[0], "citations": cited}, {"text": CLAIMS[1], "citations": cited[:1]}],
        retriever=STORE,
        embedder=WordHashEmbedder(),
        judges=[TableJudge(table_a, "a"), TableJudge(table_b, "b")],
        policy=AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        mode=mode,
    )
    for claim in answer.claims:
        if claim.attributed_to is not None and claim.judgments:
            cited_judged = any(j.key in claim.citations for j in claim.judgments)
            if cited_judged:
                assert claim.attributed_to in claim.supported_by
        if claim.useful:
            assert all(
                v.severity is not Severity.CRITICAL
                or (v.kind is ViolationKind.AUTHORITY and mode is not TrustMode.STRICT)
                for v in claim.violations
            )
    if "I1" in answer.evidence.invariants_verified:
        assert all(c.attributed_to in c.supported_by for c in answer.claims if c.useful)

"""Attribution to the most authoritative cited supporter, and the invariants I1 and I4."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.attribution import (
    CAVEAT_NO_CITATION,
    CAVEAT_NO_CITED_SUPPORT,
    I1,
    I4,
    AttributedClaim,
    Attribution,
    attribute,
    invariants_verified,
)
from citenexus.domain.authority import AuthorityTier

TIERS = {
    "low#0": AuthorityTier(1, "low"),
    "mid#0": AuthorityTier(2, "mid"),
    "mid2#0": AuthorityTier(2, "mid2"),
    "high#0": AuthorityTier(3, "high"),
}
MID = AuthorityTier(2, "mid")


def test_a_claim_citing_nothing_is_attributed_to_none_with_a_caveat() -> None:
    assert attribute([], ["mid#0"], TIERS, citations_judged=True) == Attribution(
        None, CAVEAT_NO_CITATION
    )
    assert attribute([], [], TIERS, citations_judged=False) == Attribution(None, CAVEAT_NO_CITATION)


def test_unjudged_citations_leave_the_most_authoritative_cited_unit() -> None:
    assert attribute(["low#0", "high#0"], [], TIERS, citations_judged=False) == Attribution(
        "high#0"
    )
    assert attribute(["mid2#0", "mid#0"], [], TIERS, citations_judged=False) == Attribution(
        "mid2#0"
    )


def test_judged_citations_none_of_which_supports_attribute_to_none_with_a_caveat() -> None:
    assert attribute(["high#0"], ["low#0"], TIERS, citations_judged=True) == Attribution(
        None, CAVEAT_NO_CITED_SUPPORT
    )


def test_the_most_authoritative_cited_supporter_is_credited_not_the_best_cited_unit() -> None:
    assert attribute(
        ["high#0", "low#0", "mid#0"], ["low#0", "mid#0"], TIERS, citations_judged=True
    ) == (Attribution("mid#0"))


def test_equal_supporters_credit_the_first_cited() -> None:
    assert attribute(["mid2#0", "mid#0"], ["mid#0", "mid2#0"], TIERS, citations_judged=True) == (
        Attribution("mid2#0")
    )


def good(key: str = "mid#0") -> AttributedClaim:
    return AttributedClaim(key, [key])


def test_invariants_hold_when_every_claim_is_credited_to_a_supporter_at_the_floor() -> None:
    assert invariants_verified([good(), good("high#0")], TIERS, MID, citations_judged=True) == [
        I1,
        I4,
    ]


def test_invariants_are_not_reported_when_citations_were_not_judged() -> None:
    assert invariants_verified([good()], TIERS, MID, citations_judged=False) == []


def test_an_answer_without_useful_claims_verifies_no_invariant() -> None:
    assert invariants_verified([], TIERS, MID, citations_judged=True) == []


def test_a_claim_credited_to_a_non_supporter_breaks_i1_only() -> None:
    claims = [good(), AttributedClaim("high#0", ["low#0"])]
    assert invariants_verified(claims, TIERS, MID, citations_judged=True) == [I4]


def test_a_claim_credited_below_the_floor_breaks_i4_only() -> None:
    assert invariants_verified([good("low#0")], TIERS, MID, citations_judged=True) == [I1]


def test_a_claim_credited_to_nothing_breaks_both() -> None:
    assert (
        invariants_verified([good(), AttributedClaim(None, [])], TIERS, MID, citations_judged=True)
        == []
    )


def test_without_a_floor_i4_needs_only_an_attribution() -> None:
    assert invariants_verified([good("low#0")], TIERS, None, citations_judged=True) == [I1, I4]


keys = st.sampled_from(sorted(TIERS))


@given(st.lists(keys, unique=True), st.lists(keys, unique=True))
def test_attribution_always_names_a_cited_supporter_or_none(
    citations: list[str], supported: list[str]
) -> None:
    found = attribute(citations, supported, TIERS, citations_judged=True)
    if found.key is None:
        assert not set(citations) & set(supported)
        assert found.caveat is not None
    else:
        assert found.key in citations and found.key in supported
        assert all(TIERS[k].rank <= TIERS[found.key].rank for k in citations if k in supported)

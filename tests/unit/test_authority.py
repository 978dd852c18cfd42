"""Authority tiers, profiles, policies and the one selection step (docs/design.md#authority)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from citenexus.domain.authority import (
    DEFAULT_METADATA_KEY,
    DEFAULT_PROFILE_VERSION,
    ERR_DUPLICATE_TIER,
    ERR_EMPTY_METADATA_KEY,
    ERR_EMPTY_ORDER,
    ERR_EMPTY_TIER,
    ERR_FLOOR_WITHOUT_ORDER,
    ERR_UNKNOWN_MINIMUM_TIER,
    ERR_UNKNOWN_MODE,
    ERR_UNKNOWN_PROFILE,
    ORDERED_PROFILE_VERSION,
    PROFILE_VERSIONS,
    UNKNOWN_RANK,
    UNRANKED,
    UNRANKED_TIER,
    AuthorityError,
    AuthorityPolicy,
    AuthorityTier,
    DefaultAuthorityProfile,
    OrderedTierProfile,
    Selection,
    TrustMode,
    select_by_authority,
)

LEGAL = (
    "out-of-jurisdiction",
    "secondary-blog",
    "general-statute",
    "statute",
    "binding-appellate",
    "controlling-statute",
)


@dataclass(frozen=True)
class Doc:
    name: str
    authority_meta: Mapping[str, str] = field(default_factory=dict)


def doc(name: str, tier: str | None = None, key: str = DEFAULT_METADATA_KEY) -> Doc:
    return Doc(name, {} if tier is None else {key: tier})


def names(items: tuple[Doc, ...]) -> list[str]:
    return [d.name for d in items]


# --- AuthorityTier ----------------------------------------------------------------------


def test_tiers_compare_by_rank_only_and_ignore_names() -> None:
    assert AuthorityTier(2, "statute") == AuthorityTier(2, "binding")
    assert hash(AuthorityTier(2, "a")) == hash(AuthorityTier(2, "b"))
    assert AuthorityTier(1, "zzz") < AuthorityTier(2, "aaa")
    assert AuthorityTier(2, "a") > AuthorityTier(1, "z")
    assert AuthorityTier(2, "a") <= AuthorityTier(2, "z")
    assert AuthorityTier(2, "a") >= AuthorityTier(2, "z")
    assert not AuthorityTier(2, "a") < AuthorityTier(2, "z")
    assert not AuthorityTier(2, "a") > AuthorityTier(2, "z")
    assert not AuthorityTier(3) <= AuthorityTier(2)
    assert not AuthorityTier(1) >= AuthorityTier(2)


def test_the_unranked_tier_has_rank_zero_and_no_name() -> None:
    assert UNRANKED == 0
    assert UNKNOWN_RANK == -1
    assert UNRANKED_TIER.rank == UNRANKED
    assert UNRANKED_TIER.name == ""


# --- TrustMode --------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["strict", "normal", "exploratory"])
def test_trust_mode_parses_each_of_its_names(value: str) -> None:
    assert TrustMode.parse(value).value == value


def test_trust_mode_parse_returns_a_mode_unchanged() -> None:
    assert TrustMode.parse(TrustMode.NORMAL) is TrustMode.NORMAL


@pytest.mark.parametrize("value", ["", "STRICT", "lenient", " strict"])
def test_trust_mode_parse_refuses_any_other_value_naming_it(value: str) -> None:
    with pytest.raises(AuthorityError) as caught:
        TrustMode.parse(value)
    assert str(caught.value) == ERR_UNKNOWN_MODE.format(mode=value)
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__


# --- profiles ---------------------------------------------------------------------------


def test_default_profile_ranks_every_record_unranked_whatever_its_metadata() -> None:
    profile = DefaultAuthorityProfile()
    assert profile.version == DEFAULT_PROFILE_VERSION == "default.v1"
    assert profile.tier({}) == UNRANKED_TIER
    tier = profile.tier({DEFAULT_METADATA_KEY: "statute"})
    assert (tier.rank, tier.name) == (UNRANKED, "")


def test_ordered_profile_ranks_by_index_in_the_order_least_first() -> None:
    profile = OrderedTierProfile(LEGAL)
    assert profile.version == ORDERED_PROFILE_VERSION == "ordered.v1"
    assert profile.key == DEFAULT_METADATA_KEY == "authority_tier"
    for index, name in enumerate(LEGAL):
        tier = profile.tier({"authority_tier": name})
        assert (tier.rank, tier.name) == (index, name)


def test_ordered_profile_ranks_missing_or_unknown_names_below_every_named_tier() -> None:
    profile = OrderedTierProfile(LEGAL)
    missing = profile.tier({})
    unknown = profile.tier({"authority_tier": "Statute"})
    assert (missing.rank, missing.name) == (UNKNOWN_RANK, "")
    assert (unknown.rank, unknown.name) == (UNKNOWN_RANK, "Statute")
    assert unknown < profile.tier({"authority_tier": LEGAL[0]})
    assert profile.rank_of("nope") == UNKNOWN_RANK
    assert profile.rank_of("statute") == 3


def test_ordered_profile_reads_the_key_it_is_given_and_nothing_else() -> None:
    profile = OrderedTierProfile(LEGAL, key="standing")
    assert profile.tier({"standing": "statute"}).rank == 3
    assert profile.tier({"authority_tier": "statute"}).rank == UNKNOWN_RANK


def test_ordered_profile_keeps_an_order_given_as_a_list_as_a_tuple() -> None:
    profile = OrderedTierProfile(list(LEGAL))  # type: ignore[arg-type]
    assert profile.order == LEGAL
    assert hash(profile) == hash(OrderedTierProfile(LEGAL))


def test_ordered_profile_refuses_an_empty_order() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_ORDER}$"):
        OrderedTierProfile(())


def test_ordered_profile_refuses_an_empty_tier_name() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_TIER}$"):
        OrderedTierProfile(("a", "", "b"))


def test_ordered_profile_refuses_a_duplicate_tier_naming_it() -> None:
    with pytest.raises(AuthorityError) as caught:
        OrderedTierProfile(("a", "b", "a"))
    assert str(caught.value) == ERR_DUPLICATE_TIER.format(tier="a")


def test_ordered_profile_refuses_an_empty_metadata_key() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_METADATA_KEY}$"):
        OrderedTierProfile(LEGAL, key="")


# --- AuthorityPolicy --------------------------------------------------------------------


def test_unranked_policy_is_default_v1_without_a_floor() -> None:
    policy = AuthorityPolicy.unranked()
    assert isinstance(policy.profile, DefaultAuthorityProfile)
    assert policy.minimum is None
    assert policy.profile_version == "default.v1"
    assert policy.minimum_tier == ""
    assert policy.order == ()
    assert policy.metadata_key == DEFAULT_METADATA_KEY
    assert policy.tier({"authority_tier": "statute"}) == UNRANKED_TIER
    assert policy.meets_floor(AuthorityTier(UNKNOWN_RANK))


def test_ordered_policy_binds_the_order_the_floor_and_the_key() -> None:
    policy = AuthorityPolicy.ordered(list(LEGAL), minimum_tier="general-statute", key="k")
    assert policy.profile == OrderedTierProfile(LEGAL, key="k")
    assert policy.minimum is not None
    assert (policy.minimum.rank, policy.minimum.name) == (2, "general-statute")
    assert policy.profile_version == "ordered.v1"
    assert policy.minimum_tier == "general-statute"
    assert policy.order == LEGAL
    assert policy.metadata_key == "k"
    assert policy.tier({"k": "statute"}).rank == 3


def test_ordered_policy_defaults_to_the_authority_tier_key_and_no_floor() -> None:
    policy = AuthorityPolicy.ordered(LEGAL)
    assert policy.metadata_key == "authority_tier"
    assert policy.minimum is None
    assert policy.minimum_tier == ""


def test_an_empty_minimum_tier_means_no_floor() -> None:
    assert AuthorityPolicy.ordered(LEGAL, minimum_tier="").minimum is None


def test_the_floor_admits_its_own_tier_and_above_and_refuses_below() -> None:
    policy = AuthorityPolicy.ordered(LEGAL, minimum_tier="general-statute")
    assert policy.meets_floor(AuthorityTier(2))
    assert policy.meets_floor(AuthorityTier(5))
    assert not policy.meets_floor(AuthorityTier(1))
    assert not policy.meets_floor(AuthorityTier(UNKNOWN_RANK))


def test_the_lowest_tier_as_floor_still_refuses_unknown_names() -> None:
    policy = AuthorityPolicy.ordered(LEGAL, minimum_tier=LEGAL[0])
    assert policy.minimum == AuthorityTier(0)
    assert policy.meets_floor(AuthorityTier(0))
    assert not policy.meets_floor(AuthorityTier(UNKNOWN_RANK))


def test_an_unknown_minimum_tier_is_refused_at_construction_naming_it_and_the_order() -> None:
    with pytest.raises(AuthorityError) as caught:
        AuthorityPolicy.ordered(LEGAL, minimum_tier="statue")
    assert str(caught.value) == ERR_UNKNOWN_MINIMUM_TIER.format(tier="statue", order=list(LEGAL))
    assert "'statue'" in str(caught.value)
    assert "controlling-statute" in str(caught.value)


def test_ordered_policy_refuses_duplicate_and_empty_tiers() -> None:
    with pytest.raises(AuthorityError, match="appears more than once"):
        AuthorityPolicy.ordered(("a", "a"))
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_TIER}$"):
        AuthorityPolicy.ordered(("",))
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_ORDER}$"):
        AuthorityPolicy.ordered(())


def test_a_floor_on_the_default_profile_is_refused_even_when_built_directly() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_FLOOR_WITHOUT_ORDER}$"):
        AuthorityPolicy(DefaultAuthorityProfile(), AuthorityTier(0, "x"))


def test_snapshot_of_an_unranked_policy_is_empty_but_complete() -> None:
    assert AuthorityPolicy.unranked().snapshot() == {
        "profile": "default.v1",
        "tier_order": [],
        "minimum_tier": "",
        "metadata_key": "authority_tier",
    }


def test_snapshot_of_an_ordered_policy_records_everything_it_selects_by() -> None:
    policy = AuthorityPolicy.ordered(LEGAL, minimum_tier="statute", key="standing")
    assert policy.snapshot() == {
        "profile": "ordered.v1",
        "tier_order": list(LEGAL),
        "minimum_tier": "statute",
        "metadata_key": "standing",
    }


# --- AuthorityPolicy.from_settings --------------------------------------------------------


def test_from_settings_builds_the_unranked_policy_for_default_v1() -> None:
    policy = AuthorityPolicy.from_settings(profile="default.v1", tier_order=LEGAL)
    assert policy == AuthorityPolicy.unranked()


def test_from_settings_builds_an_ordered_policy_for_ordered_v1() -> None:
    policy = AuthorityPolicy.from_settings(
        profile="ordered.v1", tier_order=LEGAL, minimum_tier="statute", metadata_key="k"
    )
    assert policy == AuthorityPolicy.ordered(LEGAL, minimum_tier="statute", key="k")


def test_from_settings_uses_the_default_key_and_no_floor_unless_told() -> None:
    policy = AuthorityPolicy.from_settings(profile="ordered.v1", tier_order=LEGAL)
    assert policy.metadata_key == "authority_tier"
    assert policy.minimum is None


def test_from_settings_refuses_a_floor_with_default_v1() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_FLOOR_WITHOUT_ORDER}$"):
        AuthorityPolicy.from_settings(profile="default.v1", tier_order=LEGAL, minimum_tier="a")


def test_from_settings_refuses_an_unknown_profile_naming_it() -> None:
    with pytest.raises(AuthorityError) as caught:
        AuthorityPolicy.from_settings(profile="ordered.v2", tier_order=LEGAL)
    expected = ERR_UNKNOWN_PROFILE.format(profile="ordered.v2", known=list(PROFILE_VERSIONS))
    assert str(caught.value) == expected
    assert "'default.v1', 'ordered.v1'" in expected


def test_from_settings_refuses_ordered_v1_without_an_order() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_ORDER}$"):
        AuthorityPolicy.from_settings(profile="ordered.v1")


# --- select_by_authority ----------------------------------------------------------------

FLOORED = AuthorityPolicy.ordered(LEGAL, minimum_tier="general-statute")
MIXED = (
    doc("blog", "secondary-blog"),
    doc("statute-a", "statute"),
    doc("florida", "out-of-jurisdiction"),
    doc("controlling", "controlling-statute"),
    doc("untagged"),
    doc("general", "general-statute"),
    doc("statute-b", "statute"),
)


def test_strict_drops_everything_below_the_floor_and_sorts_the_rest_highest_first() -> None:
    selection = select_by_authority(MIXED, FLOORED, "strict")
    assert names(selection.selected) == ["controlling", "statute-a", "statute-b", "general"]
    assert names(selection.withheld) == ["blog", "florida", "untagged"]


def test_strict_has_no_fallback_when_nothing_meets_the_floor() -> None:
    low = (doc("blog", "secondary-blog"), doc("florida", "out-of-jurisdiction"))
    selection = select_by_authority(low, FLOORED, TrustMode.STRICT)
    assert selection.selected == ()
    assert selection.withheld == low


def test_strict_without_a_floor_only_sorts() -> None:
    policy = AuthorityPolicy.ordered(LEGAL)
    selection = select_by_authority(MIXED, policy, "strict")
    assert names(selection.selected) == [
        "controlling",
        "statute-a",
        "statute-b",
        "general",
        "blog",
        "florida",
        "untagged",
    ]
    assert selection.withheld == ()


def test_normal_only_sorts_highest_first_keeping_ties_in_input_order() -> None:
    selection = select_by_authority(MIXED, FLOORED, "normal")
    assert names(selection.selected) == [
        "controlling",
        "statute-a",
        "statute-b",
        "general",
        "blog",
        "florida",
        "untagged",
    ]
    assert selection.withheld == ()


def test_exploratory_returns_the_candidates_untouched() -> None:
    selection = select_by_authority(list(MIXED), FLOORED, "exploratory")
    assert selection == Selection(MIXED, ())


def test_the_unranked_policy_is_the_identity_in_every_mode() -> None:
    for mode in TrustMode:
        selection = select_by_authority(MIXED, AuthorityPolicy.unranked(), mode)
        assert selection.selected == MIXED
        assert selection.withheld == ()


def test_selection_of_nothing_is_nothing() -> None:
    for mode in TrustMode:
        assert select_by_authority([], FLOORED, mode) == Selection((), ())


def test_selection_reads_metadata_through_the_given_accessor() -> None:
    rows = [("low", "secondary-blog"), ("high", "statute")]
    selection = select_by_authority(
        rows, FLOORED, "strict", metadata=lambda row: {"authority_tier": row[1]}
    )
    assert selection.selected == (("high", "statute"),)
    assert selection.withheld == (("low", "secondary-blog"),)


def test_selection_reads_the_policy_key() -> None:
    policy = AuthorityPolicy.ordered(LEGAL, minimum_tier="statute", key="standing")
    items = (doc("by-default-key", "controlling-statute"), doc("by-own-key", "statute", "standing"))
    selection = select_by_authority(items, policy, "strict")
    assert names(selection.selected) == ["by-own-key"]
    assert names(selection.withheld) == ["by-default-key"]


def test_selection_refuses_an_unknown_mode() -> None:
    with pytest.raises(AuthorityError, match="unknown trust mode 'fast'"):
        select_by_authority(MIXED, FLOORED, "fast")


def test_selection_default_withheld_is_empty() -> None:
    assert Selection((1, 2)).withheld == ()

"""Source-type levels, lane policies and where a document's tier comes from
(docs/design.md#lanes-and-levels, docs/design.md#where-a-tier-comes-from)."""

from __future__ import annotations

import pytest

from citenexus.domain.authority import (
    ERR_DUPLICATE_TIER,
    ERR_EMPTY_METADATA_KEY,
    ERR_EMPTY_ORDER,
    ERR_EMPTY_TIER,
    ERR_FLOOR_WITHOUT_ORDER,
    ERR_UNKNOWN_MINIMUM_TIER,
    ERR_UNKNOWN_PROFILE,
    AuthorityError,
    AuthorityPolicy,
)
from citenexus.domain.levels import (
    CORRECTION_AUTHORITY,
    DECLARED_WITHOUT_TIER,
    DEFAULT_LEVELS,
    DEFAULT_TIER_ORDER,
    ERR_ASSERTED_TIER_NOT_IN_ORDER,
    ERR_DECLARED_FALLBACK_NOT_IN_ORDER,
    ERR_EMPTY_SOURCE_TYPE,
    ERR_OPEN_FALLBACK_NOT_IN_ORDER,
    ERR_POLICY_TIER_NOT_IN_ORDER,
    ERR_UNDECLARED_SOURCE_TYPE,
    ERR_UNKNOWN_KIND,
    ERR_WRITER_NAMED_TIER,
    HINT_DID_YOU_MEAN,
    LANE_CLOSED,
    LANE_KINDS,
    LANE_OPEN,
    LEGAL_PRECEDENCE,
    LEGAL_TEMPLATE,
    OPEN_LANE_SOURCE_TYPES,
    TEMPLATES,
    LanePolicy,
    LanePolicyError,
    authority_metadata_for,
    closest_tier,
    lane_policy_problems,
    precedence,
    tier_for_source_type,
    tier_order_from_precedence,
    validate_lane_policy,
)

LEGAL_POLICY = {"documentary": "statute", "conversational": "secondary-blog"}


def legal_lane(**changes: object) -> LanePolicy:
    settings: dict[str, object] = {
        "kind": LANE_OPEN,
        "tier_order": LEGAL_TEMPLATE,
        "minimum_tier": "general-statute",
        "profile": "ordered.v1",
        "source_type_policy": LEGAL_POLICY,
    }
    settings.update(changes)
    return LanePolicy(**settings)  # type: ignore[arg-type]


def closed_lane(policy: dict[str, str | None]) -> LanePolicy:
    return LanePolicy(kind=LANE_CLOSED, source_type_policy=policy)


def refusal(lane: LanePolicy) -> tuple[str, ...]:
    with pytest.raises(LanePolicyError) as caught:
        validate_lane_policy(lane)
    return caught.value.problems


# --- the levels and templates -----------------------------------------------------------


def test_default_levels_are_listed_highest_first() -> None:
    assert DEFAULT_LEVELS == (
        "human_correction",
        "human_confirmation",
        "documentary",
        "conversational",
        "system_inference",
    )


def test_default_tier_order_is_the_levels_least_first() -> None:
    assert DEFAULT_TIER_ORDER == (
        "system_inference",
        "conversational",
        "documentary",
        "human_confirmation",
        "human_correction",
    )


def test_legal_template_is_least_first_and_its_precedence_highest_first() -> None:
    assert LEGAL_TEMPLATE[0] == "out-of-jurisdiction"
    assert LEGAL_TEMPLATE[-1] == "controlling-statute"
    assert LEGAL_TEMPLATE == (
        "out-of-jurisdiction",
        "secondary-blog",
        "general-statute",
        "statute",
        "binding-appellate",
        "controlling-statute",
    )
    assert tuple(reversed(LEGAL_TEMPLATE)) == LEGAL_PRECEDENCE


def test_templates_offer_both_starting_orders_least_first() -> None:
    assert dict(TEMPLATES) == {"levels": DEFAULT_TIER_ORDER, "legal": LEGAL_TEMPLATE}


def test_a_correction_defaults_to_the_highest_level() -> None:
    assert CORRECTION_AUTHORITY == DEFAULT_LEVELS[0] == "human_correction"


def test_a_declared_type_without_a_tier_gets_conversational() -> None:
    assert DECLARED_WITHOUT_TIER == "conversational"
    assert OPEN_LANE_SOURCE_TYPES == ("documentary", "conversational")
    assert LANE_KINDS == ("open", "closed")


def test_a_precedence_turns_into_a_tier_order_by_reversing_it() -> None:
    assert tier_order_from_precedence(DEFAULT_LEVELS) == DEFAULT_TIER_ORDER
    assert tier_order_from_precedence(["high", "low"]) == ("low", "high")


# --- LanePolicy -------------------------------------------------------------------------


def test_a_new_lane_is_open_unranked_and_on_the_default_levels() -> None:
    lane = LanePolicy()
    assert lane.kind == "open"
    assert lane.tier_order == DEFAULT_TIER_ORDER
    assert lane.precedence_order == DEFAULT_LEVELS
    assert lane.minimum_tier is None
    assert lane.profile == "default.v1"
    assert lane.metadata_key == "authority_tier"
    assert dict(lane.source_type_policy) == {}
    assert validate_lane_policy(lane) is lane


def test_a_lane_normalises_lists_blanks_and_empty_tiers() -> None:
    lane = LanePolicy(
        tier_order=["a", "conversational", "documentary"],  # type: ignore[arg-type]
        minimum_tier="",
        source_type_policy={"memo": "", "email": "a"},
    )
    assert lane.tier_order == ("a", "conversational", "documentary")
    assert lane.minimum_tier is None
    assert dict(lane.source_type_policy) == {"memo": None, "email": "a"}


def test_a_lane_copies_its_policy_so_later_edits_to_the_source_change_nothing() -> None:
    source: dict[str, str | None] = {"memo": "documentary"}
    lane = LanePolicy(source_type_policy=source)
    source["memo"] = "conversational"
    assert lane.source_type_policy["memo"] == "documentary"
    with pytest.raises(TypeError):
        lane.source_type_policy["memo"] = "x"  # type: ignore[index]


def test_lanes_are_equal_by_value_and_hashable() -> None:
    assert legal_lane() == legal_lane()
    assert legal_lane() != legal_lane(source_type_policy={"documentary": "statute"})
    assert hash(legal_lane()) == hash(legal_lane())


def test_allowed_source_types_are_the_declared_ones_sorted() -> None:
    lane = closed_lane({"memo": None, "contract": "documentary"})
    assert lane.allowed_source_types == ("contract", "memo")


def test_a_lane_builds_the_authority_policy_it_selects_by() -> None:
    assert legal_lane().authority_policy() == AuthorityPolicy.ordered(
        LEGAL_TEMPLATE, minimum_tier="general-statute"
    )
    assert legal_lane(metadata_key="standing").authority_policy().metadata_key == "standing"
    assert LanePolicy().authority_policy() == AuthorityPolicy.unranked()


def test_precedence_states_the_order_highest_first_with_floor_and_profile() -> None:
    assert precedence(legal_lane()) == {
        "order": list(LEGAL_PRECEDENCE),
        "minimum_tier": "general-statute",
        "profile": "ordered.v1",
        "metadata_key": "authority_tier",
    }
    assert precedence(LanePolicy()) == {
        "order": list(DEFAULT_LEVELS),
        "minimum_tier": None,
        "profile": "default.v1",
        "metadata_key": "authority_tier",
    }


# --- closest_tier -----------------------------------------------------------------------


def test_closest_tier_suggests_a_near_spelling() -> None:
    assert closest_tier("statue", LEGAL_TEMPLATE) == "statute"
    assert closest_tier("Secondary-Blog", LEGAL_TEMPLATE) == "secondary-blog"
    assert closest_tier("documentry", DEFAULT_TIER_ORDER) == "documentary"


def test_closest_tier_returns_an_exact_name_itself() -> None:
    assert closest_tier("statute", LEGAL_TEMPLATE) == "statute"


def test_closest_tier_suggests_nothing_when_nothing_is_close() -> None:
    assert closest_tier("zzzz", LEGAL_TEMPLATE) is None
    assert closest_tier("statute", ()) is None


# --- validate_lane_policy ---------------------------------------------------------------


def test_a_well_formed_legal_lane_is_accepted() -> None:
    lane = legal_lane()
    assert lane_policy_problems(lane) == []
    assert validate_lane_policy(lane) is lane


def test_a_policy_tier_outside_the_order_is_refused_naming_type_tier_and_suggestion() -> None:
    problems = refusal(legal_lane(source_type_policy={**LEGAL_POLICY, "memo": "statue"}))
    hint = HINT_DID_YOU_MEAN.format(suggestion="statute")
    assert problems == (
        ERR_POLICY_TIER_NOT_IN_ORDER.format(
            source_type="memo", tier="statue", order=list(LEGAL_TEMPLATE), hint=hint
        ),
    )
    assert "'memo'" in problems[0]
    assert "'statue'" in problems[0]
    assert problems[0].endswith("; did you mean 'statute'?")


def test_a_policy_tier_with_no_near_name_gets_no_suggestion() -> None:
    problems = refusal(legal_lane(source_type_policy={**LEGAL_POLICY, "memo": "zzzz"}))
    assert problems == (
        ERR_POLICY_TIER_NOT_IN_ORDER.format(
            source_type="memo", tier="zzzz", order=list(LEGAL_TEMPLATE), hint=""
        ),
    )


def test_a_declared_type_without_a_tier_needs_conversational_in_the_order() -> None:
    problems = refusal(legal_lane(source_type_policy={**LEGAL_POLICY, "memo": None}))
    assert problems == (
        ERR_DECLARED_FALLBACK_NOT_IN_ORDER.format(
            source_type="memo", tier="conversational", order=list(LEGAL_TEMPLATE)
        ),
    )
    assert lane_policy_problems(closed_lane({"memo": None})) == []


def test_an_open_lane_must_map_writer_types_its_order_does_not_name() -> None:
    problems = refusal(legal_lane(source_type_policy={"documentary": "statute"}))
    assert problems == (
        ERR_OPEN_FALLBACK_NOT_IN_ORDER.format(
            source_type="conversational", order=list(LEGAL_TEMPLATE)
        ),
    )
    both = refusal(legal_lane(source_type_policy={}))
    assert [p.split("'")[1] for p in both] == ["documentary", "conversational"]


def test_a_closed_lane_need_not_map_types_it_does_not_declare() -> None:
    lane = legal_lane(kind=LANE_CLOSED, source_type_policy={"statute-text": "statute"})
    assert lane_policy_problems(lane) == []
    assert lane_policy_problems(legal_lane(kind=LANE_CLOSED, source_type_policy={})) == []


def test_an_open_lane_whose_order_names_the_writer_types_needs_no_mapping() -> None:
    assert lane_policy_problems(LanePolicy(kind=LANE_OPEN)) == []


def test_an_unknown_kind_is_refused_naming_it() -> None:
    assert refusal(LanePolicy(kind="private")) == (ERR_UNKNOWN_KIND.format(kind="private"),)


def test_an_unknown_profile_is_refused_naming_it_with_a_suggestion() -> None:
    problems = refusal(LanePolicy(profile="ordered.v2"))
    known = ["default.v1", "ordered.v1"]
    assert problems == (
        ERR_UNKNOWN_PROFILE.format(profile="ordered.v2", known=known)
        + HINT_DID_YOU_MEAN.format(suggestion="ordered.v1"),
    )
    assert refusal(LanePolicy(profile="x")) == (
        ERR_UNKNOWN_PROFILE.format(profile="x", known=known),
    )


def test_an_empty_metadata_key_is_refused() -> None:
    assert refusal(LanePolicy(metadata_key="")) == (ERR_EMPTY_METADATA_KEY,)


def test_an_empty_order_is_refused() -> None:
    problems = refusal(LanePolicy(tier_order=(), source_type_policy=LEGAL_POLICY))
    assert problems[0] == ERR_EMPTY_ORDER


def test_an_empty_tier_name_is_refused_once() -> None:
    order = (*DEFAULT_TIER_ORDER, "", "")
    assert refusal(LanePolicy(tier_order=order)) == (ERR_EMPTY_TIER,)


def test_each_duplicated_tier_is_refused_once_by_name() -> None:
    order = (*DEFAULT_TIER_ORDER, "documentary", "documentary", "conversational")
    assert refusal(LanePolicy(tier_order=order)) == (
        ERR_DUPLICATE_TIER.format(tier="documentary"),
        ERR_DUPLICATE_TIER.format(tier="conversational"),
    )


def test_a_floor_outside_the_order_is_refused_naming_it_with_a_suggestion() -> None:
    problems = refusal(legal_lane(minimum_tier="general-statue"))
    assert problems == (
        ERR_UNKNOWN_MINIMUM_TIER.format(tier="general-statue", order=list(LEGAL_TEMPLATE))
        + HINT_DID_YOU_MEAN.format(suggestion="general-statute"),
    )


def test_a_floor_with_the_default_profile_is_refused() -> None:
    lane = legal_lane(profile="default.v1")
    assert refusal(lane) == (ERR_FLOOR_WITHOUT_ORDER,)
    assert lane_policy_problems(legal_lane(profile="default.v1", minimum_tier=None)) == []


def test_an_empty_source_type_in_the_policy_is_refused() -> None:
    assert refusal(closed_lane({"": "documentary"})) == (ERR_EMPTY_SOURCE_TYPE,)


def test_every_problem_is_reported_at_once_in_a_stable_order() -> None:
    lane = LanePolicy(
        kind="private",
        tier_order=("a", "a"),
        minimum_tier="b",
        profile="default.v1",
        metadata_key="",
        source_type_policy={"memo": "c"},
    )
    with pytest.raises(LanePolicyError) as caught:
        validate_lane_policy(lane)
    problems = caught.value.problems
    assert problems == (
        ERR_UNKNOWN_KIND.format(kind="private"),
        ERR_EMPTY_METADATA_KEY,
        ERR_DUPLICATE_TIER.format(tier="a"),
        ERR_FLOOR_WITHOUT_ORDER,
        ERR_UNKNOWN_MINIMUM_TIER.format(tier="b", order=["a", "a"]),
        ERR_POLICY_TIER_NOT_IN_ORDER.format(
            source_type="memo", tier="c", order=["a", "a"], hint=""
        ),
    )
    assert str(caught.value) == "; ".join(problems)
    assert isinstance(caught.value, AuthorityError)


# --- tier_for_source_type (docs/design.md#where-a-tier-comes-from) -------------------------


def test_an_open_lane_gives_a_writer_type_its_own_name() -> None:
    lane = LanePolicy()
    assert tier_for_source_type(lane, "documentary") == "documentary"
    assert tier_for_source_type(lane, "conversational") == "conversational"
    assert tier_for_source_type(lane, "system_inference") == "system_inference"


def test_an_open_lane_gives_an_unknown_type_its_own_name_which_ranks_unknown() -> None:
    lane = legal_lane()
    assert tier_for_source_type(lane, "email") == "email"
    policy = lane.authority_policy()
    assert policy.tier({"authority_tier": "email"}).rank == -1


def test_an_open_lane_applies_its_policy_before_the_type_name() -> None:
    lane = legal_lane()
    assert tier_for_source_type(lane, "documentary") == "statute"
    assert tier_for_source_type(lane, "conversational") == "secondary-blog"


def test_a_closed_lane_gives_a_declared_type_its_declared_tier() -> None:
    lane = closed_lane({"contract": "documentary", "call-notes": None})
    assert tier_for_source_type(lane, "contract") == "documentary"


def test_a_closed_lane_gives_a_type_declared_without_a_tier_conversational() -> None:
    lane = closed_lane({"contract": "documentary", "call-notes": None})
    assert tier_for_source_type(lane, "call-notes") == "conversational"


def test_an_open_lane_gives_a_type_declared_without_a_tier_conversational() -> None:
    lane = LanePolicy(source_type_policy={"documentary": None})
    assert tier_for_source_type(lane, "documentary") == "conversational"


def test_a_closed_lane_refuses_an_undeclared_type_listing_the_allowed_ones() -> None:
    lane = closed_lane({"memo": None, "contract": "documentary"})
    with pytest.raises(LanePolicyError) as caught:
        tier_for_source_type(lane, "documentary")
    expected = ERR_UNDECLARED_SOURCE_TYPE.format(
        source_type="documentary", allowed=["contract", "memo"]
    )
    assert str(caught.value) == expected
    assert caught.value.problems == (expected,)
    assert "['contract', 'memo']" in expected


def test_a_closed_lane_refuses_an_undeclared_type_even_with_an_asserted_tier() -> None:
    lane = closed_lane({"memo": None})
    with pytest.raises(LanePolicyError, match="not allowed in this closed lane"):
        tier_for_source_type(lane, "blog", asserted="documentary")


def test_a_curators_assertion_wins_over_the_policy_and_the_type_name() -> None:
    lane = legal_lane()
    assert tier_for_source_type(lane, "documentary", asserted="controlling-statute") == (
        "controlling-statute"
    )
    assert tier_for_source_type(lane, "email", asserted="out-of-jurisdiction") == (
        "out-of-jurisdiction"
    )
    closed = closed_lane({"memo": "documentary"})
    assert tier_for_source_type(closed, "memo", asserted="human_confirmation") == (
        "human_confirmation"
    )


def test_an_assertion_outside_the_order_is_refused_naming_it_and_listing_the_order() -> None:
    with pytest.raises(LanePolicyError) as caught:
        tier_for_source_type(legal_lane(), "documentary", asserted="statue")
    assert str(caught.value) == ERR_ASSERTED_TIER_NOT_IN_ORDER.format(
        tier="statue",
        order=list(LEGAL_TEMPLATE),
        hint=HINT_DID_YOU_MEAN.format(suggestion="statute"),
    )
    with pytest.raises(LanePolicyError) as far:
        tier_for_source_type(legal_lane(), "documentary", asserted="zzzz")
    assert str(far.value) == ERR_ASSERTED_TIER_NOT_IN_ORDER.format(
        tier="zzzz", order=list(LEGAL_TEMPLATE), hint=""
    )


def test_an_empty_assertion_is_no_assertion() -> None:
    assert tier_for_source_type(legal_lane(), "documentary", asserted="") == "statute"
    assert tier_for_source_type(legal_lane(), "documentary", asserted=None) == "statute"


def test_an_empty_source_type_is_refused_in_every_lane() -> None:
    for lane in (LanePolicy(), closed_lane({"": "documentary"})):
        with pytest.raises(LanePolicyError) as caught:
            tier_for_source_type(lane, "", asserted="documentary")
        assert str(caught.value) == ERR_EMPTY_SOURCE_TYPE


# --- authority_metadata_for ---------------------------------------------------------------


def test_stored_metadata_keeps_what_was_given_and_adds_the_tier() -> None:
    given = {"jurisdiction": "CA", "authority_rank": "1"}
    stored = authority_metadata_for(legal_lane(), "documentary", given)
    assert stored == {"jurisdiction": "CA", "authority_rank": "1", "authority_tier": "statute"}
    assert given == {"jurisdiction": "CA", "authority_rank": "1"}


def test_stored_metadata_uses_the_lanes_key() -> None:
    lane = legal_lane(metadata_key="standing")
    stored = authority_metadata_for(lane, "conversational", {"authority_tier": "ignored"})
    assert stored == {"authority_tier": "ignored", "standing": "secondary-blog"}


def test_a_curators_tier_in_the_metadata_is_the_assertion() -> None:
    stored = authority_metadata_for(legal_lane(), "documentary", {"authority_tier": "statute"})
    assert stored == {"authority_tier": "statute"}
    raised = authority_metadata_for(
        legal_lane(), "conversational", {"authority_tier": "controlling-statute"}
    )
    assert raised == {"authority_tier": "controlling-statute"}


def test_a_blank_tier_in_the_metadata_falls_back_to_the_source_type() -> None:
    stored = authority_metadata_for(legal_lane(), "conversational", {"authority_tier": ""})
    assert stored == {"authority_tier": "secondary-blog"}


def test_a_curators_unknown_tier_in_the_metadata_is_refused() -> None:
    with pytest.raises(LanePolicyError, match="'statue' is not in this lane's tier order"):
        authority_metadata_for(legal_lane(), "documentary", {"authority_tier": "statue"})


def test_a_writer_that_may_not_assert_is_refused_when_it_names_a_tier() -> None:
    with pytest.raises(LanePolicyError) as caught:
        authority_metadata_for(
            legal_lane(), "conversational", {"authority_tier": "statute"}, may_assert=False
        )
    assert str(caught.value) == ERR_WRITER_NAMED_TIER.format(key="authority_tier")


def test_a_writer_that_may_not_assert_gets_its_source_types_tier() -> None:
    stored = authority_metadata_for(
        legal_lane(), "conversational", {"jurisdiction": "CA"}, may_assert=False
    )
    assert stored == {"jurisdiction": "CA", "authority_tier": "secondary-blog"}
    blank = authority_metadata_for(
        legal_lane(), "conversational", {"authority_tier": ""}, may_assert=False
    )
    assert blank == {"authority_tier": "secondary-blog"}


def test_a_closed_lane_refuses_the_metadata_of_an_undeclared_type() -> None:
    with pytest.raises(LanePolicyError, match="not allowed in this closed lane"):
        authority_metadata_for(closed_lane({"memo": None}), "blog", {})

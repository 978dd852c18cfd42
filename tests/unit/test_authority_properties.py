"""Invariants of ``select_by_authority`` (docs/design.md#trust-modes), checked over generated
lanes and candidates.

Note: strict mode sorts its survivors, so its output is a subsequence of the *normal* ordering
(and a sub-multiset of the input), not of the input itself; ``withheld`` keeps input order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.authority import (
    DEFAULT_METADATA_KEY,
    AuthorityPolicy,
    TrustMode,
    select_by_authority,
)


@dataclass(frozen=True, eq=False)  # identity equality: a copy is not the candidate it copies
class Doc:
    label: int
    authority_meta: Mapping[str, str] = field(default_factory=dict)


TIER_NAMES = st.text(alphabet="abcdefgh-", min_size=1, max_size=6)
ORDERS = st.lists(TIER_NAMES, min_size=1, max_size=6, unique=True).map(tuple)
MODES = st.sampled_from(list(TrustMode))


@st.composite
def lanes(draw: st.DrawFn) -> tuple[tuple[str, ...], str | None, list[Doc]]:
    """A tier order, an optional floor from it, and candidates tagged from it or not at all."""
    order = draw(ORDERS)
    floor = draw(st.none() | st.sampled_from(order))
    # Unknown names are drawn from another alphabet so they can never collide with the order.
    tag = st.none() | st.sampled_from(order) | st.text(alphabet="XYZ", min_size=1, max_size=3)
    tags = draw(st.lists(tag, max_size=12))
    docs = [Doc(i, {} if t is None else {DEFAULT_METADATA_KEY: t}) for i, t in enumerate(tags)]
    return order, floor, docs


def is_subsequence(part: tuple[Doc, ...], whole: tuple[Doc, ...]) -> bool:
    rest = iter(whole)
    return all(any(item is other for other in rest) for item in part)


def ids(items: tuple[Doc, ...] | list[Doc]) -> list[int]:
    return [id(item) for item in items]


@given(st.lists(st.dictionaries(st.text(max_size=5), st.text(max_size=5)), max_size=10), MODES)
def test_the_unranked_policy_is_the_identity_in_every_mode(
    metas: list[dict[str, str]], mode: TrustMode
) -> None:
    docs = [Doc(i, m) for i, m in enumerate(metas)]
    selection = select_by_authority(docs, AuthorityPolicy.unranked(), mode)
    assert ids(selection.selected) == ids(docs)
    assert selection.withheld == ()


@given(lanes(), MODES)
def test_selection_never_admits_anything_not_in_the_input(
    lane: tuple[tuple[str, ...], str | None, list[Doc]], mode: TrustMode
) -> None:
    order, floor, docs = lane
    policy = AuthorityPolicy.ordered(order, minimum_tier=floor)
    selection = select_by_authority(docs, policy, mode)
    given_ids = Counter(ids(docs))
    assert not Counter(ids(selection.selected)) - given_ids
    assert not Counter(ids(selection.withheld)) - given_ids


@given(lanes())
def test_strict_selected_and_withheld_partition_the_input(
    lane: tuple[tuple[str, ...], str | None, list[Doc]],
) -> None:
    order, floor, docs = lane
    policy = AuthorityPolicy.ordered(order, minimum_tier=floor)
    selection = select_by_authority(docs, policy, "strict")
    assert Counter(ids(selection.selected)) + Counter(ids(selection.withheld)) == Counter(ids(docs))
    assert is_subsequence(selection.withheld, tuple(docs))


@given(lanes())
def test_nothing_below_the_floor_survives_strict_and_everything_at_or_above_it_does(
    lane: tuple[tuple[str, ...], str | None, list[Doc]],
) -> None:
    order, floor, docs = lane
    policy = AuthorityPolicy.ordered(order, minimum_tier=floor)
    selection = select_by_authority(docs, policy, "strict")
    floor_rank = order.index(floor) if floor is not None else None
    for item in selection.selected:
        assert floor_rank is None or policy.tier(item.authority_meta).rank >= floor_rank
    for item in selection.withheld:
        assert floor_rank is not None and policy.tier(item.authority_meta).rank < floor_rank


@given(lanes())
def test_strict_output_is_the_normal_ordering_with_the_withheld_removed(
    lane: tuple[tuple[str, ...], str | None, list[Doc]],
) -> None:
    order, floor, docs = lane
    policy = AuthorityPolicy.ordered(order, minimum_tier=floor)
    strict = select_by_authority(docs, policy, "strict")
    normal = select_by_authority(docs, policy, "normal")
    withheld = set(ids(strict.withheld))
    assert ids(strict.selected) == [i for i in ids(normal.selected) if i not in withheld]
    assert is_subsequence(strict.selected, normal.selected)


@given(lanes())
def test_normal_is_a_stable_sort_by_rank_descending_that_drops_nothing(
    lane: tuple[tuple[str, ...], str | None, list[Doc]],
) -> None:
    order, floor, docs = lane
    policy = AuthorityPolicy.ordered(order, minimum_tier=floor)
    selection = select_by_authority(docs, policy, "normal")
    assert selection.withheld == ()
    assert sorted(ids(selection.selected)) == sorted(ids(docs))
    ranks = [policy.tier(item.authority_meta).rank for item in selection.selected]
    assert ranks == sorted(ranks, reverse=True)
    for before, after in zip(selection.selected, selection.selected[1:], strict=False):
        if policy.tier(before.authority_meta) == policy.tier(after.authority_meta):
            assert before.label < after.label


@given(lanes())
def test_exploratory_returns_the_input_untouched_even_with_a_floor(
    lane: tuple[tuple[str, ...], str | None, list[Doc]],
) -> None:
    order, floor, docs = lane
    policy = AuthorityPolicy.ordered(order, minimum_tier=floor)
    selection = select_by_authority(docs, policy, "exploratory")
    assert ids(selection.selected) == ids(docs)
    assert selection.withheld == ()


@given(lanes(), MODES)
def test_renaming_tiers_consistently_changes_no_selection(
    lane: tuple[tuple[str, ...], str | None, list[Doc]], mode: TrustMode
) -> None:
    order, floor, docs = lane
    renamed = {name: f"tier-{i}" for i, name in enumerate(order)}

    def rename(meta: Mapping[str, str]) -> dict[str, str]:
        name = meta.get(DEFAULT_METADATA_KEY)
        if name is None:
            return {}
        return {DEFAULT_METADATA_KEY: renamed.get(name, name)}

    original = AuthorityPolicy.ordered(order, minimum_tier=floor)
    respelled = AuthorityPolicy.ordered(
        [renamed[n] for n in order], minimum_tier=None if floor is None else renamed[floor]
    )
    before = select_by_authority(docs, original, mode)
    after = select_by_authority(docs, respelled, mode, metadata=lambda d: rename(d.authority_meta))
    assert ids(after.selected) == ids(before.selected)
    assert ids(after.withheld) == ids(before.withheld)


@given(lanes(), st.data())
def test_raising_the_floor_never_selects_more_in_strict(
    lane: tuple[tuple[str, ...], str | None, list[Doc]], data: st.DataObject
) -> None:
    order, _, docs = lane
    low, high = sorted(
        data.draw(st.lists(st.sampled_from(order), min_size=2, max_size=2)), key=order.index
    )
    lower = select_by_authority(docs, AuthorityPolicy.ordered(order, minimum_tier=low), "strict")
    higher = select_by_authority(docs, AuthorityPolicy.ordered(order, minimum_tier=high), "strict")
    assert set(ids(higher.selected)) <= set(ids(lower.selected))

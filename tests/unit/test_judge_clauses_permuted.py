"""A claim that puts a passage's clauses in another order, each kept whole, reorders; it does not
cross (docs/design.md#the-judges): "Before X, a member must Y if Z" for "If Z, the member shall Y
before X". A role swap stays inside one clause and still crosses."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import JudgeThresholds, LexicalJudge
from citenexus.judges.lexical import _clauses_permuted, _disjoint, _narrowest, crossing
from tests.support.judging import aligned, paired, verdict

JUDGE = LexicalJudge()
THRESHOLDS = JudgeThresholds()
RULE = (
    "If a member has not attended a meeting in the preceding 12 months, the secretary shall "
    "renew the member's card before admitting the member to the archive again."
)


def test_three_clauses_in_another_order_are_a_reordering() -> None:
    claim = (
        "Before admitting a member to the archive again, the secretary must renew the member's "
        "card if the member has not attended a meeting in the preceding 12 months."
    )
    alignment = aligned(claim, RULE, THRESHOLDS)
    assert _clauses_permuted(alignment)
    assert not crossing(alignment)
    assert verdict(JUDGE, claim, RULE) is Verdict.ENTAILS


def test_a_swap_inside_a_clause_still_crosses() -> None:
    passage = "If the fee is unpaid, the treasurer shall notify the secretary before the meeting."
    claim = "Before the meeting, the secretary must notify the treasurer if the fee is unpaid."
    alignment = aligned(claim, passage, THRESHOLDS)
    assert not _clauses_permuted(alignment)
    assert crossing(alignment)
    assert verdict(JUDGE, claim, passage) is not Verdict.ENTAILS


CLAIM = "Before the annual meeting, the secretary reads the minutes aloud."
PASSAGE = "The secretary reads the minutes aloud before the annual meeting."
IN_ORDER = [(6, 1), (7, 2), (9, 4), (10, 5)]  # secretary reads minutes aloud


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        # two pieces, each in order, not interleaved: permuted
        ([(2, 8), (3, 9), *IN_ORDER], True),
        # the pieces interleave in the passage
        ([(2, 1), (3, 9), (6, 2), (7, 3), (9, 4), (10, 5)], False),
        # a piece out of order inside
        ([(2, 8), (3, 9), (6, 4), (7, 2), (9, 1), (10, 5)], False),
        # two words of one piece may swap ("the claimed amount" / "the amount of the claim")
        ([(2, 9), (3, 8), *IN_ORDER], True),
        # a lone word between two cuts is not a clause
        ([(2, 8), *IN_ORDER], False),
        (IN_ORDER, False),
        # one passage word paired twice places neither of its claim words
        ([(2, 8), (3, 8), *IN_ORDER], False),
    ],
)
def test_pieces_of_the_claim_are_read_whole(pairs: list[tuple[int, int]], expected: bool) -> None:
    assert _clauses_permuted(paired(CLAIM, PASSAGE, pairs)) is expected


def test_a_lone_word_inside_another_clause_still_crosses() -> None:
    """The claim's subject, cut off by a comma, falls among the words of the next piece in the
    passage: the auditor and the member have swapped places."""
    passage = (
        "The auditor may, at the auditor's discretion, give a member an opportunity to correct "
        "an error before the review."
    )
    claim = (
        "A member may, at its discretion, give the auditor an opportunity to correct an error "
        "before the review."
    )
    alignment = aligned(claim, passage, THRESHOLDS)
    assert not _clauses_permuted(alignment)
    assert verdict(JUDGE, claim, passage) is not Verdict.ENTAILS


def test_a_lone_word_outside_the_other_clauses_is_a_reordering() -> None:
    passage = (
        "Unless the member objects within 15 days, the club may keep the deposit and shall "
        "send the member the rest within 30 days after the date of the notice."
    )
    claim = (
        "The club may keep the deposit, and must send the rest to the member within 30 days "
        "after the date of the notice, unless the member objects within 15 days."
    )
    assert _clauses_permuted(aligned(claim, passage, THRESHOLDS))


LENDING = (
    "A library shall not refuse to lend a book or a map to a member who declines to give a "
    "deposit, unless the deposit is strictly necessary to lend that book or map."
)


def test_a_word_repeated_in_two_clauses_is_read_in_each_clause() -> None:
    """The claim's pairing gives "lend", "book" and "map" of the fronted clause to the rule's
    clause, where the words stand first; each clause placed on its own holds its words whole."""
    claim = (
        "Unless a deposit is strictly necessary to lend a book or map, a library may not refuse "
        "that book or map to a member who declines to give the deposit."
    )
    alignment = aligned(claim, LENDING, THRESHOLDS)
    assert _clauses_permuted(alignment)
    assert not crossing(alignment)
    assert verdict(JUDGE, claim, LENDING) is Verdict.ENTAILS


def test_a_role_swap_behind_a_repeated_word_still_crosses() -> None:
    claim = (
        "Unless a deposit is strictly necessary to lend a book or map, a member may not refuse "
        "that book or map to a library that declines to give the deposit."
    )
    alignment = aligned(claim, LENDING, THRESHOLDS)
    assert not _clauses_permuted(alignment)
    assert verdict(JUDGE, claim, LENDING) is not Verdict.ENTAILS


def test_each_piece_is_placed_at_its_narrowest_stretch() -> None:
    tokens = aligned("x", "oak ash elm oak elm", THRESHOLDS).unit
    oak, ash, elm = (tokens[k].key for k in range(3))
    assert _narrowest([oak, elm], tokens, 0, len(tokens)) == (3, 4)
    assert _narrowest([oak, ash], tokens, 0, len(tokens)) == (0, 1)
    assert _narrowest([elm, oak], tokens, 0, len(tokens)) == (2, 3)
    assert _narrowest([ash, ash], tokens, 0, len(tokens)) is None
    assert _narrowest([oak, elm], tokens, 0, 4) == (0, 2)
    assert _narrowest([elm], tokens, 3, 5) == (4, 4)
    assert _narrowest([elm], tokens, 0, 5) == (2, 2)


def test_pieces_are_apart_only_when_none_touches_another() -> None:
    assert _disjoint([(4, 6), (0, 3)])
    assert not _disjoint([(0, 3), (3, 5)])
    assert not _disjoint([(0, 5), (2, 3)])
    assert _disjoint([])

"""A clause moved whole to the other side of the rest is a reordering, not a crossing of roles
(docs/design.md, "The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.lexical import _clause_moved, _crosses, crossing
from tests.support.judging import aligned, paired
from tests.support.judging import verdict as verdict_of

JUDGE = LexicalJudge()
PASSAGE = (
    "A clerk is not required to accept a filing that the clerk cannot verify using a "
    "reasonable search of the register."
)


def crosses(claim: str, passage: str) -> bool:
    return crossing(aligned(claim, passage))


def verdict(claim: str, passage: str) -> Verdict | None:
    return verdict_of(JUDGE, claim, passage)


def test_a_fronted_condition_is_no_crossing() -> None:
    claim = (
        "If the clerk cannot verify a filing using a reasonable search of the register, a clerk "
        "is not required to accept it."
    )
    assert not crosses(claim, PASSAGE)
    assert verdict(claim, PASSAGE) is Verdict.ENTAILS


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # No comma between the two runs: the words crossed inside one clause.
        (
            "The buyer pays the seller the deposit within ten days of the sale.",
            "The seller pays the buyer the deposit within ten days of the sale.",
        ),
        # Two runs at a comma, but the roles cross inside the first run.
        (
            "If the seller owes the buyer money, the court orders payment.",
            "The court orders payment if the buyer owes the seller money.",
        ),
        # The runs at the comma are not wholly apart in the passage.
        (
            "The court orders payment, and the buyer owes the seller money.",
            "The buyer orders payment, and the court owes the seller money.",
        ),
    ],
)
def test_a_crossing_that_is_no_moved_clause(claim: str, passage: str) -> None:
    assert crosses(claim, passage)


def test_a_moved_clause_with_its_roles_crossed_inside_the_second_run() -> None:
    claim = "If the sale closes late, the seller pays the buyer a fee."
    passage = "The buyer pays the seller a fee if the sale closes late."
    assert crosses(claim, passage)
    assert verdict(claim, passage) is not Verdict.ENTAILS


def moved(claim: str, pairs: list[tuple[int, int]]) -> bool:
    """``_clause_moved`` on the claim's tokens with the pairs given (passage positions made up)."""
    alignment = paired(claim, claim, pairs)
    positions = [u for _, u in pairs]
    return _clause_moved(alignment, positions, [alignment.claim[c].norm for c, _ in pairs])


# "alpha beta , gamma delta epsilon": tokens 0 1 2 3 4 5.
@pytest.mark.parametrize(
    ("claim", "pairs", "expected"),
    [
        # Two runs of two at a comma, the second in front of the first in the passage.
        ("alpha beta, gamma delta", [(0, 11), (1, 12), (3, 1), (4, 2)], True),
        ("alpha beta, gamma delta epsilon", [(0, 11), (1, 12), (3, 1), (4, 2), (5, 3)], True),
        # The runs touch in the passage (one passage word paired on each side): not apart.
        ("alpha beta, gamma delta", [(0, 5), (1, 6), (3, 4), (4, 5)], False),
        # The comma is inside the first run, not between the runs.
        ("alpha, beta gamma delta", [(0, 11), (2, 12), (3, 1), (4, 2)], False),
        # A split without a comma is passed over for a later one with it.
        ("alpha beta gamma, delta epsilon", [(0, 11), (1, 12), (2, 10), (4, 1), (5, 2)], True),
        # A run of one word is no clause.
        ("alpha, beta gamma", [(0, 11), (2, 1), (3, 2)], False),
    ],
)
def test_where_a_clause_moved(claim: str, pairs: list[tuple[int, int]], expected: bool) -> None:
    assert moved(claim, pairs) is expected


def test_two_words_on_one_passage_word_are_not_on_opposite_sides_of_it() -> None:
    # The pivot's own passage word, paired with a word in front of it, is not "after" it.
    assert not _crosses([3, 3, 1], ["alpha", "beta", "gamma"])
    assert _crosses([4, 3, 1], ["alpha", "beta", "gamma"])

"""A claim that keeps a relative clause of its passage but drops the words in front of the
clause's verb ("that violates" for "that *continues to* violate") states the rule for more
cases: the lexical judge says neutral (citenexus/judges/generality.py, docs/design.md,
"The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.generality import clause_verb_qualified, widened
from tests.support.judging import aligned, paired
from tests.support.judging import verdict as verdict_of

JUDGE = LexicalJudge()
LATE = (
    "(c) A member who repeatedly misses the annual meeting after a warning is liable for a fine "
    "of not more than $50 for each meeting."
)


def verdict(claim: str, passage: str) -> Verdict | None:
    return verdict_of(JUDGE, claim, passage)


def test_a_clause_verb_cut_loose_from_its_qualifier_says_more() -> None:
    claim = (
        "A member who misses the annual meeting after a warning is liable for a fine of not "
        "more than $50 for each meeting."
    )
    assert clause_verb_qualified(aligned(claim, LATE))
    assert widened(aligned(claim, LATE))
    assert verdict(claim, LATE) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # The claim keeps the qualifier: a quote.
        (
            "A member who repeatedly misses the annual meeting after a warning is liable for a "
            "fine of not more than $50 for each meeting.",
            LATE,
        ),
        # The claim adds a qualifier of its own: it narrows, and is not read here.
        (
            "A member who repeatedly misses the annual meeting is liable for a fine.",
            "A member who misses the annual meeting is liable for a fine.",
        ),
        # A word of the claim's own in front of the verb ("it" for "the assessment").
        (
            "A club shall keep each report for three years after the season that it covers ends.",
            "A club shall keep each report for three years after the season that the report "
            "covers ends.",
        ),
        # Words dropped behind the clause's first kept word are not read here.
        (
            "A member who misses the meeting is liable for a fine.",
            "A member who misses the meeting of the board is liable for a fine.",
        ),
        # Another relative word opens the passage's clause.
        (
            "A member who misses the meeting is liable for a fine.",
            "A member that often misses the meeting is liable for a fine.",
        ),
        # The relative word is the claim's last word: no clause follows.
        ("The fine falls on a member who", "The fine falls on a member who often misses it."),
    ],
)
def test_no_clause_verb_cut_loose(claim: str, passage: str) -> None:
    assert not clause_verb_qualified(aligned(claim, passage))


def test_a_relative_word_at_the_end_of_the_passage() -> None:
    # The passage ends on the word the claim's clause hangs on: nothing opens a clause there.
    assert not clause_verb_qualified(
        aligned("The fine falls on a member who misses it.", "The fine falls on a member")
    )


@pytest.mark.parametrize(
    ("claim", "unit", "pairs", "expected"),
    [
        # Only a relative word opens a clause: "pays" between two quoted words is none.
        ("member pays dues", "member pays overdue late dues", [(0, 0), (1, 1), (2, 4)], False),
        # The word in front of the relative word is not quoted: nothing to hang the clause on.
        ("person who misses", "member who often misses", [(2, 3)], False),
        # The passage ends on the word the clause hangs on.
        ("member who misses", "member", [(0, 0), (2, 0)], False),
        # The first relative word opens another clause in the passage; the second is read.
        (
            "member who pays dues who misses",
            "member that pays dues who often misses",
            [(0, 0), (2, 2), (3, 3), (5, 6)],
            True,
        ),
        # A function word between the relative word and the verb is no qualifier.
        ("member who misses", "member who the misses", [(0, 0), (2, 3)], False),
    ],
)
def test_clause_verb_qualified_on_given_pairs(
    claim: str, unit: str, pairs: list[tuple[int, int]], expected: bool
) -> None:
    assert clause_verb_qualified(paired(claim, unit, pairs)) is expected

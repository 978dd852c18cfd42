"""A claim that keeps a relative clause of its passage but drops the words in front of the
clause's verb ("that violates" for "that *continues to* violate") states the rule for more
cases: the lexical judge says neutral (citenexus/judges/generality.py, docs/design.md,
"The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.generality import clause_verb_qualified, widened
from tests.support.judging import aligned
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

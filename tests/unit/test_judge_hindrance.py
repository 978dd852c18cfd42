"""A hindrance ("prevents ... from acting") negates the act it keeps from happening, so that
"nothing prevents them from agreeing" lets them agree (docs/design.md, "The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import NegationJudge
from citenexus.judges.tokens import negation_counts, tokenize
from tests.support.judging import verdict

JUDGE = NegationJudge()


def judge(claim: str, passage: str) -> Verdict | None:
    return verdict(JUDGE, claim, passage)


def parity(text: str, word: str) -> int:
    """Whether ``word`` (its first occurrence) stands negated in ``text``: 1 or 0."""
    tokens = tokenize(text)
    counts = negation_counts(tokens, 20)
    return next(counts[i] % 2 for i, t in enumerate(tokens) if t.word == word)


@pytest.mark.parametrize(
    ("text", "word", "negated"),
    [
        ("The rule prevents members from voting twice.", "voting", 1),
        ("Nothing in this part prevents members from voting twice.", "voting", 0),
        ("The board shall not bar members from voting by mail.", "voting", 0),
        ("The clause precluded the seller from charging a fee.", "charging", 1),
        ("A court order stopped the agency from collecting the fee.", "collecting", 1),
        # Only a gerund behind "from" is kept from happening.
        ("The rule prevents harm from the start of the season.", "start", 0),
        # The hindrance must stand in the same clause as its "from".
        ("The rule prevents harm, but members move from voting to counting.", "voting", 0),
        # "prohibits ... from" negates once, by "prohibits" alone.
        ("The rule prohibits members from voting twice.", "voting", 1),
        ("Members vote from morning on, counting every ballot.", "counting", 0),
    ],
)
def test_a_hindrance_negates_its_gerund(text: str, word: str, negated: int) -> None:
    assert parity(text, word) == negated


def test_a_from_at_the_end_of_the_text_is_no_marker() -> None:
    tokens = tokenize("Members may vote from")
    assert negation_counts(tokens, 20) == [0] * len(tokens)


@pytest.mark.parametrize(
    ("claim", "passage", "verdict"),
    [
        (
            "Members of the club cannot agree in writing that dues must be paid by a "
            "particular method.",
            "Nothing in this part prevents members of the club from agreeing, in writing, that "
            "dues must be paid by a particular method.",
            Verdict.CONTRADICTS,
        ),
        (
            "The clause does not prevent the buyer from returning the goods within ten days.",
            "The buyer may return the goods within ten days.",
            None,
        ),
        (
            "The buyer may not return the goods within ten days.",
            "The clause prevents the buyer from returning the goods within ten days.",
            Verdict.ENTAILS,
        ),
    ],
)
def test_the_judge_reads_a_hindrance_as_a_negation(
    claim: str, passage: str, verdict: Verdict | None
) -> None:
    assert judge(claim, passage) is verdict

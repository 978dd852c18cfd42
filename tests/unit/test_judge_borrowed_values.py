"""A claim value the passage states only in a neighbouring sentence, where the sentence holding
most of the claim's words gives the claim's matter another value of that kind, was borrowed from
the other rule: the numeric judge reads a conflict (docs/design.md#the-judges). A claim that
states both rules, each with its value, borrows nothing."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NumericJudge
from citenexus.judges.numeric import _borrowed
from citenexus.text.quantities import extract_quantities

JUDGE = NumericJudge()
PASSAGE = (
    "(2) Within 30 days after receiving the fee, the secretary shall tell the member in writing "
    "where the fee is kept and whether it is refundable.\n\n(3) When the member resigns, the "
    "secretary has 15 days to refund the unused part of the fee."
)
UNIT = Unit("club-rules", 2, PASSAGE)


def test_a_value_taken_from_the_next_rule_conflicts() -> None:
    claim = (
        "The secretary has 15 days after receiving the fee to tell the member in writing where "
        "the fee is kept and whether it is refundable."
    )
    reading = JUDGE.judge(claim, UNIT)
    assert reading is not None and reading.verdict is Verdict.CONTRADICTS


def test_the_value_of_its_own_sentence_is_matched() -> None:
    claim = (
        "The secretary has 30 days after receiving the fee to tell the member in writing where "
        "the fee is kept and whether it is refundable."
    )
    reading = JUDGE.agreement(claim, UNIT)
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def test_both_rules_with_their_values_borrow_nothing() -> None:
    claim = (
        "Within 30 days after receiving the fee the secretary shall tell the member in writing "
        "where the fee is kept and whether it is refundable, and has 15 days to refund it."
    )
    reading = JUDGE.agreement(claim, UNIT)
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def _values(text: str) -> list:
    return list(extract_quantities(text))


@pytest.mark.parametrize(
    ("home", "claimed", "expected"),
    [
        # the home sentence gives another duration the claim does not state: borrowed
        ("within 30 days", "15 days", True),
        # the home sentence states the claim's other value too: a compression of both rules
        ("within 30 days", "15 days and 30 days", False),
        # the home sentence gives no value of the kind (an amount, not a duration)
        ("a fee of $30", "15 days", False),
        # nothing in the home sentence at all
        ("", "15 days", False),
    ],
)
def test_borrowed_reads_the_home_sentences_values(home: str, claimed: str, expected: bool) -> None:
    asserted = _values("15 days")[0]
    equal = _values("the unused part within 15 days")  # stated only outside the home sentence
    assert _borrowed(asserted, equal, _values(home), _values(claimed)) is expected


def test_a_value_also_stated_in_the_home_sentence_is_not_borrowed() -> None:
    asserted = _values("15 days")[0]
    home = _values("within 15 days or 30 days")
    equal = [q for q in home if q.same_value(asserted)]
    assert _borrowed(asserted, equal, home, [asserted]) is False

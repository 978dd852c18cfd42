"""The numeric judge reads a period without a number ("each month", "annually") as a unit of
time: stated otherwise in the claim's sentence, it contradicts (docs/design.md#the-judges)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NumericJudge
from citenexus.judges.numeric import periods

JUDGE = NumericJudge()
FEE = (
    "(b) The fee shall not exceed $25 per member. The $25 limit is adjusted each year in "
    "proportion to the change in the price index. Reports are filed monthly."
)


def verdict(claim: str) -> Verdict | None:
    judgment = JUDGE.agreement(claim, Unit(document_id="doc", ordinal=0, text=FEE))
    return None if judgment is None else judgment.verdict


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        (
            "The $25 limit is adjusted each month in proportion to the change in the price index.",
            Verdict.CONTRADICTS,
        ),
        (
            "The limit is adjusted every week in proportion to the change in the price index.",
            Verdict.CONTRADICTS,
        ),
        (
            "The $25 limit is adjusted annually in proportion to the change in the price index.",
            Verdict.ENTAILS,
        ),
        # No value and the same period: nothing for the numeric judge to say.
        ("The limit is adjusted each year in proportion to the change in the price index.", None),
        # Another sentence's period ("monthly" reports) says nothing about the limit.
        ("The limit is adjusted in proportion to the change in the price index.", None),
    ],
)
def test_a_period_is_a_unit_of_time(claim: str, expected: Verdict | None) -> None:
    assert verdict(claim) is expected


def test_periods_read_words_and_adverbs() -> None:
    assert periods("due each calendar year, paid monthly, billed per hour") == {
        "year",
        "month",
        "hour",
    }
    assert periods("a month's rent for one year") == set()

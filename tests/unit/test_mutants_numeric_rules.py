"""The numeric judge's rules of the judges branch, each read as a reviewer reads a judgment: the
verdict, the score, and the words of the passage its span points at (docs/design.md#the-judges).

Each case pins the whole judgment, so a rule that returns another verdict, score, key or span
for the same pair fails here (issue 16 item 5: the judges are mutation-tested)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import JudgeThresholds, NumericJudge

DEPOSIT = "The landlord shall return the deposit within 21 days after the tenant vacates."
FEE = (
    "(b) The fee shall not exceed $25 per member. The $25 limit is adjusted each year in "
    "proportion to the change in the price index. Reports are filed monthly."
)
LIMIT = "The limit is adjusted each year."
# Two of the claim's three other content words ("limit", "adjusted", not "month") are aligned.
TWO_OF_THREE = 2 / 3


def unit_of(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=2, text=text)


def judged(
    claim: str, text: str, thresholds: JudgeThresholds | None = None
) -> tuple[str, str, Verdict, float, str] | None:
    """The judgment's key, judge, verdict, score and the words its span points at."""
    unit = unit_of(text)
    judgment = NumericJudge(thresholds).agreement(claim, unit)
    if judgment is None:
        return None
    assert judgment.span is not None
    start, end = judgment.span
    return judgment.key, judgment.judge, judgment.verdict, judgment.score, text[start:end]


KEY = unit_of("").key
STRICT = JudgeThresholds(numeric_contradict_min_coverage=1.0)


@pytest.mark.parametrize(
    ("claim", "text", "thresholds", "expected"),
    [
        # Another value of the same kind and unit: contradicts, pointed at the passage's value.
        (
            "The landlord shall return the deposit within 14 days after the tenant vacates.",
            DEPOSIT,
            None,
            (Verdict.CONTRADICTS, 0.0, "21 days"),
        ),
        # Every other word aligned and the floor at 1.0: a conflict still contradicts.
        (
            "The landlord shall return the deposit within 14 days after the tenant vacates.",
            DEPOSIT,
            STRICT,
            (Verdict.CONTRADICTS, 0.0, "21 days"),
        ),
        # A word the passage does not have keeps a conflict below the floor: only neutral.
        (
            "The careful landlord shall return the deposit within 14 days after the tenant vacates.",
            DEPOSIT,
            STRICT,
            (Verdict.NEUTRAL, 0.0, "21 days"),
        ),
        # The same value: entails.
        (
            "The landlord shall return the deposit within 21 days after the tenant vacates.",
            DEPOSIT,
            None,
            (Verdict.ENTAILS, 1.0, "21 days"),
        ),
        # One value stated, one missing: neutral, scored by the share matched.
        (
            "The landlord shall return the deposit within 21 days after the tenant vacates, "
            "plus 30 dollars.",
            DEPOSIT,
            None,
            (Verdict.NEUTRAL, 0.5, "21 days"),
        ),
        # A duration in another unit of time: contradicts over the aligned words.
        (
            "The landlord shall return the deposit within 21 hours after the tenant vacates.",
            DEPOSIT,
            None,
            (
                Verdict.CONTRADICTS,
                0.0,
                "landlord shall return the deposit within 21 days after the tenant vacates",
            ),
        ),
        # A value that matches and a period stated otherwise ("each month" / "each year").
        (
            "The $25 limit is adjusted each month in proportion to the change in the price index.",
            FEE,
            None,
            (
                Verdict.CONTRADICTS,
                0.0,
                "$25 limit is adjusted each year in proportion to the change in the price index",
            ),
        ),
        (
            "The $25 limit is adjusted each month in proportion to the change in the price index.",
            FEE,
            STRICT,
            (
                Verdict.NEUTRAL,
                0.0,
                "$25 limit is adjusted each year in proportion to the change in the price index",
            ),
        ),
        # A period without any value, below the contradiction floor: neutral.
        (
            "The limit is adjusted each month.",
            LIMIT,
            None,
            (Verdict.NEUTRAL, 0.0, "limit is adjusted"),
        ),
        # The floors are inclusive: a coverage equal to them is judged.
        (
            "The limit is adjusted each month.",
            LIMIT,
            JudgeThresholds(numeric_contradict_min_coverage=TWO_OF_THREE),
            (Verdict.CONTRADICTS, 0.0, "limit is adjusted"),
        ),
        (
            "The limit is adjusted each month.",
            LIMIT,
            JudgeThresholds(numeric_min_coverage=TWO_OF_THREE),
            (Verdict.NEUTRAL, 0.0, "limit is adjusted"),
        ),
    ],
)
def test_each_rule_gives_its_whole_judgment(
    claim: str,
    text: str,
    thresholds: JudgeThresholds | None,
    expected: tuple[Verdict, float, str],
) -> None:
    assert judged(claim, text, thresholds) == (KEY, "numeric", *expected)


def test_the_same_period_or_none_is_declined() -> None:
    assert judged("The limit is adjusted each year.", LIMIT) is None
    assert judged("The limit is adjusted.", LIMIT) is None


RETURN_14 = "The landlord shall return the deposit within 14 days."


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # A value four sentences away, outside the aligned sentences, is not the passage's.
        (
            RETURN_14,
            "Cats sleep 14 days. Dogs bark. Birds sing. Fish swim. The landlord shall return the "
            "deposit promptly.",
            (Verdict.NEUTRAL, 0.0, "landlord shall return the deposit"),
        ),
        # A value that opens the passage, or ends it without a full stop, is stated there.
        (
            "14 days' notice is required before the landlord enters.",
            "30 days' notice is required before the landlord enters.",
            (Verdict.CONTRADICTS, 0.0, "30 days'"),
        ),
        (
            "Notice is required before the landlord enters: 14 days",
            "Notice is required before the landlord enters: 30 days",
            (Verdict.CONTRADICTS, 0.0, "30 days"),
        ),
        # A value of the sentence before the claim's home sentence is another matter's: the
        # claim's value is missing there, not contradicted.
        (
            "The tenant's period may be extended by 10 days.",
            "The tenant has 30 days to respond. The period may be extended by the landlord.",
            (Verdict.NEUTRAL, 0.0, "tenant has 30 days to respond. The period may be extended"),
        ),
    ],
)
def test_the_values_of_the_aligned_and_home_sentences(
    claim: str, text: str, expected: tuple[Verdict, float, str]
) -> None:
    assert judged(claim, text) == (KEY, "numeric", *expected)

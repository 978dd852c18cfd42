"""A claim that puts two rules of a passage in one sentence, each with its own value, is matched
value by value: neither value is read against the other rule's sentence. A reading that took
each value's "home" from the claim sentence as a whole contradicted this faithful compression
and was taken out again (docs/evaluation.md, "The judges on 90 pairs nobody had tuned on")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NumericJudge

JUDGE = NumericJudge()
PASSAGE = (
    "(2) Within 30 days after receiving the fee, the secretary shall tell the member in writing "
    "where the fee is kept and whether it is refundable.\n\n(3) When the member resigns, the "
    "secretary has 15 days to refund the unused part of the fee."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Within 30 days after receiving the fee the secretary shall tell the member in writing "
        "where it is kept, and when the member resigns the secretary has 15 days to refund the "
        "unused part.",
        "When the member resigns the secretary has 15 days to refund the unused part, and within "
        "30 days after receiving the fee the secretary shall tell the member in writing where it "
        "is kept.",
    ],
)
def test_two_rules_in_one_sentence_each_keep_their_value(claim: str) -> None:
    reading = JUDGE.agreement(claim, Unit("doc", 0, PASSAGE))
    assert reading is not None and reading.verdict is Verdict.ENTAILS

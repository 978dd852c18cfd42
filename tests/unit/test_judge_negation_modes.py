"""The negation judge reads a modal with its "not": "must not" and "may not" both forbid, while
"must" where the passage says "may" obliges what the passage only permits
(docs/design.md#the-judges)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NegationJudge

JUDGE = NegationJudge()


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        (
            "The tenant must not sublet the unit.",
            "The tenant may not sublet the unit.",
            Verdict.ENTAILS,
        ),
        (
            "The tenant may not sublet the unit.",
            "The tenant must not sublet the unit.",
            Verdict.ENTAILS,
        ),
        ("The tenant must pay the fee.", "The tenant may pay the fee.", Verdict.NEUTRAL),
    ],
)
def test_a_negated_modal_forbids_whatever_its_strength(
    claim: str, text: str, expected: Verdict
) -> None:
    judgment = JUDGE.judge(claim, Unit(document_id="doc", ordinal=0, text=text))
    assert judgment is not None and judgment.verdict is expected


def test_without_a_shared_verb_the_claims_must_meets_the_aligned_sentences_may() -> None:
    # "pay" is not in the passage: the modals of the whole claim and of the aligned sentence are
    # compared, wherever in the text they stand, and "must" only permitted is no entailment.
    judgment = JUDGE.judge(
        "The tenant must pay the late fee in cash.",
        Unit(document_id="doc", ordinal=0, text="The tenant may settle the late fee in cash."),
    )
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL

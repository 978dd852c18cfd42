"""Two ways of stating one exception, a negation flipped in the claim's condition, a denial
widened by a dropped modifier, and a comparison read across a relative clause
(docs/design.md#judges-that-decline-and-the-judge-benchmark)."""

from __future__ import annotations

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import LexicalJudge, NegationJudge

RULE = (
    "(5) A seller shall not ship an order without first obtaining the buyer's approval, and "
    "shall keep a record of each approval."
)
NOTICE = (
    "(2) The seller shall notify the buyer not later than 30 days after the date on which it "
    "learned of the defect."
)


def unit(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=0, text=text)


def test_unless_and_without_state_the_same_exception() -> None:
    judge = NegationJudge()
    same = "A seller may not ship an order unless it first obtains the buyer's approval."
    judgment = judge.judge(same, unit(RULE))
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS


def test_the_rule_itself_reversed_is_still_contradicted() -> None:
    judge = NegationJudge()
    reversed_rule = "A seller may ship an order unless it first obtains the buyer's approval."
    judgment = judge.judge(reversed_rule, unit(RULE))
    assert judgment is not None and judgment.verdict is Verdict.CONTRADICTS


def test_a_comparison_bounds_the_noun_a_relative_clause_names() -> None:
    judge = LexicalJudge()
    compressed = (
        "The seller shall notify the buyer no later than 30 days after it learned of the defect."
    )
    judgment = judge.judge(compressed, unit(NOTICE))
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS
    opposite = (
        "The seller shall notify the buyer no later than 30 days before it learned of the defect."
    )
    judgment = judge.judge(opposite, unit(NOTICE))
    assert judgment is not None and judgment.verdict is Verdict.CONTRADICTS


def test_a_negation_flipped_inside_the_claims_condition_is_another_case() -> None:
    judge = NegationJudge()
    text = "When the seller ends a contract for a no-fault reason, the seller shall refund the fee."
    other_case = (
        "When the seller ends a contract for an at-fault reason, the seller shall refund the fee."
    )
    judgment = judge.judge(other_case, unit(text))
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL
    opposite = "When the seller ends a contract for a no-fault reason, the seller shall not refund the fee."
    judgment = judge.judge(opposite, unit(text))
    assert judgment is not None and judgment.verdict is Verdict.CONTRADICTS


def test_a_denial_widened_by_a_dropped_modifier_is_no_support() -> None:
    judge = NegationJudge()
    text = "(4) This section does not apply to seasonal rentals by campsites."
    wider = "This section does not apply to rentals by campsites."
    judgment = judge.judge(wider, unit(text))
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL
    same = "This section does not apply to seasonal rentals by campsites."
    judgment = judge.judge(same, unit(text))
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS

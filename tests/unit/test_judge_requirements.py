"""A requirement ("shall not V without X") against a duty ("must X before V"), and a comparison a
"not" reverses ("shall not be greater than"), on the negation judge (docs/design.md#the-judges).
"""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import JudgeThresholds, LexicalJudge, NegationJudge
from citenexus.judges.negation import _requirement_flip, _requires
from citenexus.judges.tokens import negation_counts, text_negation_counts, tokenize
from tests.support.judging import aligned, verdict

JUDGE = NegationJudge()

RULE = (
    "A controller shall not collect or process a consumer's biometric identifier without first "
    "obtaining the consumer's consent."
)


def test_a_duty_is_not_read_as_the_opposite_of_a_requirement() -> None:
    claim = (
        "A controller must have a consumer's consent to collect or process the consumer's "
        "biometric identifier."
    )
    assert verdict(JUDGE, claim, RULE) is Verdict.NEUTRAL


def test_a_step_ordered_before_the_act_is_left_to_the_lexical_judge() -> None:
    # "must obtain consent before it collects" says what "shall not collect without first
    # obtaining consent" says, from the other end: parity cannot tell, so the judge declines.
    claim = (
        "A controller must obtain a consumer's consent before it collects or processes the "
        "consumer's biometric identifier."
    )
    assert verdict(JUDGE, claim, RULE) is None
    assert verdict(LexicalJudge(), claim, RULE) is Verdict.ENTAILS


def test_the_step_put_after_the_act_is_no_support() -> None:
    claim = (
        "A controller must obtain a consumer's consent after it collects or processes the "
        "consumer's biometric identifier."
    )
    assert verdict(JUDGE, claim, RULE) is Verdict.NEUTRAL
    assert verdict(LexicalJudge(), claim, RULE) is Verdict.NEUTRAL


def test_a_before_without_a_first_in_the_passage_is_still_a_requirement() -> None:
    rule = "A controller shall not collect a consumer's biometric identifier without consent."
    claim = "A controller must obtain consent before it collects a consumer's biometric identifier."
    assert verdict(JUDGE, claim, rule) is Verdict.NEUTRAL


def test_a_first_that_is_not_behind_without_is_no_ordered_step() -> None:
    rule = (
        "A controller shall not collect a consumer's biometric identifier without consent, "
        "given first in writing."
    )
    claim = "A controller must obtain consent before it collects a consumer's biometric identifier."
    assert verdict(JUDGE, claim, rule) is Verdict.NEUTRAL


def test_a_requirement_in_the_claim_is_not_contradicted_by_a_duty_in_the_passage() -> None:
    passage = (
        "If a consumer has not interacted with the controller in the preceding 12 months, the "
        "controller shall refresh the consumer's consent before processing the consumer's "
        "biometric identifier again."
    )
    claim = (
        "A controller shall not process a consumer's biometric identifier without first "
        "obtaining the consumer's consent."
    )
    assert verdict(JUDGE, claim, passage) is Verdict.NEUTRAL


def test_leave_to_act_without_what_the_rule_requires_still_contradicts() -> None:
    claim = (
        "A controller may collect or process a consumer's biometric identifier without first "
        "obtaining the consumer's consent."
    )
    assert verdict(JUDGE, claim, RULE) is Verdict.CONTRADICTS


def test_a_plain_denial_still_contradicts() -> None:
    claim = "A controller may collect or process a consumer's biometric identifier."
    passage = "A controller shall not collect or process a consumer's biometric identifier."
    assert verdict(JUDGE, claim, passage) is Verdict.CONTRADICTS


def test_a_denial_with_a_without_outside_its_scope_still_contradicts() -> None:
    # The "without" stands in another sentence: this "not" is no requirement.
    claim = "A controller may collect a consumer's biometric identifier."
    passage = (
        "A controller shall not collect a consumer's biometric identifier. A processor acts "
        "without consent."
    )
    assert verdict(JUDGE, claim, passage) is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("The owner shall not end the tenancy without just cause.", "end", True),
        ("The owner shall not end the tenancy absent just cause.", "end", True),
        ("The owner shall not end the tenancy. It acts without cause.", "end", False),
        ("The owner shall not end the tenancy.", "end", False),
    ],
)
def test_requires_reads_a_without_inside_the_scope(text: str, word: str, expected: bool) -> None:
    tokens = tokenize(text)
    index = [t.word for t in tokens].index(word)
    assert _requires(tokens, negation_counts(tokens, 20), index) is expected


def test_the_requirement_is_read_on_either_side() -> None:
    claim = "The owner must have just cause to end the tenancy."
    passage = "The owner shall not end the tenancy without just cause."
    alignment = aligned(claim, passage)
    claim_counts = text_negation_counts(claim, 20)
    unit_counts = text_negation_counts(passage, 20)
    end = [t.word for t in alignment.claim].index("end")
    pair = next(p for p in alignment.pairs if p[0] == end)
    assert _requirement_flip(alignment, claim_counts, unit_counts, *pair)
    # Swapped: the claim states the requirement, the passage the duty.
    swapped = aligned(passage, claim)
    end = [t.word for t in swapped.claim].index("end")
    pair = next(p for p in swapped.pairs if p[0] == end)
    assert _requirement_flip(
        swapped, text_negation_counts(passage, 20), text_negation_counts(claim, 20), *pair
    )
    # An exception in the other text: compared word by word.
    leave = "The owner may end the tenancy without just cause."
    excepted = aligned(leave, passage)
    end = [t.word for t in excepted.claim].index("end")
    pair = next(p for p in excepted.pairs if p[0] == end)
    assert not _requirement_flip(
        excepted, text_negation_counts(leave, 20), text_negation_counts(passage, 20), *pair
    )


def test_a_bound_worded_with_not_is_not_a_denial() -> None:
    claim = "The screening fee cannot exceed the actual cost of gathering the information."
    passage = (
        "The amount of the screening fee shall not be greater than the actual cost of gathering "
        "the information."
    )
    assert verdict(JUDGE, claim, passage) is not Verdict.CONTRADICTS


PRICES = (
    "A controller shall not increase the price of, or reduce the availability of, a product or "
    "service based solely on a consumer's exercise of a right under this section."
)
RAISE = (
    "A controller cannot raise prices on, or limit the availability of, a product or service "
    "solely because a consumer exercised one of these rights."
)


def test_between_the_two_floors_the_negation_judge_speaks_only_to_agree() -> None:
    coverage = aligned(RAISE, PRICES).coverage
    thresholds = JudgeThresholds()
    assert thresholds.negation_agree_min_coverage <= coverage < thresholds.negation_min_coverage
    assert verdict(JUDGE, RAISE, PRICES) is Verdict.ENTAILS
    # The same words with the denial dropped: a flip, which this little of the claim cannot
    # prove; the judge declines.
    dropped = RAISE.replace("cannot", "can")
    assert thresholds.negation_agree_min_coverage <= aligned(dropped, PRICES).coverage
    assert verdict(JUDGE, dropped, PRICES) is None
    # Above the agreement floor, no agreement either: declined.
    high = NegationJudge(JudgeThresholds(negation_agree_min_coverage=0.7))
    assert verdict(high, RAISE, PRICES) is None
    # At the agreement floor itself, judged.
    exact = NegationJudge(JudgeThresholds(negation_agree_min_coverage=coverage))
    assert verdict(exact, RAISE, PRICES) is Verdict.ENTAILS
    # From the full floor up, a flip contradicts.
    full = NegationJudge(JudgeThresholds(negation_min_coverage=coverage))
    assert verdict(full, dropped, PRICES) is Verdict.CONTRADICTS

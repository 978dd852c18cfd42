"""A claim value is read against the sentence its own words point to: where that sentence states
other values of the kind, the same value standing in a neighbouring sentence about another
matter does not match it (citenexus/judges/numeric.py, ``_own_home``)."""

from __future__ import annotations

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NumericJudge
from citenexus.judges.numeric import _own_home
from citenexus.text.quantities import extract_quantities
from tests.support.judging import aligned, verdict

JUDGE = NumericJudge()
# Two rules, two durations: the registration one (30 days) and the refund one (15 days).
PASSAGE = (
    "(2) Within 30 days after receiving the fee, the secretary shall tell the member in writing "
    "where the fee is kept and whether it is refundable.\n\n(3) When the member resigns, the "
    "secretary has 15 days to refund the unused part of the fee."
)


def test_the_other_rules_value_does_not_match_the_claims() -> None:
    claim = (
        "The secretary has 15 days after receiving the fee to tell the member in writing where "
        "it is kept and whether it is refundable."
    )
    assert verdict(JUDGE, claim, PASSAGE) is Verdict.CONTRADICTS


def test_the_claims_own_rule_with_its_own_value_agrees() -> None:
    claim = (
        "The secretary has 30 days after receiving the fee to tell the member in writing where "
        "it is kept and whether it is refundable."
    )
    reading = JUDGE.agreement(claim, Unit("doc", 0, PASSAGE))
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def test_each_sentence_of_a_claim_has_its_own_rule() -> None:
    claim = (
        "Within 30 days after receiving the fee, the secretary shall tell the member in writing "
        "where it is kept. When the member resigns, the secretary has 15 days to refund the "
        "unused part of the fee."
    )
    reading = JUDGE.agreement(claim, Unit("doc", 0, PASSAGE))
    assert reading is not None and reading.verdict is Verdict.ENTAILS
    swapped = claim.replace("has 15 days", "has 30 days").replace("Within 30", "Within 15")
    assert verdict(JUDGE, swapped, PASSAGE) is Verdict.CONTRADICTS


def test_a_value_the_claims_sentence_states_no_rival_for_is_matched_elsewhere() -> None:
    """The claim's sentence states no duration: the passage's 15 days elsewhere still match."""
    passage = (
        "The secretary keeps the register of members. A member who resigns gets the unused "
        "part of the fee back within 15 days."
    )
    claim = "The secretary, who keeps the register of members, refunds within 15 days."
    reading = JUDGE.agreement(claim, Unit("doc", 0, passage))
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def test_a_value_of_another_kind_in_the_claims_sentence_is_no_rival() -> None:
    """The claim's sentence gives an amount, not a duration: the 15 days elsewhere still match."""
    passage = (
        "The secretary keeps the register of members and charges a $5 fee for it. A member who "
        "resigns gets the unused part of the fee back within 15 days."
    )
    claim = "The secretary keeps the register of members for a $5 fee and refunds within 15 days."
    reading = JUDGE.agreement(claim, Unit("doc", 0, passage))
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def test_a_value_opening_the_claims_sentence_is_read_in_that_sentence() -> None:
    """Both the claim's second sentence and the passage's first open with the value."""
    passage = (
        "30 days after receiving the fee, the secretary shall tell the member in writing where "
        "the fee is kept. When the member resigns, the secretary has 15 days to refund it."
    )
    claim = (
        "The secretary shall keep the fee. 15 days after receiving the fee, the secretary shall "
        "tell the member in writing where the fee is kept."
    )
    assert verdict(JUDGE, claim, passage) is Verdict.CONTRADICTS
    agreeing = claim.replace("15 days after", "30 days after")
    reading = JUDGE.agreement(agreeing, Unit("doc", 0, passage))
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def test_a_value_ending_the_passage_without_a_full_stop_is_in_its_sentence() -> None:
    passage = (
        "When the member resigns, the secretary has 15 days to refund the fee. The secretary "
        "shall tell the member in writing where the fee is kept within 30 days"
    )
    claim = "The secretary shall tell the member in writing where the fee is kept within 15 days."
    assert verdict(JUDGE, claim, passage) is Verdict.CONTRADICTS


def test_the_home_holds_a_value_at_either_edge_of_its_sentence() -> None:
    """A value opening the passage, and one ending it with no full stop, are in their sentence."""
    passage = (
        "30 days after the meeting the secretary sends the minutes. The secretary files the "
        "report on the fee within 15 days"
    )
    stated = extract_quantities(passage)
    opening = "30 days after the meeting the secretary sends the minutes."
    closing = "The secretary files the report on the fee within 15 days."
    for claim, value in ((opening, "30 days"), (closing, "15 days")):
        asserted = extract_quantities(claim)[0]
        home = _own_home(aligned(claim, passage), asserted, stated)
        assert [passage[q.start : q.end] for q in home] == [value]

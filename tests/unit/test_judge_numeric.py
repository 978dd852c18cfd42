"""The numeric judge: values the claim asserts are the passage's, of the same kind and item."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.domain.support import supports
from citenexus.domain.vocabulary import stem
from citenexus.judges import JudgeThresholds, LexicalJudge, NegationJudge, NumericJudge
from citenexus.judges import numeric as numeric_module
from citenexus.judges.numeric import context_words

DEPOSIT = (
    "Within twenty-one (21) calendar days after the tenant vacates, the landlord shall return "
    "the security deposit, which may not exceed $1,500 or 5% of the annual rent."
)
TERMS = (
    "A security deposit must be returned within 30 days, and notice of termination must be "
    "given 60 days before the end of the term."
)
JUDGE = NumericJudge()


def judge(claim: str, text: str = DEPOSIT, heading: str = "") -> tuple[Verdict, float] | None:
    judgment = JUDGE.agreement(claim, Unit(document_id="d", ordinal=1, text=text, heading=heading))
    return None if judgment is None else (judgment.verdict, judgment.score)


def test_it_exports_the_quantity_extractor_for_the_conflict_detector() -> None:
    assert numeric_module.extract_quantities("within 30 days")[0].kind == "days"


def test_it_declines_a_claim_without_quantities() -> None:
    assert judge("The landlord shall return the security deposit.") is None


@pytest.mark.parametrize(
    "claim",
    [
        "The landlord shall return the security deposit within 21 days after the tenant vacates.",
        "The landlord shall return the deposit within twenty-one days.",
        "The landlord shall return the deposit within three weeks.",
        "The security deposit may not exceed 1,500 dollars.",
        "The security deposit may not exceed five percent of the annual rent.",
    ],
)
def test_the_same_values_in_any_spelling_entail(claim: str) -> None:
    assert judge(claim) == (Verdict.ENTAILS, 1.0)


@pytest.mark.parametrize(
    "claim",
    [
        "The landlord shall return the security deposit within 30 days.",
        "The landlord shall return the security deposit within thirty days.",
        "The landlord shall return the security deposit within two weeks.",
        "The security deposit may not exceed $2,000.",
        "The security deposit may not exceed 6% of the annual rent.",
    ],
)
def test_a_different_value_of_the_same_kind_contradicts(claim: str) -> None:
    assert judge(claim) == (Verdict.CONTRADICTS, 0.0)


def test_a_value_of_a_kind_the_passage_does_not_state_is_neutral() -> None:
    result = judge("The landlord shall return the security deposit by March 1, 2025.")
    assert result is not None and result[0] is Verdict.NEUTRAL


@pytest.mark.parametrize(
    "claim",
    [
        "The landlord shall return the security deposit within 21 business days.",
        "The landlord shall return the security deposit within one month.",
        "The landlord shall return the security deposit within 21 hours.",
        "The landlord shall return the security deposit within 21 minutes.",
    ],
)
def test_a_duration_in_another_unit_of_time_contradicts(claim: str) -> None:
    assert judge(claim) == (Verdict.CONTRADICTS, 0.0)


def test_thirty_days_may_stand_for_a_month() -> None:
    text = "The tenant may end the tenancy by giving one month's written notice."
    result = judge("The tenant may end the tenancy by giving 30 days' written notice.", text)
    assert result is not None and result[0] is Verdict.NEUTRAL


def test_a_conflicting_value_about_another_subject_declines() -> None:
    assert judge("Pets weighing over 30 pounds require approval within 30 days.") is None


def test_a_value_attached_to_the_other_item_contradicts() -> None:
    assert judge(
        "Notice of termination must be given 30 days before the end of the term.", TERMS
    ) == (
        Verdict.CONTRADICTS,
        0.0,
    )
    assert judge("A security deposit must be returned within 60 days.", TERMS) == (
        Verdict.CONTRADICTS,
        0.0,
    )


def test_each_value_attached_to_its_own_item_entails() -> None:
    assert judge(
        "Notice of termination must be given 60 days before the end of the term.", TERMS
    ) == (
        Verdict.ENTAILS,
        1.0,
    )


def test_a_bare_number_is_found_anywhere_in_the_passage_or_its_heading() -> None:
    assert judge(
        "Section 1950.5 requires the return of 21 deposits.", DEPOSIT, "Section 1950.5"
    ) == (
        Verdict.ENTAILS,
        1.0,
    )
    result = judge("Section 1942 requires it.", DEPOSIT, "Section 1950.5")
    assert result is None or result[0] is Verdict.NEUTRAL


def test_dates_compare_after_normalisation() -> None:
    text = "This chapter applies to leases signed on or after January 1, 2025."
    assert judge("It applies to leases signed on or after 2025-01-01.", text) == (
        Verdict.ENTAILS,
        1.0,
    )
    assert judge("It applies to leases signed on or after 2024-01-01.", text) == (
        Verdict.CONTRADICTS,
        0.0,
    )


def test_the_span_points_at_the_conflicting_value() -> None:
    judgment = JUDGE.agreement(
        "The landlord shall return the deposit within 30 days.",
        Unit(document_id="d", ordinal=1, text=DEPOSIT),
    )
    assert judgment is not None and judgment.span is not None
    assert DEPOSIT[judgment.span[0] : judgment.span[1]] == "twenty-one (21) calendar days"


def test_a_stricter_subject_threshold_turns_contradictions_into_declining() -> None:
    strict = NumericJudge(JudgeThresholds(numeric_min_coverage=1.0))
    judgment = strict.judge(
        "The landlord shall promptly return the deposit within 30 days.",
        Unit(document_id="d", ordinal=1, text=DEPOSIT),
    )
    assert judgment is None


def test_a_matched_value_beside_a_missing_one_scores_its_share_and_is_pointed_at() -> None:
    claim = "The landlord shall return the security deposit within 21 days by March 1, 2025."
    judgment = JUDGE.agreement(claim, Unit(document_id="d", ordinal=1, text=DEPOSIT))
    assert judgment is not None
    assert (judgment.verdict, judgment.score) == (Verdict.NEUTRAL, 0.5)
    assert judgment.span is not None
    assert DEPOSIT[judgment.span[0] : judgment.span[1]].startswith("twenty-one")


def test_a_matched_bare_number_beside_a_missing_value_scores_its_share() -> None:
    claim = "Under section 12 the landlord shall return the security deposit by March 1, 2025."
    assert judge(claim, heading="Section 12. Deposits") == (Verdict.NEUTRAL, 0.5)


def test_a_duration_in_another_unit_within_a_tenth_of_it_is_missing_not_a_conflict() -> None:
    # 528 hours are 22 days: 2 days from 20 is a tenth of it (the bound included), from 19 more.
    passage = "The landlord shall repair the heater within 528 hours after notice."
    repair = "The landlord shall repair the heater within {} days after notice."
    assert judge(repair.format(20), passage) == (Verdict.NEUTRAL, 0.0)
    assert judge(repair.format(19), passage) == (Verdict.CONTRADICTS, 0.0)


def test_a_value_tied_to_the_claims_item_as_closely_as_another_value_entails() -> None:
    # Both values name the deposit: neither is tied to it more closely than the claim's own.
    both = "The deposit is due within 30 days, and the deposit is due within 60 days."
    assert judge("The deposit is due within 30 days.", both) == (Verdict.ENTAILS, 1.0)


def test_a_values_context_words_are_its_stemmed_content_words_in_any_case() -> None:
    assert context_words("The Deposit of THE landlord") == {stem("deposit"), stem("landlord")}


def test_the_span_points_at_the_first_matched_value_when_none_conflicts() -> None:
    text = "Rent is due monthly. The deposit of $500 is due within 30 days."
    unit = Unit(document_id="d", ordinal=1, text=text)

    def pointed(claim: str) -> str:
        judgment = JUDGE.agreement(claim, unit)
        assert judgment is not None and judgment.span is not None
        return text[judgment.span[0] : judgment.span[1]]

    assert pointed("The deposit is due within 30 days.") == "30 days"
    assert pointed("The deposit of $500 is due within 30 days.") == "$500"
    # A conflicting value after a matched one is pointed at.
    assert pointed("The deposit of $500 is due within 20 days.") == "30 days"


@pytest.mark.parametrize(
    "claim",
    [
        "The landlord shall return the security deposit within 21 days after the tenant vacates.",
        "The landlord shall return the security deposit within 30 days.",
        "The landlord shall return the security deposit by March 1, 2025.",
        "Pets weighing over 30 pounds require approval within 30 days.",
        "The landlord shall return the security deposit.",
    ],
)
def test_the_verdict_is_the_agreement_except_that_agreeing_values_are_no_verdict(
    claim: str,
) -> None:
    unit = Unit(document_id="d", ordinal=1, text=DEPOSIT)
    reading, judgment = JUDGE.agreement(claim, unit), JUDGE.judge(claim, unit)
    if reading is not None and reading.verdict is Verdict.ENTAILS:
        assert judgment is None
    else:
        assert judgment == reading


def test_agreeing_numbers_alone_never_support_a_claim_that_changes_the_rule() -> None:
    # Thirty days is a presumption of a reasonable wait, not a bar: the claim's number is the
    # passage's, its rule is not (judge benchmark, scope change). The other rule judges cannot
    # tell here and decline; the numeric judge, which can only say the numbers agree, does too.
    passage = Unit(
        "repair",
        2,
        "(c) For purposes of this section, if the tenant acts after giving notice to the landlord, "
        "or to the landlord's agent, and waits thirty days, the tenant is presumed to have waited "
        "a reasonable time. The presumption does not prevent a tenant from acting sooner when "
        "the circumstances make a shorter period reasonable.",
    )
    claim = (
        "A tenant may not use the repair remedy until thirty days have passed since the tenant "
        "gave notice to the landlord."
    )
    reading = JUDGE.agreement(claim, passage)
    assert reading is not None and reading.verdict is Verdict.ENTAILS
    judgments = [
        j
        for j in (judge.judge(claim, passage) for judge in (LexicalJudge(), JUDGE, NegationJudge()))
        if j is not None
    ]
    assert not supports(judgments)


def test_a_value_is_matched_in_any_aligned_sentence_not_only_the_home_one() -> None:
    # The claim's words sit in the first sentence (its home); its value in the next one.
    unit = Unit(
        document_id="d",
        ordinal=1,
        text="The landlord shall return the security deposit. It is due within 21 days.",
    )
    claim = "The landlord shall return the security deposit within 21 days."
    reading = JUDGE.agreement(claim, unit)
    assert reading is not None and reading.verdict is Verdict.ENTAILS
    assert JUDGE.judge(claim, unit) is None


def test_twice_is_not_three_times() -> None:
    passage = (
        "A landlord who keeps a deposit in bad faith is liable for $100 plus three times the "
        "part of the deposit wrongfully withheld."
    )
    claim = "A landlord who keeps a deposit in bad faith is liable for $100 plus twice the part of the deposit wrongfully withheld."
    verdict = judge(claim, passage)
    assert verdict is not None and verdict[0] is not Verdict.ENTAILS
    assert judge(claim.replace("twice", "three times"), passage) == (Verdict.ENTAILS, 1.0)

"""Authority-aware conflicts on the value the question asks for (docs/design.md#conflicts)."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import (
    AMOUNT,
    DATE,
    DAYS,
    PERCENT,
    Assertion,
    asked_kind,
    conflict_from_dict,
    detect_conflicts,
    states_value,
    value_asked,
    values_of,
)

# The rules under test here read tenancy wording through the tenancy lane's vocabulary.
pytestmark = pytest.mark.usefixtures("tenancy_vocabulary")


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How many days of notice must a landlord give?", DAYS),
        ("What is the notice period?", DAYS),
        ("When is the renewal due?", DATE),
        ("How much can the deposit be?", AMOUNT),
        ("What interest rate applies?", PERCENT),
        ("Who may enter the unit?", None),
    ],
)
def test_the_question_names_the_kind_of_value_compared(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How soon must the landlord return the deposit?", DAYS),
        ("How much notice must a tenant give?", DAYS),
        ("How far ahead do I have to tell my landlord?", DAYS),
        ("Within how many days is rent due?", DAYS),
        ("How much can the landlord raise the rent?", AMOUNT),
        ("If it needs more time, how much longer may it take?", DAYS),
        ("How much warning must the vendor give?", DAYS),
        ("How much advance notice is due?", DAYS),
        ("How much does a licence cost?", AMOUNT),
        ("What interest rate applies to deposits?", PERCENT),
        ("By what maximum percentage may the rent go up?", PERCENT),
        ("At what highest rate may interest be charged?", PERCENT),
        # Yes/no and how-to questions ask for no value, even when they mention one.
        ("Can my landlord keep the deposit?", None),
        ("Is a late fee of $50 enforceable?", None),
        ("How does a landlord deliver a notice?", None),
    ],
)
def test_a_question_asks_for_a_value_only_through_its_interrogative(
    question: str, kind: str | None
) -> None:

    assert value_asked(question) == kind


def test_a_text_states_a_value_of_an_accepted_kind() -> None:
    assert states_value("Return it within twenty-one days.", DAYS)
    assert states_value("Return it by January 5, 2024.", DAYS)  # a date answers "how soon"
    assert not states_value("The landlord shall return the deposit.", DAYS)
    assert states_value("An increase of 5 percent plus inflation.", AMOUNT)
    assert states_value("A fee of $35.", AMOUNT)
    assert not states_value("A fee of $35.", PERCENT)


def test_durations_normalise_words_weeks_and_parenthesised_numerals() -> None:
    assert values_of("thirty (30) days, 2 weeks, sixty-one days and 1 year", DAYS) == (
        "30 days",
        "14 days",
        "61 days",
        "12 months",
    )


def test_amounts_percentages_and_dates_normalise() -> None:
    assert values_of("pay $1,250.5 or $20", AMOUNT) == ("$1,250.5", "$20")
    assert values_of("5% or 2.50 percent", PERCENT) == ("5%", "2.5%")
    assert values_of("due 2026-12-31", DATE) == ("2026-12-31",)
    assert values_of("nothing", "unknown") == ()


def test_dates_in_words_are_compared_with_and_without_a_year() -> None:
    assert values_of("signed on January 5, 2024; due 5 February 2024", DATE) == (
        "2024-01-05",
        "2024-02-05",
    )
    assert values_of("Sarah said the renewal is due November 30.", DATE) == ("--11-30",)
    assert values_of("The contract sets the renewal date at Dec. 31st", DATE) == ("--12-31",)
    assert values_of("due November 30, 2026", DATE) == ("2026-11-30",)
    assert values_of("in May 2026 the rent rose", DATE) == ()


def a(index: int, doc: str, rank: int, *values: str, jurisdiction: str = "CA") -> Assertion:
    return Assertion(index, f"{doc}#0", doc, rank, f"tier{rank}", jurisdiction, tuple(values))


def test_the_most_authoritative_source_wins_and_the_weaker_claim_loses() -> None:
    (conflict,) = detect_conflicts(
        DAYS, [a(0, "statute", 5, "60 days"), a(1, "blog", 1, "30 days")]
    )
    assert conflict.resolved_to == "60 days"
    assert conflict.overridden == ("blog#0",)
    assert conflict.losing_claims == (1,)
    assert conflict.contested_claims == ()
    assert conflict.to_dict() == {
        "kind": "days",
        "values": [
            {"value": "60 days", "key": "statute#0", "tier": "tier5"},
            {"value": "30 days", "key": "blog#0", "tier": "tier1"},
        ],
        "resolved_to": "60 days",
        "overridden": ["blog#0"],
        "matter": "",  # bare values: nothing read about what they are of
    }


def test_equal_authority_disagreement_is_unresolved_and_both_sides_are_contested() -> None:
    (conflict,) = detect_conflicts(DAYS, [a(0, "one", 3, "60 days"), a(1, "two", 3, "30 days")])
    assert conflict.resolved_to is None
    assert conflict.contested_claims == (0, 1)
    assert conflict.losing_claims == ()


def test_a_weaker_source_repeating_one_of_the_stronger_values_is_no_conflict() -> None:
    found = [
        a(0, "statute", 5, "60 days"),
        a(1, "statute", 5, "30 days"),
        a(2, "blog", 1, "30 days"),
    ]
    assert detect_conflicts(DAYS, found) == []


def test_one_document_stating_two_values_is_no_conflict() -> None:
    assert (
        detect_conflicts(DAYS, [a(0, "statute", 5, "60 days"), a(1, "statute", 5, "30 days")]) == []
    )


def test_different_states_do_not_conflict() -> None:
    found = [a(0, "ca", 5, "60 days"), a(1, "fl", 5, "30 days", jurisdiction="FL")]
    assert detect_conflicts(DAYS, found) == []


def test_agreeing_sources_and_unasked_kinds_are_no_conflict() -> None:
    assert detect_conflicts(DAYS, [a(0, "one", 5, "30 days"), a(1, "two", 1, "30 days")]) == []
    assert detect_conflicts(None, [a(0, "one", 5, "60 days"), a(1, "two", 1, "30 days")]) == []


def test_claims_without_values_take_no_side() -> None:
    assert detect_conflicts(DAYS, [a(0, "one", 5), a(1, "two", 1, "30 days")]) == []


def test_an_equal_rank_superset_resolves_to_all_its_values() -> None:
    (conflict,) = detect_conflicts(
        DAYS,
        [
            a(0, "one", 5, "60 days", "30 days"),
            a(1, "two", 5, "30 days"),
            a(2, "blog", 1, "14 days"),
        ],
    )
    assert conflict.resolved_to == "30 days, 60 days"
    assert conflict.losing_claims == (2,)


def test_stored_conflicts_read_back_unchanged() -> None:
    (conflict,) = detect_conflicts(DAYS, [a(0, "one", 3, "60 days"), a(1, "two", 3, "30 days")])
    assert conflict_from_dict(conflict.to_dict()) == conflict.to_dict()


def test_only_values_about_what_the_question_asks_are_compared() -> None:
    question = "How much notice must an owner give to end a periodic tenancy?"
    rule = (
        "An owner shall give written notice at least 60 days before the termination date if "
        "the tenant has resided in the dwelling for one year or more."
    )
    assert values_of(rule, DAYS, about=question) == ("60 days",)
    assert (
        values_of("The inspection may happen two weeks before move-out.", DAYS, about=question)
        == ()
    )
    assert values_of("Give 30 days' notice.", DAYS, about=question) == ("30 days",)


def test_a_months_rent_is_a_sum_of_money_not_a_length_of_time() -> None:
    text = "The owner shall pay one month's rent within 15 days after the notice is served."
    assert values_of(text, DAYS) == ("15 days",)
    assert values_of(text, AMOUNT) == ("1 months of rent",)
    assert states_value("Security may not exceed two months' rent.", AMOUNT)
    assert not states_value("Security may not exceed two months' rent.", DAYS)


def test_sharing_only_a_party_with_the_question_does_not_make_a_value_an_answer() -> None:
    question = "How much can a landlord charge me to run a credit check?"
    deposit_cap = "A landlord shall not demand security in an amount greater than one month's rent."
    assert values_of(deposit_cap, AMOUNT, about=question) == ()
    fee = "The landlord may charge a screening fee of no more than $30."
    assert values_of(fee, AMOUNT, about=question) == ("$30",)


def test_a_value_spoken_of_through_a_pronoun_is_about_the_sentences_subject() -> None:
    """ "in no case shall it exceed $30": "it" is the application screening fee, named where the
    sentence starts; without a pronoun the opening does not count."""
    question = "How much can a landlord charge me to run a credit check on my rental application?"
    fee = (
        "(b) The amount of the application screening fee shall not be greater than the actual "
        "out-of-pocket cost of gathering the information, plus the reasonable value of the time "
        "spent by the landlord or agent in gathering it, and in no case shall it exceed $30 per "
        "applicant."
    )
    assert values_of(fee, AMOUNT, about=question) == ("$30",)
    no_pronoun = fee.replace("shall it exceed $30", "shall the total exceed $30")
    assert values_of(no_pronoun, AMOUNT, about=question) == ()
    # The pronoun must be in the value's own clause, just before it.
    far = fee.replace("in no case shall it exceed $30", "it is the cap; the total stays under $30")
    assert values_of(far, AMOUNT, about=question) == ()

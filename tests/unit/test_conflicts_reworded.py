"""Two sources that word one rule differently still conflict when their values cannot both hold
(docs/design.md, "Conflicts about the same matter"): a statute and a lay summary share few of
the question's words, may state the question's own case as a condition, or hedge a value as
what usually happens; a yes/no answer is read on the clause that says it."""

from __future__ import annotations

import pytest

from citenexus.domain import readings
from citenexus.domain.conflicts import (
    POLARITY,
    readings_of,
)
from scripts.conflict_pairs import unresolved


def test_a_lay_summary_that_shares_few_of_the_questions_words_still_conflicts() -> None:
    question = "How long does a club have to answer a member's complaint?"
    assert unresolved(
        question,
        "The club shall answer a member's written complaint within 45 days of receiving it.",
        "Complaints are dealt with no later than 30 days after they arrive.",
    )


def test_agreeing_wordings_do_not_conflict() -> None:
    question = "How long does a club have to answer a member's complaint?"
    assert not unresolved(
        question,
        "The club shall answer a member's written complaint within 45 days of receiving it.",
        "Complaints are dealt with no later than 45 days after they arrive.",
    )


def test_a_condition_the_question_states_is_the_askers_case() -> None:
    statute = (
        "Where a member resigns, the club shall refund the unused dues not later than seven "
        "days after the member's last day."
    )
    faq = "Leaving the club? It has up to 14 days after your last day to refund unused dues."
    assert unresolved(
        "How many days does the club have to refund dues after a member resigns?", statute, faq
    )
    # asked without that case, the statute's branch is another case than the plain answer
    assert not unresolved("How many days does the club have to refund dues?", statute, faq)


def test_a_value_hedged_as_usual_practice_does_not_contradict_a_rule() -> None:
    question = "How many days ahead are the rosters published?"
    rule = "The manager shall publish the rosters at least 10 days before the first shift."
    assert not unresolved(
        question, rule, "In practice most rosters are published about 14 days ahead."
    )
    assert unresolved(question, rule, "The rosters are published 5 days ahead.")


@pytest.mark.parametrize(
    ("text", "typical"),
    [
        ("rosters are usually published", True),
        ("the test takes about ", True),
        ("the test costs about $", True),
        ("notify the tenant about the deposit within ", False),  # a preposition, no estimate
        ("it is approximately", True),
        ("on average the wait is", True),
        ("in practice it takes", True),
        ("the rosters shall be published at least", False),
        ("generally, the rosters shall be published", False),
    ],
)
def test_typical_of(text: str, typical: bool) -> None:
    assert readings.typical_of(text) is typical


QUESTION = "Does a member need the board's written consent to rent out a locker?"


def test_a_yes_or_no_is_read_on_the_clause_that_says_it() -> None:
    (reading,) = readings_of(
        "You don't need the board's permission to rent out a locker; a member need not ask "
        "for consent either.",
        POLARITY,
        QUESTION,
    )
    assert reading.value == "no"  # two clauses each say no: not an even count of negations
    assert {"board", "rent", "locker"} <= reading.matter


def test_a_yes_or_no_to_a_need_question_conflicts() -> None:
    assert unresolved(
        QUESTION,
        "A member must obtain the board's written consent before renting out a locker.",
        "You don't need the board's permission to rent out a locker.",
    )


def test_non_negates_the_word_it_prefixes() -> None:
    question = "Is the booking fee refunded if the course is cancelled?"
    assert unresolved(
        question,
        "If the course is cancelled, the booking fee is refundable in full.",
        "The booking fee is non-refundable, even when the course is cancelled.",
    )


def test_a_stated_exception_is_no_conflict_with_the_rule() -> None:
    question = "Can a buyer cancel an order within 14 days?"
    assert not unresolved(
        question,
        "The buyer may cancel an order within 14 days without giving any reason.",
        "As an exception, the buyer may not cancel an order for goods made to measure.",
    )


def test_a_denial_of_something_else_the_question_does_not_name_is_no_conflict() -> None:
    question = "Can the owner of the studio charge a cleaning fee?"
    assert not unresolved(
        question,
        "The studio owner may charge a cleaning fee.",
        "The studio owner may not charge a fee for using the lockers.",
    )
    # without a thing of its own, the denial is of the question's matter
    assert unresolved(
        question,
        "The studio owner may charge a cleaning fee.",
        "The studio owner may not charge a cleaning fee.",
    )


def test_two_matters_each_naming_what_the_other_does_not_are_no_conflict() -> None:
    question = "Can the owner of the studio charge a cleaning fee or a key deposit?"
    assert not unresolved(
        question,
        "The studio owner may charge a cleaning fee.",
        "The studio owner may not charge a key deposit.",
    )


@pytest.mark.parametrize(
    ("after", "rate"),
    [
        (" per container per day from the sixth day", "day"),
        (" a night", "night"),
        (" per hour", "hour"),
        (" each week", "week"),
        (" every month", "month"),
        (" an hour", "hour"),
        (" per year", "year"),
        (" limit is adjusted each year", ""),  # the words between are no rate's
        (" per container is charged", ""),
        (" for each violation", ""),
        (" per applicant", ""),
    ],
)
def test_rate_of(after: str, rate: str) -> None:
    assert readings.rate_of(after) == rate


def test_a_charge_per_day_and_a_flat_fee_are_two_measures() -> None:
    question = "How much is charged for a container left at the terminal?"
    flat = "A handling fee of USD 150 is charged for each container."
    assert not unresolved(
        question, flat, "Storage is charged at USD 25 per container per day after the fifth day."
    )
    assert unresolved(
        question,
        "Storage is charged at USD 30 per container per day.",
        "Storage is charged at USD 25 per container per day.",
    )
    assert unresolved(question, flat, "A handling fee of USD 120 is charged for each container.")


WITHDRAWAL = "How much cash can be withdrawn per day with a Classic debit card?"


def test_a_period_adjective_in_front_of_an_amount_is_its_rate() -> None:
    # "the daily limit is £500" is £500 a day: it disagrees with "up to £300 a day".
    daily = "The daily cash withdrawal limit for Classic debit cards is £500."
    assert unresolved(
        WITHDRAWAL, daily, "With a Classic debit card you can take out up to £300 a day."
    )
    assert unresolved(
        WITHDRAWAL, "With a Classic debit card you can take out up to £300 a day.", daily
    )
    # another period in front, or after, is another measure
    weekly = "The weekly cash withdrawal limit for Classic debit cards is £500."
    assert not unresolved(
        WITHDRAWAL, weekly, "With a Classic debit card you can take out up to £300 a day."
    )
    assert not unresolved(
        WITHDRAWAL, daily, "With a Classic debit card you can take out up to £300 a week."
    )
    # both rated after the value, as before: the same period disagrees, another does not
    assert unresolved(
        WITHDRAWAL,
        "With a Classic debit card you can take out up to £500 a day.",
        "With a Classic debit card you can take out up to £300 a day.",
    )
    assert not unresolved(
        WITHDRAWAL,
        "With a Classic debit card you can take out up to £500 a week.",
        "With a Classic debit card you can take out up to £300 a day.",
    )


def test_an_annual_fee_and_a_monthly_charge_are_two_measures() -> None:
    question = "How much does the premium account cost?"
    assert not unresolved(
        question,
        "The annual fee for the premium account is £95.",
        "The premium account costs £10 a month.",
    )
    assert unresolved(
        question,
        "The annual fee for the premium account is £95.",
        "The premium account costs £120 a year.",
    )


CARD = "How much notice must a card issuer give before increasing the interest rate on a card?"


def test_a_rule_and_a_manual_wording_the_question_apart_are_one_matter_by_their_sentences() -> None:
    # They share one question word ("notice") and, beyond it, "increase", "rate", "take",
    # "effect": one matter, and 45 days against at most 30 days before it disagree.
    assert unresolved(
        CARD,
        "A card issuer must give the cardholder at least 45 days' written notice before any "
        "increase in the annual percentage rate takes effect.",
        "Cardholders shall receive notice of an APR increase no more than 30 days before the new "
        "rate takes effect.",
    )


@pytest.mark.parametrize(
    "second",
    [
        # One question word shared ("notice") of three, and only two sentence words ("notice",
        # "increase"): not enough to be one matter.
        "Notice of an interest increase comes 30 days ahead.",
        # Many sentence words shared but none of the question's: about something else.
        "The bank will publish any increase in the annual percentage rate 30 days before it "
        "takes effect.",
    ],
)
def test_too_few_shared_sentence_words_or_no_question_word_is_no_one_matter(second: str) -> None:
    first = (
        "A card issuer must give the cardholder at least 45 days' written notice before any "
        "increase in the annual percentage rate takes effect."
    )
    assert not unresolved(CARD, first, second)


def test_three_shared_sentence_words_and_a_question_word_are_one_matter() -> None:
    first = (
        "A card issuer must give the cardholder at least 45 days' written notice before any "
        "increase in the annual percentage rate takes effect."
    )
    # "notice", "increase" and "rate": three.
    assert unresolved(CARD, first, "Notice of an interest rate increase comes 30 days ahead.")

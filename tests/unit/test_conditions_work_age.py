"""Conditions on hours of work and on age, against the facts a question states
(citenexus/domain/conditions.py; docs/design.md, "Answer selection"): the tenure reading
generalised to two more facts, in generic English, and "not more than" read as a maximum."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.conditions import (
    MET,
    UNMET,
    Span,
    _durations,
    age_conditions,
    age_facts,
    condition_fit,
    stated_facts,
    work_conditions,
    work_facts,
)
from citenexus.domain.model import Unit
from citenexus.generators.extractive import ExtractiveGenerator

BREAKS = (
    "(c) An employee who works at least 3.5 hours but not more than 6 hours in a workday is "
    "entitled to one paid rest period. (d) An employee who works more than 10 hours but not more "
    "than 14 hours in a workday is entitled to three paid rest periods. (e) An employee who works "
    "more than 6 hours but not more than 10 hours in a workday is entitled to two paid rest periods."
)


def test_not_more_than_is_a_closed_maximum_and_more_than_an_open_minimum() -> None:
    rule = "An employee who works more than 6 hours but not more than 10 hours is entitled to two."
    assert work_conditions(rule) == (
        Span(6.0, float("inf"), low_closed=False),
        Span(0.0, 10.0),
    )
    assert work_conditions("A driver who has worked no more than 11 hours may drive.") == (
        Span(0.0, 11.0),
    )
    assert work_conditions("A worker on duty at most 8 hours a day.") == (Span(0.0, 8.0),)
    assert work_conditions("A shift of no longer than 12 hours.") == (Span(0.0, 12.0),)
    assert work_conditions("A shift of less than 4 hours.") == (Span(0.0, 4.0, high_closed=False),)


def test_hours_count_as_work_only_with_a_word_of_work_in_their_clause() -> None:
    assert work_facts("I work 8-hour shifts at a warehouse.") == (Span(8.0, 8.0),)
    assert work_facts("My last shift ran 12 hours.") == (Span(12.0, 12.0),)
    assert work_facts("The store opens for 10 hours a day.") == ()
    assert work_conditions("Notice shall be given at least 24 hours before entry.") == ()
    # An exact number of hours in a rule is what it sets, not a condition on the case.
    assert work_conditions("An employee who works 8 hours shall receive a meal period.") == ()


def test_the_branch_for_the_hours_the_asker_works_is_quoted() -> None:
    question = "I work 8-hour shifts at a distribution center. How many paid breaks do I get?"
    facts = stated_facts(question)
    sentences = BREAKS.split(" (")
    fits = [condition_fit(facts, s) for s in sentences]
    assert fits == [UNMET, UNMET, MET]
    draft = ExtractiveGenerator().generate(question, [Unit("code", 1, BREAKS)])
    assert "two paid rest periods" in draft.segments[0].text


@given(
    hours=st.integers(min_value=1, max_value=20),
    low=st.integers(min_value=1, max_value=10),
    width=st.integers(min_value=1, max_value=10),
)
def test_a_range_of_hours_is_met_exactly_by_the_hours_inside_it(
    hours: int, low: int, width: int
) -> None:
    high = low + width
    question = f"I work {hours}-hour shifts. How many breaks do I get?"
    rule = f"An employee who works more than {low} hours but not more than {high} hours gets two."
    expected = MET if low < hours <= high else UNMET
    assert condition_fit(stated_facts(question), rule) == expected


def test_ages_are_read_beside_the_words_of_age() -> None:
    assert age_facts("My 10-year-old needs a flu shot.") == (Span(10.0, 10.0),)
    assert age_facts("My son is 16 years old.") == (Span(16.0, 16.0),)
    assert age_facts("She is aged 70.") == (Span(70.0, 70.0),)
    assert age_facts("The loan runs for 10 years.") == ()
    assert age_conditions("persons 18 years of age or older") == (Span(18.0, float("inf")),)
    assert age_conditions("persons under the age of 18") == (Span(0.0, 18.0, high_closed=False),)
    assert age_conditions("students 16 years old or younger") == (Span(0.0, 16.0),)
    assert age_conditions("a child aged 12 or over") == (Span(12.0, float("inf")),)
    assert age_conditions("A child is a person 12 years of age.") == ()


def test_a_rule_for_adults_does_not_answer_for_a_child() -> None:
    facts = stated_facts("My 10-year-old needs a flu shot. Who may give it to him?")
    intern = "A pharmacy intern may vaccinate only persons 18 years of age or older."
    pharmacist = "A pharmacist may vaccinate any person aged 3 or older."
    assert condition_fit(facts, intern) == UNMET
    assert condition_fit(facts, pharmacist) == MET


def test_tenure_hours_and_age_are_kept_apart() -> None:
    # Months of residence are not hours of work, and an age is not a stay.
    facts = stated_facts(
        "I have lived here for three years, I work 40 hours a week and I am 70 years old. "
        "How much notice do I get?"
    )
    assert facts.work == (Span(40.0, 40.0),)
    assert facts.ages == (Span(70.0, 70.0),)
    stay = "An owner shall give 60 days' notice if the tenant has resided for one year or more."
    assert condition_fit(facts, stay) == MET


def test_the_clause_of_the_hours_is_read_and_no_more() -> None:
    # The words of work must stand in the hours' own clause: not in the sentence after, not in
    # the clause before, and the clause may run to the end of a text with no full stop.
    assert work_facts("The store opens for 10 hours a day. Staff work in shifts.") == ()
    assert work_facts("I work at a store; it opens for 10 hours a day.") == ()
    assert work_facts("Hours vary. I work 8-hour shifts.") == (Span(8.0, 8.0),)
    assert work_facts("I work 8-hour shifts") == (Span(8.0, 8.0),)


def test_almost_is_an_open_maximum_as_before() -> None:
    # "almost" ends in "most" but is no "at most": almost a year meets "less than one year".
    facts = stated_facts("I have lived here almost a year. How much notice do I get?")
    assert facts.tenure == (Span(0.0, 12.0, high_closed=False),)
    rule = "An owner may give 30 days' notice if the tenant has resided for less than one year."
    assert condition_fit(facts, rule) == MET


def test_a_maximum_written_in_capitals_is_still_closed() -> None:
    assert work_conditions("A worker on duty At Most 8 hours a day.") == (Span(0.0, 8.0),)
    assert work_conditions("A worker who works NOT MORE THAN 8 hours.") == (Span(0.0, 8.0),)


def test_an_age_opening_the_text_is_read() -> None:
    assert age_facts("Aged 70, my mother asks who may vaccinate her.") == (Span(70.0, 70.0),)


def test_a_rate_opening_the_text_is_no_stay() -> None:
    # "8 hours a week": after a number, "a week" is a rate, even at the very start of a text.
    assert _durations("8 hours a week") == []
    assert _durations("for a week") == [(7 / 30.4, 4, 10)]

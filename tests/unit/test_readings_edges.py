"""What a value's own words say it is, at the edges (domain/readings.py): a yes or no and its
matter, when two answers are about one matter, contrasting years, values equal within the
tolerance, a value at either end of a stated range, durations counted in days, and the words of
a condition or an exception."""

from __future__ import annotations

import pytest

from citenexus.domain.readings import (
    Reading,
    condition_of,
    days_of,
    disagree,
    polarity_disagree,
    polarity_reading,
    range_of,
    same_value,
    subject_of,
)
from citenexus.domain.vocabulary import stem

ASKED = frozenset({stem("application"), stem("fee")})
APPLICATION = frozenset({"application"})


def yes_no(value: str, matter: frozenset[str], **kw: object) -> Reading:
    return Reading(value, "polarity", 1.0 if value == "yes" else 0.0, matter, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The application was approved.", "yes"),
        ("The application was not approved.", "no"),
        ("The application was rejected.", "no"),
        ("The application was not rejected.", "yes"),  # two negations: yes
        ("The application isn't required.", "no"),  # "n't" is a "not"
        ("No application is ever not rejected.", "no"),  # three: no
        ("The application fee is non-refundable.", "no"),  # "non" negates its word
    ],
)
def test_a_yes_or_no_is_the_parity_of_negations_and_negative_words(text: str, value: str) -> None:
    reading = polarity_reading(text, ASKED)
    matter = APPLICATION | ({stem("fee")} if "fee" in text else set())
    assert reading == Reading(value, "polarity", 1.0 if value == "yes" else 0.0, matter)


def test_the_matter_is_the_questions_words_its_clause_names() -> None:
    reading = polarity_reading("It is ok: the fee is due.", ASKED)
    assert reading is not None and reading.matter == frozenset({"fee"})
    assert polarity_reading("The weather is fine.", ASKED) is None  # no word of the question


def test_a_negation_is_never_the_matter() -> None:
    reading = polarity_reading("The fee is not due.", frozenset({"fee", "not"}))
    assert reading is not None and reading.matter == frozenset({"fee"})
    assert reading.value == "no"


def test_the_clause_naming_most_of_the_question_says_yes_or_no() -> None:
    reading = polarity_reading("It is not cheap; the application fee is due.", ASKED)
    assert reading is not None and reading.value == "yes"  # the first clause's "not" is not it
    first = polarity_reading("The application fee is due; it is not cheap.", ASKED)
    assert first is not None and first.value == "yes"
    tied = polarity_reading("The fee is not due. The application is due.", ASKED)
    assert tied is not None and tied.value == "no"  # a tie goes to the first clause


def test_a_stated_exception_is_read_with_the_yes_or_no() -> None:
    reading = polarity_reading("As an exception, the application fee is not due.", ASKED)
    assert reading is not None and reading.exception
    plain = polarity_reading("The application fee is not due.", ASKED)
    assert plain is not None and not plain.exception


def test_a_reading_keeps_the_subject_and_qualifiers_its_words_name() -> None:
    reading = polarity_reading("For each child, the 2026 fee is not required.", ASKED)
    assert reading is not None
    assert reading.subject == frozenset({"child"})
    assert reading.qualifiers == frozenset({"child", "year:2026"})


def test_two_answers_disagree_only_on_one_matter() -> None:
    yes, no = yes_no("yes", frozenset({"a"})), yes_no("no", frozenset({"a", "b"}))
    assert polarity_disagree(yes, no)  # half the words shared, nothing only the yes names
    assert not polarity_disagree(yes, yes_no("yes", frozenset({"a", "b"})))  # same answer
    assert not polarity_disagree(yes, yes_no("no", frozenset({"a", "b", "c"})))  # a third shared
    assert not polarity_disagree(
        yes_no("yes", frozenset({"a", "c"})), no
    )  # each names a word the other does not
    assert not polarity_disagree(
        yes_no("yes", frozenset({"a", "b", "c"})), yes_no("no", frozenset({"a", "b", "d"}))
    )  # half shared, but each names a word the other does not: two matters


def test_contrasting_years_or_subjects_are_two_rules_not_a_disagreement() -> None:
    matter = frozenset({"a"})
    y26 = yes_no("yes", matter, qualifiers=frozenset({"year:2026"}))
    assert not polarity_disagree(y26, yes_no("no", matter, qualifiers=frozenset({"year:2027"})))
    assert polarity_disagree(y26, yes_no("no", matter, qualifiers=frozenset({"year:2026"})))
    assert polarity_disagree(y26, yes_no("no", matter))  # a year on one side only
    adults = yes_no("yes", matter, subject=frozenset({"adult"}))
    assert not polarity_disagree(adults, yes_no("no", matter, subject=frozenset({"child"})))
    assert polarity_disagree(adults, yes_no("no", matter, subject=frozenset({"adult"})))


def days(value: float, label: str = "", **kw: object) -> Reading:
    return Reading(label or f"{value} days", "days", value, frozenset({"notice"}), **kw)  # type: ignore[arg-type]


def test_values_within_two_percent_are_the_same_and_beyond_are_not() -> None:
    assert same_value(days(100), days(98))  # exactly 2 percent
    assert not same_value(days(100), days(97.9))
    assert same_value(days(0.5), days(0.505))  # a fraction of a day
    assert not same_value(days(30), Reading("30 hours", "hours", 30, frozenset({"notice"})))


def test_a_value_at_either_end_of_a_stated_range_is_inside_it() -> None:
    ranged = days(15, "10 to 20 days", span=(10.0, 20.0), raw=10.0)
    assert not disagree(days(10, raw=10.0), ranged)
    assert not disagree(ranged, days(20, raw=20.0))
    assert disagree(days(21, raw=21.0), ranged)


def test_readings_of_another_kind_role_or_matter_never_disagree() -> None:
    hours = Reading("30 hours", "hours", 30, frozenset({"notice"}))
    assert not disagree(days(60), hours)
    assert disagree(days(60), days(30))
    assert not disagree(days(60, role="lead"), days(30, role="deadline"))
    assert disagree(days(60, role="lead"), days(30, role="lead"))
    # the one naming less of the question shares half of it with the other: one matter
    two = Reading("60 days", "days", 60, frozenset({"notice", "rent"}))
    three = Reading("30 days", "days", 30, frozenset({"notice", "fee", "cure"}))
    assert disagree(two, three)
    # less than half of what either names: two matters
    cure = Reading("60 days", "days", 60, frozenset({"deposit", "notice", "cure"}))
    assert not disagree(cure, Reading("30 days", "days", 30, frozenset({"notice", "fee", "rent"})))
    four = Reading("30 days", "days", 30, frozenset({"notice", "fee", "cure", "rent"}))
    assert disagree(two, four)


def test_the_subject_is_the_first_for_phrase_that_names_one() -> None:
    assert subject_of("the fee is waived for them, and for each child") == frozenset({"child"})
    assert subject_of("liable for a period of years for each child") == frozenset({"child"})


@pytest.mark.parametrize(
    ("base", "value", "expected"),
    [
        ("months", 12, ("days", 365.25)),
        ("days", 21, ("days", 21)),
        ("business_days", 5, ("business_days", 5)),
        ("hours", 48, ("hours", 48)),
    ],
)
def test_durations_are_counted_in_days_a_month_a_twelfth_of_a_year(
    base: str, value: float, expected: tuple[str, float]
) -> None:
    assert days_of(base, value) == pytest.approx(expected)  # type: ignore[arg-type]
    assert days_of(base, value)[0] == expected[0]


def test_a_range_reads_numbers_written_with_thousands_separators() -> None:
    assert range_of("between 1,000 and 2,000 dollars") == (1000.0, 2000.0)


def test_a_conditions_words_are_gathered_from_every_condition_and_an_exception_is_flagged() -> None:
    assert condition_of("if the fee is due, pay it") == (False, frozenset({"the", "fee", "due"}))
    assert condition_of("if the fee is due, and when it is late") == (
        False,
        frozenset({"the", "fee", "due", "lat"}),
    )
    assert condition_of("unless the fee is due") == (
        True,
        frozenset({"unless", "the", "fee", "due"}),
    )

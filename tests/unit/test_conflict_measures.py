"""Conflicts between measures a question asks for without naming their kind (docs/design.md,
"Conflicts about the same matter"): "What is the maximum weight of a cabin bag?" is answered by
"7 kg" and "10 kg", which disagree; 1 g and 1000 mg are one value; 100,000 km and 100,000 miles
are two; the same number of days and of working days (or of hours) is a unit one source has
wrong; a value inside the other's range ("between 0°C and 5°C", "one to three working days") is
no disagreement."""

from __future__ import annotations

import pytest

from citenexus.domain import readings
from citenexus.domain.conflicts import AMOUNT, DAYS, MEASURE, question_kind, readings_of
from citenexus.domain.vocabulary import stem
from scripts.conflict_pairs import unresolved


@pytest.mark.parametrize(
    ("after", "measured"),
    [
        (" kg in weight", ("mass:g", 1000.0, "kg")),
        (" mg of ibuprofen", ("mass:g", 0.001, "mg")),
        (" grams in any 24-hour period", ("mass:g", 1.0, "grams")),
        ("°C or higher", ("temperature:c", 1.0, "°c")),
        (" degrees Fahrenheit", ("temperature:f", 1.0, "fahrenheit")),
        (" miles", ("length:m", 1609.344, "miles")),
        ("-mm gap", ("length:m", 0.001, "mm")),
        (" millilitres", ("volume:l", 0.001, "millilitres")),
        # Not a unit of the table: the noun counted is its own base.
        (" characters long", ("count:character", 1.0, "characters")),
        # A stop word or nothing after the number measures nothing.
        (" of the members", None),
        ("", None),
        (" m", None),
    ],
)
def test_the_unit_after_a_bare_number_gives_its_base_and_factor(
    after: str, measured: tuple[str, float, str] | None
) -> None:
    assert readings.measure_of(after) == measured


@pytest.mark.parametrize(
    ("window", "span"),
    [
        ("kept at a temperature between 0°C and 5°C", (0.0, 5.0)),
        ("within one to three working days of the request", (1.0, 3.0)),
        ("between 10 and 20 days", (10.0, 20.0)),
        ("from 7 to 5 days", (5.0, 7.0)),
        ("every 4-6 hours", (4.0, 6.0)),
        ("every 4\u20136 hours", (4.0, 6.0)),
        ("a fee of $10 to $20", (10.0, 20.0)),
        ("sections 3 and 4 apply", None),  # "and" makes a range only after "between"
        ("in any 24-hour period", None),
        ("within 30 days", None),
        # Numbers chained by dashes, slashes or dots are a date or a reference, not a range.
        ("due 2026-11-30", None),
        ("see pages 10-12-14", None),
        ("on 12/05-06", None),
        ("1.5-2 litres", (1.5, 2.0)),
        # A number word is a whole word: "seventeen" is not "seven" followed by a unit.
        ("within seventeen to twenty days", (17.0, 20.0)),
        ("between six and sixteen days", (6.0, 16.0)),
        ("fourteen to nineteen days", (14.0, 19.0)),
    ],
)
def test_a_range_is_read_with_number_words_units_between_and_dashes(
    window: str, span: tuple[float, float] | None
) -> None:
    assert readings.range_of(window) == span


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What is the maximum weight of a cabin bag in Economy?", MEASURE),
        ("What's the minimum password length for standard accounts?", MEASURE),
        ("How often must portable fire extinguishers be serviced?", MEASURE),
        ("How quickly must the provider respond to a Severity 1 incident?", MEASURE),
        ("At what interval must the timing belt be replaced?", MEASURE),
        ("What temperature should chilled food be kept at?", MEASURE),
        # A kind the question names goes first.
        ("How much advance notice must an employee give before annual leave?", DAYS),
        ("How much is the fee for filing an annual return?", AMOUNT),
        # Asking for no quantity at all.
        ("Who decides appeals against a refusal?", None),
        ("Why was the rule introduced?", None),
    ],
)
def test_a_question_asking_for_a_bound_frequency_or_measure_compares_measures(
    question: str, kind: str | None
) -> None:
    assert question_kind(question) == kind


def test_two_weights_for_one_bag_conflict() -> None:
    assert unresolved(
        "What is the maximum weight of a cabin bag?",
        "A cabin bag shall not exceed 7 kg in weight.",
        "Your cabin bag can weigh up to 10 kg.",
    )


def test_one_weight_in_two_units_is_one_value() -> None:
    assert not unresolved(
        "What is the maximum daily dose of paracetamol for an adult?",
        "The maximum daily dose of paracetamol for an adult is 4 g.",
        "An adult may take paracetamol up to a maximum daily dose of 4000 mg.",
    )


def test_the_same_number_of_miles_and_kilometres_is_two_values() -> None:
    assert unresolved(
        "At what interval must the timing belt be replaced?",
        "Replace the timing belt at intervals of 100,000 km.",
        "The timing belt must be replaced at intervals of 100,000 miles.",
    )


@pytest.mark.parametrize(
    ("first", "second", "conflict"),
    [
        ("within 30 days of the request", "within 30 working days of the request", True),
        ("within 12 days of the request", "within 12 hours of the request", True),
        ("within 4 hours of the request", "within 4 hours of the request", False),
        # Different numbers of units that do not convert: not read as one value or two.
        ("within 21 days of the request", "within 15 working days of the request", False),
    ],
)
def test_the_same_number_of_two_units_of_time_is_a_unit_one_source_has_wrong(
    first: str, second: str, conflict: bool
) -> None:
    question = "How long does the office have to answer a request?"
    assert (
        unresolved(
            question,
            f"The office shall answer a request {first}.",
            f"We answer a request {second}.",
        )
        is conflict
    )


def test_a_value_inside_the_others_range_is_no_disagreement() -> None:
    assert not unresolved(
        "At what temperature should chilled food be stored?",
        "Chilled food shall be stored at a temperature between 0°C and 5°C.",
        "Keep chilled food stored at 3°C.",
    )
    assert not unresolved(
        "How many working days does it take to move a number to a new provider?",
        "The provider shall move a number within one to three working days of a request.",
        "We move your number to a new provider within 2 working days of your request.",
    )


def test_a_bare_number_is_no_measure() -> None:
    assert not unresolved(
        "What is the maximum penalty under the act?",
        "Section 12 of the act sets the penalty.",
        "Section 14 of the act sets the penalty.",
    )


def test_a_colon_ends_the_holder_phrase() -> None:
    assert readings.holder_of("Children aged 7 to 9 years: maximum ") == frozenset(
        stem(w) for w in ("children", "aged", "years")
    )
    assert not unresolved(
        "What is the maximum daily dose of ibuprofen?",
        "Adults and children over 12 years: do not take more than 1,200 mg of ibuprofen a day.",
        "Children aged 7 to 9 years: a maximum of 600 mg of ibuprofen a day.",
    )


def test_a_number_labelling_something_is_no_measure() -> None:
    question = "How quickly must the provider respond to an incident?"
    assert not unresolved(
        question,
        "Severity 1 incidents get a response within 4 hours of being logged.",
        "For Severity 2 incidents the provider will respond within 4 hours of being logged.",
    )
    labelled = readings_of("Severity 2 incidents get a response within 4 hours.", MEASURE, question)
    assert [r.value for r in labelled] == ["4 hours"]
    counted = readings_of(
        "We take 2 incidents at a time and respond within 4 hours.", MEASURE, question
    )
    assert [r.value for r in counted] == ["2 incidents", "4 hours"]


@pytest.mark.parametrize(
    ("after", "measured"),
    [
        ("° C", ("temperature:c", 1.0, "°c")),  # a space inside the degree sign's unit
        (" men and women", ("count:men", 1.0, "men")),  # a three-letter noun is counted
        (" oz", None),  # two letters outside the table: too short to name what is counted
    ],
)
def test_short_units_and_spaced_degree_signs(
    after: str, measured: tuple[str, float, str] | None
) -> None:
    assert readings.measure_of(after) == measured


def test_the_same_single_unit_of_two_units_of_time_is_a_unit_swap() -> None:
    assert unresolved(
        "How long does the office have to answer a request?",
        "The office shall answer a request within 1 day of receiving it.",
        "We answer a request within 1 hour of receiving it.",
    )


def test_two_dates_written_iso_still_conflict() -> None:
    # A date's numbers are no range: "2026-11-30" once read as the range 11-2026 held 2026-12-31.
    assert unresolved(
        "When is the renewal due?",
        "Sarah said on the call that the renewal is due 2026-11-30",
        "The signed contract sets the renewal date at 2026-12-31",
    )

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


@pytest.mark.parametrize(
    ("after", "measured"),
    [
        # Two-word units: a qualifier that makes another unit, or names the common one.
        (" nautical miles of the baseline", ("length:m", 1852.0, "nautical miles")),
        (" statute miles of any airport", ("length:m", 1609.344, "statute miles")),
        ("-statute-mile radius", ("length:m", 1609.344, "statute mile")),
        (" square metres of floor", ("area:m2", 1.0, "square metres")),
        (" square feet", ("area:m2", 0.09290304, "square feet")),
        (" square centimetres", ("area:m2", 1e-4, "square centimetres")),
        (" cubic metres per item", ("volume:l", 1000.0, "cubic metres")),
        (" cubic feet in total", ("volume:l", 28.316846592, "cubic feet")),
        (" metric tonnes", ("mass:g", 1e6, "metric tonnes")),
        (" short tons.", ("mass:g", 907184.74, "short tons")),
        (" tonnes gross", ("mass:g", 1e6, "tonnes")),
        # A unit of the table after a word that is none: that unit.
        (" extra kilograms", ("mass:g", 1000.0, "kilograms")),
        # Rates: per a unit of time or of the table, a base of their own.
        (" km/h on motorways", ("length:m/time:h", 1000.0, "km/h")),
        (" kilometres per hour", ("length:m/time:h", 1000.0, "kilometres/hour")),
        (" miles an hour", ("length:m/time:h", 1609.344, "miles/hour")),
        (" mph", ("length:m/time:h", 1609.344, "mph")),
        (" knots", ("length:m/time:h", 1852.0, "knots")),
        (" mg per kilogram of body weight", ("mass:g/mass:g", 1e-6, "mg/kilogram")),
        # "per" something that is no unit leaves the unit as it is.
        (" kg per passenger", ("mass:g", 1000.0, "kg")),
        (" kg a bag", ("mass:g", 1000.0, "kg")),
        # A stop word in front of a unit is no qualifier: nothing is measured.
        (" of miles", None),
    ],
)
def test_qualified_units_and_rates(after: str, measured: tuple[str, float, str] | None) -> None:
    assert readings.measure_of(after) == measured


@pytest.mark.parametrize(
    ("before", "after", "bound"),
    [
        ("located within ", " miles of the coast", (readings.BELOW, "within ")),
        ("within a ", "-mile distance", (readings.BELOW, "within a ")),
        ("situated more than ", " miles from", (readings.ABOVE, "more than ")),
        ("parcels heavier than ", " kg incur", (readings.ABOVE, "heavier than ")),
        ("parcels lighter than ", " kg", (readings.BELOW, "lighter than ")),
        ("rooms exceeding ", " square metres", (readings.ABOVE, "exceeding ")),
        ("no more than ", " people", (readings.BELOW, "no more than ")),
        ("at least ", " workers", (readings.ABOVE, "at least ")),
        ("sites employing ", " or more workers", (readings.ABOVE, " or more")),
        ("sites with ", " workers or fewer", (readings.BELOW, " workers or fewer")),
        ("sites with ", " workers", None),
        # A comparator must stand right in front of the number.
        ("within the ", " days", (readings.BELOW, "within the ")),
        ("within the month, ", " days", None),
    ],
)
def test_a_comparator_bounds_the_quantity_it_stands_with(
    before: str, after: str, bound: tuple[str, str] | None
) -> None:
    assert readings.bound_of(before, after) == bound


def test_values_bounded_apart_are_two_branches_and_bounded_alike_are_one_rule() -> None:
    question = "How often must the bearings be inspected for corrosion?"
    near = "For bridges within 5 miles of the coast, bearings shall be inspected every 60 days."
    far = "Bridges more than five miles from the coastline need bearings inspected every 120 days."
    other = "For bridges within 8 km of the coast, bearings shall be inspected every 90 days."
    assert not unresolved(question, near, far)
    # 8 km and 5 miles are two bounds; 8,046.72 metres is 5 miles: one case, two values.
    assert not unresolved(question, near, other)
    assert unresolved(question, near, other.replace("8 km", "8,046.72 metres"))


def test_a_bound_is_read_in_front_of_the_value_as_a_condition_is() -> None:
    question = "What is the surcharge?"
    found = readings_of("A surcharge of $9 applies to parcels over 20 kg.", AMOUNT, question)
    assert [r.bounds for r in found] == [frozenset()]
    found = readings_of("Parcels over 20 kg carry a surcharge of $9.", AMOUNT, question)
    assert [r.bounds for r in found] == [frozenset({("mass:g", readings.ABOVE, 20000.0)})]


def test_a_period_bounds_no_period() -> None:
    # "Within 5 days" is a deadline of its own, not the case of the 30 days after it.
    question = "How long does the landlord have to return the deposit?"
    found = readings_of(
        "Within 5 days of notice, return the deposit 30 days later.", DAYS, question
    )
    assert [(r.value, r.bounds) for r in found] == [
        ("5 days", frozenset()),
        ("30 days", frozenset()),
    ]


def test_a_bounds_own_words_are_no_condition_of_another_branch() -> None:
    # "larger than 100 square metres" and "exceeding 100 square metres" bound one case.
    question = "How many smoke detectors does a large room need?"
    first = "In rooms exceeding 100 square metres, install one smoke detector per 60 square metres."
    second = (
        "Where a room is larger than 100 square metres, fit a smoke detector per 80 square metres."
    )
    assert unresolved(question, first, second)


def test_sentences_opening_with_cases_of_their_own_are_two_rules() -> None:
    question = "What dose is given to adults?"
    assert readings.case_of("By slow intravenous injection, adult: ") == {
        "slow",
        "intravenous",
        stem("injection"),
    }
    assert readings.case_of("Adults take ") == frozenset()
    assert not unresolved(question, "By mouth, adult: 16 mg.", "By injection, adult: 4 mg.")
    assert unresolved(question, "By mouth, adult: 16 mg.", "By mouth, adult: 8 mg.")


@pytest.mark.parametrize(
    "question",
    [
        "How close to an airport may a drone be flown?",
        "How near the coast may the turbine stand?",
        "Above what floor area must a room have sprinklers?",
        "What single oral dose is recommended for a child?",
        "What is the night-time noise limit?",
        "What's the visibility required?",
    ],
)
def test_questions_that_ask_a_measure_in_other_words(question: str) -> None:
    assert question_kind(question) == MEASURE

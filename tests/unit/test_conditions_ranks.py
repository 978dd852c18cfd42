"""A place in a numbered series, against a rule's range of places (citenexus/domain/conditions.py;
docs/design.md, "Answer selection"): "my son is in 9th grade" against "grades 6 through 12" and
"kindergarten through grade 5", in generic English."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.conditions import (
    MET,
    UNMET,
    Span,
    condition_fit,
    rank_conditions,
    rank_facts,
    rank_fit,
    stated_facts,
)
from citenexus.domain.model import Unit
from citenexus.generators.extractive import ExtractiveGenerator

QUESTION = (
    "My son is in 9th grade. How many unexcused absences can he have before the school labels "
    "him truant?"
)
YOUNGER = (
    "(a) A student in kindergarten through grade 5 is considered truant after seven unexcused "
    "absences in a school year."
)
OLDER = (
    "(b) A student in grades 6 through 12 is considered truant after five unexcused absences in a "
    "semester."
)


def test_an_ordinal_and_its_noun_are_the_askers_place() -> None:
    assert rank_facts(QUESTION) == (("grad", Span(9.0, 9.0)),)
    assert rank_facts("We rent the 3rd floor and the 21st unit.") == (
        ("floor", Span(3.0, 3.0)),
        ("unit", Span(21.0, 21.0)),
    )
    assert rank_facts("In grade 9, twice a year, 30 days.") == ()  # no ordinal, no place


def test_a_rule_names_its_range_in_three_ways() -> None:
    assert rank_conditions(OLDER) == (("grad", Span(6.0, 12.0)),)
    assert rank_conditions(YOUNGER) == (("grad", Span(-math.inf, 5.0)),)
    assert rank_conditions("Pupils in 6th through 8th grades may leave.") == (
        ("grad", Span(6.0, 8.0)),
    )
    assert rank_conditions("Floors 2-5 and floors 6 to 9 need sprinklers.") == (
        ("floor", Span(2.0, 5.0)),
        ("floor", Span(6.0, 9.0)),
    )
    assert rank_conditions("Units 2\u20134 are exempt.") == (("unit", Span(2.0, 4.0)),)
    assert rank_conditions("A student is truant after five absences.") == ()


def test_the_askers_place_picks_the_range_of_its_own_series() -> None:
    facts = stated_facts(QUESTION).ranks
    assert rank_fit(facts, OLDER) == MET
    assert rank_fit(facts, YOUNGER) == UNMET
    assert rank_fit(rank_facts("My daughter is in 3rd grade."), YOUNGER) == MET  # open below
    assert rank_fit(facts, "Floors 2-5 need sprinklers.") is None  # another series
    assert rank_fit((), OLDER) is None
    assert condition_fit(QUESTION, OLDER) == MET
    assert condition_fit(QUESTION, YOUNGER) == UNMET
    # one series ruled out is enough, whatever another says
    two = rank_facts("I am in 9th grade on the 3rd floor.")
    assert rank_fit(two, "Grades 6 through 12 on floors 4-6 must leave first.") == UNMET
    assert rank_fit(two, "Grades 6 through 12 on floors 1-6 must leave first.") == MET


@given(
    place=st.integers(min_value=1, max_value=40), low=st.integers(1, 30), width=st.integers(0, 10)
)
def test_a_place_is_met_exactly_by_the_ranges_that_hold_it(
    place: int, low: int, width: int
) -> None:
    high = low + width
    facts = rank_facts(f"I am in the {place}th grade.")
    fit = rank_fit(facts, f"Students in grades {low} through {high} must register.")
    assert fit == (MET if low <= place <= high else UNMET)


def test_the_branch_of_the_askers_place_is_quoted() -> None:
    draft = ExtractiveGenerator().generate(QUESTION, [Unit("policy", 1, f"{YOUNGER} {OLDER}")])
    assert "five unexcused absences" in draft.segments[0].text
    assert "seven" not in draft.segments[0].text

"""Conditions a rule states (tenure, percentages) against the facts a question gives."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.conditions import (
    MET,
    UNMET,
    Span,
    _tenure_conditions,
    _tenure_facts,
    condition_fit,
    percent_conditions,
    percent_facts,
    percent_fit,
    tenure_conditions,
    tenure_facts,
    tenure_fit,
)
from citenexus.domain.vocabulary import Vocabulary

SIXTY = (
    "(e) An owner who intends to end a tenancy shall give the tenant written notice at least "
    "60 days before the termination date if every tenant or resident has resided in the "
    "dwelling for one year or more."
)
THIRTY = (
    "(f) Notwithstanding subdivision (e), an owner may end the tenancy by giving written notice "
    "at least 30 days before the termination date if any tenant or resident has resided in the "
    "dwelling for less than one year."
)
NY_B = (
    "(b) If the tenant has occupied the unit for more than one year but less than two years, "
    "at least 60 days' notice."
)


@pytest.fixture(autouse=True)
def _fresh_readings() -> None:
    """The readers are cached per text; each test (and each mutant under mutmut) reads anew."""
    for reader in (_tenure_facts, _tenure_conditions, percent_facts, percent_conditions):
        reader.cache_clear()


RENT_INCREASE = (
    "(1) If the proposed rent increase, added to all other increases during the 12 months "
    "before it takes effect, is 10 percent or less of the lowest rent, the landlord shall give "
    "written notice at least 30 days before the increase takes effect."
)

# The rules under test here read tenancy wording through the tenancy lane's vocabulary.
pytestmark = pytest.mark.usefixtures("tenancy_vocabulary")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("I've been renting my place month to month for three years.", Span(36, 36)),
        ("The tenant moved in eight months ago.", Span(8, 8)),
        ("A tenant who has lived in a month-to-month rental for more than a year?", Span(12, math.inf, low_closed=False)),
        ("We have lived here for nearly a year.", Span(0, 12, high_closed=False)),
        ("A month-to-month tenant of three years?", Span(36, 36)),
    ],
)  # fmt: skip
def test_a_question_states_how_long_the_asker_has_lived_there(
    question: str, expected: Span
) -> None:
    assert tenure_facts(question) == (expected,)


@pytest.mark.parametrize(
    "question",
    [
        "My apartment lease is for a fixed one-year term. How much notice do I give?",
        "How much notice is due 60 days before the end of the lease?",
        "I rent by the month. How far ahead must I tell my landlord?",
    ],
)
def test_a_lease_term_a_deadline_or_month_to_month_is_not_tenure(question: str) -> None:
    assert tenure_facts(question) == ()


def test_a_rules_thresholds_on_residence_are_its_conditions() -> None:
    assert tenure_conditions(SIXTY) == (Span(12, math.inf),)
    assert tenure_conditions(THIRTY) == (Span(0, 12, high_closed=False),)
    # "at least 60 days before the termination date" is the notice, not a condition.
    assert tenure_conditions(RENT_INCREASE) == ()
    # A second bound continues the first: "more than one year but less than two years".
    assert tenure_conditions(NY_B) == (
        Span(12, math.inf, low_closed=False),
        Span(0, 24, high_closed=False),
    )
    # An exact length of residence is a fact of a case, not a condition of a rule.
    assert tenure_conditions("The tenant had resided there for 30 days when notice came.") == ()


@pytest.mark.parametrize(
    ("question", "sentence", "fit"),
    [
        ("renting month to month for three years; how much notice?", SIXTY, MET),
        ("renting month to month for three years; how much notice?", THIRTY, UNMET),
        ("the tenant moved in eight months ago; how much notice?", SIXTY, UNMET),
        ("the tenant moved in eight months ago; how much notice?", THIRTY, MET),
        ("a tenant who has lived there for more than a year", SIXTY, MET),
        ("a tenant who has lived there for more than a year", THIRTY, UNMET),
        ("a tenant who has lived there for exactly one year", SIXTY, MET),
        ("a tenant who has lived there for exactly one year", THIRTY, UNMET),
        ("a tenant of three years", NY_B, UNMET),
        ("a tenant of eighteen months", NY_B, MET),
        # Nothing is assumed: a range that straddles the threshold, or no facts, or no condition.
        ("we have lived here for nearly two years", SIXTY, None),
        ("how much notice must an owner give?", SIXTY, None),
        ("renting for three years; how much notice?", RENT_INCREASE, None),
    ],
)
def test_the_fit_of_a_question_to_a_rule(question: str, sentence: str, fit: str | None) -> None:
    assert tenure_fit(question, sentence) == fit


MONTHS = st.integers(min_value=1, max_value=120)


@given(lived=MONTHS, threshold=MONTHS)
def test_a_rule_and_its_complement_never_both_fit_and_exactly_one_is_met(
    lived: int, threshold: int
) -> None:
    """For an exact tenure, "N months or more" and "less than N months" split every case."""
    question = f"I have lived here for {lived} months."
    at_least = f"This applies if the tenant has resided there for {threshold} months or more."
    less = f"This applies if the tenant has resided there for less than {threshold} months."
    fits = {tenure_fit(question, at_least), tenure_fit(question, less)}
    assert fits == {MET, UNMET}
    assert (tenure_fit(question, at_least) == MET) == (lived >= threshold)


@given(
    low=st.floats(0, 100, allow_nan=False),
    width=st.floats(0, 100, allow_nan=False),
    point=st.floats(0, 200, allow_nan=False),
)
def test_a_span_that_contains_a_point_is_never_disjoint_from_it(
    low: float, width: float, point: float
) -> None:
    span, fact = Span(low, low + width), Span(point, point)
    assert not (span.contains(fact) and span.disjoint(fact))
    assert span.contains(fact) or span.disjoint(fact)


@pytest.mark.parametrize(
    ("span", "inner", "contained"),
    [
        (Span(12, math.inf), Span(12, 12), True),
        (Span(12, math.inf, low_closed=False), Span(12, 12), False),
        (Span(12, math.inf, low_closed=False), Span(12, math.inf, low_closed=False), True),
        (Span(12, math.inf), Span(12, math.inf, low_closed=False), True),
        (Span(0, 12, high_closed=False), Span(12, 12), False),
        (Span(0, 12, high_closed=False), Span(0, 12, high_closed=False), True),
        (Span(0, 12), Span(0, 12, high_closed=False), True),
        (Span(0, 12, high_closed=False), Span(0, 12), False),
    ],
)
def test_open_and_closed_bounds_decide_at_the_threshold(
    span: Span, inner: Span, contained: bool
) -> None:
    assert span.contains(inner) is contained


@pytest.mark.parametrize(
    ("sentence", "condition"),
    [
        ("if the tenant has resided there for at least one year", Span(12, math.inf)),
        ("if the tenant has resided there At Least one year", Span(12, math.inf)),
        ("if the tenant has resided there for more than one year", Span(12, math.inf, low_closed=False)),
        ("if the tenant has resided there for two years or less", Span(0, 24)),
        ("if the tenant has resided there for under a year", Span(0, 12, high_closed=False)),
        ("if the tenant has lived there for six months or longer", Span(6, math.inf)),
    ],
)  # fmt: skip
def test_each_way_of_writing_a_threshold(sentence: str, condition: Span) -> None:
    assert tenure_conditions(sentence) == (condition,)


def test_days_and_weeks_count_as_fractions_of_a_month() -> None:
    """300 days is under a year and 400 days over it; "a week" is a quarter of a month."""
    rule = "This applies if the tenant has resided there for one year or more."
    assert tenure_fit("We have lived here for 300 days.", rule) == UNMET
    assert tenure_fit("We have lived here for 400 days.", rule) == MET
    assert tenure_facts("We have lived here for a week.") == (Span(7 / 30.4, 7 / 30.4),)


def test_two_bounds_are_read_in_the_order_written() -> None:
    """The second bound continues the first only when it follows it in the text."""
    sentence = "if the tenant has resided in the unit for less than 18 months but more than a year"
    assert tenure_conditions(sentence) == (
        Span(0, 18, high_closed=False),
        Span(12, math.inf, low_closed=False),
    )
    assert tenure_fit("a tenant of fifteen months", sentence) == MET
    assert tenure_fit("a tenant of two years", sentence) == UNMET


SMALL_RAISE = (
    "(1) If the proposed rent increase, added to all other increases during the 12 months "
    "before it takes effect, is 10 percent or less of the lowest rent charged, the landlord "
    "shall give written notice at least 30 days before the increase takes effect."
)
LARGE_RAISE = (
    "(2) If the proposed rent increase, added to all other increases during the 12 months "
    "before it takes effect, is more than 10 percent of the lowest rent charged, the landlord "
    "shall give written notice at least 90 days before the increase takes effect."
)
RAISE_12 = "My landlord plans to raise my monthly rent by 12 percent. How much notice must I get?"


def test_a_rent_increase_is_matched_to_the_rule_for_its_size() -> None:
    assert percent_facts(RAISE_12) == (Span(12, 12),)
    assert percent_conditions(SMALL_RAISE) == (Span(0, 10),)
    assert percent_conditions(LARGE_RAISE) == (Span(10, math.inf, low_closed=False),)
    assert percent_fit(RAISE_12, SMALL_RAISE) == UNMET
    assert percent_fit(RAISE_12, LARGE_RAISE) == MET
    raise_10 = RAISE_12.replace("12 percent", "10 percent")
    assert percent_fit(raise_10, SMALL_RAISE) == MET
    assert percent_fit(raise_10, LARGE_RAISE) == UNMET


def test_a_percentage_about_something_else_or_no_threshold_decides_nothing() -> None:
    # No word in common but the parties: a deposit's interest is not a rent increase.
    interest = "A landlord who holds a security deposit pays interest of more than 2 percent."
    assert percent_conditions(interest) == (Span(2, math.inf, low_closed=False),)
    assert percent_fit(RAISE_12, interest) is None
    # A bare rate is what a rule sets, not a condition on the question's facts.
    assert percent_conditions("The rent may rise by 5 percent plus inflation each year.") == ()
    assert percent_fit("How much notice is due for a rent increase?", LARGE_RAISE) is None


def test_any_unmet_condition_rules_a_sentence_out_and_one_met_condition_is_enough() -> None:
    both = "A tenant who has lived there for five years; my rent goes up by 12 percent."
    assert condition_fit(both, LARGE_RAISE) == MET
    assert condition_fit(both, SMALL_RAISE) == UNMET
    assert condition_fit(both, SIXTY) == MET
    assert condition_fit(both, THIRTY) == UNMET
    mixed = "if the tenant has resided there for less than one year and the rent increase is more than 10 percent"
    assert condition_fit(both, mixed) == UNMET
    assert condition_fit("What is a tenancy?", SIXTY) is None


def test_only_words_of_three_letters_or_more_that_are_not_stopwords_make_a_shared_topic() -> None:
    rule = "If the AC charge is more than 10 percent of the rent."
    # "the" (a stopword) and "AC" (two letters) are shared; nothing else is.
    assert percent_fit("The AC bill went up by 12 percent.", rule) is None
    # "fee" (three letters) is a topic.
    assert percent_fit("My fee went up by 12 percent.", "If a fee is more than 10 percent.") == MET


def test_a_duration_that_opens_the_text_after_one_character_is_no_continuation() -> None:
    # Before any duration is read there is no previous one: reading the text from its second
    # character as the tail of one would make "(or more than one year" a condition on a stay
    # that no status verb names.
    text = "(or more than one year, the owner shall give 60 days' notice)"
    assert tenure_conditions(text, Vocabulary()) == ()
    assert tenure_facts(text, Vocabulary()) == ()


def test_a_comparator_that_opens_the_text_bounds_the_value_after_it() -> None:
    # The comparator is read from the first character on: "ore than" would be no comparator and
    # the question's "more than 12 percent" would be read as exactly 12.
    assert percent_facts("More than 12 percent, so how much notice?") == (
        Span(12, math.inf, low_closed=False),
    )
    assert percent_conditions("At least 5 percent of the rent is due.") == (Span(5, math.inf),)

"""Two readings a blind batch of development questions found missing (docs/evaluation.md,
"A blind batch of refusal questions"): places with law of their own inside a country
(provinces, states, nations) are jurisdictions a question can name, and an ordinal day counted
from an event ("the 30th day after") is a period of that many days."""

from __future__ import annotations

import pytest

from citenexus.domain.applicability import (
    REASON_JURISDICTION,
    QuestionScope,
    applies_in,
    jurisdictions_named,
)
from citenexus.domain.conflicts import states_value
from citenexus.domain.model import Unit
from citenexus.text.quantities import BUSINESS_DAYS, DAYS, NUMBER, extract_quantities


@pytest.mark.parametrize(
    ("question", "places"),
    [
        ("In Ontario, how much can a landlord raise the rent each year?", {"ontario"}),
        ("Under Quebec's privacy law, is consent needed?", {"quebec"}),
        ("What notice is due in New South Wales?", {"new south wales"}),
        ("What notice is due in Western Australia?", {"western australia"}),
        ("What notice is due in Wales?", {"wales"}),
        (
            "What notice is due in Nova Scotia or British Columbia?",
            {"nova scotia", "british columbia"},
        ),
        ("Can a company in Brazil or Peru be fined?", {"brazil", "peru"}),
        # A name that is also a person's is not read as a place.
        ("Victoria asked her landlord for the deposit.", set()),
    ],
)
def test_provinces_states_and_nations_outside_the_us_are_named(
    question: str, places: set[str]
) -> None:
    assert jurisdictions_named(question) == places


def test_a_country_s_law_applies_in_its_provinces_and_no_one_else_s() -> None:
    assert applies_in("Canada", ["Ontario"])
    assert applies_in("united kingdom", ["Scotland"])
    assert applies_in("australia", ["Queensland", "Australia"])
    assert not applies_in("Canada", ["Ontario", "Texas"])
    assert not applies_in("Canada", [])
    assert not applies_in("ontario", ["Canada"])  # a province's law is not the country's
    assert not applies_in("US", ["Ontario"])
    assert not applies_in("CA", ["Ontario"])


def test_a_california_source_does_not_answer_a_question_about_ontario() -> None:
    scope = QuestionScope.parse("In Ontario, how much can a landlord raise the rent?", "CA")
    reason = scope.exclusion_reason(Unit("d", 0, "text", authority_meta={"jurisdiction": "CA"}))
    assert scope.elsewhere
    assert reason == REASON_JURISDICTION.format(asked="ontario", source="CA")


@pytest.mark.parametrize(
    ("text", "kind", "value", "stated"),
    [
        ("no later than the 30th day after the tenant leaves", DAYS, 30, "30th day"),
        ("not later than the thirtieth day following receipt", DAYS, 30, "thirtieth day"),
        ("by the 1st day after the notice", DAYS, 1, "1st day"),
        ("on the 2nd day from delivery", DAYS, 2, "2nd day"),
        ("the 3rd day before the hearing", DAYS, 3, "3rd day"),
        ("the twenty-first day before the hearing", DAYS, 21, "twenty-first day"),
        ("the 10th business day after filing", BUSINESS_DAYS, 10, "10th business day"),
        ("the fifteenth calendar day after service", DAYS, 15, "fifteenth calendar day"),
    ],
)
def test_an_ordinal_day_counted_from_an_event_is_a_period(
    text: str, kind: str, value: int, stated: str
) -> None:
    (found,) = extract_quantities(text)
    assert (found.kind, found.value) == (kind, value)
    assert text[found.start : found.end] == stated


@pytest.mark.parametrize(
    "text",
    [
        "rent is due on the 1st day of each month",  # a date in every month
        "on the fifth day",  # counted from nothing said
        "the 30th days after",  # no ordinal day
        "the fifth floor after the lobby",
        "the 30th of June",
    ],
)
def test_an_ordinal_that_counts_from_nothing_is_no_period(text: str) -> None:
    assert all(q.kind not in (DAYS, BUSINESS_DAYS) for q in extract_quantities(text))


def test_an_ordinal_digit_without_a_day_stays_a_number() -> None:
    assert [(q.kind, q.value) for q in extract_quantities("the 2nd floor")] == [(NUMBER, 2)]


def test_a_unit_counting_an_ordinal_day_states_the_days_a_question_asks_for() -> None:
    # The unit that answers "How many days does a landlord have to refund a deposit?" in
    # another state's statute: before, it stated no period and was left out as valueless.
    text = "The landlord must give the deposit back no later than the 30th day after surrender."
    assert states_value(text, DAYS)


def test_values_after_an_ordinal_day_are_still_read() -> None:
    found = extract_quantities("by the 30th day after surrender, with a fee of $50 and 10 percent")
    assert [q.label for q in found] == ["30 days", "$50", "10%"]


def test_an_ordinal_day_at_the_very_end_of_a_text_is_read() -> None:
    assert [q.label for q in extract_quantities("the 30th day after")] == ["30 days"]


def test_a_hyphen_at_the_end_of_a_text_after_a_number_word_is_no_ordinal() -> None:
    assert [q.kind for q in extract_quantities("the twenty-")] == [NUMBER]

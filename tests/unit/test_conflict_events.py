"""A period the question counts from an event is not answered by a value of that event itself
(citenexus/domain/conflicts.py, ``readings.question_anchor``; docs/design.md#conflicts): "How
soon must the inspector send the report after the first visit?" is not answered by "A first
visit must be scheduled within 60 days of the application", which names the question's words
only by its event."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import DAYS, readings_of
from citenexus.domain.readings import question_anchor
from citenexus.domain.vocabulary import stem
from tests.unit.test_conflict_actors import conflicts

VISIT = "How soon must the inspector send the report after the first visit?"
SEND = "The inspector shall send the report within 14 days after the first visit."
SCHEDULE = "A first visit must be scheduled within 60 days of the application."
LEAVE = "How many weeks of notice must an employee give before taking parental leave?"


@pytest.mark.parametrize(
    ("question", "event"),
    [
        (VISIT, {"first", "visit"}),
        ("How long following delivery can I claim?", {"delivery"}),
        # The asking sentence only: an event the asker's facts state is not the question's.
        ("I moved out after the lease ended. How long does the deposit take?", set()),
        # A lead time asked "before" an event is counted back from it ...
        ("How much notice must I give prior to the move?", {"move"}),
        (LEAVE, {"taking", "parental", "leave"}),
        # ... but a period asked how long remains "before" one ends at it: no event to count from.
        ("How long do I have before the permit is no good?", set()),
        ("Within how many days preceding the hearing?", set()),
        ("How many days does a company have to respond?", set()),
    ],
)
def test_the_event_the_question_counts_from_is_read_from_its_asking_sentence(
    question: str, event: set[str]
) -> None:
    assert question_anchor(question) == {stem(word) for word in event}


def test_the_length_of_the_event_is_no_lead_time_before_it() -> None:
    notice = "An employee must give at least 4 weeks' notice before parental leave begins."
    assert readings_of("Parental leave may last up to 12 weeks.", DAYS, LEAVE) == ()
    assert [r.value for r in readings_of(notice, DAYS, LEAVE)] == ["28 days"]  # in days
    assert not conflicts(LEAVE, notice, "Parental leave may last up to 12 weeks.")


def test_a_value_named_only_by_the_event_is_not_a_reading_of_the_period_asked() -> None:
    assert readings_of(SCHEDULE, DAYS, VISIT) == ()
    assert [r.value for r in readings_of(SEND, DAYS, VISIT)] == ["14 days"]
    assert not conflicts(VISIT, SEND, SCHEDULE)
    # In one text, the value after the event's own is still read.
    both = f"{SCHEDULE[:-1]}, and the inspector shall send the report within 14 days after it."
    assert [r.value for r in readings_of(both, DAYS, VISIT)] == ["14 days"]


@pytest.mark.parametrize(
    "sentence",
    [
        # Counted from the event: the period asked, in other words.
        "You can report it to us up to 5 weeks after delivery.",
        "Within 45 days after receipt of the delivery, a claim may be made.",
    ],
)
def test_a_value_counted_from_the_event_is_still_read(sentence: str) -> None:
    question = "How long after delivery can a claim for concealed damage be submitted?"
    assert question_anchor(question) == {stem("delivery")}
    assert readings_of(sentence, DAYS, question)


def test_a_value_naming_more_than_the_event_or_a_question_of_only_the_event_is_read() -> None:
    # "scheduled" is no word of the question, but "inspector" is: not the event alone.
    assert readings_of("The inspector schedules a first visit within 60 days.", DAYS, VISIT)
    # The question names nothing but its event: there is no other period to tell it from.
    only = "After the first visit?"
    assert readings_of(SCHEDULE, DAYS, only)

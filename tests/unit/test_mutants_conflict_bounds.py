"""The bounds a value's sentence sets on its case, read one quantity at a time (docs/design.md,
"Conflicts about the same matter"; issue 16: every rule that decides what a reviewer is told is
mutation-tested): a quantity that bounds nothing does not stop the reading of the ones after it,
every bound's words leave the condition, and each bounding quantity stays out of the answers."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import AMOUNT, DAYS, MEASURE, readings_of
from citenexus.domain.readings import ABOVE, BELOW
from citenexus.domain.vocabulary import stem

SURCHARGE = "What is the surcharge?"
HEAVY = frozenset({("mass:g", ABOVE, 20000.0)})


@pytest.mark.parametrize(
    "text",
    [
        # A count with no comparator in front of the bound.
        "Parcels of 5 items over 20 kg carry a surcharge of $9.",
        # A comparator before a bare number, which measures nothing.
        "At least 3 of the parcels over 20 kg carry a surcharge of $9.",
        # The bound opens the sentence.
        "20 kg or more parcels carry a surcharge of $9.",
    ],
)
def test_every_bound_of_the_sentence_is_read(text: str) -> None:
    assert [r.bounds for r in readings_of(text, AMOUNT, SURCHARGE)] == [HEAVY]


def test_a_period_in_front_of_a_period_does_not_hide_a_bound_behind_it() -> None:
    text = "Within 2 days, parcels over 20 kg are returned within 30 days."
    found = readings_of(text, DAYS, "How long does a return take?")
    assert [(r.value, r.bounds) for r in found] == [("2 days", frozenset()), ("30 days", HEAVY)]


def test_a_bound_is_kept_to_six_decimals_of_its_base() -> None:
    text = "Parcels over 1.2345678 g carry a surcharge of $9."
    (found,) = readings_of(text, AMOUNT, SURCHARGE)
    assert found.bounds == {("mass:g", ABOVE, 1.234568)}


def test_the_words_of_every_bound_leave_the_condition() -> None:
    text = "If a parcel is over 20 kg and under 2 metres, a surcharge of $9 applies."
    (found,) = readings_of(text, AMOUNT, SURCHARGE)
    assert found.bounds == {("mass:g", ABOVE, 20000.0), ("length:m", BELOW, 2.0)}
    assert stem("parcel") in found.condition
    assert not found.condition & {"over", "under", stem("metres")}


def test_each_bounding_quantity_of_a_text_stays_out_of_the_answers() -> None:
    text = (
        "For bridges within 5 miles of the coast, inspect bridges every 60 days; for bridges "
        "over 10 miles away, inspect bridges every 120 days."
    )
    found = readings_of(text, MEASURE, "How often must bridges be inspected?")
    assert [(r.value, r.bounds) for r in found] == [
        ("60 days", frozenset({("length:m", BELOW, 8046.72)})),
        ("120 days", frozenset({("length:m", ABOVE, 16093.44)})),
    ]

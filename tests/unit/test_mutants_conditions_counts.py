"""The numbers of things a question or a rule states, read past the values that count nothing
(issue 16: the rules that decide what a reviewer is told are mutation-tested)."""

from __future__ import annotations

from citenexus.domain.conditions import count_conditions, count_facts


def test_a_duration_before_the_count_does_not_end_the_reading() -> None:
    found = count_facts("Within 30 days, 1,500 Colorado residents complained.")
    assert list(found) == ["resident"]
    assert [(s.low, s.high) for s in found["resident"]] == [(1500.0, 1500.0)]


def test_a_number_that_counts_nothing_does_not_end_the_reading() -> None:
    found = count_facts("Under rule 5: 1,500 residents complained.")
    assert list(found) == ["resident"]
    assert [(s.low, s.high) for s in found["resident"]] == [(1500.0, 1500.0)]


def test_a_rule_reads_its_threshold_past_a_plain_count() -> None:
    # "5 members" is a point, no condition; "more than 1,000 residents" is the threshold.
    found = count_conditions(
        "A board of 5 members governs a controller of more than 1,000 residents."
    )
    assert list(found) == ["resident"]
    span = found["resident"][0]
    assert (span.low, span.low_closed) == (1000.0, False)

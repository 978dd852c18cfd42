"""A yes/no answer is read on what a source states (docs/design.md, "Conflicts about the same
matter"): a question the source asks itself ("Do I need a bid bond? No, ...") states nothing, an
opening "yes," or "no," answers that question rather than negating its clause, and a "for the
award of the MSc" subject names what it is of, so it is the MSc's rule as "For the MSc" is."""

from __future__ import annotations

import pytest

from citenexus.domain import readings
from citenexus.domain.vocabulary import stem
from scripts.conflict_pairs import unresolved

QUESTION = "Is a bid bond required for tenders under the open procedure?"
WORDS = frozenset(stem(w) for w in ("bid", "bond", "required", "tenders", "open", "procedure"))


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("Do I need a bid bond for an open tender? No, a bid bond is not required.", "no"),
        ("Do I need a bid bond for an open tender? Yes, a bid bond is required.", "yes"),
        ("No, a bid bond is not required for open procedure tenders.", "no"),
        # A "no" inside the clause still negates it.
        ("There is no bid bond required for open procedure tenders.", "no"),
        # Only a question: nothing stated.
        ("Is a bid bond required for open procedure tenders?", None),
    ],
)
def test_a_sources_own_question_states_nothing_and_an_opening_yes_or_no_answers_it(
    text: str, answer: str | None
) -> None:
    found = readings.polarity_reading(text, WORDS)
    assert (found.value if found else None) == answer


def test_a_faq_answering_no_conflicts_with_a_rule_that_requires_it() -> None:
    assert unresolved(
        QUESTION,
        "Every tender under the open procedure must be accompanied by a bid bond.",
        "Do I need a bid bond for an open-procedure tender? No, a bid bond is not required for "
        "tenders under the open procedure.",
    )


@pytest.mark.parametrize(
    ("window", "subject"),
    [
        ("is a mandatory module for the award of the MSc", "award msc"),
        ("for health workers", "health workers"),
        ("for each violation", "violation"),
        ("leave for a period of ten days", ""),  # a length of time is no subject
    ],
)
def test_a_for_subject_names_what_it_is_of(window: str, subject: str) -> None:
    assert readings.subject_of(window) == frozenset(stem(w) for w in subject.split())


def test_mandatory_for_the_award_of_a_degree_and_optional_for_it_conflict() -> None:
    assert unresolved(
        "Is the dissertation module compulsory for the MSc?",
        "The Dissertation is a mandatory module for the award of the MSc.",
        "For the MSc, the Dissertation is an optional module.",
    )

"""How many times the asker has done an act, against a rule set for one occurrence of it
(citenexus/domain/conditions.py; docs/design.md, "Answer selection"): "If I ask again" against
"for the first request" and "for a second or later request", in generic English."""

from __future__ import annotations

import math

import pytest

from citenexus.domain.conditions import (
    MET,
    UNMET,
    Span,
    condition_fit,
    occurrence_conditions,
    occurrence_facts,
    occurrence_fit,
    stated_facts,
)
from citenexus.domain.model import Unit
from citenexus.generators.extractive import ExtractiveGenerator

FIRST = "A clinic shall provide the records free of charge for the first request in a year."
LATER = "For a second or later request in that year, the clinic may charge a reasonable fee."
QUESTION = "I got my records free in March. If I ask again in May, can the clinic charge me?"
AFTER_FIRST = Span(2.0, math.inf)


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        (QUESTION, (AFTER_FIRST,)),
        ("Can I ask once more?", (AFTER_FIRST,)),
        ("What if I ask ANOTHER TIME?", (AFTER_FIRST,)),
        ("This is my second request. Is it free?", (Span(2.0, 2.0),)),
        ("It was our third violation this year.", (Span(3.0, 3.0),)),
        ("Is it free for the first time?", (Span(1.0, 1.0),)),
        # both: the ordinal first, then "again"
        ("My fourth request went in again.", (Span(4.0, 4.0), AFTER_FIRST)),
        # not an occurrence: another noun, no owner word, another word
        ("Is rent due on the first day?", ()),
        ("What is a second opinion?", ()),
        ("Second requests are free?", ()),
        ("Can I ask against it?", ()),
        ("Is my fifth grader absent?", ()),
    ],
)
def test_the_askers_occurrence(question: str, facts: tuple[Span, ...]) -> None:
    assert occurrence_facts(question) == facts


@pytest.mark.parametrize(
    ("sentence", "conditions"),
    [
        (FIRST, (Span(1.0, 1.0),)),
        (LATER, (AFTER_FIRST,)),
        ("A second violation costs $200.", (Span(2.0, 2.0),)),
        ("Any third or subsequent offense is a misdemeanor.", (Span(3.0, math.inf),)),
        ("Each fifth or further absence is reported.", (Span(5.0, math.inf),)),
        ("An applicant's fourth or additional application is refused.", ()),  # no owner word
        ("The fourth or additional applications are refused.", (Span(4.0, math.inf),)),
        ("A subsequent violation costs $500.", (AFTER_FIRST,)),
        ("Any repeat offence is reported; a later breach ends the lease.", (AFTER_FIRST,) * 2),
        ("A repeated failure and any further incident are reported.", (AFTER_FIRST,) * 2),
        ("Rent is due on the first day of each month by first-class mail.", ()),
        ("The second party shall pay; a later date may be set.", ()),
    ],
)
def test_the_rules_occurrences(sentence: str, conditions: tuple[Span, ...]) -> None:
    assert occurrence_conditions(sentence) == conditions


def test_again_rules_out_the_first_occurrence_and_meets_a_later_one() -> None:
    facts = occurrence_facts(QUESTION)
    assert occurrence_fit(facts, FIRST) == UNMET
    assert occurrence_fit(facts, LATER) == MET
    assert occurrence_fit(facts, "The clinic may charge a reasonable fee.") is None
    assert occurrence_fit((), FIRST) is None
    # a second request is no third one, and is one of "a second or later"
    second = occurrence_facts("This is my second request.")
    assert occurrence_fit(second, "A third request costs $5.") == UNMET
    assert occurrence_fit(second, LATER) == MET
    # the facts and the condition fit reach the question frame's reading
    assert stated_facts(QUESTION).occurrences == (AFTER_FIRST,)
    assert condition_fit(QUESTION, FIRST) == UNMET
    assert condition_fit(QUESTION, LATER) == MET


def test_the_branch_of_the_askers_occurrence_is_quoted() -> None:
    draft = ExtractiveGenerator().generate(QUESTION, [Unit("records", 1, f"{FIRST} {LATER}")])
    assert "reasonable fee" in draft.segments[0].text
    assert all("first request" not in segment.text for segment in draft.segments)

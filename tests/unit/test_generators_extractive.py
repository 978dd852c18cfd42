"""The extractive generator: deterministic sentences from the selected units, each citing its unit."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Segment, Unit
from citenexus.domain.question import QuestionFrame
from citenexus.generators.extractive import (
    ERR_NO_UNITS,
    ERR_NOTHING_RELATED,
    ExtractiveGenerator,
    states_something,
)
from citenexus.ports import GenerationError

STATUTE = Unit(
    "statute",
    0,
    "Notice rules for tenancies. The owner must give 60 days notice to end a month-to-month "
    "tenancy. Unrelated sentence about parking permits.",
)

# The rules under test here read tenancy wording through the tenancy lane's vocabulary.
pytestmark = pytest.mark.usefixtures("tenancy_vocabulary")
BLOG = Unit("blog", 0, "Owners often give notice by email. Notice to end a tenancy is 30 days.")
DOGS = Unit("dogs", 0, "Dogs need a licence.")


def test_each_segment_is_a_sentence_of_a_unit_citing_that_unit() -> None:
    draft = ExtractiveGenerator().generate(
        "How many days notice ends a month-to-month tenancy?", [STATUTE, BLOG]
    )
    assert draft.generator == "extractive"
    assert draft.segments == (
        Segment(
            "The owner must give 60 days notice to end a month-to-month tenancy.", ("statute#0",)
        ),
        Segment("Notice to end a tenancy is 30 days.", ("blog#0",)),
    )


def test_a_sentence_stating_the_asked_value_is_preferred() -> None:
    generator = ExtractiveGenerator()
    question = "How many days notice is required?"
    assert generator.score(question, "Notice is required within 30 days.") > generator.score(
        question, "Notice is required in writing."
    )


def test_units_with_nothing_related_are_left_out_and_the_limit_holds() -> None:
    draft = ExtractiveGenerator(max_sentences=1).generate("notice tenancy", [STATUTE, BLOG, DOGS])
    assert len(draft.segments) == 1
    assert all("dogs#0" not in s.citations for s in draft.segments)


def test_generation_is_deterministic() -> None:
    generator = ExtractiveGenerator()
    question = "What notice ends a tenancy?"
    assert generator.generate(question, [STATUTE, BLOG]) == generator.generate(
        question, [STATUTE, BLOG]
    )


def test_no_units_is_a_generation_error() -> None:
    with pytest.raises(GenerationError, match=ERR_NO_UNITS):
        ExtractiveGenerator().generate("anything", [])


def test_nothing_related_is_a_generation_error() -> None:
    with pytest.raises(GenerationError, match=ERR_NOTHING_RELATED):
        ExtractiveGenerator().generate("passport renewal abroad", [DOGS])


def test_the_rule_whose_tenure_condition_the_question_meets_is_quoted_and_the_other_is_not() -> (
    None
):
    """Both subdivisions are about notice; a tenant of three years is answered by the first."""
    notice = Unit(
        "notice",
        0,
        "An owner who ends a tenancy shall give written notice at least 60 days before the "
        "termination date if every tenant has resided in the dwelling for one year or more. "
        "An owner may end the tenancy by giving written notice at least 30 days before the "
        "termination date if any tenant has resided in the dwelling for less than one year.",
    )
    increase = Unit(
        "increase",
        0,
        "A landlord who raises the rent of a month to month tenancy shall give written notice "
        "at least 30 days before the increase takes effect.",
    )
    question = (
        "I've been renting month to month for three years and my landlord wants me out. "
        "How much written notice does the landlord owe me?"
    )
    draft = ExtractiveGenerator().generate(question, [increase, notice])
    assert draft.segments[0].citations == ("notice#0",)
    assert "at least 60 days" in draft.segments[0].text
    assert all("less than one year" not in s.text for s in draft.segments)


def test_the_rent_increase_rule_for_the_size_of_the_raise_is_quoted() -> None:
    """(1) and (2) share nearly every word; only the raise's size tells which one answers."""
    rules = Unit(
        "increase",
        0,
        "(1) If the proposed rent increase is 10 percent or less of the lowest rent charged, the "
        "landlord shall give written notice at least 30 days before the increase takes effect. "
        "(2) If the proposed rent increase is more than 10 percent of the lowest rent charged, "
        "the landlord shall give written notice at least 90 days before the increase takes effect.",
    )
    question = "My landlord plans to raise my rent by 12 percent. How much notice must I get?"
    draft = ExtractiveGenerator().generate(question, [rules])
    assert [s.text[:3] for s in draft.segments] == ["(2)"]


@pytest.mark.parametrize(
    ("line", "quotable"),
    [
        ("COLORADO PRIVACY ACT", False),
        ("Consumer personal data rights.", False),
        ("Relation to State law.", False),
        ("A controller shall respond within 45 days.", True),
        ("Fees: $30.", True),  # short, but it states a number
        ("The notice must be in writing.", True),
        # a Markdown heading, however long, and a question: neither states anything
        ("# Colorado Department of Law — Colorado Privacy Act Rules", False),
        ("  ## 2. What the rule covers in the first 30 days", False),
        ("Can I sue a company that breaks the law?", False),
        ("Am I grounded where I land, or can I keep going? ", False),
        ("A controller shall respond within 45 days (see rule #4).", True),
        ("Who decides? The controller decides within 45 days.", True),
        # a subdivision's label is neither a word nor a number: these are headings
        ("(2) Notice to residents.", False),
        ("(a)(1) Scope of the part.", False),
        ("3. Definitions and scope.", False),
        ("iv) Relation to State law.", False),
        # ... and what follows it still counts
        ("(b) Fees: $30.", True),
        ("(2) A controller shall respond within 45 days.", True),
        ("3.5 percent at most.", True),
        ("(c) The notice must be in writing.", True),
    ],
)
def test_a_title_or_heading_is_not_a_statement(line: str, quotable: bool) -> None:
    assert states_something(line) is quotable


def test_a_heading_or_question_sharing_the_questions_words_is_not_quoted() -> None:
    faq = Unit(
        "faq",
        0,
        "## Can I sue a company that breaks the privacy law?\n\nNo. Only the attorney general "
        "and district attorneys can enforce the privacy law.",
    )
    draft = ExtractiveGenerator().generate(
        "Can I sue a company that breaks the privacy law?", [faq]
    )
    assert [s.text for s in draft.segments] == [
        "Only the attorney general and district attorneys can enforce the privacy law."
    ]


def test_a_title_sharing_the_questions_words_is_not_quoted() -> None:
    unit = Unit(
        "act",
        0,
        "COLORADO PRIVACY ACT\n\nA controller shall pay a civil penalty of up to $20,000 for each "
        "violation of the act.",
    )
    draft = ExtractiveGenerator().generate(
        "What is the civil penalty under the Colorado Privacy Act?", [unit]
    )
    assert [s.text for s in draft.segments] == [
        "A controller shall pay a civil penalty of up to $20,000 for each violation of the act."
    ]


def test_a_generator_that_scores_otherwise_quotes_by_its_own_score() -> None:
    # ``score`` is the generator's to override: the sentences it quotes are the ones it scores
    # highest, not the ones answer_score would.
    class Backwards(ExtractiveGenerator):
        def score(self, question: str | QuestionFrame, sentence: str) -> float:
            return 2.0 if "promptly" in sentence else 1.0

    unit = Unit(
        "rule",
        0,
        "The landlord shall return the deposit within 21 days. The landlord acts promptly always.",
    )
    draft = Backwards(max_sentences=1).generate("When must the deposit be returned?", [unit])
    assert [s.text for s in draft.segments] == ["The landlord acts promptly always."]

"""Which sentences the extractive generator takes: a statement (not a title), the best of each
unit (the first among equals), units in order of score then of rank, down to half the top score
(docs/design.md#generation)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit
from citenexus.generators import ExtractiveGenerator
from citenexus.generators.extractive import ERR_NOTHING_RELATED, states_something
from citenexus.ports import GenerationError

QUESTION = "When must the landlord return the deposit?"
GENERATOR = ExtractiveGenerator()


def unit(ordinal: int, text: str) -> Unit:
    return Unit(document_id="doc", ordinal=ordinal, text=text)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The landlord returns the deposit.", True),  # five words: a statement
        ("The landlord returns it.", False),  # four words and no number: a heading
        ("Deposits: 21 days.", True),  # a number makes a statement
        ("THE CONSUMER PERSONAL DATA RIGHTS SECTION", False),  # capitals only: a title
    ],
)
def test_a_statement_has_five_words_or_a_number_and_is_not_all_capitals(
    sentence: str, expected: bool
) -> None:
    assert states_something(sentence) is expected


def test_each_unit_offers_its_first_best_sentence_and_units_keep_their_rank_among_equals() -> None:
    units = [
        unit(0, "Zebra note: the landlord must return the deposit."),
        unit(
            1,
            "Apple note: the landlord must return the deposit. The landlord must return the deposit.",
        ),
        unit(2, "The tenant may ask for a walk-through inspection at any time."),
    ]
    draft = GENERATOR.generate(QUESTION, units)
    assert [(s.text, s.citations) for s in draft.segments] == [
        ("Zebra note: the landlord must return the deposit.", ("doc#0",)),
        ("Apple note: the landlord must return the deposit.", ("doc#1",)),
    ]
    assert draft.generator == "extractive"


def test_a_unit_below_half_the_top_score_is_left_out() -> None:
    units = [
        unit(0, "The landlord must return the deposit within 21 days."),
        unit(1, "The deposit is held in trust for the tenant."),
    ]
    draft = GENERATOR.generate(QUESTION, units)
    assert [s.citations for s in draft.segments] == [("doc#0",)]


def test_sentences_that_share_nothing_with_the_question_are_no_answer() -> None:
    with pytest.raises(GenerationError, match=ERR_NOTHING_RELATED):
        GENERATOR.generate(
            "What colour is the sky today?", [unit(0, "Pets need daily walks outside.")]
        )


def test_the_draft_names_the_generator_that_wrote_it() -> None:
    units = [unit(0, "The landlord must return the deposit within 21 days.")]
    assert ExtractiveGenerator(name="extractive-v2").generate(QUESTION, units).generator == (
        "extractive-v2"
    )

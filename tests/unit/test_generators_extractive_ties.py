"""The extractive generator breaks ties in its word score by meaning (docs/design.md, "Answer
selection"): of sentences that score alike, in one unit or across units, the one whose
embedding is nearest the question's is quoted first; without an embedder, the first one is, as
before. Only tied sentences are embedded, in one call."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from citenexus.domain.model import Unit
from citenexus.generators import ExtractiveGenerator

QUESTION = "What about the permit fee?"
FIRST = "The permit fee is set by the board each year."
SECOND = "The permit fee is paid by card at the counter."
UNRELATED = "Meetings are held on the first Monday."


class TableEmbedder:
    """Each text's vector from a table (the default for any other); records every call."""

    name = "table"
    dimension = 2

    def __init__(self, table: dict[str, tuple[float, float]]) -> None:
        self.table = table
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [list(self.table.get(text, (0.0, 1.0))) for text in texts]


def near_second() -> TableEmbedder:
    return TableEmbedder({QUESTION: (1.0, 0.0), FIRST: (0.0, 1.0), SECOND: (0.9, 0.1)})


def texts(generator: ExtractiveGenerator, units: list[Unit]) -> list[str]:
    return [segment.text for segment in generator.generate(QUESTION, units).segments]


def test_the_first_of_two_tied_sentences_is_quoted_without_an_embedder() -> None:
    unit = Unit("code", 1, f"{FIRST} {SECOND}")
    assert texts(ExtractiveGenerator(), [unit]) == [FIRST]


def test_of_two_tied_sentences_in_a_unit_the_nearer_in_meaning_is_quoted() -> None:
    unit = Unit("code", 1, f"{FIRST} {SECOND}")
    assert texts(ExtractiveGenerator(embedder=near_second()), [unit]) == [SECOND]


def test_of_two_units_whose_best_sentences_tie_the_nearer_in_meaning_comes_first() -> None:
    units = [Unit("code", 1, FIRST), Unit("guide", 2, SECOND)]
    generator = ExtractiveGenerator(embedder=near_second())
    draft = generator.generate(QUESTION, units)
    assert [s.citations for s in draft.segments] == [("guide#2",), ("code#1",)]


def test_meaning_never_outranks_a_higher_word_score() -> None:
    higher = "The permit fee of $40 is paid at the counter."  # the asked kind's value bonus
    embedder = TableEmbedder({QUESTION: (1.0, 0.0), higher: (0.0, 1.0), FIRST: (1.0, 0.0)})
    unit = Unit("code", 1, f"{FIRST} {higher}")
    assert texts(ExtractiveGenerator(embedder=embedder), [unit]) == [higher]


def test_only_the_tied_best_sentences_are_embedded_in_one_call() -> None:
    embedder = near_second()
    units = [Unit("code", 1, f"{FIRST} {SECOND} {UNRELATED}")]
    ExtractiveGenerator(embedder=embedder).generate(QUESTION, units)
    assert embedder.calls == [[QUESTION, FIRST, SECOND]]


def test_with_one_candidate_sentence_nothing_is_embedded() -> None:
    embedder = near_second()
    ExtractiveGenerator(embedder=embedder).generate(QUESTION, [Unit("code", 1, FIRST)])
    assert embedder.calls == []


def test_a_best_sentence_no_other_sentence_or_unit_ties_is_not_embedded() -> None:
    embedder = near_second()
    units = [
        Unit("code", 1, f"{FIRST} {UNRELATED}"),
        Unit("fees", 3, "The permit fee of $40 is paid at the counter."),
    ]
    draft = ExtractiveGenerator(embedder=embedder).generate(QUESTION, units)
    assert embedder.calls == []
    assert [s.citations for s in draft.segments] == [("fees#3",), ("code#1",)]


def test_a_unit_with_nothing_related_offers_nothing_to_embed() -> None:
    embedder = near_second()
    units = [Unit("code", 1, FIRST), Unit("minutes", 2, f"{UNRELATED} {UNRELATED}")]
    ExtractiveGenerator(embedder=embedder).generate(QUESTION, units)
    assert embedder.calls == []


def test_ties_in_a_unit_that_cannot_be_quoted_are_not_embedded() -> None:
    # Below half the top score, or past the last place the draft has: no tie there is broken.
    weak = "The board meets about the fee. The board writes about the fee."
    embedder = near_second()
    units = [Unit("fees", 3, "The permit fee of $40 is paid at the counter."), Unit("b", 4, weak)]
    ExtractiveGenerator(embedder=embedder).generate(QUESTION, units)
    assert embedder.calls == []
    embedder = near_second()
    one = ExtractiveGenerator(max_sentences=1, embedder=embedder)
    units = [
        Unit("fees", 3, "The permit fee of $40 is paid at the counter."),
        Unit("code", 1, f"{FIRST} {SECOND}"),
    ]
    draft = one.generate(QUESTION, units)
    assert embedder.calls == []
    assert [s.citations for s in draft.segments] == [("fees#3",)]


def test_a_tie_at_the_last_place_of_the_draft_is_broken_by_meaning() -> None:
    embedder = near_second()
    one = ExtractiveGenerator(max_sentences=1, embedder=embedder)
    draft = one.generate(QUESTION, [Unit("code", 1, FIRST), Unit("guide", 2, SECOND)])
    assert embedder.calls == [[QUESTION, FIRST, SECOND]]
    assert [s.citations for s in draft.segments] == [("guide#2",)]


def test_an_embedder_that_miscounts_its_vectors_is_an_error() -> None:
    class Short(TableEmbedder):
        def embed(self, texts: Sequence[str]) -> list[list[float]]:
            return super().embed(texts)[:-1]

    short = Short({QUESTION: (1.0, 0.0)})
    generator = ExtractiveGenerator(embedder=short)
    with pytest.raises(ValueError):
        generator.generate(QUESTION, [Unit("code", 1, f"{FIRST} {SECOND}")])

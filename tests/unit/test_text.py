"""The text layer: where its readers differ, and why each keeps its own rule.

Each difference pinned here is one a reader depends on; a change that merges two readers fails
one of these tests and must be measured first (docs/evaluation.md).
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from citenexus.domain.vocabulary import Vocabulary, active, stem
from citenexus.text.abbreviations import (
    CLAIM_ABBREVIATIONS,
    CLAIM_NUMBER_ABBREVIATIONS,
    INGEST_ABBREVIATIONS,
    JUDGING_ABBREVIATIONS,
)
from citenexus.text.quantities import extract_quantities
from citenexus.text.sentences import (
    sentence_at,
    sentence_spans,
    sentence_spans_for_ingest,
    split_sentences,
)
from citenexus.text.stemming import stem_for_matching, stem_for_retrieval
from citenexus.text.stopwords import RETRIEVAL_STOPWORDS, STOPWORDS
from citenexus.text.tokens import content_words, sentence_words

RULE = "An owner shall, under Cal. Civ. Code sec. 1946:\n(1) give notice; or\n(2) pay the fee. then leave."


def pieces(text: str, spans: Iterable[tuple[int, int]]) -> list[str]:
    return [text[start:end] for start, end in spans]


def test_a_claim_runs_to_a_full_stop_before_a_word_that_starts_a_sentence() -> None:
    assert split_sentences(RULE) == [
        "An owner shall, under Cal. Civ. Code sec. 1946: (1) give notice; or (2) pay the fee. then leave."
    ]


def test_the_judges_read_one_clause_at_a_time_and_join_a_lone_or_to_its_item() -> None:
    assert pieces(RULE, sentence_spans(RULE)) == [
        "An owner shall, under Cal. Civ. Code sec. 1946:",
        "(1) give notice;",
        "or\n(2) pay the fee.",
        "then leave.",
    ]


def test_ingest_cuts_before_each_subdivision_and_covers_every_character() -> None:
    spans = sentence_spans_for_ingest(RULE, 0, len(RULE))
    assert pieces(RULE, spans) == [
        "An owner shall, under Cal. Civ. Code sec. 1946:",
        "(1) give notice; or",
        "(2) pay the fee. then leave.",
    ]
    covered = {i for start, end in spans for i in range(start, end)}
    assert all(i in covered for i, char in enumerate(RULE) if not char.isspace())


def test_ingest_finds_the_sentence_around_a_position() -> None:
    position = RULE.index("pay")
    assert RULE[slice(*sentence_at(RULE, 0, len(RULE), position))] == "(2) pay the fee. then leave."


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        # "No." is an abbreviation for claims only before a number.
        ("See No. 4 of the code. The owner acts.", ["See No. 4 of the code.", "The owner acts."]),
        ("The answer is no. The owner acts.", ["The answer is no.", "The owner acts."]),
    ],
)
def test_a_word_that_is_also_an_abbreviation_ends_a_claim_unless_a_number_follows(
    text: str, claims: list[str]
) -> None:
    assert split_sentences(text) == claims


def test_each_reader_keeps_its_own_abbreviations() -> None:
    claims = CLAIM_ABBREVIATIONS | CLAIM_NUMBER_ABBREVIATIONS
    shared = claims & JUDGING_ABBREVIATIONS & INGEST_ABBREVIATIONS
    assert {"cal", "civ", "sec", "e.g", "u.s"} <= shared
    assert "fig" in claims and "fig" not in INGEST_ABBREVIATIONS | JUDGING_ABBREVIATIONS
    assert "a.m" in JUDGING_ABBREVIATIONS and "a.m" not in claims | INGEST_ABBREVIATIONS
    assert "const" in INGEST_ABBREVIATIONS and "const" not in claims | JUDGING_ABBREVIATIONS


@pytest.mark.parametrize(
    ("word", "for_matching", "for_retrieval"),
    [
        ("notices", "notic", "notice"),
        ("paid", "pay", "paid"),
        ("written", "writ", "written"),
        ("tenancies", "tenancy", "tenancy"),
    ],
)
def test_the_two_stemmers_differ_on_purpose(
    word: str, for_matching: str, for_retrieval: str
) -> None:
    assert stem_for_matching(word) == for_matching
    assert stem_for_retrieval(word) == for_retrieval


def test_the_rules_stem_adds_the_active_vocabularys_synonyms_to_the_matching_stem() -> None:
    assert stem("Owners") == stem_for_matching("owner")
    with active(Vocabulary.from_mapping({"synonyms": {"owner": "proprietor", "data": "a b"}})):
        assert stem("Owners") == stem_for_matching("proprietor")
        assert stem("data") == stem_for_matching("data")  # a phrase on either side is not applied
    assert stem("Owners") == stem_for_matching("owner")


def test_the_two_stop_word_lists_differ_on_purpose() -> None:
    assert "said" in STOPWORDS and "said" not in RETRIEVAL_STOPWORDS
    assert "own" in RETRIEVAL_STOPWORDS and "own" not in STOPWORDS


def test_a_lay_questions_pronouns_and_contractions_are_not_content_words() -> None:
    # Lay questions are asked in the first person; "I've", "myself" and "don't" say nothing
    # about the matter, and counted as words they lower every unit's share of the question's
    # words (reranking's overlap, the generator's sentence score).
    question = "I've lived here a year; don't I get to fix it myself, or can't they tell us?"
    assert content_words(question) == ["lived", "year", "get", "fix", "tell"]
    assert content_words("I'm sure they're here and we'll see him, hers, ours") == [
        "sure",
        "see",
    ]


def test_retrieval_reads_stemmed_words_without_its_stop_words_or_single_letters() -> None:
    assert content_words("The said owners paid their own notices, a b 2 days") == [
        "said",
        "owner",
        "paid",
        "notice",
        "day",
    ]


def test_a_digit_that_is_no_decimal_digit_starts_no_quantity() -> None:
    """ "²" is a digit to str.isdigit() and no number to float(): it is read as no number, and
    the decimal digits around it still are (an ask never fails on such a character)."""
    assert extract_quantities("²") == []
    assert [(q.kind, q.value) for q in extract_quantities("an area of 3² metres")] == [
        ("number", 3.0)
    ]
    assert [(q.kind, q.value) for q in extract_quantities("thirty (²) days")] == [("number", 30.0)]
    assert [(q.kind, q.value) for q in extract_quantities("thirty (30) days")] == [("days", 30.0)]


def test_the_sentence_scorers_words_fold_inflections_and_keep_numbers() -> None:
    assert sentence_words("A student who was suspended") == sentence_words("suspend student")
    assert sentence_words("cooked, moving, delivered") == sentence_words("cook, move, deliver")
    # retrieval's own words do not fold them, on purpose (its threshold was chosen with them)
    assert content_words("moving") != content_words("move")
    # numbers stay whole: 1000 is not 100
    assert sentence_words("1000 dollars") != sentence_words("100 dollars")
    assert "1000" in sentence_words("a fine of 1000 dollars")
    # stop words, pronouns and single letters are out, as for retrieval
    assert sentence_words("I've a b myself the notice") == sentence_words("notice")

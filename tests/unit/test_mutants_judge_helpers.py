"""The helpers behind this session's judge readings, case by case (docs/design.md#the-judges):
where a subject sits in another subject's relative clause, where a word's other use agrees,
what bounds a value, and where a sentence ends. Written to pin each comparison the readings make.
"""

from __future__ import annotations

import pytest

from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges.align import sentence_end
from citenexus.judges.generality import _kind_of
from citenexus.judges.lexical import (
    _bound,
    _clause_moved,
    _clauses_permuted,
    _relative_subject_named,
    crossing,
    party_swapped,
)
from citenexus.judges.negation import _agrees_elsewhere, _heads
from citenexus.judges.tokens import tokenize
from tests.support.judging import aligned, paired

CLAIM = "covered body must notify its provider"  # covered 0, body 1, notify 3, provider 5
CLAIM_PAIRS = {"covered": 0, "body": 1, "notify": 3, "provider": 5}


def _read(passage: str, pairs: dict[str, int], head: str, kept: set[str]) -> bool:
    """``_relative_subject_named`` on the claim paired by word with the passage's indexes."""
    alignment = paired(CLAIM, passage, [(CLAIM_PAIRS[w], u) for w, u in pairs.items()])
    words = [t.word for t in tokenize(passage)]
    return _relative_subject_named(
        alignment, words.index(head), {words.index(w) for w in kept}, {0, 1}
    )


# provider 0, that 1, keeps 2, data 3, for 4, covered 5, body 6, shall 7, notify 8
BEHALF = "provider that keeps data for covered body shall notify"
BEHALF_PAIRS = {"covered": 5, "body": 6, "notify": 8, "provider": 0}


def test_a_subject_behind_a_preposition_in_anothers_relative_clause() -> None:
    assert _read(BEHALF, BEHALF_PAIRS, "body", {"covered", "body"})


def test_the_preposition_right_in_front_of_the_head() -> None:
    # provider 0, that 1, keeps 2, data 3, for 4, body 5, shall 6, notify 7
    passage = "provider that keeps data for body shall notify"
    assert _read(passage, {"body": 5, "notify": 7, "provider": 0}, "body", {"body"})


def test_the_relative_clauses_subject_read_past_an_unnamed_word() -> None:
    # provider 0, agent 1, that 2, keeps 3, data 4, for 5, covered 6, body 7, shall 8, notify 9
    passage = "provider agent that keeps data for covered body shall notify"
    pairs = {"covered": 6, "body": 7, "notify": 9, "provider": 0}
    assert _read(passage, pairs, "body", {"covered", "body"})


@pytest.mark.parametrize(
    "passage",
    [
        "provider that keeps data, for covered body shall notify",  # a boundary in between
        "provider that may keep data for covered body shall notify",  # a modal in between
        "provider that keeps data and covered body shall notify",  # no preposition
    ],
)
def test_no_relative_clause_reading_across_a_clause_or_without_a_preposition(passage: str) -> None:
    words = [t.word for t in tokenize(passage)]
    pairs = {w: words.index(w) for w in ("covered", "body", "notify", "provider")}
    assert not _read(passage, pairs, "body", {"covered", "body"})


def test_the_relative_clauses_subject_must_be_named_outside_the_claims_subject() -> None:
    # the claim's provider paired nowhere: nothing swapped
    assert not _read(BEHALF, {"covered": 5, "body": 6, "notify": 8}, "body", {"covered", "body"})


# claim: a 0, reason 1, . 2 / passage: reason 0, or 1, reason 2, . 3
def _agrees(claim_count: int, unit_counts: list[int]) -> bool:
    alignment = paired("a reason.", "reason or reason.", [(1, 0)])
    return _agrees_elsewhere(alignment, 1, [0, claim_count, 0], unit_counts)


@pytest.mark.parametrize(
    ("claim_count", "unit_counts", "expected"),
    [
        (1, [0, 0, 1, 0], True),  # the other use is negated, as the claim's word is
        (2, [1, 0, 0, 0], True),  # twice negated is affirmed, as the other use is
        (0, [1, 0, 2, 0], True),
        (0, [1, 0, 1, 0], False),  # every use is negated, the claim's word is not
        (1, [1, 0, 0, 0], False),  # only the paired use agrees: that is no other use
    ],
)
def test_a_flip_on_a_word_whose_other_use_agrees(
    claim_count: int, unit_counts: list[int], expected: bool
) -> None:
    assert _agrees(claim_count, unit_counts) is expected


def test_a_bound_is_a_comparison_right_in_front_of_a_value() -> None:
    assert _bound(tokenize("exceeding 30 days"), 0)  # the value ends the text
    assert not _bound(tokenize("pay 30 days"), 0)  # no comparison in front
    assert not _bound(tokenize("exceeding"), 0)


def test_a_sentence_without_a_full_stop_ends_with_the_text() -> None:
    tokens = tokenize("The seller pays. The buyer waits")
    assert sentence_end(tokens, len(tokens) - 1) == len(tokens)


# the 0, clerk 1, files 2, the 3, form 4, ',' 5, and 6, the 7, judge 8, signs 9, it 10, . 11
FILES = "The clerk files the form, and the judge signs it."
FILED = "The judge signs it after the clerk has filed the form in the office."


def _moved(pairs: list[tuple[int, int]]) -> bool:
    alignment = paired(FILES, FILED, pairs)
    positions = [u for _, u in alignment.pairs]
    norms = [alignment.claim[c].norm for c, _ in alignment.pairs]
    return _clause_moved(alignment, positions, norms)


def test_a_clause_moved_is_found_at_a_later_comma() -> None:
    """The first split point (after two words) does not separate the runs; the comma after
    three does: every split is tried."""
    assert _moved([(1, 5), (2, 6), (4, 7), (8, 1), (9, 2)])
    assert not _moved([(1, 5), (2, 6), (4, 1), (8, 7), (9, 2)])


def test_two_pieces_whose_words_interleave_are_no_reordering() -> None:
    claim = "Before the annual meeting, the secretary reads the minutes aloud."
    passage = "The secretary reads the minutes aloud before the annual meeting."
    # annual, meeting -> 1, 4; secretary, reads, minutes, aloud -> 2, 3, 5, 8
    pieces = [(2, 1), (3, 4), (6, 2), (7, 3), (9, 5), (10, 8)]
    assert not _clauses_permuted(paired(claim, passage, pieces))


def test_a_thing_of_any_kind_at_the_start_of_the_claim() -> None:
    assert _kind_of(tokenize("remedies of any kind"), 2) == 0


def test_a_party_whose_neighbours_cross_does_not_stop_the_reading() -> None:
    """The first party word's neighbours are paired out of order (skipped); the second party
    word's place holds the other party: a swap."""
    claim = "alpha seller beta gamma buyer delta"
    passage = "beta alpha gamma seller xray delta buyer"
    pairs = [(0, 1), (1, 3), (2, 0), (3, 2), (4, 6), (5, 5)]
    with active(Vocabulary.from_mapping({"parties": ["buyer", "seller"]})):
        assert party_swapped(paired(claim, passage, pairs))


def test_clauses_permuted_without_a_comma_to_split_at_are_no_crossing() -> None:
    """Three clauses in the reverse order, no comma in the claim: only the permuted-clauses
    reading explains the crossing away."""
    claim = (
        "Before admitting a guest to the archive the secretary must renew the card if the guest "
        "has not attended a meeting in the preceding 12 months."
    )
    passage = (
        "If a guest has not attended a meeting in the preceding 12 months, the secretary shall "
        "renew the card before admitting the guest to the archive."
    )
    alignment = aligned(claim, passage)
    positions = [u for _, u in alignment.pairs]
    norms = [alignment.claim[c].norm for c, _ in alignment.pairs]
    assert not _clause_moved(alignment, positions, norms)
    assert _clauses_permuted(alignment)
    assert not crossing(alignment)


# no 0, club 1, may 2, charge 3, a 4, joining 5, fee 6, . 7
@pytest.mark.parametrize(
    ("paired_at", "heads"),
    [
        ({1, 3, 6}, {3}),  # the predicate's verb, not the subject
        ({1, 6}, {6}),  # past an unpaired verb, the first word the texts share
    ],
)
def test_the_head_of_no_x_may_v_is_the_predicates(paired_at: set[int], heads: set[int]) -> None:
    assert _heads(tokenize("No club may charge a joining fee."), paired_at) == heads

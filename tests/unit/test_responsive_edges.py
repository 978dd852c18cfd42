"""The removed-answer check at its edges: which removed sentence it names, which one it compares,
and exactly where each reading's bar lies (pipeline/responsive.py).

The check decides on vectors (``RemovedCheck.decide``), so these tests hand it vectors chosen to
give exact cosines: (1, 0) against (1, 0) is 1, against (0, 1) is 0, and two equal vectors tie.
"""

from __future__ import annotations

import pytest

from citenexus.domain.authority import AuthorityTier
from citenexus.domain.model import Candidate, Draft, RefusalCode, Segment, Unit
from citenexus.domain.question import read_question
from citenexus.pipeline.responsive import (
    MATTER,
    MIN_SENTENCE_CHARS,
    SIMILARITY,
    TYPE,
    RemovedCheck,
    best_sentence,
    removed_answer,
)
from tests.support.fakes import WordHashEmbedder

FLOOR, ELSEWHERE = RefusalCode.BELOW_AUTHORITY_FLOOR, RefusalCode.NOT_APPLICABLE
ASKED, SAME, OTHER = (1.0, 0.0), (1.0, 0.0), (0.0, 1.0)

# A value question: the frame asks for a percentage of visits.
SHARE_QUESTION = "What share of visits carry an opt-out signal?"
SHARE_BLOG = "In our logs, about 12 percent of visits carry an opt-out signal."
SHARE_RULE = "A controller shall honor an opt-out signal sent by a browser."
# A yes/no question whose asking clause has six matter words: interest, security, deposit,
# city, landlord (a party only with a vocabulary), pay.
QUESTION = "Must landlords pay interest on security deposits in every city?"


def candidate(document_id: str, text: str = SHARE_BLOG, relevance: float = 0.5) -> Candidate:
    return Candidate(Unit(document_id, 0, text), AuthorityTier(1, "t"), relevance)


def draft(*texts: str) -> Draft:
    return Draft(tuple(Segment(t, ("statute#0",)) for t in texts))


def check(
    question: str, drafted: tuple[str, ...], offers: list[tuple[RefusalCode, str, str]]
) -> RemovedCheck:
    """A check built directly: each offer is (code, document id, the sentence compared)."""
    return RemovedCheck(
        read_question(question),
        drafted,
        tuple((code, candidate(doc, sentence), sentence) for code, doc, sentence in offers),
    )


# The similarity reading.
def test_a_gap_of_exactly_the_margin_refuses() -> None:
    found = check(QUESTION, ("A deposit is held.",), [(FLOOR, "forum", "Interest is due.")]).decide(
        [ASKED, OTHER, SAME], margin=1.0
    )
    assert found is not None and found.reason == SIMILARITY
    assert (found.key, found.similarity, found.draft_similarity) == ("forum#0", 1.0, 0.0)


def test_the_most_similar_removed_sentence_is_named_and_the_first_wins_a_tie() -> None:
    # the most similar is the floor's, whose code sorts before "not_applicable"
    offers = [(ELSEWHERE, "a", "First sentence."), (FLOOR, "b", "Second sentence.")]
    found = check(QUESTION, ("Kept.",), offers).decide([ASKED, OTHER, OTHER, SAME], margin=0.5)
    assert found is not None and (found.key, found.code) == ("b#0", FLOOR)
    same_stage = [(FLOOR, "a", "First sentence."), (FLOOR, "b", "Second sentence.")]
    tied = check(QUESTION, ("Kept.",), same_stage).decide([ASKED, OTHER, SAME, SAME], margin=0.5)
    assert tied is not None and tied.key == "a#0"


def test_vectors_that_do_not_match_the_texts_are_an_error() -> None:
    made = check(QUESTION, ("Kept.",), [(FLOOR, "a", "Removed sentence.")])
    with pytest.raises(ValueError):
        made.decide([ASKED, OTHER, SAME, SAME], margin=0.5)  # one vector too many


# The type reading.
def test_the_type_reading_names_the_most_similar_stating_sentence_and_both_similarities() -> None:
    # the most similar is the floor's, whose code sorts before "not_applicable"
    offers = [(ELSEWHERE, "tx", SHARE_BLOG), (FLOOR, "blog", SHARE_BLOG)]
    half = (1.0, 1.0)  # cosine 0.7071... with the question
    found = check(SHARE_QUESTION, (SHARE_RULE,), offers).decide(
        [ASKED, OTHER, half, SAME], margin=2.0
    )
    assert found is not None and found.reason == TYPE
    assert (found.key, found.code) == ("blog#0", FLOOR)
    assert (found.similarity, found.draft_similarity) == (1.0, 0.0)
    same_stage = [(FLOOR, "a", SHARE_BLOG), (FLOOR, "b", SHARE_BLOG)]
    tied = check(SHARE_QUESTION, (SHARE_RULE,), same_stage).decide(
        [ASKED, OTHER, SAME, SAME], margin=2.0
    )
    assert tied is not None and tied.key == "a#0"


def test_a_drafted_value_of_the_kind_asked_counts_only_when_it_is_about_the_question() -> None:
    # "12 percent" of interest states a percentage, but not one of visits: the draft still
    # states none of the kind asked, and the blog's share refuses it.
    removed = [(FLOOR, candidate("blog", SHARE_BLOG))]
    off_matter = draft("Interest on late payments runs at 12 percent.")
    found = removed_answer(SHARE_QUESTION, off_matter, removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.reason == TYPE


# The matter reading: at least MATTER_LEAD (2) more matter words than the draft, and at least
# MATTER_RATIO (2) times as many, in a sentence more similar to the question than the draft.
# The question's matter words: city, deposit, interest, landlord, pay, security.
@pytest.mark.parametrize(
    ("drafted", "removed", "refused"),
    [
        # 1 against 0: twice as many, but not 2 more
        ("Zoning rules differ in each county.", "Interest accrues yearly.", False),
        # 2 against 1: neither
        ("Deposits are held.", "Interest is paid on it.", False),
        # 3 against 1: exactly 2 more, and three times as many
        ("Deposits are held.", "Interest is paid in every city.", True),
        # 4 against 2: exactly 2 more and exactly twice as many
        ("Deposits held by cities.", "Interest on deposits is paid in every city.", True),
        # 5 against 3: 2 more, but not twice as many
        ("Deposits held in cities as security.",
         "Interest on security deposits is paid in every city.", False),
    ],
)  # fmt: skip
def test_the_matter_bars_exactly(drafted: str, removed: str, refused: bool) -> None:
    made = check(QUESTION, (drafted,), [(FLOOR, "forum", removed)])
    found = made.decide([ASKED, OTHER, SAME], margin=2.0)
    assert (found is not None and found.reason == MATTER) is refused


def test_the_matter_words_behind_the_bars() -> None:
    assert read_question(QUESTION).matter == frozenset(
        {"city", "deposit", "interest", "landlord", "pay", "security"}
    )


def test_the_matter_reading_skips_other_stages_and_failing_sentences_to_find_the_next() -> None:
    offers = [
        (ELSEWHERE, "tx", "Interest is paid in every city."),  # applicability: never matter
        (FLOOR, "weak", "Deposits are held."),  # the floor's, but names too little
        (FLOOR, "forum", "Interest is paid in every city."),
    ]
    found = check(QUESTION, ("Deposits are held.",), offers).decide(
        [ASKED, OTHER, SAME, SAME, SAME], margin=2.0
    )
    assert found is not None and found.reason == MATTER
    assert (found.key, found.similarity, found.draft_similarity) == ("forum#0", 1.0, 0.0)


def test_the_matter_reading_keeps_the_first_of_equals_and_a_later_sentence_naming_more() -> None:
    equal = [
        (FLOOR, "a", "Interest is paid in every city."),
        (FLOOR, "b", "Interest is paid in every city."),
    ]
    found = check(QUESTION, ("Deposits are held.",), equal).decide(
        [ASKED, OTHER, SAME, SAME], margin=2.0
    )
    assert found is not None and found.key == "a#0"
    more = [equal[0], (FLOOR, "c", "Interest on security deposits is paid in every city.")]
    found = check(QUESTION, ("Deposits are held.",), more).decide(
        [ASKED, OTHER, SAME, SAME], margin=2.0
    )
    assert found is not None and found.key == "c#0"
    fewer = [more[1], equal[0]]
    found = check(QUESTION, ("Deposits are held.",), fewer).decide(
        [ASKED, OTHER, SAME, SAME], margin=2.0
    )
    assert found is not None and found.key == "c#0"


def test_the_matter_reading_needs_a_sentence_more_similar_than_the_draft() -> None:
    offers = [(FLOOR, "forum", "Interest is paid in every city.")]
    level = check(QUESTION, ("Deposits are held.",), offers).decide([ASKED, SAME, SAME], margin=2.0)
    assert level is None  # as similar as the draft: not better


# Which sentence of a removed unit is compared, and how many units of each stage.
def test_the_compared_sentence_is_the_best_scored_not_the_last_in_order() -> None:
    text = "Zoning rules differ in each county. Landlords must pay interest on deposits."
    assert best_sentence(QUESTION, text) == "Landlords must pay interest on deposits."
    text = "Landlords must pay interest on deposits. Zoning rules differ in each county."
    assert best_sentence(QUESTION, text) == "Landlords must pay interest on deposits."


def test_a_sentence_of_exactly_the_minimum_length_is_compared() -> None:
    sentence = "Interest: every city"
    assert len(sentence) == MIN_SENTENCE_CHARS
    assert best_sentence(QUESTION, sentence) == sentence
    assert best_sentence(QUESTION, sentence[1:]) is None


def test_three_units_of_each_stage_are_compared_by_default() -> None:
    removed = [(FLOOR, candidate(f"floor{i}", f"Interest rule number {i} of the city.")) for i in
               range(4)] + [(ELSEWHERE, candidate("tx", "Interest is paid in every city of Texas."))]  # fmt: skip
    made = RemovedCheck.of(QUESTION, draft("Deposits are held."), removed)
    assert made is not None
    assert [c.unit.document_id for _, c, _ in made.offers] == ["floor0", "floor1", "floor2", "tx"]
    one = RemovedCheck.of(QUESTION, draft("Deposits are held."), removed, per_stage=1)
    assert one is not None
    assert [c.unit.document_id for _, c, _ in one.offers] == ["floor0", "tx"]


def test_removed_answer_compares_three_units_of_a_stage_by_default() -> None:
    # Only the fourth of the floor's units answers: by default it is never compared.
    removed = [(FLOOR, candidate(f"f{i}", "Zoning rules differ in each county.")) for i in range(3)]
    removed.append((FLOOR, candidate("forum", "Landlords must pay interest on security deposits.")))
    weak = draft("Zoning rules differ in each county.")
    assert removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3) is None
    found = removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3, per_stage=4)
    assert found is not None and found.document_id == "forum"

"""A party the passage's sentences never name, put where the passage names another party, is a
rule about someone else (docs/design.md#the-judges), whatever the coverage of the rest."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import party_stems
from citenexus.domain.model import Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import LexicalJudge
from citenexus.judges.lexical import _unpaired_party_swapped, party_swapped
from tests.support.judging import aligned, verdict

JUDGE = LexicalJudge()
PARTIES = Vocabulary.from_mapping({"parties": ["lender", "borrower"]})
RULE = (
    "A person who acquires the lender's interest takes it subject to the loan and may end it "
    "only by the notice that the original lender would have had to give."
)


def test_another_party_in_the_passage_s_slot_is_a_swap() -> None:
    claim = RULE.replace("lender", "borrower")
    with active(PARTIES):
        assert party_swapped(aligned(claim, RULE))
        assert verdict(JUDGE, claim, RULE) is Verdict.NEUTRAL


def test_the_same_party_is_no_swap() -> None:
    with active(PARTIES):
        assert not party_swapped(aligned(RULE, RULE))


def test_a_word_that_is_no_party_is_not_read() -> None:
    """Without the lane's parties, "borrower" for "lender" is a word the passage lacks, which
    coverage and the other judges weigh."""
    claim = RULE.replace("lender", "borrower")
    assert not party_swapped(aligned(claim, RULE))


def test_a_party_beside_the_slot_in_another_sentence_is_not_read() -> None:
    passage = "A person who acquires an interest takes it subject to the loan. The lender agrees."
    claim = "A person who acquires the borrower's interest takes it subject to the loan."
    with active(PARTIES):
        assert not party_swapped(aligned(claim, passage))


def test_the_words_on_each_side_are_the_nearest_paired_ones() -> None:
    passage = "A person who acquires the lender's interest. It is taken subject to the loan."
    claim = "A person who acquires the borrower's interest. It is taken subject to the loan."
    with active(PARTIES):
        assert _unpaired_party_swapped(aligned(claim, passage), party_stems())


def test_a_party_with_no_paired_word_on_one_side_is_not_read_and_the_next_is() -> None:
    passage = (
        "Lender signs. A person who acquires the lender's interest takes it subject to the loan."
    )
    with active(PARTIES):
        assert not _unpaired_party_swapped(aligned("Borrower signs.", passage), party_stems())
        claim = (
            "Borrower signs. A person who acquires the borrower's interest takes it subject to "
            "the loan."
        )
        assert _unpaired_party_swapped(aligned(claim, passage), party_stems())


@pytest.mark.parametrize(
    ("claim", "passage", "swapped"),
    [
        # a party with no paired word behind it is not read
        (
            "A person acquires the interest of the borrower.",
            "A person acquires the interest.",
            False,
        ),
        # a party of a sentence between the two paired words' sentences is not read
        (
            "A person who acquires the borrower's interest takes it subject to the loan.",
            "A person who acquires. The lender agrees. The interest is taken subject to the loan.",
            False,
        ),
        # another word between the paired ones, or a party outside the stretch, is no party there
        (
            "Someone acquires the borrower's interest.",
            "A lender acquires the whole interest.",
            False,
        ),
        (
            "A person who acquires the borrower's interest takes it.",
            "The lender says a person who acquires the whole interest takes it.",
            False,
        ),
        # the party right behind the paired word is read
        (
            "A person who acquires borrower interests takes them.",
            "A person who acquires lender interests takes them.",
            True,
        ),
    ],
)
def test_where_the_passage_s_party_is_read(claim: str, passage: str, swapped: bool) -> None:
    with active(PARTIES):
        assert _unpaired_party_swapped(aligned(claim, passage), party_stems()) is swapped

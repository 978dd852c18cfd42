"""Splitting drafts into sentence-level claims without breaking legal citations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.claims import Claim, split_claims
from citenexus.domain.model import Draft, Segment
from citenexus.text.sentences import split_sentences


@pytest.mark.parametrize(
    "sentence",
    [
        "Cal. Civ. Code § 1946.1 requires 60 days' notice.",
        "Some terms, e.g. month to month, are periodic.",
        "The U.S. Supreme Court has not ruled on this.",
        "Under subdivision (a) the owner gives notice.",
        "The deposit is $1,250.50 and interest is 2.5 percent.",
        "See Fla. Stat. 83.57 and Tex. Prop. Code 91.001.",
        "The rule is in Art. 4 and Sec. 2 of the Act.",
        "Decided by J. Smith in Smith v. Jones.",
    ],
)
def test_legal_abbreviations_and_decimals_do_not_end_a_sentence(sentence: str) -> None:
    assert split_sentences(sentence) == [sentence]


def test_sentences_end_at_terminal_punctuation_before_a_capital() -> None:
    text = "Notice is required. Is it written? Yes! 30 days apply."
    assert split_sentences(text) == [
        "Notice is required.",
        "Is it written?",
        "Yes!",
        "30 days apply.",
    ]


def test_a_number_abbreviation_ends_a_sentence_when_no_number_follows() -> None:
    assert split_sentences("The answer is no. The owner must wait.") == [
        "The answer is no.",
        "The owner must wait.",
    ]
    assert split_sentences("See No. 4 of the list.") == ["See No. 4 of the list."]


def test_a_full_stop_before_a_lower_case_word_does_not_split() -> None:
    assert split_sentences("It ends at approx. noon.") == ["It ends at approx. noon."]
    assert split_sentences("The amount is 5. then more") == ["The amount is 5. then more"]


def test_quotes_and_brackets_close_a_sentence_and_may_open_the_next() -> None:
    text = 'He said "stop." (b) The owner must wait.'
    assert split_sentences(text) == ['He said "stop."', "(b) The owner must wait."]


def test_paragraph_breaks_always_end_a_sentence_and_whitespace_is_collapsed() -> None:
    assert split_sentences("Heading\n\nFirst   line\ncontinues.") == [
        "Heading",
        "First line continues.",
    ]


def test_an_unknown_dotted_abbreviation_does_not_split() -> None:
    assert split_sentences("Filed in the a.b.c. Court today.") == [
        "Filed in the a.b.c. Court today."
    ]


def test_empty_text_has_no_sentences() -> None:
    assert split_sentences("  \n\n ") == []


def test_each_claim_carries_its_own_segments_citations() -> None:
    draft = Draft(
        (Segment("First claim. Second claim.", ("a#0",)), Segment("Third claim.", ("b#1", "c#2")))
    )
    assert split_claims(draft) == [
        Claim(0, 0, "First claim.", ("a#0",)),
        Claim(1, 0, "Second claim.", ("a#0",)),
        Claim(2, 1, "Third claim.", ("b#1", "c#2")),
    ]


def test_segments_can_be_split_without_a_draft() -> None:
    assert split_claims([Segment("Only one.")]) == [Claim(0, 0, "Only one.", ())]


words = st.text(alphabet="abcdefgh ", min_size=1, max_size=20)


@given(st.lists(words, min_size=1, max_size=6))
def test_splitting_keeps_every_word_in_order(parts: list[str]) -> None:
    text = ". ".join(p.capitalize() for p in parts)
    assert " ".join(split_sentences(text)).split() == text.split()

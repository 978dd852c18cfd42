"""The readers that are cached, pinned now that mutation testing reaches them (docs/design.md,
"Mutation testing"): the question's frame reads with the vocabulary it is given, not the one that
happens to be active; a count is read only for a question that counts; a token right after a
date still counts; an initial is no sentence end, and a blank line at the end adds no sentence."""

from __future__ import annotations

from citenexus.domain.conditions import Span, stated_facts
from citenexus.domain.conflicts import question_focus
from citenexus.domain.question import read_question
from citenexus.domain.vocabulary import Vocabulary, active, stem
from citenexus.text.quantities import extract_quantities
from citenexus.text.sentences import sentence_spans

LANE = Vocabulary(parties=("landlord",), status_phrases=("renting",))
QUESTION = "I've been renting here for three years. Can my landlord raise the rent by 12 percent?"


def test_the_frame_reads_with_the_vocabulary_it_is_given_whatever_is_active() -> None:
    with active(Vocabulary()):
        frame = read_question(QUESTION, LANE)
    landlord = stem("landlord")
    assert landlord not in frame.matter  # a party, in the lane given
    assert frame.content == question_focus(QUESTION, LANE)
    assert landlord not in frame.content
    assert frame.stated == stated_facts(QUESTION, LANE)
    assert frame.stated.tenure  # "renting ... for three years" is the lane's status phrase
    assert landlord not in frame.stated.topic
    with active(Vocabulary()):
        plain = read_question(QUESTION, Vocabulary())
    assert plain.stated.tenure == ()
    assert landlord in plain.stated.topic


def test_a_count_is_read_only_for_a_question_that_counts() -> None:
    assert read_question("How many days does the landlord have to answer?").counted == ""
    assert read_question("How many times a year may rent be raised?").counted == stem("times")


def test_a_bracketed_number_right_after_a_date_keeps_its_unit() -> None:
    found = extract_quantities("Due January 5, 2024(30) days later")
    assert [q.label for q in found] == ["2024-01-05", "30 days"]


def test_an_initial_is_no_sentence_end_and_a_closing_blank_line_adds_no_sentence() -> None:
    assert sentence_spans("Signed by J. Smith today. Then more.") == ((0, 25), (26, 36))
    assert sentence_spans("First line.\n\n") == ((0, 11),)


def test_the_uncached_frame_reader_names_what_a_which_question_asks_for_and_the_stated_periods() -> (
    None
):
    # Called uncached: a cached reading served from an earlier test would hide the reader from
    # mutation testing's record of which tests reach it.
    from citenexus.domain.question import _read_uncached
    from citenexus.domain.vocabulary import EMPTY

    frame = _read_uncached("Which web browsers send the signal on their own?", EMPTY)
    assert frame.named == "web browsers"
    stated = _read_uncached("I moved in 2 years ago. How much notice over 60 days?", EMPTY)
    assert stated.periods == (24.0,)  # the asker's case, not the period asked about
    alone = _read_uncached("How much notice is due after 2 years?", EMPTY)
    assert alone.periods == (24.0,)


def test_the_stated_facts_carry_the_askers_place_in_a_series() -> None:
    # A question no other test reads, so the cached reader runs here: the place it states
    # ("11th grade") reaches the facts a rule's range is compared with.
    facts = stated_facts("My niece is in 11th grade this year. May she leave school at noon?")
    assert facts.ranks == ((stem("grade"), Span(11.0, 11.0)),)

"""A question that asks which things of a kind ("Which web browsers send ...?"): the frame reads
the kind, a sentence that names things of it earns the value bonus, and the removed-answer check
refuses a draft that names none when a removed source does (docs/design.md, "Answer selection"
and #removed-answer)."""

from __future__ import annotations

import pytest

from citenexus.domain.answer_fit import answer_score, names_kind
from citenexus.domain.authority import AuthorityTier
from citenexus.domain.model import Candidate, Draft, RefusalCode, Segment, Unit
from citenexus.domain.question import NAMED, read_question
from citenexus.domain.vocabulary import EMPTY, Vocabulary, active
from citenexus.pipeline.responsive import TYPE, removed_answer
from tests.support.fakes import WordHashEmbedder

QUESTION = "Which web browsers send the Global Privacy Control signal on their own?"
NAMING = "Brave and the DuckDuckGo browser send GPC out of the box, with no setup at all."
ABOUT = "A signal may be sent by a tool the consumer chooses, such as a setting in a web browser."


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (QUESTION, "browser"),
        ("In which states must a lender pay interest?", "stat"),
        ("Which notice periods apply to me?", "period"),
        ("For which vehicles do owners need a permit?", "vehicl"),
    ],
)
def test_which_and_a_plural_with_a_plural_s_verb_asks_for_names(question: str, kind: str) -> None:
    frame = read_question(question)
    assert frame.answer_type == NAMED
    assert frame.counted == kind


@pytest.mark.parametrize(
    "question",
    [
        "Which notice applies to me?",  # a singular's verb
        "Which form works?",  # no word behind the verb: nothing says the noun is plural
        "Which rules of the club apply?",  # a preposition behind the noun
        "Which rules the club's by-laws?",  # a determiner behind the noun
        "What is the notice, which applies to members?",  # a relative clause
        "Which agency enforces the act?",  # a body: the person type
        "How many browsers send the signal?",
    ],
)
def test_other_which_questions_ask_for_no_names(question: str) -> None:
    assert read_question(question).answer_type != NAMED


def test_a_sentence_naming_things_of_the_kind_names_them() -> None:
    frame = read_question(QUESTION)
    assert names_kind(frame, NAMING)
    assert not names_kind(frame, ABOUT)


@pytest.mark.parametrize(
    "sentence",
    [
        "Brave sends it from every browser.",  # the only capital opens the sentence
        "Under Section 5 a browser must send the signal.",  # a reference to a part of a text
        "A browser sold in Texas must send the signal.",  # a place
        "The Global browser sends the signal.",  # a word of the question
        "Every browser sends GPC on request.",  # the initials of the question's name
        'The rule says: "Browser makers must send it."',  # behind a quotation mark
        "Brave and DuckDuckGo send the signal.",  # names, but not of the kind asked
    ],
)
def test_what_is_not_a_name_of_the_kind(sentence: str) -> None:
    assert not names_kind(read_question(QUESTION), sentence)


def test_a_place_of_the_lane_s_vocabulary_is_no_name() -> None:
    vocabulary = Vocabulary.from_mapping({"jurisdictions": {"XA": ["Xandria"]}})
    with active(vocabulary):
        frame = read_question(QUESTION)
    assert frame.vocabulary is not EMPTY
    assert not names_kind(frame, "A browser sold in Xandria must send the signal.")


def test_a_question_asking_no_kind_names_nothing() -> None:
    assert not names_kind(read_question("Must a browser send the signal?"), NAMING)


def test_the_naming_sentence_earns_the_value_bonus() -> None:
    frame = read_question(QUESTION)
    plain = "The DuckDuckGo team wrote about the signal on their own blog."
    assert answer_score(frame, NAMING) > answer_score(
        frame, NAMING.replace("DuckDuckGo", "default")
    )
    assert answer_score(frame, plain) == answer_score(frame, plain.replace("DuckDuckGo", "d"))


def candidate(document_id: str, text: str) -> Candidate:
    return Candidate(Unit(document_id, 0, text), AuthorityTier(1, "t"), 0.5)


def draft(*texts: str) -> Draft:
    return Draft(tuple(Segment(t, ("rule#0",)) for t in texts))


BLOG = "Which browsers send it? " + NAMING + " Others need an extension."


def test_a_removed_source_naming_the_kind_refuses_a_draft_naming_none() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", BLOG))]
    # margin 2 is beyond any cosine gap: only a frame reading can refuse
    found = removed_answer(QUESTION, draft(ABOUT), removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.reason == TYPE
    assert found.code is RefusalCode.BELOW_AUTHORITY_FLOOR and found.key == "blog#0"
    assert found.detail == (
        "blog (withheld by the floor) names the web browsers the question asks for; the "
        "evidence that remains names none"
    )


def test_the_named_reading_names_applicability_when_applicability_removed_the_source() -> None:
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", "A browser is a program.")),
        (RefusalCode.NOT_APPLICABLE, candidate("other", BLOG)),
    ]
    found = removed_answer(QUESTION, draft(ABOUT), removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.code is RefusalCode.NOT_APPLICABLE
    assert found.detail.startswith("other (not applicable) names the web browsers")


def test_a_draft_that_names_one_or_a_question_asking_none_is_not_refused() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", BLOG))]
    naming = draft("The Firefox browser sends the signal once it is switched on.")
    assert removed_answer(QUESTION, naming, removed, WordHashEmbedder(), margin=2) is None
    yes_no = "Must a web browser send the signal?"
    assert removed_answer(yes_no, draft(ABOUT), removed, WordHashEmbedder(), margin=2) is None


def test_a_removed_source_that_names_nothing_of_the_kind_is_no_answer() -> None:
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", "Brave and DuckDuckGo sell ads."))
    ]
    assert removed_answer(QUESTION, draft(ABOUT), removed, WordHashEmbedder(), margin=2) is None


def test_the_frame_keeps_the_words_that_ask() -> None:
    assert read_question(QUESTION).named == "web browsers"
    assert read_question("In which states must a lender pay interest?").named == "states"
    assert read_question("How many browsers send the signal?").named == ""


def test_of_two_removed_sources_naming_the_kind_the_more_similar_is_named() -> None:
    near = candidate("near", "Which web browsers send the signal on their own? " + NAMING)
    far = candidate("far", "Elsewhere the Opera browser is common.")
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, far),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, near),
    ]
    found = removed_answer(QUESTION, draft(ABOUT), removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.key == "near#0"


def test_a_count_question_is_not_refused_for_names() -> None:
    # A count question reads what it counts into the same field; it asks for a number.
    question = "How many browsers send the Global Privacy Control signal on their own?"
    assert read_question(question).counted == "browser"
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", BLOG))]
    assert removed_answer(question, draft(ABOUT), removed, WordHashEmbedder(), margin=2) is None


def test_a_singular_with_a_verb_in_s_and_an_object_asks_for_no_names() -> None:
    assert read_question("Which fee covers costs?").answer_type != NAMED


@pytest.mark.parametrize(
    ("sentence", "names"),
    [
        # the line a name opens is a sentence's start
        ("the list of browser makers\nOpera", False),
        # a word behind a colon and a space opens what follows
        ("The browsers: Brave is one", False),
        # a capital letter stripped from the words in front does not make a colon the lead
        ("The browser list: X Opera", True),
        # the lead is the last character in front of the word, not one before it
        ("I: the DuckDuckGo browser sends it", True),
        ("Browsers such as e.g DuckDuckGo send it", True),
        # a reference or the question's initials in front of a name do not end the reading
        ("Under Section 5 the DuckDuckGo browser sends it.", True),
        ("Every browser sends GPC, and the DuckDuckGo browser too.", True),
    ],
)
def test_the_capital_read_as_a_name(sentence: str, names: bool) -> None:
    assert names_kind(read_question(QUESTION), sentence) is names


def test_the_refusal_carries_both_similarities() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", BLOG))]
    found = removed_answer(QUESTION, draft(ABOUT), removed, WordHashEmbedder(), margin=2)
    assert found is not None
    assert isinstance(found.similarity, float) and isinstance(found.draft_similarity, float)
    assert found.similarity > 0 and found.draft_similarity > 0


def test_of_two_equally_similar_naming_sources_the_first_is_named() -> None:
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("a", BLOG)),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("b", BLOG)),
    ]
    found = removed_answer(QUESTION, draft(ABOUT), removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.key == "a#0"


def test_a_which_phrase_in_a_question_of_another_type_names_nothing() -> None:
    frame = read_question("How long do I have, and which browsers send the signal?")
    assert frame.answer_type != NAMED
    assert frame.named == "" and frame.counted == ""

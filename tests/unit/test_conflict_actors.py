"""Two values are about things of their own when each sentence names its own subject
(citenexus/domain/readings.py, ``actor_of``; docs/design.md#conflicts-about-the-same-matter):
"A first reminder is sent 10 days after ..." is no answer to when the first payment is due,
though both name "first"."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import (
    DAYS,
    claim_assertion,
    detect_conflicts,
    focus_words,
    question_kind,
)
from citenexus.domain.readings import Reading, _about_other_things, actor_of
from citenexus.domain.vocabulary import stem


@pytest.mark.parametrize(
    ("sentence", "head"),
    [
        ("A first reminder is sent ", "reminder"),
        ("The fine for a first violation may not exceed ", "fine"),  # cut at "for"
        ("(b) The contractor shall remedy a notified defect within ", "contractor"),  # a label
        ("If the tenant asks, the landlord must reply within ", "landlord"),  # a case clause
        ("Within 30 days of the sale, the new owner shall notify ", "owner"),
        ("Cooked rice that will not be held hot must be cooled within ", "rice"),  # relative
    ],
)
def test_the_head_of_the_subject_is_read(sentence: str, head: str) -> None:
    assert actor_of(sentence) == stem(head)


@pytest.mark.parametrize(
    "sentence",
    [
        "You can report it to us up to ",  # a pronoun names nothing
        "Restock the first aid kit within ",  # an imperative has no subject
        "Every buyer, seller, agent and broker named above shall pay ",  # too long for a name
        "Within ",  # no verb
        "",
    ],
)
def test_no_head_is_read_where_the_subject_names_nothing(sentence: str) -> None:
    assert actor_of(sentence) == ""


def conflicts(question: str, first: str, second: str) -> list[object]:
    kind = question_kind(question)
    found = [
        claim_assertion(
            i,
            key=f"{doc}#0",
            document_id=doc,
            tier_rank=3,
            tier_name="rule",
            jurisdiction="",
            text=text,
            question=question,
            kind=kind,
        )
        for i, (doc, text) in enumerate((("a", first), ("b", second)))
    ]
    assert kind == DAYS
    return list(detect_conflicts(kind, found))


def test_values_said_of_two_things_do_not_conflict() -> None:
    assert not conflicts(
        "Within how many days must the first payment be made?",
        "The first payment must be made within 30 days of signing.",
        "A first reminder is sent 10 days after a missed due date.",
    )


def test_one_thing_named_two_ways_in_sentences_that_say_the_rest_alike_still_conflicts() -> None:
    assert conflicts(
        "How many days does a business have to answer a consumer's request?",
        "A controller shall respond to a consumer's request within 45 days after receipt.",
        "A business must respond to a consumer's request within 30 days after receiving it.",
    )


def test_a_sentence_naming_the_others_subject_still_conflicts() -> None:
    # "pharmacy" heads one sentence and is named in the other ("by the pharmacy")
    assert conflicts(
        "How long must a pharmacy keep prescription records?",
        "A pharmacy shall keep each prescription record for at least 5 years.",
        "Prescription records must be retained by the pharmacy for 3 years.",
    )


def test_a_subject_that_names_nothing_leaves_the_values_compared() -> None:
    assert conflicts(
        "How long after delivery can a claim for concealed damage be submitted?",
        "Claims for concealed damage must be notified to the carrier within 5 days of delivery.",
        "Found concealed damage? You can claim it up to 5 weeks after delivery.",
    )


def test_a_subject_of_five_words_is_a_name_and_of_six_a_clause() -> None:
    assert actor_of("The old red delivery van must be ") == stem("van")  # five
    assert actor_of("The big old red delivery van must be ") == ""  # six


def test_a_head_of_under_three_letters_names_nothing() -> None:
    assert actor_of("An ox must be fed ") == ""
    assert actor_of("The oxen must be fed ") == stem("oxen")


@pytest.mark.parametrize(
    ("first", "second", "apart"),
    [
        # heads differ, neither named by the other, two words shared: about two things
        ("A first reminder is sent within", "The first payment is made within", True),
        # the same head
        ("A first payment is sent within", "The first payment is made within", False),
        # one sentence names the other's head
        ("A reminder of the payment is sent within", "The first payment is made within", False),
        ("A first reminder is sent within", "The reminder payment is made within", False),
        # three content words shared besides: one thing named two ways
        (
            "A controller shall answer each written request within",
            "A business shall answer each written request within",
            False,
        ),
        # a subject that names nothing
        ("You shall answer each request within", "A business shall answer within", False),
    ],
)
def test_values_are_about_other_things_only_when_every_sign_says_so(
    first: str, second: str, apart: bool
) -> None:
    def reading(sentence: str) -> Reading:
        return Reading(
            "30 days",
            "days",
            30.0,
            frozenset({"day"}),
            words=frozenset(focus_words(sentence)),
            actor=actor_of(sentence),
        )

    assert _about_other_things(reading(first), reading(second)) is apart
    assert _about_other_things(reading(second), reading(first)) is apart


def test_one_names_nothing() -> None:
    # "one" is no stop word, and as a subject it names no thing ("One must give notice ...")
    assert actor_of("One must give notice within ") == ""

"""Values stated for different holders of one kind do not conflict (docs/design.md, "Conflicts
about the same matter"): "Items bought in our stores" and "Items ordered online" open their
sentences with phrases that share a word and each name one of their own the question does not,
so 28 days and 60 days are two rules, not a disagreement. A relative clause says what the holder
does, not who it is, and a holder the question names is the asker's case."""

from __future__ import annotations

import pytest

from citenexus.domain import readings
from citenexus.domain.vocabulary import stem
from scripts.conflict_pairs import unresolved


@pytest.mark.parametrize(
    ("opening", "holder"),
    [
        ("Items bought in our stores may be returned within ", "items bought stores"),
        ("Part-time employees contracted for three days a week receive ", "part time employees contracted three days week"),
        ("A person who violates part 13 of this article shall pay ", "person"),
        ("A controller that violates this part is liable for ", "controller"),
        ("For members of the Benefit section, the Employer contributes ", "members benefit section"),
        # No end before the value: the value is in the opening phrase, which holds nothing.
        ("Within ", ""),
        ("Refunds within ", ""),
        # The sentence opens with its verb: nothing before the end.
        ("Must be returned within ", ""),
    ],
)  # fmt: skip
def test_the_holder_is_the_opening_phrase_up_to_a_comma_modal_or_entitlement_verb(
    opening: str, holder: str
) -> None:
    assert readings.holder_of(opening) == frozenset(stem(w) for w in holder.split())


QUESTION = "How many days do customers have to return an item for a refund?"


def test_values_for_two_holders_of_one_kind_are_two_rules() -> None:
    assert not unresolved(
        QUESTION,
        "Items bought in our stores may be returned for a full refund within 28 days of purchase.",
        "Items ordered online can be returned for a full refund within 60 days of delivery.",
    )


def test_the_same_holder_worded_alike_still_conflicts() -> None:
    assert unresolved(
        QUESTION,
        "Items bought in our stores may be returned for a full refund within 28 days.",
        "Items bought in our stores can be returned for a refund within 60 days.",
    )


def test_a_holder_phrase_on_one_side_only_is_no_second_holder() -> None:
    assert unresolved(
        QUESTION,
        "Items bought in our stores may be returned for a full refund within 28 days.",
        "You can return anything for a refund within 60 days.",
    )


def test_holders_sharing_no_word_are_not_told_apart_by_this_reading() -> None:
    # "A person who violates" and "A controller that violates": what each does is a relative
    # clause, so the holders are "person" and "controller", sharing nothing: still a conflict.
    assert unresolved(
        "What is the maximum civil penalty for each violation?",
        "A person who violates this part shall pay a civil penalty of not more than $10,000 for "
        "each violation.",
        "A controller that violates this part is liable for a civil penalty of not more than "
        "$20,000 for each violation.",
    )


@pytest.mark.parametrize(
    ("question", "apart"),
    [
        # The question names neither restriction: the two are different employees' rules.
        ("How many days of paid annual leave does an employee get each year?", True),
        # The question names one side's restriction: that side is the asker's case, and the
        # other's restriction is what sets it apart... but only one side then has one of its
        # own, so the two are read as one holder and still compared.
        ("How many days of paid annual leave does a full-time employee get each year?", False),
    ],
)
def test_a_restriction_the_question_names_is_not_one_of_the_holders_own(
    question: str, apart: bool
) -> None:
    conflict = unresolved(
        question,
        "Full-time employees are entitled to 25 days of paid annual leave per leave year.",
        "Part-time employees are entitled to 15 days of paid annual leave each year.",
    )
    assert conflict is not apart


@pytest.mark.parametrize(
    ("opening", "holder"),
    [
        ("EU residents may ", "residents"),  # two letters name no holder
        ("Bus drivers may ", "bus drivers"),  # three do
        ("Co-op members may ", "members"),  # nor do two-letter parts of a hyphened word
        ("Off-peak travellers may ", "off peak travellers"),  # three-letter parts do
    ],
)
def test_holder_words_are_three_letters_or_more(opening: str, holder: str) -> None:
    assert readings.holder_of(opening) == frozenset(stem(w) for w in holder.split())


def test_a_question_before_the_sentence_is_not_its_holder() -> None:
    assert readings.holder_of("Flying Economy? You can bring one bag of up to ") == frozenset()
    assert readings.holder_of("Flying Economy! Economy passengers can bring ") == frozenset(
        stem(w) for w in ("economy", "passengers")
    )
    assert unresolved(
        "What is the maximum weight of a cabin bag in Economy?",
        "Cabin baggage carried by Economy Class passengers shall not exceed 7 kg in weight.",
        "Flying Economy? You can bring one cabin bag weighing up to 10 kg on board.",
    )

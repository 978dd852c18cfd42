"""A condition quantified the other way states the rule of other cases (docs/design.md#the-judges):
"if any member has paid" is met by one member, "if every member has paid" only by all. In a
rule's own clause "any" and "every" say the same."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.lexical import _quantifier, quantifier_changed
from tests.support.judging import aligned, verdict

JUDGE = LexicalJudge()
RULE = (
    "A club that intends to close a branch shall give its members written notice at least 60 "
    "days before the closing date if every member of the branch has paid dues for one year or "
    "more."
)


def test_any_for_every_in_the_condition_is_another_case() -> None:
    claim = RULE.replace("if every member", "if any member")
    assert quantifier_changed(aligned(claim, RULE))
    assert verdict(JUDGE, claim, RULE) is Verdict.NEUTRAL


def test_every_for_any_in_the_passage_s_condition_is_another_case() -> None:
    passage = RULE.replace("if every member", "if any member")
    assert quantifier_changed(aligned(RULE, passage))
    assert verdict(JUDGE, RULE, passage) is Verdict.NEUTRAL


def test_the_same_quantifier_or_all_for_every_is_the_same_case() -> None:
    assert not quantifier_changed(aligned(RULE, RULE))
    claim = RULE.replace("if every member", "if each member")
    assert not quantifier_changed(aligned(claim, RULE))
    assert verdict(JUDGE, claim, RULE) is Verdict.ENTAILS


def test_outside_a_condition_any_and_every_say_the_same() -> None:
    passage = "Every member may bring a guest to the annual dinner."
    claim = "Any member may bring a guest to the annual dinner."
    assert not quantifier_changed(aligned(claim, passage))
    assert verdict(JUDGE, claim, passage) is Verdict.ENTAILS


def test_a_quantifier_before_a_word_the_passage_lacks_is_not_read() -> None:
    passage = "If every member has paid, the branch may stay open."
    claim = "If any guest has paid, the branch may stay open."
    assert not quantifier_changed(aligned(claim, passage))


@pytest.mark.parametrize(
    ("word", "reading"),
    [("any", "one"), ("some", "one"), ("every", "all"), ("all", "all"), ("each", "all"), ("a", "")],
)
def test_quantifiers_read(word: str, reading: str) -> None:
    assert _quantifier(word) == reading


@pytest.mark.parametrize(
    ("claim", "passage", "changed"),
    [
        # the quantifier's own word, not a word in front of it
        (
            "If the member or any guest has paid, the branch may stay open.",
            "If the member or every guest has paid, the branch may stay open.",
            True,
        ),
        # the word behind the quantifier, not the one in front of it ("paid any fee")
        (
            "If the member has paid any fee, the loan is renewed.",
            "If the member has paid every fee, the loan is renewed.",
            True,
        ),
        # a quantifier on a word the passage lacks does not end the reading
        (
            "If any visitor or any member has paid, the branch may stay open.",
            "If every member has paid, the branch may stay open.",
            True,
        ),
        # the passage's modifiers of the word are stepped over to its quantifier
        (
            "If any member has paid, the branch may stay open.",
            "If every adult member has paid, the branch may stay open.",
            True,
        ),
        # a word the passage opens with has no quantifier in front of it
        (
            "If any member pays dues each year, the branch may stay open.",
            "Members pay dues each year, and the branch may stay open.",
            False,
        ),
        # a condition in the claim alone is enough
        (
            "If any member pays dues each year, the branch may stay open.",
            "Every member pays dues each year, and the branch may stay open.",
            True,
        ),
    ],
)
def test_where_the_quantifiers_are_read(claim: str, passage: str, changed: bool) -> None:
    assert quantifier_changed(aligned(claim, passage)) is changed

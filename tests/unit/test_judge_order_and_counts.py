"""Two lexical readings of scope and order (docs/design.md#the-judges):

- a claim that orders its act with an adverb ("... and file the report afterward") where the
  sentences holding its words order it only the other way ("before it begins") is not supported;
- a claim that counts nothing, quoting words the passage bounds with a count ("more than 1,000
  members", "500 or more members"), states the rule for more cases than the passage: neutral.

Plus the generic opposites ("whichever is larger" / "smaller") read like the others, and a claim
saying "only" or "solely" keeps a limit of its own ("exclusive authority").
"""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.lexical import _bounded_count, align_claim, dropped_limit, order_reversed
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import tokenize

THRESHOLDS = JudgeThresholds()
JUDGE = LexicalJudge()


def _alignment(claim: str, passage: str):
    return align_claim(claim, Unit("doc", 1, passage), THRESHOLDS)


ORDER = (
    "A board shall file a safety report before it begins a hazardous project, and shall update "
    "the report whenever the project changes."
)


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # the claim orders its act after; the passage only before
        ("A board may begin a hazardous project and file a safety report afterward.", ORDER, True),
        (
            "A board may begin a hazardous project and file the safety report afterwards.",
            ORDER,
            True,
        ),
        ("A board may begin a hazardous project and thereafter file a safety report.", ORDER, True),
        # the claim orders its act before, as the passage does
        (
            "A board shall file a safety report beforehand when it begins a hazardous project.",
            ORDER,
            False,
        ),
        # no ordering adverb in the claim
        ("A board shall file a safety report before it begins a hazardous project.", ORDER, False),
        # the passage orders nothing: the adverb is not compared
        (
            "A board may file a safety report afterward.",
            "A board shall file a safety report on each hazardous project.",
            False,
        ),
        # the passage says "after" too: agreed
        (
            "A board may begin a project and file a safety report afterward.",
            "A board shall file a safety report after it begins a project.",
            False,
        ),
        # the passage's own adverb agrees with the claim's
        (
            "A board may begin a project and file a safety report afterward.",
            "A board may begin a project before any report and shall file a safety report "
            "afterward.",
            False,
        ),
        # the claim orders both ways at once: not read
        (
            "A board shall file a safety report beforehand and update it afterward.",
            ORDER,
            False,
        ),
    ],
)
def test_order_reversed(claim: str, passage: str, expected: bool) -> None:
    assert order_reversed(_alignment(claim, passage)) is expected


def test_an_order_in_another_sentence_is_not_read() -> None:
    passage = (
        "A board shall file a safety report on each hazardous project. Members must be told "
        "before any meeting."
    )
    claim = "A board may begin a hazardous project and file a safety report afterward."
    assert order_reversed(_alignment(claim, passage)) is False


def test_a_reversed_order_is_not_support() -> None:
    claim = "A board may begin a hazardous project and file a safety report afterward."
    reading = JUDGE.judge(claim, Unit("doc", 1, ORDER))
    assert reading is not None and reading.verdict is Verdict.NEUTRAL


COUNTED = (
    "If a club must notify more than 1,000 members of a breach, it shall also notify every "
    "regional office of the date of the notices."
)


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        # the claim drops the passage's bound on the members it quotes
        (
            "If a club must notify members of a breach, it shall also notify every regional "
            "office of the date of the notices.",
            COUNTED,
            True,
        ),
        # a bound standing behind its count ("500 or more members")
        (
            "If a club must notify members of a breach, it shall also notify the registrar.",
            "If a club must notify 500 or more members of a breach, it shall also notify the "
            "registrar.",
            True,
        ),
        # the claim keeps the count: not dropped
        (
            "If a club must notify over 1,000 members of a breach, it shall also notify every "
            "regional office of the date of the notices.",
            COUNTED,
            False,
        ),
        # a count with no bound ("1,000 members") is not a limit read here
        (
            "If a club must notify members of a breach, it shall also notify the registrar.",
            "If a club must notify 1,000 members of a breach, it shall also notify the registrar.",
            False,
        ),
        # a bounded count of something the claim does not quote ("before 8 a.m.")
        (
            "A collector must stop calls within five days after a written request.",
            "A collector shall not call before 8 a.m. or after 9 p.m., and must stop calls within "
            "five days after a written request.",
            False,
        ),
        # a bounded duration is not a count
        (
            "A club must notify members of a breach.",
            "A club must notify members of a breach within not more than 30 days.",
            False,
        ),
    ],
)
def test_dropped_bounded_count(claim: str, passage: str, expected: bool) -> None:
    assert dropped_limit(_alignment(claim, passage)) is expected


def test_a_bounded_count_across_a_sentence_end_is_not_read() -> None:
    passage = "A club must notify members. More than 1,000 members attended the breach meeting."
    claim = "A club must notify members of the breach meeting."
    assert dropped_limit(_alignment(claim, passage)) is False


@pytest.mark.parametrize(
    ("text", "k", "paired", "expected"),
    [
        ("notify more than 1,000 members", 2, {3}, True),
        ("notify 500 or more members", 1, {3}, True),
        ("notify 500 or more members", 1, {2}, False),  # the word after the bound must be quoted
        ("notify more than 1,000 members", 2, {4}, False),
        ("notify 1,000 members", 1, {2}, False),  # no bound
        ("notify more than 30 days", 2, {3}, False),  # a duration, not a count
        ("more than", 0, {1}, False),  # no count at all
        ("more than 1,000 members", 1, {2}, True),  # the bound opens the passage
        ("or more 500 members", 1, {2}, False),  # a bound of the value before it, not this one
        ("500 members more than", 0, {1}, False),  # nothing in front of a count that opens it
    ],
)
def test_bounded_count(text: str, k: int, paired: set[int], expected: bool) -> None:
    assert _bounded_count(tokenize(text), k, paired) is expected


def test_a_count_at_the_end_of_the_passage_has_no_word_to_bound() -> None:
    # nothing behind the count: the reading stops at the passage's end
    assert _bounded_count(tokenize("at least 500"), 1, set()) is False
    assert _bounded_count(tokenize("500 or more"), 0, set()) is False


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        (
            "In any month a member may deduct no more than one month's dues or $500, whichever "
            "amount is smaller.",
            Verdict.CONTRADICTS,
        ),
        (
            "In any month a member may deduct no more than one month's dues or $500, whichever "
            "amount is larger.",
            Verdict.ENTAILS,
        ),
    ],
)
def test_larger_and_smaller_are_opposites(claim: str, verdict: Verdict) -> None:
    passage = (
        "(b) In any single month a member may deduct no more than one month's dues or $500, "
        "whichever amount is larger."
    )
    reading = JUDGE.judge(claim, Unit("doc", 1, passage))
    assert reading is not None and reading.verdict is verdict


EXCLUSIVE = "The treasurer and the auditors have exclusive authority to sign the accounts."


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # the claim states the limit in its own word: no limit dropped
        ("Only the treasurer and the auditors may sign the accounts.", False),
        ("The treasurer and the auditors alone have sole authority to sign the accounts.", False),
        ("The treasurer and the auditors may solely sign the accounts.", False),
        # no limit in the claim: the passage's "exclusive" is dropped
        ("The treasurer and the auditors have authority to sign the accounts.", True),
    ],
)
def test_only_in_the_claim_keeps_the_passages_exclusive_limit(claim: str, expected: bool) -> None:
    assert dropped_limit(_alignment(claim, EXCLUSIVE)) is expected

"""The negation judge's scope reading: a negation one text lays over a whole statement of the
other contradicts it, even when its head is a word the other text lacks (docs/design.md,
"The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import JudgeThresholds, NegationJudge
from citenexus.judges.negation import _scope_flips
from citenexus.judges.tokens import text_negation_counts
from tests.support.judging import aligned, verdict

JUDGE = NegationJudge()


def judge(claim: str, passage: str) -> Verdict | None:
    return verdict(JUDGE, claim, passage)


def scope_flips(claim: str, passage: str) -> list[tuple[str, str]]:
    """The words ``_scope_flips`` pairs, as (claim word, passage word)."""
    thresholds = JudgeThresholds()
    alignment = aligned(claim, passage, thresholds)
    flips = _scope_flips(
        alignment,
        text_negation_counts(claim, thresholds.negation_max_scope),
        text_negation_counts(passage, thresholds.negation_max_scope),
    )
    return [(alignment.claim[c].norm, alignment.unit[u].norm) for c, u in flips]


STILL = (
    "An operator who misses the filing date loses the permit. The operator may still appeal "
    "the decision to the review board within the season."
)
RIGHTS = (
    "(b) Right to a copy. A member may obtain a copy of the minutes.\n\n"
    "(c) Right to amend. A member may have errors in the member's own entry amended."
)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # The claim's negation is headed by a word the passage lacks ("longer").
        (
            "An operator who misses the filing date may no longer appeal the decision to the "
            "review board.",
            STILL,
        ),
        # Its head ("right") is paired with a heading the sentence splitter cut off.
        ("A member has no right to have errors in the member's own entry amended.", RIGHTS),
        # The passage denies what the claim states, under a head the claim lacks.
        (
            "The operator may appeal the decision to the review board within the season.",
            "The operator may no longer appeal the decision to the review board within the season.",
        ),
    ],
)
def test_a_negation_over_the_whole_statement_contradicts(claim: str, passage: str) -> None:
    assert judge(claim, passage) is Verdict.CONTRADICTS


def test_the_flips_are_the_statement_s_shared_words() -> None:
    flips = scope_flips(
        "An operator who misses the filing date may no longer appeal the decision to the "
        "review board.",
        STILL,
    )
    assert [c for c, _ in flips] == ["appeal", "decision", "review", "board"]
    assert flips == [(c, c) for c, _ in flips]


def test_the_passage_side_is_read_too() -> None:
    flips = scope_flips(
        "The operator may appeal the decision to the review board within the season.",
        "The operator may no longer appeal the decision to the review board within the season.",
    )
    assert ("appeal", "appeal") in flips and ("season", "season") in flips


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # One shared word under the negation is not a statement.
        ("The board may no longer meet.", "The board may meet on any weekday in the season."),
        # The head stays negated in both texts: the scope's end moved, the denial is the same.
        (
            "The clerk may not accept a filing larger than ten pages.",
            "The clerk shall not accept, in any form, a filing larger than ten pages.",
        ),
        # "at no cost" denies its noun, not the statement: "free of charge" says the same.
        (
            "The office must send the record at no cost for the first copy in any year.",
            "The office shall send the record free of charge for the first copy in any year.",
        ),
        # A negated verb paired outside the home sentence: the passage's home sentence only
        # names the same things, in a definition.
        (
            "The five days do not include Saturdays, Sundays, or other public holidays.",
            "(a) A period that ends on a holiday includes the next working day.\n\n"
            '(b) "Holiday" means every Saturday, every Sunday, and every other public holiday '
            "that the calendar office declares.",
        ),
        # The claim's negation falls on a word the passage lacks: "never discards" may say what
        # "keeps" says, an opposite in one word.
        (
            "An archive never discards its ledgers within five years.",
            "An archive shall keep its ledgers for five years.",
        ),
        # The same for the passage's negation ("not ... unpaid" = "paid").
        (
            "The office shall keep the ledgers of paid members for five years.",
            "The office shall not discard the ledgers of paid members for five years.",
        ),
        # Words inside an exception are compared by the rule's own words, not by parity.
        (
            "The clerk may release the file unless the owner objects in writing.",
            "The clerk may release the file without any objection by the owner in writing.",
        ),
    ],
)
def test_no_scope_flip(claim: str, passage: str) -> None:
    assert scope_flips(claim, passage) == []


def test_a_negation_at_the_start_of_the_text_is_read() -> None:
    # The marker is the text's first token: nothing stands in front of it to read.
    assert (
        judge(
            "Not a member of the board received a copy of the minutes.",
            "Each member of the board received a copy of the minutes.",
        )
        is Verdict.CONTRADICTS
    )


def test_no_longer_is_one_marker_whose_head_is_the_verb_behind_it() -> None:
    assert scope_flips(
        "The board may no longer publish the annual report.",
        "The board may publish the annual report.",
    ) == [("publish", "publish"), ("annual", "annual"), ("report", "report")]
    # "no" alone heads the word behind it, which the passage lacks.
    assert (
        scope_flips(
            "The board has no duty to publish the annual report.",
            "The board may publish the annual report.",
        )
        == []
    )


def test_two_shared_words_under_the_negation_are_enough() -> None:
    assert scope_flips(
        "The board may no longer publish reports.", "The board may publish reports."
    ) == [
        ("publish", "publish"),
        ("report", "report"),
    ]


def test_a_word_negated_twice_stands_free() -> None:
    # "not ... without" negates "fee" twice in the passage: asserted, as in the claim's "no".
    flips = scope_flips(
        "Members may no longer join the club for a fee in the spring.",
        "Members may not join the club, without exception, for a fee in the spring.",
    )
    assert flips == []
    # "Nothing prevents ... from joining" negates "joining" twice: it stands free.
    assert scope_flips(
        "Members may no longer join the club for a fee.",
        "Nothing in this part prevents members from joining the club for a fee.",
    ) == [("join", "join"), ("club", "club"), ("fee", "fee")]


def test_only_the_home_sentences_are_read() -> None:
    # "reports" is paired into the next sentence; the home sentence holds one covered word
    # ("file"), one short of a statement.
    assert (
        scope_flips(
            "The board members of the club never file reports.",
            "The board members of the club meet monthly and file. Reports are printed.",
        )
        == []
    )


def test_one_side_of_an_exception_is_still_an_exception() -> None:
    # The claim's words behind "unless" are an exception: they are not compared by parity even
    # though the passage states them outright.
    assert (
        scope_flips(
            "The clerk may release the file unless the owner objects in writing.",
            "The clerk may release the file. The owner objects in writing.",
        )
        == []
    )


def test_a_negated_verb_is_looked_up_in_the_passage_on_its_own_side() -> None:
    # The claim's "does not publish" and the passage's: the verb's home is read where the verb
    # stands in the passage, not at its index in the claim.
    assert scope_flips(
        "The board does not publish the annual report.",
        "Members of the club meet monthly in the hall. The board publishes the annual report.",
    ) == [("publish", "publish"), ("annual", "annual"), ("report", "report")]
    assert scope_flips(
        "The board publishes the annual report.",
        "Members of the club meet monthly in the hall. The board does not publish the annual "
        "report.",
    ) == [("publish", "publish"), ("annual", "annual"), ("report", "report")]


def test_the_marker_read_is_that_of_the_first_covered_word() -> None:
    # "at no charge" denies its noun; the "never" behind it is not what the first covered word
    # stands under.
    assert (
        scope_flips(
            "Members may join at no charge, but members may never renew the card.",
            "Members may join free of charge, but members may renew the card.",
        )
        == []
    )


def test_a_negation_that_opens_the_text_has_nothing_in_front_of_it() -> None:
    # Its lead is nothing, not the text's last word ("with").
    assert scope_flips(
        "No member joins the club in the first year with",
        "Each member joins the club in the first year.",
    ) == [
        ("member", "member"),
        ("join", "join"),
        ("club", "club"),
        ("first", "first"),
        ("year", "year"),
    ]
    # A "no" behind an opening preposition denies its noun.
    assert (
        scope_flips(
            "With no fee members join the club in the first year.",
            "Members join the club in the first year with a fee.",
        )
        == []
    )


def test_a_prohibiting_word_is_its_own_head() -> None:
    # "prohibited" heads itself (paired with "permitted"), not the word behind it, which the
    # passage lacks.
    assert scope_flips(
        "Smoking is prohibited anywhere in the north lobby.",
        "Smoking is permitted in the north lobby.",
    )[:1] == [("permit", "permit")]

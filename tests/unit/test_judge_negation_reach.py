"""How far a negated predicate reaches, and "beyond" read against "exceeds" (docs/design.md,
"The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import NegationJudge
from citenexus.judges.negation import _beyond_for_more, _in_front, _modes
from citenexus.judges.tokens import GE, LE, OBLIGATION, PERMISSION, negation_counts, tokenize
from tests.support.judging import aligned, verdict

JUDGE = NegationJudge()


def judge(claim: str, passage: str) -> Verdict | None:
    return verdict(JUDGE, claim, passage)


def negated(text: str) -> list[str]:
    """The words of ``text`` a negation covers an odd number of times."""
    tokens = tokenize(text)
    counts = negation_counts(tokens, 20)
    return [t.word for t, n in zip(tokens, counts, strict=True) if n % 2 and t.is_content]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # The verb comes before the comma: the scope ends there.
        (
            "The fee is owed in addition to, and does not replace, any fine the court sets.",
            ["replace"],
        ),
        # An aside right behind "not" is reached over, to the verb and what follows it.
        ("The seller shall not, without consent, resell the goods.", ["resell", "goods"]),
        (
            "The seller shall not, over any year, raise the fee, and buyers pay.",
            ["year", "raise", "fee", "buyers", "pay"],
        ),
        # So is a bracket, wherever it stands.
        ("The agent may not (in any case) enter the room.", ["case", "enter", "room"]),
        (
            "The agent may not enter (in any case) the room, and guests stay.",
            ["enter", "case", "room", "guests", "stay"],
        ),
        # A "not" that negates no predicate ends at the first comma, aside or not.
        ("Members, not guests, vote.", ["guests"]),
    ],
)
def test_the_reach_of_a_negated_predicate(text: str, words: list[str]) -> None:
    assert negated(text) == words


def test_an_aside_opened_by_a_comma_closes_at_the_next_one() -> None:
    # The second comma closes the aside; the third, behind the verb, ends the scope.
    assert negated("The seller shall not, in any year, raise, as a rule, the fee.") == [
        "year",
        "raise",
    ]


def test_a_list_behind_the_verb_stays_in_the_scope() -> None:
    assert negated("The five days do not include Saturdays, Sundays, or other holidays.") == [
        "include",
        "saturdays",
        "sundays",
        "holidays",
    ]
    # A comma behind a word of an aside is no comma behind the verb.
    assert negated("The agent may not (in any case) enter, and guests stay.") == [
        "case",
        "enter",
    ]


def test_a_claim_that_replaces_a_comma_aside_is_not_contradicted() -> None:
    assert (
        judge(
            "A fine under this part adds to, and does not replace, any order the court grants.",
            "A fine under this part is in addition to, and not in place of, any order the court "
            "grants.",
        )
        is not Verdict.CONTRADICTS
    )


def in_front(text: str, word: str) -> str:
    tokens = tokenize(text)
    return _in_front(tokens, next(i for i, t in enumerate(tokens) if t.word == word))


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("an increase beyond the cap", "cap", "beyond"),
        ("an increase that exceeds the cap", "cap", GE),
        ("an increase of more than the cap", "cap", GE),
        ("an increase of less than the cap", "cap", LE),
        ("an increase above a cap", "cap", ""),  # "above" compares only before a quantity
        ("an increase to the cap", "cap", ""),
        ("cap", "cap", ""),
        ("an increase beyond caps", "caps", "beyond"),
        ("beyond caps", "caps", "beyond"),
        ("exceeding caps", "caps", GE),
        ("the cap", "cap", ""),
    ],
)
def test_what_stands_in_front_of_a_word(text: str, word: str, expected: str) -> None:
    assert in_front(text, word) == expected


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "An increase that goes beyond the cap in part (a) is void.",
            "An increase that exceeds the cap in part (a) is void.",
        ),
        (
            "An increase that exceeds the cap in part (a) is void.",
            "An increase that goes beyond the cap in part (a) is void.",
        ),
    ],
)
def test_beyond_is_read_as_more_than(claim: str, passage: str) -> None:
    alignment = aligned(claim, passage)
    cap = next((c, u) for c, u in alignment.pairs if alignment.claim[c].word == "cap")
    assert _beyond_for_more(alignment, *cap)
    assert judge(claim, passage) is not Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("An increase beyond the cap is void.", "An increase less than the cap is void."),
        ("An increase exceeding the cap is void.", "An increase less than the cap is void."),
        ("An increase less than the cap is void.", "An increase beyond the cap is void."),
        ("An increase less than the cap is void.", "An increase exceeding the cap is void."),
    ],
)
def test_beyond_is_not_read_as_less_than(claim: str, passage: str) -> None:
    alignment = aligned(claim, passage)
    cap = next((c, u) for c, u in alignment.pairs if alignment.claim[c].word == "cap")
    assert not _beyond_for_more(alignment, *cap)


def test_beyond_against_less_than_still_contradicts() -> None:
    claim = "The charge for damage beyond ordinary wear may be deducted."
    passage = "The charge for damage less than ordinary wear may be deducted."
    alignment = aligned(claim, passage)
    wear = next((c, u) for c, u in alignment.pairs if alignment.claim[c].word == "wear")
    assert not _beyond_for_more(alignment, *wear)
    assert not _beyond_for_more(alignment, *next(iter(alignment.pairs)))


def test_the_modes_of_a_text_that_ends_on_its_modal() -> None:
    # A modal with nothing behind it is not negated: the text permits ("Tenants may").
    assert _modes(tokenize("Tenants may")) == {PERMISSION}
    assert _modes(tokenize("Tenants may not")) == set()
    assert _modes(tokenize("Tenants must")) == {OBLIGATION}

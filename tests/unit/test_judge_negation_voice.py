"""Three readings of what a text denies (docs/design.md#the-judges), in fields no example lane
covers (a kennel, a marina, a choir):

- a negative verb in the passive denies its subject, not the agent behind "by" ("consent ...
  is unreasonably *withheld by* the harbour master" denies the consent, as "the harbour master
  withholds consent" does);
- "free of" / "free from" denies the phrase it governs, as "without" does;
- a word the passage puts in front of a denied word narrows it only when the claim leaves that
  word out ("unless aggression was *showed*" for "unless the dog *showed* aggression")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import NegationJudge
from citenexus.judges.negation import _widened
from citenexus.judges.tokens import (
    _passive_be,
    _passive_subject,
    _privative,
    negation_counts,
    text_negation_counts,
    tokenize,
)
from tests.support.judging import aligned, verdict

NEGATION = NegationJudge()


def denied(text: str) -> list[str]:
    counts = text_negation_counts(text, 20)
    return [
        t.word
        for t, n in zip(tokenize(text), counts, strict=True)
        if n % 2 and t.is_content and t.word
    ]


def index_of(text: str, word: str) -> int:
    return next(k for k, t in enumerate(tokenize(text)) if t.word == word)


# A negative verb in the passive.


def test_a_passive_negative_verb_denies_its_subject_not_its_agent() -> None:
    text = "When consent to a mooring is unreasonably withheld by the harbour master, the owner may appeal."
    assert denied(text) == ["consent"]
    # active, it denies what follows it (two words)
    text = (
        "When the harbour master unreasonably withholds consent to a mooring, the owner may appeal."
    )
    assert set(denied(text)) == {"consent", "mooring"}


def test_the_passive_agrees_with_the_active() -> None:
    passage = (
        "(b) If the harbour master unreasonably withholds consent to a mooring, the owner may "
        "recover the fees paid for the season."
    )
    claim = (
        "When consent to a mooring is unreasonably withheld by the harbour master, the fees "
        "paid for the season may be recovered by the owner."
    )
    assert verdict(NEGATION, claim, passage) is not Verdict.NEUTRAL


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("consent is withheld", True),
        ("consent is unreasonably withheld", True),
        ("consent was not refused", True),
        ("consent been declined", True),
        ("the master withholds consent", False),
        ("withheld consent", False),
        ("consent quickly withheld", False),
        # "is withholding": the progressive is active
        ("the club is withholding consent", False),
    ],
)
def test_passive_be(text: str, expected: bool) -> None:
    tokens = tokenize(text)
    verb = next(
        k
        for k, t in enumerate(tokens)
        if t.word in {"withheld", "refused", "declined", "withholds", "withholding"}
    )
    assert (_passive_be(tokens, verb) is not None) is expected


def test_the_passive_subject_is_the_clauses_opening_words() -> None:
    def subject(text: str, reach: int = 2) -> list[str]:
        tokens = tokenize(text)
        be = _passive_be(tokens, index_of(text, "withheld"))
        assert be is not None
        return [tokens[k].word for k in _passive_subject(tokens, be, reach)]

    assert subject("If the written consent of the owner is withheld, the club may act.") == [
        "written",
        "consent",
    ]
    assert subject("If the written consent of the owner is withheld.", 1) == ["written"]
    assert subject("When consent to a mooring is withheld by the master.") == ["consent"]
    # the clause opens behind a modal and behind a comma
    assert subject("The club may consent is withheld") == ["consent"]
    assert subject("Fees, consent is withheld") == ["consent"]
    # at the text's start
    assert subject("Consent is withheld") == ["consent"]
    # nothing in front of "be"
    assert subject("is withheld") == []


def test_a_word_inside_the_subjects_phrase_is_not_denied_again() -> None:
    # what is refused is the claim; the receipt is denied once, by "absent"
    counts = dict(
        zip(
            [t.word for t in tokenize("A claim absent a receipt was refused.")],
            text_negation_counts("A claim absent a receipt was refused.", 20),
            strict=True,
        )
    )
    assert counts["receipt"] == 1
    assert counts["claim"] == 1


def test_a_passive_at_the_texts_start_denies_nothing_in_front() -> None:
    assert negation_counts(tokenize("is withheld by the master"), 20)[-1] == 0


# "Free of" and "free from".


def test_free_of_denies_its_phrase_as_without_does() -> None:
    assert denied("A dog must be free of fleas for 10 days.") == ["fleas"]
    assert denied("A dog must be free from fleas for 10 days.") == ["fleas"]
    assert denied("A dog must be without fleas for 10 days.") == ["fleas"]
    # "free" alone denies nothing, nor does "of" elsewhere
    assert denied("Entry is free for a dog of any breed.") == []


def test_privative() -> None:
    tokens = tokenize("free of fleas and free from ticks, of course")
    assert sorted(tokens[k].word for k in _privative(tokens)) == ["from", "of"]
    assert _privative(tokenize("of fleas")) == set()


def test_free_of_agrees_with_without() -> None:
    passage = (
        "(b) The kennel shall exclude a dog that has fleas until the dog has been free of fleas "
        "for at least 10 days. (c) The kennel shall keep a record of each dog."
    )
    claim = "Until a dog has gone at least 10 days without fleas, the kennel must exclude it."
    assert verdict(NEGATION, claim, passage) is Verdict.ENTAILS


# The word in front of a denied word.


def test_a_word_the_claim_says_elsewhere_narrows_nothing() -> None:
    passage = "(c) A dog shall be admitted, unless the dog showed aggression at its assessment."
    claim = "Unless aggression was showed at its assessment, a dog shall be admitted."
    alignment = aligned(claim, passage)
    assert not _widened(
        alignment, text_negation_counts(claim, 20), text_negation_counts(passage, 20)
    )


def test_a_narrowing_word_the_claim_leaves_out_still_widens() -> None:
    passage = "(4) This section does not apply to transient rentals by marinas."
    claim = "This section does not apply to rentals by marinas."
    alignment = aligned(claim, passage)
    assert _widened(alignment, text_negation_counts(claim, 20), text_negation_counts(passage, 20))
    assert verdict(NEGATION, claim, passage) is Verdict.NEUTRAL


def test_a_kept_word_in_front_does_not_end_the_search_for_a_dropped_one() -> None:
    # "showed" in front of "aggression" the claim keeps; "transient" in front of "fleas" it
    # drops: the claim denies admission to more dogs than the passage does.
    passage = "The kennel shall not admit dogs that showed aggression or transient fleas."
    claim = "The kennel shall not admit dogs that showed aggression or fleas."
    alignment = aligned(claim, passage)
    assert _widened(alignment, text_negation_counts(claim, 20), text_negation_counts(passage, 20))


def test_until_ends_a_denial() -> None:
    # what must happen first is not denied: "not ... until" is "not ... without first"
    assert denied("The kennel shall not admit a dog until the owner pays the fee.") == [
        "admit",
        "dog",
    ]
    # without "until" the denial runs on
    assert "fee" in denied("The kennel shall not admit a dog and the owner's fee.")


def test_not_until_is_no_contradiction_of_not_without_first() -> None:
    passage = (
        "(1) A kennel shall not admit a dog for boarding without first checking and recording "
        "the dog's vaccination certificate."
    )
    claim = (
        "A dog may not be admitted for boarding by a kennel until the dog's vaccination "
        "certificate has first been checked and recorded."
    )
    assert verdict(NEGATION, claim, passage) is not Verdict.CONTRADICTS

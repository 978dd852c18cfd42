"""Three readings of the negation judge, and the bound a denial drops (docs/design.md#the-judges):

- "No X may V" denies the predicate, as "X may not V" does: the two wordings agree, and "X may V"
  is contradicted;
- "absent evidence to the contrary" is an exception, as "unless there is evidence" is; "beyond",
  "without" and "absent" deny the phrase they govern, not the verb behind it;
- a parity flip on a word the passage uses again in the same sentences, unpaired and with the
  claim's polarity, is no flip: the alignment paired the other use.
"""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge, NegationJudge
from citenexus.judges.lexical import _bound, dropped_limit
from citenexus.judges.tokens import negated_subject, negation_counts, tokenize
from tests.support.judging import aligned, verdict

JUDGE = NegationJudge()


def _counts(text: str) -> dict[str, int]:
    tokens = tokenize(text)
    return {t.word: n for t, n in zip(tokens, negation_counts(tokens, 20), strict=True)}


@pytest.mark.parametrize(
    ("text", "modal"),
    [
        ("No club or society may charge a joining fee.", "may"),
        ("(b) No member shall vote twice.", "shall"),
        ("The fee is due, and no member shall pay it twice.", "shall"),
    ],
)
def test_a_no_that_opens_the_subject_denies_the_predicate(text: str, modal: str) -> None:
    tokens = tokenize(text)
    words = [t.word for t in tokens]
    assert negated_subject(tokens, words.index("no")) == words.index(modal)


@pytest.mark.parametrize(
    "text",
    [
        "There is no fee the member must pay.",  # "no" inside a clause denies the fee
        "A member shall vote with no delay.",  # behind a preposition, not a subject
        "No member, in any case, shall vote twice.",  # a comma between
        "No member may not vote.",  # a negated modal is not read
        "No may vote.",  # no subject word
        "No member of the club who joined this year or last year may vote.",  # too far
    ],
)
def test_other_uses_of_no_are_not_read_as_a_denied_predicate(text: str) -> None:
    tokens = tokenize(text)
    words = [t.word for t in tokens]
    index = (
        words.index("no")
        if "no" in words
        else next(i for i, t in enumerate(tokens) if t.norm == "no")
    )
    assert negated_subject(tokens, index) is None


def test_only_no_is_read() -> None:
    tokens = tokenize("Not a member may vote.")
    assert negated_subject(tokens, 0) is None


def test_the_denied_predicate_is_counted_and_the_subject_is_not() -> None:
    counts = _counts("No club or society may charge a joining fee.")
    assert counts["club"] == 0 and counts["society"] == 0
    assert counts["charge"] == 1 and counts["fee"] == 1


PASSAGE = "No club or society may charge a joining fee to a member under eighteen."


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        (
            "A club or society may not charge a joining fee to a member under eighteen.",
            Verdict.ENTAILS,
        ),
        (
            "A club or society may charge a joining fee to a member under eighteen.",
            Verdict.CONTRADICTS,
        ),
    ],
)
def test_no_x_may_reads_as_x_may_not(claim: str, expected: Verdict) -> None:
    assert verdict(JUDGE, claim, PASSAGE) is expected


def test_absent_is_an_exception_like_unless() -> None:
    passage = (
        "A notice posted at least six days before the meeting is presumed adequate, unless "
        "there is evidence to the contrary."
    )
    claim = (
        "A notice posted at least six days before the meeting is presumed adequate, absent "
        "evidence to the contrary."
    )
    assert _counts(claim)["evidence"] == 1
    assert verdict(JUDGE, claim, passage) is not Verdict.CONTRADICTS


def test_a_word_used_twice_agrees_with_its_other_use() -> None:
    passage = (
        "A charter may give the board the right to refuse a member for any reason or for no "
        "reason. Such a term binds only if the charter states it plainly."
    )
    claim = (
        "The board may be given, by the charter, the right to refuse a member for any reason or "
        "for none, but only if the charter states it plainly."
    )
    assert verdict(JUDGE, claim, passage) is not Verdict.CONTRADICTS


def test_a_word_denied_everywhere_still_flips() -> None:
    passage = "A member shall not sublet the locker, and a guest shall not sublet it either."
    assert verdict(JUDGE, "A member may sublet the locker.", passage) is Verdict.CONTRADICTS


BOUNDED = (
    "A club may not demand a joining fee in an amount exceeding two months' dues for a junior "
    "member."
)


def test_a_denial_that_drops_the_bound_says_more_than_the_passage() -> None:
    """ "No club may demand a joining fee for a junior member" forbids every fee; the passage
    only fees above two months' dues. The negation judge agrees on the denial, so the lexical
    judge must read the dropped bound (``lexical.dropped_limit``)."""
    claim = "No club may demand a joining fee for a junior member."
    assert dropped_limit(aligned(claim, BOUNDED))
    assert verdict(LexicalJudge(), claim, BOUNDED) is Verdict.NEUTRAL
    # a claim that states the bound keeps it
    kept = "A club may not demand a joining fee exceeding two months' dues for a junior member."
    assert not dropped_limit(aligned(kept, BOUNDED))
    tokens = tokenize(BOUNDED)
    words = [t.word for t in tokens]
    assert _bound(tokens, words.index("exceeding"))
    assert not _bound(tokens, words.index("demand"))
    assert not _bound(tokenize("a fee exceeding the dues"), 2)  # no value behind it
    assert not _bound(tokenize("dues exceeding"), 1)  # nothing behind it
    post = tokenize("500 or more members")
    assert not _bound(post, [t.word for t in post].index("or more"))  # a bound behind its value


@pytest.mark.parametrize(
    ("text", "denied", "kept"),
    [
        ("Any fee increase beyond that cap is void as to the excess.", "cap", "void"),
        ("A loan without a written term is void.", "written", "void"),
        ("A claim absent a receipt was refused.", "receipt", "refused"),
        # no verb behind the phrase: it runs to the end of the clause as before
        ("Damage beyond ordinary wear and tear.", "tear", None),
    ],
)
def test_a_denying_preposition_ends_at_the_clauses_verb(
    text: str, denied: str, kept: str | None
) -> None:
    counts = _counts(text)
    assert counts[denied] == 1
    if kept is not None:
        assert counts[kept] == 0


def test_beyond_the_cap_and_exceeding_the_cap_agree() -> None:
    passage = "An increase in the fee that exceeds the cap in rule (a) is void as to the excess."
    claim = "Any fee increase beyond that cap is void as to the excess."
    assert verdict(JUDGE, claim, passage) is not Verdict.CONTRADICTS


def test_a_word_inside_the_passages_condition_asserts_nothing_to_deny() -> None:
    """ "If a member raises the fee, the club may not expel the member" states no fee raise: a
    claim that a member may not raise the fee is not contradicted by it (nor supported)."""
    passage = "If a member raises the annual fee for a guest, the club may not expel the member."
    claim = "A member may not raise the annual fee for a guest."
    assert verdict(JUDGE, claim, passage) is Verdict.NEUTRAL
    # the same words asserted outside a condition still contradict
    plain = "A member may raise the annual fee for a guest, and the club may not expel the member."
    assert verdict(JUDGE, claim, plain) is Verdict.CONTRADICTS

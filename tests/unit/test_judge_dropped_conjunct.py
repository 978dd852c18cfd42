"""A claim that quotes a condition but leaves out one of the things it joins with "and" states the
rule for more cases (docs/design.md#the-judges); leaving out an alternative joined with "or"
states it for fewer, which the passage does say."""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import LexicalJudge
from citenexus.judges.lexical import dropped_conjunct
from tests.support.judging import aligned, paired, verdict

JUDGE = LexicalJudge()
BOTH = (
    "If the member keeps the book after the loan expires and the library accepts a late fee, "
    "the loan continues on the same terms, for periods equal to the fee interval."
)
EITHER = BOTH.replace("and the library accepts", "or the library accepts")
KEPT_ONE = (
    "If the member keeps the book after the loan expires, the loan continues on the same "
    "terms, for periods equal to the fee interval."
)


def test_one_of_two_joined_conditions_left_out_is_wider() -> None:
    assert dropped_conjunct(aligned(KEPT_ONE, BOTH))
    assert verdict(JUDGE, KEPT_ONE, BOTH) is Verdict.NEUTRAL


def test_one_of_two_alternatives_kept_is_no_drop() -> None:
    assert not dropped_conjunct(aligned(KEPT_ONE, EITHER))


def test_both_conditions_kept_is_no_drop() -> None:
    claim = (
        "If the member keeps the book after the loan expires and the library accepts a late "
        "fee, the loan goes on under the same terms, for periods equal to the fee interval."
    )
    assert not dropped_conjunct(aligned(claim, BOTH))
    assert verdict(JUDGE, claim, BOTH) is not Verdict.NEUTRAL


def test_a_condition_the_claim_does_not_quote_is_not_read_here() -> None:
    claim = "The loan continues on the same terms, for periods equal to the fee interval."
    # That is a condition dropped whole (``dropped_condition``), not one of its parts.
    assert not dropped_conjunct(aligned(claim, BOTH))


def test_a_party_word_quotes_no_part() -> None:
    """A party is named in nearly every clause: the lender of the claim's rule, paired with the
    lender of the left-out part, quotes none of that part."""
    passage = (
        "If the borrower asks before the loan ends and the lender agrees, the lender shall "
        "renew the loan for 14 days."
    )
    claim = (
        "If the borrower asks before the loan ends, the lender shall renew the loan for 14 days."
    )
    # borrower, asks, loan, ends; "lender" paired with the lender who agrees; renew, loan, days
    pairs = [(2, 2), (3, 3), (6, 6), (7, 7), (10, 10), (12, 16), (14, 18), (16, 20)]
    with active(Vocabulary.from_mapping({"parties": ["borrower", "lender"]})):
        assert dropped_conjunct(paired(claim, passage, pairs))
    # Read as a plain word, the lender paired there quotes the part.
    assert not dropped_conjunct(paired(claim, passage, pairs))


def test_a_condition_behind_a_lead_in_or_at_the_end_of_the_text_is_read() -> None:
    lead_in = (
        "(c) Under the club's rules, if the member asks and the library agrees, the loan is "
        "renewed for 14 days."
    )
    claim = "Under the club's rules, if the member asks, the loan is renewed for 14 days."
    assert dropped_conjunct(aligned(claim, lead_in))
    unended = "The loan is renewed for 14 days if the member asks and the library agrees"
    assert dropped_conjunct(aligned("The loan is renewed for 14 days if the member asks.", unended))
    both = "The loan is renewed for 14 days if the member asks and the library agrees."
    assert not dropped_conjunct(aligned(both, unended))


def test_only_the_condition_s_own_words_count() -> None:
    """A condition closed at its comma: the rule after it, quoted, is no part of it."""
    passage = (
        "If the member asks and the library agrees, the loan is renewed, and the fee is waived."
    )
    claim = "If the member asks and the library agrees, the loan is renewed."
    assert not dropped_conjunct(aligned(claim, passage))


def test_a_question_mark_ends_the_condition() -> None:
    passage = "What if the member asks and the library agrees? The loan is renewed for 14 days."
    assert not dropped_conjunct(aligned("The loan is renewed for 14 days.", passage))

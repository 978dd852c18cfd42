""" "Whether or not" denies nothing: it says a thing does not matter (docs/design.md#the-judges).
Its "not" is no negation for the negation judge, and a claim that makes the thing a condition
("only to clubs that meet the thresholds") is no paraphrase of it."""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import LexicalJudge, NegationJudge
from citenexus.judges.lexical import either_way_narrowed
from citenexus.judges.tokens import negation_counts, tokenize
from tests.support.judging import aligned, paired, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()
SCOPE = (
    "This section applies to any club that keeps any number of member records, whether or not "
    "the club meets the thresholds in section 4."
)


def test_the_not_of_whether_or_not_covers_nothing() -> None:
    tokens = tokenize("whether or not the club meets the thresholds")
    assert not any(negation_counts(tokens, 20))
    tokens = tokenize("or not the club meets the thresholds")
    assert any(negation_counts(tokens, 20))
    tokens = tokenize("whether the club does not meet the thresholds")
    assert any(negation_counts(tokens, 20))


def test_a_paraphrase_with_even_is_not_contradicted() -> None:
    claim = (
        "This section reaches every club that keeps member records in any number, even a club "
        "that falls below the thresholds in section 4."
    )
    assert verdict(NEGATION, claim, SCOPE) is not Verdict.CONTRADICTS
    assert not either_way_narrowed(aligned(claim, SCOPE))


def test_making_it_a_condition_is_no_paraphrase() -> None:
    claim = "This section applies only to clubs that meet the thresholds in section 4."
    assert either_way_narrowed(aligned(claim, SCOPE))
    assert verdict(LEXICAL, claim, SCOPE) is Verdict.NEUTRAL


def test_a_claim_that_quotes_none_of_the_clause_is_not_read() -> None:
    claim = "This section applies to any club that keeps any number of member records."
    assert not either_way_narrowed(aligned(claim, SCOPE))


def test_regardless_says_it_does_not_matter_too() -> None:
    claim = (
        "This section applies to any club keeping member records, regardless of whether the "
        "club meets the thresholds in section 4."
    )
    assert not either_way_narrowed(aligned(claim, SCOPE))


def test_only_the_clause_behind_whether_or_not_is_read() -> None:
    passage = (
        "Whether or not consumers ask, the club shall keep the thresholds in section 4 under review"
    )
    # The clause ends at its comma: what the claim quotes after it is the rule itself.
    assert not either_way_narrowed(
        aligned("The club shall keep the thresholds under review.", passage)
    )
    # Its first word, right behind "not", is read (and a text without a final stop is read to
    # its end).
    assert either_way_narrowed(aligned("Only consumers who ask are covered.", passage))
    unended = "The club keeps its records, whether or not the club meets the thresholds"
    assert either_way_narrowed(
        aligned("Only a club that meets the thresholds keeps them.", unended)
    )


def test_a_party_in_the_clause_quotes_none_of_it() -> None:
    passage = "The rule applies to every lender, whether or not the lender is licensed."
    claim = "The rule applies to every lender."
    pairs = [(1, 1), (2, 2), (5, 11)]  # "lender" paired with the lender of the clause
    with active(Vocabulary.from_mapping({"parties": ["lender"]})):
        assert not either_way_narrowed(paired(claim, passage, pairs))
    assert either_way_narrowed(paired(claim, passage, pairs))


def test_a_question_mark_ends_the_clause() -> None:
    passage = "Does it apply whether or not the club meets the thresholds? The club keeps records."
    assert not either_way_narrowed(aligned("The club keeps records.", passage))

"""Judges speak only about the claim's own matter (docs/design.md#judges-that-decline-and-the-judge-benchmark):
a negation or a value of a neighbouring sentence proves nothing against a claim, a limit or a
condition the claim drops is a scope change, and the claim's verb is read where the passage
says it of the claim's subject."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.domain.support import supports
from citenexus.embedders import HashingEmbedder
from citenexus.judges import (
    JudgeThresholds,
    LexicalJudge,
    NegationJudge,
    NumericJudge,
    default_judges,
)
from citenexus.judges.lexical import align_claim, dropped_limit
from citenexus.judges.tokens import negation_counts, tokenize


def unit_of(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=1, text=text)


def verdict_of(judge: LexicalJudge | NegationJudge | NumericJudge, claim: str, text: str) -> str:
    found = judge.judge(claim, unit_of(text))
    return "declined" if found is None else found.verdict.value


LEXICAL = LexicalJudge()
NEGATION = NegationJudge()
NUMERIC = NumericJudge()

FEE = (
    "A seller shall provide the receipt free of charge for the first order in any 12-month "
    "period. For a later order, the seller may charge a reasonable fee to cover the "
    "administrative costs of printing."
)


def test_a_negated_word_paired_into_another_sentence_is_no_contradiction() -> None:
    claim = (
        "The seller must provide the receipt at no cost for the first order in any 12-month period."
    )
    assert verdict_of(NEGATION, claim, FEE) != "contradicts"
    # The same "no" against the sentence it speaks of still contradicts.
    opposite = (
        "A seller shall provide the receipt at cost for the first order in any 12-month period."
    )
    text = (
        "A seller shall provide the receipt at no cost for the first order in any 12-month period."
    )
    assert verdict_of(NEGATION, opposite, text) == "contradicts"


def test_an_aside_between_not_and_the_verb_is_not_the_negations_head() -> None:
    text = (
        "An owner shall not, over the course of any 12-month period, increase the rent by more "
        "than 5 percent."
    )
    claim = "Over any 12-month period, an owner may not raise the rent by more than 5 percent."
    assert verdict_of(NEGATION, claim, text) != "contradicts"
    dropped = "Over any 12-month period, an owner may raise the rent by more than 5 percent."
    assert verdict_of(NEGATION, dropped, text) == "contradicts"


def test_a_negation_inside_a_condition_stops_at_its_comma() -> None:
    counts = negation_counts(
        tokenize("If it is not served personally, the notice period is extended."), 20
    )
    words = [
        t.word for t in tokenize("If it is not served personally, the notice period is extended.")
    ]
    assert counts[words.index("served")] == 1
    assert counts[words.index("notice")] == 0
    assert counts[words.index("extended")] == 0
    # Outside a condition a negated predicate still reaches over a comma to its verb.
    plain = tokenize("The tenant shall not, without consent, sublet the premises.")
    assert negation_counts(plain, 20)[[t.word for t in plain].index("sublet")] == 1


def test_a_condition_reordered_in_front_of_a_negated_rule_is_no_contradiction() -> None:
    text = (
        "A seller is not required to refund an order that it cannot verify using reasonable "
        "efforts, and it may ask the buyer for more information."
    )
    claim = "If it cannot verify an order using reasonable efforts, a seller is not required to refund it."
    assert verdict_of(NEGATION, claim, text) != "contradicts"


PET = (
    "A deposit is money held against damage and returned at the end; pet rent is simply rent "
    "and is not returned."
)


def test_the_claims_verb_is_read_where_the_passage_says_it_of_the_claims_subject() -> None:
    assert verdict_of(NEGATION, "Pet rent is returned at the end, like a deposit.", PET) == (
        "contradicts"
    )
    assert verdict_of(NEGATION, "Pet rent is not returned.", PET) != "contradicts"


def test_a_verb_said_twice_of_one_subject_in_a_verbatim_quote_is_no_flip() -> None:
    text = (
        "The notice must be given at least as long before the end as the period itself, but it "
        "need not be given more than 30 days before."
    )
    assert verdict_of(NEGATION, text, text) != "contradicts"


def test_the_verb_paired_behind_its_own_subject_is_not_read_again() -> None:
    text = "The tenant is not returned the fee. The deposit is returned at the end."
    assert verdict_of(NEGATION, "The deposit is returned at the end.", text) != "contradicts"


EXTEND = (
    "The seller shall answer within 45 days. The seller may extend that period once by 45 "
    "additional days where reasonably necessary."
)
ENFORCE = "The regulator and the district offices have exclusive authority to enforce this part."


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        ("The seller may extend that period by 45 additional days as often as it likes.", EXTEND),
        ("Buyers and the regulator share the authority to enforce this part.", ENFORCE),
    ],
)
def test_a_limit_the_claim_drops_is_a_scope_change(claim: str, text: str) -> None:
    assert verdict_of(LEXICAL, claim, text) == "neutral"
    assert dropped_limit(align_claim(claim, unit_of(text), JudgeThresholds()))


def test_a_claim_that_keeps_the_limit_or_quotes_around_it_is_not_a_scope_change() -> None:
    kept = "The seller may extend that period once by 45 additional days."
    assert verdict_of(LEXICAL, kept, EXTEND) == "entails"
    before = "The seller shall answer within 45 days."
    assert not dropped_limit(align_claim(before, unit_of(EXTEND), JudgeThresholds()))


def test_a_limit_in_another_sentence_is_not_the_claims() -> None:
    text = "The seller may extend the period. The buyer may object once."
    claim = "The seller may extend the period."
    assert not dropped_limit(align_claim(claim, unit_of(text), JudgeThresholds()))
    assert verdict_of(LEXICAL, claim, text) == "entails"


NOTICE = (
    "An owner who intends to end a tenancy shall give the tenant written notice at least 60 days "
    "before the termination date if every tenant has resided in the dwelling for one year or more."
)


def test_a_contiguous_fragment_that_drops_the_sentences_condition_is_not_support() -> None:
    fragment = (
        "An owner who intends to end a tenancy shall give the tenant written notice at least "
        "60 days before the termination date."
    )
    assert verdict_of(LEXICAL, fragment, NOTICE) == "neutral"
    assert verdict_of(LEXICAL, NOTICE, NOTICE) == "entails"


INCREASE = (
    "If the proposed increase, added to all other increases during the year, is more than 10 "
    "percent of the lowest rent, the landlord shall give written notice at least 90 days before "
    "the increase takes effect."
)


def test_a_long_condition_opening_the_sentence_is_still_the_rules_condition() -> None:
    claim = (
        "The landlord shall give written notice at least 90 days before the increase takes effect."
    )
    assert verdict_of(LEXICAL, claim, INCREASE) == "neutral"
    kept = (
        "If the increase is more than 10 percent of the lowest rent, the landlord shall give "
        "written notice at least 90 days before the increase takes effect."
    )
    assert verdict_of(LEXICAL, kept, INCREASE) != "contradicts"


def test_a_comparison_made_in_the_claims_direction_elsewhere_is_no_contradiction() -> None:
    text = (
        "Before January 1, 2027, the office shall issue a warning first. On and after "
        "January 1, 2027, the office may act without a warning."
    )
    claim = "After January 1, 2027, the office may act without a warning."
    assert verdict_of(LEXICAL, claim, text) != "contradicts"
    reversed_ = "Before January 1, 2027, the office may act without a warning."
    only = "On and after January 1, 2027, the office may act without a warning."
    assert verdict_of(LEXICAL, reversed_, only) == "contradicts"


FIVE_DAYS = (
    "The landlord may change the terms by giving written notice at least 30 days before the "
    "change takes effect. If the notice is served by mail, the notice period is extended as "
    "other law provides."
)


def test_a_value_of_another_sentence_is_no_conflict() -> None:
    claim = "If the notice is served by mail, the notice period is extended by five days."
    assert verdict_of(NUMERIC, claim, FIVE_DAYS) == "neutral"
    swapped = "The landlord may change the terms by giving written notice at least 20 days before."
    assert verdict_of(NUMERIC, swapped, FIVE_DAYS) == "contradicts"


def test_a_conflict_on_a_neighbouring_matter_is_only_neutral() -> None:
    text = "The landlord shall return the deposit within 21 days after the tenant leaves."
    # Half of the claim's other words are in the passage: a different value is no support,
    # and no proof against the claim either.
    claim = "The landlord shall return the rent within 14 days after a fire."
    assert verdict_of(NUMERIC, claim, text) == "neutral"
    strict = NumericJudge(JudgeThresholds(numeric_contradict_min_coverage=0.4))
    assert verdict_of(strict, claim, text) == "contradicts"
    same = "The landlord shall return the deposit within 14 days after the tenant leaves."
    assert verdict_of(NUMERIC, same, text) == "contradicts"


def test_a_negation_judge_needs_most_of_the_claims_words_before_it_speaks() -> None:
    text = "The landlord may not charge the deposit for old damage. Cleaning is paid by the tenant."
    claim = "The landlord shall return the deposit within 21 days after the tenant has left."
    assert verdict_of(NEGATION, claim, text) == "declined"
    assert Verdict.CONTRADICTS.value == "contradicts"


CONSENT = (
    "A seller shall keep its records for three years. A seller may not sell a buyer's "
    "records to a third party."
)


def test_negation_entails_only_where_the_passage_negates_the_claims_negated_word() -> None:
    # The claim's "never" falls on "discards", a word the passage does not have: the polarity
    # agrees on nothing, so the judge cannot tell (it said entails before).
    claim = "A seller never discards its records within three years."
    assert verdict_of(NEGATION, claim, CONSENT) == "declined"
    agreeing = "A seller may not sell a buyer's records to a third party."
    assert verdict_of(NEGATION, agreeing, CONSENT) == "entails"


def test_a_negated_claim_no_judge_can_read_is_supported_by_no_unit() -> None:
    judges = default_judges(HashingEmbedder())
    # A paraphrase sharing the matter whose negation falls where the passage negates nothing.
    claim = "A seller never discards its records."
    embedding = tuple(HashingEmbedder().embed([CONSENT])[0])
    unit = Unit(document_id="doc", ordinal=1, text=CONSENT, embedding=embedding)
    judgments = [j for j in (judge.judge(claim, unit) for judge in judges) if j is not None]
    assert not supports(judgments)
    # Without the negation the embedding judge speaks again.
    assert any(
        j.judge == "embedding"
        for j in (judge.judge(claim.replace("never discards", "keeps"), unit) for judge in judges)
        if j is not None
    )

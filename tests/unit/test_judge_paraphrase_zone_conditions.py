"""In the paraphrase zone a reworded claim that leaves out the condition its sentence puts on the
rule states the rule more widely than the passage: the lexical judge says neutral there too,
reading only the sentence that holds most of the claim's words, so a condition of the next
sentence never counts against a faithful paraphrase (docs/design.md, "Judges that decline, and
the judge benchmark")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import JudgeThresholds, LexicalJudge
from citenexus.judges.lexical import _densest, dropped_condition
from citenexus.judges.tokens import tokenize
from tests.support.judging import aligned, paired, verdict

JUDGE = LexicalJudge()
THRESHOLDS = JudgeThresholds()
# The rule holds only for a short membership; the next sentence has a condition of its own.
RULE = (
    "(c) The secretary may cancel a membership by sending the member written notice at least "
    "two weeks before the cancellation date if the member has belonged to the club for less "
    "than one season.\n\n(d) A member may ask for a refund of the fee if the club cancels a "
    "meeting."
)
# The same rule, the condition opening the sentence; the sentence before has none.
FRONTED = (
    "The club keeps a register of members. If a member has belonged to the club for less than "
    "one season, the secretary may cancel the membership by sending written notice at least "
    "two weeks before the cancellation date."
)


def in_zone(claim: str, passage: str) -> bool:
    coverage = aligned(claim, passage, THRESHOLDS).coverage
    return THRESHOLDS.lexical_decline_coverage <= coverage < THRESHOLDS.lexical_min_coverage


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "The secretary can end a membership by giving the member a written notice two "
            "weeks or more ahead of the cancellation date.",
            RULE,
        ),
        (
            "The secretary can cancel a membership with written notice given two weeks or "
            "more ahead of the cancellation date.",
            FRONTED,
        ),
    ],
)
def test_a_reworded_claim_without_the_rules_condition_is_neutral(claim: str, passage: str) -> None:
    assert in_zone(claim, passage)
    assert dropped_condition(aligned(claim, passage, THRESHOLDS), densest=True)
    assert verdict(JUDGE, claim, passage) is Verdict.NEUTRAL


def test_a_reworded_claim_that_keeps_the_condition_is_not_refused_for_it() -> None:
    claim = (
        "When a member has been in the club for under one season, the secretary can end the "
        "membership by giving written notice two weeks or more ahead of the cancellation date."
    )
    alignment = aligned(claim, RULE, THRESHOLDS)
    assert not dropped_condition(alignment, densest=True)
    assert verdict(JUDGE, claim, RULE) is not Verdict.NEUTRAL


# A rule whose next sentence has a condition of its own, and uses the claim's "once" too.
SEASONS = (
    "(a) After a member has regularly and fully paid dues for two seasons, the club shall not "
    "expel the member without a hearing, and the club shall state the grounds in the written "
    "notice of expulsion. If a second member joins the household before the first member "
    "reaches two seasons, the rule applies once either member has paid dues for two seasons."
)


def test_the_next_sentences_condition_is_not_the_rules() -> None:
    """The claim's "once" pairs with the next sentence's, which stretches the words read over
    its "If ..."; only the sentence holding most of the claim's words is read in the zone."""
    claim = (
        "Once a member has paid full dues regularly for two seasons, the club cannot expel the "
        "member without first holding a hearing."
    )
    assert in_zone(claim, SEASONS)
    alignment = aligned(claim, SEASONS, THRESHOLDS)
    assert not dropped_condition(alignment, densest=True)
    assert verdict(JUDGE, claim, SEASONS) is None  # declined: the embedding judge may speak
    # The aligner pairs "member" in its home sentence, so the stray "once" and "first" stand
    # out of place and stretch nothing. Paired in order into the next sentence (by hand), the
    # whole stretch of words holds the next "If ...", which only the densest reading leaves out.
    units = [t.word for t in alignment.unit]
    pairs = sorted(alignment.pairs)
    last_claim = pairs[-1][0]
    stretched = paired(
        claim, SEASONS, [*pairs[1:-2], (last_claim, len(units) - 1 - units[::-1].index("applies"))]
    )
    assert dropped_condition(stretched)
    assert not dropped_condition(stretched, densest=True)


def test_only_the_sentence_holding_most_positions_is_read() -> None:
    unit = tokenize("Alpha beta gamma. Delta epsilon zeta eta. Theta.")
    words = [t.word for t in unit]
    beta, delta, epsilon, zeta, eta, theta = (
        words.index(w) for w in ("beta", "delta", "epsilon", "zeta", "eta", "theta")
    )
    assert _densest(unit, [beta, delta, epsilon, zeta, theta]) == [delta, epsilon, zeta]
    # The word right before a full stop is of that full stop's sentence.
    assert _densest(unit, [beta, delta, epsilon, eta]) == [delta, epsilon, eta]
    # A tie goes to the first sentence; a position at the very start opens its sentence.
    assert _densest(unit, [0, beta, delta, epsilon]) == [0, beta]
    assert _densest(unit, [theta]) == [theta]

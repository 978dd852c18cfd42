"""Readings the blind pairs of the second session of 2026-12-06 asked for
(docs/design.md#the-judges):

- a passive claim's agent must be the subject of the verb the passage puts in the active;
- a claim that says "any X" widens a restricted use of X in the claim's sentences even when the
  aligner paired X with a use that only modifies another noun;
- when both texts deny the verb a change of voice pairs, the words that moved across the "not"
  prove nothing; when each denies words the other does not, around verbs the aligner could not
  pair, the negation judge cannot compare them and declines;
- in the paraphrase zone a reversed comparison is no support;
- the matching stem of an irregular form is its base form's stem ("given" meets "give").
"""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge, NegationJudge
from citenexus.judges.generality import _uses_at_home, universal_on_restricted
from citenexus.judges.lexical import (
    _active_subject,
    _skip_determiners_at,
    agent_swapped,
    comparison_verdict,
    voice_pair,
)
from citenexus.judges.negation import _denied_verb, _unpaired_passive_denial
from citenexus.judges.tokens import tokenize
from citenexus.text.stemming import stem_for_matching
from tests.support.judging import aligned, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()

REPAIR = (
    "(1) The member may arrange for the repair and deduct what it cost from the fee when the "
    "fee next falls due."
)


def test_a_passive_claim_whose_agent_is_not_the_passages_subject_swaps_roles() -> None:
    claim = "The repair may be arranged by the manager, who may then deduct what it cost."
    alignment = aligned(claim, REPAIR)
    assert agent_swapped(alignment)
    assert verdict(LEXICAL, claim, REPAIR) is Verdict.NEUTRAL


def test_a_passive_claim_whose_agent_is_the_passages_subject_keeps_its_roles() -> None:
    claim = "The repair may be arranged by the member, who may deduct what it cost."
    assert not agent_swapped(aligned(claim, REPAIR))


USE = (
    "(e) A manager may not treat the member's lawful use of the remedy as a default in the "
    "payment of the fee."
)


def test_an_agent_swap_the_word_order_hides_is_read() -> None:
    # "manager's" and "member" keep the passage's order; only the agent tells the swap.
    claim = "A manager's lawful use of the remedy may not be treated by the member as a default."
    assert agent_swapped(aligned(claim, USE))
    faithful = "A member's lawful use of the remedy may not be treated by a manager as a default."
    assert not agent_swapped(aligned(faithful, USE))


@pytest.mark.parametrize(
    "claim",
    [
        "The repair is arranged by the manager.",  # no modal in front of the passage's verb
        "The repair may be arranged by.",  # no agent
        "The repair may be arranged, by the manager.",  # "by" not right behind the verb
        "The fee is due by Monday.",  # no participle
    ],
)
def test_what_is_not_read_as_an_agent(claim: str) -> None:
    passage = "The member arranges for the repair. The fee is due by Monday."
    assert not agent_swapped(aligned(claim, passage))


def test_an_agent_against_a_passive_passage_is_not_read() -> None:
    passage = "The repair may be arranged by the member."
    assert not agent_swapped(aligned("The repair may be arranged by the manager.", passage))


def test_the_helpers_of_the_agent_reading() -> None:
    tokens = tokenize("by the manager")
    assert _skip_determiners_at(tokens, 1) == 2
    assert _skip_determiners_at(tokenize("by the ."), 1) is None
    assert _skip_determiners_at(tokenize("by the"), 1) is None
    unit = tokenize("The member may arrange it.")
    words = [t.word for t in unit]
    assert _active_subject(unit, words.index("arrange")) == [words.index("member")]
    assert _active_subject(tokenize("Members arrange it."), 1) == []
    assert _active_subject(tokenize("May arrange it."), 1) == []


ASSESS = (
    "(1) A club shall not conduct processing that presents a heightened risk to a member "
    "without first documenting an assessment of that processing activity."
)


def test_any_widens_the_restricted_use_though_another_was_paired() -> None:
    claim = "A club must document an assessment before any processing of member data."
    alignment = aligned(claim, ASSESS)
    processing = next(c for c, _ in alignment.pairs if alignment.claim[c].word == "processing")
    assert len(_uses_at_home(alignment, processing, {u for _, u in alignment.pairs})) == 2
    assert universal_on_restricted(alignment)


def test_only_the_paired_use_is_read_when_it_stands_alone() -> None:
    passage = (
        "If the proposed fee increase, added to all other increases during the year, is 10 "
        "percent or less, the club shall give notice."
    )
    claim = "The club shall give notice of a fee increase that, with all other increases, is 10 percent or less."
    alignment = aligned(claim, passage)
    increases = next(c for c, _ in alignment.pairs if alignment.claim[c].word == "increases")
    assert _uses_at_home(alignment, increases, {u for _, u in alignment.pairs}) == [
        dict(alignment.pairs)[increases]
    ]
    assert not universal_on_restricted(alignment)


REMEDY = "A member may not use either remedy in subdivision (a) more than twice in any year."


def test_a_change_of_voice_under_a_denial_both_texts_make_is_no_flip() -> None:
    claim = (
        "Either remedy in subdivision (a) may not be used by a member more than twice in any year."
    )
    alignment = aligned(claim, REMEDY)
    assert voice_pair(alignment) is not None
    assert verdict(NEGATION, claim, REMEDY) is Verdict.ENTAILS
    # The verb itself flipped: a contradiction.
    dropped = (
        "Either remedy in subdivision (a) may be used by a member more than twice in any year."
    )
    assert verdict(NEGATION, dropped, REMEDY) is Verdict.CONTRADICTS


DAYS = "The three days do not include Saturdays, Sundays, or public holidays."


def test_two_denials_around_unpaired_verbs_are_not_compared() -> None:
    claim = "Saturdays, Sundays, and public holidays are not counted in the three days."
    alignment = aligned(claim, DAYS)
    assert _unpaired_passive_denial(alignment)
    assert verdict(NEGATION, claim, DAYS) is None
    # A passage that denies nothing: the claim's denial stands against it.
    plain = "The three days include Saturdays, Sundays, and public holidays."
    assert not _unpaired_passive_denial(aligned(claim, plain))
    assert verdict(NEGATION, claim, plain) is Verdict.CONTRADICTS


def test_denied_verb_reads_a_not_after_a_modal_or_auxiliary() -> None:
    tokens = tokenize("It may not be used.")
    words = [t.word for t in tokens]
    assert tokens[_denied_verb(tokens, words.index("not"))].word == "used"
    assert _denied_verb(tokenize("not used"), 0) is None  # nothing in front
    assert _denied_verb(tokenize("Members, not guests, vote."), 2) is None  # no auxiliary
    assert _denied_verb(tokenize("It is not."), 2) is None  # no verb behind


def test_a_reversed_comparison_in_the_paraphrase_zone_is_no_support() -> None:
    passage = (
        "(e) Written notice is not required:\n\n1. To respond to an emergency.\n\n"
        "(f) When the manager has told the member in writing, within the previous 120 days, that "
        "the hall is for sale, the manager may give notice of an entry to show the hall to a "
        "buyer orally, in person or by telephone, at least 24 hours beforehand. After such an "
        "entry the manager shall leave written evidence of it inside the hall."
    )
    claim = "Written notice given 24 hours before the entry is presumed reasonable."
    alignment = aligned(claim, passage)
    assert 0.6 <= alignment.coverage < 0.9  # the paraphrase zone
    assert comparison_verdict(alignment) is Verdict.CONTRADICTS
    assert verdict(LEXICAL, claim, passage) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    ("form", "base"),
    [("given", "give"), ("gave", "give"), ("made", "make"), ("taken", "take"), ("left", "leave")]
    + [("used", "use"), ("using", "uses"), ("sued", "sue"), ("written", "write")],
)
def test_an_irregular_form_stems_as_its_base_form(form: str, base: str) -> None:
    assert stem_for_matching(form) == stem_for_matching(base)

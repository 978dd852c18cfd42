"""What the asker says is not so, against a rule's "if" clause (citenexus/domain/conditions.py;
docs/design.md, "Answer selection"): a rule that holds only if the denied thing is so does not
answer the asker, in generic English."""

from __future__ import annotations

from citenexus.domain.conditions import (
    UNMET,
    condition_fit,
    denied_fit,
    stated_facts,
)
from citenexus.domain.model import Unit
from citenexus.domain.relevance import sentence_score
from citenexus.domain.vocabulary import Vocabulary
from citenexus.generators.extractive import ExtractiveGenerator

QUESTION = (
    "I'm the only pharmacist working at a retail drugstore today, and none of my technicians "
    "are nationally certified. How many technicians can I supervise at once?"
)
CERTIFIED = (
    "(c) If at least one technician on duty holds national certification, the pharmacist may "
    "supervise not more than three pharmacy technicians."
)
PLAIN = "(b) A pharmacist may supervise not more than two pharmacy technicians."


def test_a_stated_clause_with_a_denial_gives_its_words() -> None:
    assert stated_facts(QUESTION).denied == (frozenset({"technician", "nationally", "certify"}),)
    # "n't", "never", "nobody": each denies; "no" and "not" too
    assert stated_facts("My boss hasn't paid my wages. When are they due?").denied == (
        frozenset({"boss", "pay", "wag"}),  # stems: "paid" is "pay"
    )
    assert stated_facts("We have never had a fire inspection. Who inspects?").denied == (
        frozenset({"fir", "inspection"}),
    )


def test_the_asking_sentence_and_short_or_plain_clauses_deny_nothing() -> None:
    assert stated_facts("Can the owner not return the deposit?").denied == ()
    assert stated_facts("Nobody died. How soon must we report it?").denied == ()  # one word
    assert stated_facts("Our technicians are nationally certified. How many?").denied == ()
    # each clause on its own: the denial of the second clause is not the first clause's
    assert stated_facts(
        "I work at a retail drugstore, and none of my technicians are certified. How many?"
    ).denied == (frozenset({"technician", "certify"}),)


def test_the_parties_of_the_lane_are_not_denied_words() -> None:
    vocabulary = Vocabulary.from_mapping({"parties": ["pharmacist", "druggist"]})
    facts = stated_facts("The pharmacist has no certified technicians. How many?", vocabulary)
    assert facts.denied == (frozenset({"certify", "technician"}),)


def test_a_condition_naming_what_the_asker_denies_is_unmet() -> None:
    denied = stated_facts(QUESTION).denied
    assert denied_fit(denied, CERTIFIED) == UNMET  # "national" and "certification", one word
    assert condition_fit(QUESTION, CERTIFIED) == UNMET
    assert denied_fit(denied, PLAIN) is None  # no condition
    assert condition_fit(QUESTION, PLAIN) is None  # a denial never meets a rule
    assert denied_fit((), CERTIFIED) is None
    for word in ("When", "where", "whenever"):
        assert denied_fit(denied, CERTIFIED.replace("If", word)) == UNMET


def test_a_condition_that_denies_or_tells_a_failure_is_not_excluded_by_a_denial() -> None:
    denied = (frozenset({"landlord", "fix", "roof"}),)
    assert denied_fit(denied, "If the landlord does not fix the roof, the tenant may act.") is None
    assert denied_fit(denied, "If the landlord fails to fix the roof, the tenant may act.") is None
    assert (
        denied_fit(denied, "If the landlord refused to fix the roof, the tenant may act.") is None
    )
    assert denied_fit(denied, "If the landlord fixes the roof, the tenant pays.") == UNMET


def test_all_but_one_of_the_denied_words_and_at_least_two() -> None:
    three = (frozenset({"technician", "nationally", "certify"}),)
    assert denied_fit(three, "If a technician holds national status, the limit is three.") == UNMET
    assert denied_fit(three, "If a technician is on duty, the limit is three.") is None
    two = (frozenset({"technician", "certify"}),)
    assert denied_fit(two, "If a technician is on duty, the limit is three.") is None
    assert denied_fit(two, "If a certified technician is on duty, the limit is three.") == UNMET
    # the condition ends at its comma: words of the rule after it are not the condition's
    assert denied_fit(two, "If a technician is on duty, certification is checked.") is None


def test_one_word_in_two_forms_is_read_by_its_first_six_letters_only_when_both_are_long() -> None:
    assert denied_fit((frozenset({"inspection", "fir"}),), "If a fire inspector calls, pay.") == (
        UNMET
    )
    # "died" and "die" (the stem of "dies"): stems under six letters must be equal
    assert denied_fit((frozenset({"died", "worker"}),), "If a worker dies, report it.") is None
    assert denied_fit((frozenset({"die", "worker"}),), "If a worker dies, report it.") == UNMET


def test_the_excluded_branch_scores_nothing_and_the_other_is_quoted() -> None:
    assert sentence_score(QUESTION, CERTIFIED) == 0.0
    assert sentence_score(QUESTION, PLAIN) > 0.0
    draft = ExtractiveGenerator().generate(QUESTION, [Unit("rule", 1, f"{PLAIN} {CERTIFIED}")])
    assert "not more than two pharmacy technicians" in draft.segments[0].text


def test_the_asking_sentence_is_skipped_wherever_it_stands() -> None:
    # asked first, stated after; and a question ending in white space
    assert stated_facts("Can they still call me? I never agreed to any calls.").denied == (
        frozenset({"agr", "call"}),  # the stem of "agreed"
    )
    assert stated_facts(
        "I have no certified technicians. Can the owner not return the deposit? \n"
    ).denied == (frozenset({"certify", "technician"}),)


def test_a_denying_condition_is_passed_over_and_the_next_condition_read() -> None:
    denied = (frozenset({"landlord", "fix", "roof"}),)
    sentence = (
        "If the tenant does not pay, the landlord may sue; if the landlord fixes the roof, the "
        "tenant pays the cost."
    )
    assert denied_fit(denied, sentence) == UNMET


def test_four_denied_words_need_three_named() -> None:
    denied = (frozenset({"technician", "nationally", "certify", "pharmacy"}),)
    assert denied_fit(denied, "If a technician holds national status, three may work.") is None
    assert denied_fit(denied, "If a pharmacy technician holds national status, three.") == UNMET


def test_two_stems_of_exactly_six_letters_in_common_are_one_word() -> None:
    # "nation" is six letters: it and "national" agree on all six
    assert denied_fit((frozenset({"nation", "board"}),), "If the national board agrees, go.") == (
        UNMET
    )

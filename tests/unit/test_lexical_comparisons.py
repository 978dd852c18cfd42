"""A claim's comparison ("after January 1") against the passage's (docs/design.md, lexical
judge): reversed in front of the same word it contradicts, unless the aligned sentence also makes
the claim's comparison in front of another occurrence of that word, which the claim may quote."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges.align import align
from citenexus.judges.lexical import (
    comparison_verdict,
    dropped_condition,
    subject_missing,
    subject_moved,
    substituted,
)

AFTER = "A lease signed after January 1 pays the new rate."


def test_a_reversed_comparison_in_front_of_the_same_word_contradicts() -> None:
    passage = "A lease signed before January 1 pays the new rate."
    assert comparison_verdict(align(AFTER, passage)) == Verdict.CONTRADICTS


def test_the_claims_comparison_in_front_of_another_occurrence_of_the_word_is_no_contradiction() -> (
    None
):
    passage = "A lease signed before January 1 or after January 31 pays the new rate."
    assert comparison_verdict(align(AFTER, passage)) == Verdict.NEUTRAL
    before = "A lease signed before January 31 pays the new rate."
    assert comparison_verdict(align(before, passage)) == Verdict.NEUTRAL
    # Words the claim does not have may stand between that comparison and the word.
    dropped = "A lease signed before January 1 or after the end of January pays the new rate."
    assert comparison_verdict(align(AFTER, dropped)) == Verdict.NEUTRAL
    # The other occurrence must be bounded in the claim's direction.
    same_way = "A lease signed before January 1 or before January 31 pays the new rate."
    assert comparison_verdict(align(AFTER, same_way)) == Verdict.CONTRADICTS


def test_only_the_same_word_in_the_aligned_sentence_counts() -> None:
    # "after" in front of another word of the sentence is not the claim's comparison.
    other_word = "A lease signed before January 1 pays the new rate after March 1."
    assert comparison_verdict(align(AFTER, other_word)) == Verdict.CONTRADICTS
    # Nor is "after January" in a sentence the claim is not aligned to.
    other_sentence = (
        "Leases signed after January 1 pay the old fee. "
        "A lease signed before January 1 pays the new rate."
    )
    assert comparison_verdict(align(AFTER, other_sentence)) == Verdict.CONTRADICTS


NOTICE = "The landlord shall give 90 days notice."
INCREASE = "If the increase, added to any earlier one, is more than 10 percent"


def test_a_condition_running_over_its_own_commas_into_the_quoted_words_is_dropped() -> None:
    assert dropped_condition(align(NOTICE, f"{INCREASE}, the landlord shall give 90 days notice."))
    bare = "Landlords shall give 90 days notice."
    assert dropped_condition(align(bare, f"{INCREASE}, landlords shall give 90 days notice."))
    # In a later sentence of the passage too.
    later = f"Rent is due monthly. {INCREASE}, the landlord shall give 90 days notice."
    assert dropped_condition(align(NOTICE, later))
    # Another word between the condition and the quoted words: not the claim's predicate's.
    then = f"{INCREASE}, then the landlord shall give 90 days notice."
    assert not dropped_condition(align(NOTICE, then))


def test_a_condition_that_does_not_end_at_a_comma_before_the_quoted_words_is_not_dropped() -> None:
    run_on = "If the increase is more than 10 percent the landlord shall give 90 days notice."
    assert not dropped_condition(align(NOTICE, run_on))
    # "if so" states no condition of its own; the words before "if" are another clause's.
    assert not dropped_condition(
        align(NOTICE, "The rent is due, and if so, the landlord shall give 90 days notice.")
    )
    assert not dropped_condition(
        align(NOTICE, "The rent rises if so, the landlord shall give 90 days notice.")
    )


def test_an_of_phrase_may_open_the_passage() -> None:
    claim = "The amount of the deposit must be returned within 30 days."
    fronted = "Of the deposit, the amount must be returned within 30 days."
    assert not subject_moved(align(claim, fronted))
    # Also where the verb's modal is not right behind the subject, so the "of" is looked for.
    later = "Of the deposit, the amount must now be returned within 30 days."
    assert not subject_moved(align(claim, later))


def test_a_claim_without_a_subject_and_verb_misses_no_subject() -> None:
    passage = "The owner must give thirty days of notice before any rent increase."
    assert not subject_missing(align("Thirty days of notice for every increase.", passage))
    assert subject_missing(align("The tenant must give thirty days of notice.", passage))


def test_a_subject_after_an_opening_phrase_and_its_comma_is_still_the_subject() -> None:
    claim = "Tenants must give notice."
    assert not subject_moved(align(claim, "Each year, tenants of the building must give notice."))
    assert not subject_moved(
        align(claim, "Landlords and tenants of the building must give notice.")
    )
    # After the verb that opens the passage, they are its object.
    assert subject_moved(align(claim, "Give tenants of the building notice."))


def test_a_claim_with_a_restriction_of_its_own_or_no_word_in_place_drops_no_condition() -> None:
    passage = f"{INCREASE}, the landlord shall give 90 days notice."
    only = "Only the landlord shall give 90 days notice."
    assert not dropped_condition(align(only, passage))
    assert not dropped_condition(align("Dogs need a county licence.", passage))


@pytest.mark.parametrize(
    ("claim", "passage", "swapped"),
    [
        # The landlord stands where the passage has the tenant, and is named elsewhere.
        (
            "A default by the landlord in the payment of rent.",
            "The landlord may claim for a default by the tenant in the payment of rent.",
            True,
        ),
        # Two parties trading places is a crossing, not a word put in another's slot.
        ("The tenant must pay the landlord.", "The landlord must pay the tenant.", False),
        # The claim's first word has no neighbour before it to mark its slot.
        (
            "Landlord defaults in payment of rent.",
            "Tenant defaults in payment of rent. The landlord acts.",
            False,
        ),
        # Its last word has no neighbour after it: only the one before marks its slot.
        ("The landlord repairs damage.", "The tenant repairs damage the landlord caused.", False),
    ],
)
def test_a_word_is_substituted_only_into_a_slot_its_neighbours_mark(
    claim: str, passage: str, swapped: bool
) -> None:
    assert substituted(align(claim, passage)) is swapped


def test_a_comparison_behind_the_claims_first_word_bounds_it() -> None:
    # "or more" bounds the word in front of it, here the claim's first.
    assert comparison_verdict(align("Thirty days or more.", "Thirty days or less.")) == (
        Verdict.CONTRADICTS
    )


def test_a_passage_ending_on_the_bounded_word_states_no_comparison() -> None:
    # No full stop after it: nothing follows the word to bound it.
    passage = "The notice is 30 days"
    assert comparison_verdict(align("The notice is at least 30 days.", passage)) == Verdict.NEUTRAL

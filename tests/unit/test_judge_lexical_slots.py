"""The lexical judge reads words in their places: a word put in another's slot, a subject that is
not the passage's, a condition behind a "when" clause, an opposite where the claim's word stands (docs/design.md#judges-that-decline-and-the-judge-benchmark)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges import LexicalJudge

JUDGE = LexicalJudge()

CLAIMS = (
    "A landlord may claim from the deposit only the amounts needed for these purposes:\n"
    "(1) To make good a default by the tenant in the payment of rent.\n"
    "(2) To repair damage caused by the tenant."
)
MAILING = (
    "Notices are received at the office. A notice that is mailed is treated as given on the date "
    "it is deposited in the mail."
)
REMEDIES = (
    "(a) If the landlord fails to repair the condition, the tenant may choose a remedy:\n"
    "(1) The tenant may arrange for the repair and deduct the cost from the rent."
)
VERIFY = (
    "(c) The seller may charge the buyer a fee for a second copy. (d) A seller is not required "
    "to refund an order that it cannot verify."
)
DEDUCT = (
    "Repairs are the landlord's duty. The tenant may deduct the full cost of the repair from the "
    "rent when the rent next falls due, provided that the cost is not more than one month's rent."
)
ASSESSMENT = (
    "A controller shall keep each assessment. An assessment given to the regulator is "
    "confidential and is exempt from public inspection."
)


def unit_of(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=0, text=text)


def verdict(claim: str, text: str) -> Verdict | None:
    judgment = JUDGE.judge(claim, unit_of(text))
    return None if judgment is None else judgment.verdict


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # Another party put where the passage names one (the landlord is named elsewhere).
        (
            "A landlord may claim from the deposit the amounts needed to make good a default by "
            "the landlord in the payment of rent.",
            CLAIMS,
            Verdict.NEUTRAL,
        ),
        (
            "A landlord may claim from the deposit the amounts needed to make good a default by "
            "the tenant in the payment of rent.",
            CLAIMS,
            Verdict.ENTAILS,
        ),
        # The claim's last word stands where the passage says something else.
        (
            "A notice that is mailed is treated as given on the date it is received.",
            MAILING,
            Verdict.NEUTRAL,
        ),
        (
            "A notice that is mailed is treated as given on the date it is deposited.",
            MAILING,
            Verdict.ENTAILS,
        ),
    ],
)
def test_a_word_put_in_the_slot_of_another_of_the_passages_words_is_not_support(
    claim: str, text: str, expected: Verdict
) -> None:
    assert verdict(claim, text) is expected


def test_a_phrase_moved_as_a_block_is_no_substitution() -> None:
    text = "Within 21 days, the landlord shall return the deposit and send a statement."
    assert verdict("The landlord shall return the deposit within 21 days.", text) is Verdict.ENTAILS


def test_a_list_items_number_does_not_hide_who_acts_in_it() -> None:
    swapped = (
        "If the tenant fails to repair the condition, the landlord may arrange for the repair and "
        "deduct the cost from the rent."
    )
    assert verdict(swapped, REMEDIES) is Verdict.NEUTRAL
    faithful = "The tenant may arrange for the repair and deduct the cost from the rent."
    assert verdict(faithful, REMEDIES) is Verdict.ENTAILS


@pytest.mark.parametrize(
    ("marker", "expected"),
    [
        ("(1) ", Verdict.ENTAILS),  # a list item's number starts the clause
        ("(12 dollars) ", Verdict.ENTAILS),  # an amount in brackets ends in a boundary
        ("Rule 12 ", Verdict.NEUTRAL),  # a number after a word does not start a clause
        ("under (a) 12 ", Verdict.NEUTRAL),  # nor one after a letter's bracket
    ],
)
def test_the_subject_of_a_numbered_item_is_its_clauses_subject(
    marker: str, expected: Verdict
) -> None:
    text = f"{marker}The tenant, after giving notice, may arrange for the repair."
    claim = "The tenant may arrange for the repair after giving notice."
    assert verdict(claim, text) is expected


def test_the_subject_of_a_copula_claim_must_be_the_passages() -> None:
    swapped = "A buyer is not required to refund an order that it cannot verify."
    assert verdict(swapped, VERIFY) is Verdict.NEUTRAL
    faithful = "A seller is not required to refund an order that it cannot verify."
    assert verdict(faithful, VERIFY) is Verdict.ENTAILS


def test_a_subject_named_with_modifiers_in_the_passage_is_still_the_subject() -> None:
    text = "The manager said on the call that the Acme Logistics renewal is due May 1, 2027."
    assert verdict("The renewal is due May 1, 2027.", text) is Verdict.ENTAILS


def test_a_condition_behind_a_when_clause_is_still_the_rules_condition() -> None:
    assert verdict("The tenant may deduct the cost from the rent.", DEDUCT) is Verdict.NEUTRAL
    # A contiguous fragment that stops before its sentence's condition severs the condition
    # from the rule (docs/design.md#support): not support either.
    fragment = "The tenant may deduct the full cost of the repair from the rent."
    assert verdict(fragment, DEDUCT) is Verdict.NEUTRAL
    whole = (
        "The tenant may deduct the full cost of the repair from the rent when the rent next "
        "falls due, provided that the cost is not more than one month's rent."
    )
    assert verdict(whole, DEDUCT) is Verdict.ENTAILS


def test_the_opposite_where_the_claim_says_its_word_contradicts() -> None:
    opposite = "An assessment given to the regulator is public and open to inspection."
    assert verdict(opposite, ASSESSMENT) is Verdict.CONTRADICTS
    compressed = "An assessment given to the regulator is exempt from public inspection."
    assert verdict(compressed, ASSESSMENT) is Verdict.ENTAILS


def test_a_condition_of_a_coordinated_predicate_is_not_the_claims() -> None:
    text = (
        "A late fee may not exceed five percent of the monthly rent and may be charged only if "
        "rent remains unpaid five days after the due date."
    )
    # A compression (not a fragment: "monthly" is left out) of the first predicate only.
    claim = "A late fee may not exceed five percent of the rent."
    assert verdict(claim, text) is Verdict.ENTAILS


def test_the_screen_lets_through_a_unit_at_the_decline_coverage_and_names_what_it_screens() -> None:
    text = "The landlord shall return the deposit."
    # three of the claim's five content words are in the unit: exactly the decline coverage
    assert (
        JUDGE.screen("The landlord shall return the deposit key and badge.", unit_of(text)) is None
    )
    screened = JUDGE.screen("The tenant shall hand over the key and badge.", unit_of(text))
    assert screened == Judgment("doc#0", "lexical", Verdict.NEUTRAL, 0.0, None)


def test_a_rearranged_claim_in_the_passive_voice_is_declined_not_refused() -> None:
    text = "The landlord shall return the deposit to the tenant."
    # The agent behind "by" reads as a rearrangement; lexical cannot tell, so it declines.
    assert verdict("The deposit shall be returned to the tenant by the landlord.", text) is None
    assert verdict("The deposit shall return the landlord to the tenant.", text) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # Reversed inside the claim's condition: the rule of another case, not this one reversed.
        (
            "If less than one year has passed, the owner shall give 30 days' notice.",
            "If one year or more has passed, the owner shall give 30 days' notice.",
            Verdict.NEUTRAL,
        ),
        (
            "The owner shall give 30 days' notice if the stay is less than one year.",
            "The owner shall give 30 days' notice if the stay is one year or more.",
            Verdict.NEUTRAL,
        ),
        (  # the comparison closes the claim
            "The owner shall give 30 days' notice if the stay is one year or less",
            "The owner shall give 30 days' notice if the stay is one year or more.",
            Verdict.NEUTRAL,
        ),
        # Reversed in the rule itself: the opposite of what the passage says.
        (
            "For a stay of one year or more, the owner shall give at most 60 days' notice.",
            "For a stay of one year or more, the owner shall give at least 60 days' notice.",
            Verdict.CONTRADICTS,
        ),
        (
            "The owner shall give at most 30 days' notice if the stay is one year or more.",
            "The owner shall give at least 30 days' notice if the stay is one year or more.",
            Verdict.CONTRADICTS,
        ),
    ],
)
def test_a_comparison_reversed_in_the_condition_is_another_case_and_in_the_rule_a_contradiction(
    claim: str, text: str, expected: Verdict
) -> None:
    assert verdict(claim, text) is expected


def test_the_of_phrase_of_a_subject_may_follow_of_directly() -> None:
    text = "The notice of hearing shall state the date and the place of the hearing."
    assert verdict("The notice of hearing shall state the date.", text) is Verdict.ENTAILS

"""The readings a batch of judge pairs written blind led to (batch 9, docs/evaluation.md "The
judges on two more blind batches"; docs/design.md#the-judges): an opposite read with its negation,
"easier" against "harder", an adverb dropped from a condition the claim quotes, "any" of a thing
a "from" phrase restricts, "withhold" as a negative verb, a second predicate joined by "or",
one word paired outside the sentences holding the claim, "including" in front of a denied
word, and a value borrowed from another branch of a rule.

The texts are of no field the example lanes hold: the readings are generic English.
"""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge, NegationJudge, NumericJudge
from citenexus.judges.generality import alternative_added, universal_on_restricted
from citenexus.judges.lexical import (
    _adverb,
    antonym_swapped,
    condition_loosened,
    crossing,
)
from citenexus.judges.numeric import _branch_outcomes, bound, extract_quantities
from citenexus.judges.tokens import text_negation_counts, tokenize
from tests.support.judging import aligned, passage, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()
NUMERIC = NumericJudge()

# -- an opposite read with its negation -------------------------------------------------------

PERMIT = "A permit issued without an inspection is not valid. A permit expires after one year."


def test_an_opposite_the_passage_denies_says_the_same() -> None:
    claim = "A permit issued without an inspection is invalid."
    assert not antonym_swapped(aligned(claim, PERMIT))
    assert verdict(LEXICAL, claim, PERMIT) is not Verdict.CONTRADICTS


def test_an_opposite_the_passage_asserts_is_still_a_swap() -> None:
    text = PERMIT.replace("is not valid", "is valid")
    claim = "A permit issued without an inspection is invalid."
    assert antonym_swapped(aligned(claim, text))


def test_an_opposite_both_texts_deny_is_still_a_swap() -> None:
    claim = "A permit issued without an inspection is not invalid."
    assert antonym_swapped(aligned(claim, PERMIT))


def test_a_claim_that_denies_the_opposite_of_a_plain_word_says_the_same() -> None:
    text = PERMIT.replace("is not valid", "is valid")
    claim = "A permit issued without an inspection is not invalid."
    assert not antonym_swapped(aligned(claim, text))


def test_a_denial_behind_be_is_read_too() -> None:
    text = "A permit issued without an inspection shall not be valid."
    claim = "A permit issued without an inspection shall be invalid."
    assert not antonym_swapped(aligned(claim, text))


def test_easier_and_harder_are_opposites() -> None:
    text = (
        "A form is misleading when the option to cancel is harder to find than the option to stay."
    )
    claim = (
        "A form is misleading when the option to cancel is easier to find than the option to stay."
    )
    assert verdict(LEXICAL, claim, text) is Verdict.CONTRADICTS


# -- an adverb dropped from a condition the claim quotes --------------------------------------

CLUB = (
    "If a member breaches the rules by knowingly withholding dues from the club, the club may "
    "suspend the member, may demand the dues, or may end the membership."
)


def test_a_condition_quoted_without_its_adverb_is_loosened() -> None:
    claim = "If a member withholds dues from the club, the club may suspend the member."
    assert condition_loosened(aligned(claim, CLUB))
    assert verdict(LEXICAL, claim, CLUB) is Verdict.NEUTRAL


def test_a_condition_quoted_with_its_adverb_is_kept() -> None:
    claim = (
        "If a member breaches the rules by knowingly withholding dues from the club, the club "
        "may suspend the member."
    )
    assert not condition_loosened(aligned(claim, CLUB))


def test_an_adverb_in_front_of_a_plain_quoted_word_is_read() -> None:
    text = "If a driver carelessly damages a rental car, the driver shall pay for the repair."
    claim = "If a driver damages a rental car, the driver shall pay for the repair."
    assert condition_loosened(aligned(claim, text))


def test_an_adverb_outside_any_condition_is_not_read() -> None:
    text = "A driver who carelessly damages a rental car shall pay for the repair."
    claim = "A driver who damages a rental car shall pay for the repair."
    assert not condition_loosened(aligned(claim, text))


def test_an_adverb_in_front_of_a_word_the_claim_leaves_out_is_not_read() -> None:
    # "carelessly" qualifies "scratches", which the claim does not quote: a compression.
    text = "If a driver damages a rental car or carelessly scratches it, the driver shall pay."
    claim = "If a driver damages a rental car, the driver shall pay."
    assert not condition_loosened(aligned(claim, text))


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("knowingly", True),
        ("unreasonably", True),
        ("substantially", True),
        ("only", False),
        ("apply", False),
        ("early", False),
        ("family", False),
        ("reply", False),
        ("supply", True),  # a known misreading: a noun of six letters ending "-ply"
    ],
)
def test_what_reads_as_an_adverb(word: str, expected: bool) -> None:
    assert _adverb(word) is expected


# -- "any" of a thing a "from" phrase restricts -----------------------------------------------


def test_any_of_a_thing_restricted_by_a_from_phrase_widens_it() -> None:
    text = "A lease from year to year may be ended by either party on six months' notice."
    claim = "Any lease may be ended by either party on six months' notice."
    assert universal_on_restricted(aligned(claim, text))


# -- "withhold" as a negative verb ------------------------------------------------------------


def test_withholding_denies_what_it_governs() -> None:
    text = "The club is withholding the refund."
    tokens = tokenize(text)
    counts = dict(zip([t.word for t in tokens], text_negation_counts(text, 20), strict=True))
    assert counts["refund"] == 1


def test_refusing_and_withholding_consent_agree() -> None:
    text = "If an owner unreasonably withholds consent to a sale, the buyer may recover damages."
    claim = "If an owner unreasonably refuses consent to a sale, the buyer may recover damages."
    assert verdict(NEGATION, claim, text) is Verdict.ENTAILS


# -- a second predicate joined by "or" --------------------------------------------------------


def test_a_second_predicate_behind_or_is_no_alternative() -> None:
    text = (
        "The buyer may recover the price paid, may obtain a declaration that the sale is void, "
        "or may treat the contract as ended and recover damages."
    )
    claim = (
        "The buyer can recover the price paid, get a declaration that the sale is invalid, or "
        "treat the contract as ended and recover damages."
    )
    assert not alternative_added(aligned(claim, text))


def test_a_second_thing_behind_or_is_still_an_alternative() -> None:
    text = "The buyer may recover the price of a residential lot."
    claim = "The buyer may recover the price of a residential or commercial lot."
    assert alternative_added(aligned(claim, text))


# -- one word paired outside the sentences holding the claim ----------------------------------


def test_one_word_paired_in_another_sentence_is_no_crossing() -> None:
    text = (
        "(a) After a member has continuously and lawfully held a berth for 12 months, the club "
        "shall not end the berth without good cause. The rule applies once each season."
    )
    claim = (
        "Once a member has lawfully and continuously held a berth for 12 months, the club may "
        "not end the berth without good cause."
    )
    assert not crossing(aligned(claim, text))


def test_a_swap_inside_the_home_sentence_still_crosses() -> None:
    text = "The seller shall pay the buyer the deposit. The rule applies once each season."
    claim = "Once agreed, the buyer shall pay the seller the deposit."
    assert crossing(aligned(claim, text))


# -- "including" in front of a denied word ----------------------------------------------------


def test_a_denied_word_behind_including_is_an_example_not_a_narrower_word() -> None:
    text = (
        "The rights in this chapter belong to members. They do not extend to any record or data "
        "that the bylaws exclude, including data kept for payroll purposes."
    )
    claim = "The rights in this chapter do not extend to data kept for payroll purposes."
    assert verdict(NEGATION, claim, text) is Verdict.ENTAILS


# -- a value borrowed from another branch of a rule -------------------------------------------

BRANCHES = (
    "(1) If the fee rise, added to every other rise in the year, is 5 percent or less of the "
    "lowest fee, the club shall give notice at least 10 days before the rise.\n"
    "(2) If the fee rise, added to every other rise in the year, is more than 5 percent of the "
    "lowest fee, the club shall give notice at least 40 days before the rise."
)


def test_a_value_from_the_other_branch_conflicts() -> None:
    claim = (
        "If a fee rise, added to every other rise in the year, is more than 5 percent of the "
        "lowest fee, 10 days' notice is enough."
    )
    judgment = NUMERIC.judge(claim, passage(BRANCHES))
    assert judgment is not None
    assert judgment.verdict in (Verdict.CONTRADICTS, Verdict.NEUTRAL)


def test_the_branchs_own_value_is_matched() -> None:
    claim = (
        "If a fee rise, added to every other rise in the year, is more than 5 percent of the "
        "lowest fee, 40 days' notice is needed."
    )
    assert NUMERIC.judge(claim, passage(BRANCHES)) is None


def test_a_bare_condition_places_the_claim_in_no_branch() -> None:
    claim = "If a fee rises, 10 days' notice is enough."
    judgment = NUMERIC.judge(claim, passage(BRANCHES))
    assert judgment is None or judgment.verdict is not Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It is more than 5 percent.", "ge"),
        ("It is at least 5 percent.", "ge"),
        ("It is 5 percent or more.", "ge"),
        ("It is up to 5 percent.", "le"),
        ("It is 5 percent or less.", "le"),
        ("It is not more than 5 percent.", "le"),
        ("It is no less than 5 percent.", "ge"),
        ("It is less than 5 percent.", "le"),
        ("It is not exceeding 5 percent.", "le"),
        ("It is exceeding 5 percent.", "ge"),
        ("It is within 5 days.", "le"),
        ("It is 5 percent.", ""),
        # A value that opens the text has nothing in front of it; a comparison at the text's end
        # bounds nothing behind it.
        ("5 percent is more than", ""),
        ("It is said to be 5 percent or less.", "le"),
    ],
)
def test_how_a_value_is_bounded(text: str, expected: str) -> None:
    (quantity,) = extract_quantities(text)
    assert bound(text, quantity) == expected


# -- the edges of the readings (mutation tests) -----------------------------------------------


def _branches(claim: str, text: str, outcomes: list[str] | None = None) -> list[str]:
    asserted = extract_quantities(claim)
    given = outcomes if outcomes is not None else ["matched"] * len(asserted)
    return _branch_outcomes(aligned(claim, text), asserted, extract_quantities(text), given)


THREE = (
    "(1) If the rise is 5 percent or less, notice is 10 days.\n"
    "(2) If the rise is more than 5 percent, notice is 40 days.\n"
    "(3) The notice shall state the new fee."
)


def test_a_value_of_the_other_branch_is_a_conflict() -> None:
    assert _branches("If the rise is more than 5 percent, notice is 10 days.", THREE) == [
        "matched",
        "conflict",
    ]


def test_the_value_of_the_claims_own_branch_is_matched() -> None:
    assert _branches("If the rise is more than 5 percent, notice is 40 days.", THREE) == [
        "matched",
        "matched",
    ]


def test_an_unbounded_value_ahead_of_the_bounded_one_is_stepped_over() -> None:
    claim = "Within the year, notice is 10 days if the rise is more than 5 percent."
    text = (
        "(1) Within the year, if the rise is 5 percent or less, notice is 10 days.\n"
        "(2) Within the year, if the rise is more than 5 percent, notice is 40 days.\n"
        "(3) The notice shall state the new fee."
    )
    assert _branches(claim, text)[-2:] == ["conflict", "matched"]


def test_a_bound_the_passage_states_one_way_only_places_nothing() -> None:
    text = "(1) If the rise is more than 5 percent, notice is 40 days.\n(2) Dues are 10 days late."
    assert _branches("If the rise is more than 5 percent, notice is 10 days.", text) == [
        "matched",
        "matched",
    ]


def test_an_outcome_other_than_matched_is_kept() -> None:
    claim = "If the rise is more than 5 percent, notice is 10 days."
    assert _branches(claim, THREE, ["matched", "missing"]) == ["matched", "missing"]


def test_a_value_of_another_kind_in_the_branch_proves_nothing() -> None:
    # The claim's branch states no other duration: "10 days" is borrowed from nothing there.
    text = (
        "(1) If the rise is 5 percent or less, notice is 10 days.\n"
        "(2) If the rise is more than 5 percent, the fee may be $40.\n"
        "(3) The notice shall state the new fee."
    )
    assert _branches("If the rise is more than 5 percent, notice is 10 days.", text) == [
        "matched",
        "matched",
    ]


def test_the_claims_own_value_in_its_branch_is_matched_beside_another() -> None:
    text = (
        "(1) If the rise is 5 percent or less, notice is 10 days.\n"
        "(2) If the rise is more than 5 percent, notice is 40 days and a reply is due in 14 "
        "days.\n(3) The notice shall state the new fee."
    )
    assert _branches("If the rise is more than 5 percent, notice is 40 days.", text) == [
        "matched",
        "matched",
    ]


def test_two_bounds_place_the_claim_where_both_hold() -> None:
    text = (
        "(1) If the rise is 5 percent or less, notice is 10 days.\n"
        "(2) If the rise is more than 5 percent and the club has 100 members or fewer, notice "
        "is 40 days.\n"
        "(3) If the rise is more than 5 percent and the club has more than 100 members, notice "
        "is 60 days."
    )
    claim = (
        "If the club has more than 100 members and the rise is more than 5 percent, notice is "
        "40 days."
    )
    assert _branches(claim, text)[-1] == "conflict"


def test_a_bounded_value_of_another_kind_does_not_place_by_value_alone() -> None:
    # "more than 20 percent" is another value: its sentence is no branch of "5 percent".
    text = (
        "(1) If the rise is 5 percent or less, notice is 10 days.\n"
        "(2) If the rise is more than 5 percent, notice is 40 days.\n"
        "(3) If the cost is more than 20 percent, notice is 10 days."
    )
    assert _branches("If the rise is more than 5 percent, notice is 10 days.", text) == [
        "matched",
        "conflict",
    ]


def test_a_bound_at_the_texts_start_is_read() -> None:
    text = "over 5 percent of members"
    (quantity,) = extract_quantities(text)
    assert bound(text, quantity) == "ge"


def test_a_bound_behind_the_value_is_read_past_any_spaces() -> None:
    text = "It is 5 percent      or greater."
    (quantity,) = extract_quantities(text)
    assert bound(text, quantity) == "ge"


def test_a_denial_that_opens_the_text_is_read() -> None:
    text = "Not valid: a permit issued without an inspection."
    claim = "Invalid: a permit issued without an inspection."
    assert not antonym_swapped(aligned(claim, text))


def test_a_word_that_opens_the_claim_is_not_denied() -> None:
    text = "A permit issued without an inspection is valid."
    claim = "Invalid permits are those issued without an inspection."
    assert antonym_swapped(aligned(claim, text))


def test_an_adverb_that_ends_the_text_has_nothing_quoted_behind_it() -> None:
    text = "If a driver acts carelessly"
    claim = "If a driver acts, the driver pays."
    assert not condition_loosened(aligned(claim, text))


def test_a_condition_that_is_not_the_first_word_is_read() -> None:
    text = "(b) If a driver carelessly damages a rental car, the driver shall pay for the repair."
    claim = "If a driver damages a rental car, the driver shall pay for the repair."
    assert condition_loosened(aligned(claim, text))


def test_a_condition_running_to_the_texts_end_is_read() -> None:
    text = "The driver shall pay for the repair if a driver carelessly damages a rental car"
    claim = "The driver shall pay for the repair if a driver damages a rental car"
    assert condition_loosened(aligned(claim, text))


def test_a_variant_of_a_passage_word_behind_or_is_no_alternative() -> None:
    text = "Notice may be given by personal delivery or by mail."
    claim = "Notice may be given by mail or personally."
    assert not alternative_added(aligned(claim, text))


def test_an_alternative_after_a_second_predicate_is_still_read() -> None:
    text = (
        "The buyer may obtain a declaration that the sale is permitted, or may treat the "
        "contract as ended, for a residential lot."
    )
    claim = (
        "The buyer can get a declaration that the sale is allowed, or treat the contract as "
        "ended, for a residential or commercial lot."
    )
    assert alternative_added(aligned(claim, text))


def test_an_example_behind_including_does_not_end_the_reading() -> None:
    text = (
        "They do not extend to any record, including data kept for payroll, or to transient "
        "rentals."
    )
    claim = "They do not extend to data kept for payroll or to rentals."
    assert verdict(NEGATION, claim, text) is Verdict.NEUTRAL


def test_an_alternative_after_a_variant_is_still_read() -> None:
    text = "Notice may be given by personal delivery or by mail to a residential tenant."
    claim = "Notice may be given by mail or personally to a residential or commercial tenant."
    assert alternative_added(aligned(claim, text))


def test_a_value_of_the_branch_ahead_of_a_borrowed_one_does_not_end_the_reading() -> None:
    text = (
        "(1) If the rise is 5 percent or less, notice is 10 days.\n"
        "(2) If the rise is more than 5 percent, notice is 40 days and a reply is due in 14 "
        "days.\n(3) The notice shall state the new fee."
    )
    claim = "If the rise is more than 5 percent, notice is 40 days and a reply is due in 10 days."
    assert _branches(claim, text) == ["matched", "matched", "conflict"]


def test_a_value_of_the_kind_outside_the_branch_proves_nothing() -> None:
    # "14 days" is of the claim's kind but stands outside its branch, and the branch states no
    # duration: "10 days" is borrowed from nothing there.
    text = (
        "(1) If the rise is 5 percent or less, notice is 10 days.\n"
        "(2) If the rise is more than 5 percent, the fee may be $40.\n"
        "(3) A reply is due in 14 days."
    )
    assert _branches("If the rise is more than 5 percent, notice is 10 days.", text) == [
        "matched",
        "matched",
    ]

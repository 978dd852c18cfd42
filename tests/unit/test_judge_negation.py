"""The negation judge: the claim and the passage agree on what is, and what is not, so."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NegationJudge

JUDGE = NegationJudge()


def judge(claim: str, passage: str) -> Verdict | None:
    judgment = JUDGE.judge(claim, Unit(document_id="d", ordinal=1, text=passage))
    return None if judgment is None else judgment.verdict


@pytest.mark.parametrize(
    ("passage", "claim"),
    [
        ("The tenant may not sublet the premises.", "The tenant may sublet the premises."),
        ("The tenant may sublet the premises.", "The tenant may not sublet the premises."),
        ("The landlord shall not enter the unit.", "The landlord shall enter the unit."),
        ("The landlord must give notice.", "The landlord is not required to give notice."),
        ("The landlord must give notice.", "The landlord must never give notice."),
        ("No tenant may keep a dog.", "A tenant may keep a dog."),
        ("The tenant may keep a dog without consent.", "The tenant may keep a dog with consent."),
        ("The tenant can't sublet the unit.", "The tenant can sublet the unit."),
        ("Subletting is prohibited.", "Subletting is permitted."),
        ("Subletting is permitted.", "Subletting is not permitted."),
        (
            "The landlord may deduct the cost of damage beyond ordinary wear and tear.",
            "The landlord may deduct the cost of ordinary wear and tear.",
        ),
        (
            "The landlord may not enter except in an emergency.",
            "The landlord may enter in an emergency.",
        ),
        (
            "The tenant shall not, without the landlord's written consent, sublet the unit.",
            "The tenant shall sublet the unit.",
        ),
        ("A fee is charged unless the tenant objects.", "A fee is charged if the tenant objects."),
    ],
)
def test_a_polarity_flip_contradicts(passage: str, claim: str) -> None:
    assert judge(claim, passage) is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("passage", "claim"),
    [
        ("The tenant may not sublet the premises.", "THE TENANT MAY NOT SUBLET THE PREMISES"),
        (
            "The tenant shall not, without the landlord's written consent, sublet the unit.",
            "The tenant shall not sublet the unit without the landlord's written consent.",
        ),
        ("Subletting is prohibited.", "Subletting is not permitted."),
        (
            "The tenant may not sublet the premises unless the landlord consents.",
            "The tenant may not sublet the premises.",
        ),
    ],
)
def test_the_same_polarity_entails(passage: str, claim: str) -> None:
    assert judge(claim, passage) is Verdict.ENTAILS


def test_it_declines_when_no_negation_touches_the_shared_words() -> None:
    assert (
        judge("The landlord shall return the deposit.", "The landlord shall return the deposit.")
        is None
    )
    assert (
        judge(
            "The landlord may deduct the cost of damage.",
            "The landlord may deduct the cost of damage beyond ordinary wear and tear.",
        )
        is None
    )


def test_it_declines_when_the_claim_shares_no_word_with_the_passage() -> None:
    assert judge("Pets are not allowed.", "The landlord shall return the deposit.") is None


def test_an_obligation_the_passage_only_permits_is_neutral() -> None:
    assert (
        judge("The landlord must charge a late fee.", "The landlord may charge a late fee.")
        is Verdict.NEUTRAL
    )


def test_a_permission_the_passage_states_as_a_prohibition_contradicts() -> None:
    assert (
        judge("The landlord may charge a late fee.", "The landlord may not charge a late fee.")
        is Verdict.CONTRADICTS
    )


def test_a_contradiction_points_at_the_flipped_word() -> None:
    passage = "The tenant may not sublet the premises."
    judgment = JUDGE.judge(
        "The tenant may sublet the premises.", Unit(document_id="d", ordinal=1, text=passage)
    )
    assert judgment is not None and judgment.span is not None
    assert passage[judgment.span[0] : judgment.span[1]] == "sublet"
    assert judgment.score == 0.0


def test_a_negative_verb_negates_the_act_it_names() -> None:
    passage = "An insurer that fails to pay a claim is liable for interest."
    assert (
        judge("An insurer that pays a claim is liable for interest.", passage)
        is Verdict.CONTRADICTS
    )
    assert judge("An insurer that fails to pay a claim is liable.", passage) is Verdict.ENTAILS


def test_a_negative_verb_does_not_reach_the_rest_of_the_sentence() -> None:
    passage = (
        "An insurer that fails to pay a claim within 30 days is liable for interest at 10 percent."
    )
    assert judge("interest at 10 percent", passage) is None


def test_the_modal_in_front_of_the_same_verb_decides_obligation() -> None:
    passage = "The seller shall disclose the defect, and the buyer may rescind the contract."
    assert judge("The buyer must rescind the contract.", passage) is Verdict.NEUTRAL
    assert judge("The seller must disclose the defect.", passage) is None


def test_a_time_of_day_does_not_end_a_negation() -> None:
    passage = "A collector shall not call before 8 a.m. or after 9 p.m. local time."
    assert judge("A collector shall not call after 9 p.m. local time.", passage) is Verdict.ENTAILS


def test_only_modal_verbs_give_a_passage_its_mode() -> None:
    # "not later than" compares; it is no modal, and the "may" it follows still permits.
    passage = "The tenant may, not later than May, pay the fee."
    assert judge("The tenant must pay the fee.", passage) == Verdict.NEUTRAL

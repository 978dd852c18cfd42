"""Two of the passage's words that trade roles in the claim, each paired where its own phrase
stands (docs/design.md#the-judges): "tell the auditor that the member ..." for "tell the member
that the member may contact the auditor". A modifier the claim drops is no trade."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.domain.vocabulary import active
from citenexus.judges import LexicalJudge
from citenexus.judges.lexical import slot_swapped
from scripts.judge_quality import lane_vocabulary, read_pairs
from tests.support.judging import aligned, verdict

JUDGE = LexicalJudge()
DENIAL = (
    "If the club denies an appeal, it shall also tell the member that the member may contact "
    "the auditor with concerns about the result."
)
WEIGHING = (
    "A review must weigh the benefits that may flow from the project to the club, the member, "
    "and the public against the potential risks to the rights of the member, as reduced by the "
    "safeguards the club can employ."
)


def test_the_one_told_traded_with_the_one_contacted_is_a_swap() -> None:
    claim = (
        "If the club denies an appeal, it shall also tell the auditor that the member has "
        "concerns about the result."
    )
    assert slot_swapped(aligned(claim, DENIAL))
    assert verdict(JUDGE, claim, DENIAL) is Verdict.NEUTRAL


def test_whose_rights_traded_is_a_swap() -> None:
    claim = (
        "A review must weigh the benefits that may flow from the project to the member against "
        "the potential risks to the rights of the club."
    )
    assert slot_swapped(aligned(claim, WEIGHING))
    assert verdict(JUDGE, claim, WEIGHING) is not Verdict.ENTAILS


def test_the_same_roles_are_no_swap() -> None:
    claim = (
        "A review must weigh the benefits that may flow from the project to the member against "
        "the potential risks to the rights of the member."
    )
    assert not slot_swapped(aligned(claim, WEIGHING))


def test_a_modifier_left_out_is_no_swap() -> None:
    passage = (
        "If a kitchen fire damages the hall, the club shall notify the insurer within 30 days "
        "after the date on which it determined that the kitchen fire occurred."
    )
    claim = (
        "If a kitchen fire damages the hall, the club shall notify the insurer within 30 days "
        "after the date on which it determined that the fire occurred."
    )
    assert not slot_swapped(aligned(claim, passage))
    assert verdict(JUDGE, claim, passage) is Verdict.ENTAILS


def test_a_word_the_claim_never_names_is_no_swap() -> None:
    """The passage's word in the slot must be one the claim uses elsewhere: another word
    there is a substitution (``substituted``) or a synonym, not a trade of roles."""
    claim = (
        "If the club denies an appeal, it shall also tell the auditor that a complaint may be "
        "raised about the result."
    )
    assert not slot_swapped(aligned(claim, DENIAL))


def test_a_dropped_modifier_does_not_stop_the_reading() -> None:
    passage = (
        "If the club determines that the kitchen fire occurred, it shall also tell the member "
        "that the member may contact the auditor with concerns about the result."
    )
    claim = (
        "If the club determines that the fire occurred, it shall also tell the auditor that the "
        "member has concerns about the result."
    )
    assert slot_swapped(aligned(claim, passage))


def test_two_parties_in_another_order_after_and_are_no_swap() -> None:
    passage = "The club shall tell the member and the auditor about the result."
    claim = "The club shall tell the auditor and the member about the result."
    # The slot behind "tell the" holds the member, paired with the claim's member: no trade.
    assert not slot_swapped(aligned(claim, passage))


@pytest.mark.parametrize(
    ("pair_id", "swapped"),
    [
        # each claim word against its right neighbour, not the one after: the tenant sends
        # where the landlord does
        ("law-authority-011", True),
        # a word right behind its neighbour ("the security deposit") is the claim's own modifier
        ("law-authority-108", False),
        # a slot paired with another claim word holds no trade
        ("law-authority-031", False),
    ],
)
def test_benchmark_pairs(pair_id: str, swapped: bool) -> None:
    row = next(r for r in read_pairs() if r["id"] == pair_id)
    with active(lane_vocabulary(row["lane"])):
        assert slot_swapped(aligned(row["claim"], row["passage"])) is swapped

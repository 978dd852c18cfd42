"""A claim that makes its passage's rule take effect at once, where the passage sets another time,
says more than the passage: the lexical judge says neutral (citenexus/judges/generality.py,
docs/design.md, "The judges")."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.generality import timing_added, widened
from tests.support.judging import aligned
from tests.support.judging import verdict as verdict_of

JUDGE = LexicalJudge()
REASONABLE = (
    "(e) Within a reasonable time after a member resigns, the secretary shall tell the member in "
    "writing that the member may ask for a final statement of dues."
)


def verdict(claim: str, passage: str) -> Verdict | None:
    return verdict_of(JUDGE, claim, passage)


@pytest.mark.parametrize("adverb", ["Immediately", "Promptly", "Forthwith", "Instantly"])
def test_a_claim_that_binds_at_once_says_more(adverb: str) -> None:
    claim = (
        f"{adverb} after a member resigns, the secretary shall tell the member in writing that "
        "the member may ask for a final statement of dues."
    )
    assert timing_added(aligned(claim, REASONABLE))
    assert widened(aligned(claim, REASONABLE))
    assert verdict(claim, REASONABLE) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    "passage",
    [
        REASONABLE.replace("Within a reasonable time", "Immediately"),
        REASONABLE.replace("Within a reasonable time", "Without unreasonable delay"),
        REASONABLE.replace("Within a reasonable time", "As soon as practicable"),
        REASONABLE.replace("Within a reasonable time", "Promptly"),
    ],
)
def test_a_passage_that_times_its_rule_the_same_way_is_paraphrased(passage: str) -> None:
    claim = (
        "Promptly after a member resigns, the secretary shall tell the member in writing that "
        "the member may ask for a final statement of dues."
    )
    assert not timing_added(aligned(claim, passage))


def test_a_claim_without_a_timing_adverb_is_not_read() -> None:
    claim = (
        "Within a reasonable time after a member resigns, the secretary shall tell the member in "
        "writing that the member may ask for a final statement of dues."
    )
    assert not timing_added(aligned(claim, REASONABLE))
    assert verdict(claim, REASONABLE) is Verdict.ENTAILS


def test_only_the_aligned_sentences_are_searched_for_the_passage_s_timing() -> None:
    # "promptly" in a sentence the claim does not align with sets no time for this rule.
    passage = "(a) Dues are paid promptly each spring.\n\n" + REASONABLE
    claim = (
        "Immediately after a member resigns, the secretary shall tell the member in writing that "
        "the member may ask for a final statement of dues."
    )
    assert timing_added(aligned(claim, passage))

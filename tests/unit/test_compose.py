"""Composing the readable answer: hedges, attributions and notes on what was left out."""

from __future__ import annotations

from citenexus.domain.answer import ClaimResult
from citenexus.domain.compose import (
    ATTRIBUTION,
    CONFLICT_NOTE,
    DROPPED_NOTE,
    HEDGE,
    claim_sentence,
    compose,
    compose_refusal,
)
from citenexus.domain.model import ClaimStatus, Refusal, RefusalCode


def claim(
    text: str, status: ClaimStatus, key: str | None = None, caveat: str | None = None
) -> ClaimResult:
    return ClaimResult(text=text, status=status, attributed_to=key, caveat=caveat)


def test_a_kept_claim_reads_as_written_with_its_attribution() -> None:
    assert claim_sentence(claim("Notice is 60 days.", ClaimStatus.KEPT, "a#0")) == (
        "Notice is 60 days. " + ATTRIBUTION.format(key="a#0")
    )


def test_a_hedged_claim_carries_its_caveat() -> None:
    text = claim_sentence(
        claim("Notice is 60 days.", ClaimStatus.HEDGED, None, "it cites no source")
    )
    assert text == "Notice is 60 days. " + HEDGE.format(caveat="it cites no source")


def test_a_hedge_without_a_caveat_still_says_unconfirmed() -> None:
    assert "(unconfirmed: unverified)" in claim_sentence(claim("X.", ClaimStatus.HEDGED))


def test_dropped_claims_are_not_stated_but_counted_per_reason() -> None:
    claims = [
        claim("Kept.", ClaimStatus.KEPT, "a#0"),
        claim("Gone one.", ClaimStatus.DROPPED, caveat="no evidence supports it"),
        claim("Gone two.", ClaimStatus.DROPPED, caveat="no evidence supports it"),
        claim("Gone three.", ClaimStatus.DROPPED, caveat="a source it cites contradicts it"),
    ]
    text = compose(claims, ["Extra note."])
    assert "Gone" not in text
    assert text == (
        "Kept. [a#0]\n\n"
        + DROPPED_NOTE.format(count=2, caveat="no evidence supports it")
        + " "
        + DROPPED_NOTE.format(count=1, caveat="a source it cites contradicts it")
        + " Extra note."
    )


def test_an_answer_with_nothing_left_out_has_no_notes() -> None:
    assert compose(
        [claim("A.", ClaimStatus.KEPT, "a#0"), claim("B.", ClaimStatus.KEPT, "b#0")]
    ) == ("A. [a#0] B. [b#0]")


def test_a_refusal_reads_as_a_sentence() -> None:
    assert (
        compose_refusal(Refusal.of(RefusalCode.NO_RELEVANT_EVIDENCE))
        == "No sufficiently relevant evidence found."
    )


def test_an_unresolved_conflict_refusal_lists_both_sides() -> None:
    text = compose_refusal(
        Refusal.of(RefusalCode.UNRESOLVED_CONFLICT), [("30 days", "a#0"), ("60 days", "b#0")]
    )
    assert text.endswith(CONFLICT_NOTE.format(sides="a#0 states 30 days; b#0 states 60 days"))

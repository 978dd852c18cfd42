"""Composition: the readable answer text from the judged claims.

Kept claims are stated as written, followed by the key they are attributed to; hedged claims
carry "(unconfirmed: <caveat>)"; dropped claims are not stated, but a closing note says how many
were left out and why, so a reader never mistakes an omission for an absence of evidence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from citenexus.domain.answer import ClaimResult
from citenexus.domain.model import ClaimStatus, Refusal

HEDGE = "(unconfirmed: {caveat})"
ATTRIBUTION = "[{key}]"
DROPPED_NOTE = "Left out: {count} claim(s) because {caveat}."
DROPPED_NOTE_PLAIN = "Left out: {count} claim(s)."
CONFLICT_SIDE = "{key} states {value}"
CONFLICT_NOTE = "Sources disagree on this value: {sides}."


def claim_sentence(claim: ClaimResult) -> str:
    """One useful claim as it reads in the answer."""
    parts = [claim.text]
    if claim.status is ClaimStatus.HEDGED:
        parts.append(HEDGE.format(caveat=claim.caveat or "unverified"))
    if claim.attributed_to:
        parts.append(ATTRIBUTION.format(key=claim.attributed_to))
    return " ".join(parts)


def dropped_notes(claims: Sequence[ClaimResult]) -> list[str]:
    """One note per distinct reason claims were dropped, in order of first occurrence."""
    reasons = Counter(c.caveat or "" for c in claims if c.status is ClaimStatus.DROPPED)
    return [
        DROPPED_NOTE.format(count=n, caveat=reason)
        if reason
        else DROPPED_NOTE_PLAIN.format(count=n)
        for reason, n in reasons.items()
    ]


def compose(claims: Sequence[ClaimResult], notes: Sequence[str] = ()) -> str:
    """The answer text: the useful claims in draft order, then notes on what was left out."""
    body = " ".join(claim_sentence(c) for c in claims if c.useful)
    tail = [*dropped_notes(claims), *notes]
    return "\n\n".join(part for part in [body, " ".join(tail)] if part)


def compose_refusal(refusal: Refusal, sides: Sequence[tuple[str, str]] = ()) -> str:
    """A refusal's text: its message, and for an unresolved conflict both sides (value, key)."""
    text = refusal.message[:1].upper() + refusal.message[1:] + "."
    if sides:
        listed = "; ".join(CONFLICT_SIDE.format(key=k, value=v) for v, k in sides)
        text += " " + CONFLICT_NOTE.format(sides=listed)
    return text

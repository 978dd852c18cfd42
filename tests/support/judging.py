"""One way to put a claim against a passage in the judges' unit tests: the passage as a unit, the
claim aligned with it (or paired by hand), and a judge's verdict on the pair."""

from __future__ import annotations

from citenexus.domain.model import Unit, Verdict
from citenexus.judges.align import Alignment
from citenexus.judges.lexical import align_claim
from citenexus.judges.negation import _heads
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import tokenize
from citenexus.ports import Judge


def passage(text: str) -> Unit:
    return Unit(document_id="d", ordinal=1, text=text)


def aligned(claim: str, text: str, thresholds: JudgeThresholds | None = None) -> Alignment:
    """The claim aligned with the passage, as every rule judge aligns it."""
    return align_claim(claim, passage(text), thresholds or JudgeThresholds())


def paired(claim: str, text: str, pairs: list[tuple[int, int]]) -> Alignment:
    """An alignment of the two texts' tokens with the pairs given, not found by the aligner:
    for a rule's cases that the aligner would not produce on real sentences."""
    claim_tokens, unit_tokens = tokenize(claim), tokenize(text)
    return Alignment(
        claim=claim_tokens,
        unit=unit_tokens,
        pairs=tuple(pairs),
        content=len(pairs),
        covered=len(pairs),
        in_order=len(pairs),
        region=(0, len(unit_tokens)),
        region_chars=(0, len(text)),
    )


def verdict(judge: Judge, claim: str, text: str) -> Verdict | None:
    """The judge's verdict on the pair, or None where it declines."""
    judgment = judge.judge(claim, passage(text))
    return None if judgment is None else judgment.verdict


def heads(claim: str, text: str) -> tuple[list[str], list[str]]:
    """The heads the negation judge finds (``negation._heads``) in the claim and in the
    passage, as words."""
    alignment = aligned(claim, text)
    claim_heads = _heads(alignment.claim, {c for c, _ in alignment.pairs})
    unit_heads = _heads(alignment.unit, {u for _, u in alignment.pairs})
    return (
        [alignment.claim[i].norm for i in sorted(claim_heads)],
        [alignment.unit[i].norm for i in sorted(unit_heads)],
    )

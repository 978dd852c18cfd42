"""One way to put a claim against a passage in the judges' unit tests: the passage as a unit, the
claim aligned with it, and a judge's verdict on the pair."""

from __future__ import annotations

from citenexus.domain.model import Unit, Verdict
from citenexus.judges.align import Alignment
from citenexus.judges.lexical import align_claim
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.ports import Judge


def passage(text: str) -> Unit:
    return Unit(document_id="d", ordinal=1, text=text)


def aligned(claim: str, text: str, thresholds: JudgeThresholds | None = None) -> Alignment:
    """The claim aligned with the passage, as every rule judge aligns it."""
    return align_claim(claim, passage(text), thresholds or JudgeThresholds())


def verdict(judge: Judge, claim: str, text: str) -> Verdict | None:
    """The judge's verdict on the pair, or None where it declines."""
    judgment = judge.judge(claim, passage(text))
    return None if judgment is None else judgment.verdict

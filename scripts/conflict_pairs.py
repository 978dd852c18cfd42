"""The conflict test set (tests/fixtures/conflict_pairs.jsonl) and its scorer.

Each line is a pair of sentences, each from a document and a unit, a question, and a label
written before the detector ran on it: ``conflict`` true for a real disagreement about the
question's matter (another value, a negation, an antonym), false for a hard negative (the same
measure for another subject, route, stage or period, equal values in other units, a value inside
a stated range, a rule and its stated exception, another currency, a look-back period against a
notice period, two values of one unit, another matter). Both sides are given equal authority and
one jurisdiction, as two claims of a draft would be, and go through the detector the pipeline
uses (``citenexus.domain.conflicts.claim_assertion`` and ``detect_conflicts``).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citenexus.domain.conflicts import claim_assertion, detect_conflicts, question_kind

PAIRS = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "conflict_pairs.jsonl"


@dataclass(frozen=True)
class Scored:
    pair_id: str
    category: str
    expected: bool
    predicted: bool
    matter: str


def read_pairs(path: Path = PAIRS) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def predict(pair: dict[str, Any]) -> tuple[bool, str]:
    """Whether the detector reports an unresolved conflict for the pair, and the matter named."""
    question = pair["question"]
    kind = question_kind(question)
    sides = [
        claim_assertion(
            index,
            key=side["unit"],
            document_id=side["document"],
            tier_rank=1,
            tier_name="source",
            jurisdiction="",
            text=side["text"],
            question=question,
            kind=kind,
        )
        for index, side in enumerate((pair["a"], pair["b"]))
    ]
    found = [c for c in detect_conflicts(kind, sides) if c.resolved_to is None]
    return bool(found), (found[0].matter if found else "")


def unresolved(question: str, first: str, second: str) -> bool:
    """Whether two sentences of two documents of equal standing leave an unresolved conflict
    for the question (``predict`` on a pair written inline, as the unit tests write them)."""
    pair = {
        "question": question,
        "a": {"document": "code", "unit": "code#1", "text": first},
        "b": {"document": "guide", "unit": "guide#1", "text": second},
    }
    return predict(pair)[0]


def score(pairs: list[dict[str, Any]]) -> tuple[list[Scored], dict[str, float]]:
    """Each pair's outcome, and precision, recall and counts over the set."""
    scored = []
    for pair in pairs:
        predicted, matter = predict(pair)
        scored.append(Scored(pair["id"], pair["category"], pair["conflict"], predicted, matter))
    counts = Counter((s.expected, s.predicted) for s in scored)
    tp, fp, fn = counts[(True, True)], counts[(False, True)], counts[(True, False)]
    return scored, {
        "true_positives": tp,
        "false_positives": fp,
        "false_negatives": fn,
        "true_negatives": counts[(False, False)],
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
    }

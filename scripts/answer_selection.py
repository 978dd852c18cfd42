"""The answer-selection set: which sentence the extractive answer quotes, on texts it never saw.

Each item of tests/fixtures/answer_selection.jsonl is a question, two to four units on its topic
and the phrase of the one sentence that answers it, written by hand before the generator ran on
it (docs/evaluation.md, "Answer selection on texts the code never saw"). The other sentences are
hard distractors: a value of the same kind about another matter, another branch of the rule
whose condition the question's facts do not meet, a definition that repeats the question's
words. The generator is given the units in the item's order, with an empty lane vocabulary (a
new lane), as the ask hands them over.

Counted per item: ``first`` when the draft's first segment holds the answer phrase (what a
reviewer reads first), ``drafted`` when any segment does (what the expected-value metric
counts). The ``split`` is ``dev`` for the items a change may be chosen on and ``held-out`` for
those run only to report (the ``H`` batch; docs/design.md, "Evaluation and held-out discipline").
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citenexus.domain.model import Unit, split_citation_key
from citenexus.domain.vocabulary import EMPTY, active
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.ports import Embedder, GenerationError

ROOT = Path(__file__).resolve().parents[1]
ITEMS = ROOT / "tests" / "fixtures" / "answer_selection.jsonl"
HELD_OUT_PREFIXES = ("H",)
TYPES = ("duration", "amount", "percent", "date", "count", "yes_no", "manner", "person", "other")


@dataclass(frozen=True)
class Selected:
    """One item's outcome: what the draft quoted, and whether it holds the answer."""

    item_id: str
    answer_type: str
    field: str
    split: str
    first: bool
    drafted: bool
    quoted: tuple[str, ...]


def split_of(item_id: str) -> str:
    return "held-out" if item_id.startswith(HELD_OUT_PREFIXES) else "dev"


def read_items(path: Path = ITEMS) -> list[dict[str, Any]]:
    """The items, one JSON object a line."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def units_of(item: dict[str, Any]) -> list[Unit]:
    """The item's units as the pipeline sees them, keyed as the item keys them."""
    units = []
    for index, raw in enumerate(item["units"]):
        parsed = split_citation_key(raw["key"])
        document_id, ordinal = parsed if parsed else (raw["key"] or f"unit{index}", 0)
        units.append(Unit(document_id, ordinal, raw["text"]))
    return units


def select(item: dict[str, Any], embedder: Embedder | None = None) -> Selected:
    """The generator's draft for the item, and whether it quotes the answering sentence; with
    ``embedder``, the generator breaks ties in its word score by meaning, as deployed."""
    generator = ExtractiveGenerator(embedder=embedder)
    with active(EMPTY):
        try:
            draft = generator.generate(item["question"], units_of(item))
            quoted = tuple(segment.text for segment in draft.segments)
        except GenerationError:
            quoted = ()
    answer = item["answer"]
    return Selected(
        item_id=item["id"],
        answer_type=item["type"],
        field=item["field"],
        split=split_of(item["id"]),
        first=bool(quoted) and answer in quoted[0],
        drafted=any(answer in text for text in quoted),
        quoted=quoted,
    )


def score(items: Iterable[dict[str, Any]], embedder: Embedder | None = None) -> list[Selected]:
    return [select(item, embedder) for item in items]


def totals(selected: Iterable[Selected]) -> dict[str, int]:
    rows = list(selected)
    return {
        "items": len(rows),
        "first": sum(s.first for s in rows),
        "drafted": sum(s.drafted for s in rows),
    }

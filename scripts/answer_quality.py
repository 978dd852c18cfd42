"""How often the extractive answer quotes the sentence that answers, on the answer-selection set.

tests/fixtures/answer_selection.jsonl (scripts/answer_selection.py says what an item is and what
is counted). Prints the totals per split, per answer type and per field, and with ``--show`` the
items whose first segment misses, with what was quoted; tests/unit/test_answer_selection.py pins
the development split's totals:

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/answer_quality.py [--split dev|held-out] [--show]
        [--embedder minilm|none]

The held-out split (the ``H`` items) is run only to report, never to choose between variants.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.answer_selection import Selected, read_items, score, split_of, totals  # noqa: E402


def _rate(rows: list[Selected], attribute: str) -> str:
    hits = sum(getattr(s, attribute) for s in rows)
    return f"{hits / len(rows):.1%} ({hits}/{len(rows)})" if rows else "n/a"


def _table(title: str, groups: dict[str, list[Selected]]) -> None:
    print(f"\n| {title} | items | first segment answers | a segment answers |")
    print("| --- | --- | --- | --- |")
    for name in sorted(groups):
        rows = groups[name]
        print(f"| {name} | {len(rows)} | {_rate(rows, 'first')} | {_rate(rows, 'drafted')} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "held-out", "all"), default="all")
    parser.add_argument("--show", action="store_true", help="print the items the draft misses")
    parser.add_argument(
        "--embedder",
        choices=("minilm", "none"),
        default="minilm",
        help="the embedder that breaks the generator's ties (minilm, as deployed) or none",
    )
    args = parser.parse_args()
    items = read_items()
    if args.split != "all":
        items = [i for i in items if split_of(i["id"]) == args.split]
    embedder = None
    if args.embedder == "minilm":
        from citenexus.embedders.minilm import MiniLMEmbedder

        embedder = MiniLMEmbedder()
    selected = score(items, embedder)
    by_split: dict[str, list[Selected]] = defaultdict(list)
    by_type: dict[str, list[Selected]] = defaultdict(list)
    by_field: dict[str, list[Selected]] = defaultdict(list)
    for s in selected:
        by_split[s.split].append(s)
        by_type[s.answer_type].append(s)
        by_field[s.field].append(s)
    print(f"# Answer selection on the answer-selection set (ties broken by: {args.embedder})")
    _table("split", by_split)
    _table("answer type", by_type)
    _table("field", by_field)
    counted = totals(selected)
    print(
        f"\n{counted['items']} items: first segment {counted['first']}, "
        f"a segment {counted['drafted']}"
    )
    if args.show:
        questions = {i["id"]: i for i in items}
        for s in selected:
            if s.first:
                continue
            item = questions[s.item_id]
            mark = "in draft" if s.drafted else "MISSED"
            print(f"\n{s.item_id} [{s.answer_type}] {mark}: {item['question']}")
            print(f"  answer: {item['answer']}   trap: {item.get('trap', '')}")
            for text in s.quoted:
                print(f"  quoted: {text[:200]}")


if __name__ == "__main__":
    main()

"""Precision and recall of the conflict detector on the labelled conflict set.

tests/fixtures/conflict_pairs.jsonl holds true conflicts (value, negation, antonym) and hard
negatives (docs/design.md, "Conflicts"), labelled before the detector ran on them. Prints each
pair's outcome and the totals; tests/unit/test_conflict_pairs.py pins them:

    .venv/bin/python scripts/conflict_quality.py
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.conflict_pairs import read_pairs, score  # noqa: E402


def main() -> None:
    scored, totals = score(read_pairs())
    by_category: dict[str, list[bool]] = defaultdict(list)
    for s in scored:
        by_category[s.category].append(s.expected == s.predicted)
        mark = "ok " if s.expected == s.predicted else "MISS"
        said = "conflict" if s.predicted else "no conflict"
        matter = f" (matter: {s.matter})" if s.matter else ""
        print(f"{mark} {s.pair_id} {s.category:<22} expected {s.expected!s:<5} -> {said}{matter}")
    print()
    for category, outcomes in sorted(by_category.items()):
        print(f"{category:<24}{sum(outcomes)}/{len(outcomes)}")
    print(
        f"\nprecision {totals['precision']:.1%} ({totals['true_positives']}/"
        f"{totals['true_positives'] + totals['false_positives']}), recall {totals['recall']:.1%} "
        f"({totals['true_positives']}/{totals['true_positives'] + totals['false_negatives']}), "
        f"{len(scored)} pairs"
    )


if __name__ == "__main__":
    main()

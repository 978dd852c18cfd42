"""Which benchmark pairs a lexical-judge reading would say neutral on, by label.

A reading that refuses support (``citenexus/judges/generality.py``) is worth building only if
it refuses no faithful pair. This script aligns every development pair of the judge benchmark
(tests/fixtures/judge_pairs.jsonl; the held-out lane is left out, as for calibration) the way
the lexical judge does, applies each reading, and prints how many pairs of each label it fires
on, and, with ``--show``, which. Besides the built readings it carries the candidates measured
and not built on 2026-12-02 (docs/evaluation.md, "Blind pairs and claims that say more than
their passage"), so their numbers can be reproduced:

    .venv/bin/python scripts/judge_rule_hits.py            # every reading, counts
    .venv/bin/python scripts/judge_rule_hits.py --show entails   # the faithful pairs each refuses
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.domain.model import Unit  # noqa: E402
from citenexus.domain.vocabulary import Vocabulary, active  # noqa: E402
from citenexus.judges import generality  # noqa: E402
from citenexus.judges.align import Alignment  # noqa: E402
from citenexus.judges.lexical import align_claim  # noqa: E402
from citenexus.judges.thresholds import JudgeThresholds  # noqa: E402
from citenexus.judges.tokens import Token  # noqa: E402

PAIRS = ROOT / "tests" / "fixtures" / "judge_pairs.jsonl"
HELD_OUT = "aviation-maintenance"
_SENTENCE_ENDS = frozenset({".", ";", "!", "?", "\n"})
_TIME_WORDS = frozenset({"after", "before", "until", "within", "during", "following"})


def _negated(tokens: tuple[Token, ...], index: int, low: int) -> bool:
    """A negation within the four tokens in front of ``index`` (or the token itself)."""
    for k in range(index - 1, max(low, index - 5), -1):
        if tokens[k].word in _SENTENCE_ENDS or tokens[k].word == ",":
            return False
        if tokens[k].negates:
            return True
    return tokens[index].negates


def polarity_differs(a: Alignment) -> bool:
    """Not built: a quoted word negated in the claim and not in the passage."""
    return any(_negated(a.claim, c, 0) and not _negated(a.unit, u, a.region[0]) for c, u in a.pairs)


def time_phrase_skipped(a: Alignment) -> bool:
    """Not built: a time phrase ("after ...", "within ...") skipped between quoted words."""
    positions = sorted({u for _, u in a.pairs})
    for left, right in zip(positions, positions[1:], strict=False):
        gap = range(left + 1, right)
        if any(a.unit[k].word in _SENTENCE_ENDS for k in gap):
            continue
        for k in gap:
            if a.unit[k].word in _TIME_WORDS and any(
                a.unit[j].is_content for j in range(k + 1, right)
            ):
                return True
    return False


def any_restriction_skipped(a: Alignment) -> bool:
    """Not built: any quoted word whose restriction behind it the claim leaves out."""
    used = {u for _, u in a.pairs}
    return any(generality._restricted_behind(a.unit, u, used) for _, u in a.pairs)


READINGS: dict[str, Callable[[Alignment], bool]] = {
    "free choice": generality.free_choice_added,
    "any of a restricted thing": generality.universal_on_restricted,
    "quote cut off before a restriction": generality.restriction_cut_off,
    "alternative added": generality.alternative_added,
    "owner for owned": generality.possessor_named,
    "timing added": generality.timing_added,
    "clause verb qualified": generality.clause_verb_qualified,
    "not built: polarity differs": polarity_differs,
    "not built: time phrase skipped": time_phrase_skipped,
    "not built: any restriction skipped": any_restriction_skipped,
}


def vocabulary_of(lane: str) -> Vocabulary:
    config = ROOT / "examples" / lane / "lane.json"
    if not config.exists():
        return Vocabulary.from_mapping({})
    return Vocabulary.from_mapping(json.loads(config.read_text()).get("vocabulary", {}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--show", choices=("none", "entails", "all"), default="none")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.pairs.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["lane"] != HELD_OUT]
    thresholds = JudgeThresholds()
    hits: dict[str, Counter[str]] = {name: Counter() for name in READINGS}
    labels: Counter[str] = Counter()
    for row in rows:
        unit = Unit(
            document_id=row["document_id"],
            ordinal=int(row["ordinal"]),
            text=row["passage"],
            heading=row.get("heading", ""),
            title=row.get("title", ""),
        )
        labels[row["label"]] += 1
        with active(vocabulary_of(row["lane"])):
            alignment = align_claim(row["claim"], unit, thresholds)
            for name, reading in READINGS.items():
                if not reading(alignment):
                    continue
                hits[name][row["label"]] += 1
                if args.show == "all" or (args.show == "entails" and row["label"] == "entails"):
                    print(f"  {name}: {row['id']} [{row['category']}] {row['claim']}")
    print(f"{len(rows)} development pairs: {dict(labels)}")
    print("| reading | fires on | entails (faithful) | neutral | contradicts |")
    print("| --- | --- | --- | --- | --- |")
    for name, counts in hits.items():
        total = sum(counts.values())
        print(
            f"| {name} | {total} | {counts['entails']} | {counts['neutral']} | "
            f"{counts['contradicts']} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

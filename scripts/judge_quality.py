"""How well the judges tell support from contradiction, on the judge benchmark (issue 16).

Reads tests/fixtures/judge_pairs.jsonl (claim/passage pairs labelled entails, contradicts or
neutral, written from the texts before any judge ran on them) and runs the default judges on
every pair as the product does: MiniLM (int8, offline) embeddings of each passage stored as at
ingest, each lane's vocabulary active. For each judge and for the ensemble it prints precision
and recall of ``entails`` and of ``contradicts``, per category, with the confusion matrix.

The ensemble reads the judges the way the support matrix does (docs/design.md, citenexus/domain/
support.py): *support* when every judge that judged said entails and at least one judged;
*contradicts* when some judge said contradicts; else *neutral* (or *declined* when none judged).

The pairs of the held-out lane (examples/aviation-maintenance) are reported on their own and are
never used to calibrate anything: ``--split dev`` (the default) leaves them out, ``--split held-out``
reports them alone (once, at the end of a change), ``--split all`` both.
Results go to bench-results/judge_quality.md and .json:

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/judge_quality.py [--embedder minilm|hashing]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.domain.model import Judgment, Unit, Verdict  # noqa: E402
from citenexus.domain.vocabulary import Vocabulary, active  # noqa: E402
from citenexus.embedders import HashingEmbedder, MiniLMEmbedder  # noqa: E402
from citenexus.judges import JudgeThresholds, default_judges  # noqa: E402
from citenexus.ports import Embedder, Judge  # noqa: E402

PAIRS = ROOT / "tests" / "fixtures" / "judge_pairs.jsonl"
OUTPUT = ROOT / "bench-results" / "judge_quality"
HELD_OUT = "aviation-maintenance"
LABELS = ("entails", "contradicts", "neutral")
PREDICTIONS = ("entails", "contradicts", "neutral", "declined")
FAITHFUL = (
    "paraphrase-synonym",
    "paraphrase-reorder",
    "paraphrase-voice",
    "paraphrase-nominalisation",
    "paraphrase-hedge",
)
ENSEMBLE = "ensemble"


@dataclass(frozen=True)
class Pair:
    id: str
    lane: str
    category: str
    label: str
    claim: str
    unit: Unit


def _shown(path: Path) -> str:
    """A path as the report names it: inside the repository relative to it, else as given
    (a batch of pairs being written may live anywhere)."""
    resolved = path.resolve()
    return str(resolved.relative_to(ROOT)) if resolved.is_relative_to(ROOT) else str(path)


def read_pairs(path: Path = PAIRS) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def embedding_text(row: dict[str, Any]) -> str:
    """The passage as ingest embeds it: title, heading path, then the text (one per line)."""
    parts = [row.get("title", ""), row.get("heading", ""), row["passage"]]
    return "\n".join(p for p in parts if p)


def build_pairs(rows: Sequence[dict[str, Any]], embedder: Embedder) -> list[Pair]:
    vectors = embedder.embed([embedding_text(r) for r in rows])
    pairs = []
    for row, vector in zip(rows, vectors, strict=True):
        unit = Unit(
            document_id=row["document_id"],
            ordinal=int(row["ordinal"]),
            text=row["passage"],
            heading=row.get("heading", ""),
            title=row.get("title", ""),
            embedding=tuple(vector),
        )
        pairs.append(
            Pair(row["id"], row["lane"], row["category"], row["label"], row["claim"], unit)
        )
    return pairs


def select(rows: Sequence[dict[str, Any]], split: str) -> list[dict[str, Any]]:
    """The rows of one split: ``dev`` (every lane but the held-out one), ``held-out``, ``all``."""
    if split == "all":
        return list(rows)
    if split == "held-out":
        return [r for r in rows if r["lane"] == HELD_OUT]
    if split == "dev":
        return [r for r in rows if r["lane"] != HELD_OUT]
    raise ValueError(f"unknown split {split!r}: dev, held-out or all")


def lane_vocabulary(lane: str) -> Vocabulary:
    path = ROOT / "examples" / lane / "lane.json"
    if not path.exists():
        return Vocabulary()
    return Vocabulary.from_mapping(json.loads(path.read_text()).get("vocabulary"))


def ensemble(judgments: Iterable[Judgment | None]) -> str:
    """Support, contradiction, neutral or declined, as the support matrix reads the verdicts."""
    given = [j for j in judgments if j is not None]
    if not given:
        return "declined"
    if any(j.verdict is Verdict.CONTRADICTS for j in given):
        return "contradicts"
    if all(j.verdict is Verdict.ENTAILS for j in given):
        return "entails"
    return "neutral"


def run(pairs: Sequence[Pair], judges: Sequence[Judge]) -> list[dict[str, Any]]:
    """Every judge's verdict (or None) on every pair, and the ensemble's reading."""
    results = []
    vocabularies: dict[str, Vocabulary] = {}
    for pair in pairs:
        vocabulary = vocabularies.setdefault(pair.lane, lane_vocabulary(pair.lane))
        with active(vocabulary):
            found = {judge.name: judge.judge(pair.claim, pair.unit) for judge in judges}
        verdicts = {
            name: (j.verdict.value if j is not None else "declined") for name, j in found.items()
        }
        scores = {name: round(j.score, 4) for name, j in found.items() if j is not None}
        verdicts[ENSEMBLE] = ensemble(found.values())
        results.append(
            {
                "id": pair.id,
                "lane": pair.lane,
                "category": pair.category,
                "label": pair.label,
                "claim": pair.claim,
                "verdicts": verdicts,
                "scores": scores,
            }
        )
    return results


def ratio(hit: int, total: int) -> str:
    return f"{hit / total:.3f} ({hit}/{total})" if total else "n/a (0/0)"


def precision_recall(results: Sequence[dict[str, Any]], name: str, verdict: str) -> dict[str, Any]:
    said = [r for r in results if r["verdicts"][name] == verdict]
    true = [r for r in results if r["label"] == verdict]
    hit = sum(1 for r in said if r["label"] == verdict)
    recalled = sum(1 for r in true if r["verdicts"][name] == verdict)
    return {
        "precision": ratio(hit, len(said)),
        "recall": ratio(recalled, len(true)),
        "said": len(said),
    }


def judged_share(results: Sequence[dict[str, Any]], name: str) -> str:
    judged = sum(1 for r in results if r["verdicts"][name] != "declined")
    return ratio(judged, len(results))


def confusion(results: Sequence[dict[str, Any]], name: str) -> dict[str, Counter[str]]:
    table: dict[str, Counter[str]] = {label: Counter() for label in LABELS}
    for r in results:
        table[r["label"]][r["verdicts"][name]] += 1
    return table


def summary(results: Sequence[dict[str, Any]], names: Sequence[str]) -> dict[str, Any]:
    faithful = [r for r in results if r["category"] in FAITHFUL]
    out: dict[str, Any] = {"pairs": len(results)}
    for name in names:
        out[name] = {
            "judged": judged_share(results, name),
            "entails": precision_recall(results, name, "entails"),
            "contradicts": precision_recall(results, name, "contradicts"),
            "faithful_paraphrase_support_recall": precision_recall(faithful, name, "entails")[
                "recall"
            ],
            "confusion": {k: dict(v) for k, v in confusion(results, name).items()},
        }
    return out


def by_category(results: Sequence[dict[str, Any]], names: Sequence[str]) -> list[list[str]]:
    grouped: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        grouped[r["category"]].append(r)
    rows = []
    for category in sorted(grouped):
        items = grouped[category]
        labels = Counter(r["label"] for r in items)
        label = "/".join(f"{k[0]}{v}" for k, v in sorted(labels.items()))
        cells = [category, label]
        for name in names:
            right = sum(1 for r in items if _right(r["label"], r["verdicts"][name], name))
            cells.append(f"{right}/{len(items)}")
        supported_wrongly = sum(
            1 for r in items if r["label"] != "entails" and r["verdicts"][ENSEMBLE] == "entails"
        )
        cells.append(str(supported_wrongly))
        rows.append(cells)
    return rows


def _right(label: str, verdict: str, name: str) -> bool:
    """A judge is right on a pair when it says the label, or declines a pair it need not rule
    on (a single judge declining is never a support; the ensemble must rule)."""
    if verdict == label:
        return True
    if name == ENSEMBLE:
        return label == "neutral" and verdict == "declined"
    return verdict == "declined" or (label != "entails" and verdict == "neutral")


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def report(results: Sequence[dict[str, Any]], names: Sequence[str], title: str) -> str:
    stats = summary(results, names)
    lines = [f"### {title} ({stats['pairs']} pairs)", ""]
    header = [
        "judge",
        "judged",
        "entails precision",
        "entails recall",
        "contradicts precision",
        "contradicts recall",
        "faithful paraphrase support recall",
    ]
    rows = []
    for name in names:
        s = stats[name]
        rows.append(
            [
                name,
                s["judged"],
                s["entails"]["precision"],
                s["entails"]["recall"],
                s["contradicts"]["precision"],
                s["contradicts"]["recall"],
                s["faithful_paraphrase_support_recall"],
            ]
        )
    lines += [markdown_table(header, rows), ""]
    lines += ["Ensemble confusion matrix (rows: label, columns: reading):", ""]
    table = confusion(results, ENSEMBLE)
    lines += [
        markdown_table(
            ["label", *PREDICTIONS],
            ([label, *(str(table[label][p]) for p in PREDICTIONS)] for label in LABELS),
        ),
        "",
    ]
    lines += [
        "Per category: pairs right per judge (a judge is right when it says the label, or "
        "declines / says neutral on a pair that is not a support; the ensemble must give the "
        "label, declining counting only for neutral pairs), and pairs the ensemble wrongly "
        "supports:",
        "",
        markdown_table(
            ["category", "labels", *names, "wrongly supported"], by_category(results, names)
        ),
        "",
    ]
    return "\n".join(lines)


def changed_readings(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The pairs whose ensemble reading differs between two runs' JSON payloads (``pairs``), one
    line each: id, category, label, reading before -> after, and the judges that changed. Pairs
    in only one of the runs are named as added or dropped."""
    old = {r["id"]: r for r in before.get("pairs", [])}
    new = {r["id"]: r for r in after.get("pairs", [])}
    lines = []
    for key in sorted(old.keys() | new.keys()):
        if key not in old or key not in new:
            lines.append(f"{key}: {'added' if key in new else 'dropped'}")
            continue
        was, now = old[key]["verdicts"], new[key]["verdicts"]
        if was[ENSEMBLE] == now[ENSEMBLE]:
            continue
        judges = {
            j: f"{was.get(j)} -> {now.get(j)}"
            for j in now
            if j != ENSEMBLE and was.get(j) != now[j]
        }
        lines.append(
            f"{key} [{new[key]['category']}] label={new[key]['label']}: "
            f"{was[ENSEMBLE]} -> {now[ENSEMBLE]} {json.dumps(judges)}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--embedder", choices=("minilm", "hashing"), default="minilm")
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--show", choices=("none", "wrong", "all"), default="none")
    parser.add_argument(
        "--split",
        choices=("dev", "held-out", "all"),
        default="dev",
        help="which pairs to judge and report: the development lanes (the default, the only "
        "split to calibrate on), the held-out lane alone, or both",
    )
    parser.add_argument(
        "--embedding-spans",
        action="store_true",
        help="judge embeddings against the unit's best span (embedded at ask time) instead of "
        "the unit's stored embedding: measured, not the product's default",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        type=Path,
        metavar=("BEFORE", "AFTER"),
        help="print the pairs whose ensemble reading differs between two runs' .json outputs, "
        "and judge nothing",
    )
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(path.read_text()) for path in args.compare)
        lines = changed_readings(before, after)
        print("\n".join(lines) if lines else "no reading changed")
        return 0
    embedder: Embedder = MiniLMEmbedder() if args.embedder == "minilm" else HashingEmbedder()
    thresholds = JudgeThresholds(embedding_spans=args.embedding_spans)
    judges = default_judges(embedder, thresholds=thresholds)
    names = [judge.name for judge in judges] + [ENSEMBLE]
    start = time.perf_counter()
    pairs = build_pairs(select(read_pairs(args.pairs), args.split), embedder)
    results = run(pairs, judges)
    elapsed = time.perf_counter() - start
    dev = [r for r in results if r["lane"] != HELD_OUT]
    held = [r for r in results if r["lane"] == HELD_OUT]
    sections = [
        "# Judge quality on the judge benchmark",
        "",
        f"{len(results)} pairs ({args.split}) from {_shown(args.pairs)}; embedder "
        f"{embedder.name}; thresholds {json.dumps(thresholds.to_dict())}; "
        f"{elapsed:.1f} s.",
        "",
    ]
    if dev:
        sections.append(
            report(dev, names, "Development pairs (tenancy, privacy, renewal; blind fields)")
        )
    if held:
        sections.append(
            report(held, names, "Held-out lane (aviation): reported only, never calibrated on")
        )
    if dev and held:
        sections.append(report(results, names, "All pairs"))
    text = "\n".join(sections)
    print(text)
    if args.show != "none":
        for r in results:
            wrong = r["verdicts"][ENSEMBLE] != r["label"] and not (
                r["label"] == "neutral" and r["verdicts"][ENSEMBLE] == "declined"
            )
            if args.show == "all" or wrong:
                print(
                    f"{r['id']} [{r['category']}] label={r['label']} "
                    f"{json.dumps(r['verdicts'])} {json.dumps(r['scores'])}\n   {r['claim']}"
                )
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.with_suffix(".md").write_text(text + "\n")
    payload = {
        "embedder": embedder.name,
        "thresholds": thresholds.to_dict(),
        "split": args.split,
        "development": summary(dev, names) if dev else None,
        "held_out": summary(held, names) if held else None,
        "all": summary(results, names),
        "pairs": results,
    }
    args.output.with_suffix(".json").write_text(json.dumps(payload, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

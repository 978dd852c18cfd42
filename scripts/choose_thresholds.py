"""Choose the ground threshold and the removed-answer margin on the development lanes together.

docs/design.md, "Thresholds": the two numbers that decide what counts as
evidence were fitted to one lane. This script asks every strict-mode golden question of the
DEVELOPMENT lanes under each pair of values on a grid and scores them; the held-out lane is run
only at the chosen pair (``--report``), never on the grid, so it cannot influence the choice.

The objective counts correct outcomes, pooled over the development lanes: answerable questions
answered with the expected value plus unanswerable ones refused with the expected code, over all
of both (every question weighs the same); any out-of-jurisdiction citation disqualifies a pair.
Ties go to the pair nearest the deployment's current settings. The headroom is reported per
lane: the threshold minus the best relevance of any candidate for a question that no document
answers.

Loads (or brings up to date) every example lane, as ``manage.py evaluate --all`` does:

    .venv/bin/python scripts/choose_thresholds.py                          # the grid, dev lanes
    .venv/bin/python scripts/choose_thresholds.py --relatives none,0.1,0.15  # add relative margins
    .venv/bin/python scripts/choose_thresholds.py --report 0.47 0.3 none   # every lane, one pair

Writes bench-results/thresholds.json (``--report``: thresholds_report.json).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings as deployment  # noqa: E402

from answers.bootstrap import pipeline_settings  # noqa: E402
from answers.services import _pipeline_kwargs  # noqa: E402
from citenexus.domain.authority import AuthorityPolicy  # noqa: E402
from citenexus.domain.vocabulary import Vocabulary  # noqa: E402
from citenexus.evaluation import Outcome, pool, read_golden, score  # noqa: E402
from citenexus.pipeline.ask import ask  # noqa: E402
from curation.models import Document, Lane  # noqa: E402
from curation.services.examples import example_lane_load  # noqa: E402

OUTPUT = ROOT / "bench-results" / "thresholds.json"
THRESHOLDS = (0.35, 0.39, 0.43, 0.47, 0.51)
MARGINS = (0.15, 0.2, 0.25, 0.3, 0.35, 0.4)
NO_EVIDENCE = "no_relevant_evidence"


def lanes_from_examples() -> list[tuple[str, Path, bool]]:
    """(slug, golden path, held out) for each example lane with a golden set, loaded (or
    brought up to date) as ``evaluate --all`` does."""
    found = []
    for folder in sorted((ROOT / "examples").iterdir()):
        lane_file, golden = folder / "lane.json", folder / "golden.csv"
        if lane_file.exists() and golden.exists():
            data = json.loads(lane_file.read_text(encoding="utf-8"))
            example_lane_load(folder=folder, actor="cli:choose_thresholds")
            found.append((data["slug"], golden, bool(data.get("held_out"))))
    return found


def run_lane(
    slug: str, golden: Path, threshold: float, margin: float, relative: float | None = None
) -> dict[str, Any]:
    lane = Lane.objects.get(slug=slug)
    questions = read_golden(golden.read_text(encoding="utf-8-sig"))
    kwargs = _pipeline_kwargs(lane)
    kwargs["settings"] = dataclasses.replace(
        pipeline_settings(),
        ground_threshold=threshold,
        removed_answer_margin=margin,
        relative_margin=relative,
    )
    lane_policy = kwargs.pop("policy")
    outcomes, top_no_evidence = [], 0.0
    for g in questions:
        policy = AuthorityPolicy.unranked() if g.profile == "default.v1" else lane_policy
        answer = ask(g.question, mode="strict", policy=policy, **kwargs).to_dict()
        outcomes.append(Outcome(g, answer))
        if g.expected_refusal_code == NO_EVIDENCE:
            scores = [float(c["relevance"]) for c in answer.get("candidates", [])]
            top_no_evidence = max([top_no_evidence, *scores])
    metadata = {d.document_id: d.authority for d in Document.objects.filter(lane=lane)}
    report = score(
        outcomes,
        metadata_of=metadata,
        tier_key=lane.metadata_key,
        lane_jurisdiction=lane.jurisdiction,
        vocabulary=Vocabulary.from_mapping(lane.vocabulary),
    ).to_dict()
    report["best_no_evidence_relevance"] = round(top_no_evidence, 4)
    report["headroom"] = round(threshold - top_no_evidence, 4)
    report.pop("mismatches", None)
    return report


def is_held_out(results: dict[str, Any], slug: str) -> bool:
    return bool(results["lanes"][slug]["held_out"])


def objective(per_lane: dict[str, dict[str, Any]]) -> float:
    """The share of questions with a fully correct outcome, pooled over the development lanes:
    answerable ones answered with the expected value, plus unanswerable ones refused with the
    expected code, over all of both. Every question weighs the same; any out-of-jurisdiction
    citation disqualifies the pair."""
    if any(r["out_of_jurisdiction_citations"] for r in per_lane.values()):
        return -1.0
    fractions = pool(list(per_lane.values()))["fractions"]
    right = fractions["expected_value_rate"][0] + fractions["refusal_code_accuracy"][0]
    asked = fractions["expected_value_rate"][1] + fractions["refusal_code_accuracy"][1]
    return round(right / asked, 4) if asked else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--report", nargs=3, metavar=("THRESHOLD", "MARGIN", "RELATIVE"), help="RELATIVE: or none"
    )
    parser.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)))
    parser.add_argument("--margins", default=",".join(map(str, MARGINS)))
    parser.add_argument(
        "--relatives", default="none", help="relative margins to try, e.g. none,0.1,0.15"
    )
    args = parser.parse_args()
    lanes = lanes_from_examples()
    results: dict[str, Any] = {"lanes": {s: {"held_out": h} for s, _, h in lanes}}
    if args.report:
        threshold, margin, relative = float(args.report[0]), float(args.report[1]), args.report[2]
        rel = None if relative == "none" else float(relative)
        rows = {slug: run_lane(slug, golden, threshold, margin, rel) for slug, golden, _ in lanes}
        results["report"] = {
            "threshold": threshold,
            "margin": margin,
            "relative": rel,
            "lanes": rows,
            "pooled_development": pool([r for s, r in rows.items() if not is_held_out(results, s)]),
        }
        for slug, row in rows.items():
            held = " (held out)" if results["lanes"][slug]["held_out"] else ""
            print(f"{slug}{held}: {row}")
    else:
        dev = [(slug, golden) for slug, golden, held in lanes if not held]
        grid = []
        relatives = [None if r == "none" else float(r) for r in args.relatives.split(",")]
        combos = [
            (float(t), float(m), r)
            for t in args.thresholds.split(",")
            for m in args.margins.split(",")
            for r in relatives
        ]
        for threshold, margin, relative in combos:
            start = time.perf_counter()
            per_lane = {
                slug: run_lane(slug, golden, threshold, margin, relative) for slug, golden in dev
            }
            row = {
                "threshold": threshold,
                "margin": margin,
                "relative": relative,
                "objective": objective(per_lane),
                "lanes": per_lane,
            }
            grid.append(row)
            cells = "  ".join(
                f"{s}: value {r['expected_value_rate']:.1%} abstain "
                f"{r['abstain_when_no_evidence']:.1%} code {r['refusal_code_accuracy']:.1%}"
                f" ooj {r['out_of_jurisdiction_citations']}"
                for s, r in per_lane.items()
            )
            print(
                f"t={threshold:.2f} m={margin:.2f} r={relative} "
                f"objective={row['objective']:.4f}  {cells}"
                f"  ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
        best = max(
            grid,
            key=lambda r: (
                r["objective"],
                -abs(r["threshold"] - deployment.CITENEXUS_GROUND_THRESHOLD)
                - abs(r["margin"] - (deployment.CITENEXUS_REMOVED_ANSWER_MARGIN or 0.0)),
            ),
        )
        results["grid"] = grid
        results["chosen"] = {
            "threshold": best["threshold"],
            "margin": best["margin"],
            "relative": best["relative"],
        }
        print(f"chosen: {results['chosen']}")
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    name = OUTPUT if not args.report else OUTPUT.with_name("thresholds_report.json")
    name.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

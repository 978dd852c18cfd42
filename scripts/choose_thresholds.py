"""Choose the ground threshold and the removed-answer margin on the development lanes together.

docs/design.md, "Thresholds": the two numbers that decide what counts as
evidence were fitted to one lane. This script asks every strict-mode golden question of the
DEVELOPMENT lanes under each pair of values on a grid and scores them; the held-out lane is run
only at the chosen pair (``--report``), never on the grid, so it cannot influence the choice.

The objective counts correct outcomes, pooled over the development lanes, headline first: the
answerable questions answered with the expected value, then (to break ties) the unanswerable
ones refused with the expected code; any out-of-jurisdiction citation disqualifies a setting.
Ties go to the pair nearest the deployment's current settings. The headroom is reported per
lane: the threshold minus the best relevance of any candidate for a question that no document
answers.

Loads (or brings up to date) every example lane, as ``manage.py evaluate --all`` does:

    .venv/bin/python scripts/choose_thresholds.py                       # the grid, dev lanes
    .venv/bin/python scripts/choose_thresholds.py --thresholds 0.47 --margins 0.3 \
        --relatives none,0.1,0.15 --elsewheres none,0.1,0.15            # the optional margins
    .venv/bin/python scripts/choose_thresholds.py --report --thresholds 0.47 --margins 0.3
                                                                        # every lane, one setting
    .venv/bin/python scripts/choose_thresholds.py --thresholds 0.45,0.47 --margins 0.3 \
        --elsewheres 0.08 --answers /tmp/grid    # as deployed; each point's answers, to compare
    .venv/bin/python scripts/choose_thresholds.py --thresholds 0.47 --margins 0.3 \
        --elsewheres 0.08 --ground-k 16          # one other ground_k (default: deployed, 50)
    .venv/bin/python scripts/choose_thresholds.py --thresholds 0.47 --margins 0.3 \
        --elsewheres 0.08 --generate-k 12        # one other generate_k (default: deployed, 8)
    .venv/bin/python scripts/choose_thresholds.py --thresholds 0.47 --margins 0.3 \
        --elsewheres 0.08 --handover none        # one other hand-over margin (default: deployed)
    .venv/bin/python scripts/choose_thresholds.py --thresholds 0.47 --margins 0.3 \
        --elsewheres 0.08 --min-cosine 0.3       # one other cosine bar (default: deployed)

Without ``--elsewheres`` the elsewhere margin is off, unlike the deployment (0.08).

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

from answers.evaluation import evaluate_lane  # noqa: E402
from answers.management.commands.evaluate import ExampleLane, example_lanes  # noqa: E402
from citenexus.evaluation import pool, read_golden  # noqa: E402
from curation.bootstrap import ports  # noqa: E402
from curation.models import Lane  # noqa: E402
from curation.services.examples import example_lane_load  # noqa: E402

OUTPUT = ROOT / "bench-results" / "thresholds.json"
THRESHOLDS = (0.35, 0.39, 0.43, 0.47, 0.51)
MARGINS = (0.15, 0.2, 0.25, 0.3, 0.35, 0.4)
NO_EVIDENCE = "no_relevant_evidence"
STRICT = [("strict", "strict", "")]


def lanes_from_examples() -> list[ExampleLane]:
    """Every example lane with a golden set, loaded (or brought up to date) as
    ``evaluate --all`` does."""
    found = example_lanes(ROOT / "examples")
    for example in found:
        example_lane_load(folder=example.folder, actor="cli:choose_thresholds")
    return found


def run_lane(
    example: ExampleLane,
    threshold: float,
    margin: float,
    relative: float | None = None,
    elsewhere: float | None = None,
    answers_out: dict[str, Any] | None = None,
    ground_k: int | None = None,
    generate_k: int | None = None,
    handover: str | None = None,
    min_cosine: str | None = None,
) -> dict[str, Any]:
    """The strict report of one lane under these settings, with its headroom (and, given
    ``answers_out``, its strict answers under the lane's slug)."""
    golden = read_golden((example.folder / "golden.csv").read_text(encoding="utf-8-sig"))
    settings = dataclasses.replace(
        ports().settings,
        ground_threshold=threshold,
        removed_answer_margin=margin,
        relative_margin=relative,
        elsewhere_margin=elsewhere,
    )
    if ground_k is not None:
        settings = dataclasses.replace(settings, ground_k=ground_k)
    if generate_k is not None:
        settings = dataclasses.replace(settings, generate_k=generate_k)
    if handover is not None:
        settings = dataclasses.replace(settings, handover_margin=_values(handover)[0])
    if min_cosine is not None:
        settings = dataclasses.replace(settings, min_cosine=_values(min_cosine)[0])
    lane = Lane.objects.get(slug=example.slug)
    reports, answers = evaluate_lane(lane, golden, STRICT, settings=settings)
    if answers_out is not None:
        answers_out[example.slug] = answers["strict"]
    top_no_evidence = max(
        (
            float(c["relevance"])
            for g in golden
            if g.expected_refusal_code == NO_EVIDENCE
            for c in answers["strict"][g.id].get("candidates", [])
        ),
        default=0.0,
    )
    report = reports["strict"]
    report["best_no_evidence_relevance"] = round(top_no_evidence, 4)
    report["headroom"] = round(threshold - top_no_evidence, 4)
    report.pop("mismatches", None)
    return report


def is_held_out(results: dict[str, Any], slug: str) -> bool:
    return bool(results["lanes"][slug]["held_out"])


def objective(per_lane: dict[str, dict[str, Any]]) -> tuple[int, int]:
    """Correct outcomes, pooled over the development lanes, headline first: the answerable
    questions answered with the expected value, then the unanswerable ones refused with the
    expected code. (-1, -1) when any out-of-jurisdiction citation was made."""
    if any(r["out_of_jurisdiction_citations"] for r in per_lane.values()):
        return (-1, -1)
    fractions = pool(list(per_lane.values()))["fractions"]
    return (fractions["expected_value_rate"][0], fractions["refusal_code_accuracy"][0])


def _values(text: str) -> list[float | None]:
    return [None if v == "none" else float(v) for v in text.split(",")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--report",
        action="store_true",
        help="run EVERY lane (the held-out one too) at the one combination given",
    )
    parser.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)))
    parser.add_argument("--margins", default=",".join(map(str, MARGINS)))
    parser.add_argument("--relatives", default="none", help="relative margins, e.g. none,0.15")
    parser.add_argument("--elsewheres", default="none", help="elsewhere margins, e.g. none,0.1")
    parser.add_argument(
        "--answers", type=Path, help="a folder: write each grid point's strict answers there"
    )
    parser.add_argument(
        "--ground-k",
        type=int,
        help="grounded candidates kept (SPEC 11.2), instead of the deployment's ground_k",
    )
    parser.add_argument(
        "--generate-k",
        type=int,
        help="selected candidates handed to the generator (SPEC 11.2), instead of generate_k",
    )
    parser.add_argument(
        "--handover",
        help="the hand-over margin (a number, or none), instead of the deployment's",
    )
    parser.add_argument(
        "--min-cosine",
        help="the least question-unit cosine of a relevant candidate (a number, or none), "
        "instead of the deployment's",
    )
    args = parser.parse_args()
    lanes = lanes_from_examples()
    results: dict[str, Any] = {"lanes": {e.slug: {"held_out": e.held_out} for e in lanes}}
    combos = [
        (float(t), float(m), r, e)
        for t in args.thresholds.split(",")
        for m in args.margins.split(",")
        for r in _values(args.relatives)
        for e in _values(args.elsewheres)
    ]
    if args.report:
        if len(combos) != 1:
            parser.error("--report runs one combination: give one value of each")
        threshold, margin, relative, elsewhere = combos[0]
        rows = {
            e.slug: run_lane(
                e,
                threshold,
                margin,
                relative,
                elsewhere,
                None,
                args.ground_k,
                args.generate_k,
                args.handover,
                args.min_cosine,
            )
            for e in lanes
        }
        results["report"] = {
            "threshold": threshold,
            "margin": margin,
            "relative": relative,
            "elsewhere": elsewhere,
            "handover": args.handover,
            "min_cosine": args.min_cosine,
            "lanes": rows,
            "pooled_development": pool([r for s, r in rows.items() if not is_held_out(results, s)]),
        }
        for slug, row in rows.items():
            label = " (held out)" if is_held_out(results, slug) else ""
            print(f"{slug}{label}: {_cells(row)}")
    else:
        dev = [e for e in lanes if not e.held_out]
        grid = []
        for threshold, margin, relative, elsewhere in combos:
            start = time.perf_counter()
            answers: dict[str, Any] = {}
            per_lane = {
                e.slug: run_lane(
                    e,
                    threshold,
                    margin,
                    relative,
                    elsewhere,
                    answers,
                    args.ground_k,
                    args.generate_k,
                    args.handover,
                    args.min_cosine,
                )
                for e in dev
            }
            if args.answers:
                args.answers.mkdir(parents=True, exist_ok=True)
                name = f"t{threshold}_m{margin}_r{relative}_e{elsewhere}.json"
                (args.answers / name).write_text(json.dumps(answers), encoding="utf-8")
            row = {
                "threshold": threshold,
                "margin": margin,
                "relative": relative,
                "elsewhere": elsewhere,
                "objective": objective(per_lane),
                "lanes": per_lane,
            }
            grid.append(row)
            cells = "  ".join(f"{s}: {_cells(r)}" for s, r in per_lane.items())
            print(
                f"t={threshold:.2f} m={margin:.2f} r={relative} e={elsewhere} "
                f"objective={row['objective']}  {cells}"
                f"  ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
        best = max(
            grid,
            key=lambda r: (
                r["objective"],
                -abs(r["threshold"] - deployment.CITENEXUS_GROUND_THRESHOLD)
                - abs(r["margin"] - (deployment.CITENEXUS_REMOVED_ANSWER_MARGIN or 0.0)),
                r["relative"] is None,
                r["elsewhere"] is None,
            ),
        )
        results["grid"] = grid
        results["chosen"] = {
            k: best[k] for k in ("threshold", "margin", "relative", "elsewhere", "objective")
        }
        print(f"chosen: {results['chosen']}")
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    name = OUTPUT if not args.report else OUTPUT.with_name("thresholds_report.json")
    name.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


def _cells(r: dict[str, Any]) -> str:
    return (
        f"value {r['expected_value_rate']:.1%} abstain {r['abstain_when_no_evidence']:.1%} "
        f"code {r['refusal_code_accuracy']:.1%} ooj {r['out_of_jurisdiction_citations']} "
        f"headroom {r['headroom']:+.3f}"
    )


if __name__ == "__main__":
    sys.exit(main())

"""Time an evaluation run end to end as the browser starts one (docs/design.md#evaluation-runs).

Creates a throwaway database (``CITENEXUS_TEST_DB``, default ``bench_evaluation``) with the
deployment's settings (MiniLM, the production thresholds), loads an example lane, uploads its
golden set through the same service as ``POST /api/lanes/{slug}/evaluations/``, lets the job run
on the web process's thread pool as it does without a broker, and prints the time from upload
to the finished run (and, with ``--what-if``, of a what-if of a lower floor in one mode).

    .venv/bin/python scripts/bench_evaluation_run.py [--lane law-authority] [--modes ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("CITENEXUS_TEST_DB", "bench_evaluation")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

from answers.evaluation import RUNS  # noqa: E402
from curation.models import Job  # noqa: E402
from curation.services.examples import example_lane_load  # noqa: E402
from curation.services.tiers import TierEdit  # noqa: E402
from evaluations.models import EvaluationRun  # noqa: E402
from evaluations.services import evaluation_upload, what_if_start  # noqa: E402

ACTOR = "cli:bench"


def wait(run: EvaluationRun, label: str) -> float:
    """Seconds from now until the run's job is finished, printing its progress as it goes."""
    began, shown = time.perf_counter(), -1.0
    while True:
        job = Job.objects.get(pk=run.job_id)
        if job.progress - shown >= 0.1 or job.status in ("done", "failed"):
            spent = time.perf_counter() - began
            print(f"  {label}: {job.progress:6.1%} after {spent:6.1f} s ({job.status})", flush=True)
            shown = job.progress
        if job.status in ("done", "failed"):
            if job.status == "failed":
                raise SystemExit(f"{label} failed: {job.error}")
            return time.perf_counter() - began
        time.sleep(0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lane", default="law-authority", help="a folder under examples/")
    parser.add_argument("--modes", default=RUNS)
    parser.add_argument("--what-if", action="store_true", help="also time a what-if (strict)")
    args = parser.parse_args()
    folder = ROOT / "examples" / args.lane
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        began = time.perf_counter()
        lane, counts = example_lane_load(folder=folder, actor=ACTOR)
        print(f"loaded {args.lane} ({counts}) in {time.perf_counter() - began:.1f} s")
        data = (folder / "golden.csv").read_bytes()
        load = os.getloadavg()
        cpu = time.process_time()
        began = time.perf_counter()
        run = evaluation_upload(
            lane=lane, data=data, filename="golden.csv", modes=args.modes, actor=ACTOR
        )
        wait(run, "run")
        seconds = time.perf_counter() - began  # from the upload to the finished run
        run.refresh_from_db()
        questions = run.golden_set.question_count
        asks = questions * len(run.runs)
        cpu = time.process_time() - cpu
        print(
            f"run: {questions} questions x {len(run.runs)} runs = {asks} answers stored in "
            f"{seconds:.1f} s wall ({seconds / asks * 1000:.0f} ms per answer), "
            f"{cpu:.1f} s CPU; load average {load[0]:.1f} before, "
            f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} CPUs"
        )
        strict = run.reports.get("strict") or next(iter(run.reports.values()))
        print(
            "strict: expected_value_rate {expected_value_rate}, abstain_when_no_evidence "
            "{abstain_when_no_evidence}, refusal_code_accuracy {refusal_code_accuracy}, "
            "out_of_jurisdiction_citations {out_of_jurisdiction_citations}".format(**strict)
        )
        if args.what_if:
            order = list(lane.tier_order)
            edits = [TierEdit(name, name) for name in order]
            lower = order[max(0, order.index(lane.minimum_tier) - 1)] if lane.minimum_tier else ""
            began = time.perf_counter()
            what_if = what_if_start(
                lane=lane,
                edits=edits,
                minimum_tier=lower,
                profile=lane.profile,
                mode="strict",
                actor=ACTOR,
            )
            wait(what_if, "what-if")
            seconds = time.perf_counter() - began
            from evaluations.selectors import what_if_diff

            what_if.refresh_from_db()
            changed = len(what_if_diff(what_if)["changed"])
            print(
                f"what-if (floor {lane.minimum_tier} -> {lower}, strict): {questions} questions "
                f"asked twice in {seconds:.1f} s; {changed} would change outcome"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

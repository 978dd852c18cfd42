"""Re-measure the ask latency of `make bench` on the lane an earlier `scripts/bench.py` left.

`scripts/bench.py` ingests for 10-15 minutes before it asks; after a change to the ask path this
asks the same kind of questions of the same lane without re-ingesting. Usage:
``.venv/bin/python scripts/bench_ask.py [--questions 60]`` (database ``CITENEXUS_DB_NAME``,
default ``citenexus_bench``). Prints the latencies, outcomes and per-stage medians as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("CITENEXUS_DB_NAME", "citenexus_bench")
os.environ.setdefault("LOG_LEVEL", "WARNING")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()
    import django

    django.setup()
    from answers.services import answer_compute
    from curation.models import Lane
    from scripts.bench import PARTIES, STATES, SUBJECTS

    lane = Lane.objects.get(slug="bench")
    rng = random.Random(args.seed)
    # As scripts/bench.py: two in three about the lane's state, the rest about another state.
    questions = [
        f"How many days does a {rng.choice(PARTIES)} have to {SUBJECTS[n % len(SUBJECTS)][1]}"
        + (" in California?" if n % 3 else f" in {STATES[1 + n % (len(STATES) - 1)]}?")
        for n in range(args.questions)
    ]
    answer_compute(lane=lane, question=questions[0], mode="strict")  # load the embedder
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    stages: dict[str, list[float]] = {}
    for question in questions:
        began = time.perf_counter()
        data = answer_compute(lane=lane, question=question, mode="strict").to_dict()
        latencies.append((time.perf_counter() - began) * 1000)
        key = data["status"] + (f":{data['refusal']['code']}" if data["refusal"] else "")
        statuses[key] = statuses.get(key, 0) + 1
        for stage, spent in data["evidence"]["timings_ms"].items():
            stages.setdefault(stage, []).append(spent)
    ordered = sorted(latencies)
    print(
        json.dumps(
            {
                "questions": len(questions),
                "p50_ms": round(statistics.median(ordered), 1),
                "p95_ms": round(ordered[max(0, -(-95 * len(ordered) // 100) - 1)], 1),
                "max_ms": round(ordered[-1], 1),
                "statuses": statuses,
                "stage_p50_ms": {k: round(statistics.median(v), 1) for k, v in stages.items()},
                "stage_p95_ms": {
                    k: round(sorted(v)[max(0, -(-95 * len(v) // 100) - 1)], 1)
                    for k, v in stages.items()
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()

"""Re-measure the ask latency of `make bench` on the lane an earlier `scripts/bench.py` left.

`scripts/bench.py` ingests for 10-15 minutes before it asks; after a change to the ask path this
asks the same kind of questions of the same lane without re-ingesting. Usage:
``.venv/bin/python scripts/bench_ask.py [--questions 60] [--cold]`` (database
``CITENEXUS_DB_NAME``, default ``citenexus_bench``). Prints the latencies, outcomes and per-stage
medians as JSON.

The judges keep small per-process caches of what they read from a text (tokens, sentences,
values, alignments), so a unit asked about twice is read once, as in a long-running web worker.
The benchmark's questions repeat six subjects, so most asks meet warm caches; ``--cold`` empties
every cache before each ask: the cost of an ask about units no earlier ask touched.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
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
    parser.add_argument(
        "--cold", action="store_true", help="empty the judges' caches before each ask"
    )
    args = parser.parse_args()
    import django

    django.setup()
    from curation.models import Lane
    from scripts.ask_latency import cold_caches, measure_ask
    from scripts.bench import PARTIES, STATES, SUBJECTS

    lane = Lane.objects.get(slug="bench")
    rng = random.Random(args.seed)
    # As scripts/bench.py: two in three about the lane's state, the rest about another state.
    questions = [
        f"How many days does a {rng.choice(PARTIES)} have to {SUBJECTS[n % len(SUBJECTS)][1]}"
        + (" in California?" if n % 3 else f" in {STATES[1 + n % (len(STATES) - 1)]}?")
        for n in range(args.questions)
    ]
    before = cold_caches if args.cold else None
    print(json.dumps({"cold": args.cold, **measure_ask(lane, questions, before)}, indent=2))


if __name__ == "__main__":
    main()

"""Ask latency over the example lanes' golden questions, every cache emptied before each ask.

A quick A/B of a change to the ask path that needs no benchmark lane: `scripts/bench.py` ingests
for 10-15 minutes first, this asks the questions of lanes `manage.py evaluate` already seeded
(database ``CITENEXUS_DB_NAME``, the development default). Run it at two commits on the same
database (a ``git worktree`` of the older one, ``CITENEXUS_DATA_DIR`` pointing at this checkout's
data directory) and compare; the numbers are of a small lane, not the 10,000-unit bench. Usage:
``.venv/bin/python scripts/bench_example_ask.py [--lanes ca-housing:law-authority,...]``.
Prints JSON: per lane the questions, p50, p95 and the slowest ask in milliseconds.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("LOG_LEVEL", "WARNING")

DEFAULT_LANES = "ca-housing:law-authority,co-privacy:privacy-law"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--lanes", default=DEFAULT_LANES, help="slug:example-folder pairs, comma-separated"
    )
    args = parser.parse_args()
    import django

    django.setup()
    from curation.models import Lane
    from scripts.ask_latency import cold_caches, measure_ask

    out = {}
    for pair in args.lanes.split(","):
        slug, _, folder = pair.partition(":")
        with (ROOT / "examples" / folder / "golden.csv").open(newline="") as handle:
            questions = [row["question"] for row in csv.DictReader(handle)]
        found = measure_ask(Lane.objects.get(slug=slug), questions, cold_caches)
        out[slug] = {k: found[k] for k in ("questions", "p50_ms", "p95_ms", "max_ms")}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

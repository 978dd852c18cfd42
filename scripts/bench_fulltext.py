"""Full-text retrieval and whole-ask latency on a large lane (uncapped OR ranking vs shipped).

Run after `make bench-scale` (which leaves the database `citenexus_scale`):

    .venv/bin/python scripts/bench_fulltext.py [--db citenexus_scale]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    "How many days does a landlord have to return the security deposit?",
    "How much notice must an owner give before entering the dwelling?",
    "When may a tenant repair and deduct the cost from rent?",
    "What late fee may a landlord charge?",
    "How much notice of a rent increase is required?",
]


def timed(fn: Callable[[str], object], rounds: int = 2) -> tuple[float, float]:
    times = []
    for question in QUESTIONS * rounds:
        start = time.perf_counter()
        fn(question)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default="citenexus_scale")
    parser.add_argument("--min-units", type=int, default=50_000)
    args = parser.parse_args()
    os.environ["CITENEXUS_DB_NAME"] = args.db
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
    import django

    django.setup()
    from answers.services import answer_compute
    from curation.models import EvidenceUnit, Lane
    from curation.retrieval import PostgresRetriever, or_tsquery_terms

    for lane in Lane.objects.all():
        units = EvidenceUnit.objects.filter(lane=lane, current=True).count()
        if units < args.min_units:
            continue
        retriever = PostgresRetriever(lane)

        def uncapped(q: str, r: PostgresRetriever = retriever) -> object:
            return r._text_hits(" | ".join(or_tsquery_terms(q)), 50, cap=None)

        def shipped(q: str, r: PostgresRetriever = retriever) -> object:
            return r.search_text(q, 50)

        def ask(q: str, lane: object = lane) -> object:
            return answer_compute(lane=lane, question=q, mode="strict")  # type: ignore[arg-type]

        old, new = timed(uncapped), timed(shipped)
        ask(QUESTIONS[0])  # load the embedder once
        asked = timed(ask, rounds=4)
        print(
            f"lane {lane.slug}: {units} units; full-text p50/p95 ms: "
            f"uncapped OR {old[0]:.0f}/{old[1]:.0f}, shipped (all-words first, OR capped) "
            f"{new[0]:.0f}/{new[1]:.0f}; whole ask (extractive, strict) p50/p95 "
            f"{asked[0]:.0f}/{asked[1]:.0f}"
        )


if __name__ == "__main__":
    main()

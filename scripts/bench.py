"""`make bench`: ingest and ask benchmarks on a generated corpus, outside the test run.

Ingest: a generated corpus of 2,500 documents (~1.28 million words, fixed seed) is ingested into
its own database through the same services as the app (segmentation, embedding with the
deployment's embedder, atomic writes with audit events). Reported: documents/s, units/s, the
embedder's raw throughput on a sample of the same unit texts, the pipeline's own overhead as a
share of embedding time (and against the raw rate), and peak memory. ``--existing`` re-measures
the raw rate and the asks on the lane a previous run left, for a quiet machine. Ask: extractive answers on that lane (well over 10,000 units),
p50/p95 latency. Results go to bench-results/bench.json and docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("CITENEXUS_DB_NAME", "citenexus_bench")
os.environ.setdefault("LOG_LEVEL", "WARNING")

STATES = ["California", "Texas", "Florida", "New York", "Oregon", "Nevada"]
SUBJECTS = [
    ("security deposit", "return the security deposit", "days after the tenant vacates"),
    ("notice of termination", "give written notice", "days before the termination date"),
    ("entry", "give written notice before entering the dwelling", "hours in advance"),
    ("repairs", "make repairs to keep the dwelling habitable", "days after written notice"),
    ("late fees", "charge a late fee", "days after rent is due"),
    ("rent increase", "give notice of a rent increase", "days before it takes effect"),
]
PARTIES = ["landlord", "owner", "lessor", "property manager"]
OTHERS = ["tenant", "lessee", "occupant", "resident"]
VERBS = ["shall", "must", "may not", "is required to", "is not required to"]
FILLER = (
    "For purposes of this section, a dwelling includes any structure used for residential "
    "occupancy together with its grounds and common areas."
)


def make_document(rng: random.Random, n: int, target_words: int) -> tuple[str, str, dict[str, str]]:
    # Every state gets every subject: n % 6 for both would tie each subject to one state, and
    # most questions would then ask about a subject no source of the asked state covers.
    place = (n // len(SUBJECTS)) % len(STATES)
    state = STATES[place]
    subject, duty, tail = SUBJECTS[n % len(SUBJECTS)]
    section = f"{rng.randint(100, 999)}.{rng.randint(1, 99)}"
    lines = [
        f"Section {section}. {subject.title()} ({state})",
        "",
        f"(a) This section applies to residential tenancies in {state}.",
        "",
    ]
    letter = ord("b")
    words = 20
    while words < target_words:
        party, other = rng.choice(PARTIES), rng.choice(OTHERS)
        # One value per state and subject, so sources of equal rank agree (no false conflicts).
        days = [3, 7, 14, 21, 24, 30, 45, 60, 90][(place + 3 * (n % len(SUBJECTS))) % 9]
        sentence = (
            f"({chr(letter)}) The {party} {rng.choice(VERBS)} {duty} to the {other} within {days} {tail}, "
            f"unless the {other} has agreed otherwise in writing. {FILLER} "
            f"A {party} who violates this subdivision is liable to the {other} for actual damages "
            f"and a penalty of up to {rng.randint(2, 9) * 100} dollars."
        )
        lines += [sentence, ""]
        words += len(sentence.split())
        letter = letter + 1 if letter < ord("z") else ord("b")
    tier = "controlling-statute" if state == "California" else "out-of-jurisdiction"
    return f"bench-{n:05d}", "\n".join(lines), {"authority_tier": tier, "jurisdiction": state}


class TimedEmbedder:
    """Wraps the deployment's embedder to count the time spent inside it."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[attr-defined]
        self.dimension = inner.dimension  # type: ignore[attr-defined]
        self.seconds = 0.0
        self.texts = 0

    def embed(self, texts: list[str]) -> list[list[float]]:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)  # type: ignore[attr-defined,no-any-return]
        finally:
            self.seconds += time.perf_counter() - start
            self.texts += len(texts)


def reset_database() -> None:
    import django
    from django.conf import settings

    if not settings.EMBEDDED_DATABASE:
        return
    import psycopg

    from common.embedded_postgres import EMBEDDED_OWNER_ROLE, ensure_server

    host = ensure_server(settings.CITENEXUS_DATA_DIR, "postgres")
    with psycopg.connect(host=host, user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{os.environ["CITENEXUS_DB_NAME"]}" WITH (FORCE)')
        # Owned by the owner role: migrate runs as the owner (docs/deploy.md#database-roles).
        name = os.environ["CITENEXUS_DB_NAME"]
        conn.execute(f'CREATE DATABASE "{name}" OWNER {EMBEDDED_OWNER_ROLE}')
    django.db.connections.close_all()


def ingest(
    lane_create: Any, document_ingest_many: Any, text_item: Any, corpus: list[Any], args: Any
) -> tuple[Any, float]:
    """Ingest the corpus in batches through the app's services; the lane and the wall time."""
    from citenexus.domain.levels import LEGAL_TEMPLATE

    lane = lane_create(
        actor="bench",
        slug="bench",
        name="Benchmark lane",
        profile="ordered.v1",
        tier_order=list(LEGAL_TEMPLATE),
        minimum_tier="general-statute",
        jurisdiction="CA",
        policy={"documentary": "statute", "conversational": "secondary-blog"},
    )
    start = time.perf_counter()
    for i in range(0, len(corpus), args.batch):
        chunk = corpus[i : i + args.batch]
        document_ingest_many(
            lane=lane,
            items=[text_item(d, t, "documentary", title=d, authority=a) for d, t, a in chunk],
            actor="bench",
            may_assert=True,
        )
        done = i + len(chunk)
        print(f"\ringested {done}/{len(corpus)}", end="", flush=True)
    ingest_seconds = time.perf_counter() - start
    print(flush=True)
    return lane, ingest_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--documents", type=int, default=2500)
    parser.add_argument("--words", type=int, default=500, help="words per document")
    parser.add_argument("--batch", type=int, default=50, help="documents per ingest batch")
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--output", default=str(ROOT / "bench-results" / "bench.json"))
    parser.add_argument(
        "--raw-sample", type=int, default=2000, help="units in the raw embedder measurement"
    )
    parser.add_argument(
        "--existing",
        action="store_true",
        help="keep the lane and the ingest figures of --output; re-measure the raw embedder "
        "and the asks only (for a quiet re-run after an ingest that shared the machine)",
    )
    args = parser.parse_args()

    import django

    django.setup()
    if not args.existing:
        reset_database()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from answers.services import answer_compute
    from curation.bootstrap import ports
    from curation.models import EvidenceUnit
    from curation.services.ingest_batch import TextItem, document_ingest_many
    from curation.services.lanes import lane_create

    # Every ingest embeds through the composition root's embedder: time it there.
    embedder = TimedEmbedder(ports().embedder)
    ports().embedder = embedder  # type: ignore[misc]

    rng = random.Random(20261130)
    corpus = [make_document(rng, n, args.words) for n in range(args.documents)]
    total_words = sum(len(text.split()) for _, text, _ in corpus)
    if args.existing:
        from curation.models import Lane

        lane = Lane.objects.get(slug="bench")
        previous = json.loads(Path(args.output).read_text(encoding="utf-8"))
        ingest_seconds = previous["ingest_seconds"]
        embed_seconds = previous["embedding_seconds_in_ingest"]
        units = EvidenceUnit.objects.filter(lane=lane).count()
    else:
        lane, ingest_seconds = ingest(lane_create, document_ingest_many, TextItem, corpus, args)
        units = EvidenceUnit.objects.filter(lane=lane).count()
        embed_seconds = embedder.seconds
    print(f"corpus: {len(corpus)} documents, {total_words} words, {units} units", flush=True)

    # The raw rate: the embedder alone on the very texts ingest embeds (title, heading path,
    # carried scope statements and the unit's text, as ``embedding_text`` builds them), for a
    # seeded sample of the corpus's documents, one call per ``--batch`` documents as
    # ``document_ingest_many`` makes it.
    from django.conf import settings

    from citenexus.ingest import embedding_text, segment

    calls: list[list[str]] = []
    sample = random.Random(7).sample(corpus, len(corpus))
    while sum(map(len, calls)) < args.raw_sample and sample:
        group, sample = sample[: args.batch], sample[args.batch :]
        calls.append(
            [
                embedding_text(piece, title=d)
                for d, text, _ in group
                for piece in segment(
                    text,
                    target_chars=settings.CITENEXUS_UNIT_CHARS,
                    overlap_chars=settings.CITENEXUS_UNIT_OVERLAP,
                )
            ]
        )
    texts = [t for call in calls for t in call]
    raw_start = time.perf_counter()
    for call in calls:
        embedder.inner.embed(call)  # type: ignore[attr-defined]
    raw_rate = len(texts) / (time.perf_counter() - raw_start)

    # Questions about the lane's own jurisdiction (answerable) and about other states (refused as
    # not applicable), in the proportion of the corpus.
    questions = [
        f"How many days does a {rng.choice(PARTIES)} have to {SUBJECTS[n % len(SUBJECTS)][1]}"
        + (" in California?" if n % 3 else f" in {STATES[1 + n % (len(STATES) - 1)]}?")
        for n in range(args.questions)
    ]
    latencies = []
    statuses: dict[str, int] = {}
    for question in questions:
        t0 = time.perf_counter()
        answer = answer_compute(lane=lane, question=question, mode="strict")
        latencies.append((time.perf_counter() - t0) * 1000)
        data = answer.to_dict()
        key = data["status"] + (f":{data['refusal']['code']}" if data["refusal"] else "")
        statuses[key] = statuses.get(key, 0) + 1
    latencies.sort() if latencies else latencies.append(0.0)
    p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]

    result = {
        "documents": len(corpus),
        "words": total_words,
        "units": units,
        "embedder": embedder.name,
        "ingest_seconds": round(ingest_seconds, 2),
        "documents_per_s": round(len(corpus) / ingest_seconds, 2),
        "units_per_s": round(units / ingest_seconds, 2),
        "embedding_seconds_in_ingest": round(embed_seconds, 2),
        "embedder_raw_units_per_s": round(raw_rate, 2),
        "embedder_raw_sample_units": len(texts),
        # Two views of the pipeline's own cost. Against the time the embedder took inside this
        # ingest (same batches, same machine load): everything that is not embedding.
        "overhead_share_of_embedding": round((ingest_seconds - embed_seconds) / embed_seconds, 4),
        # Against the raw rate (measured separately, possibly under another load): the ingest's
        # wall time over what the embedder alone would need for every unit.
        "overhead_vs_raw_embedding": round(ingest_seconds / (units / raw_rate) - 1, 4),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "ask_questions": len(questions),
        "ask_statuses": statuses,
        "ask_p50_ms": round(statistics.median(latencies), 1),
        "ask_p95_ms": round(p95, 1),
        "ask_max_ms": round(latencies[-1], 1),
    }
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

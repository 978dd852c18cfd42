"""`make bench-scale`: retrieval and ask at 10k-1M units, and ingest on 1 vs 2 Celery workers.

Runs outside the test suite, in its own database (``CITENEXUS_DB_NAME``, default
``citenexus_scale``), which it drops and recreates. Units are written straight into the tables
with COPY (no segmentation, no per-document audit events: this measures search, not ingest).

Vectors: the first ``--real`` units (2,000 by default) are embedded with the deployment's real
embedder (MiniLM unless ``CITENEXUS_EMBEDDER`` says otherwise). Every further unit copies the
subject and jurisdiction of a real "parent" unit (``i % real``), gets freshly generated wording,
and a vector that is the parent's plus Gaussian noise (sigma per dimension ``--noise``),
renormalised: clusters of near-duplicates, which is harder for HNSW than spread-out data.

Per size: HNSW build time and size, vector recall@10 against exact search per ef_search, the
latency of vector and full-text queries, EXPLAIN of the ask-time SQL, and extractive ask latency
through ``answer_compute``. Once: ingest throughput of real Celery workers (1 vs 2 processes) on
the same documents. Results: bench-results/scale.json (and the tables printed for the docs).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import resource
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("CITENEXUS_DB_NAME", "citenexus_scale")
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ.setdefault("CITENEXUS_EMBEDDER", "minilm")

from scripts.ask_latency import cold_caches, measure_ask, ms, percentile  # noqa: E402
from scripts.bench import (  # noqa: E402
    OTHERS,
    PARTIES,
    STATES,
    SUBJECTS,
    VERBS,
    make_document,
    reset_database,
)

SEED = 20261130
UNITS_PER_DOCUMENT = 10
TIERS = ["out-of-jurisdiction", "general-statute", "statute", "controlling-statute"]
RARE = ["habitability", "escrow", "subrogation", "quiet-enjoyment", "holdover", "abatement"]


def unit_text(rng: random.Random, subject: int, state: int) -> str:
    name, duty, tail = SUBJECTS[subject]
    place = STATES[state]
    sentences = [f"{name.title()} in {place}."]
    for _ in range(3):
        party, other = rng.choice(PARTIES), rng.choice(OTHERS)
        sentences.append(
            f"The {party} {rng.choice(VERBS)} {duty} to the {other} within "
            f"{rng.choice([3, 7, 14, 21, 30, 60, 90])} {tail}, unless agreed otherwise in writing."
        )
    if rng.random() < 0.02:
        sentences.append(f"This rule is subject to the doctrine of {rng.choice(RARE)}.")
    return " ".join(sentences)


class Corpus:
    """The synthetic lane: real vectors for the first units, cheap derived vectors for the rest.

    ``scheme`` "mix" (default): a random blend of two real vectors (weight 0.5-1 on the first,
    whose subject and jurisdiction the text takes) plus noise, renormalised, so the synthetic
    vectors fill the space between real ones as text from many authors does. ``scheme`` "noise":
    the parent's vector plus noise, i.e. tight clusters of near-duplicates (the hard case).
    """

    def __init__(self, real: int, noise: float, scheme: str = "mix") -> None:
        import numpy as np

        from curation.bootstrap import ports

        self.np = np
        self.rng = random.Random(SEED)
        self.noise_rng = np.random.default_rng(SEED)
        self.noise = noise
        self.scheme = scheme
        self.embedder = ports().embedder
        self.real_meta = [
            (i % len(SUBJECTS), (i // len(SUBJECTS)) % len(STATES)) for i in range(real)
        ]
        self.real_texts = [unit_text(self.rng, s, j) for s, j in self.real_meta]
        start = time.perf_counter()
        vectors = [self.embedder.embed(self.real_texts[i : i + 64]) for i in range(0, real, 64)]
        self.real_embed_seconds = time.perf_counter() - start
        self.real_vectors = np.array([v for batch in vectors for v in batch], dtype=np.float32)

    def unit(self, i: int) -> tuple[str, Any]:
        real = len(self.real_texts)
        if i < real:
            return self.real_texts[i], self.real_vectors[i]
        subject, state = self.real_meta[i % real]
        vector = self.real_vectors[i % real]
        if self.scheme == "mix":
            weight = 0.5 + 0.5 * self.rng.random()
            other = self.real_vectors[self.rng.randrange(real)]
            vector = weight * vector + (1 - weight) * other
        noisy = vector + self.noise_rng.normal(0, self.noise, len(vector))
        return unit_text(self.rng, subject, state), noisy / self.np.linalg.norm(noisy)

    def describe(self) -> str:
        rate = len(self.real_texts) / self.real_embed_seconds
        real = len(self.real_texts)
        head = f"first {real} units embedded with {self.embedder.name} ({rate:.1f} units/s); "
        if self.scheme == "mix":
            return head + (
                f"every other unit: w * (its parent's vector, unit i % {real}) + (1 - w) * (a "
                f"random real unit's vector), w uniform in [0.5, 1], plus N(0, {self.noise}) "
                "noise per dimension, renormalised"
            )
        return head + (
            f"every other unit: its parent's vector (unit i % {real}) plus N(0, {self.noise}) "
            "noise per dimension, renormalised (near-duplicate clusters)"
        )


def copy_rows(sql: str, rows: list[tuple[Any, ...]]) -> None:
    from django.db import connection

    connection.ensure_connection()
    with connection.connection.cursor() as cursor, cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)


def load_units(lane: Any, corpus: Corpus, start: int, stop: int) -> float:
    """COPY units ``start..stop`` (and their documents, ten units each) into the lane."""
    from django.db import connection, transaction

    began = time.perf_counter()
    first_doc, last_doc = start // UNITS_PER_DOCUMENT, math.ceil(stop / UNITS_PER_DOCUMENT)
    for d0 in range(first_doc, last_doc, 2000):
        docs = range(d0, min(d0 + 2000, last_doc))
        units = {d: [corpus.unit(i) for i in _doc_units(d, stop)] for d in docs}
        with transaction.atomic():
            copy_rows(
                "COPY curation_document (lane_id, document_id, title, source_type, source_system,"
                " authority, content, content_hash, format, original_filename, version,"
                " unit_count, ingested_by_name, ingested_at, updated_at, record_id)"
                " FROM STDIN",
                [_document_row(lane, d, units[d]) for d in docs],
            )
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT document_id, id FROM curation_document WHERE lane_id = %s"
                    " AND document_id = ANY(%s)",
                    [lane.pk, [f"scale-{d:07d}" for d in docs]],
                )
                ids = dict(cursor.fetchall())
            copy_rows(
                "COPY curation_evidenceunit (lane_id, document_id, version, current, ordinal,"
                ' text, start, "end", heading, scope, authority_meta, embedding) FROM STDIN',
                [row for d in docs for row in _unit_rows(lane, ids[f"scale-{d:07d}"], d, units[d])],
            )
        print(
            f"\r  loaded {min(docs[-1] * UNITS_PER_DOCUMENT + 10, stop)}/{stop}", end="", flush=True
        )
    print(flush=True)
    return time.perf_counter() - began


def _doc_units(d: int, stop: int) -> range:
    return range(d * UNITS_PER_DOCUMENT, min((d + 1) * UNITS_PER_DOCUMENT, stop))


def _tier(d: int) -> str:
    return TIERS[d % len(TIERS)]


def _document_row(lane: Any, d: int, units: list[tuple[str, Any]]) -> tuple[Any, ...]:
    import hashlib
    import uuid

    content = "\n\n".join(text for text, _ in units)
    authority = json.dumps({"authority_tier": _tier(d)})
    return (
        lane.pk, f"scale-{d:07d}", f"Synthetic {d}", "documentary", "bench_scale", authority,
        content, hashlib.sha256(content.encode()).hexdigest(), "txt", "", 1, len(units),
        "bench", "now", "now", "sr_" + uuid.uuid4().hex,
    )  # fmt: skip


def _unit_rows(
    lane: Any, doc_pk: int, d: int, units: list[tuple[str, Any]]
) -> list[tuple[Any, ...]]:
    meta = json.dumps({"authority_tier": _tier(d)})
    rows, offset = [], 0
    for ordinal, (text, vector) in enumerate(units):
        literal = "[" + ",".join(f"{x:.6g}" for x in vector) + "]"
        rows.append(
            (lane.pk, doc_pk, 1, True, ordinal, text, offset, offset + len(text),
             f"Synthetic {d}", "", meta, literal)
        )  # fmt: skip
        offset += len(text) + 2
    return rows


def _drop_index() -> None:
    from django.db import connection

    from curation.vector_index import DROP_INDEX_SQL

    with connection.cursor() as cursor:
        cursor.execute(DROP_INDEX_SQL)


def build_index(work_mem: str = "2GB") -> dict[str, Any]:
    """Drop and rebuild the HNSW index with the current m/ef_construction settings; time it."""
    from django.conf import settings
    from django.db import connection

    from curation.vector_index import DROP_INDEX_SQL, INDEX_NAME, create_index_sql

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE curation_evidenceunit")
        cursor.execute(DROP_INDEX_SQL)
        cursor.execute("SELECT set_config('maintenance_work_mem', %s, false)", [work_mem])
        cursor.execute("SET max_parallel_maintenance_workers = 1")
        began = time.perf_counter()
        cursor.execute(create_index_sql())
        seconds = time.perf_counter() - began
        cursor.execute(
            "SELECT pg_relation_size(%s), pg_relation_size('curation_evidenceunit'),"
            " pg_total_relation_size('curation_evidenceunit'), pg_relation_size('unit_search_gin')",
            [INDEX_NAME],
        )
        hnsw, heap, total, gin = cursor.fetchone()
    mb = 1024 * 1024
    return {
        "hnsw_build_s": round(seconds, 1),
        "hnsw_mb": round(hnsw / mb, 1),
        "gin_mb": round(gin / mb, 1),
        "table_heap_mb": round(heap / mb, 1),
        "table_total_mb": round(total / mb, 1),
        "m": settings.CITENEXUS_HNSW_M,
        "ef_construction": settings.CITENEXUS_HNSW_EF_CONSTRUCTION,
        "maintenance_work_mem": work_mem,
        "max_parallel_maintenance_workers": 1,
    }


VECTOR_SQL = """
    SELECT u.id FROM curation_evidenceunit u
    WHERE u.current AND u.lane_id = %s AND u.embedding IS NOT NULL
    ORDER BY u.embedding::vector(384) <=> %s::vector(384) LIMIT 10
"""


def vector_ids(lane: Any, literal: str, ef: int | None) -> tuple[list[int], float]:
    """Top 10 ids by cosine distance: HNSW at ``ef`` (as at ask time), or exact when None."""
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        if ef is None:
            cursor.execute("SET LOCAL enable_indexscan = off")
        else:
            cursor.execute(f"SET LOCAL hnsw.ef_search = {int(ef)}")
            cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        began = time.perf_counter()
        cursor.execute(VECTOR_SQL, [lane.pk, literal])
        ids = [row[0] for row in cursor.fetchall()]
        return ids, time.perf_counter() - began


def measure_recall(lane: Any, vectors: list[Any], efs: list[int]) -> dict[str, Any]:
    literals = ["[" + ",".join(f"{x:.7g}" for x in v) + "]" for v in vectors]
    exact = [vector_ids(lane, lit, None) for lit in literals]
    out: dict[str, Any] = {
        "queries": len(literals),
        "exact_p50_ms": ms(statistics.median(t for _, t in exact)),
    }
    for ef in efs:
        runs = [vector_ids(lane, lit, ef) for lit in literals]
        recall = [
            len(set(ids) & set(truth)) / 10
            for (ids, _), (truth, _) in zip(runs, exact, strict=True)
        ]
        times = [t for _, t in runs]
        out[f"ef{ef}"] = {
            "recall_at_10": round(statistics.mean(recall), 4),
            "min_recall": round(min(recall), 2),
            "p50_ms": ms(statistics.median(times)),
            "p95_ms": ms(percentile(times, 0.95)),
        }
    return out


def explain(sql: str, params: list[Any], settings_sql: list[str]) -> list[str]:
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        for statement in settings_sql:
            cursor.execute(statement)
        cursor.execute("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) " + sql, params)
        # The query vector's literal is 384 numbers long; the plan is what matters.
        return [re.sub(r"'\[[^\]]*\]'", "'[...]'", row[0]) for row in cursor.fetchall()]


def measure_text(lane: Any, queries: dict[str, str]) -> dict[str, Any]:
    from curation.retrieval import PostgresRetriever, or_tsquery_terms

    retriever = PostgresRetriever(lane)
    out: dict[str, Any] = {}
    for label, query in queries.items():
        times = []
        for _ in range(5):
            began = time.perf_counter()
            retriever.search_text(query, 20)
            times.append(time.perf_counter() - began)
        plan = explain(
            "SELECT u.id, ts_rank_cd(u.search, q, 32) AS s FROM curation_evidenceunit u,"
            " to_tsquery('english', %s) q WHERE u.lane_id = %s AND u.current AND u.search @@ q"
            " ORDER BY s DESC LIMIT 20",
            [" | ".join(or_tsquery_terms(query)), lane.pk],
            [],
        )
        out[label] = {"query": query, "p50_ms": ms(statistics.median(times)), "plan": plan}
    return out


def questions(n: int) -> list[str]:
    rng = random.Random(SEED + 1)
    return [
        f"How many days does a {rng.choice(PARTIES)} have to "
        f"{SUBJECTS[i % len(SUBJECTS)][1]} in {STATES[(i // 2) % len(STATES)]}?"
        for i in range(n)
    ]


def measure_size(
    lane: Any, size: int, args: argparse.Namespace, build: bool = True
) -> dict[str, Any]:
    from curation.bootstrap import ports

    result: dict[str, Any] = {"units": size}
    if build:
        result.update(build_index(args.maintenance_work_mem))
        print(f"  HNSW built in {result['hnsw_build_s']} s ({result['hnsw_mb']} MB)", flush=True)
    asked = questions(args.questions)
    query_vectors = ports().embedder.embed(asked[: args.recall_queries])
    result["recall"] = measure_recall(lane, query_vectors, args.ef_search)
    literal = "[" + ",".join(f"{x:.7g}" for x in query_vectors[0]) + "]"
    result["vector_plan"] = explain(
        VECTOR_SQL,
        [lane.pk, literal],
        ["SET LOCAL hnsw.ef_search = 100", "SET LOCAL hnsw.iterative_scan = relaxed_order"],
    )
    result["hnsw_used"] = any("unit_embedding_hnsw" in line for line in result["vector_plan"])
    result["text"] = measure_text(
        lane,
        {
            "common": "landlord tenant notice days",
            "rare": "doctrine of subrogation",
            "question": asked[0],
        },
    )
    if args.cold:
        result["ask"] = measure_ask(lane, asked, cold_caches)
        result["ask"]["cold"] = True
    else:
        result["ask"] = measure_ask(lane, asked)
    result["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return result


def create_lane(slug: str) -> Any:
    from curation.services.lanes import lane_create

    return lane_create(
        actor="bench",
        slug=slug,
        name=f"Scale benchmark {slug}",
        profile="ordered.v1",
        tier_order=TIERS,
        minimum_tier="general-statute",
        metadata_key="authority_tier",
        jurisdiction="CA",
        policy={"documentary": "statute", "conversational": "out-of-jurisdiction"},
    )


def worker_broker_env() -> str | None:
    """Point this process's jobs at a private Redis database (before Django reads settings)."""
    from scripts.workers import private_redis_db, redis_available, redis_url

    url = redis_url(private_redis_db(os.environ["CITENEXUS_DB_NAME"] + "/scale"))
    if not redis_available(url):
        return None
    os.environ["CELERY_BROKER_URL"] = url
    return url


def _submit(lane: Any, docs: list[tuple[str, str, dict[str, str]]], per_job: int) -> list[Any]:
    from curation.ingest_jobs import job_create_ingest
    from curation.uploads import UploadedFile

    jobs = []
    for i in range(0, len(docs), per_job):
        chunk = docs[i : i + per_job]
        job = job_create_ingest(
            lane=lane,
            files=[UploadedFile(name=f"{d}.txt", data=t.encode()) for d, t, _ in chunk],
            document_ids=[d for d, _, _ in chunk],
            source_type="documentary",
            authority=chunk[0][2],
            title="",
            actor="bench",
            may_assert=True,
        )
        jobs.append(job.pk)
    return jobs


def _wait_jobs(ids: list[Any]) -> int:
    from curation.models import Job
    from scripts.workers import wait_until

    finished = (Job.Status.DONE, Job.Status.FAILED)
    wait_until(
        lambda: not Job.objects.filter(pk__in=ids).exclude(status__in=finished).exists(),
        timeout=1800,
        what="ingest jobs",
        interval=0.05,
    )
    return Job.objects.filter(pk__in=ids, status=Job.Status.FAILED).count()


def celery_throughput(
    docs: list[tuple[str, str, dict[str, str]]],
    embedder: str,
    threads: int,
    per_job: int = 3,
) -> dict[str, Any]:
    """Ingest the same documents through real workers: one process, then two (concurrency 1).

    Each file's job item records where its time went (extract, segment, embed, write); the
    ingest overhead is everything but the embedding, as a share of the embedding time.
    """
    from curation.models import EmbeddingSpace, EvidenceUnit, Job
    from scripts.workers import base_env, flush_redis, worker_pool

    url = os.environ.get("CELERY_BROKER_URL")
    if not url:
        return {"skipped": "no Redis on 127.0.0.1:6379"}
    env = base_env(
        DJANGO_SETTINGS_MODULE="citenexus_web.settings",
        CELERY_BROKER_URL=url,
        CITENEXUS_DB_NAME=os.environ["CITENEXUS_DB_NAME"],
        CITENEXUS_EMBEDDER=embedder,
        CITENEXUS_EMBED_THREADS=str(threads),
        LOG_LEVEL="INFO",
    )
    out: dict[str, Any] = {
        "embedder": embedder,
        "embed_threads_per_worker": threads,
        "documents": len(docs),
        "files_per_job": per_job,
    }
    EmbeddingSpace.objects.all().delete()  # this run's workers set it for their embedder
    for count in (1, 2):
        flush_redis(url)
        lane = create_lane(f"celery-{embedder}-{count}")
        with worker_pool(env, ROOT / "bench-results" / "workers") as pool:
            for _ in range(count):
                pool.start(concurrency=1)
            # One warm-up job per worker, so model loading is not timed.
            _wait_jobs(
                _submit(lane, [(f"warm-{w}", d[1], d[2]) for w, d in enumerate(docs[:count])], 1)
            )
            began = time.perf_counter()
            jobs = _submit(lane, docs, per_job)
            failed = _wait_jobs(jobs)
            seconds = time.perf_counter() - began
        units = EvidenceUnit.objects.filter(
            lane=lane, document__document_id__startswith="bench-"
        ).count()
        items = [i for job in Job.objects.filter(pk__in=jobs) for i in job.items]
        spent = {
            stage: round(sum(i.get("timings_ms", {}).get(stage, 0.0) for i in items), 1)
            for stage in ("extract", "segment", "embed", "write", "total")
        }
        embed_s = spent["embed"] / 1000
        out[f"workers_{count}"] = {
            "seconds": round(seconds, 2),
            "documents_per_s": round(len(docs) / seconds, 2),
            "units_per_s": round(units / seconds, 2),
            "failed_jobs": failed,
            "item_ms": spent,
            # Inside the files: everything but embedding, over embedding.
            "overhead_in_items": round((spent["total"] - spent["embed"]) / spent["embed"], 3)
            if spent["embed"]
            else None,
            # End to end: wall time x workers (queueing and job bookkeeping too), over embedding.
            "overhead_end_to_end": round((seconds * count - embed_s) / embed_s, 3)
            if embed_s
            else None,
        }
    EmbeddingSpace.objects.all().delete()
    out["speedup_2_vs_1"] = round(out["workers_1"]["seconds"] / out["workers_2"]["seconds"], 3)
    return out


def compare_hnsw_params(lane: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    """At the largest size, rebuild with each ``m:ef_construction`` pair and measure recall.

    The index is left as the last pair built; the settings go back to the deployment's.
    """
    from django.conf import settings

    from curation.bootstrap import ports

    vectors = ports().embedder.embed(questions(args.recall_queries))
    saved = settings.CITENEXUS_HNSW_M, settings.CITENEXUS_HNSW_EF_CONSTRUCTION
    out = []
    try:
        for pair in args.hnsw_params:
            m, ef_construction = (int(x) for x in pair.split(":"))
            settings.CITENEXUS_HNSW_M, settings.CITENEXUS_HNSW_EF_CONSTRUCTION = m, ef_construction
            built = build_index(args.maintenance_work_mem)
            out.append({**built, "recall": measure_recall(lane, vectors, args.ef_search)})
            print(json.dumps(out[-1]), flush=True)
    finally:
        settings.CITENEXUS_HNSW_M, settings.CITENEXUS_HNSW_EF_CONSTRUCTION = saved
    return out


DOCS = ROOT / "docs" / "benchmarks.md"
SECTION = "## Scale"
BEGIN, END = "<!-- bench-scale:begin -->", "<!-- bench-scale:end -->"


def render_markdown(result: dict[str, Any]) -> str:
    """The "Scale" section of docs/benchmarks.md from a scale.json result."""
    sizes = [r for r in result["sizes"] if "skipped" not in r]
    lines = [
        f"Command: `{result['commands']}` (2 cores; MiniLM int8; embedded PostgreSQL 18 + pgvector).",
        f"Vectors: {result.get('vectors', '')}.",
        *(
            f"Re-measured (`--existing`, no reload): `{c}`."
            for c in result.get("remeasure_commands", [])
        ),
        "",
        "| units | load (COPY) s | HNSW build s | HNSW MB | GIN MB | table MB | vector plan uses HNSW | ask p50 ms | ask p95 ms | peak RSS MB |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    for r in sizes:
        lines.append(
            f"| {r['units']:,}{' (re-measured)' if r.get('remeasured') else ''} "
            f"| {r['load_s_increment']} | {r['hnsw_build_s']} | {r['hnsw_mb']} "
            f"| {r['gin_mb']} | {r['table_total_mb']} | {'yes' if r['hnsw_used'] else 'no'} "
            f"| {r['ask']['p50_ms']} | {r['ask']['p95_ms']} | {r['peak_rss_mb']} |"
        )
    lines += [
        "",
        "Vector recall@10 of HNSW against exact search (same lane filter), and query time:",
        "",
    ]
    lines += ["| units | ef_search | recall@10 | worst query | p50 ms | p95 ms | exact p50 ms |"]
    lines += ["| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in sizes:
        rec = r["recall"]
        for key in [k for k in rec if k.startswith("ef")]:
            e = rec[key]
            lines.append(
                f"| {r['units']:,} | {key[2:]} | {e['recall_at_10']} | {e['min_recall']} "
                f"| {e['p50_ms']} | {e['p95_ms']} | {rec['exact_p50_ms']} |"
            )
    lines += ["", "Full-text search (`PostgresRetriever.search_text`, k=20), p50 ms:", ""]
    lines += ["| units | common words | rare words | a question |", "| ---: | ---: | ---: | ---: |"]
    for r in sizes:
        t = r["text"]
        lines.append(
            f"| {r['units']:,} | {t['common']['p50_ms']} | {t['rare']['p50_ms']} | {t['question']['p50_ms']} |"
        )
    lines += _params_table(result.get("hnsw_params", []), sizes[-1]["units"] if sizes else 0)
    runs = result.get("celery_runs") or ([result["celery"]] if "celery" in result else [])
    lines += _celery_table([r for r in runs if "workers_1" in r])
    for r in result["sizes"]:
        if "skipped" in r:
            lines.append(f"\nSkipped {r['units']:,} units: {r['skipped']}.")
    return "\n".join(lines) + "\n"


def _celery_table(runs: list[dict[str, Any]]) -> list[str]:
    if not runs:
        return []
    first = runs[0]
    lines = [
        "",
        f"Ingest through real Celery workers on Redis ({first['documents']} documents, "
        f"{first['files_per_job']} per job, concurrency 1 per worker). Overhead = time not spent "
        "embedding / time spent embedding, inside the files' own timings and end to end "
        "(wall time x workers):",
        "",
        "| embedder | threads per worker | worker processes | seconds | documents/s | units/s "
        "| overhead in files | overhead end to end | speed-up |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for run in runs:
        for count in (1, 2):
            w = run[f"workers_{count}"]
            lines.append(
                f"| {run.get('embedder', 'minilm')} | {run.get('embed_threads_per_worker', '')} "
                f"| {count} | {w['seconds']} | {w['documents_per_s']} | {w['units_per_s']} "
                f"| {_overhead(w, 'overhead_in_items')} | {_overhead(w, 'overhead_end_to_end')} "
                f"| {run['speedup_2_vs_1'] if count == 2 else ''} |"
            )
    return lines


def _overhead(run: dict[str, Any], key: str) -> str:
    """The overhead as a percentage; "n/a" when embedding is under a tenth of the work (a
    ratio to almost nothing says nothing: that run measures the rest of the pipeline)."""
    value, spent = run.get(key), run.get("item_ms", {})
    if value is None or spent.get("embed", 0) < 0.1 * spent.get("total", 0):
        return "n/a"
    return f"{value * 100:.0f}%"


def _params_table(runs: list[dict[str, Any]], units: int) -> list[str]:
    if not runs:
        return []
    efs = [k for k in runs[0]["recall"] if k.startswith("ef")]
    lines = ["", f"Build parameters at {units:,} units (recall@10 per ef_search):", ""]
    lines.append("| m | ef_construction | build s | HNSW MB | " + " | ".join(efs) + " |")
    lines.append("| ---: | ---: | ---: | ---: | " + " | ".join("---:" for _ in efs) + " |")
    for run in runs:
        recall = " | ".join(str(run["recall"][k]["recall_at_10"]) for k in efs)
        lines.append(
            f"| {run['m']} | {run['ef_construction']} | {run['hnsw_build_s']} "
            f"| {run['hnsw_mb']} | {recall} |"
        )
    return lines


def write_docs_section(markdown: str, path: Path = DOCS) -> None:
    """Put the tables between the markers in the "Scale" section; leave every other line alone.

    Without the markers, the section (heading, markers, tables) is appended to the page.
    """
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    block = f"{BEGIN}\n{markdown}{END}"
    start, end = text.find(BEGIN), text.find(END)
    if start >= 0 and end > start:
        text = text[:start] + block + text[end + len(END) :]
    else:
        text = text.rstrip("\n") + f"\n\n{SECTION}\n\n{block}\n"
    path.write_text(text, encoding="utf-8")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    ints = lambda text: [int(x) for x in text.split(",") if x]  # noqa: E731
    parser.add_argument("--sizes", type=ints, default=[10_000, 100_000])
    parser.add_argument("--ef-search", type=ints, default=[40, 100, 200])
    parser.add_argument("--max-minutes", type=float, default=60.0)
    parser.add_argument("--real", type=int, default=2000, help="units embedded for real")
    parser.add_argument("--noise", type=float, default=0.02, help="sigma per dimension")
    parser.add_argument(
        "--vectors",
        choices=["mix", "noise"],
        default="mix",
        help="how vectors beyond --real are made (see Corpus)",
    )
    parser.add_argument(
        "--celery-embedders",
        type=lambda text: [x for x in text.split(",") if x],
        default=["minilm", "hashing"],
        help="embedders the worker processes use, one 1-vs-2 run each",
    )
    parser.add_argument(
        "--embed-threads",
        type=int,
        default=1,
        help="CITENEXUS_EMBED_THREADS for each worker process (0 = one per core)",
    )
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument(
        "--cold",
        action="store_true",
        help="empty the judges' caches before each ask (scripts/bench_ask.py --cold)",
    )
    parser.add_argument("--recall-queries", type=int, default=40)
    parser.add_argument("--celery-docs", type=int, default=48, help="0 skips the worker run")
    parser.add_argument("--output", default=str(ROOT / "bench-results" / "scale.json"))
    parser.add_argument(
        "--live-index",
        action="store_true",
        help="keep the HNSW index while loading (each unit inserted into the live graph)",
    )
    parser.add_argument("--maintenance-work-mem", default="2GB")
    parser.add_argument(
        "--hnsw-params",
        type=lambda text: [x for x in text.split(",") if x],
        default=["32:128"],
        help="m:ef_construction pairs to compare at the largest size ('' skips)",
    )
    parser.add_argument("--docs", default=str(DOCS), help="the page whose Scale tables to rewrite")
    parser.add_argument("--docs-from", help="only rewrite the docs tables from this scale.json")
    parser.add_argument(
        "--existing",
        action="store_true",
        help="measure the lane an earlier run left in CITENEXUS_DB_NAME (no reset, no load)",
    )
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    if args.docs_from:
        saved = json.loads(Path(args.docs_from).read_text())
        write_docs_section(render_markdown(saved), Path(args.docs))
        return
    if args.existing:
        measure_existing(args)
        return
    began = time.monotonic()
    # SIGTERM unwinds like Ctrl-C, so the Celery workers this run started are stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    import django

    worker_broker_env()  # the broker URL must be in the environment before Django reads it
    django.setup()
    reset_database()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    result: dict[str, Any] = {"seed": SEED, "commands": " ".join(sys.argv), "sizes": []}
    if args.celery_docs:
        docs = [make_document(random.Random(SEED + n), n, 800) for n in range(args.celery_docs)]
        result["celery_runs"] = []
        for embedder in args.celery_embedders:
            run = celery_throughput(docs, embedder, args.embed_threads)
            result["celery_runs"].append(run)
            print(json.dumps(run, indent=2), flush=True)
            _write(args.output, result)
    lane = create_lane("scale")
    corpus = Corpus(args.real, args.noise, args.vectors)
    result["vectors"] = corpus.describe()
    loaded = 0
    for size in sorted(args.sizes):
        spent = (time.monotonic() - began) / 60
        if spent > args.max_minutes:
            result["sizes"].append(
                {"units": size, "skipped": f"over --max-minutes after {spent:.1f}"}
            )
            continue
        print(f"size {size}: loading", flush=True)
        if not args.live_index:  # a bulk load, then one full build (as `reembed` does)
            _drop_index()
        load_s = load_units(lane, corpus, loaded, size)
        loaded = size
        measured = measure_size(lane, size, args)
        measured["load_s_increment"] = round(load_s, 1)
        measured["loaded_with_live_hnsw"] = bool(args.live_index)
        result["sizes"].append(measured)
        print(
            json.dumps({k: v for k, v in measured.items() if "plan" not in k}, indent=2), flush=True
        )
        _write(args.output, result)
    if loaded and args.hnsw_params:
        result["hnsw_params"] = compare_hnsw_params(lane, args)
        _write(args.output, result)
    result["minutes"] = round((time.monotonic() - began) / 60, 1)
    _write(args.output, result)
    write_docs_section(render_markdown(result), Path(args.docs))


def measure_existing(args: argparse.Namespace) -> None:
    """Measure the lane an earlier run left (no reset, no load, no rebuild unless asked).

    For re-measuring on an idle machine, or after changing the ask path; the result is merged
    into ``--output`` as that size's entry, keeping the earlier load and build numbers.
    """
    import django

    django.setup()
    from curation.models import EvidenceUnit, Lane

    lane = Lane.objects.get(slug="scale")
    size = EvidenceUnit.objects.filter(lane=lane, current=True).count()
    print(f"existing lane: {size} units", flush=True)
    path = Path(args.output)
    result = json.loads(path.read_text()) if path.exists() else {"sizes": []}
    if args.hnsw_params:  # the index is left as the last pair built, and measured below
        result["hnsw_params"] = compare_hnsw_params(lane, args)
        _write(args.output, result)
    measured = measure_size(lane, size, args, build=False)
    earlier = next((r for r in result["sizes"] if r.get("units") == size), {})
    keep = {k: v for k, v in earlier.items() if k.startswith(("hnsw_", "gin_", "table_", "load_"))}
    merged = {**earlier, **measured, **keep, "remeasured": True}
    result["sizes"] = [r for r in result["sizes"] if r.get("units") != size] + [merged]
    result["sizes"].sort(key=lambda r: r["units"])
    result.setdefault("remeasure_commands", []).append(" ".join(sys.argv))
    _write(args.output, result)
    print(json.dumps({k: v for k, v in measured.items() if "plan" not in k}, indent=2))


def _write(path: str, result: dict[str, Any]) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(result, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()

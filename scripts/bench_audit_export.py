"""The audit export at scale under uvicorn: time, bytes, and the server's peak memory.

Not part of ``make test``. Runs in its own database (``CITENEXUS_DB_NAME``, default
``citenexus_audit_export``), which it drops and recreates, then fills with ``--events`` audit
events written straight into the table with one INSERT … SELECT generate_series per 100,000
(no hash chain: the export does not verify it). The app is served by uvicorn on a free port,
as in production; each export is read in 64 KiB pieces while a thread samples the server's RSS.

    .venv/bin/python scripts/bench_audit_export.py --events 1000000

Prints a table and writes bench-results/audit_export.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.serve import free_port, start_healthy  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("CITENEXUS_DB_NAME", "citenexus_audit_export")
os.environ.setdefault("LOG_LEVEL", "WARNING")
# Production-like: no debug pages, no per-request query log growing in memory.
os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "bench-" + uuid.uuid4().hex)
# Plain HTTP on 127.0.0.1, no TLS proxy: production settings would redirect every request.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")

import psutil  # noqa: E402

from scripts.bench import reset_database  # noqa: E402

FILL_STEP = 100_000
READ_SIZE = 1 << 16
SAMPLE_EVERY = 0.02
RESULTS = ROOT / "bench-results" / "audit_export.json"
# Sizes like real events: a lane, a document id, and a details object of --details-bytes.
INSERT_EVENTS = """
    INSERT INTO audit_auditevent
        (at, actor, action, lane, document_id, details, canonical, prev_hash, hash)
    SELECT now() + i * interval '1 microsecond', 'curator-' || (i %% 7), 'document.ingest',
           'lane-' || (i %% 5), 'doc-' || i,
           jsonb_build_object('version', 1, 'tier', 'statute', 'units', i %% 40,
                              'note', repeat('x', %(details)s)),
           '', encode(sha256(('prev' || i)::bytea), 'hex'), encode(sha256(('hash' || i)::bytea), 'hex')
    FROM generate_series(%(first)s, %(last)s) AS i
"""


def fill(events: int, details: int) -> str:
    """A fresh database holding ``events`` events; the API token of a superuser."""
    import django
    import django.db

    django.setup()
    reset_database()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from access.tokens import api_token_issue

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    with connection.cursor() as cursor:
        for first in range(1, events + 1, FILL_STEP):
            last = min(first + FILL_STEP - 1, events)
            cursor.execute(INSERT_EVENTS, {"details": details, "first": first, "last": last})
            print(f"  filled {last:,} events", end="\r", flush=True)
        cursor.execute("ANALYZE audit_auditevent")
    print(f"  filled {events:,} events in {time.perf_counter() - started:.1f} s")
    user = User.objects.create_superuser("bench", password="pw-bench-" + uuid.uuid4().hex)
    token = str(api_token_issue(user=user, name="test", expires_in_days=1)[1])
    connection.close()
    return token


def start_server(port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "uvicorn", "citenexus_web.asgi:application",
               "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]  # fmt: skip
    return start_healthy(command, port)


class PeakRss(threading.Thread):
    """Samples a process's resident memory until stopped; keeps the highest."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.process = psutil.Process(pid)
        self.peak = self.process.memory_info().rss
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(SAMPLE_EVERY):
            self.peak = max(self.peak, self.process.memory_info().rss)


def export(base: str, token: str, fmt: str, pid: int, query: str = "") -> dict[str, Any]:
    """Read one export to the end; its size, lines, timings and the server's memory."""
    request = urllib.request.Request(
        f"{base}/api/audit/export.{fmt}{query}", headers={"Authorization": "Token " + token}
    )
    sampler = PeakRss(pid)
    baseline = sampler.peak
    sampler.start()
    size = lines = 0
    first_byte = None
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as response:
        while chunk := response.read(READ_SIZE):
            first_byte = first_byte or time.perf_counter() - started
            size += len(chunk)
            lines += chunk.count(b"\n")
    seconds = time.perf_counter() - started
    sampler.done.set()
    sampler.join()
    mib = 1 << 20
    return {
        "format": fmt,
        "lines": lines,
        "bytes": size,
        "seconds": round(seconds, 2),
        "first_byte_s": round(first_byte or seconds, 3),
        "mb_per_s": round(size / 1e6 / seconds, 1),
        "rss_before_mib": round(baseline / mib, 1),
        "rss_peak_mib": round(sampler.peak / mib, 1),
        "rss_growth_mib": round((sampler.peak - baseline) / mib, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--details-bytes", type=int, default=200)
    parser.add_argument("--formats", default="jsonl,csv")
    args = parser.parse_args()

    token = fill(args.events, args.details_bytes)
    port = free_port()
    server = start_server(port)
    base = f"http://127.0.0.1:{port}"
    try:
        export(base, token, "jsonl", server.pid, "?document_id=doc-1")  # load the code paths
        runs = [export(base, token, fmt, server.pid) for fmt in args.formats.split(",")]
    finally:
        server.terminate()
        server.wait(timeout=30)
    result = {"events": args.events, "details_bytes": args.details_bytes, "runs": runs}
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"{'format':6} {'lines':>10} {'MB':>8} {'s':>7} {'1st byte s':>10} {'MB/s':>6} "
          f"{'RSS before':>10} {'peak':>7} {'growth MiB':>10}")  # fmt: skip
    for r in runs:
        print(f"{r['format']:6} {r['lines']:>10,} {r['bytes'] / 1e6:>8.1f} {r['seconds']:>7} "
              f"{r['first_byte_s']:>10} {r['mb_per_s']:>6} {r['rss_before_mib']:>10} "
              f"{r['rss_peak_mib']:>7} {r['rss_growth_mib']:>10}")  # fmt: skip
    print(f"written to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

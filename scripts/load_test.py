"""`make bench`: a bounded load test of the real app under uvicorn, outside the test run.

On a fresh database (``CITENEXUS_DB_NAME=citenexus_load``, the embedded server) the example lane
is loaded, the app is started with uvicorn on a free 127.0.0.1 port, and a thread pool plays 20
reviewers asking the golden questions and 2 curators uploading small generated documents, all
through the JSON API with token authentication, until the time or request budget runs out.
Then: every queued job must finish, every accepted document must be present exactly once, and
the audit chain must verify. Results go to bench-results/load.json and a table on stdout.
"""

from __future__ import annotations

import argparse
import csv
import html
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.serve import free_port, start_healthy  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
os.environ.setdefault("CITENEXUS_DB_NAME", "citenexus_load")
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ.pop("CELERY_BROKER_URL", None)  # jobs run in the web process's thread pool
# Production-like: no debug pages, no per-request query log growing in memory.
os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "load-test-" + uuid.uuid4().hex)
# Plain HTTP on 127.0.0.1, no TLS proxy: production settings would redirect every request.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")

EXAMPLE = ROOT / "examples" / "law-authority"
LANE = "ca-housing"
BOUNDARY = "----citenexus-load"
EXCEPTION_VALUE = re.compile(r'<pre class="exception_value">(.*?)</pre>', re.S)


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: int = 0
    errors: list[str] = field(default_factory=list)
    ask_ms: list[float] = field(default_factory=list)
    ask_status: dict[str, int] = field(default_factory=dict)
    uploads_sent: int = 0
    accepted: dict[str, str] = field(default_factory=dict)  # document_id -> job id
    upload_ms: list[float] = field(default_factory=list)

    def record(self, error: str | None = None) -> None:
        with self.lock:
            self.requests += 1
            if error:
                self.errors.append(error)


def reset_database() -> None:
    import django
    from django.conf import settings

    if not settings.EMBEDDED_DATABASE:
        raise SystemExit("the load test drops its database: run it on the embedded server only")
    import psycopg

    from common.embedded_postgres import ensure_server

    name = os.environ["CITENEXUS_DB_NAME"]
    host = ensure_server(settings.CITENEXUS_DATA_DIR, "postgres")
    with psycopg.connect(host=host, user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    django.db.connections.close_all()


def prepare(reviewers: int, curators: int) -> tuple[list[str], list[str]]:
    """Migrate, load the example lane, and make the users; their API tokens are returned."""
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command

    from access.tokens import api_token_issue
    from curation.models import LaneMembership
    from curation.services.examples import example_lane_load

    call_command("migrate", verbosity=0)
    lane, counts = example_lane_load(folder=EXAMPLE, actor="cli:load")
    print(f"example lane loaded: {counts}", flush=True)

    def users(role: str, n: int) -> list[str]:
        group = Group.objects.get_or_create(name=role)[0]
        tokens = []
        for i in range(n):
            user = User.objects.create_user(username=f"load-{role}-{i:02d}", password=None)
            user.groups.add(group)
            LaneMembership.objects.create(lane=lane, user=user, role=role)
            tokens.append(api_token_issue(user=user, name="test", expires_in_days=1)[1])
        return tokens

    return users("reviewer", reviewers), users("curator", curators)


# uvicorn.run on the project's ASGI app, optionally with another CONN_MAX_AGE (see --conn-max-age).
SERVE = """
import sys
import django
from django.conf import settings
django.setup()
if sys.argv[2] != "default":
    settings.DATABASES["default"]["CONN_MAX_AGE"] = int(sys.argv[2])
import uvicorn
from citenexus_web.asgi import application
uvicorn.run(application, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def start_server(port: int, conn_max_age: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", SERVE, str(port), conn_max_age]
    return start_healthy(command, port)


def call(
    url: str, token: str, body: bytes | None = None, ctype: str = "application/json"
) -> tuple[int, Any]:
    headers = {"Authorization": f"Token {token}"}
    if body is not None:
        headers["Content-Type"] = ctype
    request = urllib.request.Request(url, body, headers, method="POST" if body else "GET")
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw)
        except ValueError:
            # An HTML error page (not the API's JSON): keep its exception line when DEBUG shows
            # one, else its text.
            page = raw.decode("utf-8", "replace")
            found = EXCEPTION_VALUE.search(page)
            text = found.group(1) if found else re.sub(r"<[^>]+>|\s+", " ", page)
            return error.code, "HTML: " + html.unescape(text).strip()[:160]


def multipart(fields: dict[str, str], filename: str, data: bytes) -> bytes:
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
        for k, v in fields.items()
    ]
    parts.append(
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        "Content-Type: text/plain\r\n\r\n".encode()
        + data
        + b"\r\n"
    )
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


def reviewer_loop(base: str, token: str, questions: list[str], stats: Stats, stop: Any) -> None:
    i = hash(token) % len(questions)
    while not stop():
        question = questions[i % len(questions)]
        i += 1
        body = json.dumps({"lane": LANE, "question": question}).encode()
        t0 = time.perf_counter()
        status, data = call(f"{base}/api/ask/", token, body)
        elapsed = (time.perf_counter() - t0) * 1000
        if status != 200:
            stats.record(f"ask {status}: {str(data)[:120]}")
            continue
        stats.record()
        key = data["status"] + (f":{data['refusal']['code']}" if data.get("refusal") else "")
        with stats.lock:
            stats.ask_ms.append(elapsed)
            stats.ask_status[key] = stats.ask_status.get(key, 0) + 1


def curator_loop(base: str, token: str, n: int, stats: Stats, stop: Any) -> None:
    k = 0
    while not stop():
        document_id = f"load-{n}-{k:04d}-{uuid.uuid4().hex[:6]}"
        k += 1
        text = (
            f"Load test notice {document_id}. A landlord in California must give written notice "
            f"of {7 + k % 50} days before entering the dwelling for inspection number {k}."
        ).encode()
        body = multipart(
            {"document_id": document_id, "source_type": "documentary"}, f"{document_id}.txt", text
        )
        t0 = time.perf_counter()
        status, data = call(
            f"{base}/api/lanes/{LANE}/documents/",
            token,
            body,
            f"multipart/form-data; boundary={BOUNDARY}",
        )
        elapsed = (time.perf_counter() - t0) * 1000
        with stats.lock:
            stats.uploads_sent += 1
        if status == 202:
            stats.record()
            with stats.lock:
                stats.accepted[document_id] = data["job"]["id"]
                stats.upload_ms.append(elapsed)
        else:
            stats.record(f"upload {status}: {str(data)[:120]}")


class ConnectionSampler(threading.Thread):
    """The peak number of sessions on the load database, sampled once a second."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.stop = threading.Event()
        self.peak = 0

    def run(self) -> None:
        from django.db import connection

        while not self.stop.is_set():
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                )
                self.peak = max(self.peak, int(cursor.fetchone()[0]))
            self.stop.wait(1.0)
        connection.close()


def wait_for_jobs(base: str, token: str, jobs: list[str], timeout: float) -> dict[str, int]:
    pending = set(jobs)
    statuses: dict[str, str] = {}
    deadline = time.monotonic() + timeout
    while pending and time.monotonic() < deadline:
        for job_id in list(pending):
            status, data = call(f"{base}/api/jobs/{job_id}/", token)
            if status == 200 and data["status"] in ("done", "failed"):
                statuses[job_id] = data["status"]
                pending.discard(job_id)
        if pending:
            time.sleep(0.5)
    out: dict[str, int] = {"unfinished": len(pending)}
    for s in statuses.values():
        out[s] = out.get(s, 0) + 1
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, int(round(q * len(ordered))) - 1)]


def check_integrity(accepted: dict[str, str]) -> dict[str, Any]:
    """Every accepted document present exactly once, and the audit chain verifies."""
    from django.db import connections
    from django.db.models import Count

    from audit.chain import verify_chain
    from curation.models import Document

    connections.close_all()
    rows = (
        Document.objects.filter(lane__slug=LANE, document_id__in=list(accepted))
        .values("document_id")
        .annotate(n=Count("id"))
    )
    counts = {r["document_id"]: r["n"] for r in rows}
    missing = sorted(set(accepted) - set(counts))
    duplicated = sorted(d for d, n in counts.items() if n != 1)
    chain = verify_chain()
    return {
        "documents_missing": missing,
        "documents_duplicated": duplicated,
        "audit_chain_ok": chain.ok,
        "audit_events": chain.events,
        "audit_first_bad_id": chain.first_bad_id,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    import django

    django.setup()
    reset_database()
    reviewer_tokens, curator_tokens = prepare(args.reviewers, args.curators)
    with (EXAMPLE / "golden.csv").open(newline="", encoding="utf-8") as fh:
        questions = [row["question"] for row in csv.DictReader(fh)]
    port = free_port()
    server = start_server(port, args.conn_max_age)
    base = f"http://127.0.0.1:{port}"
    stats = Stats()
    sampler = ConnectionSampler()
    sampler.start()
    try:
        started = time.monotonic()

        seconds, budget = float(args.seconds), int(args.requests)

        def stop() -> bool:
            return time.monotonic() - started > seconds or stats.requests >= budget

        workers = args.reviewers + args.curators
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(reviewer_loop, base, t, questions, stats, stop) for t in reviewer_tokens
            ]
            futures += [
                pool.submit(curator_loop, base, t, n, stats, stop)
                for n, t in enumerate(curator_tokens)
            ]
            for future in futures:
                future.result()
        wall = time.monotonic() - started
        sampler.stop.set()
        jobs = wait_for_jobs(base, curator_tokens[0], list(stats.accepted.values()), 180)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    integrity = check_integrity(stats.accepted)
    return {
        "reviewers": args.reviewers,
        "curators": args.curators,
        "embedder": os.environ.get("CITENEXUS_EMBEDDER", "minilm"),
        "wall_seconds": round(wall, 1),
        "requests": stats.requests,
        "requests_per_s": round(stats.requests / wall, 2) if wall else 0.0,
        "errors": len(stats.errors),
        "error_samples": sorted(set(stats.errors))[:5],
        "asks": len(stats.ask_ms),
        "ask_statuses": stats.ask_status,
        "ask_p50_ms": round(statistics.median(stats.ask_ms), 1) if stats.ask_ms else 0.0,
        "ask_p95_ms": round(percentile(stats.ask_ms, 0.95), 1),
        "ask_max_ms": round(max(stats.ask_ms, default=0.0), 1),
        "uploads_sent": stats.uploads_sent,
        "uploads_accepted": len(stats.accepted),
        "upload_p50_ms": round(statistics.median(stats.upload_ms), 1) if stats.upload_ms else 0.0,
        "jobs": jobs,
        "conn_max_age": args.conn_max_age,
        "peak_db_connections": sampler.peak,
        **integrity,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reviewers", type=int, default=20)
    parser.add_argument("--curators", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0, help="time budget of the load")
    parser.add_argument("--requests", type=int, default=2000, help="request budget of the load")
    parser.add_argument(
        "--conn-max-age",
        default="default",
        help="override CONN_MAX_AGE in the server (seconds), or 'default' for the settings' value",
    )
    parser.add_argument("--output", default=str(ROOT / "bench-results" / "load.json"))
    args = parser.parse_args()
    result = run(args)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    width = max(len(k) for k in result)
    for key, value in result.items():
        print(f"{key:<{width}}  {value}")
    if result["errors"]:
        print(f"server errors: {result['errors']} requests failed (see error_samples)")
    ok = (
        not result["errors"]
        and not result["documents_missing"]
        and not result["documents_duplicated"]
        and result["audit_chain_ok"]
        and result["jobs"].get("unfinished", 0) == 0
    )
    print("load test: OK" if ok else "load test: FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

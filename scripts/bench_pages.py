"""Server time per page on a lane of 2,000 documents, measured with Django's test client.

Creates a throwaway test database (``CITENEXUS_TEST_DB``, default ``bench_pages``), fills one
lane with documents, units and audit events, then requests every page ``--runs`` times as the
role that sees it and prints p50/p95/max in milliseconds and the number of SQL queries.

    .venv/bin/python scripts/bench_pages.py [--documents 2000] [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.test_settings")
os.environ.setdefault("CITENEXUS_TEST_DB", "bench_pages")

import django  # noqa: E402

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

LEGAL = [
    "out-of-jurisdiction",
    "secondary-blog",
    "general-statute",
    "statute",
    "binding-appellate",
    "controlling-statute",
]


def populate(n: int) -> dict[str, Any]:
    from django.contrib.auth.models import Group, User

    from audit.services import audit_record
    from curation.models import Document, EvidenceUnit, LaneMembership
    from curation.services.documents import document_ingest_text
    from curation.services.lanes import lane_create

    lane = lane_create(
        actor="bench",
        slug="bench",
        name="Bench lane",
        profile="ordered.v1",
        tier_order=LEGAL,
        minimum_tier="general-statute",
        policy={"documentary": "statute", "conversational": "secondary-blog"},
    )
    users = {}
    for role in ("curator", "reviewer", "admin", "auditor"):
        user = User.objects.create_user(role, password="x")
        user.groups.add(Group.objects.get_or_create(name=role)[0])
        LaneMembership.objects.create(lane=lane, user=user, role=role)
        users[role] = user
    document_ingest_text(
        lane=lane,
        document_id="real-doc",
        text=("A landlord shall give notice. " * 200),
        source_type="documentary",
        actor="bench",
        title="A real document",
    )
    body = "Section. A landlord shall give thirty days notice. " * 20
    docs = [
        Document(
            lane=lane,
            document_id=f"doc-{i:05d}",
            title=f"Document {i}",
            source_type="documentary" if i % 3 else "conversational",
            authority={"authority_tier": LEGAL[i % len(LEGAL)], "jurisdiction": "CA"},
            content=body,
            content_hash=f"{i:064d}",
            unit_count=2,
            ingested_by_name="bench",
            record_id=f"sr_bench{i}",
        )
        for i in range(n)
    ]
    Document.objects.bulk_create(docs, batch_size=500)
    units = [
        EvidenceUnit(
            lane=lane,
            document=d,
            version=1,
            ordinal=o,
            text=body[:400],
            start=o * 400,
            end=o * 400 + 400,
            authority_meta=d.authority,
        )
        for d in docs
        for o in range(2)
    ]
    EvidenceUnit.objects.bulk_create(units, batch_size=1000)
    with transaction.atomic():
        for i in range(n):
            audit_record(
                actor="bench",
                action="document.ingest",
                lane="bench",
                document_id=f"doc-{i:05d}",
                details={"version": 1, "tier": LEGAL[i % 6]},
            )
    return {"lane": lane, "users": users}


def measure(client: Client, url: str, runs: int) -> dict[str, float]:
    client.get(url)  # warm caches, templates and the session
    times, queries = [], 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(ctx.captured_queries)
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    return {"p50": statistics.median(times), "p95": p95, "max": times[-1], "queries": queries}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--documents", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    # No setup_test_environment(): its template instrumentation (the test client copying every
    # rendered context) would be measured instead of the page.
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        data = populate(args.documents)
        lane, users = data["lane"], data["users"]
        pages = [
            ("curator", "lane page", f"/lanes/{lane.slug}/"),
            ("curator", "lane page, sorted by tier", f"/lanes/{lane.slug}/?sort=-tier"),
            ("curator", "lane page, filtered", f"/lanes/{lane.slug}/?tier=statute&q=Document%201"),
            ("curator", "lane page, page 40", f"/lanes/{lane.slug}/?page=40"),
            ("curator", "lane page, htmx fragment", f"/lanes/{lane.slug}/?q=doc"),
            ("curator", "document page", f"/lanes/{lane.slug}/documents/real-doc/"),
            ("curator", "upload page", f"/lanes/{lane.slug}/upload/"),
            ("curator", "authority CSV page", f"/lanes/{lane.slug}/authority-csv/"),
            ("admin", "lane settings", f"/lanes/{lane.slug}/settings/"),
            ("auditor", "audit log", "/audit/"),
            (
                "auditor",
                "audit log, filtered",
                "/audit/?action=document.ingest&document_id=doc-00042",
            ),
            ("auditor", "dashboard", "/audit/dashboard/"),
            ("reviewer", "ask page", "/ask/"),
            ("reviewer", "answer history", "/answers/"),
        ]
        print(f"{args.documents} documents, {args.runs} runs per page (ms)")
        print(f"{'page':34} {'role':9} {'p50':>7} {'p95':>7} {'max':>7} {'queries':>7}")
        for role, name, url in pages:
            client = Client()
            client.force_login(users[role])
            headers = {"HTTP_HX_REQUEST": "true"} if "htmx" in name else {}
            if headers:
                client.defaults.update(headers)
            r = measure(client, url, args.runs)
            print(
                f"{name:34} {role:9} {r['p50']:7.1f} {r['p95']:7.1f} {r['max']:7.1f} {r['queries']:7d}"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

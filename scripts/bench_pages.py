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
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.test_settings")
os.environ.setdefault("CITENEXUS_TEST_DB", "bench_pages")

import django  # noqa: E402

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from audit.models import AuditEvent  # noqa: E402
from citenexus.domain.levels import LEGAL_TEMPLATE  # noqa: E402
from curation.models import Job  # noqa: E402

LEGAL = list(LEGAL_TEMPLATE)


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
    answer, history = answers(lane, users["reviewer"], n)
    job = Job.objects.create(
        kind="ingest",
        lane=lane,
        created_by=users["curator"],
        created_by_name="curator",
        status=Job.Status.DONE,
        progress=1.0,
        items=[
            {
                "index": i,
                "name": f"file-{i}.txt",
                "document_id": f"doc-{i:05d}",
                "status": "failed" if i % 7 == 0 else "done",
                "error": "the file is empty" if i % 7 == 0 else "",
            }
            for i in range(25)
        ],
    )
    runs = evaluations(lane, users["curator"], answer)
    return {
        "lane": lane,
        "users": users,
        "answer": answer,
        "history": history,
        "job": job,
        **runs,
    }


def evaluations(lane: Any, curator: Any, answer: Any) -> dict[str, Any]:
    """Twenty finished runs of a 60-question golden set (the chart's), the last two with every
    outcome in four modes linked to an answer (the run and diff pages), and a what-if."""
    from django.utils import timezone

    from citenexus.evaluation import GoldenQuestion, Outcome, answer_digest, question_result
    from evaluations.models import EvaluationResult, EvaluationRun, GoldenSet

    modes = ["strict", "normal", "exploratory", "strict-floor-off"]
    categories = ["answerable", "below_floor", "wrong_jurisdiction", "no_evidence"]
    golden = [
        GoldenQuestion(
            id=f"Q{i:02d}",
            question=f"How much notice must a landlord give? (variant {i})",
            category=categories[i % 4],
            expected_status="answered" if i % 4 == 0 else "refused",
            expected_value="30 days" if i % 4 == 0 else "",
            line=i + 2,
        )
        for i in range(60)
    ]
    golden_set = GoldenSet.objects.create(
        lane=lane,
        name="golden.csv",
        format="golden",
        sha256="0" * 64,
        questions=[g.to_dict() for g in golden],
        question_count=len(golden),
        created_by_name="curator",
    )
    report = {
        "total": 60,
        "answered": 15,
        "refused": 45,
        "expected_value_rate": 0.8,
        "answer_when_grounded": 0.9,
        "abstain_when_no_evidence": 0.7,
        "refusal_code_accuracy": 0.6,
        "out_of_jurisdiction_citations": 0,
        "trap_citations": 0,
        "fractions": {"expected_value_rate": [12, 15]},
        "by_category": {},
    }
    policy = {"profile": lane.profile, "tier_order": lane.tier_order, "minimum_tier": "x"}

    def run(kind: str = "run", runs: list[str] = modes) -> Any:
        return EvaluationRun.objects.create(
            lane=lane,
            golden_set=golden_set,
            kind=kind,
            status="done",
            runs=runs,
            policy=policy,
            saved_policy=policy if kind == "what_if" else {},
            reports={m: report for m in runs},
            saved_reports={m: report for m in runs} if kind == "what_if" else {},
            created_by=curator,
            created_by_name="curator",
            finished_at=timezone.now(),
        )

    finished = [run() for _ in range(20)]
    what_if = run("what_if", ["strict"])
    digest = answer_digest(answer.payload)

    def results(evaluation: Any, runs: list[str], side: str = "", link: bool = True) -> None:
        rows = []
        for g in golden:
            outcome = question_result(Outcome(g, digest))
            for mode in runs:
                rows.append(
                    EvaluationResult(
                        run=evaluation,
                        side=side,
                        mode=mode,
                        question_id=g.id,
                        line=g.line,
                        digest=digest,
                        answer=answer if link else None,
                        **outcome,
                    )
                )
        EvaluationResult.objects.bulk_create(rows)

    results(finished[-2], modes)
    results(finished[-1], modes)
    results(what_if, ["strict"], link=False)
    results(what_if, ["strict"], side="saved", link=False)
    return {"run": finished[-1], "earlier_run": finished[-2], "what_if": what_if}


def answers(lane: Any, reviewer: Any, n: int) -> tuple[Any, int]:
    """One real answer (for its page and a citation), then ``n`` stored answers for history.

    The copies keep the real payload and vary status, refusal code, review verdict and date,
    so the history filters and the dashboard's charts have data to count.
    """
    import datetime as dt

    from django.utils import timezone

    from answers.models import Answer
    from answers.services import answer_ask

    answer = answer_ask(
        lane=lane,
        question="How much notice must a landlord give?",
        mode="normal",
        user=reviewer,
        actor="reviewer",
    )
    codes = ["", "below_authority_floor", "not_applicable", "no_relevant_evidence"]
    now = timezone.now()
    copies = [
        Answer(
            lane=lane,
            question=f"{answer.question} ({i})",
            mode=answer.mode,
            status="answered" if not codes[i % 4] else "refused",
            refusal_code=codes[i % 4],
            text=answer.text,
            payload=answer.payload,
            asked_by=reviewer,
            asked_by_name="reviewer",
            review_verdict=["", "approve", "flag"][i % 3],
        )
        for i in range(n)
    ]
    Answer.objects.bulk_create(copies, batch_size=500)
    # Spread them over the dashboard's two weeks (created_at is auto_now_add on create).
    for day in range(14):
        Answer.objects.filter(question__endswith=f"{day})").update(
            created_at=now - dt.timedelta(days=day)
        )
    return answer, n


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
        lane, users, answer = data["lane"], data["users"], data["answer"]
        claim = next(
            (i, c["citations"][0])
            for i, c in enumerate(answer.payload.get("claims", []))
            if c.get("citations")
        )
        event = AuditEvent.objects.order_by("-id").first()
        pages = [
            ("curator", "lanes list (home)", "/"),
            ("curator", "lane page", f"/lanes/{lane.slug}/"),
            ("curator", "lane page, sorted by tier", f"/lanes/{lane.slug}/?sort=-tier"),
            ("curator", "lane page, filtered", f"/lanes/{lane.slug}/?tier=statute&q=Document%201"),
            ("curator", "lane page, page 40", f"/lanes/{lane.slug}/?page=40"),
            ("curator", "lane page, htmx fragment", f"/lanes/{lane.slug}/?q=doc"),
            ("curator", "document page", f"/lanes/{lane.slug}/documents/real-doc/"),
            ("curator", "upload page", f"/lanes/{lane.slug}/upload/"),
            ("curator", "authority CSV page", f"/lanes/{lane.slug}/authority-csv/"),
            ("curator", "job page (25 files)", f"/jobs/{data['job'].id}/"),
            ("admin", "lane settings", f"/lanes/{lane.slug}/settings/"),
            ("curator", "evaluations tab (20 runs)", f"/lanes/{lane.slug}/evaluations/"),
            ("curator", "evaluation run (60 x 4)", f"/evaluations/{data['run'].pk}/"),
            (
                "curator",
                "evaluation run, filtered",
                f"/evaluations/{data['run'].pk}/?mode=strict&expected=no",
            ),
            (
                "curator",
                "evaluation diff (60 x 4)",
                f"/evaluations/{data['earlier_run'].pk}/diff/{data['run'].pk}/",
            ),
            ("admin", "what-if (60 x 2)", f"/evaluations/{data['what_if'].pk}/"),
            ("auditor", "audit log", "/audit/"),
            (
                "auditor",
                "audit log, filtered",
                "/audit/?action=document.ingest&document_id=doc-00042",
            ),
            ("auditor", "audit event", f"/audit/events/{event.pk}/"),
            ("auditor", "chain status (re-hashes every event)", "/audit/chain/"),
            ("auditor", "dashboard", "/audit/dashboard/"),
            ("reviewer", "ask page (form)", "/ask/"),
            ("reviewer", "verify page (form)", "/verify/"),
            ("reviewer", "answer history", "/answers/"),
            (
                "reviewer",
                "answer history, filtered",
                "/answers/?status=refused&refusal_code=not_applicable&verdict=flag",
            ),
            ("reviewer", "answer page", f"/answers/{answer.pk}/"),
            ("reviewer", "answer memo (Markdown)", f"/answers/{answer.pk}/export.md"),
            ("reviewer", "answer memo, API", f"/api/answers/{answer.pk}/export.md"),
            (
                "reviewer",
                "citation panel",
                f"/answers/{answer.pk}/claims/{claim[0]}/citations/{quote(claim[1], safe='')}/",
            ),
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

"""Streaming exports: scoped and filtered like the list, lazy, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import json
from functools import partial
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import include, path

from audit import api as audit_api
from audit.export import neutralise
from audit.models import AuditEvent
from audit.selectors import EVENT_COLUMNS, iter_event_batches
from audit.services import audit_record

# Only the audit API is mounted, so other apps' URL modules cannot break these tests;
# test_the_project_mounts_the_audit_api checks the real urlconf.
urlpatterns = [path("api/audit/", include("audit.api_urls"))]
pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


def add(**kwargs: Any) -> AuditEvent:
    with transaction.atomic():
        params = {"actor": "alice", "action": "test.event", "lane": "ca-housing", **kwargs}
        return audit_record(**params)


def body(response: Any) -> str:
    assert response.status_code == 200
    assert response.streaming
    return b"".join(response.streaming_content).decode("utf-8")


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ('=HYPERLINK("x")', '\'=HYPERLINK("x")'),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("plain", "plain"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_cells_a_spreadsheet_would_run_get_a_leading_quote(cell: str, expected: str) -> None:
    assert neutralise(cell) == expected


def test_csv_export_has_the_event_columns_and_neutralised_cells(api: Any, auditor: Any) -> None:
    add(actor="=cmd|' /C calc'!A0", document_id="-2+3", details={"note": "@x"})
    rows = list(csv.reader(io.StringIO(body(api(auditor).get("/api/audit/export.csv")))))
    assert rows[0] == list(EVENT_COLUMNS)
    last = dict(zip(rows[0], rows[-1], strict=True))
    assert last["actor"] == "'=cmd|' /C calc'!A0"
    assert last["document_id"] == "'-2+3"
    assert json.loads(last["details"]) == {"note": "@x"}
    assert len(rows) == 1 + AuditEvent.objects.filter(lane="ca-housing").count()


def test_csv_export_is_served_as_an_attachment(api: Any, auditor: Any) -> None:
    response = api(auditor).get("/api/audit/export.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="audit.csv"'


def test_jsonl_export_matches_the_list_api_line_for_line(
    api: Any, make_user: Any, lane: Any
) -> None:
    client = api(make_user("root", superuser=True))
    for i in range(3):
        add(details={"i": i})
    lines = body(client.get("/api/audit/export.jsonl")).splitlines()
    assert [json.loads(line) for line in lines] == client.get("/api/audit/").json()["results"]


def test_exports_apply_the_filters_and_the_reader_scope(
    api: Any, auditor: Any, other_lane: Any
) -> None:
    add(action="document.ingest", document_id="d1")
    add(action="document.ingest", document_id="d2", lane="ny-housing")
    lines = body(api(auditor).get("/api/audit/export.jsonl", {"action": "document.ingest"}))
    assert [json.loads(x)["document_id"] for x in lines.splitlines()] == ["d1"]


def test_an_export_reads_in_batches_and_yields_before_reading_everything(
    api: Any, auditor: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(6):
        add(details={"i": i})
    monkeypatch.setattr(audit_api, "iter_event_batches", partial(iter_event_batches, batch=2))
    response = api(auditor).get("/api/audit/export.jsonl")
    stream = iter(response.streaming_content)
    with CaptureQueriesContext(connection) as queries:
        next(stream)
    assert len(queries) == 1  # one batch fetched for the first line, not the whole log
    with CaptureQueriesContext(connection) as queries:
        rest = list(stream)
    assert len(rest) == 6  # 7 events of the lane in all (with its creation)
    assert len(queries) == 3


def test_events_appended_during_an_export_are_left_out(
    api: Any, auditor: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(3):
        add(details={"i": i})
    monkeypatch.setattr(audit_api, "iter_event_batches", partial(iter_event_batches, batch=2))
    stream = iter(api(auditor).get("/api/audit/export.jsonl").streaming_content)
    first = next(stream)
    late = add(details={"late": True})
    ids = [json.loads(line)["id"] for line in [first, *stream]]
    assert late.pk not in ids
    assert len(ids) == 4


def test_a_newest_first_export_runs_backwards(api: Any, auditor: Any) -> None:
    for i in range(3):
        add(details={"i": i})
    ids = [
        json.loads(x)["id"]
        for x in body(api(auditor).get("/api/audit/export.jsonl", {"order": "desc"})).splitlines()
    ]
    assert ids == sorted(ids, reverse=True) and len(ids) == 4

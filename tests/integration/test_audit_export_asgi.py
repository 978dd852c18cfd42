"""Under ASGI the exports stream from an asynchronous iterator, byte for byte what WSGI sends.

Django drains a synchronous iterator into memory before an ASGI server sends a byte, so the
export must hand ASGI an asynchronous one. AsyncClient builds an ASGIRequest as uvicorn does;
async_to_sync runs the scenario with its thread-sensitive work on this test's thread, so it
shares the test's connection and transaction.
"""

from __future__ import annotations

import csv
import io
from functools import partial
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connection, transaction
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext
from django.urls import include, path

from access.tokens import api_token_issue
from audit import api as audit_api
from audit.selectors import iter_event_batches
from audit.services import audit_record

urlpatterns = [path("api/audit/", include("audit.api_urls"))]
pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

FORMATS = ["csv", "jsonl"]


def add(**kwargs: Any) -> None:
    with transaction.atomic():
        audit_record(**{"actor": "alice", "action": "test.event", "lane": "ca-housing", **kwargs})


@pytest.fixture
def log(lane: Any, other_lane: Any) -> None:
    """Events a spreadsheet would misread, non-ASCII text, and events of a lane not audited."""
    add(actor="=cmd|' /C calc'!A0", document_id="-2+3", details={"note": "@x", "tab": "\tx"})
    add(action="document.ingest", document_id="d1", details={"title": "Überweisung – 租约"})
    add(action="document.ingest", document_id="d2", lane="ny-housing")
    for i in range(5):
        add(details={"i": i, "text": 'line\nbreak, comma "quote"'})


def headers_for(user: Any) -> dict[str, str]:
    return {
        "Authorization": "Token " + api_token_issue(user=user, name="test", expires_in_days=1)[1]
    }


def asgi_export(url: str, headers: dict[str, str], params: dict[str, str]) -> tuple[Any, bytes]:
    async def scenario() -> tuple[Any, bytes]:
        response = await AsyncClient().get(url, params, headers=headers)
        return response, b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(scenario)()


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "params",
    [{}, {"action": "document.ingest"}, {"order": "desc"}, {"actor": "alice", "order": "desc"}],
    ids=["all", "action", "desc", "actor-desc"],
)
def test_an_asgi_export_is_asynchronous_and_sends_the_bytes_wsgi_sends(
    api: Any, auditor: Any, log: None, fmt: str, params: dict[str, str]
) -> None:
    url = f"/api/audit/export.{fmt}"
    wsgi = api(auditor).get(url, params)
    assert wsgi.is_async is False
    wsgi_bytes = b"".join(wsgi.streaming_content)

    asgi, asgi_bytes = asgi_export(url, headers_for(auditor), params)

    assert asgi.status_code == 200
    assert asgi.is_async is True
    assert asgi_bytes == wsgi_bytes
    assert b"ny-housing" not in asgi_bytes  # the reader's scope holds on both paths
    for name in ("Content-Type", "Content-Disposition", "Cache-Control"):
        assert asgi[name] == wsgi[name]


def test_an_asgi_export_neutralises_formula_cells(auditor: Any, log: None) -> None:
    _, body = asgi_export("/api/audit/export.csv", headers_for(auditor), {})
    rows = list(csv.DictReader(io.StringIO(body.decode())))
    assert (rows[1]["actor"], rows[1]["document_id"]) == ("'=cmd|' /C calc'!A0", "'-2+3")


def test_an_asgi_export_sends_a_batch_per_chunk_and_one_query_before_the_first(
    auditor: Any, log: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(audit_api, "iter_event_batches", partial(iter_event_batches, batch=3))
    headers = headers_for(auditor)

    async def scenario(queries: CaptureQueriesContext) -> tuple[int, list[bytes]]:
        response = await AsyncClient().get("/api/audit/export.jsonl", headers=headers)
        stream = aiter(response.streaming_content)
        # Counted on this test's thread, whose connection the export's queries use.
        count = sync_to_async(len)
        before = await count(queries)
        chunks = [await anext(stream)]
        queried_for_first = await count(queries) - before
        chunks += [chunk async for chunk in stream]
        return queried_for_first, chunks

    with CaptureQueriesContext(connection) as queries:
        queried_for_first, chunks = async_to_sync(scenario)(queries)
    assert queried_for_first == 1  # one batch fetched for the first chunk, not the whole log
    # The lane's creation and 7 events of ca-housing: batches of 3, 3 and 2 lines.
    assert [chunk.count(b"\n") for chunk in chunks] == [3, 3, 2]


def test_an_asgi_export_with_nothing_to_send_is_empty(auditor: Any, lane: Any) -> None:
    response, body = asgi_export("/api/audit/export.jsonl", headers_for(auditor), {"actor": "x"})
    assert response.is_async is True
    assert body == b""

"""The export under the real server: uvicorn streams it without holding it in memory.

Django drains a synchronous streaming iterator into a list before an ASGI server sends a byte;
these tests would see the whole export arrive at once and the server grow by its size.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx2
import psutil
import pytest
from django.db import connection

from tests.integration import test_mcp_support as support

http_server = support.http_server  # the shared fixture: uvicorn on this run's test database

EVENTS = 60_000
# A details text of this size makes each JSON line about 1 kB: a 60 MB export.
DETAILS_TEXT = 800
INSERT_EVENTS = """
    INSERT INTO audit_auditevent
        (at, actor, action, lane, document_id, details, canonical, prev_hash, hash)
    SELECT now() + i * interval '1 microsecond', 'loader', 'test.event', 'bulk', 'doc-' || i,
           jsonb_build_object('i', i, 'text', repeat('x', %s)), '',
           encode(sha256(('prev' || i)::bytea), 'hex'), encode(sha256(('hash' || i)::bytea), 'hex')
    FROM generate_series(1, %s) AS i
"""


def server_process(url: str) -> psutil.Process:
    """The uvicorn child of this test process that listens on ``url``'s port."""
    port = url.split(":")[2].split("/")[0]
    for child in psutil.Process().children(recursive=True):
        try:
            command = child.cmdline()
        except psutil.Error:  # gone since it was listed
            continue
        if "uvicorn" in command and port in command:
            return child
    raise LookupError(f"no uvicorn on port {port}")


@pytest.fixture
def reader_token(transactional_db: Any) -> str:
    """A superuser's API token (sees every event), and the bulk events, all committed.

    The events skip the writer: only the export reads them, and it does not verify the chain.
    """
    from django.contrib.auth.models import User

    from access.tokens import api_token_issue

    user = User.objects.create_superuser("root", password="pw-root")
    with connection.cursor() as cursor:
        cursor.execute(INSERT_EVENTS, [DETAILS_TEXT, EVENTS])
    return str(api_token_issue(user=user, name="test", expires_in_days=1)[1])


class PeakRss(threading.Thread):
    """Samples a process's resident memory every few milliseconds; keeps the highest."""

    def __init__(self, process: psutil.Process) -> None:
        super().__init__(daemon=True)
        self.process = process
        self.peak = process.memory_info().rss
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.01):
            self.peak = max(self.peak, self.process.memory_info().rss)


def test_uvicorn_streams_a_large_export_without_holding_it_in_memory(
    http_server: str, reader_token: str
) -> None:
    base = http_server.removesuffix("/mcp/")
    request: dict[str, Any] = {"headers": {"Authorization": "Token " + reader_token}, "timeout": 60}
    # Warm up first, so that code loaded on a first request does not count as the export's.
    warm = httpx2.get(f"{base}/api/audit/export.jsonl?document_id=doc-1", **request)
    assert warm.status_code == 200 and warm.text.count("\n") == 1
    sampler = PeakRss(server_process(http_server))
    baseline = sampler.peak
    sampler.start()

    size = lines = 0
    first_byte = None
    started = time.perf_counter()
    with httpx2.stream("GET", f"{base}/api/audit/export.jsonl", **request) as response:
        assert response.status_code == 200
        for chunk in response.iter_raw(1 << 16):
            first_byte = first_byte or time.perf_counter() - started
            size += len(chunk)
            lines += chunk.count(b"\n")
    total = time.perf_counter() - started
    sampler.done.set()
    sampler.join()

    assert lines == EVENTS
    assert size > EVENTS * DETAILS_TEXT
    # A drained iterator sends nothing until the whole export is rendered (first byte at ~100% of
    # the time); streaming sends the first batch at once. A third leaves room for a loaded
    # machine: 0.48 s of 4.4 s was seen while other tests ran beside this one.
    assert first_byte is not None and first_byte < total / 3, (first_byte, total)
    # A drained iterator holds all of it (over 60 MB); streaming holds a batch or two.
    growth = sampler.peak - baseline
    assert growth < size / 2, (growth, size)

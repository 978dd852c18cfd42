"""Parallel writers on separate connections never fork the chain."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, transaction

from audit.chain import verify_chain
from audit.models import AuditEvent
from audit.services import audit_record
from curation.services.lanes import lane_create

WRITERS = 8
EVENTS_EACH = 25


def _writer(index: int, start: threading.Barrier, errors: list[BaseException]) -> None:
    try:
        start.wait()
        for i in range(EVENTS_EACH):
            if i == 0:
                lane_create(actor=f"w{index}", slug=f"lane-{index}", name=f"Lane {index}")
                continue
            with transaction.atomic():
                audit_record(actor=f"w{index}", action="test.parallel", details={"i": i})
    except BaseException as exc:  # noqa: BLE001 - reported to the main thread
        errors.append(exc)
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_parallel_writers_leave_one_unforked_verifiable_chain() -> None:
    start = threading.Barrier(WRITERS)
    errors: list[BaseException] = []
    threads = [threading.Thread(target=_writer, args=(n, start, errors)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    total = WRITERS * EVENTS_EACH
    prev_hashes = list(AuditEvent.objects.values_list("prev_hash", flat=True))
    assert len(prev_hashes) == total
    assert len(set(prev_hashes)) == total
    assert sorted(set(AuditEvent.objects.values_list("actor", flat=True))) == sorted(
        f"w{n}" for n in range(WRITERS)
    )
    result = verify_chain()
    assert (result.ok, result.events) == (True, total)


@pytest.mark.django_db(transaction=True)
def test_a_flush_between_transactional_tests_leaves_an_empty_verifiable_log() -> None:
    """Runs after the test above: pytest-django's TRUNCATE emptied the log, the chain restarts."""
    assert not AuditEvent.objects.exists()
    with transaction.atomic():
        event: Any = audit_record(actor="alice", action="test.restart")
    assert event.prev_hash == ""
    assert verify_chain().ok

"""The hash chain: what each event stores, and verification naming the first broken event."""

from __future__ import annotations

import datetime as dt
import decimal
import enum
import json
from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audit import chain
from audit.hashing import (
    ERR_NON_FINITE,
    ERR_NOT_JSON,
    ERR_NUL,
    canonical_json,
    event_hash,
    fields_of,
)
from audit.models import AuditCheckpoint, AuditEvent
from audit.services import ERR_OUTSIDE_TRANSACTION, audit_record, checkpoint_now
from common.db_roles import owner_cursor

pytestmark = pytest.mark.django_db


def record(n: int = 1, **kwargs: Any) -> list[AuditEvent]:
    events = []
    for i in range(n):
        with transaction.atomic():
            params = {"actor": "alice", "action": "test.event", "details": {"i": i}, **kwargs}
            events.append(audit_record(**params))
    return events


def tamper(sql: str, params: list[Any] | None = None) -> None:
    """What the tables' owner (or a superuser) can do: switch the triggers off and rewrite a row.

    The app's own role cannot (test_database_roles.py); the owner's connection is another
    session, so the tests that tamper commit their events first (transactional tests).
    """
    with owner_cursor() as cursor:
        cursor.execute("SET lock_timeout = '20s'")  # fail, not hang, if a test forgot to commit
        for table in ("audit_auditevent", "audit_auditcheckpoint"):
            cursor.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        cursor.execute(sql, params or [])
        for table in ("audit_auditevent", "audit_auditcheckpoint"):
            cursor.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")


def test_each_event_links_to_the_hash_of_the_one_before() -> None:
    first, second, third = record(3)
    assert first.prev_hash == ""
    assert second.prev_hash == first.hash
    assert third.prev_hash == second.hash
    assert len({first.hash, second.hash, third.hash}) == 3


def test_the_hash_covers_the_stored_canonical_json_and_survives_the_database() -> None:
    (written,) = record(details={"b": [1, 2.5, None], "a": "é", "when": dt.date(2025, 1, 2)})
    row = AuditEvent.objects.get(pk=written.pk)
    assert row.at == written.at
    assert row.canonical == canonical_json(fields_of(row))
    assert row.hash == event_hash(row.prev_hash, fields_of(row))
    assert json.loads(row.canonical)["details"] == {
        "a": "é",
        "b": [1, 2.5, None],
        "when": "2025-01-02",
    }


def test_an_instant_with_no_microseconds_still_round_trips(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = dt.datetime(2025, 6, 1, 12, 0, 0, tzinfo=dt.UTC)
    monkeypatch.setattr("audit.services.timezone.now", lambda: whole)
    record(2)
    assert chain.verify_chain().ok


@pytest.mark.django_db(transaction=True)
def test_recording_outside_a_transaction_is_refused() -> None:
    with pytest.raises(RuntimeError, match=ERR_OUTSIDE_TRANSACTION):
        audit_record(actor="alice", action="test.event")


class Colour(enum.Enum):
    RED = "red"


def test_common_python_values_are_stored_as_their_json_form() -> None:
    (event,) = record(details={"c": Colour.RED, "d": decimal.Decimal("1.10"), "s": {"y", "x"}})
    assert AuditEvent.objects.get(pk=event.pk).details == {"c": "red", "d": "1.10", "s": ["x", "y"]}


@pytest.mark.parametrize(
    ("details", "error", "message"),
    [
        ({"x": object()}, TypeError, ERR_NOT_JSON.format(kind="object")),
        ({"x": float("nan")}, ValueError, ERR_NON_FINITE),
        ({"x": float("inf")}, ValueError, ERR_NON_FINITE),
        ({"x": "a\x00b"}, ValueError, ERR_NUL),
        (["not", "a", "dict"], TypeError, ERR_NOT_JSON.format(kind="list")),
    ],
)
def test_details_that_cannot_be_stored_faithfully_are_refused(
    details: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught, transaction.atomic():
        audit_record(actor="alice", action="test.event", details=details)
    assert str(caught.value) == message
    assert not AuditEvent.objects.exists()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=["Cs"])),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.text(max_size=8).filter(lambda k: "\x00" not in k), children, max_size=4
        )
    ),
    max_leaves=12,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(details=st.dictionaries(st.text(max_size=6).filter(lambda k: "\x00" not in k), json_values))
def test_any_json_details_read_back_hash_to_the_stored_hash(details: dict[str, Any]) -> None:
    with transaction.atomic():
        event = audit_record(actor="prop", action="test.property", details=details)
        row = AuditEvent.objects.get(pk=event.pk)
        assert row.canonical == canonical_json(fields_of(row))
        assert row.hash == event_hash(row.prev_hash, fields_of(row))
        transaction.set_rollback(True)


def test_an_empty_log_verifies() -> None:
    assert chain.verify_chain().as_dict() == {
        "ok": True,
        "events": 0,
        "first_bad_id": None,
        "reason": None,
        "head_hash": "",
        "checkpoints": 0,
        "first_bad_checkpoint_id": None,
    }


def test_an_intact_chain_verifies_and_reports_its_head() -> None:
    events = record(5)
    result = chain.verify_chain()
    assert (result.ok, result.events, result.head_hash) == (True, 5, events[-1].hash)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("actor", "mallory"),
        ("action", "test.other"),
        ("lane", "elsewhere"),
        ("document_id", "doc-9"),
        ("details", '{"i": 99}'),
        ("at", "2001-01-01T00:00:00+00:00"),
    ],
)
@pytest.mark.django_db(transaction=True)
def test_a_rewritten_column_is_detected_at_that_event(column: str, value: str) -> None:
    events = record(4)
    tamper(f"UPDATE audit_auditevent SET {column} = %s WHERE id = %s", [value, events[2].pk])
    result = chain.verify_chain()
    assert (result.ok, result.first_bad_id, result.reason) == (
        False,
        events[2].pk,
        chain.BAD_FIELDS,
    )
    assert result.events == 2


@pytest.mark.django_db(transaction=True)
def test_a_rewrite_that_also_fixes_canonical_and_hash_breaks_the_next_link() -> None:
    events = record(3)
    row = AuditEvent.objects.get(pk=events[1].pk)
    row.actor = "mallory"
    canonical = canonical_json(fields_of(row))
    forged = event_hash(row.prev_hash, fields_of(row))
    tamper(
        "UPDATE audit_auditevent SET actor = 'mallory', canonical = %s, hash = %s WHERE id = %s",
        [canonical, forged, row.pk],
    )
    result = chain.verify_chain()
    assert (result.first_bad_id, result.reason) == (events[2].pk, chain.BAD_LINK)


@pytest.mark.django_db(transaction=True)
def test_a_rewritten_hash_is_detected() -> None:
    events = record(2)
    tamper("UPDATE audit_auditevent SET hash = %s WHERE id = %s", ["0" * 64, events[0].pk])
    result = chain.verify_chain()
    assert (result.first_bad_id, result.reason) == (events[0].pk, chain.BAD_HASH)


@pytest.mark.django_db(transaction=True)
def test_a_deleted_event_breaks_the_link_of_the_one_after_it() -> None:
    events = record(4)
    tamper("DELETE FROM audit_auditevent WHERE id = %s", [events[1].pk])
    result = chain.verify_chain()
    assert (result.ok, result.first_bad_id, result.reason) == (False, events[2].pk, chain.BAD_LINK)


@pytest.mark.django_db(transaction=True)
def test_a_deleted_first_event_is_detected() -> None:
    events = record(2)
    tamper("DELETE FROM audit_auditevent WHERE id = %s", [events[0].pk])
    assert chain.verify_chain().first_bad_id == events[1].pk


@pytest.mark.django_db(transaction=True)
def test_events_written_before_canonical_was_stored_still_verify() -> None:
    record(3)
    tamper("UPDATE audit_auditevent SET canonical = ''")
    assert chain.verify_chain().ok


def test_checkpoints_are_written_every_n_events_and_verify(settings: Any) -> None:
    settings.CITENEXUS_AUDIT_CHECKPOINT_EVERY = 3
    events = record(7)
    checkpoints = list(AuditCheckpoint.objects.all())
    assert [(c.event_id, c.events) for c in checkpoints] == [(events[2].pk, 3), (events[5].pk, 6)]
    assert checkpoints[1].head_hash == events[5].hash
    result = chain.verify_chain()
    assert (result.ok, result.checkpoints) == (True, 2)


@pytest.mark.django_db(transaction=True)
def test_a_removed_tail_is_caught_by_the_signed_checkpoint() -> None:
    events = record(4)
    with transaction.atomic():
        cp = checkpoint_now()
    assert cp is not None and cp.event_id == events[-1].pk
    tamper("DELETE FROM audit_auditevent WHERE id >= %s", [events[2].pk])
    result = chain.verify_chain()
    assert (result.ok, result.first_bad_id) == (False, None)
    assert (result.first_bad_checkpoint_id, result.reason) == (cp.pk, chain.BAD_CHECKPOINT_HEAD)


@pytest.mark.django_db(transaction=True)
def test_a_forged_checkpoint_fails_its_signature(settings: Any) -> None:
    record(2)
    cp = checkpoint_now()
    assert cp is not None
    tamper("UPDATE audit_auditcheckpoint SET events = 99 WHERE id = %s", [cp.pk])
    result = chain.verify_chain()
    assert (result.first_bad_checkpoint_id, result.reason) == (
        cp.pk,
        chain.BAD_CHECKPOINT_SIGNATURE,
    )


def test_a_checkpoint_signed_under_another_key_fails(settings: Any) -> None:
    record(1)
    checkpoint_now()
    settings.CITENEXUS_AUDIT_HMAC_KEY = "a different key"
    assert chain.verify_chain().reason == chain.BAD_CHECKPOINT_SIGNATURE


def test_signing_without_a_key_is_refused(settings: Any) -> None:
    record(1)
    settings.CITENEXUS_AUDIT_HMAC_KEY = ""
    with pytest.raises(RuntimeError, match=chain.ERR_NO_KEY):
        checkpoint_now()


def test_checkpointing_an_empty_log_writes_nothing() -> None:
    assert checkpoint_now() is None
    assert not AuditCheckpoint.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_verification_reads_in_batches_across_batch_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chain, "BATCH", 2)
    events = record(5)
    assert chain.verify_chain().events == 5
    tamper("UPDATE audit_auditevent SET actor = 'x' WHERE id = %s", [events[4].pk])
    assert chain.verify_chain().first_bad_id == events[4].pk

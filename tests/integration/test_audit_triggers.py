"""PostgreSQL refuses to change or remove audit rows; only the test settings may TRUNCATE."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.db import DatabaseError, connection, transaction

from audit.models import ERR_APPEND_ONLY, AuditCheckpoint, AuditEvent
from tests.integration.test_audit_chain import record

pytestmark = pytest.mark.django_db


def refused(sql: str, params: list[Any] | None = None) -> str:
    with (
        pytest.raises(DatabaseError) as caught,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params or [])
    return str(caught.value)


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE audit_auditevent SET actor = 'mallory'",
        "DELETE FROM audit_auditevent",
        "UPDATE audit_auditcheckpoint SET events = 0",
        "DELETE FROM audit_auditcheckpoint",
    ],
)
def test_the_database_refuses_update_and_delete(sql: str) -> None:
    record(2)
    assert ERR_APPEND_ONLY in refused(sql)
    assert AuditEvent.objects.filter(actor="alice").count() == 2


def test_an_update_matching_no_row_is_refused_too() -> None:
    assert ERR_APPEND_ONLY in refused("DELETE FROM audit_auditevent WHERE false")


@pytest.mark.parametrize("table", ["audit_auditevent", "audit_auditcheckpoint"])
def test_truncate_is_refused_without_the_test_only_session_setting(table: str) -> None:
    record(1)
    with pytest.raises(DatabaseError) as caught, transaction.atomic(), connection.cursor() as cur:
        cur.execute("SET LOCAL citenexus.allow_audit_truncate = 'off'")
        cur.execute(f"TRUNCATE {table}")
    assert ERR_APPEND_ONLY in str(caught.value)
    assert AuditEvent.objects.count() == 1


def test_truncate_is_allowed_under_the_test_settings() -> None:
    record(1)
    with connection.cursor() as cursor:
        cursor.execute("SHOW citenexus.allow_audit_truncate")
        assert cursor.fetchone() == ("on",)
        cursor.execute("TRUNCATE audit_auditevent")
    assert not AuditEvent.objects.exists()


def test_the_orm_refuses_before_the_database_is_asked() -> None:
    (event,) = record(1)
    event.actor = "mallory"
    with pytest.raises(PermissionError, match=ERR_APPEND_ONLY):
        event.save()
    with pytest.raises(PermissionError, match=ERR_APPEND_ONLY):
        event.delete()
    assert ERR_APPEND_ONLY in refused_orm(lambda: AuditEvent.objects.update(actor="x"))
    assert ERR_APPEND_ONLY in refused_orm(lambda: AuditEvent.objects.all().delete())


def refused_orm(change: Any) -> str:
    with pytest.raises(DatabaseError) as caught, transaction.atomic():
        change()
    return str(caught.value)


def test_two_events_cannot_name_the_same_predecessor() -> None:
    (first,) = record(1)
    fork = AuditEvent(at=first.at, actor="x", action="fork", prev_hash="", hash="f" * 64)
    with pytest.raises(DatabaseError), transaction.atomic():
        fork.save(force_insert=True)


def test_every_table_of_the_audit_app_has_both_triggers() -> None:
    tables = {m._meta.db_table for m in apps.get_app_config("audit").get_models()}
    assert tables == {AuditEvent._meta.db_table, AuditCheckpoint._meta.db_table}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "WHERE NOT t.tgisinternal AND c.relname = ANY(%s)",
            [sorted(tables)],
        )
        found = set(cursor.fetchall())
    assert found == {(t, f"{t}_{kind}") for t in tables for kind in ("no_change", "no_truncate")}

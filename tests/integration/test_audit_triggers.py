"""The audit tables in the database: the app's role may only read and append; even the tables'
owner is refused UPDATE and DELETE by the triggers, and TRUNCATE unless the test-only session
setting is on (docs/deploy.md#database-roles, docs/audit.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.db import DatabaseError, connection, transaction

from audit.models import ERR_APPEND_ONLY, AuditCheckpoint, AuditEvent
from common.db_roles import owner_cursor, table_rights
from tests.integration.test_audit_chain import record

pytestmark = pytest.mark.django_db

TABLES = ["audit_auditevent", "audit_auditcheckpoint"]
ERR_NO_PRIVILEGE = "permission denied"
ERR_NOT_OWNER = "must be owner"


def refused(sql: str, params: list[Any] | None = None) -> str:
    """Run ``sql`` as the app's role (the test's own connection); the database's refusal."""
    with (
        pytest.raises(DatabaseError) as caught,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params or [])
    return str(caught.value)


def refused_to_owner(sql: str, *, allow_truncate: bool = True) -> str:
    with pytest.raises(DatabaseError) as caught, owner_cursor() as cursor:
        if not allow_truncate:
            cursor.execute("SET citenexus.allow_audit_truncate = 'off'")
        cursor.execute(sql)
    return str(caught.value)


def test_the_app_connects_as_a_role_that_owns_nothing() -> None:
    owner = connection.settings_dict["OWNER"]["USER"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        (role,) = cursor.fetchone()
        cursor.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND pg_get_userbyid(c.relowner) = current_user"
        )
        assert cursor.fetchone() == (0,)
        for table in TABLES:
            assert table_rights(cursor, role=role, table=table) == {"SELECT", "INSERT"}
        assert "UPDATE" in table_rights(cursor, role=role, table="curation_document")
    assert role != owner


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize(
    ("statement", "error"),
    [
        ("UPDATE {table} SET id = id", ERR_NO_PRIVILEGE),
        ("DELETE FROM {table}", ERR_NO_PRIVILEGE),
        ("TRUNCATE {table}", ERR_NO_PRIVILEGE),
        ("ALTER TABLE {table} DISABLE TRIGGER USER", ERR_NOT_OWNER),
        ("ALTER TABLE {table} DISABLE TRIGGER {table}_no_change", ERR_NOT_OWNER),
        ("DROP TRIGGER {table}_no_change ON {table}", ERR_NOT_OWNER),
        ("DROP TRIGGER {table}_no_truncate ON {table}", ERR_NOT_OWNER),
        ("DROP TABLE {table}", ERR_NOT_OWNER),
    ],
)
def test_the_app_role_cannot_change_the_audit_tables_or_their_triggers(
    table: str, statement: str, error: str
) -> None:
    record(2)
    message = refused(statement.format(table=table))
    assert error in message, message
    assert AuditEvent.objects.filter(actor="alice").count() == 2


def test_the_app_role_cannot_turn_the_truncate_hatch_into_a_truncate() -> None:
    record(1)
    with connection.cursor() as cursor:
        cursor.execute("SHOW citenexus.allow_audit_truncate")
        assert cursor.fetchone() == ("on",)  # the test settings set it on every connection
    assert ERR_NO_PRIVILEGE in refused("TRUNCATE audit_auditevent")
    assert AuditEvent.objects.count() == 1


def test_the_app_role_cannot_replace_the_trigger_functions() -> None:
    message = refused(
        "CREATE OR REPLACE FUNCTION citenexus_audit_refuse_change() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$"
    )
    assert ERR_NOT_OWNER in message or ERR_NO_PRIVILEGE in message, message


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE audit_auditevent SET actor = 'mallory'",
        "DELETE FROM audit_auditevent",
        "UPDATE audit_auditcheckpoint SET events = 0",
        "DELETE FROM audit_auditcheckpoint",
        "DELETE FROM audit_auditevent WHERE false",
    ],
)
def test_the_triggers_refuse_update_and_delete_even_to_the_owner(sql: str) -> None:
    record(2)
    assert ERR_APPEND_ONLY in refused_to_owner(sql)
    assert AuditEvent.objects.filter(actor="alice").count() == 2


@pytest.mark.django_db(transaction=True)  # TRUNCATE waits for the test's own transaction
@pytest.mark.parametrize("table", TABLES)
def test_truncate_is_refused_to_the_owner_without_the_test_only_session_setting(
    table: str,
) -> None:
    record(1)
    assert ERR_APPEND_ONLY in refused_to_owner(f"TRUNCATE {table}", allow_truncate=False)
    assert AuditEvent.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_owner_may_truncate_under_the_test_settings() -> None:
    record(1)
    with owner_cursor() as cursor:
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
    assert ERR_NO_PRIVILEGE in refused_orm(lambda: AuditEvent.objects.update(actor="x"))
    assert ERR_NO_PRIVILEGE in refused_orm(lambda: AuditEvent.objects.all().delete())


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

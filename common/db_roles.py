"""The app role's rights (docs/deploy.md#database-roles): everything it needs on ordinary tables,
only SELECT and INSERT on the protected ones (the audit log), and never ownership.

Run by ``migrate`` as the owner after every migration, so a table added later gets the same
rights. Ownership is what lets a role ALTER or DROP a table or its triggers; the app role owns
nothing, so ``ALTER TABLE … DISABLE TRIGGER`` and ``DROP TRIGGER`` fail for it whatever it is
granted.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connections
from psycopg import sql

ORDINARY_TABLE_RIGHTS = "SELECT, INSERT, UPDATE, DELETE, TRUNCATE"
PROTECTED_TABLE_RIGHTS = "SELECT, INSERT"
MAINTAIN_SINCE = 170000


def grant_app_role(cursor: Any, *, app_role: str, protected_tables: Iterable[str]) -> None:
    """Give ``app_role`` its rights on every table of the public schema; inside the owner's session."""
    role = sql.Identifier(app_role)
    cursor.execute(
        sql.SQL("GRANT " + ORDINARY_TABLE_RIGHTS + " ON ALL TABLES IN SCHEMA public TO {}").format(
            role
        )
    )
    cursor.execute(
        sql.SQL("GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {}").format(role)
    )
    cursor.execute("SHOW server_version_num")
    if int(cursor.fetchone()[0]) >= MAINTAIN_SINCE:
        # ANALYZE and VACUUM of ordinary tables (PostgreSQL 17 and later); not of the audit's.
        cursor.execute(sql.SQL("GRANT MAINTAIN ON ALL TABLES IN SCHEMA public TO {}").format(role))
    for table in protected_tables:
        name = sql.Identifier(table)
        cursor.execute(sql.SQL("REVOKE ALL ON TABLE {} FROM {}, PUBLIC").format(name, role))
        cursor.execute(
            sql.SQL("GRANT " + PROTECTED_TABLE_RIGHTS + " ON TABLE {} TO {}").format(name, role)
        )


@contextmanager
def owner_cursor(using: str = "default") -> Iterator[Any]:
    """A cursor on a connection of its own as the owner (autocommit), for the schema changes
    the app itself makes (``reembed``'s index); the app's connection when there is one role."""
    connection = connections[using]
    owner = (connection.settings_dict.get("OWNER") or {}).get("USER")
    if not owner:
        with connection.cursor() as cursor:
            yield cursor
        return
    other = connection.copy()
    other.settings_dict["USER"] = owner
    other.settings_dict["PASSWORD"] = connection.settings_dict["OWNER"].get("PASSWORD", "")
    try:
        with other.cursor() as cursor:
            yield cursor
    finally:
        other.close()


def table_rights(cursor: Any, *, role: str, table: str) -> set[str]:
    """The privileges ``role`` holds on ``table`` (for tests and ``check``)."""
    rights = set()
    privileges = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")
    cursor.execute("SHOW server_version_num")
    if int(cursor.fetchone()[0]) >= MAINTAIN_SINCE:
        privileges += ("MAINTAIN",)
    for privilege in privileges:
        cursor.execute("SELECT has_table_privilege(%s, %s, %s)", [role, table, privilege])
        if cursor.fetchone()[0]:
            rights.add(privilege)
    return rights

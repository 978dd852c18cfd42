"""Django's PostgreSQL backend, plus ``as_owner()``: the same database as the owner role.

The app connects as a role that may not change the schema nor write around the audit log's
triggers (docs/deploy.md#database-roles). Schema changes need the owner: ``migrate`` (audit's
override of the command), creating and dropping the test database, and flushing it between
tests (pytest-django's TRUNCATE) run inside ``as_owner()``. Without an ``OWNER`` entry in the
database settings (one role for everything) ``as_owner()`` changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db.backends.postgresql import base, creation, operations

CREDENTIALS = ("USER", "PASSWORD")
ERR_IN_TRANSACTION = "cannot switch to the owner role inside a transaction"


class DatabaseCreation(creation.DatabaseCreation):
    def create_test_db(self, *args: Any, **kwargs: Any) -> str:
        with self.connection.as_owner():
            name: str = super().create_test_db(*args, **kwargs)
            return name

    def destroy_test_db(self, *args: Any, **kwargs: Any) -> None:
        with self.connection.as_owner():
            super().destroy_test_db(*args, **kwargs)


class DatabaseOperations(operations.DatabaseOperations):
    def execute_sql_flush(self, sql_list: list[str]) -> None:
        # Outside a transaction only (a flush inside one stays with the app role, and fails on
        # the tables it may not truncate).
        if self.connection.in_atomic_block:
            super().execute_sql_flush(sql_list)
            return
        with self.connection.as_owner():
            super().execute_sql_flush(sql_list)


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation
    ops_class = DatabaseOperations

    _owner_depth = 0
    _app_settings: dict[str, Any] | None = None

    def owner_role(self) -> str | None:
        owner = self.settings_dict.get("OWNER") or {}
        return owner.get("USER") or None

    def app_role(self) -> str:
        """The role the app connects as, also while this connection is the owner's."""
        return str((self._app_settings or self.settings_dict).get("USER") or "")

    @contextmanager
    def as_owner(self) -> Iterator[None]:
        """Reconnect as the owner for the duration; re-entrant; back to the app role after.

        The settings dict is shared by every thread's connection, so this connection gets its
        own copy rather than changing the shared one.
        """
        owner = self.settings_dict.get("OWNER") or {}
        if not owner.get("USER") or self._owner_depth:
            self._owner_depth += 1
            try:
                yield
            finally:
                self._owner_depth -= 1
            return
        if self.in_atomic_block:
            raise RuntimeError(ERR_IN_TRANSACTION)
        shared = self.settings_dict
        self.close()
        self.settings_dict = {
            **shared,
            "USER": owner["USER"],
            "PASSWORD": owner.get("PASSWORD", ""),
        }
        self._owner_depth = 1
        self._app_settings = shared
        try:
            yield
        finally:
            self._owner_depth = 0
            self._app_settings = None
            self.close()
            # Keep what changed meanwhile (create_test_db renames the database), not the role.
            shared.update({k: v for k, v in self.settings_dict.items() if k not in CREDENTIALS})
            self.settings_dict = shared

"""A PostgreSQL backend that starts the embedded server on first connection.

Importing settings must stay cheap (unit tests and ``manage.py --help`` need no database), so
the server is started lazily, here, when Django first opens a connection.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base

from common.embedded_postgres import ensure_server


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        embedded = self.settings_dict["EMBEDDED"]
        # The configured database (never the test database, which Django creates itself).
        params["host"] = ensure_server(embedded["DATA_DIR"], embedded["DATABASE"])
        params["user"] = "postgres"
        return params

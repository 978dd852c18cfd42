"""A PostgreSQL backend that starts the embedded server on first connection.

Importing settings must stay cheap (unit tests and ``manage.py --help`` need no database), so
the server is started lazily, here, when Django first opens a connection. It connects as the
role the settings name (the app role at run time, the owner inside ``as_owner()``).
"""

from __future__ import annotations

from typing import Any

from citenexus_web.db.postgresql import base
from common.embedded_postgres import ensure_server


class DatabaseWrapper(base.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        embedded = self.settings_dict["EMBEDDED"]
        # The configured database (never the test database, which Django creates itself).
        params["host"] = ensure_server(embedded["DATA_DIR"], embedded["DATABASE"])
        params["user"] = self.settings_dict.get("USER") or "postgres"
        return params

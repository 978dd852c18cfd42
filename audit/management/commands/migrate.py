"""``migrate`` as the database's owner, then the app role's rights (docs/deploy.md#database-roles).

The app connects as a role that owns nothing and may only SELECT and INSERT on the audit
tables, so it can neither write around the append-only triggers nor drop them. Migrations need
the owner: this command reconnects as the owner (the backend's ``as_owner``), migrates, and
grants the app role its rights on every table, the audit tables excepted.
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from django.apps import apps
from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

from common.db_roles import grant_app_role


def audit_tables() -> list[str]:
    return sorted(m._meta.db_table for m in apps.get_app_config("audit").get_models())


class Command(DjangoMigrate):
    help = DjangoMigrate.help + " Runs as the owner role; then grants the app role its rights."

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        as_owner = getattr(connection, "as_owner", None)
        owner = getattr(connection, "owner_role", lambda: None)()
        app_role = getattr(connection, "app_role", lambda: "")()
        with as_owner() if as_owner else nullcontext():
            super().handle(*args, **options)
            if owner and app_role and app_role != owner:
                with connection.cursor() as cursor:
                    grant_app_role(cursor, app_role=app_role, protected_tables=audit_tables())

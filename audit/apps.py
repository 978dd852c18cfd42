"""The audit app: lets the test settings TRUNCATE audit tables on every new connection."""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.db.backends.signals import connection_created

ALLOW_TRUNCATE_SQL = "SET citenexus.allow_audit_truncate = 'on'"


def allow_truncate(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Only under CITENEXUS_AUDIT_ALLOW_TRUNCATE (test settings): pytest-django flushes by TRUNCATE."""
    if (
        getattr(settings, "CITENEXUS_AUDIT_ALLOW_TRUNCATE", False)
        and connection.vendor == "postgresql"
    ):
        with connection.cursor() as cursor:
            cursor.execute(ALLOW_TRUNCATE_SQL)


class AuditConfig(AppConfig):
    name = "audit"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        connection_created.connect(allow_truncate, dispatch_uid="audit.allow_truncate")

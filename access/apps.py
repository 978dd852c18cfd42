"""The access app: lanes and roles (their models keep the ``curation`` label) and API tokens."""

from __future__ import annotations

from django.apps import AppConfig


class AccessConfig(AppConfig):
    name = "access"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the token scheme with drf-spectacular (it registers on import).
        from access import schema  # noqa: F401

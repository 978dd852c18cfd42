"""Read-only admin for the audit log: it can be browsed, never added to, edited or deleted."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from audit.models import AuditCheckpoint, AuditEvent
from audit.selectors import EVENT_COLUMNS


class NoWrites:
    """Admin permissions that allow browsing only: for model admins and inlines alike."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(NoWrites, admin.ModelAdmin):  # type: ignore[type-arg]
    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        return {}


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ("id", "at", "actor", "action", "lane", "document_id")
    list_filter = ("action",)
    search_fields = ("actor", "lane", "document_id", "hash")
    # The columns every reader of the log shows (audit.selectors), plus the canonical form hashed.
    readonly_fields = (*(c for c in EVENT_COLUMNS if c != "id"), "canonical")
    show_full_result_count = False  # no COUNT(*) over a million rows on every page


@admin.register(AuditCheckpoint)
class AuditCheckpointAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "event_id", "events", "head_hash")
    readonly_fields = ("created_at", "event_id", "events", "head_hash", "signature")

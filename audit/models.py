"""The audit log: identifiers and snapshots only, never foreign keys (docs/design.md#the-audit-log).

Both tables are append-only: PostgreSQL triggers (migration 0003) refuse UPDATE, DELETE and
TRUNCATE, and the models refuse them before the database is asked.
"""

from __future__ import annotations

from typing import Any

from django.db import models

ERR_APPEND_ONLY = "the audit log is append-only"


class AppendOnlyModel(models.Model):
    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not kwargs.get("force_insert") and (self.pk is not None or kwargs.get("update_fields")):
            raise PermissionError(ERR_APPEND_ONLY)
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise PermissionError(ERR_APPEND_ONLY)


class AuditEvent(AppendOnlyModel):
    at = models.DateTimeField(db_index=True)
    actor = models.CharField(max_length=200, db_index=True)
    action = models.CharField(max_length=50, db_index=True)
    lane = models.CharField(max_length=63, blank=True, default="", db_index=True)
    document_id = models.CharField(max_length=200, blank=True, default="", db_index=True)
    details = models.JSONField(default=dict, blank=True)
    # The exact text that was hashed (events written before 0002 have it empty).
    canonical = models.TextField(blank=True, default="")
    # Unique: two events naming the same predecessor would be a fork.
    prev_hash = models.CharField(max_length=64, blank=True, default="", unique=True)
    hash = models.CharField(max_length=64, unique=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.action} by {self.actor}"


class AuditCheckpoint(AppendOnlyModel):
    """A signed statement that the chain's head was ``head_hash`` at event ``event_id``."""

    created_at = models.DateTimeField()
    event_id = models.BigIntegerField(db_index=True)
    events = models.BigIntegerField(help_text="events in the chain up to and including event_id")
    head_hash = models.CharField(max_length=64)
    signature = models.CharField(max_length=64, help_text="HMAC-SHA256, hex")

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"checkpoint at #{self.event_id}"

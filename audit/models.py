"""The audit log: identifiers and snapshots only, never foreign keys (SPEC §2)."""

from __future__ import annotations

from django.db import models


class AuditEvent(models.Model):
    at = models.DateTimeField(db_index=True)
    actor = models.CharField(max_length=200, db_index=True)
    action = models.CharField(max_length=50, db_index=True)
    lane = models.CharField(max_length=63, blank=True, default="", db_index=True)
    document_id = models.CharField(max_length=200, blank=True, default="", db_index=True)
    details = models.JSONField(default=dict, blank=True)
    prev_hash = models.CharField(max_length=64, blank=True, default="")
    hash = models.CharField(max_length=64, unique=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.action} by {self.actor}"

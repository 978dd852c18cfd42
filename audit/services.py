"""The one way other apps write to the audit log. Call it inside the transaction of the change."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from django.db import connection
from django.utils import timezone

from audit.models import AuditEvent

# Serialises writers so the chain never forks (a transaction-scoped advisory lock).
CHAIN_LOCK_ID = 0x43495445  # "CITE"


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def event_hash(prev_hash: str, fields: dict[str, Any]) -> str:
    return hashlib.sha256((prev_hash + canonical_json(fields)).encode("utf-8")).hexdigest()


def event_fields(
    *, at: datetime, actor: str, action: str, lane: str, document_id: str, details: dict[str, Any]
) -> dict[str, Any]:
    return {
        "at": at.isoformat(),
        "actor": actor,
        "action": action,
        "lane": lane,
        "document_id": document_id,
        "details": details,
    }


def audit_record(
    *,
    actor: str,
    action: str,
    lane: str = "",
    document_id: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event to the chain, in the caller's transaction."""
    if not connection.in_atomic_block:
        raise RuntimeError("audit_record must run inside the transaction of the change it records")
    details = json.loads(canonical_json(details or {}))
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CHAIN_LOCK_ID])
    last = AuditEvent.objects.order_by("-id").values_list("hash", flat=True).first()
    prev_hash = last or ""
    at = timezone.now()
    fields = event_fields(
        at=at, actor=actor, action=action, lane=lane, document_id=document_id, details=details
    )
    event = AuditEvent(
        at=at,
        actor=actor,
        action=action,
        lane=lane,
        document_id=document_id,
        details=details,
        prev_hash=prev_hash,
        hash=event_hash(prev_hash, fields),
    )
    event.save(force_insert=True)
    return event

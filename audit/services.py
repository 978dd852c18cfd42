"""The one way other apps write to the audit log. Call it inside the transaction of the change.

Each event is chained to the one before by its hash (``hashing``); the canonical text is stored
with the event so that anyone can re-hash it without reimplementing our encoder. Every so many
events, and on demand, the chain's head is signed (``chain.checkpoint_write``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from audit.chain import checkpoint_due, checkpoint_write
from audit.hashing import canonical_json, event_fields, hash_canonical, normalise_details
from audit.models import AuditCheckpoint, AuditEvent

# Serialises writers so the chain never forks (a transaction-scoped advisory lock).
CHAIN_LOCK_ID = 0x43495445  # "CITE"
# With this many events since the last signed checkpoint, audit_record writes a new one.
DEFAULT_CHECKPOINT_EVERY = 1000

ERR_OUTSIDE_TRANSACTION = "audit_record must run inside the transaction of the change it records"


def _checkpoint_every() -> int:
    return int(getattr(settings, "CITENEXUS_AUDIT_CHECKPOINT_EVERY", DEFAULT_CHECKPOINT_EVERY))


def audit_record(
    *,
    actor: str,
    action: str,
    lane: str = "",
    document_id: str = "",
    details: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event to the chain, in the caller's transaction.

    Writers take a transaction-scoped advisory lock, so the predecessor read here is the last
    committed event and stays the last until we commit; a unique ``prev_hash`` backs this up.
    """
    if not connection.in_atomic_block:
        raise RuntimeError(ERR_OUTSIDE_TRANSACTION)
    clean = normalise_details(details)
    _lock_chain()
    prev_hash = AuditEvent.objects.order_by("-id").values_list("hash", flat=True).first() or ""
    # Microseconds survive timestamptz exactly; the hash is over the value the row gives back.
    at = timezone.now().astimezone(dt.UTC)
    fields = event_fields(
        at=at, actor=actor, action=action, lane=lane, document_id=document_id, details=clean
    )
    canonical = canonical_json(fields)
    event = AuditEvent(
        at=at,
        actor=actor,
        action=action,
        lane=lane,
        document_id=document_id,
        details=clean,
        canonical=canonical,
        prev_hash=prev_hash,
        hash=hash_canonical(prev_hash, canonical),
    )
    event.save(force_insert=True)
    every = _checkpoint_every()
    if every > 0 and checkpoint_due(event, every):
        checkpoint_write(event)
    return event


def _lock_chain() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CHAIN_LOCK_ID])


def checkpoint_now() -> AuditCheckpoint | None:
    """Sign the current head (for cron or the audit_checkpoint command); None when empty."""
    with transaction.atomic():
        _lock_chain()
        head = AuditEvent.objects.order_by("-id").first()
        return checkpoint_write(head) if head is not None else None

"""Recompute the hash chain and check the signed checkpoints against it.

An event is good when its stored canonical text is what its columns encode, its hash is
SHA-256(prev_hash + canonical), and its prev_hash is the hash of the event before it (the
first event's is empty). A checkpoint is good when its HMAC is valid under the configured key
and the event it names still exists with the hash it recorded. The first bad thing is named.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db.models import Max
from django.utils import timezone

from audit.hashing import canonical_json, event_fields, hash_canonical
from audit.models import AuditCheckpoint, AuditEvent

BATCH = 5000

BAD_FIELDS = "fields_changed"  # the columns no longer encode the text that was hashed
BAD_HASH = "hash_mismatch"  # the stored hash is not SHA-256(prev_hash + canonical)
BAD_LINK = "broken_link"  # prev_hash is not the hash of the event before
BAD_CHECKPOINT_SIGNATURE = "checkpoint_signature"
BAD_CHECKPOINT_HEAD = "checkpoint_head"  # the event a checkpoint names is gone or changed

ERR_NO_KEY = "CITENEXUS_AUDIT_HMAC_KEY is empty: checkpoints cannot be signed"

_EVENT_COLUMNS = ("id", "at", "actor", "action", "lane", "document_id", "details")
_CHAIN_COLUMNS = (*_EVENT_COLUMNS, "canonical", "prev_hash", "hash")


@dataclass
class VerifyResult:
    ok: bool
    events: int
    first_bad_id: int | None = None
    reason: str | None = None
    head_hash: str = ""
    checkpoints: int = 0
    first_bad_checkpoint_id: int | None = None
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "events": self.events,
            "first_bad_id": self.first_bad_id,
            "reason": self.reason,
            "head_hash": self.head_hash,
            "checkpoints": self.checkpoints,
            "first_bad_checkpoint_id": self.first_bad_checkpoint_id,
        }


def iter_rows(*columns: str, upto: int | None = None) -> Iterator[tuple[Any, ...]]:
    """Every event in id order, a batch at a time, never the whole table in memory."""
    batch = BATCH
    last = 0
    query = AuditEvent.objects.order_by("id")
    if upto is not None:
        query = query.filter(id__lte=upto)
    while True:
        rows = list(query.filter(id__gt=last).values_list(*columns)[:batch])
        yield from rows
        if len(rows) < batch:
            return
        last = rows[-1][0]


def _check_event(row: tuple[Any, ...], expected_prev: str) -> str | None:
    event_id, at, actor, action, lane, document_id, details, canonical, prev_hash, hash_ = row
    del event_id
    recomputed = canonical_json(
        event_fields(
            at=at, actor=actor, action=action, lane=lane, document_id=document_id, details=details
        )
    )
    if canonical and canonical != recomputed:
        return BAD_FIELDS
    if hash_ != hash_canonical(prev_hash, recomputed):
        return BAD_HASH
    if prev_hash != expected_prev:
        return BAD_LINK
    return None


def verify_chain(*, check_checkpoints: bool = True) -> VerifyResult:
    """Walk the whole chain once; stop at the first broken event and name it."""
    # Checkpoints first: each one then names an event that existed before the walk began.
    cp_upto = AuditCheckpoint.objects.aggregate(m=Max("id"))["m"] or 0
    upto = AuditEvent.objects.aggregate(m=Max("id"))["m"]
    count = 0
    prev = ""
    hashes: dict[int, str] = {}
    wanted = _checkpoint_events(cp_upto) if check_checkpoints else set()
    if upto is not None:
        for row in iter_rows(*_CHAIN_COLUMNS, upto=upto):
            reason = _check_event(row, prev)
            if reason is not None:
                return VerifyResult(
                    False, count, first_bad_id=row[0], reason=reason, head_hash=prev
                )
            count += 1
            prev = row[-1]
            if row[0] in wanted:
                hashes[row[0]] = prev
    result = VerifyResult(True, count, head_hash=prev)
    if check_checkpoints:
        _verify_checkpoints(result, hashes, cp_upto)
    return result


def _checkpoint_events(cp_upto: int) -> set[int]:
    return set(AuditCheckpoint.objects.filter(id__lte=cp_upto).values_list("event_id", flat=True))


def _verify_checkpoints(result: VerifyResult, hashes: dict[int, str], cp_upto: int) -> None:
    for cp in AuditCheckpoint.objects.filter(id__lte=cp_upto).order_by("id").iterator():
        result.checkpoints += 1
        reason = None
        if not hmac.compare_digest(cp.signature, checkpoint_signature(cp)):
            reason = BAD_CHECKPOINT_SIGNATURE
        elif hashes.get(cp.event_id) != cp.head_hash:
            reason = BAD_CHECKPOINT_HEAD
        if reason is not None:
            result.ok = False
            result.reason = reason
            result.first_bad_checkpoint_id = cp.pk
            return


def _key() -> bytes:
    key = str(getattr(settings, "CITENEXUS_AUDIT_HMAC_KEY", "") or "")
    if not key:
        raise RuntimeError(ERR_NO_KEY)
    return key.encode("utf-8")


def checkpoint_message(cp: AuditCheckpoint) -> str:
    return canonical_json(
        {
            "created_at": cp.created_at.isoformat(),
            "event_id": cp.event_id,
            "events": cp.events,
            "head_hash": cp.head_hash,
        }
    )


def checkpoint_signature(cp: AuditCheckpoint) -> str:
    """HMAC-SHA256 of the checkpoint's canonical JSON under the configured key."""
    return hmac.new(_key(), checkpoint_message(cp).encode("utf-8"), hashlib.sha256).hexdigest()


def checkpoint_due(event: AuditEvent, every: int) -> bool:
    last = AuditCheckpoint.objects.order_by("-id").values_list("event_id", flat=True).first() or 0
    return AuditEvent.objects.filter(id__gt=last, id__lte=event.pk).count() >= every


def checkpoint_write(event: AuditEvent) -> AuditCheckpoint:
    """Sign the chain's head at ``event``; the caller holds the chain lock (``audit.services``)."""
    cp = AuditCheckpoint(
        created_at=timezone.now(),
        event_id=event.pk,
        events=AuditEvent.objects.filter(id__lte=event.pk).count(),
        head_hash=event.hash,
    )
    cp.signature = checkpoint_signature(cp)
    cp.save(force_insert=True)
    return cp

"""The log's scheduled work: a signed checkpoint of the chain's head (Celery beat; docs/audit.md).

``manage.py audit_checkpoint`` does the same by hand or from cron. The checkpoint is logged as
well as stored, so the head and its HMAC reach the log collector, outside the database.
"""

from __future__ import annotations

import logging

from celery import shared_task

from audit.services import checkpoint_now

log = logging.getLogger(__name__)

TASK_NAME = "audit.checkpoint"
MSG_EMPTY = "audit checkpoint: the audit log is empty, nothing to sign"
MSG_SIGNED = "audit checkpoint %s: event %s, %s events, head %s, hmac %s"


@shared_task(name=TASK_NAME)
def audit_checkpoint() -> int | None:
    """Sign the chain's current head; the checkpoint's id, or None when the log is empty."""
    checkpoint = checkpoint_now()
    if checkpoint is None:
        log.info(MSG_EMPTY)
        return None
    log.info(
        MSG_SIGNED,
        checkpoint.pk,
        checkpoint.event_id,
        checkpoint.events,
        checkpoint.head_hash,
        checkpoint.signature,
    )
    return int(checkpoint.pk)

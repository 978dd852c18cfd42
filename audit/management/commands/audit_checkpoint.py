"""``manage.py audit_checkpoint``: sign the chain's current head (run it from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from audit.services import checkpoint_now

MSG_EMPTY = "the audit log is empty: nothing to sign"
MSG_SIGNED = "checkpoint {id}: event {event_id}, {events} events, head {head}, hmac {signature}"


class Command(BaseCommand):
    help = "Write an HMAC-signed checkpoint of the audit chain's head and print it for safekeeping."

    def handle(self, *args: Any, **options: Any) -> None:
        cp = checkpoint_now()
        if cp is None:
            self.stdout.write(MSG_EMPTY)
            return
        self.stdout.write(
            MSG_SIGNED.format(
                id=cp.pk,
                event_id=cp.event_id,
                events=cp.events,
                head=cp.head_hash,
                signature=cp.signature,
            )
        )

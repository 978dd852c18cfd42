"""``manage.py verify_audit``: recompute the chain; exit 1 naming the first broken event."""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.chain import verify_chain

MSG_OK = "audit chain ok: {events} events, {checkpoints} checkpoints, head {head}"
MSG_BAD_EVENT = "audit chain broken at event {id} ({reason}); {events} events before it are good"
MSG_BAD_CHECKPOINT = "audit checkpoint {id} does not match the chain ({reason})"


class Command(BaseCommand):
    help = "Recompute the audit hash chain and its signed checkpoints; fail on the first break."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.add_argument(
            "--expect-head",
            default="",
            help="an exported head hash that must still be in the chain at or before its head",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        result = verify_chain()
        data = result.as_dict()
        data["seconds"] = round(time.perf_counter() - started, 3)
        if options["json"]:
            self.stdout.write(json.dumps(data, sort_keys=True))
        if result.first_bad_id is not None:
            raise CommandError(
                MSG_BAD_EVENT.format(
                    id=result.first_bad_id, reason=result.reason, events=result.events
                )
            )
        if result.first_bad_checkpoint_id is not None:
            raise CommandError(
                MSG_BAD_CHECKPOINT.format(id=result.first_bad_checkpoint_id, reason=result.reason)
            )
        if options["expect_head"]:
            _check_head(options["expect_head"], result.head_hash)
        if not options["json"]:
            self.stdout.write(
                MSG_OK.format(
                    events=result.events, checkpoints=result.checkpoints, head=result.head_hash
                )
            )


MSG_HEAD_MISSING = "the exported head {head} is not an event of this chain (events were removed?)"


def _check_head(expected: str, head: str) -> None:
    from audit.models import AuditEvent

    if expected != head and not AuditEvent.objects.filter(hash=expected).exists():
        raise CommandError(MSG_HEAD_MISSING.format(head=expected))

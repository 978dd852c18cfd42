"""Apply an authority CSV to a lane from the command line (dry run first by default)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.errors import ServiceError
from curation.models import Lane
from curation.services.authority_csv import authority_csv_apply


class Command(BaseCommand):
    help = "manage.py import_authority LANE FILE [--apply] [--valid-rows-only] [--actor NAME]"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lane")
        parser.add_argument("file")
        parser.add_argument("--apply", action="store_true", help="apply; without it, a dry run")
        parser.add_argument("--valid-rows-only", action="store_true")
        parser.add_argument("--actor", default="cli")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        lane = Lane.objects.filter(slug=options["lane"]).first()
        if lane is None:
            raise CommandError(f"no lane {options['lane']!r}")
        try:
            result = authority_csv_apply(
                lane=lane,
                data=Path(options["file"]).read_bytes(),
                actor=f"cli:{options['actor']}",
                dry_run=not options["apply"],
                confirm_valid_rows=options["valid_rows_only"],
            )
        except ServiceError as exc:
            if options["json"]:
                self.stdout.write(json.dumps({"error": exc.message, **exc.details}, indent=2))
            elif "changes" in exc.details:
                self._report(exc.details)
            raise CommandError(exc.message) from exc
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2))
        else:
            self._report(result)

    def _report(self, result: dict[str, Any]) -> None:
        verb = "would change" if result.get("dry_run") else "changed"
        for change in result.get("changes", []):
            self.stdout.write(
                f"line {change['line']}: {change['document_id']} {verb} "
                f"tier {change['tier_before'] or '-'} -> {change['tier_after'] or '-'}"
            )
        for item in result.get("unknown_tiers", []):
            hint = f" (did you mean {item['closest']!r}?)" if item.get("closest") else ""
            self.stdout.write(f"line {item['line']}: unknown tier {item['value']!r}{hint}")
        for item in result.get("unknown_documents", []):
            self.stdout.write(f"line {item['line']}: unknown document {item['document_id']!r}")
        for item in result.get("errors", []):
            self.stdout.write(f"line {item['line']}: {item['message']}")
        self.stdout.write(
            f"applied {result.get('applied', 0)}, unchanged {result.get('unchanged', 0)}"
            + (" (dry run: nothing applied; use --apply)" if result.get("dry_run") else "")
        )

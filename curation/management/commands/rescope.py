"""Re-read the scope statements stored units carry (curation.services.rescope)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from access.models import Lane
from curation.services.rescope import rescope_all


class Command(BaseCommand):
    help = (
        "Re-read the scope statements every current unit carries from its document's text, "
        "in place (no new version); documents whose units would be cut differently are named "
        "for a re-ingest."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--lane", default="", help="one lane's slug (default: every lane)")
        parser.add_argument("--actor", default="cli")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["lane"] and not Lane.objects.filter(slug=options["lane"]).exists():
            raise CommandError(f"no lane with the slug {options['lane']!r}")
        report = rescope_all(actor=f"cli:{options['actor']}", lane_slug=options["lane"])
        self.stdout.write(
            f"{report.documents} documents read, {report.units_changed} units with new "
            f"statements ({report.units_reembedded} re-embedded), "
            f"{report.definitions_changed} documents with definitions read anew"
        )
        for name in report.needs_reingest:
            self.stdout.write(f"needs a re-ingest (units would be cut differently): {name}")

"""Show, start or stop the embedded PostgreSQL server of this data directory."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from common.embedded_postgres import ensure_server, pgdata_path, stop_server


class Command(BaseCommand):
    help = "Manage the embedded PostgreSQL server (used when DATABASE_URL is not set)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["status", "start", "stop"])

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        if not settings.EMBEDDED_DATABASE:
            raise CommandError("DATABASE_URL is set: this deployment uses an external PostgreSQL")
        data_dir = settings.CITENEXUS_DATA_DIR
        if action == "stop":
            stopped = stop_server(data_dir)
            self.stdout.write("stopped" if stopped else "no embedded server in " + str(data_dir))
            return
        host = ensure_server(data_dir, settings.DATABASES["default"]["EMBEDDED"]["DATABASE"])
        self.stdout.write(f"running: data {pgdata_path(data_dir)}, socket {host}")

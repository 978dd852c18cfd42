"""``manage.py unlock_login USERNAME``: lift a sign-in lockout now, recorded in the audit log."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from accounts.services import login_unlock


class Command(BaseCommand):
    help = "Lift the sign-in lockout of USERNAME (after too many failed sign-ins)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--actor", default="", help="recorded as cli:<actor>")

    def handle(self, *args: Any, **options: Any) -> None:
        actor = "cli:" + (options["actor"] or "unlock_login")
        cleared = login_unlock(username=options["username"], actor=actor)
        self.stdout.write(f"{options['username']}: unlocked ({cleared} failure records cleared)")

"""``manage.py drf_create_token USER``: make an API token and print its key (docs/api.md).

DRF's command of this name printed the one plain-text token a user had; keys are hashed now, so
each run makes a new named, expiring token (``-r`` revokes the user's earlier CLI tokens first).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from access.models import ApiToken
from accounts.services import token_create

CLI_TOKEN_NAME = "cli"


class Command(BaseCommand):
    help = "Make an API token for USER and print its key (shown only now)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default=CLI_TOKEN_NAME, help="the token's name")
        parser.add_argument("--days", type=int, default=None, help="days until it expires")
        parser.add_argument(
            "-r",
            "--reset",
            action="store_true",
            help="revoke the user's earlier tokens of this name",
        )
        parser.add_argument("--actor", default="", help="recorded as cli:<actor>")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"no user named {options['username']!r}")
        actor = "cli:" + (options["actor"] or "drf_create_token")
        from django.utils import timezone

        with transaction.atomic():
            if options["reset"]:
                ApiToken.objects.filter(
                    user=user, name=options["name"], revoked_at__isnull=True
                ).update(revoked_at=timezone.now())
            _, key = token_create(
                user=user, actor=actor, name=options["name"], expires_in_days=options["days"]
            )
        self.stdout.write(key)

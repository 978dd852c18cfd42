"""Serve the MCP tools over stdio to a local agent: ``manage.py mcp --actor NAME``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from agents.identity import stdio_agent

ERR_NO_SUCH_USER = (
    "no active user named {name!r}: the agent acts as an existing user, scoped by that user's "
    "roles and lane memberships"
)


class Command(BaseCommand):
    help = (
        "Serve the MCP tools over stdio for a local agent, acting as the user --actor names "
        "(audited as cli:<name>)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--actor", required=True, help="the username the agent acts as (its roles and lanes)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        model = get_user_model()
        name = options["actor"]
        user = model._default_manager.filter(
            **{str(model.USERNAME_FIELD): name}, is_active=True
        ).first()
        if user is None:
            raise CommandError(ERR_NO_SUCH_USER.format(name=name))
        # Imported here: the SDK is slow to import, and a bad --actor should fail at once.
        from agents.server import build_server

        agent = stdio_agent(user)
        build_server(lambda: agent).run("stdio")

"""Demo users for each role and the example lanes, for local use only (`make run`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand

from access.models import ApiToken
from access.tokens import api_token_issue
from curation.models import LaneMembership
from curation.services.examples import example_lane_load

DEMO_USERS = {
    "admin": ("demo-admin", "demo-admin-pass"),
    "curator": ("demo-curator", "demo-curator-pass"),
    "reviewer": ("demo-reviewer", "demo-reviewer-pass"),
    "auditor": ("demo-auditor", "demo-auditor-pass"),
}
DEMO_TOKEN_NAME, DEMO_TOKEN_DAYS = "demo", 30
EXAMPLES = ("law-authority", "renewal", "privacy-law", "aviation-maintenance")


class Command(BaseCommand):
    help = "Create demo users (one per role) and load the example lanes. Local use only."

    def handle(self, *args: Any, **options: Any) -> None:
        users = {}
        for role, (username, password) in DEMO_USERS.items():
            user, _ = User.objects.get_or_create(username=username)
            user.set_password(password)
            user.is_staff = role == "admin"
            user.is_superuser = role == "admin"
            user.save()
            user.groups.add(Group.objects.get_or_create(name=role)[0])
            users[role] = user
        for name in EXAMPLES:
            folder = Path(settings.BASE_DIR) / "examples" / name
            if not (folder / "lane.json").exists():
                continue
            lane, counts = example_lane_load(folder=folder, actor="cli:seed_demo")
            for role, user in users.items():
                LaneMembership.objects.get_or_create(lane=lane, user=user, role=role)
            summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
            self.stdout.write(f"lane {lane.slug}: {summary}")
        self.stdout.write("\nDemo logins (local use only):")
        for role, (username, password) in DEMO_USERS.items():
            # Keys are stored hashed, so each run makes a fresh demo token (the last one is revoked).
            ApiToken.objects.filter(user=users[role], name=DEMO_TOKEN_NAME).delete()
            _, token = api_token_issue(
                user=users[role], name=DEMO_TOKEN_NAME, expires_in_days=DEMO_TOKEN_DAYS
            )
            self.stdout.write(f"  {role:<9} {username} / {password}   API token: {token}")

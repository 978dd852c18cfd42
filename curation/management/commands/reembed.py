"""Move every evidence unit to the configured embedder (docs/design.md#the-embedder)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from curation.services.embedding_space import reembed_all


class Command(BaseCommand):
    help = "Re-embed every unit with the configured embedder and rebuild the vector index."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--actor", default="cli")

    def handle(self, *args: Any, **options: Any) -> None:
        def progress(done: int, total: int) -> None:
            sys.stderr.write(f"\r{done}/{total} units")
            sys.stderr.flush()

        job = reembed_all(actor=f"cli:{options['actor']}", progress=progress)
        sys.stderr.write("\n")
        self.stdout.write(f"re-embedded with {job.params['embedder']}: job {job.id} {job.status}")

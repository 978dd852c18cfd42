"""Ask a lane a question from the command line and print the answer claim by claim."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from answers.selectors import answer_dict
from answers.services import MODES, answer_ask
from citenexus.domain.answer import DEEP, SINGLE
from common.errors import ServiceError
from curation.models import Lane


class Command(BaseCommand):
    help = 'manage.py ask LANE "question" [--mode strict|normal|exploratory] [--deep] [--json]'

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lane")
        parser.add_argument("question")
        parser.add_argument("--mode", choices=MODES)
        parser.add_argument("--deep", action="store_true", help="the deep strategy (sub-queries)")
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--actor", default="cli")

    def handle(self, *args: Any, **options: Any) -> None:
        lane = Lane.objects.filter(slug=options["lane"]).first()
        if lane is None:
            raise CommandError(f"no lane {options['lane']!r}")
        try:
            answer = answer_ask(
                lane=lane,
                question=options["question"],
                mode=options["mode"],
                strategy=DEEP if options["deep"] else SINGLE,
                actor=f"cli:{options['actor']}",
            )
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
        data = answer_dict(answer)
        if options["json"]:
            self.stdout.write(json.dumps(data, indent=2))
            return
        self.stdout.write(render_answer(data))


def render_answer(data: dict[str, Any]) -> str:
    lines = [f"Q: {data['question']}", f"mode {data['mode']}, answer #{data['id']}", ""]
    if data["status"] == "refused":
        refusal = data["refusal"]
        lines.append(f"REFUSED [{refusal['code']}] {refusal['message']}")
    else:
        lines.append(data["text"])
    lines.append("")
    for i, claim in enumerate(data.get("claims", []), start=1):
        lines.append(f"{i}. [{claim['status']}] {claim['text']}")
        lines.append(
            f"   cites {', '.join(claim['citations']) or '-'}; supported by {', '.join(claim['supported_by']) or '-'}; attributed to {claim['attributed_to'] or '-'}"
        )
        for v in claim.get("violations", []):
            lines.append(f"   ! {v['kind']} ({v['severity']}): {v['detail']}")
        if claim.get("caveat"):
            lines.append(f"   caveat: {claim['caveat']}")
    evidence = data["evidence"]
    lines.append("")
    lines.append(
        "signals: "
        + ", ".join(
            f"{k}={evidence[k]}"
            for k in (
                "authority_tier",
                "authority_floor_applied",
                "withheld",
                "all_claims_verified",
                "groundedness_rate",
                "citation_rate",
                "invariants_verified",
                "retrieved",
                "grounded",
                "selected",
            )
            if k in evidence
        )
    )
    if evidence.get("conflicts"):
        lines.append(f"conflicts: {json.dumps(evidence['conflicts'])}")
    if evidence.get("inapplicable"):
        lines.append(f"inapplicable: {json.dumps(evidence['inapplicable'])}")
    return "\n".join(lines)

"""Score a golden question set on a lane in every trust mode, and with the floor off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from answers.services import answer_compute
from citenexus.domain.authority import AuthorityPolicy
from citenexus.evaluation import Outcome, read_golden, score
from curation.domain import authority_policy
from curation.models import Document, Lane

METRICS = (
    "answered",
    "refused",
    "answer_when_grounded",
    "abstain_when_no_evidence",
    "groundedness_rate",
    "citation_rate",
    "out_of_jurisdiction_citations",
    "wrong_jurisdiction_citations",
    "refusal_code_accuracy",
    "expected_document_hit_rate",
    "expected_value_rate",
)


def floor_off(policy: AuthorityPolicy) -> AuthorityPolicy:
    if not policy.order:
        return policy
    return AuthorityPolicy.ordered(policy.order, key=policy.metadata_key)


class Command(BaseCommand):
    help = "manage.py evaluate LANE GOLDEN.csv [--json] [--output FILE] [--modes strict,normal,...]"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lane")
        parser.add_argument("golden")
        parser.add_argument("--modes", default="strict,normal,exploratory,strict-floor-off")
        parser.add_argument("--json", action="store_true")
        parser.add_argument("--output", help="also write the report (JSON) to this file")
        parser.add_argument("--show-mismatches", action="store_true")
        parser.add_argument(
            "--answers", help="also write every answer (JSON, by run and question id) to this file"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        lane = Lane.objects.filter(slug=options["lane"]).first()
        if lane is None:
            raise CommandError(f"no lane {options['lane']!r}")
        golden = read_golden(Path(options["golden"]).read_text(encoding="utf-8-sig"))
        metadata = {d.document_id: d.authority for d in Document.objects.filter(lane=lane)}
        reports: dict[str, dict[str, Any]] = {}
        answers: dict[str, dict[str, Any]] = {}
        for run in options["modes"].split(","):
            mode, _, variant = run.partition("-")
            policy = authority_policy(lane)
            if variant == "floor-off":
                policy = floor_off(policy)
            outcomes = [
                Outcome(
                    g,
                    answer_compute(
                        lane=lane, question=g.question, mode=mode, policy=policy
                    ).to_dict(),
                )
                for g in golden
            ]
            answers[run] = {o.golden.id: dict(o.answer) for o in outcomes}
            reports[run] = score(
                outcomes,
                metadata_of=metadata,
                tier_key=lane.metadata_key,
                lane_jurisdiction=lane.jurisdiction,
            ).to_dict()
        if options["json"]:
            self.stdout.write(json.dumps(reports, indent=2))
        else:
            self._table(reports, len(golden), options["show_mismatches"])
        if options["output"]:
            output = Path(options["output"])
            output.parent.mkdir(parents=True, exist_ok=True)
            output.write_text(json.dumps(reports, indent=2), encoding="utf-8")
        if options["answers"]:
            path = Path(options["answers"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(answers, indent=2, default=str), encoding="utf-8")

    def _table(self, reports: dict[str, dict[str, Any]], total: int, mismatches: bool) -> None:
        runs = list(reports)
        self.stdout.write(f"{total} golden questions\n")
        self.stdout.write(f"{'metric':<30}" + "".join(f"{r:>18}" for r in runs))
        for metric in METRICS:
            cells = []
            for r in runs:
                value = reports[r][metric]
                cells.append(f"{value:>18.1%}" if isinstance(value, float) else f"{value:>18}")
            self.stdout.write(f"{metric:<30}" + "".join(cells))
        categories = sorted({c for r in runs for c in reports[r]["by_category"]})
        self.stdout.write("\nas expected, by category")
        for category in categories:
            cells = []
            for r in runs:
                bucket = reports[r]["by_category"].get(category, {"total": 0, "as_expected": 0})
                cells.append(f"{bucket['as_expected']:>13}/{bucket['total']:<4}")
            self.stdout.write(f"{category:<30}" + "".join(cells))
        if mismatches:
            for r in runs:
                for m in reports[r]["mismatches"]:
                    self.stdout.write(
                        f"  [{r}] {m['id']}: expected {m['expected']}, got {m['got']}"
                    )

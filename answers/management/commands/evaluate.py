"""Score golden question sets in every trust mode, and with the floor off: one lane, or every
example lane (``--all``) with one table per lane, one across lanes, and a JSON report.

A golden row whose ``profile`` is ``default.v1`` is asked on its lane under the unranked policy
(no tiers, no floor) in every run. Each example folder is loaded into its lane first (a no-op
when nothing changed; ``--as-stored`` skips it for lanes that exist). A lane whose
``lane.json`` says ``"held_out": true`` is marked held out: its numbers are reported, never used
to choose between two variants of the code, and the pooled "development" column leaves it out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from answers.evaluation import RUNS, Run, evaluate_lane
from answers.evaluation import parse_runs as parse_run_list
from citenexus.evaluation import pool, read_golden
from common.errors import Invalid
from curation.domain import lane_snapshot
from curation.models import Document, Lane
from curation.services.examples import example_lane_load

DEFAULT_OUTPUT = Path("bench-results") / "evaluation.json"
# The numbers the example-lane test pins in strict mode (tests/integration/test_example_lanes.py).
HEADLINE = (
    "expected_value_rate",
    "abstain_when_no_evidence",
    "refusal_code_accuracy",
    "out_of_jurisdiction_citations",
)
METRICS = (
    "answered",
    "refused",
    "expected_value_rate",
    "answer_when_grounded",
    "abstain_when_no_evidence",
    "refusal_code_accuracy",
    "out_of_jurisdiction_citations",
    "wrong_jurisdiction_citations",
    "groundedness_rate",
    "citation_rate",
    "expected_document_hit_rate",
    "expected_value_rate_when_answered",
    "expected_value_from_document_rate",
)
HELD_OUT_NOTE = "held out: reported only, never used to choose between variants of the code"


def parse_runs(text: str) -> list[Run]:
    """``strict,normal,strict-floor-off`` -> [(run, mode, variant), ...], or a CommandError."""
    try:
        return parse_run_list(text)
    except Invalid as exc:
        raise CommandError(exc.message) from exc


@dataclass(frozen=True)
class ExampleLane:
    """An ``examples/<name>/`` folder with a ``lane.json`` and a ``golden.csv``."""

    name: str
    folder: Path
    slug: str
    held_out: bool

    @classmethod
    def read(cls, folder: Path) -> ExampleLane:
        config = json.loads((folder / "lane.json").read_text(encoding="utf-8"))
        return cls(folder.name, folder, str(config["slug"]), bool(config.get("held_out", False)))

    def corpus_files(self) -> int:
        corpus = self.folder / "corpus"
        if not corpus.is_dir():
            corpus = self.folder / "records"
        if not corpus.is_dir():
            return 0
        return sum(1 for p in corpus.iterdir() if p.is_file() and not p.name.startswith("."))


def example_lanes(root: Path) -> list[ExampleLane]:
    if not root.is_dir():
        return []
    return [
        ExampleLane.read(folder)
        for folder in sorted(root.iterdir())
        if (folder / "lane.json").is_file() and (folder / "golden.csv").is_file()
    ]


def _cell(value: Any, width: int) -> str:
    return f"{value:>{width}.1%}" if isinstance(value, float) else f"{value:>{width}}"


class Command(BaseCommand):
    help = (
        "manage.py evaluate LANE GOLDEN.csv | --all [--lanes a,b] [--as-stored] [--json] "
        "[--output FILE] [--answers FILE] [--modes strict,normal,...]"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lane", nargs="?", help="a lane slug (not with --all)")
        parser.add_argument("golden", nargs="?", help="its golden CSV (not with --all)")
        parser.add_argument("--modes", default=RUNS)
        parser.add_argument(
            "--all",
            action="store_true",
            help="every examples/*/ folder with lane.json and golden.csv, each loaded into its lane",
        )
        parser.add_argument(
            "--lanes", help="with --all: only these example lanes (folder names or slugs, a,b)"
        )
        parser.add_argument(
            "--examples",
            help="with --all: the folder of example lanes (default: examples/ of the project)",
        )
        parser.add_argument(
            "--as-stored",
            action="store_true",
            help="with --all: use a lane that exists as stored, without loading its folder again",
        )
        parser.add_argument("--json", action="store_true")
        parser.add_argument(
            "--output",
            help=f"also write the report (JSON) to this file (with --all: default {DEFAULT_OUTPUT})",
        )
        parser.add_argument("--show-mismatches", action="store_true")
        parser.add_argument(
            "--answers", help="also write every answer (JSON, by run and question id) to this file"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        runs = parse_runs(options["modes"])
        if options["all"]:
            if options["lane"] or options["golden"]:
                raise CommandError("give either LANE GOLDEN.csv or --all, not both")
            self._all(runs, options)
            return
        if options["lanes"] or options["as_stored"] or options["examples"]:
            raise CommandError("--lanes, --as-stored and --examples go with --all")
        if not (options["lane"] and options["golden"]):
            raise CommandError("give LANE GOLDEN.csv, or --all")
        lane = Lane.objects.filter(slug=options["lane"]).first()
        if lane is None:
            raise CommandError(f"no lane {options['lane']!r}")
        golden = read_golden(Path(options["golden"]).read_text(encoding="utf-8-sig"))
        reports, answers = evaluate_lane(lane, golden, runs)
        if options["json"]:
            self.stdout.write(json.dumps(reports, indent=2))
        else:
            self.stdout.write(f"{len(golden)} golden questions\n")
            self._table(reports, options["show_mismatches"])
        self._write(options["output"], reports)
        self._write(options["answers"], answers)

    # --- every example lane ------------------------------------------------------------------

    def _select(self, root: Path, names: str | None) -> list[ExampleLane]:
        found = example_lanes(root)
        if not found:
            raise CommandError(f"no example lane (lane.json and golden.csv) under {root}")
        if not names:
            return found
        wanted = [n.strip() for n in names.split(",") if n.strip()]
        chosen = []
        for name in wanted:
            match = next((e for e in found if name in (e.name, e.slug)), None)
            if match is None:
                known = ", ".join(e.name for e in found)
                raise CommandError(f"no example lane {name!r}; there are: {known}")
            if match not in chosen:
                chosen.append(match)
        return chosen

    def _lane(self, example: ExampleLane, as_stored: bool) -> Lane:
        """The example's lane, loaded from its folder. Loading again is cheap and changes nothing
        when nothing changed (unchanged documents are not re-embedded), and it keeps a lane
        loaded before lane.json or the corpus changed from giving stale numbers."""
        lane = Lane.objects.filter(slug=example.slug).first()
        if lane is not None and as_stored:
            stored, files = Document.objects.filter(lane=lane).count(), example.corpus_files()
            if stored != files:
                self.stderr.write(
                    f"lane {lane.slug} holds {stored} documents but {example.folder} has "
                    f"{files} files; without --as-stored the folder is loaded again"
                )
            return lane
        before = lane_snapshot(lane) if lane is not None else None
        lane, counts = example_lane_load(folder=example.folder, actor="cli:evaluate")
        changed = {k: n for k, n in counts.items() if k != "unchanged"}
        if before is None or changed:
            summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
            self.stderr.write(f"loaded {example.name} into lane {lane.slug}: {summary}")
        if before is not None and lane_snapshot(lane) != before:
            self.stderr.write(f"lane {lane.slug}: settings updated from {example.name}/lane.json")
        return lane

    def _all(self, runs: list[Run], options: dict[str, Any]) -> None:
        root = Path(options["examples"] or Path(settings.BASE_DIR) / "examples")
        chosen = self._select(root, options["lanes"])
        run_names = [r for r, _, _ in runs]
        lanes: dict[str, dict[str, Any]] = {}
        answers: dict[str, dict[str, Any]] = {}
        for example in chosen:
            lane = self._lane(example, options["as_stored"])
            golden = read_golden((example.folder / "golden.csv").read_text(encoding="utf-8-sig"))
            self.stderr.write(f"evaluating {example.name}: {len(golden)} questions")
            reports, answers[example.name] = evaluate_lane(lane, golden, runs)
            lanes[example.name] = {
                "slug": lane.slug,
                "name": lane.name,
                "jurisdiction": lane.jurisdiction,
                "held_out": example.held_out,
                "questions": len(golden),
                "unranked_questions": sum(g.unranked for g in golden),
                "reports": reports,
            }
        development = [n for n, v in lanes.items() if not v["held_out"]]
        result = {
            "runs": run_names,
            "held_out": [n for n, v in lanes.items() if v["held_out"]],
            "lanes": lanes,
            "pooled": {
                "development": {
                    r: pool([lanes[n]["reports"][r] for n in development]) for r in run_names
                },
                "all": {r: pool([v["reports"][r] for v in lanes.values()]) for r in run_names},
            },
        }
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2))
        else:
            for name, entry in lanes.items():
                self._lane_heading(name, entry)
                self._table(entry["reports"], options["show_mismatches"])
                self.stdout.write("")
            self._across(result)
        self._write(options["output"] or str(Path(settings.BASE_DIR) / DEFAULT_OUTPUT), result)
        self._write(options["answers"], answers)

    def _lane_heading(self, name: str, entry: dict[str, Any]) -> None:
        where = entry["jurisdiction"] or "no jurisdiction"
        unranked = entry["unranked_questions"]
        extra = f", {unranked} asked unranked (default.v1)" if unranked else ""
        self.stdout.write(
            f"== {name} (lane {entry['slug']}, {where}): {entry['questions']} golden questions"
            f"{extra} =="
        )
        if entry["held_out"]:
            self.stdout.write(f"   {HELD_OUT_NOTE.upper()}")

    def _across(self, result: dict[str, Any]) -> None:
        """Strict (or the first run) per lane, then pooled over development lanes and all."""
        runs: list[str] = result["runs"]
        run = "strict" if "strict" in runs else runs[0]
        columns: list[tuple[str, dict[str, Any]]] = [
            (name + (" *" if entry["held_out"] else ""), entry["reports"][run])
            for name, entry in result["lanes"].items()
        ]
        if len(columns) > 1:
            if result["held_out"]:
                columns.append(("pooled dev", result["pooled"]["development"][run]))
            columns.append(("pooled all", result["pooled"]["all"][run]))
        width = max(18, *(len(title) + 2 for title, _ in columns))
        self.stdout.write(f"== across lanes, {run} (rates with their counts) ==")
        self.stdout.write(f"{'metric':<34}" + "".join(f"{t:>{width}}" for t, _ in columns))
        self.stdout.write(
            f"{'questions':<34}" + "".join(f"{r['total']:>{width}}" for _, r in columns)
        )
        for metric in METRICS:
            cells = []
            for _, report in columns:
                value = report[metric]
                fraction = report.get("fractions", {}).get(metric)
                if isinstance(value, float) and fraction:
                    text = f"{value:.1%} ({fraction[0]}/{fraction[1]})"
                    cells.append(f"{text:>{width}}")
                else:
                    cells.append(_cell(value, width))
            self.stdout.write(f"{metric:<34}" + "".join(cells))
        if result["held_out"]:
            self.stdout.write(f"* {HELD_OUT_NOTE}; 'pooled dev' leaves it out")

    # --- shared ------------------------------------------------------------------------------

    def _write(self, target: str | None, data: Any) -> None:
        if not target:
            return
        path = Path(target)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2, default=str), encoding="utf-8")
        self.stderr.write(f"wrote {path}")

    def _table(self, reports: dict[str, dict[str, Any]], mismatches: bool) -> None:
        runs = list(reports)
        self.stdout.write(f"{'metric':<34}" + "".join(f"{r:>18}" for r in runs))
        for metric in METRICS:
            cells = [_cell(reports[r][metric], 18) for r in runs]
            self.stdout.write(f"{metric:<34}" + "".join(cells))
        categories = sorted({c for r in runs for c in reports[r]["by_category"]})
        self.stdout.write("\nas expected, by category")
        for category in categories:
            cells = []
            for r in runs:
                bucket = reports[r]["by_category"].get(category, {"total": 0, "as_expected": 0})
                cells.append(f"{bucket['as_expected']:>13}/{bucket['total']:<4}")
            self.stdout.write(f"{category:<34}" + "".join(cells))
        if mismatches:
            for r in runs:
                for m in reports[r]["mismatches"]:
                    self.stdout.write(
                        f"  [{r}] {m['id']}: expected {m['expected']}, got {m['got']}"
                    )

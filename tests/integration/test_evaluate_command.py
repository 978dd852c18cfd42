"""manage.py evaluate on the renewal example: the documentary record outweighs the call; and
``--all`` over a folder of example lanes (held out, unranked questions, pooled)."""

from __future__ import annotations

import csv
import json
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from curation.services.examples import example_lane_load

pytestmark = pytest.mark.django_db

RENEWAL = Path(settings.BASE_DIR) / "examples" / "renewal"


def test_evaluate_reports_every_mode_and_the_floor_off(tmp_path: Path) -> None:
    lane, counts = example_lane_load(folder=RENEWAL, actor="test")
    assert counts == {"created": 2}
    output = tmp_path / "report.json"
    out = StringIO()
    call_command(
        "evaluate", lane.slug, str(RENEWAL / "golden.csv"), "--output", str(output), stdout=out
    )
    table = out.getvalue()
    assert "answer_when_grounded" in table and "strict-floor-off" in table
    report = json.loads(output.read_text())
    assert set(report) == {"strict", "normal", "exploratory", "strict-floor-off"}
    for run in report.values():
        assert run["total"] == 2
        assert run["wrong_jurisdiction_citations"] == 0
        assert run["citation_rate"] == 1.0


def _example(root: Path, name: str, slug: str, *, held_out: bool, profile_column: bool) -> None:
    """A copy of the renewal example under another folder name and slug."""
    folder = root / name
    shutil.copytree(RENEWAL, folder)
    config = json.loads((folder / "lane.json").read_text())
    config["slug"] = slug
    config["vocabulary"] = {}  # new lane keys the loader must accept
    if held_out:
        config["held_out"] = True
    (folder / "lane.json").write_text(json.dumps(config))
    if profile_column:
        lines = (folder / "golden.csv").read_text().splitlines()
        rows = list(csv.reader(lines))
        rows[0].append("profile")
        rows[1].append("")
        rows[2].append("default.v1")
        buffer = StringIO()
        csv.writer(buffer).writerows(rows)
        (folder / "golden.csv").write_text(buffer.getvalue())


def test_evaluate_all_loads_and_scores_every_example_lane(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from answers.services import answer_compute

    root = tmp_path / "examples"
    _example(root, "alpha", "alpha-lane", held_out=False, profile_column=True)
    _example(root, "beta", "beta-lane", held_out=True, profile_column=False)
    (root / "no-golden").mkdir()  # a folder without lane.json and golden.csv is not a lane
    asked: list[tuple[str, str, str]] = []

    def spy(*, lane: Any, question: str, mode: str, policy: Any, settings: Any = None) -> Any:
        asked.append((lane.slug, mode, policy.profile_version))
        return answer_compute(
            lane=lane, question=question, mode=mode, policy=policy, settings=settings
        )

    monkeypatch.setattr("answers.evaluation.answer_compute", spy)
    output, answers, out = tmp_path / "all.json", tmp_path / "answers.json", StringIO()
    call_command(
        "evaluate",
        "--all",
        "--examples",
        str(root),
        "--output",
        str(output),
        "--answers",
        str(answers),
        stdout=out,
        stderr=StringIO(),
    )
    report = json.loads(output.read_text())
    assert report["runs"] == ["strict", "normal", "exploratory", "strict-floor-off"]
    assert list(report["lanes"]) == ["alpha", "beta"] and report["held_out"] == ["beta"]
    alpha, beta = report["lanes"]["alpha"], report["lanes"]["beta"]
    assert (alpha["slug"], alpha["held_out"], alpha["unranked_questions"]) == (
        "alpha-lane",
        False,
        1,
    )
    assert (beta["held_out"], beta["questions"]) == (True, 2)
    assert set(alpha["reports"]) == set(report["runs"])
    # The unranked question is asked under default.v1 in every run, the other under the lane's.
    assert [p for s, _, p in asked if s == "alpha-lane"] == ["ordered.v1", "default.v1"] * 4
    assert {p for s, _, p in asked if s == "beta-lane"} == {"ordered.v1"}
    pooled = report["pooled"]
    assert pooled["all"]["strict"]["total"] == 4 and pooled["development"]["strict"]["total"] == 2
    assert set(json.loads(answers.read_text())["alpha"]["strict"]) == {"R01", "R02"}
    table = out.getvalue()
    assert "== alpha (lane alpha-lane" in table and "HELD OUT" in table
    assert "across lanes, strict" in table and "beta *" in table and "pooled dev" in table

    # Loaded lanes are reused, not loaded again; --lanes picks by folder name or slug.
    asked.clear()
    err = StringIO()
    call_command(
        "evaluate",
        "--all",
        "--examples",
        str(root),
        "--lanes",
        "beta-lane",
        "--modes",
        "strict",
        "--json",
        "--output",
        str(output),
        stdout=(out := StringIO()),
        stderr=err,
    )
    assert "loaded" not in err.getvalue()
    assert list(json.loads(out.getvalue())["lanes"]) == ["beta"]
    assert {(s, m) for s, m, _ in asked} == {("beta-lane", "strict")}


def test_evaluate_all_refuses_an_unknown_lane_or_run(tmp_path: Path) -> None:
    root = tmp_path / "examples"
    _example(root, "alpha", "alpha-lane", held_out=False, profile_column=False)
    with pytest.raises(CommandError, match="no example lane 'gamma'; there are: alpha"):
        call_command("evaluate", "--all", "--examples", str(root), "--lanes", "gamma")
    with pytest.raises(CommandError, match="unknown run 'strict-floor-on'"):
        call_command("evaluate", "--all", "--examples", str(root), "--modes", "strict-floor-on")
    with pytest.raises(CommandError, match="LANE GOLDEN.csv, or --all"):
        call_command("evaluate")

"""Two runs of scripts/judge_quality.py compared pair by pair (``--compare``): what a change to
the judges moved, named by pair, before and after, and by judge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scripts.judge_quality import changed_readings, main


def run_of(**readings: dict[str, str]) -> dict[str, Any]:
    return {
        "pairs": [
            {"id": key, "category": "value-swap", "label": "contradicts", "verdicts": verdicts}
            for key, verdicts in readings.items()
        ]
    }


BEFORE = run_of(
    a={"lexical": "entails", "numeric": "declined", "ensemble": "entails"},
    b={"lexical": "neutral", "numeric": "declined", "ensemble": "neutral"},
    c={"lexical": "neutral", "numeric": "declined", "ensemble": "neutral"},
)
AFTER = run_of(
    a={"lexical": "entails", "numeric": "contradicts", "ensemble": "contradicts"},
    b={"lexical": "neutral", "numeric": "neutral", "ensemble": "neutral"},
    d={"lexical": "neutral", "numeric": "declined", "ensemble": "neutral"},
)


def test_a_changed_reading_is_named_with_the_judges_that_moved() -> None:
    lines = changed_readings(BEFORE, AFTER)
    assert lines[0] == (
        'a [value-swap] label=contradicts: entails -> contradicts {"numeric": "declined -> '
        'contradicts"}'
    )


def test_a_judge_that_moved_without_moving_the_reading_is_not_listed() -> None:
    assert not any(line.startswith("b") for line in changed_readings(BEFORE, AFTER))


def test_pairs_in_one_run_only_are_named() -> None:
    lines = changed_readings(BEFORE, AFTER)
    assert "c: dropped" in lines and "d: added" in lines
    assert len(lines) == 3


def test_the_command_line_compares_two_files_and_judges_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps(BEFORE))
    after.write_text(json.dumps(BEFORE))
    assert main(["--compare", str(before), str(after)]) == 0
    assert capsys.readouterr().out.strip() == "no reading changed"
    after.write_text(json.dumps(AFTER))
    assert main(["--compare", str(before), str(after)]) == 0
    assert "entails -> contradicts" in capsys.readouterr().out

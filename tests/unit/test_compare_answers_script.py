"""scripts/compare_answers.py: what changed between two runs of the lanes, and one run's misses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from citenexus.evaluation.golden import read_golden
from scripts import compare_answers

GOLDEN = """id,question,category,expected_status,expected_refusal_code,expected_documents,expected_value,notes
A1,How much notice?,answerable,answered,,doc-a,30 days,
A2,How long to return the deposit?,answerable,answered,,doc-b,21 days,
N1,What about Mars?,no_evidence,refused,no_relevant_evidence,,,
"""


def answered(text: str, key: str) -> dict[str, Any]:
    claim = {"text": text, "status": "kept", "citations": [key]}
    return {"status": "answered", "text": text, "refusal": None, "claims": [claim]}


def refused(code: str) -> dict[str, Any]:
    return {"status": "refused", "text": "", "refusal": {"code": code}, "claims": []}


BEFORE = {
    "lane": {
        "strict": {
            "A1": answered("Give 30 days' notice.", "doc-a#1"),
            "A2": refused("no_relevant_evidence"),
            "N1": refused("no_relevant_evidence"),
        },
        "normal": {"A1": answered("Give 30 days' notice.", "doc-a#1")},
    }
}
AFTER = {
    "lane": {
        "strict": {
            "A1": answered("Give 60 days' notice.", "doc-a#1"),
            "A2": answered("Return it within 21 days.", "doc-b#2"),
            "N1": refused("no_relevant_evidence"),
        },
        "normal": {"A1": answered("Give 30 days' notice, in writing.", "doc-a#1")},
    }
}


def golden() -> dict[str, dict[str, Any]]:
    return {"lane": {g.id: g for g in read_golden(GOLDEN)}}


def test_diff_reports_status_and_value_changes_and_counts_changed_texts() -> None:
    changes, texts = compare_answers.diff(BEFORE, AFTER, golden())
    found = {(c.mode, c.question_id, c.what, c.before, c.after) for c in changes}
    assert found == {
        ("strict", "A1", "value", "True", "False"),
        ("strict", "A2", "status", "refused (no_relevant_evidence)", "answered"),
        ("strict", "A2", "value", "False", "True"),
    }
    assert texts == 3  # A1 and A2 strict, A1 normal (its value kept)


def test_diff_reads_one_mode_when_asked() -> None:
    changes, texts = compare_answers.diff(BEFORE, AFTER, golden(), "normal")
    assert changes == [] and texts == 1


def test_misses_lists_answerable_questions_without_their_value() -> None:
    assert [row.id for _, row, _ in compare_answers.misses(BEFORE, golden())] == ["A2"]
    assert [row.id for _, row, _ in compare_answers.misses(AFTER, golden())] == ["A1"]
    assert compare_answers.misses(AFTER, golden(), "normal") == []


def test_the_command_line_prints_both_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps(BEFORE), encoding="utf-8")
    after.write_text(json.dumps(AFTER), encoding="utf-8")
    # The lane key is not an example folder: no golden rows, so only status changes count.
    assert compare_answers.main(["diff", str(before), str(after)]) == 0
    out = capsys.readouterr().out
    assert "lane strict A2 status: refused (no_relevant_evidence) -> answered" in out
    assert "1 status or code changes, 0 expected values found or lost, 3 answers" in out
    assert compare_answers.main(["misses", str(after)]) == 0
    assert "0 answerable questions without their expected value (strict)" in capsys.readouterr().out

"""Compare two runs of the example lanes question by question, or list one run's misses.

``manage.py evaluate --answers FILE`` writes every answer as ``{lane: {mode: {id: answer}}}``.
Every change of the rules is judged by what it does to those answers, so this is the one reader
of them:

    # what changed between two runs: status or refusal code, expected value found or lost, and
    # how many answers changed their text at all
    .venv/bin/python scripts/compare_answers.py diff BEFORE.json AFTER.json [--mode strict]

    # the answerable questions whose expected value is missing, with what was drafted instead
    .venv/bin/python scripts/compare_answers.py misses ANSWERS.json [--mode strict]

The golden rows come from ``examples/<lane>/golden.csv``, the lane keys of the file being the
example folders' names. A lane that is held out is read like the others: run it to report, and
never to choose between two variants of the code.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.evaluation.golden import GoldenQuestion, read_golden  # noqa: E402
from citenexus.evaluation.scoring import Outcome  # noqa: E402

Answers = Mapping[str, Mapping[str, Mapping[str, Mapping[str, Any]]]]


@dataclass(frozen=True)
class Change:
    lane: str
    mode: str
    question_id: str
    what: str  # "status" or "value"
    before: str
    after: str
    question: str


def outcome_of(answer: Mapping[str, Any]) -> str:
    """ "answered", or "refused (code)"."""
    if answer.get("status") == "answered":
        return "answered"
    refusal = answer.get("refusal") or {}
    return f"refused ({refusal.get('code', '')})"


def golden_of(lane: str, examples: Path = ROOT / "examples") -> dict[str, GoldenQuestion]:
    path = examples / lane / "golden.csv"
    if not path.exists():
        return {}
    return {g.id: g for g in read_golden(path.read_text(encoding="utf-8"))}


def _pairs(
    before: Answers, after: Answers, mode: str | None
) -> Iterator[tuple[str, str, str, Mapping[str, Any], Mapping[str, Any]]]:
    for lane, modes in before.items():
        for name, answers in modes.items():
            if mode is not None and name != mode:
                continue
            others = after.get(lane, {}).get(name, {})
            for question_id, answer in answers.items():
                if question_id in others:
                    yield lane, name, question_id, answer, others[question_id]


def diff(
    before: Answers,
    after: Answers,
    golden: Mapping[str, Mapping[str, GoldenQuestion]],
    mode: str | None = None,
) -> tuple[list[Change], int]:
    """The changes of status or refusal code and of the expected value, and how many answers
    changed their text at all."""
    changes: list[Change] = []
    texts = 0
    for lane, name, question_id, old, new in _pairs(before, after, mode):
        texts += old.get("text") != new.get("text")
        if outcome_of(old) != outcome_of(new):
            changes.append(
                Change(
                    lane,
                    name,
                    question_id,
                    "status",
                    outcome_of(old),
                    outcome_of(new),
                    str(new.get("question", "")),
                )
            )
        row = golden.get(lane, {}).get(question_id)
        if row is None:
            continue
        was, now = Outcome(row, old).value_found, Outcome(row, new).value_found
        if was != now:
            changes.append(
                Change(lane, name, question_id, "value", str(was), str(now), row.question)
            )
    return changes, texts


def misses(
    answers: Answers, golden: Mapping[str, Mapping[str, GoldenQuestion]], mode: str = "strict"
) -> list[tuple[str, GoldenQuestion, Mapping[str, Any]]]:
    """The questions expected to be answered with a value whose answer does not state it."""
    found = []
    for lane, modes in answers.items():
        for question_id, answer in modes.get(mode, {}).items():
            row = golden.get(lane, {}).get(question_id)
            if row is None or row.expected_status != "answered" or not row.expected_value:
                continue
            if not Outcome(row, answer).value_found:
                found.append((lane, row, answer))
    return found


def _load(path: str) -> Answers:
    data: Answers = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    compare = commands.add_parser("diff", help="what changed between two runs")
    compare.add_argument("before")
    compare.add_argument("after")
    compare.add_argument("--mode", default=None, help="one mode only (default: every mode)")
    missing = commands.add_parser("misses", help="answerable questions without their value")
    missing.add_argument("answers")
    missing.add_argument("--mode", default="strict")
    args = parser.parse_args(argv)
    if args.command == "diff":
        before, after = _load(args.before), _load(args.after)
        golden = {lane: golden_of(lane) for lane in before}
        changes, texts = diff(before, after, golden, args.mode)
        for c in changes:
            print(f"{c.lane} {c.mode} {c.question_id} {c.what}: {c.before} -> {c.after}")
            print(f"    {c.question}")
        statuses = sum(c.what == "status" for c in changes)
        values = sum(c.what == "value" for c in changes)
        print(
            f"\n{statuses} status or code changes, {values} expected values found or lost, "
            f"{texts} answers with another text"
        )
        return 0
    answers = _load(args.answers)
    golden = {lane: golden_of(lane) for lane in answers}
    rows = misses(answers, golden, args.mode)
    for lane, row, answer in rows:
        print(f"--- {lane} {row.id} [{row.category}] expects {row.expected_value!r}")
        print(f"    Q: {row.question}")
        print(f"    {outcome_of(answer)}")
        for claim in answer.get("claims", [])[:3]:
            print(f"    * {claim.get('status')}: {claim.get('text', '')[:200]}")
    print(f"\n{len(rows)} answerable questions without their expected value ({args.mode})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

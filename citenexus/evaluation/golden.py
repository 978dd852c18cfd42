"""Golden question sets: what should happen to each question, read from a CSV in one of two
formats (docs/design.md#evaluation-runs).

- **golden** (the columns of ``examples/*/golden.csv``): ``id``, ``question``, ``category``,
  ``expected_status`` (answered | refused), ``expected_refusal_code``, ``expected_documents``
  (``;``-separated), ``expected_value``, an optional ``profile`` (empty or ``default.v1``), and
  any other column (``notes``), ignored.
- **simple** (a set written for another tool): ``question``, ``expected`` (a value),
  ``expect_decision`` (answer | abstain), optional ``correct_docs`` and ``trap_docs``
  (``|``-separated), optional ``id`` and ``category``.

The whole file is read before anything is run, and every problem is reported at once with its
line (the header is line 1; a row spanning several lines is numbered by its first), as the
authority CSV is: a file with a problem runs nothing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import zip_longest
from typing import Any

from citenexus.domain.authority_csv import csv_records, csv_text
from citenexus.domain.model import RefusalCode

ANSWERED, REFUSED = "answered", "refused"
ANSWERABLE = "answerable"
UNANSWERABLE = "unanswerable"
UNRANKED_PROFILE = "default.v1"
# A golden row's ``profile``: empty for the lane's own policy, or the unranked one.
GOLDEN_PROFILES = ("", UNRANKED_PROFILE)

GOLDEN_FORMAT = "golden"
SIMPLE_FORMAT = "simple"
FORMATS = (GOLDEN_FORMAT, SIMPLE_FORMAT)
GOLDEN_REQUIRED = ("id", "question", "expected_status")
SIMPLE_REQUIRED = ("question", "expected", "expect_decision")
SIMPLE_DECISIONS = {"answer": ANSWERED, "abstain": REFUSED}
REFUSAL_CODES = tuple(code.value for code in RefusalCode)

DEFAULT_MAX_QUESTIONS = 1000
DEFAULT_MAX_QUESTION_CHARS = 4000

ERR_UNKNOWN_GOLDEN_PROFILE = "golden question {id}: unknown profile {profile!r}; expected {known}"
ERR_EMPTY_FILE = "the file is empty"
ERR_NO_FORMAT = (
    "the header names neither format: a golden set needs the columns id, question, "
    "expected_status (those of examples/*/golden.csv) or question, expected, expect_decision"
)
ERR_MISSING_COLUMNS = "the header lacks the column(s) {columns} of the {format} format"
ERR_DUPLICATE_HEADER = "the header names column {name!r} more than once"
ERR_NO_QUESTIONS = "the file has a header but no question"
ERR_TOO_MANY_QUESTIONS = "the file has more than {limit} questions"
ERR_MALFORMED_ROW = "malformed CSV row: {detail}"
ERR_TOO_MANY_CELLS = "the row has {got} cells but the header names {expected} columns"
ERR_EMPTY_QUESTION = "the question is empty"
ERR_LONG_QUESTION = "the question is longer than {limit} characters"
ERR_EMPTY_ID = "the id is empty"
ERR_DUPLICATE_ID = "id {id!r} is already used on line {first_line}"
ERR_BAD_STATUS = "expected_status is {value!r}; use answered or refused"
ERR_BAD_DECISION = "expect_decision is {value!r}; use answer or abstain"
ERR_BAD_REFUSAL_CODE = (
    "expected_refusal_code {value!r} is not a refusal code; the codes are {codes}"
)
ERR_CODE_FOR_ANSWER = "expected_refusal_code {value!r} is given for a question expected answered"
ERR_TRAP_AND_CORRECT = "document {document_id!r} is both a correct and a trap document"


@dataclass(frozen=True)
class GoldenQuestion:
    id: str
    question: str
    category: str
    expected_status: str
    expected_refusal_code: str = ""
    expected_documents: tuple[str, ...] = ()
    expected_value: str = ""
    profile: str = ""  # "" = the lane's policy; "default.v1" = unranked (no tiers, no floor)
    # Documents the answer must not cite (the simple format's trap_docs).
    trap_documents: tuple[str, ...] = ()
    line: int = 0  # the file line the question was read from

    @property
    def unranked(self) -> bool:
        return self.profile == UNRANKED_PROFILE

    def expected(self) -> dict[str, Any]:
        """What should happen, as the API shows it per question."""
        return {
            "status": self.expected_status,
            "refusal_code": self.expected_refusal_code,
            "value": self.expected_value,
            "documents": list(self.expected_documents),
            "trap_documents": list(self.trap_documents),
            "profile": self.profile,
        }

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["expected_documents"] = list(self.expected_documents)
        data["trap_documents"] = list(self.trap_documents)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GoldenQuestion:
        values = dict(data)
        values["expected_documents"] = tuple(values.get("expected_documents") or ())
        values["trap_documents"] = tuple(values.get("trap_documents") or ())
        return cls(**values)


@dataclass(frozen=True)
class GoldenProblem:
    line: int | None  # None for a fault of the whole file
    message: str


@dataclass(frozen=True)
class GoldenFile:
    """A golden CSV as read: its format, its questions, and every problem found."""

    format: str
    questions: tuple[GoldenQuestion, ...]
    problems: tuple[GoldenProblem, ...]

    @property
    def is_valid(self) -> bool:
        return not self.problems

    def problem_dicts(self) -> list[dict[str, Any]]:
        return [{"line": p.line, "message": p.message} for p in self.problems]


def _split(value: str, separator: str) -> tuple[str, ...]:
    return tuple(d.strip() for d in value.split(separator) if d.strip())


def _format_of(header: Sequence[str]) -> tuple[str, list[str]]:
    """The file's format from its header, and the header's problems."""
    problems = [
        ERR_DUPLICATE_HEADER.format(name=name)
        for name in dict.fromkeys(n for n in header if n and header.count(n) > 1)
    ]
    if "expected_status" in header:
        chosen, required = GOLDEN_FORMAT, GOLDEN_REQUIRED
    elif "expect_decision" in header:
        chosen, required = SIMPLE_FORMAT, SIMPLE_REQUIRED
    else:
        return "", [*problems, ERR_NO_FORMAT]
    missing = [c for c in required if c not in header]
    if missing:
        columns = ", ".join(missing)
        problems.append(ERR_MISSING_COLUMNS.format(columns=columns, format=chosen))
    return chosen, problems


class _Reader:
    """Reads rows into questions, collecting every problem with its line."""

    def __init__(self, format: str, max_question_chars: int) -> None:
        self.format = format
        self.max_question_chars = max_question_chars
        self.questions: list[GoldenQuestion] = []
        self.problems: list[GoldenProblem] = []
        self.first_line: dict[str, int] = {}

    def problem(self, line: int, message: str) -> None:
        self.problems.append(GoldenProblem(line, message))

    def add(self, line: int, row: Mapping[str, str]) -> None:
        before = len(self.problems)
        question = row.get("question", "")
        if not question:
            self.problem(line, ERR_EMPTY_QUESTION)
        elif len(question) > self.max_question_chars:
            self.problem(line, ERR_LONG_QUESTION.format(limit=self.max_question_chars))
        if self.format == GOLDEN_FORMAT:
            golden = self._golden(line, row)
        else:
            golden = self._simple(line, row)
        if golden is None or len(self.problems) > before:
            return
        first = self.first_line.setdefault(golden.id, line)
        if first != line:
            self.problem(line, ERR_DUPLICATE_ID.format(id=golden.id, first_line=first))
            return
        self.questions.append(golden)

    def _golden(self, line: int, row: Mapping[str, str]) -> GoldenQuestion | None:
        id_ = row.get("id", "")
        status = row.get("expected_status", "")
        code = row.get("expected_refusal_code", "")
        profile = row.get("profile", "")
        if not id_:
            self.problem(line, ERR_EMPTY_ID)
        if status not in (ANSWERED, REFUSED):
            self.problem(line, ERR_BAD_STATUS.format(value=status))
        if code and code not in REFUSAL_CODES:
            self.problem(line, ERR_BAD_REFUSAL_CODE.format(value=code, codes=list(REFUSAL_CODES)))
        elif code and status == ANSWERED:
            self.problem(line, ERR_CODE_FOR_ANSWER.format(value=code))
        if profile not in GOLDEN_PROFILES:
            known = list(GOLDEN_PROFILES)
            self.problem(
                line, ERR_UNKNOWN_GOLDEN_PROFILE.format(id=id_, profile=profile, known=known)
            )
        return GoldenQuestion(
            id=id_,
            question=row.get("question", ""),
            category=row.get("category", "") or _default_category(status),
            expected_status=status,
            expected_refusal_code=code,
            expected_documents=_split(row.get("expected_documents", ""), ";"),
            expected_value=row.get("expected_value", ""),
            profile=profile,
            line=line,
        )

    def _simple(self, line: int, row: Mapping[str, str]) -> GoldenQuestion | None:
        decision = row.get("expect_decision", "").lower()
        status = SIMPLE_DECISIONS.get(decision, "")
        if not status:
            self.problem(line, ERR_BAD_DECISION.format(value=row.get("expect_decision", "")))
        correct = _split(row.get("correct_docs", ""), "|")
        traps = _split(row.get("trap_docs", ""), "|")
        for document_id in sorted(set(correct) & set(traps)):
            self.problem(line, ERR_TRAP_AND_CORRECT.format(document_id=document_id))
        return GoldenQuestion(
            # A set written for another tool rarely numbers its questions: the line does.
            id=row.get("id", "") or f"L{line}",
            question=row.get("question", ""),
            category=row.get("category", "") or _default_category(status),
            expected_status=status,
            expected_documents=correct,
            expected_value=row.get("expected", "") if status == ANSWERED else "",
            trap_documents=traps,
            line=line,
        )


def _default_category(status: str) -> str:
    return ANSWERABLE if status == ANSWERED else UNANSWERABLE


def _records(text: str) -> Iterator[tuple[int, list[str] | None, str | None]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    yield from csv_records(reader)


def parse_golden_text(
    text: str,
    *,
    max_questions: int = DEFAULT_MAX_QUESTIONS,
    max_question_chars: int = DEFAULT_MAX_QUESTION_CHARS,
) -> GoldenFile:
    """Every question of a golden CSV and every problem with it, in either format."""
    records = _records(text)
    header: list[str] | None = None
    header_line = 1
    for line, cells, error in records:
        if error is not None:
            return GoldenFile(
                "", (), (GoldenProblem(line, ERR_MALFORMED_ROW.format(detail=error)),)
            )
        if cells:
            header, header_line = [c.strip().lower() for c in cells], line
            break
    if header is None:
        return GoldenFile("", (), (GoldenProblem(None, ERR_EMPTY_FILE),))
    format, header_problems = _format_of(header)
    if header_problems:
        return GoldenFile(format, (), tuple(GoldenProblem(header_line, p) for p in header_problems))
    reader = _Reader(format, max_question_chars)
    rows = 0
    for line, cells, error in records:
        if error is not None:
            reader.problem(line, ERR_MALFORMED_ROW.format(detail=error))
            continue
        if not cells or not any(c.strip() for c in cells):
            continue  # a blank line, or a row of empty cells a spreadsheet left behind
        rows += 1
        if rows > max_questions:
            reader.problems.append(
                GoldenProblem(None, ERR_TOO_MANY_QUESTIONS.format(limit=max_questions))
            )
            break
        if len(cells) > len(header):
            message = ERR_TOO_MANY_CELLS.format(got=len(cells), expected=len(header))
            reader.problem(line, message)
            continue
        row = {name: cell.strip() for name, cell in zip_longest(header, cells, fillvalue="")}
        reader.add(line, row)
    if rows == 0:
        reader.problems.append(GoldenProblem(None, ERR_NO_QUESTIONS))
    return GoldenFile(format, tuple(reader.questions), tuple(reader.problems))


def parse_golden(data: bytes, **limits: int) -> GoldenFile:
    """``parse_golden_text`` of an uploaded file's bytes (UTF-8, with or without a BOM)."""
    text, error = csv_text(data)
    if text is None:
        return GoldenFile("", (), (GoldenProblem(None, error or ERR_EMPTY_FILE),))
    return parse_golden_text(text, **limits)


def read_golden(text: str) -> list[GoldenQuestion]:
    """The questions of a golden CSV in either format; a ValueError naming every problem (with
    its line) when the file has any."""
    parsed = parse_golden_text(text)
    if not parsed.is_valid:
        raise ValueError(
            "; ".join(
                f"line {p.line}: {p.message}" if p.line is not None else p.message
                for p in parsed.problems
            )
        )
    return list(parsed.questions)

"""Reading golden sets in both formats, every problem with its line (docs/design.md#evaluation-runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citenexus.evaluation import GoldenQuestion, parse_golden, parse_golden_text, read_golden
from citenexus.evaluation.golden import ERR_NO_FORMAT, ERR_TOO_MANY_QUESTIONS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GOLDEN_HEADER = (
    "id,question,category,expected_status,expected_refusal_code,expected_documents,"
    "expected_value,notes"
)
SIMPLE_HEADER = "question,expected,expect_decision,correct_docs,trap_docs"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/golden.csv")), ids=lambda p: p.parent.name)
def test_every_example_golden_set_reads_without_a_problem(path: Path) -> None:
    parsed = parse_golden(path.read_bytes())
    assert (parsed.format, parsed.problem_dicts()) == ("golden", [])
    assert parsed.questions and all(q.line >= 2 for q in parsed.questions)


def test_the_simple_format_maps_onto_golden_questions() -> None:
    parsed = parse_golden_text(
        SIMPLE_HEADER + "\n"
        "How long?, 21 days ,answer,doc-a|doc-b ,trap-1\n"
        "Patents?,ignored,ABSTAIN,,\n"
    )
    assert parsed.format == "simple" and parsed.is_valid
    first, second = parsed.questions
    assert first == GoldenQuestion(
        id="L2",
        question="How long?",
        category="answerable",
        expected_status="answered",
        expected_documents=("doc-a", "doc-b"),
        expected_value="21 days",
        trap_documents=("trap-1",),
        line=2,
    )
    # An abstention expects no value, whatever the column holds.
    assert (second.expected_status, second.expected_value, second.category) == (
        "refused",
        "",
        "unanswerable",
    )


def test_a_question_keeps_the_line_it_starts_on_across_quoted_line_breaks() -> None:
    parsed = parse_golden_text(
        SIMPLE_HEADER + '\n"How long\nexactly?",21 days,answer,,\n\nPatents?,,abstain,,\n'
    )
    assert [(q.id, q.line) for q in parsed.questions] == [("L2", 2), ("L5", 5)]


def test_every_problem_of_a_file_is_reported_at_once_by_line() -> None:
    parsed = parse_golden_text(
        GOLDEN_HEADER + ",profile\n"
        "A1,Q?,answerable,answered,below_authority_floor,,,x,\n"
        ",Q?,c,refused,,,,x,\n"
        "A3,,c,refused,,,,x,ordered.v2\n"
        "A1,Q2?,c,answered,,,,x,\n"
    )
    assert not parsed.is_valid
    # Rows with a problem are left out; the others are read (and nothing runs either way).
    assert [(q.id, q.line) for q in parsed.questions] == [("A1", 5)]
    assert [(p.line, p.message) for p in parsed.problems] == [
        (
            2,
            "expected_refusal_code 'below_authority_floor' is given for a question expected answered",
        ),
        (3, "the id is empty"),
        (4, "the question is empty"),
        (4, "golden question A3: unknown profile 'ordered.v2'; expected ['', 'default.v1']"),
    ]


def test_a_repeated_id_names_the_line_that_used_it_first() -> None:
    parsed = parse_golden_text(GOLDEN_HEADER + "\nA1,Q?,c,answered,,,,\nA1,R?,c,refused,,,,\n")
    assert [(p.line, p.message) for p in parsed.problems] == [
        (3, "id 'A1' is already used on line 2")
    ]


def test_a_header_of_neither_format_or_missing_columns_is_refused_on_its_line() -> None:
    assert [p.message for p in parse_golden_text("id,question\nA,Q?\n").problems] == [ERR_NO_FORMAT]
    missing = parse_golden_text("\nquestion,expect_decision\nQ?,answer\n")
    assert [(p.line, p.message) for p in missing.problems] == [
        (2, "the header lacks the column(s) expected of the simple format")
    ]
    twice = parse_golden_text("id,id,question,expected_status\n")
    assert "the header names column 'id' more than once" in [p.message for p in twice.problems]


def test_whole_file_faults_have_no_line() -> None:
    assert [(p.line, p.message) for p in parse_golden(b"").problems] == [
        (None, "the file is empty")
    ]
    assert parse_golden(b"\xff\xfeq\x00").problems[0].message.startswith("the file is UTF-16")
    latin = parse_golden(b"question,expected,expect_decision\nCaf\xe9?,,abstain\n")
    assert latin.problems[0].line is None and "not UTF-8" in latin.problems[0].message
    bom = parse_golden(b"\xef\xbb\xbfquestion,expected,expect_decision\nQ?,,abstain\n")
    assert bom.is_valid and bom.format == "simple"


def test_limits_on_questions_and_their_length() -> None:
    rows = "".join(f"Q{i}?,,abstain\n" for i in range(4))
    parsed = parse_golden_text("question,expected,expect_decision\n" + rows, max_questions=3)
    assert [(p.line, p.message) for p in parsed.problems] == [
        (None, ERR_TOO_MANY_QUESTIONS.format(limit=3))
    ]
    long = parse_golden_text(
        "question,expected,expect_decision\n" + "Q" * 11 + ",,abstain\n", max_question_chars=10
    )
    assert long.problems[0].message == "the question is longer than 10 characters"


def test_read_golden_raises_with_every_problem_and_round_trips_a_question() -> None:
    with pytest.raises(ValueError, match="line 2: expected_status is 'yes'"):
        read_golden(GOLDEN_HEADER + "\nA1,Q?,c,yes,,,,\n")
    (question,) = read_golden(SIMPLE_HEADER + "\nQ?,3 days,answer,a|b,c\n")
    assert GoldenQuestion.from_dict(question.to_dict()) == question

"""The example lane's answer spans pin "the right unit" for unit-level retrieval quality.

examples/law-authority/answer_spans.csv gives, per answerable or conflict golden question, a short
phrase copied verbatim from the sentence that answers it. Each phrase must occur exactly once in
its document's extracted text (what ingest indexes, not the raw .md/.html), and lie wholly inside
at least one evidence unit of the default segmentation, so a retrieved unit either holds the
answer or does not. Whitespace (line breaks inside a list, say) matches any run of whitespace.
"""

from __future__ import annotations

import csv
import io
import re
from functools import cache
from pathlib import Path

import pytest

from citenexus.config.schema import CiteNexusConfig
from citenexus.evaluation import read_golden
from citenexus.ingest import extract_text, segment

LANE = Path(__file__).resolve().parents[2] / "examples" / "law-authority"
SPANS = LANE / "answer_spans.csv"
CATEGORIES = ("answerable", "conflict")
MIN_WORDS, MAX_WORDS = 6, 20

# Questions with expected documents but no sentence that answers them; id -> reason. Empty: every
# answerable and conflict question of the lane has an answering sentence.
SKIPPED: dict[str, str] = {}


def _spans() -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(SPANS.read_text(encoding="utf-8"))))


def _pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"\s+".join(re.escape(word) for word in phrase.split()))


@cache
def _text(document_id: str) -> str:
    (path,) = [p for p in (LANE / "corpus").iterdir() if p.stem == document_id]
    return extract_text(path.read_bytes(), path.name).text


@cache
def _units(document_id: str) -> tuple[tuple[int, int], ...]:
    config = CiteNexusConfig()
    pieces = segment(
        _text(document_id), target_chars=config.unit_chars, overlap_chars=config.unit_overlap
    )
    return tuple((p.start, p.end) for p in pieces)


def _questions() -> dict[str, tuple[str, ...]]:
    golden = read_golden((LANE / "golden.csv").read_text(encoding="utf-8"))
    return {g.id: tuple(g.expected_documents) for g in golden if g.category in CATEGORIES}


def test_the_spans_file_has_the_expected_columns() -> None:
    reader = csv.DictReader(io.StringIO(SPANS.read_text(encoding="utf-8")))
    assert reader.fieldnames == ["id", "document_id", "phrase"]


@pytest.mark.parametrize("row", _spans(), ids=lambda r: f"{r['id']}:{r['document_id'][:2]}")
def test_each_phrase_is_short_and_occurs_once_inside_a_unit(row: dict[str, str]) -> None:
    phrase, document_id = row["phrase"], row["document_id"]
    assert MIN_WORDS <= len(phrase.split()) <= MAX_WORDS, phrase
    matches = list(_pattern(phrase).finditer(_text(document_id)))
    assert len(matches) == 1, f"{phrase!r} occurs {len(matches)} times in {document_id}"
    start, end = matches[0].span()
    assert any(left <= start and end <= right for left, right in _units(document_id)), (
        f"{phrase!r} straddles a unit boundary in {document_id}"
    )


def test_each_span_names_an_expected_document_of_its_question() -> None:
    questions = _questions()
    for row in _spans():
        assert row["id"] in questions, row
        assert row["document_id"] in questions[row["id"]], row


def test_every_answerable_or_conflict_question_has_a_span_or_is_skipped() -> None:
    covered = {row["id"] for row in _spans()}
    wanted = {qid for qid, documents in _questions().items() if documents}
    assert not covered & set(SKIPPED)
    assert sorted(wanted - covered - set(SKIPPED)) == []
    assert len(wanted) >= 20

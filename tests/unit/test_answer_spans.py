"""The example lanes' answer spans pin "the right unit" for unit-level retrieval quality.

examples/<lane>/answer_spans.csv gives, per golden question answered with an expected value from
expected documents, a short phrase copied verbatim from the sentence that answers it (written
from the documents, never from the product's answers). Each phrase must occur exactly once in
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

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LANES = ("law-authority", "privacy-law", "aviation-maintenance")
MIN_WORDS, MAX_WORDS = 6, 20

# Questions with expected documents but no sentence that answers them; (lane, id) -> reason.
# Empty: every such question of every lane has an answering sentence.
SKIPPED: dict[tuple[str, str], str] = {}


def _spans(lane: str) -> list[dict[str, str]]:
    path = EXAMPLES / lane / "answer_spans.csv"
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def _all_spans() -> list[tuple[str, dict[str, str]]]:
    return [(lane, row) for lane in LANES for row in _spans(lane)]


def _pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"\s+".join(re.escape(word) for word in phrase.split()))


@cache
def _text(lane: str, document_id: str) -> str:
    (path,) = [p for p in (EXAMPLES / lane / "corpus").iterdir() if p.stem == document_id]
    return extract_text(path.read_bytes(), path.name).text


@cache
def _units(lane: str, document_id: str) -> tuple[tuple[int, int], ...]:
    config = CiteNexusConfig()
    pieces = segment(
        _text(lane, document_id),
        target_chars=config.unit_chars,
        overlap_chars=config.unit_overlap,
    )
    return tuple((p.start, p.end) for p in pieces)


def _questions(lane: str) -> dict[str, tuple[str, ...]]:
    """Questions answered with an expected value from expected documents: id -> documents."""
    golden = read_golden((EXAMPLES / lane / "golden.csv").read_text(encoding="utf-8"))
    return {
        g.id: tuple(g.expected_documents)
        for g in golden
        if g.expected_status == "answered" and g.expected_value and g.expected_documents
    }


@pytest.mark.parametrize("lane", LANES)
def test_the_spans_file_has_the_expected_columns(lane: str) -> None:
    path = EXAMPLES / lane / "answer_spans.csv"
    reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    assert reader.fieldnames == ["id", "document_id", "phrase"]


@pytest.mark.parametrize(
    ("lane", "row"),
    _all_spans(),
    ids=lambda v: f"{v['id']}:{v['document_id'][:2]}" if isinstance(v, dict) else v,
)
def test_each_phrase_is_short_and_occurs_once_inside_a_unit(lane: str, row: dict[str, str]) -> None:
    phrase, document_id = row["phrase"], row["document_id"]
    assert MIN_WORDS <= len(phrase.split()) <= MAX_WORDS, phrase
    matches = list(_pattern(phrase).finditer(_text(lane, document_id)))
    assert len(matches) == 1, f"{phrase!r} occurs {len(matches)} times in {document_id}"
    start, end = matches[0].span()
    assert any(left <= start and end <= right for left, right in _units(lane, document_id)), (
        f"{phrase!r} straddles a unit boundary in {document_id}"
    )


@pytest.mark.parametrize("lane", LANES)
def test_each_span_names_an_expected_document_of_its_question(lane: str) -> None:
    questions = _questions(lane)
    for row in _spans(lane):
        assert row["id"] in questions, row
        assert row["document_id"] in questions[row["id"]], row


@pytest.mark.parametrize("lane", LANES)
def test_every_question_answered_with_a_value_has_a_span_or_is_skipped(lane: str) -> None:
    covered = {row["id"] for row in _spans(lane)}
    skipped = {qid for skipped_lane, qid in SKIPPED if skipped_lane == lane}
    wanted = set(_questions(lane))
    assert not covered & skipped
    assert sorted(wanted - covered - skipped) == []
    assert len(wanted) >= 20

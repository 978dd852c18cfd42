"""Scoring a golden question set: the law benchmark's metrics (seed 000), in our own terms.

A golden row says what should happen (answered or refused, with which refusal code, citing which
documents). The metrics a reviewer cares about:

- ``answer_when_grounded``: of the questions the corpus can answer, the share answered;
- ``abstain_when_no_evidence``: of the questions it cannot answer (no evidence, wrong
  jurisdiction, below the floor, wrong subject), the share refused;
- ``groundedness_rate`` / ``citation_rate``: means over answered questions of the answer's signals;
- ``out_of_jurisdiction_citations``: citations of kept or hedged claims to a source whose tier is
  the lane's out-of-jurisdiction tier or whose ``jurisdiction`` differs from the lane's;
- ``wrong_jurisdiction_citations``: citations of kept or hedged claims to a source whose
  ``jurisdiction`` differs from the jurisdiction the question asks about (the one it names, else the
  lane's) — Florida law quoted for a Texas question;
- ``refusal_code_accuracy``: of the refusals expected with a code, the share with that code;
- ``expected_document_hit_rate``: of answered answerable questions, the share citing an expected document;
- ``expected_value_rate``: of answered answerable questions with an expected value, the share
  whose kept or hedged claims state it (the same number in any wording: "thirty days" = "30
  days"; a value with no number is matched as words). "Answered" alone counts an answer that
  quotes the wrong rule; this does not.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.applicability import QuestionScope, normalise_jurisdiction
from citenexus.judges.quantities import extract_quantities

OUT_OF_JURISDICTION_TIER = "out-of-jurisdiction"
ANSWERABLE = "answerable"


@dataclass(frozen=True)
class GoldenQuestion:
    id: str
    question: str
    category: str
    expected_status: str
    expected_refusal_code: str = ""
    expected_documents: tuple[str, ...] = ()
    expected_value: str = ""


def read_golden(text: str) -> list[GoldenQuestion]:
    """Rows of a golden CSV (id, question, category, expected_status, expected_refusal_code,
    expected_documents separated by ';', expected_value)."""
    rows = []
    for row in csv.DictReader(io.StringIO(text)):
        rows.append(
            GoldenQuestion(
                id=row["id"].strip(),
                question=row["question"].strip(),
                category=row["category"].strip(),
                expected_status=row["expected_status"].strip(),
                expected_refusal_code=(row.get("expected_refusal_code") or "").strip(),
                expected_documents=tuple(
                    d.strip() for d in (row.get("expected_documents") or "").split(";") if d.strip()
                ),
                expected_value=(row.get("expected_value") or "").strip(),
            )
        )
    return rows


@dataclass
class Outcome:
    golden: GoldenQuestion
    answer: Mapping[str, Any]

    @property
    def answered(self) -> bool:
        return self.answer.get("status") == "answered"

    @property
    def refusal_code(self) -> str:
        refusal = self.answer.get("refusal") or {}
        return str(refusal.get("code", "")) if refusal else ""

    def states(self, value: str) -> bool:
        """Whether the answer's kept or hedged claims state ``value``."""
        texts = [
            str(c.get("text", ""))
            for c in self.answer.get("claims", [])
            if c.get("status") in ("kept", "hedged")
        ]
        wanted = extract_quantities(value)
        if wanted:
            stated = [q for t in texts for q in extract_quantities(t)]
            return all(any(w.same_value(q) for q in stated) for w in wanted)
        return any(value.lower() in t.lower() for t in texts)

    def cited_keys(self) -> list[str]:
        keys: list[str] = []
        for claim in self.answer.get("claims", []):
            if claim.get("status") in ("kept", "hedged"):
                keys.extend(claim.get("citations", []))
        return keys


@dataclass
class Report:
    total: int = 0
    answered: int = 0
    refused: int = 0
    answer_when_grounded: float = 0.0
    abstain_when_no_evidence: float = 0.0
    groundedness_rate: float = 0.0
    citation_rate: float = 0.0
    out_of_jurisdiction_citations: int = 0
    wrong_jurisdiction_citations: int = 0
    refusal_code_accuracy: float = 0.0
    expected_document_hit_rate: float = 0.0
    expected_value_rate: float = 0.0
    by_category: dict[str, dict[str, int]] = field(default_factory=dict)
    mismatches: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _rate(numerator: int, denominator: int) -> float:
    return round(numerator / denominator, 4) if denominator else 1.0


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 1.0


def is_out_of_jurisdiction(meta: Mapping[str, str], tier_key: str, lane_jurisdiction: str) -> bool:
    if meta.get(tier_key, "") == OUT_OF_JURISDICTION_TIER:
        return True
    jurisdiction = meta.get("jurisdiction", "")
    return bool(
        lane_jurisdiction and jurisdiction and jurisdiction.upper() != lane_jurisdiction.upper()
    )


def score(
    outcomes: Iterable[Outcome],
    *,
    metadata_of: Mapping[str, Mapping[str, str]],
    tier_key: str = "authority_tier",
    lane_jurisdiction: str = "",
) -> Report:
    """Score outcomes; ``metadata_of`` maps document id to its authority metadata."""
    items = list(outcomes)
    report = Report(total=len(items))
    answerable = [o for o in items if o.golden.expected_status == "answered"]
    unanswerable = [o for o in items if o.golden.expected_status == "refused"]
    answered = [o for o in items if o.answered]
    report.answered = len(answered)
    report.refused = report.total - report.answered
    report.answer_when_grounded = _rate(sum(o.answered for o in answerable), len(answerable))
    report.abstain_when_no_evidence = _rate(
        sum(not o.answered for o in unanswerable), len(unanswerable)
    )
    evidence = [o.answer.get("evidence", {}) for o in answered]
    report.groundedness_rate = _mean([float(e.get("groundedness_rate", 0.0)) for e in evidence])
    report.citation_rate = _mean([float(e.get("citation_rate", 0.0)) for e in evidence])
    for o in answered:
        asked = QuestionScope.parse(o.golden.question, lane_jurisdiction).jurisdictions
        for key in o.cited_keys():
            meta = metadata_of.get(key.rpartition("#")[0], {})
            if is_out_of_jurisdiction(meta, tier_key, lane_jurisdiction):
                report.out_of_jurisdiction_citations += 1
            source = meta.get("jurisdiction", "")
            if asked and source and normalise_jurisdiction(source) not in asked:
                report.wrong_jurisdiction_citations += 1
    coded = [o for o in unanswerable if o.golden.expected_refusal_code]
    report.refusal_code_accuracy = _rate(
        sum(o.refusal_code == o.golden.expected_refusal_code for o in coded), len(coded)
    )
    hits = [o for o in answerable if o.answered and o.golden.expected_documents]
    report.expected_document_hit_rate = _rate(
        sum(
            any(k.rpartition("#")[0] in o.golden.expected_documents for k in o.cited_keys())
            for o in hits
        ),
        len(hits),
    )
    valued = [o for o in answerable if o.answered and o.golden.expected_value]
    report.expected_value_rate = _rate(
        sum(o.states(o.golden.expected_value) for o in valued), len(valued)
    )
    for o in items:
        bucket = report.by_category.setdefault(o.golden.category, {"total": 0, "as_expected": 0})
        bucket["total"] += 1
        expected = o.golden.expected_status == ("answered" if o.answered else "refused")
        if expected and not o.answered and o.golden.expected_refusal_code:
            expected = o.refusal_code == o.golden.expected_refusal_code
        bucket["as_expected"] += int(expected)
        if not expected:
            report.mismatches.append(
                {
                    "id": o.golden.id,
                    "expected": o.golden.expected_status
                    + (
                        f" ({o.golden.expected_refusal_code})"
                        if o.golden.expected_refusal_code
                        else ""
                    ),
                    "got": str(o.answer.get("status"))
                    + (f" ({o.refusal_code})" if o.refusal_code else ""),
                }
            )
    return report

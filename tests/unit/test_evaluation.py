"""Scoring a golden set: the metrics reviewers read, computed from answers as the API returns them."""

from __future__ import annotations

from typing import Any

from citenexus.evaluation import GoldenQuestion, Outcome, read_golden, score

META = {
    "ca-statute": {"authority_tier": "controlling-statute", "jurisdiction": "CA"},
    "tx-statute": {"authority_tier": "out-of-jurisdiction", "jurisdiction": "TX"},
    "fl-statute": {"authority_tier": "out-of-jurisdiction", "jurisdiction": "FL"},
}


def answered(*keys: str, grounded: float = 1.0) -> dict[str, Any]:
    return {
        "status": "answered",
        "refusal": None,
        "claims": [{"status": "kept", "citations": [k]} for k in keys],
        "evidence": {"groundedness_rate": grounded, "citation_rate": 1.0},
    }


def refused(code: str) -> dict[str, Any]:
    return {"status": "refused", "refusal": {"code": code}, "claims": [], "evidence": {}}


def golden(
    id: str, question: str, status: str, code: str = "", docs: tuple[str, ...] = (), value: str = ""
) -> GoldenQuestion:
    return GoldenQuestion(id, question, "c", status, code, docs, value)


def test_the_metrics_of_a_small_run() -> None:
    outcomes = [
        Outcome(
            golden("a", "How long to return a deposit?", "answered", docs=("ca-statute",)),
            answered("ca-statute#0"),
        ),
        Outcome(
            golden("b", "Notice in Texas?", "answered"), answered("tx-statute#1", grounded=0.5)
        ),
        Outcome(
            golden("c", "Patents?", "refused", "no_relevant_evidence"),
            refused("no_relevant_evidence"),
        ),
        Outcome(
            golden("d", "Notice in Texas?", "refused", "below_authority_floor"),
            answered("fl-statute#0"),
        ),
    ]
    report = score(outcomes, metadata_of=META, lane_jurisdiction="CA")
    assert (report.answered, report.refused) == (3, 1)
    assert report.answer_when_grounded == 1.0
    assert report.abstain_when_no_evidence == 0.5
    assert report.groundedness_rate == round((1.0 + 0.5 + 1.0) / 3, 4)
    assert report.out_of_jurisdiction_citations == 2  # by tier: the Texas and the Florida citation
    assert report.wrong_jurisdiction_citations == 1  # Florida law for a Texas question
    assert report.refusal_code_accuracy == 0.5
    assert report.expected_document_hit_rate == 1.0
    assert [m["id"] for m in report.mismatches] == ["d"]


def test_a_golden_csv_is_read_with_its_document_list() -> None:
    rows = read_golden(
        "id,question,category,expected_status,expected_refusal_code,expected_documents,expected_value,notes\n"
        'A1,"How long, exactly?",answerable,answered,,doc-a;doc-b,21 days,x\n'
    )
    assert rows[0].question == "How long, exactly?"
    assert rows[0].expected_documents == ("doc-a", "doc-b")
    assert rows[0].expected_value == "21 days"


def test_the_expected_value_is_checked_in_any_wording() -> None:
    def said(text: str) -> dict[str, Any]:
        return {
            **answered("ca-statute#0"),
            "claims": [{"status": "kept", "citations": [], "text": text}],
        }

    outcomes = [
        Outcome(
            golden("a", "How long?", "answered", value="21 days"), said("Within twenty-one days.")
        ),
        Outcome(golden("b", "How long?", "answered", value="21 days"), said("Within 30 days.")),
        Outcome(
            golden("c", "How?", "answered", value="certified mail"), said("By Certified Mail.")
        ),
        Outcome(golden("d", "How long?", "answered"), said("Soon.")),  # no value: not counted
    ]
    report = score(outcomes, metadata_of=META)
    assert report.expected_value_rate == round(2 / 3, 4)

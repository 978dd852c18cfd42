"""One question's outcome per mode, and the diff between two runs (docs/design.md#evaluation-runs)."""

from __future__ import annotations

from typing import Any

from citenexus.evaluation import (
    GoldenQuestion,
    Outcome,
    answer_digest,
    changed_fields,
    outcome_diff,
    pool,
    question_result,
    score,
)


def answered(text: str, *keys: str) -> dict[str, Any]:
    return {
        "status": "answered",
        "refusal": None,
        "claims": [{"text": text, "status": "kept", "citations": list(keys), "judgments": [1]}],
        "evidence": {"groundedness_rate": 1.0, "citation_rate": 1.0, "timings_ms": {"x": 1}},
    }


def refused(code: str) -> dict[str, Any]:
    return {
        "status": "refused",
        "refusal": {"code": code, "message": "m"},
        "claims": [],
        "evidence": {},
    }


DEPOSIT = GoldenQuestion(
    "D",
    "How long?",
    "answerable",
    "answered",
    expected_value="21 days",
    trap_documents=("blog",),
    line=2,
)
FLOOR = GoldenQuestion("F", "Pets?", "below_floor", "refused", "below_authority_floor", line=3)


def test_a_result_says_what_was_cited_whether_the_value_was_stated_and_if_as_expected() -> None:
    good = question_result(Outcome(DEPOSIT, answered("Within 21 days.", "ca#0", "ca#1", "fl#0")))
    assert good == {
        "status": "answered",
        "refusal_code": "",
        "cited_documents": ["ca", "fl"],
        "value_found": True,
        "as_expected": True,
        "trap_documents_cited": [],
    }
    wrong_code = question_result(Outcome(FLOOR, refused("no_relevant_evidence")))
    assert (wrong_code["value_found"], wrong_code["as_expected"]) == (None, False)
    assert question_result(Outcome(FLOOR, refused("below_authority_floor")))["as_expected"]


def test_citing_a_trap_document_is_never_as_expected_and_is_counted() -> None:
    trapped = Outcome(DEPOSIT, answered("Within 21 days.", "blog#0"))
    assert question_result(trapped)["trap_documents_cited"] == ["blog"]
    assert question_result(trapped)["as_expected"] is False
    report = score([trapped], metadata_of={})
    assert report.trap_citations == 1 and report.by_category["answerable"]["as_expected"] == 0
    assert pool([report.to_dict(), report.to_dict()])["trap_citations"] == 2


def test_a_digest_keeps_what_scoring_reads_and_scores_alike() -> None:
    answer = answered("Within 21 days.", "ca#0")
    digest = answer_digest(answer)
    assert "judgments" not in digest["claims"][0] and "timings_ms" not in digest["evidence"]
    full = score([Outcome(DEPOSIT, answer)], metadata_of={}).to_dict()
    small = score([Outcome(DEPOSIT, digest)], metadata_of={}).to_dict()
    assert full == small
    assert answer_digest(refused("ungrounded"))["refusal"] == {"code": "ungrounded"}


def _question(text: str, line: int, **results: dict[str, Any]) -> dict[str, Any]:
    return {"question": text, "line": line, "category": "c", "expected": {}, "results": results}


def _result(status: str, *docs: str, code: str = "", expected: bool = True) -> dict[str, Any]:
    return {
        "status": status,
        "refusal_code": code,
        "cited_documents": list(docs),
        "value_found": None,
        "as_expected": expected,
        "answer_id": 7,
    }


def test_the_diff_lists_changed_outcomes_with_both_sides_in_the_modes_both_ran() -> None:
    before = [
        _question(
            "Pets?",
            3,
            strict=_result("refused", code="below_authority_floor"),
            normal=_result("answered", "blog"),
        ),
        _question("How long?", 2, strict=_result("answered", "ca", "fl")),
        _question("Gone?", 4, strict=_result("refused", code="ungrounded")),
    ]
    after = [
        _question(
            "How long?", 5, strict=_result("answered", "fl", "ca"), exploratory=_result("answered")
        ),
        _question(
            "  Pets? ",
            6,
            strict=_result("answered", "blog", expected=False),
            normal=_result("answered", "blog"),
        ),
        _question("New?", 7, strict=_result("answered")),
    ]
    diff = outcome_diff(before, after)
    # Exploratory was asked after only: not compared. Pets in normal mode did not change.
    assert diff["modes"] == ["strict", "normal"] and diff["compared"] == 3
    (pets,) = diff["changed"]
    assert pets["question"] == "  Pets? " and pets["lines"] == {"before": 3, "after": 6}
    assert list(pets["modes"]) == ["strict"]
    assert pets["modes"]["strict"]["changed"] == [
        "status",
        "refusal_code",
        "cited_documents",
        "as_expected",
    ]
    assert pets["modes"]["strict"]["before"]["refusal_code"] == "below_authority_floor"
    assert (diff["only_before"], diff["only_after"]) == ([4], [7])


def test_the_same_documents_in_another_order_are_no_change() -> None:
    assert changed_fields(_result("answered", "a", "b"), _result("answered", "b", "a")) == []
    assert changed_fields(_result("answered", "a"), _result("answered", "a", "b")) == [
        "cited_documents"
    ]

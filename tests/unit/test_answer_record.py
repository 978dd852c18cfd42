"""The answer as stored and served (citenexus/domain/answer.py): what ``to_dict`` writes, and what
``from_dict`` reads back from a full record and from a record written before a field existed."""

from __future__ import annotations

from typing import Any

from citenexus.domain.answer import Answer, ClaimResult, Evidence
from citenexus.domain.model import (
    ClaimStatus,
    Correction,
    JudgeFailure,
    Judgment,
    Refusal,
    RefusalCode,
    Severity,
    Verdict,
    Violation,
    ViolationKind,
)

CONFLICT = {
    "kind": "duration",
    "values": [
        {"value": "30 days", "key": "a#1", "tier": "controlling"},
        {"value": "60 days", "key": "b#2", "tier": "controlling"},
    ],
    "resolved_to": None,
    "overridden": [],
    "matter": "notice",
}


def full_claim() -> ClaimResult:
    return ClaimResult(
        text="A claim.",
        status=ClaimStatus.HEDGED,
        citations=("a#1", "b#2"),
        supported_by=("b#2",),
        attributed_to="b#2",
        caveat="weak source",
        violations=(Violation(ViolationKind.LAUNDERING, Severity.CRITICAL, "credited a#1"),),
        corrections=(
            Correction(
                7,
                "b",
                "Repealed in 2024.",
                authority="curator_note",
                author="ana",
                created_at="2026-12-01T10:00:00Z",
                active=False,
            ),
        ),
        judgments=(Judgment("b#2", "embedding", Verdict.ENTAILS, 0.8123, None),),
        judges_failed=(JudgeFailure("a#1", "llm", "timed out"),),
    )


def full_evidence(retrieve_ms: float = 1.23456) -> Evidence:
    return Evidence(
        authority_tier="controlling",
        authority_floor_applied=True,
        withheld=("c#0",),
        all_claims_verified=True,
        groundedness_rate=0.5,
        citation_rate=1.0,
        invariants_verified=("grounded",),
        profile_version="ca.v2",
        trust_mode="strict",
        minimum_tier="persuasive",
        retrieved=12,
        grounded=4,
        selected=2,
        inapplicable=({"key": "d#0", "document_id": "d", "reason": "TX", "kind": "jurisdiction"},),
        conflicts=(CONFLICT,),
        unsupported_scripts=("Cyrl",),
        timings_ms={"retrieve": retrieve_ms, "judge": 2.0},
        judges_failed=({"judge": "llm", "pairs": 3},),
    )


def full_answer() -> Answer:
    return Answer(
        question="How much notice?",
        lane="ca-housing",
        mode="strict",
        strategy="deep",
        status="refused",
        text="",
        refusal=Refusal.of(RefusalCode.UNRESOLVED_CONFLICT, "30 days vs 60 days"),
        claims=(full_claim(),),
        # as written: timings to the microsecond
        evidence=full_evidence(retrieve_ms=1.235),
        policy={"profile": "ca.v2"},
        candidates=({"key": "a#1", "stage": "selected"},),
        withheld_detail=({"key": "c#0", "tier": "forum"},),
        best_candidates=({"key": "a#1"},),
        draft={"segments": [{"text": "A claim.", "citations": ["a#1"]}]},
    )


def test_a_full_answer_reads_back_field_for_field() -> None:
    answer = full_answer()
    again = Answer.from_dict(answer.to_dict())
    assert again == answer
    assert again.claims[0].corrections[0] == full_claim().corrections[0]
    assert again.claims[0].judges_failed == (JudgeFailure("a#1", "llm", "timed out"),)
    assert again.evidence.conflicts == (CONFLICT,)
    assert again.evidence.inapplicable == full_evidence().inapplicable


def test_timings_are_written_to_the_microsecond_and_the_rest_as_given() -> None:
    written = full_evidence().to_dict()
    assert written["timings_ms"] == {"retrieve": 1.235, "judge": 2.0}
    assert written["conflicts"] == [CONFLICT]
    assert written["inapplicable"] == [
        {"key": "d#0", "document_id": "d", "reason": "TX", "kind": "jurisdiction"}
    ]
    assert written["judges_failed"] == [{"judge": "llm", "pairs": 3}]


def test_an_answers_draft_is_written_when_there_is_one() -> None:
    assert full_answer().to_dict()["draft"] == {
        "segments": [{"text": "A claim.", "citations": ["a#1"]}]
    }
    assert Answer("q", "l", "strict", "single", "refused", "").to_dict()["draft"] is None


def test_an_inapplicable_entry_is_read_back_as_text() -> None:
    data = full_evidence().to_dict()
    data["inapplicable"] = [{"key": "d#0", "rank": 3}]
    assert Evidence.from_dict(data).inapplicable == ({"key": "d#0", "rank": "3"},)


def minimal_claim() -> dict[str, Any]:
    return {"text": "A claim.", "status": "kept"}


def test_a_claim_recorded_with_only_its_text_and_status_reads_back_empty() -> None:
    claim = ClaimResult.from_dict(minimal_claim())
    assert claim == ClaimResult("A claim.", ClaimStatus.KEPT)
    assert claim.citations == () and claim.supported_by == ()
    assert claim.violations == () and claim.corrections == () and claim.judgments == ()
    assert claim.judges_failed == () and claim.attributed_to is None and claim.caveat is None


def test_a_correction_recorded_before_its_author_and_state_existed_reads_back_active() -> None:
    data = {**minimal_claim(), "corrections": [{"id": 3, "text": "See the 2024 amendment."}]}
    (correction,) = ClaimResult.from_dict(data).corrections
    assert correction == Correction(3, "", "See the 2024 amendment.")
    assert correction.authority == "human_correction"
    assert correction.author == "" and correction.created_at == "" and correction.active is True


def test_a_judge_failure_recorded_without_its_error_reads_back_with_none_named() -> None:
    data = {**minimal_claim(), "judges_failed": [{"key": "a#1", "judge": "llm"}]}
    assert ClaimResult.from_dict(data).judges_failed == (JudgeFailure("a#1", "llm", ""),)


def test_evidence_recorded_before_judge_failures_were_kept_reads_back_with_none() -> None:
    data = full_evidence().to_dict()
    del data["judges_failed"]
    assert Evidence.from_dict(data).judges_failed == ()


def test_an_answer_recorded_with_only_its_required_fields_reads_back_empty() -> None:
    data = {
        "question": "q",
        "lane": "l",
        "mode": "strict",
        "strategy": "single",
        "status": "refused",
        "text": "",
        "evidence": Evidence().to_dict(),
    }
    answer = Answer.from_dict(data)
    assert answer == Answer("q", "l", "strict", "single", "refused", "")
    assert answer.refusal is None and answer.claims == () and answer.policy == {}
    assert answer.candidates == () and answer.withheld_detail == ()
    assert answer.best_candidates == () and answer.draft is None

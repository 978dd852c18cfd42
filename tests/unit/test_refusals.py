"""Every refusal code is reachable, and each names the stage that left nothing
(docs/design.md#refusal-codes)."""

from __future__ import annotations

from citenexus.domain.model import REFUSAL_MESSAGES, Draft, RefusalCode, Segment
from citenexus.pipeline import PipelineSettings, ask, verify
from citenexus.pipeline.ask import DETAIL_EMPTY_DRAFT
from citenexus.ports import GenerationError
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    ContainmentJudge,
    FixedGenerator,
    WordHashEmbedder,
    memory_lane,
)

STATUTE = "ca-civ-1946-1#0"
FORUM = "tenant-forum-post#0"
STATUTE_SENTENCE = (
    "When any tenant has resided in the dwelling for less than one year, the owner must give at "
    "least 30 days' written notice."
)
NOTICE_QUESTION = "What notice must an owner give to end a month-to-month tenancy?"
DEPOSIT_QUESTION = "Can a landlord keep the whole security deposit to repaint the apartment?"


def run(
    question: str, *, docs=EXAMPLE_DOCUMENTS, generator=None, mode="strict", policy=FLOORED, **kw
):
    from citenexus.generators.extractive import ExtractiveGenerator

    return ask(
        question,
        retriever=memory_lane(docs),
        embedder=WordHashEmbedder(),
        generator=generator or ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=policy,
        mode=mode,
        **kw,
    )


def code(answer) -> RefusalCode | None:
    return answer.refusal.code if answer.refusal else None


def test_a_question_in_another_script_is_refused_before_retrieval() -> None:
    answer = run("家賃の通知期間は何日ですか")
    assert code(answer) is RefusalCode.UNSUPPORTED_SCRIPT
    assert answer.evidence.unsupported_scripts == ("cjk",)
    assert answer.evidence.retrieved == 0


def test_a_lane_whose_every_candidate_is_in_another_script_is_refused() -> None:
    docs = [("ru", "Арендодатель должен уведомить арендатора за тридцать дней.", {})]
    answer = run(NOTICE_QUESTION, docs=docs)
    assert code(answer) is RefusalCode.UNSUPPORTED_SCRIPT
    assert answer.evidence.unsupported_scripts == ("cyrillic",)


def test_nothing_relevant_is_refused_as_no_relevant_evidence_with_the_best_candidates() -> None:
    answer = run("How do I renew a passport abroad?")
    assert code(answer) is RefusalCode.NO_RELEVANT_EVIDENCE
    assert answer.refusal is not None
    assert answer.refusal.message == REFUSAL_MESSAGES[RefusalCode.NO_RELEVANT_EVIDENCE]
    assert len(answer.best_candidates) == PipelineSettings().best_candidates


def test_relevant_but_inapplicable_evidence_is_refused_as_not_applicable() -> None:
    answer = run("What notice ends a month-to-month tenancy in Texas?")
    assert code(answer) is RefusalCode.NOT_APPLICABLE
    assert {row["document_id"] for row in answer.evidence.inapplicable} >= {
        "fl-stat-83-57",
        "ca-civ-1946-1",
    }


def test_grounded_evidence_all_below_the_floor_is_refused_with_standing_not_absence() -> None:
    docs = [d for d in EXAMPLE_DOCUMENTS if d[0] in {"tenant-forum-post", "county-dog-licence"}]
    answer = run(DEPOSIT_QUESTION, docs=docs)
    assert code(answer) is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert answer.evidence.withheld == ("tenant-forum-post",)
    assert answer.evidence.authority_floor_applied is True


def test_the_same_evidence_in_normal_mode_is_answered() -> None:
    docs = [d for d in EXAMPLE_DOCUMENTS if d[0] in {"tenant-forum-post", "county-dog-licence"}]
    answer = run(DEPOSIT_QUESTION, docs=docs, mode="normal")
    assert answer.status == "answered"
    assert answer.evidence.withheld == ()


def test_a_generator_error_is_refused_as_generation_failed_with_its_reason() -> None:
    answer = run(
        NOTICE_QUESTION, generator=FixedGenerator(error=GenerationError("model timed out"))
    )
    assert code(answer) is RefusalCode.GENERATION_FAILED
    assert answer.refusal is not None and answer.refusal.message.endswith("model timed out")


def test_a_draft_without_claims_is_refused_as_generation_failed() -> None:
    answer = run(NOTICE_QUESTION, generator=FixedGenerator(Draft((Segment("   "),))))
    assert code(answer) is RefusalCode.GENERATION_FAILED
    assert answer.refusal is not None and answer.refusal.message.endswith(DETAIL_EMPTY_DRAFT)


EQUAL_STATUTES = [
    (
        "ca-a",
        "The owner must give 60 days notice to end a month-to-month tenancy.",
        {"authority_tier": "statute"},
    ),
    (
        "ca-b",
        "The owner must give 90 days notice to end a month-to-month tenancy.",
        {"authority_tier": "statute"},
    ),
]
DAYS_QUESTION = "How many days notice must the owner give to end a month-to-month tenancy?"


def test_equal_authorities_disagreeing_on_the_value_asked_refuse_in_strict_mode_with_both_sides() -> (
    None
):
    answer = run(DAYS_QUESTION, docs=EQUAL_STATUTES)
    assert code(answer) is RefusalCode.UNRESOLVED_CONFLICT
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] is None
    assert {v["value"] for v in conflict["values"]} == {"60 days", "90 days"}
    assert "ca-a#0 states 60 days" in answer.text and "ca-b#0 states 90 days" in answer.text


def test_equal_authorities_disagreeing_are_both_hedged_in_normal_mode() -> None:
    answer = run(DAYS_QUESTION, docs=EQUAL_STATUTES, mode="normal")
    assert answer.status == "answered"
    assert [c.status.value for c in answer.claims] == ["hedged", "hedged"]
    assert (
        answer.text.count("(unconfirmed: sources of equal authority disagree on this value)") == 2
    )


def test_a_strict_laundering_draft_is_refused_as_citation_laundering() -> None:
    claim = "A landlord may keep the whole security deposit to repaint the apartment after every tenancy."
    draft = Draft((Segment(claim, ("ca-civ-1950-5#0",)),))
    answer = run(DEPOSIT_QUESTION, generator=FixedGenerator(draft))
    assert code(answer) is RefusalCode.CITATION_LAUNDERING


def test_claims_their_citations_do_not_support_are_refused_as_ungrounded() -> None:
    draft = Draft((Segment("Owners may evict tenants without any notice at all.", (STATUTE,)),))
    answer = run(NOTICE_QUESTION, generator=FixedGenerator(draft))
    assert code(answer) is RefusalCode.UNGROUNDED
    assert answer.claims[0].status.value == "dropped"


def test_a_claim_dropped_for_authority_refuses_as_below_the_floor_after_judging() -> None:
    claim = "A landlord may keep the whole security deposit to repaint the apartment after every tenancy."
    answer = verify(
        DEPOSIT_QUESTION,
        [{"text": claim, "citations": [FORUM]}],
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode="strict",
    )
    assert code(answer) is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert answer.claims[0].violations[0].kind.value == "authority"
    assert "tenant-forum-post" in answer.evidence.withheld


def test_a_supported_answer_is_not_refused() -> None:
    answer = run(NOTICE_QUESTION)
    assert answer.status == "answered" and answer.refusal is None
    assert STATUTE_SENTENCE in answer.text or "60 days" in answer.text

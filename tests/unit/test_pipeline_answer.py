"""The answer as clients see it: exactly docs/api.md#the-answer's fields (minus those the web app
adds) plus the audit extras."""

from __future__ import annotations

from citenexus.domain.answer import Answer, ClaimResult
from citenexus.domain.model import (
    ClaimStatus,
    Correction,
    Draft,
    Judgment,
    RefusalCode,
    Segment,
    Severity,
    Verdict,
    Violation,
    ViolationKind,
)
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask
from citenexus.pipeline.timing import STAGE_ORDER, in_stage_order
from tests.support.contract import ANSWER_FIELDS, CLAIM_FIELDS
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    LEGAL_TIERS,
    ContainmentJudge,
    FixedGenerator,
    WordHashEmbedder,
    memory_lane,
)

EXTRAS = ["policy", "candidates", "draft", "withheld_detail", "best_candidates"]


def run(question: str = "What notice must an owner give to end a month-to-month tenancy?", **kw):
    return ask(
        question,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        generator=kw.pop("generator", ExtractiveGenerator()),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        lane="ca-housing",
        **kw,
    )


def test_the_answer_json_has_the_api_fields_and_the_extras() -> None:
    data = run().to_dict()
    assert list(data) == ANSWER_FIELDS + EXTRAS
    assert "id" not in data
    claim = data["claims"][0]
    assert set(claim) == CLAIM_FIELDS
    assert claim["status"] == "kept"
    assert claim["judgments"][0] == {
        "key": "ca-civ-1946-1#0",
        "judge": "containment",
        "verdict": "entails",
        "score": claim["judgments"][0]["score"],
    }
    assert data["refusal"] is None and data["strategy"] == "single" and data["lane"] == "ca-housing"


def test_a_refusal_has_a_code_and_message() -> None:
    data = run("How do I renew a passport abroad?").to_dict()
    assert data["status"] == "refused"
    assert data["refusal"] == {
        "code": "no_relevant_evidence",
        "message": "no sufficiently relevant evidence found",
    }
    assert data["claims"] == [] and data["draft"] is None
    assert len(data["best_candidates"]) == 3


def test_the_policy_snapshot_records_the_policy_and_every_size_used() -> None:
    policy = run(settings=PipelineSettings(generate_k=3)).policy
    assert policy["profile"] == "ordered.v1"
    assert policy["tier_order"] == list(LEGAL_TIERS)
    assert policy["minimum_tier"] == "general-statute"
    assert policy["settings"]["generate_k"] == 3
    assert policy["settings"]["ground_threshold"] == PipelineSettings().ground_threshold
    assert policy["judges"] == [{"name": "containment", "threshold": 0.85}]
    assert policy["generator"] == {"name": "extractive", "max_sentences": 3}
    assert policy["embedder"] == {"name": "word-hash", "dimension": 256}


def test_candidates_report_their_scores_and_the_last_stage_they_reached() -> None:
    answer = run()
    stages = {row["key"]: row["stage"] for row in answer.candidates}
    assert stages["ca-civ-1946-1#0"] == "generated"
    assert stages["fl-stat-83-57#0"] == "withheld"
    assert stages["county-dog-licence#0"] == "below_threshold"
    assert {
        "document_id": "fl-stat-83-57",
        "key": "fl-stat-83-57#0",
        "tier": "out-of-jurisdiction",
    } in answer.withheld_detail
    assert "rerank" in answer.candidates[0]["scores"]


def test_stored_answers_round_trip_with_every_field() -> None:
    claim = ClaimResult(
        text="x",
        status=ClaimStatus.HEDGED,
        citations=("a#0",),
        supported_by=("a#0",),
        attributed_to="a#0",
        caveat="c",
        violations=(Violation(ViolationKind.AUTHORITY, Severity.CRITICAL, "d", True),),
        corrections=(Correction(1, "a", "note"),),
        judgments=(Judgment("a#0", "lexical", Verdict.ENTAILS, 0.5, (1, 4)),),
    )
    assert ClaimResult.from_dict(claim.to_dict()) == claim
    for answer in (
        run(),
        run("How do I renew a passport abroad?"),
        run(
            generator=FixedGenerator(
                Draft((Segment("Owners may evict without notice.", ("ca-civ-1946-1#0",)),))
            )
        ),
    ):
        again = Answer.from_dict(answer.to_dict())
        assert again.to_dict() == answer.to_dict()
        assert again.refusal == answer.refusal


def test_a_refused_answer_keeps_its_judged_claims_for_review() -> None:
    answer = run(
        generator=FixedGenerator(
            Draft((Segment("Owners may evict without notice.", ("ca-civ-1946-1#0",)),))
        )
    )
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.UNGROUNDED
    assert answer.claims[0].violations[0].kind is ViolationKind.UNSUPPORTED
    assert answer.evidence.invariants_verified == () and answer.evidence.authority_tier == ""


def test_an_asks_timings_are_recorded_in_pipeline_order_and_can_be_restored_to_it() -> None:
    answer = run()
    recorded = list(answer.evidence.timings_ms)
    assert recorded == [s for s in STAGE_ORDER if s in recorded]
    shuffled = {"judge": 2.0, "zeta": 9.0, "retrieve": 1.0, "alpha": 8.0, "compose": 3.0}
    assert [k for k, _ in in_stage_order(shuffled)] == [
        "retrieve",
        "judge",
        "compose",
        "alpha",
        "zeta",
    ]


def test_the_generator_is_given_only_the_best_generate_k_units() -> None:
    general = {"authority_tier": "general-statute", "jurisdiction": "CA"}
    lane = [
        ("notice-a", "An owner must give written notice to end a month-to-month tenancy.", general),
        (
            "notice-b",
            "To end a month-to-month tenancy an owner must give notice in writing.",
            general,
        ),
        (
            "notice-c",
            "An owner who ends a month-to-month tenancy must give the tenant notice.",
            general,
        ),
    ]
    given: dict[int, tuple[str, ...]] = {}
    for generate_k in (1, 2, 3):
        generator = FixedGenerator(Draft((Segment("An owner must give notice.", ("notice-a#0",)),)))
        ask(
            "What notice must an owner give to end a month-to-month tenancy?",
            retriever=memory_lane(lane),
            embedder=WordHashEmbedder(),
            generator=generator,
            judges=[ContainmentJudge()],
            policy=FLOORED,
            settings=PipelineSettings(generate_k=generate_k),
        )
        ((_, given[generate_k]),) = generator.calls
    assert given == {
        1: ("notice-a#0",),
        2: ("notice-a#0", "notice-b#0"),
        3: ("notice-a#0", "notice-b#0", "notice-c#0"),
    }


def test_a_claim_citing_a_key_of_no_unit_loses_it_and_says_so_after_its_other_caveat() -> None:
    statute = (
        "The landlord must return the remaining deposit within 21 days after the tenant moves out."
    )
    generator = FixedGenerator(Draft((Segment(statute, ("no-such-unit#0",)),)))
    answer = run("Within how many days must the landlord return the deposit?", generator=generator)
    (claim,) = answer.claims
    assert claim.citations == () and claim.supported_by == ("ca-civ-1950-5#0",)
    assert claim.status is ClaimStatus.HEDGED
    assert claim.caveat == (
        "it cites no source, though evidence supports it; "
        "it cited no-such-unit#0, which name no unit of this lane; removed"
    )

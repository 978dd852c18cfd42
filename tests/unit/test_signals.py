"""The signals on every result (docs/design.md#signals)."""

from __future__ import annotations

import pytest

from citenexus.domain.answer import ClaimResult, Evidence
from citenexus.domain.authority import AuthorityPolicy, AuthorityTier
from citenexus.domain.model import ClaimStatus, Draft, Segment, Severity, Violation, ViolationKind
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import ask, verify
from citenexus.pipeline.signals import (
    all_claims_verified,
    citation_rate,
    groundedness_rate,
    weakest_cited_tier,
)
from tests.support.contract import EVIDENCE_FIELDS
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    ContainmentJudge,
    FixedGenerator,
    TableJudge,
    WordHashEmbedder,
    memory_lane,
)

QUESTION = "What notice must an owner give to end a month-to-month tenancy?"


def claim(status: ClaimStatus, citations=(), supported=(), violations=()) -> ClaimResult:
    return ClaimResult(
        "c", status, tuple(citations), tuple(supported), violations=tuple(violations)
    )


def run(
    question: str = QUESTION,
    *,
    policy=FLOORED,
    mode="strict",
    generator=None,
    docs=EXAMPLE_DOCUMENTS,
):
    return ask(
        question,
        retriever=memory_lane(docs),
        embedder=WordHashEmbedder(),
        generator=generator or ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=policy,
        mode=mode,
    )


@pytest.mark.parametrize(
    "question",
    [
        QUESTION,
        "How do I renew a passport abroad?",
        "家賃",
        "Notice in Texas for a month-to-month tenancy?",
    ],
)
def test_every_field_is_present_on_every_result(question: str) -> None:
    assert set(run(question).to_dict()["evidence"]) == EVIDENCE_FIELDS


def test_an_answer_reports_counts_tier_invariants_and_stage_timings() -> None:
    evidence = run().evidence
    assert evidence.authority_tier == "controlling-statute"
    assert evidence.all_claims_verified is True
    assert evidence.invariants_verified == ("I1", "I4")
    assert (evidence.retrieved, evidence.grounded, evidence.selected) == (5, 2, 1)
    assert evidence.withheld == ("fl-stat-83-57",)
    assert evidence.authority_floor_applied is True
    assert (evidence.profile_version, evidence.trust_mode, evidence.minimum_tier) == (
        "ordered.v1",
        "strict",
        "general-statute",
    )
    assert set(evidence.timings_ms) >= {
        "retrieve",
        "fuse",
        "rerank",
        "ground",
        "select",
        "generate",
        "judge",
        "compose",
    }


def test_the_floor_is_applied_only_when_it_withheld_something() -> None:
    docs = [d for d in EXAMPLE_DOCUMENTS if d[0] == "ca-civ-1946-1"]
    evidence = run(docs=docs).evidence
    assert evidence.withheld == () and evidence.authority_floor_applied is False


def test_normal_mode_withholds_nothing_by_floor() -> None:
    evidence = run(mode="normal").evidence
    assert evidence.withheld == () and evidence.authority_floor_applied is False


def test_an_unranked_lane_yields_empty_authority_fields() -> None:
    evidence = run(policy=AuthorityPolicy.unranked()).evidence
    assert (evidence.authority_tier, evidence.authority_floor_applied, evidence.withheld) == (
        "",
        False,
        (),
    )
    assert evidence.minimum_tier == "" and evidence.profile_version == "default.v1"
    assert evidence.invariants_verified == ("I1", "I4")


def test_claims_dropped_for_authority_add_their_documents_to_withheld() -> None:
    claim_text = "A landlord may keep the whole security deposit to repaint the apartment after every tenancy."
    docs = [d for d in EXAMPLE_DOCUMENTS if d[0] != "tenant-forum-post"] + [
        ("forum-2", claim_text, {"authority_tier": "secondary-blog"})
    ]
    answer = verify(
        "Can a landlord keep a deposit to repaint?",
        [{"text": claim_text, "citations": ["forum-2#0"]}],
        retriever=memory_lane(docs),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode="strict",
    )
    assert "forum-2" in answer.evidence.withheld
    assert answer.evidence.authority_floor_applied is True
    assert {
        "document_id": "forum-2",
        "key": "forum-2#0",
        "tier": "secondary-blog",
    } in answer.withheld_detail


def test_unjudged_claims_do_not_verify_invariants_and_count_for_nothing() -> None:
    draft = Draft((Segment("Owners give notice.", ("ca-civ-1946-1#0",)),))
    answer = ask(
        QUESTION,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        generator=FixedGenerator(draft),
        judges=[TableJudge()],
        policy=FLOORED,
        mode="strict",
    )
    assert answer.status == "answered"
    assert answer.claims[0].status is ClaimStatus.HEDGED
    assert answer.claims[0].attributed_to == "ca-civ-1946-1#0"
    assert answer.evidence.invariants_verified == ()
    assert answer.evidence.groundedness_rate == 0.0
    assert answer.evidence.citation_rate == 1.0
    assert answer.evidence.all_claims_verified is False


def test_weakest_cited_tier_reads_only_useful_claims() -> None:
    tiers = {
        "a#0": AuthorityTier(5, "top"),
        "b#0": AuthorityTier(1, "low"),
        "c#0": AuthorityTier(0, "zero"),
    }
    claims = [claim(ClaimStatus.KEPT, ["a#0", "b#0"]), claim(ClaimStatus.DROPPED, ["c#0"])]
    assert weakest_cited_tier(claims, tiers, FLOORED) == "low"
    assert weakest_cited_tier(claims, tiers, AuthorityPolicy.unranked()) == ""
    assert weakest_cited_tier([claim(ClaimStatus.KEPT)], tiers, FLOORED) == ""


def violation(kind: ViolationKind) -> Violation:
    return Violation(kind, Severity.CRITICAL, "x")


def test_groundedness_counts_grounded_claims_over_judged_claims() -> None:
    claims = [
        claim(ClaimStatus.KEPT, supported=["a"]),
        claim(ClaimStatus.HEDGED, supported=["a"]),
        claim(ClaimStatus.DROPPED),
        claim(ClaimStatus.HEDGED),
    ]
    assert groundedness_rate(claims, [True, True, True, False]) == 0.6667
    assert groundedness_rate(claims, [False] * 4) == 0.0


def test_a_claim_dropped_for_standing_is_still_grounded() -> None:
    # Grounding is not standing: the losing side of a resolved conflict and a claim whose only
    # support is below the floor are backed by their sources; only their standing failed.
    lost_conflict = claim(ClaimStatus.DROPPED, ["w#0"], supported=["w#0"])
    below_floor = claim(ClaimStatus.DROPPED, ["w#0"], ["w#0"], [violation(ViolationKind.AUTHORITY)])
    assert groundedness_rate([lost_conflict, below_floor], [True, True]) == 1.0


@pytest.mark.parametrize(
    "kind", [ViolationKind.LAUNDERING, ViolationKind.CONTRADICTED, ViolationKind.UNSUPPORTED]
)
def test_a_claim_its_sources_do_not_back_is_not_grounded(kind: ViolationKind) -> None:
    # Laundering: an uncited forum post supports it, the trusted source it cites does not.
    bad = claim(ClaimStatus.DROPPED, ["t#0"], ["f#0"], [violation(kind)])
    good = claim(ClaimStatus.KEPT, ["t#0"], ["t#0"])
    assert groundedness_rate([bad, good], [True, True]) == 0.5


def test_citation_rate_counts_claims_with_a_citation() -> None:
    assert (
        citation_rate(
            [claim(ClaimStatus.KEPT, ["a"]), claim(ClaimStatus.KEPT), claim(ClaimStatus.DROPPED)]
        )
        == 0.3333
    )
    assert citation_rate([]) == 0.0


def test_all_claims_verified_needs_an_answer_and_every_claim_kept_clean() -> None:
    clean = claim(ClaimStatus.KEPT, ["a"], ["a"])
    flagged = claim(
        ClaimStatus.KEPT, violations=[Violation(ViolationKind.UNCITED, Severity.MAJOR, "x")]
    )
    assert all_claims_verified([clean], True) is True
    assert all_claims_verified([clean], False) is False
    assert all_claims_verified([], True) is False
    assert all_claims_verified([clean, claim(ClaimStatus.HEDGED)], True) is False
    assert all_claims_verified([flagged], True) is False


def test_a_default_evidence_is_the_empty_signal() -> None:
    assert Evidence().to_dict()["authority_tier"] == "" and Evidence().withheld == ()

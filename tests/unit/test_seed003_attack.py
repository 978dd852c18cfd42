"""The citation-laundering attack end to end through the facade (docs/design.md#violations).

A trusted statute is cited for a claim only an uncited forum post supports: strict refuses as
citation_laundering, normal drops the claim with a caveat. Citing both when only the weak one
supports is an authority violation judged on the supporting unit, credited to it — not laundering.
"""

from __future__ import annotations

import pytest

from citenexus import CiteNexus
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import ClaimStatus, RefusalCode, ViolationKind
from citenexus.domain.recovery import CAVEAT_AUTHORITY_HEDGED, CAVEAT_LAUNDERING
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    LEGAL_TIERS,
    ContainmentJudge,
    WordHashEmbedder,
)

QUESTION = "Can a landlord keep the whole security deposit to repaint the apartment?"
FORUM_CLAIM = (
    "A landlord may keep the whole security deposit to repaint the apartment after every tenancy."
)
STATUTE = "ca-civ-1950-5#0"
FORUM = "tenant-forum-post#0"


class Config:
    def policy(self) -> AuthorityPolicy:
        return AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute")


@pytest.fixture(params=["containment", "default"])
def rag(request: pytest.FixtureRequest) -> CiteNexus:
    if request.param == "default":  # the shipped judges, once the judges package is present
        judges_module = pytest.importorskip("citenexus.judges")
        judges = judges_module.default_judges(WordHashEmbedder())
    else:
        judges = [ContainmentJudge()]
    rag = CiteNexus.from_config(Config(), embedder=WordHashEmbedder(), judges=judges)
    for document_id, text, authority in EXAMPLE_DOCUMENTS:
        rag.ingest(text, document_id=document_id, authority=authority)
    return rag


def test_citing_a_statute_for_what_only_a_forum_says_is_refused_in_strict_mode(
    rag: CiteNexus,
) -> None:
    answer = rag.verify(QUESTION, [{"text": FORUM_CLAIM, "citations": [STATUTE]}], mode="strict")
    assert answer.refusal is not None
    assert answer.refusal.code is RefusalCode.CITATION_LAUNDERING
    (claim,) = answer.claims
    assert [v.kind for v in claim.violations] == [
        ViolationKind.MISATTRIBUTED,
        ViolationKind.LAUNDERING,
    ]
    assert claim.supported_by == (FORUM,)
    assert claim.attributed_to is None
    # The forum post was withheld by the floor, and still judged.
    assert "tenant-forum-post" in answer.evidence.withheld
    assert answer.evidence.invariants_verified == ()


def test_the_same_laundering_is_dropped_with_a_caveat_in_normal_mode(rag: CiteNexus) -> None:
    kept = "A landlord may deduct from a security deposit only the amounts reasonably necessary to repair damage caused by the tenant, exclusive of ordinary wear and tear."
    answer = rag.verify(
        QUESTION,
        [{"text": FORUM_CLAIM, "citations": [STATUTE]}, {"text": kept, "citations": [STATUTE]}],
        mode="normal",
    )
    assert answer.status == "answered"
    laundered, honest = answer.claims
    assert laundered.status is ClaimStatus.DROPPED
    assert laundered.caveat == CAVEAT_LAUNDERING
    assert honest.status is ClaimStatus.KEPT and honest.attributed_to == STATUTE
    assert FORUM_CLAIM not in answer.text
    assert CAVEAT_LAUNDERING in answer.text


def test_the_laundering_claim_alone_in_normal_mode_refuses_as_laundering(rag: CiteNexus) -> None:
    answer = rag.verify(QUESTION, [{"text": FORUM_CLAIM, "citations": [STATUTE]}], mode="normal")
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.CITATION_LAUNDERING


def test_citing_both_when_only_the_forum_supports_is_an_authority_violation_not_laundering(
    rag: CiteNexus,
) -> None:
    segments = [{"text": FORUM_CLAIM, "citations": [STATUTE, FORUM]}]
    strict = rag.verify(QUESTION, segments, mode="strict")
    (claim,) = strict.claims
    assert [v.kind for v in claim.violations] == [ViolationKind.AUTHORITY]
    assert "tenant-forum-post#0 (secondary-blog)" in claim.violations[0].detail
    assert claim.attributed_to == FORUM
    assert claim.status is ClaimStatus.DROPPED
    assert strict.refusal is not None and strict.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR

    normal = rag.verify(QUESTION, segments, mode="normal")
    (claim,) = normal.claims
    assert claim.status is ClaimStatus.HEDGED
    assert claim.caveat == CAVEAT_AUTHORITY_HEDGED
    assert claim.attributed_to == FORUM
    assert normal.evidence.invariants_verified == ("I1",)
    assert normal.evidence.authority_tier == "secondary-blog"


def test_a_generated_answer_never_credits_the_statute_with_the_forums_words(rag: CiteNexus) -> None:
    answer = rag.ask(QUESTION, mode="normal")
    for claim in answer.claims:
        if claim.attributed_to == STATUTE:
            assert STATUTE in claim.supported_by

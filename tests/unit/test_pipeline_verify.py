"""verify: a client's draft judged exactly like a generated one, without generation."""

from __future__ import annotations

import pytest

from citenexus.domain.model import ClaimStatus, RefusalCode, Segment, ViolationKind
from citenexus.pipeline import DraftError, UnknownCitationKeys, verify
from citenexus.pipeline.ask import (
    ERR_NO_SEGMENTS,
    ERR_SEGMENT_CITATIONS,
    ERR_SEGMENT_TEXT,
    ERR_UNKNOWN_KEYS,
)
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    NOTICE,
    STATUTE_CLAIM,
    ContainmentJudge,
    DownJudge,
    WordHashEmbedder,
    memory_lane,
)


def check(question: str, segments, mode: str = "strict", **kw):
    return verify(
        question,
        segments,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode=mode,
        **kw,
    )


def test_a_faithful_draft_is_answered_with_its_claims_kept() -> None:
    answer = check(NOTICE, [Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0",))], lane="ca-housing")
    assert answer.status == "answered" and answer.lane == "ca-housing"
    (claim,) = answer.claims
    assert claim.status is ClaimStatus.KEPT and claim.attributed_to == "ca-civ-1946-1#0"
    assert answer.draft == {
        "generator": "client",
        "segments": [{"text": STATUTE_CLAIM, "citations": ["ca-civ-1946-1#0"]}],
    }
    assert "generate" not in answer.evidence.timings_ms
    assert answer.policy["generator"] is None


def test_unknown_keys_are_a_domain_error_listing_every_one() -> None:
    with pytest.raises(UnknownCitationKeys) as raised:
        check(
            NOTICE,
            [
                {"text": "A.", "citations": ["nope#1", "ca-civ-1946-1#0"]},
                {"text": "B.", "citations": ["bad"]},
            ],
        )
    assert raised.value.keys == ("nope#1", "bad")
    assert str(raised.value) == ERR_UNKNOWN_KEYS.format(keys="nope#1, bad")


@pytest.mark.parametrize(
    ("segments", "message"),
    [
        ([], ERR_NO_SEGMENTS),
        ([{"text": ""}], ERR_SEGMENT_TEXT.format(index=0)),
        ([{"text": "A."}, {"citations": []}], ERR_SEGMENT_TEXT.format(index=1)),
        (["just a string"], ERR_SEGMENT_TEXT.format(index=0)),
        ([{"text": "A.", "citations": "a#0"}], ERR_SEGMENT_CITATIONS.format(index=0)),
        ([{"text": "A.", "citations": [3]}], ERR_SEGMENT_CITATIONS.format(index=0)),
    ],
)
def test_malformed_drafts_are_rejected(segments, message: str) -> None:
    with pytest.raises(DraftError, match=message.replace("(", r"\(")):
        check(NOTICE, segments)


def test_a_cited_unit_retrieval_did_not_find_is_still_judged() -> None:
    dogs = "Every dog older than four months must hold a county licence."
    answer = check(NOTICE, [{"text": dogs, "citations": ["county-dog-licence#0"]}], mode="normal")
    (claim,) = answer.claims
    assert claim.supported_by == ("county-dog-licence#0",)
    assert claim.status is ClaimStatus.KEPT


def test_with_no_claim_left_the_first_empty_retrieval_stage_names_the_refusal() -> None:
    answer = check(
        "How do I renew a passport abroad?", [{"text": "Passports renew by mail.", "citations": []}]
    )
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.NO_RELEVANT_EVIDENCE
    texas = check(
        "Notice to end a month-to-month tenancy in Texas?",
        [{"text": "Thirty days.", "citations": ["fl-stat-83-57#0"]}],
    )
    assert texas.refusal is not None and texas.refusal.code is RefusalCode.NOT_APPLICABLE


def test_an_inapplicable_cited_unit_never_supports_a_claim() -> None:
    florida = "When the tenancy is from month to month, the notice must be given not less than 30 days before the end of any monthly period."
    answer = check(
        "Notice to end a month-to-month tenancy in Texas?",
        [{"text": florida, "citations": ["fl-stat-83-57#0"]}],
    )
    (claim,) = answer.claims
    assert claim.supported_by == ()
    assert claim.violations[0].kind is ViolationKind.UNSUPPORTED
    assert "fl-stat-83-57#0 does not apply" in claim.violations[0].detail
    assert answer.status == "refused"


def test_a_question_in_another_script_is_refused_even_for_verify() -> None:
    answer = check("家賃の通知期間", [{"text": STATUTE_CLAIM, "citations": ["ca-civ-1946-1#0"]}])
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.UNSUPPORTED_SCRIPT


def test_a_judge_that_errs_is_listed_on_the_answer_and_on_the_claim() -> None:
    answer = verify(
        NOTICE,
        [Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0",))],
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge(), DownJudge()],
        policy=FLOORED,
        mode="strict",
        lane="ca-housing",
    )
    (claim,) = answer.claims
    assert claim.status is ClaimStatus.KEPT  # the judges that judged still decide
    failed = answer.evidence.judges_failed
    assert [f["judge"] for f in failed] == ["llm"] and failed[0]["pairs"] >= 1
    assert {f.judge for f in claim.judges_failed} == {"llm"}
    assert "ca-civ-1946-1#0" in {f.key for f in claim.judges_failed}
    data = answer.to_dict()
    assert data["evidence"]["judges_failed"] == [dict(f) for f in failed]
    assert data["claims"][0]["judges_failed"][0]["judge"] == "llm"
    assert type(answer).from_dict(data).to_dict() == data


def test_an_answer_without_failing_judges_lists_none() -> None:
    answer = check(NOTICE, [Segment(STATUTE_CLAIM, ("ca-civ-1946-1#0",))], lane="ca-housing")
    assert answer.evidence.judges_failed == ()
    assert answer.to_dict()["evidence"]["judges_failed"] == []

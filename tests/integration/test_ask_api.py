"""Ask and verify over the API, with the real pipeline, judges and PostgreSQL retrieval."""

from __future__ import annotations

from typing import Any

import pytest

from answers.models import Answer
from audit.models import AuditEvent
from curation.services.documents import document_ingest_text
from tests.support.contract import API_ANSWER_FIELDS, CLAIM_FIELDS, EVIDENCE_FIELDS
from tests.support.evaluation import CA_DEPOSIT, FL_DEPOSIT, PETS

pytestmark = pytest.mark.django_db

FORUM = (
    "Forum thread: deposit interest\n\n"
    "Landlords must pay interest on security deposits in every city, every year."
)
BLOG = (
    "Blog: getting your deposit back\n\n"
    "In California the landlord has 30 days to return the security deposit."
)


def ingest(lane: Any, document_id: str, text: str, **authority: str) -> None:
    document_ingest_text(
        lane=lane,
        document_id=document_id,
        text=text,
        source_type="documentary",
        actor="setup",
        authority=authority,
        may_assert=True,
    )


@pytest.fixture
def corpus(lane: Any) -> Any:
    ingest(
        lane,
        "ca-civ-1950-5",
        CA_DEPOSIT,
        authority_tier="controlling-statute",
        jurisdiction="CA",
        scope="residential",
    )
    ingest(
        lane,
        "fl-83-49",
        FL_DEPOSIT,
        authority_tier="out-of-jurisdiction",
        jurisdiction="FL",
        scope="residential",
    )
    ingest(lane, "forum-interest", FORUM, authority_tier="secondary-blog", jurisdiction="CA")
    ingest(lane, "blog-deposit", BLOG, authority_tier="secondary-blog", jurisdiction="CA")
    ingest(lane, "blog-pets", PETS, authority_tier="secondary-blog", jurisdiction="CA")
    return lane


def ask(client: Any, question: str, **extra: Any) -> Any:
    return client.post(
        "/api/ask/", {"lane": "ca-housing", "question": question, **extra}, format="json"
    )


def test_an_answer_has_every_field_of_the_api_contract(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    response = ask(
        api(reviewer), "How many days does a landlord have to return a security deposit?"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert set(body) >= API_ANSWER_FIELDS
    assert set(body["evidence"]) >= EVIDENCE_FIELDS
    assert body["status"] == "answered", body
    assert body["refusal"] is None
    for claim in body["claims"]:
        assert set(claim) >= CLAIM_FIELDS
        for judgment in claim["judgments"]:
            assert {"key", "judge", "verdict", "score"} <= set(judgment)
    kept = [c for c in body["claims"] if c["status"] == "kept"]
    assert kept and all(c["attributed_to"] in c["supported_by"] for c in kept)
    assert any("21 days" in c["text"] for c in kept)
    assert all(c["attributed_to"].startswith("ca-civ-1950-5#") for c in kept)
    assert body["evidence"]["profile_version"] == "ordered.v1"
    assert body["evidence"]["trust_mode"] == "strict"
    stored = api(reviewer).get(f"/api/answers/{body['id']}/").json()
    assert stored["claims"] == body["claims"] and stored["evidence"] == body["evidence"]
    assert stored["policy"]["minimum_tier"] == "general-statute"


def test_a_florida_statute_is_never_the_answer_to_a_california_question(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    body = ask(
        api(reviewer), "How many days does a landlord have to return a security deposit?"
    ).json()
    cited = {k for c in body["claims"] if c["status"] != "dropped" for k in c["citations"]}
    assert not any(k.startswith("fl-83-49#") for k in cited)


def test_a_question_nothing_addresses_is_refused_as_no_relevant_evidence(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    body = ask(
        api(reviewer),
        "What is the statute of limitations for patent infringement on semiconductor masks?",
    ).json()
    assert body["status"] == "refused"
    assert body["refusal"]["code"] == "no_relevant_evidence"
    assert body["evidence"]["authority_floor_applied"] is False


def test_a_question_only_weak_sources_answer_is_refused_below_the_floor_naming_what_was_withheld(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    body = ask(api(reviewer), "How much pet rent do owners charge each month for a dog?").json()
    assert body["status"] == "refused"
    assert body["refusal"]["code"] == "below_authority_floor"
    assert body["evidence"]["authority_floor_applied"] is True
    assert "blog-pets" in body["evidence"]["withheld"]


def test_verify_judges_a_client_draft_and_refuses_laundering_in_strict_mode(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    response = api(reviewer).post(
        "/api/verify/",
        {
            "lane": "ca-housing",
            "question": "Must landlords pay interest on deposits?",
            "segments": [
                {
                    "text": "Landlords must pay interest on security deposits in every city, every year.",
                    "citations": ["ca-civ-1950-5#0"],
                },
            ],
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "refused"
    assert body["refusal"]["code"] == "citation_laundering"
    kinds = {v["kind"] for c in body["claims"] for v in c["violations"]}
    assert "laundering" in kinds


def test_verify_answers_400_listing_unknown_citation_keys(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    response = api(reviewer).post(
        "/api/verify/",
        {
            "lane": "ca-housing",
            "question": "q?",
            "segments": [{"text": "A claim.", "citations": ["nope#3", "ca-civ-1950-5#0"]}],
        },
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unknown_citation_keys"
    assert error["details"]["unknown_keys"] == ["nope#3"]


@pytest.mark.parametrize("question", ["", "   ", "x" * 5000])
def test_an_empty_or_overlong_question_is_a_clear_400(
    api: Any, reviewer: Any, corpus: Any, question: str
) -> None:
    response = ask(api(reviewer), question)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_a_question_in_an_unsupported_script_is_refused_with_that_code(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    body = ask(api(reviewer), "押金应该在多少天内退还给租客？").json()
    assert body["status"] == "refused"
    assert body["refusal"]["code"] == "unsupported_script"
    assert body["evidence"]["unsupported_scripts"]


@pytest.mark.parametrize("who", ["curator", "auditor"])
def test_only_reviewers_ask(api: Any, request: Any, corpus: Any, who: str) -> None:
    assert ask(api(request.getfixturevalue(who)), "deposit?").status_code == 403


def test_an_outsider_cannot_ask_or_read_answers(
    api: Any, reviewer: Any, outsider: Any, corpus: Any
) -> None:
    body = ask(api(reviewer), "How many days to return a security deposit?").json()
    client = api(outsider)
    assert ask(client, "deposit?").status_code == 404
    assert client.get(f"/api/answers/{body['id']}/").status_code == 404
    assert client.get("/api/answers/").json()["count"] == 0


def test_an_auditor_reads_answers_but_cannot_review(
    api: Any, reviewer: Any, auditor: Any, corpus: Any
) -> None:
    body = ask(api(reviewer), "How many days to return a security deposit?").json()
    assert api(auditor).get(f"/api/answers/{body['id']}/").status_code == 200
    response = api(auditor).post(
        f"/api/answers/{body['id']}/review/", {"verdict": "approve"}, format="json"
    )
    assert response.status_code == 403


def test_a_reviewer_verdict_is_stored_and_audited(api: Any, reviewer: Any, corpus: Any) -> None:
    body = ask(api(reviewer), "How many days to return a security deposit?").json()
    response = api(reviewer).post(
        f"/api/answers/{body['id']}/review/",
        {"verdict": "flag", "note": "cites the wrong subdivision"},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["review"]["verdict"] == "flag"
    assert Answer.objects.get(pk=body["id"]).review_note == "cites the wrong subdivision"
    assert AuditEvent.objects.filter(action="answer.review").exists()


def test_answers_are_listed_and_filtered_by_refusal_code(
    api: Any, reviewer: Any, corpus: Any
) -> None:
    client = api(reviewer)
    ask(client, "How many days to return a security deposit?")
    ask(
        client, "What is the statute of limitations for patent infringement on semiconductor masks?"
    )
    listing = client.get("/api/answers/?lane=ca-housing&refusal_code=no_relevant_evidence").json()
    assert listing["count"] == 1
    assert listing["results"][0]["refusal"]["code"] == "no_relevant_evidence"

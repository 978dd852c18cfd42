"""Every API endpoint and every page, called by every role: the allowed set is exact
(docs/design.md#roles, docs/api.md#permissions).

The table names each route once; a test walks Django's resolver so a new named route without a
row fails here. Outcomes are compared as classes, not exact codes:

- ``ok``: 2xx, or a 3xx that does not send the caller to the login page;
- ``refused``: 403 or 404 (a non-member gets 404 so lanes, answers and jobs do not leak);
- ``login``: 401/403 from the API, or a redirect to the login page from a page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from access.tokens import api_token_issue
from answers.models import Answer
from answers.services import answer_ask
from audit.models import AuditEvent
from citenexus.ingest import extract_text
from curation.models import Correction, Job
from curation.services.corrections import correction_add
from curation.services.documents import document_ingest_text
from evaluations.jobs import evaluation_job_run
from evaluations.models import EvaluationResult
from evaluations.services import evaluation_upload
from tests.fixtures.pdfs import build_pdf
from tests.support.hostile import ingest_statute

pytestmark = pytest.mark.django_db

ROLES = ("curator", "reviewer", "admin", "auditor", "outsider", "anonymous")
LANE_ROLES = frozenset({"curator", "reviewer", "admin", "auditor"})
SIGNED_IN = frozenset(ROLES) - {"anonymous"}
EVERYONE = frozenset(ROLES)
NOBODY: frozenset[str] = frozenset()
CURATE = frozenset({"curator", "admin"})
ASK = frozenset({"reviewer", "admin"})
READ_ANSWERS = frozenset({"reviewer", "auditor", "admin"})
# The outsider holds the auditor and reviewer groups in another lane: lists answer, scoped.
AUDIT = frozenset({"auditor", "admin", "outsider"})
ANSWER_LISTS = frozenset({"reviewer", "auditor", "admin", "outsider"})
# Django admin has its own route table (is_staff); only its index has a row here.
UNCOVERED_NAMESPACES = ("admin",)

OTHER_TEXT = (
    "New York landlords must give ninety days notice before ending a rent stabilized lease."
)
QUESTION = "How many days notice must a landlord give before ending a month-to-month tenancy?"


@dataclass
class World:
    slug: str
    doc: str
    correction: int
    answer: int
    claim: int
    key: str
    job: str
    event: int
    other_doc: str
    other_answer: int
    pdf_doc: str
    evaluation: int
    evaluation_answer: int
    token: int  # an API token of the curator


@dataclass(frozen=True)
class Row:
    name: str  # the URL name it covers
    method: str
    path: Callable[[World], str]
    allowed: frozenset[str]
    body: Callable[[World], Any] | None = None
    fmt: str = "json"  # json | multipart | form
    denied: str = "refused"  # the outcome for a signed-in role outside ``allowed``


def _csv(w: World) -> dict[str, Any]:
    data = f"document_id,authority_tier\n{w.doc},statute\n".encode()
    return {"file": SimpleUploadedFile("a.csv", data, content_type="text/csv")}


def _upload(w: World) -> dict[str, Any]:
    data = b"A new notice rule for residential tenancies in California."
    return {
        "file": SimpleUploadedFile("n.txt", data, content_type="text/plain"),
        "document_id": "new-doc",
        "source_type": "documentary",
    }


def _golden(w: World) -> dict[str, Any]:
    data = _golden_bytes()
    return {"file": SimpleUploadedFile("g.csv", data, content_type="text/csv"), "modes": "strict"}


def _what_if(w: World) -> dict[str, Any]:
    """The tier editor's form as the lane settings page posts it, with a higher floor."""
    order = ["controlling-statute", "binding-appellate", "statute", "general-statute"]
    order += ["secondary-blog", "out-of-jurisdiction"]
    return {
        "original": order,
        "name": order,
        "minimum_tier": "statute",
        "profile": "ordered.v1",
        "default_mode": "strict",
        "jurisdiction": "CA",
        "what_if_mode": "strict",
    }


def _lane_body(w: World) -> dict[str, Any]:
    return {"slug": "matrix-new", "name": "New lane"}


API_ROWS = [
    Row("api-lanes", "get", lambda w: "/api/lanes/", SIGNED_IN),
    Row("api-lanes", "post", lambda w: "/api/lanes/", frozenset({"admin"}), _lane_body),
    Row("api-lane", "get", lambda w: f"/api/lanes/{w.slug}/", LANE_ROLES),
    Row(
        "api-lane",
        "patch",
        lambda w: f"/api/lanes/{w.slug}/",
        frozenset({"admin"}),
        lambda w: {"name": "Renamed"},
    ),
    Row("api-precedence", "get", lambda w: f"/api/lanes/{w.slug}/precedence/", LANE_ROLES),
    Row("api-documents", "get", lambda w: f"/api/lanes/{w.slug}/documents/", LANE_ROLES),
    Row(
        "api-documents",
        "post",
        lambda w: f"/api/lanes/{w.slug}/documents/",
        CURATE,
        _upload,
        "multipart",
    ),
    Row("api-document", "get", lambda w: f"/api/lanes/{w.slug}/documents/{w.doc}/", LANE_ROLES),
    Row(
        "api-corrections",
        "post",
        lambda w: f"/api/lanes/{w.slug}/documents/{w.doc}/corrections/",
        CURATE,
        lambda w: {"text": "The notice period was amended."},
    ),
    Row(
        "api-correction-withdraw",
        "post",
        lambda w: f"/api/lanes/{w.slug}/documents/{w.doc}/corrections/{w.correction}/withdraw/",
        CURATE,
    ),
    Row(
        "api-authority-csv",
        "post",
        lambda w: f"/api/lanes/{w.slug}/authority-csv/",
        CURATE,
        _csv,
        "multipart",
    ),
    Row(
        "api-document-page",
        "get",
        lambda w: f"/api/lanes/{w.slug}/documents/{w.pdf_doc}/pages/1.png",
        LANE_ROLES,
    ),
    Row("api-records", "get", lambda w: f"/api/records/?lane={w.slug}&ids={w.doc}", LANE_ROLES),
    Row("api-job", "get", lambda w: f"/api/jobs/{w.job}/", LANE_ROLES),
    Row(
        "api-ask",
        "post",
        lambda w: "/api/ask/",
        ASK,
        lambda w: {"lane": w.slug, "question": QUESTION},
    ),
    Row(
        "api-verify",
        "post",
        lambda w: "/api/verify/",
        ASK,
        lambda w: {
            "lane": w.slug,
            "question": QUESTION,
            "segments": [{"text": "Thirty days notice is required.", "citations": [w.key]}],
        },
    ),
    Row("api-answers", "get", lambda w: "/api/answers/", SIGNED_IN),
    Row("api-answer", "get", lambda w: f"/api/answers/{w.answer}/", READ_ANSWERS),
    Row("api-answer-export", "get", lambda w: f"/api/answers/{w.answer}/export.md", READ_ANSWERS),
    Row(
        "api-answer-review",
        "post",
        lambda w: f"/api/answers/{w.answer}/review/",
        ASK,
        lambda w: {"verdict": "approve", "note": "fine"},
    ),
    Row("api-lane-evaluations", "get", lambda w: f"/api/lanes/{w.slug}/evaluations/", CURATE),
    Row(
        "api-lane-evaluations",
        "post",
        lambda w: f"/api/lanes/{w.slug}/evaluations/",
        CURATE,
        _golden,
        "multipart",
    ),
    Row("api-evaluation", "get", lambda w: f"/api/evaluations/{w.evaluation}/", CURATE),
    Row(
        "api-evaluation-diff",
        "get",
        lambda w: f"/api/evaluations/{w.evaluation}/diff/{w.evaluation}/",
        CURATE,
    ),
    # An evaluation run's answer: its lane's readers of answers, and those who evaluate there.
    Row(
        "api-answer", "get", lambda w: f"/api/answers/{w.evaluation_answer}/", READ_ANSWERS | CURATE
    ),
    Row("api-audit", "get", lambda w: "/api/audit/", AUDIT),
    Row("api-audit-verify", "get", lambda w: "/api/audit/verify/", AUDIT),
    Row("api-audit-export-csv", "get", lambda w: "/api/audit/export.csv", AUDIT),
    Row("api-audit-export-jsonl", "get", lambda w: "/api/audit/export.jsonl", AUDIT),
    Row("schema", "get", lambda w: "/api/schema/", EVERYONE),  # public, like the docs
    # Everyone signed in manages their own tokens; only the owner or an admin revokes one.
    Row("api-token-list", "get", lambda w: "/api/tokens/", SIGNED_IN),
    Row(
        "api-token-list",
        "post",
        lambda w: "/api/tokens/",
        SIGNED_IN,
        lambda w: {"name": "matrix", "expires_in_days": 1},
    ),
    Row("api-token-detail", "delete", lambda w: f"/api/tokens/{w.token}/", CURATE),
]

PAGE_ROWS = [
    Row("home", "get", lambda w: "/", SIGNED_IN),
    Row("healthz", "get", lambda w: "/healthz", EVERYONE),
    Row("login", "get", lambda w: "/accounts/login/", EVERYONE),
    Row("logout", "post", lambda w: "/accounts/logout/", EVERYONE, None, "form"),
    Row("api-docs", "get", lambda w: "/api/docs/", EVERYONE),  # public, like the schema
    Row("api-tokens", "get", lambda w: "/account/tokens/", SIGNED_IN),
    Row(
        "api-token-revoke",
        "post",
        lambda w: f"/account/tokens/{w.token}/revoke/",
        CURATE,
        lambda w: {},
        "form",
    ),
    Row("lane", "get", lambda w: f"/lanes/{w.slug}/", LANE_ROLES),
    Row("upload", "get", lambda w: f"/lanes/{w.slug}/upload/", CURATE),
    Row("authority-csv", "get", lambda w: f"/lanes/{w.slug}/authority-csv/", CURATE),
    Row("lane-settings", "get", lambda w: f"/lanes/{w.slug}/settings/", frozenset({"admin"})),
    Row("document", "get", lambda w: f"/lanes/{w.slug}/documents/{w.doc}/", LANE_ROLES),
    Row(
        "document-page-image",
        "get",
        lambda w: f"/lanes/{w.slug}/documents/{w.pdf_doc}/pages/1.png?unit=0",
        LANE_ROLES,
    ),
    Row(
        "document-tier",
        "post",
        lambda w: f"/lanes/{w.slug}/documents/{w.doc}/tier/",
        CURATE,
        lambda w: {"tier": "statute"},
        "form",
    ),
    Row(
        "correction-add",
        "post",
        lambda w: f"/lanes/{w.slug}/documents/{w.doc}/corrections/",
        CURATE,
        lambda w: {"text": "Amended in 2024.", "authority": "human_correction"},
        "form",
    ),
    Row(
        "correction-withdraw",
        "post",
        lambda w: f"/lanes/{w.slug}/documents/{w.doc}/corrections/{w.correction}/withdraw/",
        CURATE,
        lambda w: {},
        "form",
    ),
    Row("job", "get", lambda w: f"/jobs/{w.job}/", LANE_ROLES),
    Row("ask", "get", lambda w: "/ask/", ASK | {"outsider"}),
    Row("verify", "get", lambda w: "/verify/", ASK | {"outsider"}),
    Row("answers", "get", lambda w: "/answers/", ANSWER_LISTS),
    Row("answer", "get", lambda w: f"/answers/{w.answer}/", READ_ANSWERS),
    Row("answer-export", "get", lambda w: f"/answers/{w.answer}/export.md", READ_ANSWERS),
    Row(
        "answer-review",
        "post",
        lambda w: f"/answers/{w.answer}/review/",
        ASK,
        lambda w: {"verdict": "approve", "note": ""},
        "form",
    ),
    Row(
        "citation",
        "get",
        lambda w: f"/answers/{w.answer}/claims/{w.claim}/citations/{quote(w.key, safe='')}/",
        READ_ANSWERS,
    ),
    Row("evaluations", "get", lambda w: f"/lanes/{w.slug}/evaluations/", CURATE),
    Row("evaluation", "get", lambda w: f"/evaluations/{w.evaluation}/", CURATE),
    Row(
        "evaluation-diff",
        "get",
        lambda w: f"/evaluations/{w.evaluation}/diff/{w.evaluation}/",
        CURATE,
    ),
    Row(
        "evaluation-what-if",
        "post",
        lambda w: f"/lanes/{w.slug}/evaluations/what-if/",
        frozenset({"admin"}),
        _what_if,
        "form",
    ),
    Row("answer", "get", lambda w: f"/answers/{w.evaluation_answer}/", READ_ANSWERS | CURATE),
    Row("audit-log", "get", lambda w: "/audit/", AUDIT),
    Row(
        "audit-event", "get", lambda w: f"/audit/events/{w.event}/", frozenset({"auditor", "admin"})
    ),
    Row("audit-chain", "get", lambda w: "/audit/chain/", AUDIT),
    Row("audit-dashboard", "get", lambda w: "/audit/dashboard/", AUDIT),
    # Django admin is for staff (superusers here); everyone else is sent to its own login.
    Row("admin:index", "get", lambda w: "/admin/", NOBODY, denied="login"),
]


def named_routes() -> set[str]:
    """Every route of the project by name (unnamed ones as "?<pattern>", so they fail the test)."""
    names: set[str] = set()

    def walk(patterns: list[Any], namespace: str | None) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace in UNCOVERED_NAMESPACES:
                    continue
                walk(p.url_patterns, p.namespace or namespace)
            elif isinstance(p, URLPattern):
                name = p.name or f"?{p.pattern}"
                names.add(f"{namespace}:{name}" if namespace else name)

    walk(get_resolver().url_patterns, None)
    return names


def test_the_table_covers_every_named_route_of_the_project():
    covered = {row.name for row in API_ROWS + PAGE_ROWS}
    assert named_routes() - covered == set()
    assert covered - named_routes() - {"admin:index"} == set()


def _golden_bytes() -> bytes:
    return f"question,expected,expect_decision\n{QUESTION},30 days,answer\n".encode()


def _world(lane: Any, other_lane: Any, curator: Any) -> World:
    ingest_statute(lane)
    document_ingest_text(
        lane=other_lane,
        document_id="ny-rent",
        text=OTHER_TEXT,
        source_type="documentary",
        actor="setup",
    )
    from curation.models import Document

    correction = correction_add(
        document=Document.objects.get(lane=lane, document_id="ca-civ-1946"),
        text="A local ordinance may require more.",
        actor="setup",
    )
    answer = answer_ask(lane=lane, question=QUESTION, mode="normal", actor="setup")
    claims = answer.payload["claims"]
    claim = next(i for i, c in enumerate(claims) if c["citations"])
    other = answer_ask(lane=other_lane, question="How much notice in New York?", actor="setup")
    pdf = build_pdf([["Pets.", "A tenant may keep one cat."]])
    document_ingest_text(
        lane=lane,
        document_id="pets-pdf",
        text=(extracted := extract_text(pdf, "pets.pdf")).text,
        source_type="documentary",
        actor="setup",
        fmt="pdf",
        extracted=extracted,
        source=pdf,
    )
    job = Job.objects.create(kind="ingest", lane=lane, created_by=curator)
    evaluation = evaluation_upload(
        lane=lane, data=_golden_bytes(), filename="g.csv", modes="strict", actor="setup"
    )
    evaluation_job_run(job_id=str(evaluation.job_id))
    result = EvaluationResult.objects.get(run=evaluation)
    assert result.answer_id is not None
    event = AuditEvent.objects.filter(lane="ca-housing").order_by("id").first()
    assert event is not None
    return World(
        slug=lane.slug,
        doc="ca-civ-1946",
        correction=correction.pk,
        answer=answer.pk,
        claim=claim,
        key=claims[claim]["citations"][0],
        job=str(job.pk),
        event=event.pk,
        other_doc="ny-rent",
        other_answer=other.pk,
        pdf_doc="pets-pdf",
        evaluation=evaluation.pk,
        evaluation_answer=result.answer_id,
        token=api_token_issue(user=curator, name="matrix", expires_in_days=1)[0].pk,
    )


@pytest.fixture
def world(lane: Any, other_lane: Any, curator: Any) -> World:
    return _world(lane, other_lane, curator)


def _actor(request: pytest.FixtureRequest, role: str) -> Any:
    return None if role == "anonymous" else request.getfixturevalue(role)


def _classify_api(status: int) -> str:
    if 200 <= status < 400:
        return "ok"
    if status == 401:
        return "login"
    if status in (403, 404):
        return "refused"
    return f"unexpected {status}"


def _classify_page(response: Any) -> str:
    status = response.status_code
    if status in (301, 302, 303):
        return "login" if "/login/" in response["Location"] else "ok"
    if 200 <= status < 300:
        return "ok"
    if status in (403, 404):
        return "refused"
    return f"unexpected {status}"


def _expected(row: Row, role: str) -> str:
    if role in row.allowed:
        return "ok"
    return "login" if role == "anonymous" else row.denied


def _call_api(client: Any, row: Row, w: World) -> Any:
    body = row.body(w) if row.body else None
    fn = getattr(client, row.method)
    if row.method == "get":
        return fn(row.path(w))
    return fn(row.path(w), body or {}, format=row.fmt)


def _call_page(client: Client, row: Row, w: World) -> Any:
    if row.method == "get":
        return client.get(row.path(w))
    return client.post(row.path(w), row.body(w) if row.body else {})


def _api_anonymous_is_login(response: Any) -> bool:
    # DRF answers 401 when an authenticator offers a challenge (TokenAuthentication does).
    return response.status_code == 401 and "error" in response.json()


@pytest.mark.parametrize("role", ROLES)
def test_every_api_endpoint_allows_exactly_the_roles_the_spec_grants(request, api, world, role):
    client = api(_actor(request, role))
    seen, wanted = {}, {}
    for row in API_ROWS:
        response = _call_api(client, row, world)
        key = f"{row.method.upper()} {row.name}"
        seen[key] = _classify_api(response.status_code)
        wanted[key] = _expected(row, role)
        if response.status_code >= 400 and response.get("Content-Type", "").startswith(
            "application/json"
        ):
            assert set(response.json()["error"]) == {"code", "message", "details"}, key
    assert seen == wanted


@pytest.mark.parametrize("role", ROLES)
def test_every_page_allows_exactly_the_roles_the_spec_grants(request, world, role):
    client = Client()
    user = _actor(request, role)
    if user is not None:
        client.force_login(user)
    seen, wanted = {}, {}
    for row in PAGE_ROWS:
        if row.name == "logout":
            continue  # signing out would change the caller for the rows after it
        key = f"{row.method.upper()} {row.name}"
        seen[key] = _classify_page(_call_page(client, row, world))
        wanted[key] = _expected(row, role)
    logout = next(r for r in PAGE_ROWS if r.name == "logout")
    # Signing out always lands on the login page, whoever asked.
    seen["POST logout"] = _classify_page(_call_page(client, logout, world))
    wanted["POST logout"] = "login"
    assert seen == wanted


def test_the_table_grants_only_known_roles_and_little_to_anonymous_callers():
    rows = API_ROWS + PAGE_ROWS
    print(
        f"permission matrix: {len(API_ROWS)} API + {len(PAGE_ROWS)} page rows x {len(ROLES)} roles"
    )
    assert all(row.allowed <= EVERYONE for row in rows)
    public = {row.name for row in rows if "anonymous" in row.allowed}
    assert public == {"healthz", "login", "logout", "schema", "api-docs"}
    assert len(rows) * len(ROLES) >= 280


# --- scope: a reviewer of lane B reads nothing of lane A through any endpoint ---------------


@pytest.fixture
def reviewer_b(make_user: Any, other_lane: Any) -> Any:
    from curation.models import LaneMembership

    user = make_user("reviewer-b", "reviewer")
    LaneMembership.objects.create(lane=other_lane, user=user, role="reviewer")
    return user


def _leaks(body: str, w: World) -> list[str]:
    marks = [w.doc, w.key, "thirty days written notice", '"lane": "ca-housing"', "ca-housing"]
    return [m for m in marks if m in body]


def test_a_reviewer_of_another_lane_reads_nothing_of_this_lane_through_any_endpoint(
    api, world, reviewer_b
):
    client = api(reviewer_b)
    w = world
    refused_paths = [
        f"/api/lanes/{w.slug}/",
        f"/api/lanes/{w.slug}/precedence/",
        f"/api/lanes/{w.slug}/documents/",
        f"/api/lanes/{w.slug}/documents/{w.doc}/",
        f"/api/records/?lane={w.slug}&ids={w.doc}",
        f"/api/jobs/{w.job}/",
        f"/api/answers/{w.answer}/",
        "/api/audit/",
    ]
    for path in refused_paths:
        response = client.get(path)
        assert response.status_code in (403, 404), path
        assert _leaks(response.content.decode(), w) == [], path
    listing_paths = [
        "/api/lanes/",
        "/api/answers/",
        f"/api/answers/?lane={w.slug}",
        f"/api/records/?lane=ny-housing&ids={w.doc}",
        "/api/lanes/ny-housing/documents/",
    ]
    for path in listing_paths:
        response = client.get(path)
        assert response.status_code == 200, path
        assert _leaks(response.content.decode(), w) == [], path


def test_an_auditor_of_another_lane_reads_none_of_this_lanes_audit_events(api, world, outsider):
    client = api(outsider)
    for path in ("/api/audit/", "/api/audit/?lane=ca-housing", "/api/audit/export.jsonl"):
        response = client.get(path)
        assert response.status_code == 200, path
        body = (
            b"".join(response.streaming_content) if response.streaming else response.content
        ).decode()
        assert '"ca-housing"' not in body and world.doc not in body, path


def test_a_reviewer_of_another_lane_cannot_reach_this_lanes_units_by_asking_or_verifying(
    api, world, reviewer_b
):
    client = api(reviewer_b)
    asked = client.post("/api/ask/", {"lane": "ny-housing", "question": QUESTION}, format="json")
    assert asked.status_code == 200
    assert _leaks(json.dumps(asked.json()), world) == []
    verified = client.post(
        "/api/verify/",
        {
            "lane": "ny-housing",
            "question": QUESTION,
            "segments": [{"text": "Thirty days notice.", "citations": [world.key]}],
        },
        format="json",
    )
    assert verified.status_code == 400
    assert verified.json()["error"]["details"]
    assert "thirty days written notice" not in verified.content.decode()
    foreign = client.post("/api/ask/", {"lane": world.slug, "question": QUESTION}, format="json")
    assert foreign.status_code == 404


def test_a_reviewer_of_another_lane_sees_no_page_of_this_lanes_answers_or_citations(
    world, reviewer_b
):
    client = Client()
    client.force_login(reviewer_b)
    w = world
    for path in (
        f"/lanes/{w.slug}/",
        f"/lanes/{w.slug}/documents/{w.doc}/",
        f"/answers/{w.answer}/",
        f"/answers/{w.answer}/claims/{w.claim}/citations/{quote(w.key, safe='')}/",
        f"/jobs/{w.job}/",
    ):
        response = client.get(path)
        assert response.status_code in (403, 404), path
    history = client.get("/answers/").content.decode()
    assert QUESTION not in history and f"/answers/{w.answer}/" not in history
    ask_page = client.get("/ask/").content.decode()
    assert 'value="ca-housing"' not in ask_page
    assert Answer.objects.filter(pk=w.other_answer).exists()
    assert Correction.objects.filter(pk=w.correction).exists()

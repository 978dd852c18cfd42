"""Audit API: who may read which events, filters, cursor pages, and chain verification."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from django.db import transaction
from django.urls import include, path

from audit import api as audit_api
from audit.models import AuditEvent
from audit.selectors import ERR_BAD_DATETIME, ERR_BAD_ORDER, ERR_NOT_AUDITOR
from audit.services import audit_record
from tests.integration.test_audit_chain import tamper

# Only the audit API is mounted, so other apps' URL modules cannot break these tests;
# test_the_project_mounts_the_audit_api checks the real urlconf.
urlpatterns = [path("api/audit/", include("audit.api_urls"))]
pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

FIELDS = {"id", "at", "actor", "action", "lane", "document_id", "details", "prev_hash", "hash"}


def add(**kwargs: Any) -> AuditEvent:
    with transaction.atomic():
        params = {"actor": "alice", "action": "test.event", **kwargs}
        return audit_record(**params)


@pytest.fixture
def events(lane: Any, other_lane: Any) -> dict[str, AuditEvent]:
    """Besides the two lane.create events: one per lane for a document, and a lane-less one."""
    return {
        "ca": add(lane="ca-housing", document_id="ca-civ-1946", action="document.ingest"),
        "ny": add(lane="ny-housing", document_id="ny-rpl-226", action="document.ingest"),
        "global": add(action="user.login", actor="boss"),
    }


def listing(client: Any, **params: str) -> dict[str, Any]:
    response = client.get("/api/audit/", params)
    assert response.status_code == 200, response.content
    body: dict[str, Any] = response.json()
    return body


def lanes_seen(body: dict[str, Any]) -> set[str]:
    return {row["lane"] for row in body["results"]}


def test_anonymous_callers_are_refused(api: Any, events: Any) -> None:
    for url in ("/api/audit/", "/api/audit/verify/", "/api/audit/export.csv"):
        assert api(None).get(url).status_code in (401, 403)


@pytest.mark.parametrize("who", ["curator", "reviewer"])
def test_curators_and_reviewers_are_refused(api: Any, events: Any, who: str, request: Any) -> None:
    user = request.getfixturevalue(who)
    for url in (
        "/api/audit/",
        "/api/audit/verify/",
        "/api/audit/export.csv",
        "/api/audit/export.jsonl",
    ):
        response = api(user).get(url)
        assert response.status_code == 403
        assert response.json()["error"]["message"] == ERR_NOT_AUDITOR


def test_an_auditor_sees_only_the_events_of_their_lanes(
    api: Any, auditor: Any, events: Any
) -> None:
    body = listing(api(auditor))
    assert lanes_seen(body) == {"ca-housing"}
    assert body["count"] == 2  # the lane's creation and its document
    assert set(body["results"][0]) == FIELDS


def test_an_auditor_of_another_lane_sees_that_lane_only(
    api: Any, outsider: Any, events: Any
) -> None:
    assert lanes_seen(listing(api(outsider))) == {"ny-housing"}
    assert listing(api(outsider), lane="ca-housing")["count"] == 0


def test_a_lane_admin_also_sees_lane_less_events(api: Any, admin: Any, events: Any) -> None:
    assert lanes_seen(listing(api(admin))) == {"ca-housing", ""}


def test_a_superuser_sees_everything(api: Any, make_user: Any, events: Any) -> None:
    root = make_user("root", superuser=True)
    body = listing(api(root))
    assert lanes_seen(body) == {"ca-housing", "ny-housing", ""}
    assert body["count"] == 5


def test_an_auditor_without_lanes_sees_an_empty_log(api: Any, make_user: Any, events: Any) -> None:
    assert listing(api(make_user("loner", "auditor"))) == {"count": 0, "next": None, "results": []}


def test_filters_match_exactly(api: Any, make_user: Any, events: Any) -> None:
    client = api(make_user("root", superuser=True))
    assert [r["id"] for r in listing(client, document_id="ny-rpl-226")["results"]] == [
        events["ny"].pk
    ]
    assert listing(client, action="document.ingest")["count"] == 2
    assert listing(client, actor="boss")["results"][0]["action"] == "user.login"
    assert listing(client, lane="ca-housing", action="lane.create")["count"] == 1
    assert listing(client, actor="nobody")["count"] == 0


def test_since_is_inclusive_and_until_exclusive(api: Any, make_user: Any, events: Any) -> None:
    client = api(make_user("root", superuser=True))
    at = events["ny"].at.isoformat()
    assert [
        r["id"] for r in listing(client, since=at, until=events["global"].at.isoformat())["results"]
    ] == [events["ny"].pk]
    later = (events["global"].at + dt.timedelta(seconds=1)).isoformat()
    assert listing(client, since=later)["count"] == 0
    assert listing(client, until="2000-01-01")["count"] == 0
    assert listing(client, since="2000-01-01")["count"] == 5


def test_offsets_python_accepts_but_postgresql_does_not_are_read_in_utc(
    api: Any, make_user: Any, events: Any
) -> None:
    # Found by schemathesis: "+21:28" reached PostgreSQL as an offset and failed there (a 500).
    client = api(make_user("root", superuser=True))
    assert listing(client, since="0450-01-14T04:34:30+21:28")["count"] == 5
    assert listing(client, until="0450-01-14T04:34:30-23:59")["count"] == 0


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"since": "yesterday"}, ERR_BAD_DATETIME.format(name="since")),
        ({"until": "2025-13-45"}, None),
        ({"since": "0001-01-01T00:00:00+01:00"}, ERR_BAD_DATETIME.format(name="since")),
        ({"order": "sideways"}, ERR_BAD_ORDER),
        ({"limit": "0"}, audit_api.ERR_BAD_LIMIT.format(max=audit_api.MAX_LIMIT)),
        ({"limit": "many"}, audit_api.ERR_BAD_LIMIT.format(max=audit_api.MAX_LIMIT)),
        ({"cursor": "not-a-cursor"}, audit_api.ERR_BAD_CURSOR),
        ({"cursor": "eyJhZnRlciI6ICJ4In0"}, audit_api.ERR_BAD_CURSOR),  # {"after": "x"}
    ],
)
def test_bad_parameters_are_a_400_naming_the_problem(
    api: Any, auditor: Any, params: dict[str, str], message: str | None
) -> None:
    response = api(auditor).get("/api/audit/", params)
    assert response.status_code == 400
    if message is not None:
        assert response.json()["error"]["message"] == message


def test_event_fields_are_the_hashed_values(api: Any, make_user: Any, events: Any) -> None:
    row = listing(api(make_user("root", superuser=True)), document_id="ca-civ-1946")["results"][0]
    stored = AuditEvent.objects.get(pk=row["id"])
    assert json.loads(stored.canonical)["at"] == row["at"]
    assert (row["prev_hash"], row["hash"]) == (stored.prev_hash, stored.hash)


def test_cursor_pages_stay_stable_while_events_are_appended(
    api: Any, make_user: Any, lane: Any
) -> None:
    client = api(make_user("root", superuser=True))
    for i in range(5):
        add(details={"i": i})
    seen: list[int] = []
    page = listing(client, limit="2")
    while True:
        seen += [r["id"] for r in page["results"]]
        add(details={"appended": True})  # lands after every page already issued
        if page["next"] is None:
            break
        query = {k: v[0] for k, v in parse_qs(urlparse(page["next"]).query).items()}
        assert query["limit"] == "2"
        page = listing(client, **query)
    assert seen == sorted(seen)
    assert len(seen) == len(set(seen))
    assert seen == list(AuditEvent.objects.order_by("id").values_list("id", flat=True))[: len(seen)]


def test_newest_first_pages_walk_backwards(api: Any, make_user: Any, lane: Any) -> None:
    client = api(make_user("root", superuser=True))
    for i in range(4):
        add(details={"i": i})
    first = listing(client, order="desc", limit="3")
    add(details={"late": True})
    query = {k: v[0] for k, v in parse_qs(urlparse(first["next"]).query).items()}
    second = listing(client, **query)
    ids = [r["id"] for r in first["results"] + second["results"]]
    assert ids == sorted(
        AuditEvent.objects.exclude(details={"late": True}).values_list("id", flat=True),
        reverse=True,
    )


def test_verify_reports_an_intact_chain(api: Any, auditor: Any, events: Any) -> None:
    body = api(auditor).get("/api/audit/verify/").json()
    assert (body["ok"], body["events"], body["first_bad_id"]) == (True, 5, None)


@pytest.mark.django_db(transaction=True)  # tamper() is another session
def test_verify_names_the_first_tampered_event(api: Any, auditor: Any, events: Any) -> None:
    tamper("UPDATE audit_auditevent SET actor = 'mallory' WHERE id = %s", [events["ny"].pk])
    body = api(auditor).get("/api/audit/verify/").json()
    assert (body["ok"], body["first_bad_id"], body["reason"]) == (
        False,
        events["ny"].pk,
        "fields_changed",
    )


@pytest.mark.urls("citenexus_web.urls")
def test_the_project_mounts_the_audit_api() -> None:
    from django.urls import resolve

    def view(url: str) -> Any:
        return resolve(url).func

    assert view("/api/audit/").view_class is audit_api.AuditListApi
    assert view("/api/audit/verify/").view_class is audit_api.AuditVerifyApi
    assert view("/api/audit/export.csv").view_initkwargs == {"fmt": "csv"}
    assert view("/api/audit/export.jsonl").view_initkwargs == {"fmt": "jsonl"}

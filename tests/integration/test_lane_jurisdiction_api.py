"""Jurisdiction from the lane, end to end through the API (docs/design.md#applicability).

A curator loads a corpus into a California lane with the seed's CSV format
(``document_id,authority_tier,authority_rank,label`` — no jurisdiction column). A document that
names no jurisdiction is of the lane's: it never answers a question about Texas, it is shown as
inherited, and the lane's value is never written into its stored metadata.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from curation.models import Document, EvidenceUnit

pytestmark = pytest.mark.django_db

CA_NOTICE = (
    "Civil Code section 1946.1. Notice ending a month-to-month tenancy\n\n"
    "An owner shall give the tenant written notice at least 60 days before ending a "
    "month-to-month tenancy, or at least 30 days when any tenant has resided in the dwelling "
    "for less than one year.\n"
)
TX_NOTICE = (
    "Texas Property Code section 91.001. Notice ending a month-to-month tenancy\n\n"
    "A landlord or a tenant may end a month-to-month tenancy in Texas by giving the other "
    "written notice at least one month before the tenancy ends.\n"
)
US_FORECLOSURE = (
    "Protecting Tenants at Foreclosure Act, section 702. Notice to vacate after foreclosure\n\n"
    "The immediate successor in interest in a foreclosed dwelling shall give a bona fide tenant "
    "a notice to vacate at least 90 days before the tenant must vacate.\n"
)
TEXAS_QUESTION = "How much notice must a landlord give to end a month-to-month tenancy in Texas?"
FORECLOSURE_QUESTION = (
    "How many days of notice to vacate must the successor in interest give a bona fide tenant "
    "after foreclosure?"
)
CSV_HEADER = "document_id,authority_tier,authority_rank,label\n"


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    """Run queued ingest jobs when the request's transaction commits, as the thread pool would."""
    return django_capture_on_commit_callbacks


def upload(client: Any, lane: Any, document_id: str, text: str, run: Any, **authority: str) -> None:
    data: dict[str, Any] = {
        "file": SimpleUploadedFile(f"{document_id}.txt", text.encode()),
        "document_id": document_id,
        "source_type": "documentary",
    }
    if authority:
        data["authority"] = json.dumps(authority)
    with run(execute=True):
        response = client.post(f"/api/lanes/{lane.slug}/documents/", data, format="multipart")
    assert response.status_code == 202, response.json()
    assert Document.objects.filter(lane=lane, document_id=document_id).exists()


def load_csv(client: Any, lane: Any, rows: str) -> None:
    response = client.post(
        f"/api/lanes/{lane.slug}/authority-csv/",
        {"file": SimpleUploadedFile("authority.csv", (CSV_HEADER + rows).encode())},
        format="multipart",
    )
    assert response.status_code == 200, response.json()
    assert not response.json()["errors"]


def ask(client: Any, question: str) -> dict[str, Any]:
    response = client.post(
        "/api/ask/", {"lane": "ca-housing", "question": question, "mode": "strict"}, format="json"
    )
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


def cited(body: dict[str, Any]) -> set[str]:
    """Document ids cited by claims that survived (kept or hedged)."""
    return {
        key.rpartition("#")[0]
        for claim in body["claims"]
        if claim["status"] != "dropped"
        for key in claim["citations"]
    }


def test_a_texas_question_is_never_answered_from_a_california_lanes_unmarked_sources(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(client, lane, "ca-civ-1946-1", CA_NOTICE, run)
    upload(client, lane, "tx-prop-91-001", TX_NOTICE, run)
    load_csv(
        client,
        lane,
        "ca-civ-1946-1,controlling-statute,1,Civ. Code 1946.1\n"
        "tx-prop-91-001,statute,3,Prop. Code 91.001\n",
    )
    body = ask(api(reviewer), TEXAS_QUESTION)
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "not_applicable"
    assert cited(body) == set()
    excluded = {row["document_id"]: row["reason"] for row in body["evidence"]["inapplicable"]}
    assert "ca-civ-1946-1" in excluded and "CA" in excluded["ca-civ-1946-1"]


def test_a_question_naming_no_state_is_answered_from_the_lanes_unmarked_sources(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(client, lane, "ca-civ-1946-1", CA_NOTICE, run)
    load_csv(client, lane, "ca-civ-1946-1,controlling-statute,1,Civ. Code 1946.1\n")
    body = ask(api(reviewer), "How much notice must an owner give to end a month-to-month tenancy?")
    assert body["status"] == "answered", body["refusal"]
    assert cited(body) == {"ca-civ-1946-1"}


def test_when_the_only_texas_source_is_below_the_floor_the_refusal_names_it_as_withheld(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(client, lane, "ca-civ-1946-1", CA_NOTICE, run)
    upload(client, lane, "tx-prop-91-001", TX_NOTICE, run, jurisdiction="TX")
    load_csv(
        client,
        lane,
        "ca-civ-1946-1,controlling-statute,1,Civ. Code 1946.1\n"
        "tx-prop-91-001,out-of-jurisdiction,9,Prop. Code 91.001\n",
    )
    body = ask(api(reviewer), TEXAS_QUESTION)
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "below_authority_floor"
    assert body["evidence"]["withheld"] == ["tx-prop-91-001"]
    assert body["evidence"]["authority_floor_applied"] is True
    assert cited(body) == set()
    assert "ca-civ-1946-1" in {row["document_id"] for row in body["evidence"]["inapplicable"]}


@pytest.mark.parametrize(
    "question",
    [
        FORECLOSURE_QUESTION,
        FORECLOSURE_QUESTION.replace("foreclosure?", "foreclosure in California?"),
        FORECLOSURE_QUESTION.replace("foreclosure?", "foreclosure in Texas?"),
    ],
)
def test_a_nationwide_source_applies_to_the_lanes_state_and_to_every_other(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any, question: str
) -> None:
    client = api(curator)
    upload(client, lane, "ca-civ-1946-1", CA_NOTICE, run)
    upload(client, lane, "us-ptfa-702", US_FORECLOSURE, run, jurisdiction="US")
    load_csv(
        client,
        lane,
        "ca-civ-1946-1,controlling-statute,1,Civ. Code 1946.1\n"
        "us-ptfa-702,statute,2,PTFA section 702\n",
    )
    body = ask(api(reviewer), question)
    assert body["status"] == "answered", body["refusal"]
    kept = [c for c in body["claims"] if c["status"] == "kept"]
    assert any("90 days" in c["text"] and c["attributed_to"] == "us-ptfa-702#0" for c in kept)
    if "Texas" in question:  # the lane's own statute is California's: it never answers for Texas
        assert cited(body) == {"us-ptfa-702"}


def test_the_api_shows_an_inherited_jurisdiction_and_follows_the_lane_when_it_changes(
    api: Any, curator: Any, admin: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(client, lane, "ca-civ-1946-1", CA_NOTICE, run)
    upload(client, lane, "tx-prop-91-001", TX_NOTICE, run, jurisdiction="TX")
    load_csv(client, lane, "ca-civ-1946-1,controlling-statute,1,Civ. Code 1946.1\n")
    listing = {d["document_id"]: d for d in client.get(f"/api/lanes/{lane.slug}/documents/").json()}
    assert (
        listing["ca-civ-1946-1"]["jurisdiction"],
        listing["ca-civ-1946-1"]["jurisdiction_inherited"],
    ) == ("CA", True)
    assert (
        listing["tx-prop-91-001"]["jurisdiction"],
        listing["tx-prop-91-001"]["jurisdiction_inherited"],
    ) == ("TX", False)
    assert "jurisdiction" not in listing["ca-civ-1946-1"]["authority"]

    response = api(admin).patch(f"/api/lanes/{lane.slug}/", {"jurisdiction": "NV"}, format="json")
    assert response.status_code == 200, response.json()
    detail = client.get(f"/api/lanes/{lane.slug}/documents/ca-civ-1946-1/").json()
    assert (detail["jurisdiction"], detail["jurisdiction_inherited"]) == ("NV", True)
    stored = Document.objects.get(document_id="ca-civ-1946-1")
    assert "jurisdiction" not in stored.authority
    assert not any(
        "jurisdiction" in u.authority_meta for u in EvidenceUnit.objects.filter(document=stored)
    )


def test_the_pages_show_an_inherited_jurisdiction_as_from_the_lane(
    curator: Any, lane: Any, api: Any, run: Any
) -> None:
    upload(api(curator), lane, "ca-civ-1946-1", CA_NOTICE, run)
    upload(api(curator), lane, "tx-prop-91-001", TX_NOTICE, run, jurisdiction="TX")
    browser = Client()
    browser.force_login(curator)
    table = browser.get(f"/lanes/{lane.slug}/").content.decode()
    assert table.count(", from the lane") == 1
    page = browser.get(f"/lanes/{lane.slug}/documents/ca-civ-1946-1/").content.decode()
    assert "<dt>Jurisdiction</dt><dd>CA<span" in page and ", from the lane" in page
    own = browser.get(f"/lanes/{lane.slug}/documents/tx-prop-91-001/").content.decode()
    assert "<dt>Jurisdiction</dt><dd>TX</dd>" in own and ", from the lane" not in own

"""The authority CSV page: upload, preview exactly what would change, confirm, applied."""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from curation.models import Document
from curation.services.documents import document_ingest_text
from curation.views.ingest import ERR_STALE_PREVIEW

pytestmark = pytest.mark.django_db
GOOD = "document_id,authority_tier\nca-civ-1946,controlling-statute\nnolo-blog,secondary-blog\n"
TYPO = "document_id,authority_tier\nca-civ-1946,controling-statute\nnolo-blog,secondary-blog\nghost,statute\n"


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def documents(lane: Any) -> None:
    for document_id in ("ca-civ-1946", "nolo-blog"):
        document_ingest_text(
            lane=lane,
            document_id=document_id,
            text=f"{document_id}: notice rules.",
            source_type="documentary",
            actor="setup",
        )


def preview(client: Client, lane: Any, text: str) -> str:
    upload = SimpleUploadedFile("authority.csv", text.encode())
    response = client.post(
        f"/lanes/{lane.slug}/authority-csv/", {"step": "preview", "file": upload}
    )
    return response.content.decode()


def hidden(html: str, name: str) -> str:
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert match is not None
    return match.group(1)


def test_the_preview_lists_old_and_new_tiers_and_applies_nothing(curator, lane, documents):
    html = preview(signed_in(curator), lane, GOOD)
    assert "Preview" in html and "controlling-statute" in html and "would change" in html
    assert "Apply all 2 changes" in html
    assert Document.objects.get(document_id="ca-civ-1946").authority["authority_tier"] == "statute"


def test_a_typo_shows_the_closest_tier_and_an_unknown_document(curator, lane, documents):
    html = preview(signed_in(curator), lane, TYPO)
    assert "controling-statute" in html and "controlling-statute" in html  # the closest
    assert "ghost" in html and "not in lane" in html
    assert "Apply the valid rows only (1)" in html and "Apply all" not in html


def test_applying_all_changes_the_tiers_and_links_the_audit_events(admin, lane, documents):
    client = signed_in(admin)
    html = preview(client, lane, GOOD)
    response = client.post(
        f"/lanes/{lane.slug}/authority-csv/",
        {
            "step": "apply",
            "confirm": "all",
            "data": hidden(html, "data"),
            "digest": hidden(html, "digest"),
        },
    )
    applied = response.content.decode()
    assert "Applied" in applied and "2 documents changed" in applied
    assert "/audit/?ids=" in applied
    assert (
        Document.objects.get(document_id="nolo-blog").authority["authority_tier"]
        == "secondary-blog"
    )


def test_a_curator_without_audit_access_sees_event_numbers_instead_of_a_link(
    curator, lane, documents
):
    client = signed_in(curator)
    html = preview(client, lane, GOOD)
    applied = client.post(
        f"/lanes/{lane.slug}/authority-csv/",
        {
            "step": "apply",
            "confirm": "all",
            "data": hidden(html, "data"),
            "digest": hidden(html, "digest"),
        },
    ).content.decode()
    assert "Audit events written" in applied and "/audit/?ids=" not in applied


def test_the_valid_rows_only_apply_when_confirmed(curator, lane, documents):
    client = signed_in(curator)
    html = preview(client, lane, TYPO)
    fields = {"step": "apply", "data": hidden(html, "data"), "digest": hidden(html, "digest")}
    refused = client.post(f"/lanes/{lane.slug}/authority-csv/", {**fields, "confirm": "all"})
    assert refused.status_code == 400 and "nothing was applied" in refused.content.decode()
    client.post(f"/lanes/{lane.slug}/authority-csv/", {**fields, "confirm": "valid_rows"})
    assert (
        Document.objects.get(document_id="nolo-blog").authority["authority_tier"]
        == "secondary-blog"
    )
    assert Document.objects.get(document_id="ca-civ-1946").authority["authority_tier"] == "statute"


def test_a_tampered_preview_is_refused(curator, lane, documents):
    data = base64.b64encode(GOOD.encode()).decode()
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/authority-csv/",
        {
            "step": "apply",
            "confirm": "all",
            "data": data,
            "digest": hashlib.sha256(b"other").hexdigest(),
        },
    )
    assert ERR_STALE_PREVIEW in response.content.decode()
    assert Document.objects.get(document_id="nolo-blog").authority["authority_tier"] == "statute"


def test_an_unreadable_file_is_reported_beside_the_file_field(curator, lane, documents):
    html = preview(signed_in(curator), lane, "")
    assert "id_file_error" in html


def test_reviewers_may_not_see_or_post_the_csv_page(reviewer, lane, documents):
    client = signed_in(reviewer)
    assert client.get(f"/lanes/{lane.slug}/authority-csv/").status_code == 403
    upload = SimpleUploadedFile("a.csv", GOOD.encode())
    response = client.post(
        f"/lanes/{lane.slug}/authority-csv/", {"step": "preview", "file": upload}
    )
    assert response.status_code == 403


def test_an_htmx_preview_swaps_only_the_step(curator, lane, documents):
    upload = SimpleUploadedFile("authority.csv", GOOD.encode())
    html = (
        signed_in(curator)
        .post(
            f"/lanes/{lane.slug}/authority-csv/",
            {"step": "preview", "file": upload},
            HTTP_HX_REQUEST="true",
        )
        .content.decode()
    )
    assert html.lstrip().startswith('<div id="csv-step">')

"""The document page: text with units outlined, scope, tier, and corrections for curators."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from curation.models import Correction
from curation.services.corrections import ERR_EMPTY_CORRECTION
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db
TEXT = (
    "# Chapter 2. Residential tenancies\n\n"
    "This chapter applies to residential tenancies only.\n\n"
    "## Section 1946\n\n"
    "A landlord shall give at least thirty days notice before terminating a periodic tenancy. "
) * 6


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def document(lane: Any) -> str:
    document_ingest_text(
        lane=lane,
        document_id="ca-civ-1946",
        text=TEXT,
        source_type="documentary",
        actor="setup",
        title="Civil Code 1946",
        fmt="md",
    )
    return "ca-civ-1946"


def url(lane: Any, document_id: str, rest: str = "") -> str:
    return f"/lanes/{lane.slug}/documents/{document_id}/{rest}"


def test_every_unit_is_outlined_with_its_key_offsets_and_heading(reviewer, lane, document):
    html = signed_in(reviewer).get(url(lane, document)).content.decode()
    assert 'id="u-0"' in html and "ca-civ-1946#0" in html
    assert "chars 0–" in html
    assert "Section 1946" in html
    assert "statute" in html  # the tier the lane's policy gave it


def test_the_text_appears_once_even_though_units_overlap(reviewer, lane, document):
    html = signed_in(reviewer).get(url(lane, document)).content.decode()
    assert html.count("terminating a periodic tenancy") == TEXT.count(
        "terminating a periodic tenancy"
    )


def test_a_reviewer_sees_corrections_but_no_correction_controls(reviewer, lane, document):
    html = signed_in(reviewer).get(url(lane, document)).content.decode()
    assert "Add correction" not in html and "Set tier" not in html
    response = signed_in(reviewer).post(
        url(lane, document, "corrections/"), {"text": "x", "authority": "human_correction"}
    )
    assert response.status_code == 403


def test_a_curator_adds_and_withdraws_a_correction(curator, lane, document):
    client = signed_in(curator)
    response = client.post(
        url(lane, document, "corrections/"),
        {"text": "Amended in 2024: notice is 60 days.", "authority": "human_correction"},
    )
    assert response.status_code == 302
    html = client.get(url(lane, document)).content.decode()
    assert "Amended in 2024" in html and "active" in html and "Withdraw" in html
    correction = Correction.objects.get()
    client.post(url(lane, document, f"corrections/{correction.pk}/withdraw/"))
    correction.refresh_from_db()
    assert not correction.active
    assert "withdrawn by curator" in client.get(url(lane, document)).content.decode()


def test_an_empty_correction_is_refused_beside_the_text_field(curator, lane, document):
    response = signed_in(curator).post(
        url(lane, document, "corrections/"), {"text": "  ", "authority": "human_correction"}
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "id_text_error" in html
    assert "This field is required" in html or ERR_EMPTY_CORRECTION in html
    assert not Correction.objects.exists()


def test_a_missing_document_is_404(curator, lane, document):
    assert signed_in(curator).get(url(lane, "nope")).status_code == 404


def test_the_curator_can_set_the_tier_from_the_document_page(curator, lane, document):
    client = signed_in(curator)
    response = client.post(
        url(lane, document, "tier/"), {"tier": "controlling-statute", "next": url(lane, document)}
    )
    assert response.status_code == 302 and response["Location"] == url(lane, document)
    assert "controlling-statute" in client.get(url(lane, document)).content.decode()

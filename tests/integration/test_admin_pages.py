"""Django admin: every model is registered, browsable by a superuser, and read-only where a change
of standing must go through an audited service."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from answers.models import Answer
from answers.services import answer_ask
from audit.services import checkpoint_now
from citenexus.ingest import extract_text
from curation.ingest_jobs import job_create_ingest
from curation.models import Correction, Document, EvidenceUnit, Lane, LaneMembership
from curation.services.corrections import correction_add
from curation.services.documents import document_ingest_text
from curation.services.lanes import lane_member_set
from curation.uploads import UploadedFile
from tests.fixtures.pdfs import build_pdf

pytestmark = pytest.mark.django_db

APPS = ("curation", "answers", "audit")
# Changes of standing are audited by the services; the admin must not bypass them.
AUDITED = (Lane, LaneMembership, Document, EvidenceUnit, Correction, Answer)
STATUTE = (
    "Section 1946.1. Notice of termination\n\n"
    "(a) This section applies to residential tenancies for a periodic term.\n\n"
    "(b) An owner shall give written notice at least 60 days before the termination date.\n"
)
QUICK_SECONDS = 3.0


@pytest.fixture
def superuser(make_user: Any) -> Any:
    return make_user("root", superuser=True)


@pytest.fixture
def everything(lane: Any, superuser: Any, make_user: Any) -> None:
    """One object of every model, made the way the product makes them."""
    lane_member_set(actor="test", lane=lane, user=make_user("maria"), role="curator")
    document_ingest_text(
        lane=lane,
        document_id="ca-civ-1946-1",
        text=STATUTE,
        source_type="documentary",
        actor="test",
    )
    pdf = build_pdf([["Section 1950.5. Security deposits."], ["Returned within 21 days."]])
    document_ingest_text(
        lane=lane,
        document_id="ca-civ-1950-5",
        text=(extracted := extract_text(pdf, "deposits.pdf")).text,
        source_type="documentary",
        actor="test",
        fmt="pdf",
        extracted=extracted,
        source=pdf,
    )
    document = Document.objects.get(document_id="ca-civ-1946-1")
    correction_add(document=document, text="Amended in 2024.", actor="test")
    answer_ask(lane=lane, question="How many days of notice?", actor="test")
    # Queued but not run: the job and its waiting file stay as the runner would find them.
    job_create_ingest(
        lane=lane,
        files=[UploadedFile("waiting.txt", b"A rule about deposits.")],
        document_ids=["waiting"],
        source_type="documentary",
        authority={},
        title="",
        actor="test",
    )
    checkpoint_now()


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def registered() -> list[Any]:
    return [model for model in admin.site._registry if model._meta.app_label in APPS]


def admin_url(model: Any, view: str, *args: Any) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_model_of_the_apps_is_registered() -> None:
    models = {m for name in APPS for m in apps.get_app_config(name).get_models()}
    assert models - set(registered()) == set()


def test_a_superuser_can_open_every_changelist_and_change_page_quickly(
    superuser: Any, everything: None
) -> None:
    client = signed_in(superuser)
    for model in registered():
        obj = model._default_manager.first()
        assert obj is not None, f"no {model.__name__} to show"
        for url in (admin_url(model, "changelist"), admin_url(model, "change", obj.pk)):
            began = time.perf_counter()
            response = client.get(url)
            spent = time.perf_counter() - began
            assert response.status_code == 200, url
            assert spent < QUICK_SECONDS, f"{url} took {spent:.1f}s"


def test_the_unit_page_leaves_out_the_embedding_vector(superuser: Any, everything: None) -> None:
    unit = EvidenceUnit.objects.first()
    assert unit is not None and unit.embedding is not None
    html = signed_in(superuser).get(admin_url(EvidenceUnit, "change", unit.pk)).content.decode()
    assert f"{len(unit.embedding)} dimensions" in html
    # Any stored component, as the page would print it, is absent.
    assert str(float(unit.embedding[0]))[:8] not in html


@pytest.mark.parametrize("model", AUDITED, ids=lambda m: m.__name__)
def test_audited_models_cannot_be_added_changed_or_deleted(
    superuser: Any, everything: None, model: Any
) -> None:
    client = signed_in(superuser)
    obj = model._default_manager.first()
    change = admin_url(model, "change", obj.pk)
    assert 'name="_save"' not in client.get(change).content.decode()
    assert client.post(change, {}).status_code == 403
    assert client.get(admin_url(model, "add")).status_code == 403
    assert client.get(admin_url(model, "delete", obj.pk)).status_code == 403
    assert client.post(admin_url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
    assert model._default_manager.filter(pk=obj.pk).exists()


def test_the_lane_page_points_to_the_settings_page(superuser: Any, lane: Any) -> None:
    html = signed_in(superuser).get(admin_url(Lane, "change", lane.pk)).content.decode()
    assert reverse("lane-settings", kwargs={"slug": lane.slug}) in html
    assert "audits every change" in html


def test_a_user_who_is_not_staff_is_sent_to_the_admin_login(curator: Any) -> None:
    for url in ("/admin/", admin_url(Document, "changelist")):
        response = signed_in(curator).get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    response = Client().get(admin_url(Lane, "changelist"))
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")

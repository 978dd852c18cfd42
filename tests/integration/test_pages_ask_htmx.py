"""The ask and verify forms post with htmx (so "Working…" shows) and still work without it.

With htmx the form posts in the background: a computed answer is an ``HX-Redirect`` to its page,
a refused form comes back as the form alone (200, so htmx swaps it in) with each error beside its
field. Without JavaScript the same form is a plain POST: a redirect, or the page with a 400.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.utils.html import escape

from answers.models import Answer
from answers.views import ERR_ASK_DATABASE_UNAVAILABLE
from curation.services.documents import document_ingest_text
from tests.support.faults import kill_on_answer_insert

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
QUESTION = "How many days notice must a landlord give before ending a month-to-month tenancy?"
STATUTE = (
    "Cal. Civ. Code 1946. A landlord must give a tenant at least thirty days written notice "
    "before terminating a month-to-month tenancy."
)


@pytest.fixture
def client(reviewer: Any, lane: Any) -> Client:
    document_ingest_text(
        lane=lane, document_id="ca-civ-1946", text=STATUTE, source_type="documentary",
        actor="setup",
    )  # fmt: skip
    client = Client()
    client.force_login(reviewer)
    return client


def ask_body(lane: Any, question: str = QUESTION) -> dict[str, str]:
    return {"lane": lane.slug, "question": question, "mode": "strict", "strategy": "single"}


@pytest.mark.parametrize(
    ("path", "form_id", "indicator"),
    [("/ask/", "ask-form", "asking"), ("/verify/", "verify-form", "verifying")],
)
def test_the_form_posts_with_htmx_to_the_same_url_as_without_it(
    client: Client, path: str, form_id: str, indicator: str
) -> None:
    html = client.get(path).content.decode()
    form = html[html.index(f'<form id="{form_id}"') :]
    form = form[: form.index("</form>")]
    tag = form[: form.index(">")]
    assert f'method="post" action="{path}"' in tag and f'hx-post="{path}"' in tag
    assert f'hx-indicator="#{indicator}"' in tag
    assert f'<span id="{indicator}" class="htmx-indicator" role="status">Working…' in form


def test_an_answer_asked_with_htmx_is_a_redirect_htmx_follows(client: Client, lane: Any) -> None:
    response = client.post("/ask/", ask_body(lane), **HTMX)
    answer = Answer.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/answers/{answer.pk}/"
    assert "HX-Request" in response["Vary"]
    assert answer.status == "answered", answer.payload["refusal"]


def test_an_answer_asked_without_javascript_is_a_plain_redirect(client: Client, lane: Any) -> None:
    response = client.post("/ask/", ask_body(lane))
    answer = Answer.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/answers/{answer.pk}/"
    assert "HX-Redirect" not in response


def test_an_empty_question_with_htmx_returns_the_form_alone_with_the_error(
    client: Client, lane: Any
) -> None:
    response = client.post("/ask/", ask_body(lane, question="  "), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200  # htmx swaps 2xx only
    assert html.lstrip().startswith('<form id="ask-form"') and "<html" not in html
    assert 'id="id_question_error"' in html
    assert not Answer.objects.exists()
    plain = client.post("/ask/", ask_body(lane, question="  "))
    assert plain.status_code == 400 and "<html" in plain.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_database_dropping_mid_ask_with_htmx_shows_the_form_with_the_message(
    client: Client, lane: Any
) -> None:
    client.raise_request_exception = False
    with connection.execute_wrapper(kill_on_answer_insert):
        response = client.post("/ask/", ask_body(lane), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200, html[:2000]  # htmx would not swap a 503 in
    assert html.lstrip().startswith('<form id="ask-form"')
    assert 'role="alert">' + escape(ERR_ASK_DATABASE_UNAVAILABLE) in html
    assert QUESTION in html  # the question is kept
    connection.close()  # the test shares the request's (dead) session
    assert not Answer.objects.exists()


def test_a_draft_verified_with_htmx_is_a_redirect_and_a_bad_key_stays_on_the_form(
    client: Client, lane: Any
) -> None:
    body = {"lane": lane.slug, "question": QUESTION, "mode": "strict"}
    good = "A landlord must give a tenant at least thirty days written notice. [ca-civ-1946#0]"
    response = client.post("/verify/", {**body, "draft": good}, **HTMX)
    assert response["HX-Redirect"] == f"/answers/{Answer.objects.get().pk}/"
    bad = client.post("/verify/", {**body, "draft": "Thirty days. [ghost#4]"}, **HTMX)
    html = bad.content.decode()
    assert bad.status_code == 200 and html.lstrip().startswith('<form id="verify-form"')
    assert 'id="id_draft_error"' in html and "ghost#4" in html
    plain = client.post("/verify/", {**body, "draft": good})
    assert plain.status_code == 302


def test_a_throttled_ask_with_htmx_shows_the_form_saying_when_to_try_again(
    client: Client, lane: Any, settings: Any
) -> None:
    settings.CITENEXUS_THROTTLES = {
        action: {"user": "1/minute" if action == "ask" else "off", "lane": "off"}
        for action in ("ask", "verify", "upload", "authority_csv")
    }
    assert client.post("/ask/", ask_body(lane), **HTMX).status_code == 200
    second = client.post("/ask/", ask_body(lane), **HTMX)
    html = second.content.decode()
    assert second.status_code == 200  # htmx swaps the form in; the header says when
    retry_after = int(second["Retry-After"])
    assert html.lstrip().startswith('<form id="ask-form"')
    assert f"too many ask requests from you; try again in {retry_after} s" in html
    assert QUESTION in html
    assert Answer.objects.count() == 1
    plain = client.post("/ask/", ask_body(lane))
    assert plain.status_code == 429 and "<html" in plain.content.decode()

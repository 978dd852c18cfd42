"""Journeys through real Chromium: "Working…" while an answer is computed, the same form without
JavaScript, and an answer printed (to PDF) and exported as a Markdown memo."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

import answers.views
from answers.models import Answer
from answers.services import answer_verify
from curation.services.documents import document_ingest_text
from tests.browser.test_journeys import ARTIFACTS, shot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = "How many days notice must a landlord give before ending a month-to-month tenancy?"
STATUTE = (
    "Cal. Civ. Code 1946. A landlord must give a tenant at least thirty days written notice "
    "before terminating a month-to-month tenancy. The notice must be served in writing."
)
BLOG = (
    "Tenant notice rules. A landlord must give tenants thirty days written notice before ending "
    "a month-to-month tenancy."
)


@pytest.fixture
def notice_lane(lane: Any) -> Any:
    document_ingest_text(
        lane=lane, document_id="ca-civ-1946", text=STATUTE, source_type="documentary",
        actor="setup", title="California Civil Code § 1946",
    )  # fmt: skip
    document_ingest_text(
        lane=lane, document_id="nolo-blog", text=BLOG, source_type="conversational",
        actor="setup", title="Nolo: tenant notice rules",
    )  # fmt: skip
    return lane


@pytest.fixture
def held_ask(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The ask service waits (in the live server's thread) until the test lets it go on."""
    release = threading.Event()
    real: Callable[..., Answer] = answers.views.answer_ask

    def held(**kwargs: Any) -> Answer:
        release.wait(timeout=30)
        return real(**kwargs)

    monkeypatch.setattr(answers.views, "answer_ask", held)
    yield release
    release.set()


def ask(tab: Page, lane: Any) -> None:
    tab.goto(f"/ask/?lane={lane.slug}")
    tab.get_by_label("Question").fill(QUESTION)
    tab.get_by_label("Trust mode").select_option("strict")
    tab.get_by_role("button", name="Ask").click()


def test_working_shows_while_the_answer_is_computed(
    page: Page,
    reviewer: Any,
    notice_lane: Any,
    held_ask: threading.Event,
) -> None:
    sign_in(page, "reviewer")
    indicator = page.locator("#asking")
    page.goto(f"/ask/?lane={notice_lane.slug}")
    expect(indicator).to_be_hidden()
    ask(page, notice_lane)
    expect(indicator).to_be_visible()
    expect(indicator).to_contain_text("Working…")
    expect(page.get_by_role("button", name="Ask")).to_be_disabled()  # no second submission
    shot(page, "reviewer-ask-working")
    held_ask.set()
    expect(page.get_by_role("heading", name="Claims")).to_be_visible()
    assert page.url.endswith(f"/answers/{Answer.objects.get().pk}/")


def test_without_javascript_the_ask_form_still_posts_and_shows_the_answer(
    browser: Browser,
    live_server: Any,
    reviewer: Any,
    notice_lane: Any,
) -> None:
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill("reviewer")
        page.get_by_label("Password").fill("pw-reviewer")
        page.get_by_role("button", name="Sign in").click()
        ask(page, notice_lane)
        expect(page.get_by_role("heading", name="Claims")).to_be_visible()
        assert page.url.endswith(f"/answers/{Answer.objects.get().pk}/")
        # No script ran, so the print button (which needs one) stays hidden; export still works.
        expect(page.get_by_role("button", name="Print or save as PDF")).to_be_hidden()
        expect(page.get_by_role("link", name="Export as Markdown")).to_be_visible()
    finally:
        context.close()


def test_an_answer_prints_cleanly_and_exports_as_a_memo(
    page: Page,
    reviewer: Any,
    notice_lane: Any,
) -> None:
    answer = answer_verify(
        lane=notice_lane,
        question=QUESTION,
        mode="strict",
        actor="reviewer",
        segments=[
            {"text": "A landlord must give a tenant at least thirty days written notice "
             "before terminating a month-to-month tenancy.", "citations": ["ca-civ-1946#0"]},
            {"text": "The notice must be served in writing.", "citations": []},
        ],
    )  # fmt: skip
    assert [c["status"] for c in answer.payload["claims"]] == ["kept", "hedged"]
    assert answer.payload["evidence"]["withheld"] == ["nolo-blog"]
    sign_in(page, "reviewer")
    page.goto(f"/answers/{answer.pk}/")
    expect(page.get_by_role("button", name="Print or save as PDF")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Export as Markdown").click()
    assert download.value.suggested_filename == f"answer-{answer.pk}.md"
    memo = Path(download.value.path()).read_text()
    assert memo.startswith(f"# Answer {answer.pk}: {QUESTION}")
    assert "### Claim 2: hedged" in memo and "## Withheld sources" in memo

    page.emulate_media(media="print")
    for hidden in ("header.top", "form", ".answer-actions", "#citation-panel", ".crumbs"):
        expect(page.locator(hidden).first).to_be_hidden()
    permalink = page.locator(".permalink")
    expect(permalink).to_be_visible()
    expect(permalink).to_contain_text(f"{page.url.split('/answers/')[0]}/answers/{answer.pk}/")
    expect(page.locator("table.claims")).to_contain_text("ca-civ-1946#0")
    expect(page.locator(".signals")).to_contain_text("nolo-blog")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "answer-print.png"), full_page=True)
    pdf = page.pdf(path=str(ARTIFACTS / "answer-print.pdf"), format="A4", print_background=True)
    text = " ".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages)
    assert "served in writing" in text and "ca-civ-1946#0" in text and "nolo-blog" in text
    assert f"/answers/{answer.pk}/" in text
    assert "Sign out" not in text and "Record verdict" not in text

"""A journey through real Chromium: a PDF is uploaded, a reviewer follows a citation to its page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_journeys import shot, sign_in
from tests.fixtures.pdfs import build_act_pdf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_reviewer_follows_a_citation_to_the_highlighted_pdf_page(
    page: Page,
    curator: Any,
    reviewer: Any,
    lane: Any,
    tmp_path: Path,
    settings: Any,
) -> None:
    settings.CITENEXUS_PAGE_CACHE_DIR = tmp_path / "page-images"
    act = tmp_path / "rta-2024.pdf"
    act.write_bytes(build_act_pdf())
    sign_in(page, "curator")
    page.goto(f"/lanes/{lane.slug}/upload/")
    page.get_by_label("Files").set_input_files(str(act))
    page.get_by_label("Source type").fill("documentary")
    page.get_by_role("button", name="Upload and ingest").click()
    expect(page.locator("#job-bar")).to_have_attribute("value", "100")
    page.context.clear_cookies()

    sign_in(page, "reviewer")
    page.goto(f"/ask/?lane={lane.slug}")
    page.get_by_label("Question").fill(
        "How many days does a landlord have to return the security deposit?"
    )
    page.get_by_role("button", name="Ask").click()
    chip = page.locator("a.chip", has_text="p. 3").first
    expect(chip).to_be_visible()
    chip.click()
    panel = page.locator("#citation-panel")
    expect(panel.locator(".pages")).to_have_text("p. 3")
    shot(page, "reviewer-pdf-citation")
    panel.get_by_role("link", name="show p. 3 as printed").click()
    viewer = page.locator("#page-view")
    expect(viewer).to_contain_text("Page 3 of 4")
    image = viewer.locator("img.page-image")
    expect(image).to_be_visible()
    page.wait_for_function("() => document.querySelector('img.page-image').complete")
    assert image.evaluate("img => img.naturalWidth") == 918
    shot(page, "reviewer-pdf-page")

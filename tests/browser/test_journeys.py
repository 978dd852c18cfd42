"""Journeys through real Chromium: curator, admin, auditor and reviewer, one screenshot each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from curation.services.documents import document_ingest_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def sign_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-" + username)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Lanes")).to_be_visible()


def settled(page: Page) -> None:
    """Wait until no htmx request, swap or settle is in progress (new content is wired up)."""
    # A function, not an expression: Playwright polls an expression with eval(), which the
    # Content-Security-Policy forbids (no 'unsafe-eval').
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_a_curator_uploads_files_then_fixes_a_csv_typo_and_applies_it(
    page: Page, curator: Any, lane: Any, tmp_path: Path
) -> None:
    sign_in(page, "curator")
    page.goto(f"/lanes/{lane.slug}/upload/")
    one, two = tmp_path / "ca-civ-1946.txt", tmp_path / "nolo-blog.md"
    one.write_text("Section 1946. A landlord shall give thirty days notice.")
    two.write_text("# Blog\n\nTenants usually get a month of notice.")
    page.get_by_label("Files").set_input_files([str(one), str(two)])
    page.get_by_label("Source type").fill("documentary")
    page.get_by_role("button", name="Upload and ingest").click()
    expect(page.locator("#job-progress")).to_contain_text("2 of 2 files processed")
    expect(page.locator("#job-bar")).to_have_attribute("value", "100")

    page.goto(f"/lanes/{lane.slug}/authority-csv/")
    typo = tmp_path / "authority.csv"
    typo.write_text(
        "document_id,authority_tier\nca-civ-1946,controling-statute\nnolo-blog,secondary-blog\n"
    )
    page.get_by_label("Authority CSV").set_input_files(str(typo))
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("Unknown tiers")).to_be_visible()
    expect(page.locator("table.problems")).to_contain_text("controlling-statute")
    typo.write_text(
        "document_id,authority_tier\nca-civ-1946,controlling-statute\nnolo-blog,secondary-blog\n"
    )
    page.get_by_label("Authority CSV").set_input_files(str(typo))
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("button", name="Apply all 2 changes").click()
    expect(page.get_by_role("heading", name="Applied")).to_be_visible()
    shot(page, "curator-csv-applied")
    page.goto(f"/lanes/{lane.slug}/?sort=-tier")
    expect(page.locator("tbody tr").first).to_contain_text("controlling-statute")


def test_an_admin_reorders_tiers_with_the_keyboard_and_raises_the_floor(
    page: Page, admin: Any, lane: Any
) -> None:
    sign_in(page, "admin")
    page.goto(f"/lanes/{lane.slug}/settings/")
    page.get_by_role("button", name="Move statute up").focus()
    page.keyboard.press("Enter")
    names = page.locator(".tier-list input[name=name]")
    expect(names.nth(1)).to_have_value("statute")
    settled(page)  # the swapped-in form listens for the floor's change only once htmx settles
    page.get_by_label("Floor (minimum tier)").select_option("statute")
    # The preview names the new floor only once the htmx round trip has come back.
    expect(page.locator("#floor-preview")).to_contain_text("would fall below the floor statute")
    settled(page)
    page.get_by_role("button", name="Save tier order and floor").click()
    expect(page.get_by_text("Tier order and floor saved.")).to_be_visible()
    shot(page, "admin-tiers-saved")
    lane.refresh_from_db()
    assert lane.tier_order[-2] == "statute" and lane.minimum_tier == "statute"


def test_an_admin_can_also_reorder_tiers_by_dragging_a_row(
    page: Page, admin: Any, lane: Any
) -> None:
    sign_in(page, "admin")
    page.goto(f"/lanes/{lane.slug}/settings/")
    names = page.locator(".tier-list input[name=name]")
    expect(names.nth(2)).to_have_value("statute")
    settled(page)
    # Drop "statute" on the top row: it goes above it, and the form asks for a preview.
    page.locator(".tier-row").nth(2).drag_to(page.locator(".tier-row").nth(0))
    expect(names.nth(0)).to_have_value("statute")
    settled(page)
    page.get_by_role("button", name="Save tier order and floor").click()
    expect(page.get_by_text("Tier order and floor saved.")).to_be_visible()
    lane.refresh_from_db()
    assert lane.tier_order[-1] == "statute" and lane.tier_order[-2] == "controlling-statute"


def test_an_auditor_filters_the_log_and_exports_csv(page: Page, auditor: Any, lane: Any) -> None:
    document_ingest_text(
        lane=lane,
        document_id="ca-civ-1946",
        text="Notice rules.",
        source_type="documentary",
        actor="carol",
    )
    sign_in(page, "auditor")
    page.goto("/audit/")
    expect(page.locator("#chain-status")).to_contain_text("intact")
    page.get_by_label("Action").select_option("document.ingest")
    page.get_by_role("button", name="Filter").click()
    expect(page.locator("table.audit tbody")).to_contain_text("ca-civ-1946")
    shot(page, "auditor-log")
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV").click()
    content = Path(download.value.path()).read_text()
    assert "document.ingest" in content and "ca-civ-1946" in content


def test_a_reviewer_is_refused_below_the_floor_then_answered_in_normal_mode(
    page: Page, reviewer: Any, lane: Any
) -> None:
    document_ingest_text(
        lane=lane,
        document_id="nolo-blog",
        source_type="conversational",
        actor="setup",
        text="Tenant notice rules. A landlord must give tenants thirty days written notice before ending a month-to-month tenancy.",
    )
    sign_in(page, "reviewer")
    page.goto(f"/ask/?lane={lane.slug}")
    page.get_by_label("Question").fill(
        "How many days notice must a landlord give before ending a month-to-month tenancy?"
    )
    page.get_by_label("Trust mode").select_option("strict")
    page.get_by_role("button", name="Ask").click()
    expect(page.locator(".refusal")).to_contain_text("below_authority_floor")
    expect(page.locator(".withheld")).to_contain_text("nolo-blog")
    page.get_by_role("link", name="Ask again in normal mode").click()
    page.get_by_role("button", name="Ask").click()
    expect(page.get_by_role("heading", name="Claims")).to_be_visible()
    page.locator("a.chip").first.click()
    expect(page.locator("#citation-panel mark")).to_be_visible()
    expect(page.locator("#citation-panel")).to_contain_text("lexical")
    shot(page, "reviewer-citation")


def test_an_admin_writes_the_lane_vocabulary_fixing_a_refused_word(
    page: Page, admin: Any, lane: Any
) -> None:
    document_ingest_text(
        lane=lane,
        document_id="unmarked-statute",
        text="Notice rules.",
        source_type="documentary",
        actor="setup",
    )
    sign_in(page, "admin")
    page.goto(f"/lanes/{lane.slug}/settings/")
    page.get_by_label("Parties").fill("employer, data subject")
    page.get_by_label("Synonyms").fill("boss = employer")
    page.get_by_label("Scope terms").fill(
        "size / small = 12,500 pounds or less\nsize / large = heavy aircraft"
    )
    page.get_by_label("Value idioms").fill("wages, weekly pay")
    page.get_by_role("button", name="Save vocabulary").click()
    # Refused beside its box, nothing saved, what the admin typed kept.
    expect(page.locator("#id_value_idioms_error")).to_contain_text("weekly pay")
    expect(page.get_by_label("Parties")).to_have_value("employer, data subject")
    lane.refresh_from_db()
    assert lane.vocabulary == {}
    page.get_by_label("Value idioms").fill("wages")
    page.get_by_role("button", name="Save vocabulary").click()
    expect(page.get_by_text("Vocabulary saved.")).to_be_visible()
    lane.refresh_from_db()
    assert lane.vocabulary["parties"] == ["employer", "data subject"]
    assert lane.vocabulary["scope_terms"]["size"]["small"] == ["12,500 pounds or less"]
    page.goto(f"/lanes/{lane.slug}/")
    expect(page.locator("#vocabulary")).to_contain_text("data subject")
    # A document that names no jurisdiction shows the lane's, marked as inherited.
    expect(page.locator("tbody")).to_contain_text("CA, from the lane")
    shot(page, "admin-vocabulary-saved")

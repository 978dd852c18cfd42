"""A journey through real Chromium: an admin runs a golden set, then a what-if of a lower
floor that saves nothing, and finds the what-if in the audit log (docs/design.md#evaluation-runs)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from answers.models import Answer
from curation.models import Lane
from tests.browser.test_journeys import settled, shot, sign_in
from tests.support.evaluation import GOLDEN_CSV, PETS_Q, ingest_corpus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_admin_runs_a_golden_set_then_a_what_if_of_a_lower_floor_that_saves_nothing(
    page: Page,
    admin: Any,
    lane: Any,
    tmp_path: Path,
) -> None:
    ingest_corpus(lane)
    golden = tmp_path / "golden.csv"
    golden.write_text(GOLDEN_CSV)
    sign_in(page, "admin")
    page.goto(f"/lanes/{lane.slug}/")
    page.get_by_role("link", name="Evaluations").click()
    page.get_by_label("Golden CSV").set_input_files(str(golden))
    page.get_by_role("button", name="Upload and run").click()
    expect(page.locator("#run-bar")).to_have_attribute("value", "100")
    expect(page.locator("#mode-numbers")).to_contain_text("strict-floor-off")
    page.get_by_label("As expected").select_option("no")
    # Only a blog answers the pets question: not as expected wherever the floor does not hold.
    expect(page.locator("#outcomes .count")).to_contain_text("3 outcomes")
    expect(page.locator("#outcomes")).to_contain_text(PETS_Q)
    shot(page, "admin-evaluation-run")
    answers = Answer.objects.count()

    page.goto(f"/lanes/{lane.slug}/settings/")
    settled(page)
    page.get_by_label("Floor (minimum tier)").select_option("secondary-blog")
    expect(page.locator("#floor-preview")).to_contain_text("floor secondary-blog")
    settled(page)
    page.get_by_label("What-if in mode").select_option("strict")
    page.get_by_role("button", name="Run a what-if").click()
    result = page.locator("#what-if-result")
    expect(result).to_contain_text("Nothing was saved.")
    expect(result.locator("#what-if-summary")).to_contain_text("1 of 3 questions would change")
    expect(result.locator("#what-if-diff")).to_contain_text(PETS_Q)
    expect(result.locator("#what-if-diff")).to_contain_text("below_authority_floor")
    shot(page, "admin-what-if")
    # Nothing was saved: not the floor, not an answer.
    assert Lane.objects.get(pk=lane.pk).minimum_tier == "general-statute"
    assert Answer.objects.count() == answers

    result.get_by_role("link", name="recorded in the audit log").click()
    log = page.locator("table.audit tbody")
    expect(log).to_contain_text("evaluation.what_if")
    expect(log).to_contain_text("admin")
    shot(page, "admin-what-if-audit")

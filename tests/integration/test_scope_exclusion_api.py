"""A question about a category a source's own text excludes, end to end through the API
(docs/design.md#applicability): refused ``not_applicable``, with the excluding statement shown
in the reason, and never answered from the excluded source. The lane has an empty vocabulary:
the statement's own words decide, not a field's word list. When the floor also withheld a
weaker post, the code is still ``not_applicable`` (docs/design.md#refusal-codes).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.test_lane_jurisdiction_api import ask, cited, load_csv, upload

pytestmark = pytest.mark.django_db

EXCLUSION = "This section does not apply to a farm worker housed by an employer."
HOUSING_RULE = (
    "Section 12. Repairs in rented housing\n\n"
    f"{EXCLUSION} "
    "A tenant may repair a defect that makes the housing unfit and deduct the cost of the "
    "repair from the rent, after giving the owner written notice at least 30 days before.\n"
)
FARM_QUESTION = (
    "As a farm worker housed by an employer, how many days of notice must I give before I "
    "repair a defect and deduct the cost from the rent?"
)
TENANT_QUESTION = (
    "How many days of notice must a tenant give before repairing a defect and deducting the "
    "cost from the rent?"
)


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


@pytest.fixture
def housing(api: Any, curator: Any, lane: Any, run: Any) -> Any:
    client = api(curator)
    upload(client, lane, "housing-12", HOUSING_RULE, run)
    load_csv(client, lane, "housing-12,controlling-statute,1,Section 12\n")
    return lane


def test_a_question_about_an_excluded_category_is_refused_showing_the_statement(
    api: Any, reviewer: Any, housing: Any
) -> None:
    body = ask(api(reviewer), FARM_QUESTION)
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "not_applicable"
    assert cited(body) == set()
    reasons = {row["document_id"]: row["reason"] for row in body["evidence"]["inapplicable"]}
    assert "housing-12" in reasons
    assert EXCLUSION in reasons["housing-12"], reasons


def test_the_same_rule_answers_a_question_outside_the_excluded_category(
    api: Any, reviewer: Any, housing: Any
) -> None:
    body = ask(api(reviewer), TENANT_QUESTION)
    assert body["status"] == "answered", body["refusal"]
    assert cited(body) == {"housing-12"}
    assert not body["evidence"]["inapplicable"]
    assert any("30 days" in c["text"] for c in body["claims"] if c["status"] != "dropped")


# A forum post of the lane's place, below the floor, on a neighbouring matter: relevant to the
# farm question, but less so than the rule the question's own scope excludes.
FARM_FORUM = (
    "Forum: housed by my employer on a farm. The employer deducts the cost of the housing from "
    "my pay every 14 days."
)


def test_the_floor_withholding_a_weaker_post_does_not_turn_a_scope_refusal_into_the_floors(
    api: Any, curator: Any, reviewer: Any, housing: Any, run: Any
) -> None:
    upload(api(curator), housing, "farm-forum", FARM_FORUM, run)
    load_csv(api(curator), housing, "farm-forum,secondary-blog,5,Forum\n")
    body = ask(api(reviewer), FARM_QUESTION)
    relevance = {c["document_id"]: c["relevance"] for c in reversed(body["candidates"])}
    assert relevance["housing-12"] > relevance["farm-forum"], relevance
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "not_applicable"
    assert body["evidence"]["withheld"] == ["farm-forum"]
    assert cited(body) == set()
    rows = {row["document_id"]: row for row in body["evidence"]["inapplicable"]}
    assert rows["housing-12"]["kind"] == "scope"
    assert EXCLUSION in rows["housing-12"]["reason"]

"""Lanes API: create, read, update and precedence, with the policy checked when saved."""

from __future__ import annotations

from typing import Any

import pytest

from audit.models import AuditEvent
from curation.models import Lane
from tests.conftest import LEGAL_ORDER

pytestmark = pytest.mark.django_db

NEW_LANE = {
    "slug": "tx-housing",
    "name": "Texas housing law",
    "kind": "open",
    "profile": "ordered.v1",
    "tier_order": LEGAL_ORDER,
    "minimum_tier": "general-statute",
    "metadata_key": "authority_tier",
    "default_mode": "strict",
    "jurisdiction": "TX",
    "policy": {"documentary": "statute", "conversational": "secondary-blog"},
}


def test_admin_creates_a_lane_and_the_creation_is_audited(api: Any, make_user: Any) -> None:
    boss = make_user("boss", "admin")
    response = api(boss).post("/api/lanes/", NEW_LANE, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["slug"] == "tx-housing"
    assert body["tier_order"] == LEGAL_ORDER
    assert body["policy"] == {"documentary": "statute", "conversational": "secondary-blog"}
    event = AuditEvent.objects.get(action="lane.create", lane="tx-housing")
    assert event.actor == "boss"
    assert event.details["after"]["minimum_tier"] == "general-statute"


def test_a_policy_naming_a_tier_outside_the_order_is_refused_on_save(
    api: Any, make_user: Any
) -> None:
    boss = make_user("boss", "admin")
    bad = {**NEW_LANE, "policy": {"documentary": "statue"}}
    response = api(boss).post("/api/lanes/", bad, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_policy"
    assert "'statue'" in error["message"]
    assert "did you mean 'statute'" in error["message"]
    assert not Lane.objects.filter(slug="tx-housing").exists()
    assert not AuditEvent.objects.filter(lane="tx-housing").exists()


def test_an_unknown_floor_is_refused_naming_it(api: Any, make_user: Any) -> None:
    boss = make_user("boss", "admin")
    response = api(boss).post("/api/lanes/", {**NEW_LANE, "minimum_tier": "supreme"}, format="json")
    assert response.status_code == 400
    assert "'supreme'" in response.json()["error"]["message"]


def test_a_duplicate_slug_is_a_conflict(api: Any, make_user: Any, lane: Any) -> None:
    boss = make_user("boss", "admin")
    response = api(boss).post("/api/lanes/", {**NEW_LANE, "slug": lane.slug}, format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "conflict"


@pytest.mark.parametrize("who", ["curator", "reviewer", "auditor"])
def test_only_admins_create_lanes(api: Any, request: Any, who: str) -> None:
    user = request.getfixturevalue(who)
    response = api(user).post("/api/lanes/", NEW_LANE, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "forbidden"


def test_anonymous_gets_401_with_the_error_shape(api: Any, lane: Any) -> None:
    response = api(None).get("/api/lanes/")
    assert response.status_code in (401, 403)
    assert set(response.json()["error"]) == {"code", "message", "details"}


def test_lane_admin_patches_the_floor_and_the_change_is_audited(
    api: Any, admin: Any, lane: Any
) -> None:
    response = api(admin).patch(
        f"/api/lanes/{lane.slug}/", {"minimum_tier": "statute"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["minimum_tier"] == "statute"
    event = AuditEvent.objects.filter(action="lane.policy_change").latest("id")
    assert event.details["before"]["minimum_tier"] == "general-statute"
    assert event.details["after"]["minimum_tier"] == "statute"


def test_a_bad_patch_changes_nothing(api: Any, admin: Any, lane: Any) -> None:
    response = api(admin).patch(
        f"/api/lanes/{lane.slug}/",
        {"minimum_tier": "statute", "policy": {"documentary": "nowhere"}},
        format="json",
    )
    assert response.status_code == 400
    lane.refresh_from_db()
    assert lane.minimum_tier == "general-statute"
    assert lane.policy["documentary"] == "statute"


@pytest.mark.parametrize("who", ["curator", "reviewer", "auditor"])
def test_members_who_are_not_admins_cannot_patch(
    api: Any, request: Any, lane: Any, who: str
) -> None:
    user = request.getfixturevalue(who)
    response = api(user).patch(
        f"/api/lanes/{lane.slug}/", {"minimum_tier": "statute"}, format="json"
    )
    assert response.status_code == 403


@pytest.mark.parametrize("who", ["curator", "reviewer", "auditor", "admin"])
def test_every_member_reads_the_precedence_highest_first(
    api: Any, request: Any, lane: Any, who: str
) -> None:
    user = request.getfixturevalue(who)
    response = api(user).get(f"/api/lanes/{lane.slug}/precedence/")
    assert response.status_code == 200
    body = response.json()
    assert body["order"] == list(reversed(LEGAL_ORDER))
    assert body["minimum_tier"] == "general-statute"
    assert body["profile"] == "ordered.v1"


def test_a_member_of_another_lane_cannot_see_this_one(api: Any, outsider: Any, lane: Any) -> None:
    client = api(outsider)
    assert client.get(f"/api/lanes/{lane.slug}/").status_code == 404
    assert client.get(f"/api/lanes/{lane.slug}/precedence/").status_code == 404
    slugs = [item["slug"] for item in client.get("/api/lanes/").json()]
    assert lane.slug not in slugs


def test_a_superuser_is_admin_of_every_lane(api: Any, make_user: Any, lane: Any) -> None:
    root = make_user("root", superuser=True)
    response = api(root).patch(
        f"/api/lanes/{lane.slug}/", {"default_mode": "normal"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["default_mode"] == "normal"


def test_the_openapi_schema_lists_the_precedence_endpoint(client: Any) -> None:
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/lanes/{slug}/precedence/" in response.content

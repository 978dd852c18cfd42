"""The one lane lookup (access.lanes): not found before forbidden, the same for every surface."""

from __future__ import annotations

from typing import Any

import pytest

from access.lanes import (
    ERR_FORBIDDEN,
    ERR_NO_SUCH_LANE,
    LaneForbidden,
    LaneNotFound,
    lane_access,
    lane_for,
    require,
)
from access.roles import ROLE_CAPS, Cap
from common.errors import Forbidden, NotFound

pytestmark = pytest.mark.django_db


def test_a_member_with_the_capability_gets_the_lane_and_what_they_may_do(curator, lane):
    found, caps = lane_access(curator, lane.slug, Cap.INGEST)
    assert found.pk == lane.pk
    assert caps == ROLE_CAPS["curator"]
    assert lane_for(curator, lane.slug, Cap.INGEST).pk == lane.pk


def test_an_unknown_lane_and_a_lane_the_user_cannot_see_are_the_same_not_found(outsider, lane):
    with pytest.raises(LaneNotFound) as unknown:
        lane_for(outsider, "no-such-lane")
    with pytest.raises(LaneNotFound) as unseen:
        lane_for(outsider, lane.slug, Cap.READ_LANE)
    for refusal in (unknown.value, unseen.value):
        assert isinstance(refusal, NotFound) and refusal.status_code == 404
        assert (refusal.code, refusal.message, refusal.details) == (
            "not_found",
            ERR_NO_SUCH_LANE,
            {},
        )


def test_not_found_comes_before_forbidden(make_user, lane):
    # Every role as a group, but no membership: the lane stays hidden, never a 403.
    nobody = make_user("nobody", "curator", "reviewer", "auditor", "admin")
    with pytest.raises(LaneNotFound):
        lane_for(nobody, lane.slug, Cap.EDIT_LANE)


def test_a_member_without_the_capability_is_forbidden_with_what_it_needs(reviewer, lane):
    with pytest.raises(LaneForbidden) as refused:
        lane_for(reviewer, lane.slug, Cap.INGEST, "you may not ingest here")
    assert isinstance(refused.value, Forbidden) and refused.value.status_code == 403
    assert refused.value.message == "you may not ingest here"
    assert refused.value.details == {"lane": lane.slug, "needs": "ingest"}


def test_require_checks_a_lane_already_in_hand(reviewer, lane):
    require(reviewer, Cap.ASK, lane)  # a reviewer may ask
    with pytest.raises(LaneForbidden) as refused:
        require(reviewer, Cap.CORRECT, lane)
    assert refused.value.message == ERR_FORBIDDEN


def test_the_api_answers_an_unknown_and_an_unseen_lane_with_the_same_body(api, outsider, lane):
    client = api(outsider)
    unknown = client.get("/api/lanes/no-such-lane/")
    unseen = client.get(f"/api/lanes/{lane.slug}/")
    assert unknown.status_code == unseen.status_code == 404
    assert (
        unknown.json()
        == unseen.json()
        == {"error": {"code": "not_found", "message": ERR_NO_SUCH_LANE, "details": {}}}
    )


def test_pages_show_the_same_refusals_as_404_and_403(client: Any, outsider, reviewer, lane):
    client.force_login(outsider)
    assert client.get(f"/lanes/{lane.slug}/").status_code == 404
    assert client.get("/lanes/no-such-lane/").status_code == 404
    client.force_login(reviewer)
    assert client.get(f"/lanes/{lane.slug}/upload/").status_code == 403

"""Named actors, as healthchecks does with alice, bob and charlie: one per role, plus outsiders."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

LEGAL_ORDER = [
    "out-of-jurisdiction",
    "secondary-blog",
    "general-statute",
    "statute",
    "binding-appellate",
    "controlling-statute",
]


@pytest.fixture
def make_user(db: Any) -> Callable[..., Any]:
    from django.contrib.auth.models import Group, User

    def make(username: str, *roles: str, superuser: bool = False) -> Any:
        user = User.objects.create_user(username=username, password="pw-" + username)
        user.is_superuser = superuser
        user.is_staff = superuser
        user.save()
        for role in roles:
            user.groups.add(Group.objects.get_or_create(name=role)[0])
        return user

    return make


@pytest.fixture
def lane(db: Any) -> Any:
    from curation.services.lanes import lane_create

    return lane_create(
        actor="test",
        slug="ca-housing",
        name="California housing law",
        kind="open",
        profile="ordered.v1",
        tier_order=LEGAL_ORDER,
        minimum_tier="general-statute",
        metadata_key="authority_tier",
        default_mode="strict",
        jurisdiction="CA",
        policy={"documentary": "statute", "conversational": "secondary-blog"},
    )


@pytest.fixture
def other_lane(db: Any) -> Any:
    from curation.services.lanes import lane_create

    return lane_create(actor="test", slug="ny-housing", name="New York housing law")


def _member(make_user: Callable[..., Any], lane: Any, name: str, role: str) -> Any:
    from curation.models import LaneMembership

    user = make_user(name, role)
    LaneMembership.objects.create(lane=lane, user=user, role=role)
    return user


@pytest.fixture
def curator(make_user: Callable[..., Any], lane: Any) -> Any:
    return _member(make_user, lane, "curator", "curator")


@pytest.fixture
def reviewer(make_user: Callable[..., Any], lane: Any) -> Any:
    return _member(make_user, lane, "reviewer", "reviewer")


@pytest.fixture
def auditor(make_user: Callable[..., Any], lane: Any) -> Any:
    return _member(make_user, lane, "auditor", "auditor")


@pytest.fixture
def admin(make_user: Callable[..., Any], lane: Any) -> Any:
    return _member(make_user, lane, "admin", "admin")


@pytest.fixture
def outsider(make_user: Callable[..., Any], other_lane: Any) -> Any:
    """A curator and reviewer of another lane: every role, no scope here."""
    from curation.models import LaneMembership

    user = make_user("outsider", "curator", "reviewer", "auditor")
    for role in ("curator", "reviewer", "auditor"):
        LaneMembership.objects.create(lane=other_lane, user=user, role=role)
    return user


@pytest.fixture
def api() -> Callable[[Any], Any]:
    """An API client signed in as the given user (or anonymous with None)."""
    from rest_framework.test import APIClient

    def client_for(user: Any | None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for


@pytest.fixture(autouse=True)
def _fresh_throttle_counts() -> Any:
    """Throttle counters live in the cache (local memory in tests): none carries over. The
    domain unit tests also run without Django (``make mutation`` runs them with ``-p no:django``,
    pyproject.toml): there is no cache to clear, and reading it would fail the test."""
    from django.conf import settings

    if not settings.configured:
        yield
        return
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()

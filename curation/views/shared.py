"""What every lane page starts from: the lane (404 to non-members), the capability (403), and
the header context (the lane, its precedence, what the user may do)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from access.lanes import lane_access
from access.roles import Cap
from common.http import page_errors
from curation.models import Lane
from curation.page_context import lane_context as lane_context  # the lane pages' header


def page_lane(request: HttpRequest, slug: str, cap: Cap) -> tuple[Lane, frozenset[Cap]]:
    """The lane and the user's capabilities on it, as Django's 404 or 403 page when refused."""
    with page_errors():
        return lane_access(request.user, slug, cap)


def related(instance: Any, name: str) -> list[Any]:
    """A prefetched reverse relation as a list (mypy runs without the Django plugin here)."""
    return list(getattr(instance, name).all())

"""What every lane page starts from: the lane (404 to non-members), the capability (403), and
the header context (the lane, its precedence, what the user may do)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from access.lanes import lane_access
from access.roles import Cap
from common.http import page_errors
from curation.models import Lane
from curation.tier_badges import tier_classes


def page_lane(request: HttpRequest, slug: str, cap: Cap) -> tuple[Lane, frozenset[Cap]]:
    """The lane and the user's capabilities on it, as Django's 404 or 403 page when refused."""
    with page_errors():
        return lane_access(request.user, slug, cap)


def lane_context(lane: Lane, caps: frozenset[Cap]) -> dict[str, Any]:
    """What every lane page's header shows: the lane, its order and what the user may do."""
    order = list(lane.tier_order)
    return {
        "lane": lane,
        "caps": {c.value for c in caps},
        "precedence": list(reversed(order)),
        "tier_classes": tier_classes(lane),
    }


def related(instance: Any, name: str) -> list[Any]:
    """A prefetched reverse relation as a list (mypy runs without the Django plugin here)."""
    return list(getattr(instance, name).all())

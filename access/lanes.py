"""The one lane lookup: the lane a user names, as that user may use it.

Unknown lanes and lanes the user is no member of are the same ``NotFound`` (lanes do not leak);
only then is a missing capability ``Forbidden``. The API's exception handler, the pages
(``common.http.page_errors``) and the MCP tools each show these errors their own way.
"""

from __future__ import annotations

from access.models import Lane
from access.roles import Cap, User, caps_on, is_member
from common.errors import Forbidden, NotFound

ERR_NO_SUCH_LANE = "no such lane"
ERR_FORBIDDEN = "your role on this lane does not allow this"


class LaneNotFound(NotFound):
    """No lane ``slug`` that this user can see."""

    def __init__(self, slug: str) -> None:
        super().__init__("not_found", ERR_NO_SUCH_LANE)
        self.slug = slug


class LaneForbidden(Forbidden):
    """The user sees the lane but lacks ``capability`` on it."""

    def __init__(self, lane: Lane, capability: Cap, message: str) -> None:
        super().__init__("forbidden", message, {"lane": lane.slug, "needs": capability.value})
        self.lane = lane
        self.capability = capability


def _visible_lane(user: User, slug: str) -> Lane:
    lane = Lane.objects.filter(slug=slug).first()
    if lane is None or not is_member(user, lane):
        raise LaneNotFound(slug)
    return lane


def lane_for(
    user: User, slug: str, capability: Cap | None = None, message: str = ERR_FORBIDDEN
) -> Lane:
    """The lane named ``slug`` if ``user`` may see it and, when given, holds ``capability``.

    ``LaneNotFound`` when there is no such lane or the user is no member of it; then
    ``LaneForbidden`` (with ``message``) when ``capability`` is given and not held.
    """
    lane = _visible_lane(user, slug)
    if capability is not None:
        require(user, capability, lane, message)
    return lane


def lane_access(
    user: User, slug: str, capability: Cap, message: str = ERR_FORBIDDEN
) -> tuple[Lane, frozenset[Cap]]:
    """``lane_for`` with the user's capabilities on the lane, for pages that show what the user
    may do (one membership query either way)."""
    lane = _visible_lane(user, slug)
    caps = caps_on(user, lane)
    if capability not in caps:
        raise LaneForbidden(lane, capability, message)
    return lane, caps


def require(user: User, capability: Cap, lane: Lane, message: str = ERR_FORBIDDEN) -> None:
    """For a lane already in hand (an answer's, a record's): ``LaneForbidden`` without ``capability``."""
    if capability not in caps_on(user, lane):
        raise LaneForbidden(lane, capability, message)

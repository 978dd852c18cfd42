"""What every lane page's header shows, for the pages of any app that has a lane in hand
(curation's, the evaluation runs'): the lane, its precedence and what the user may do."""

from __future__ import annotations

from typing import Any

from access.roles import Cap
from curation.models import Lane
from curation.tier_badges import tier_classes


def lane_context(lane: Lane, caps: frozenset[Cap]) -> dict[str, Any]:
    """The header context of ``templates/curation/_lane_header.html``."""
    order = list(lane.tier_order)
    return {
        "lane": lane,
        "caps": {c.value for c in caps},
        "precedence": list(reversed(order)),
        "tier_classes": tier_classes(lane),
    }

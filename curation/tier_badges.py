"""How a tier looks wherever a page shows one: a CSS class per rank, and a badge with a note."""

from __future__ import annotations

from curation.models import Lane


def tier_classes(lane: Lane) -> dict[str, str]:
    """A CSS class per tier name: its rank, and whether it is below the floor."""
    order = list(lane.tier_order)
    floor = order.index(lane.minimum_tier) if lane.minimum_tier in order else -1
    return {
        name: f"tier tier-r{min(rank, 7)}" + (" tier-below" if rank < floor else "")
        for rank, name in enumerate(order)
    }


def tier_badge(lane: Lane, classes: dict[str, str], name: str) -> dict[str, str]:
    order = list(lane.tier_order)
    if lane.profile == "default.v1":
        return {"name": name or "unranked", "css": "tier tier-none", "note": "unranked lane"}
    if name in classes:
        below = "tier-below" in classes[name]
        note = f"rank {order.index(name)}" + (", below the floor" if below else "")
        return {"name": name, "css": classes[name], "note": note}
    return {
        "name": name or "no tier",
        "css": "tier tier-unknown",
        "note": "not in the tier order: ranks below every tier",
    }

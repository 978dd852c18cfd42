"""Editing a lane's tier order: reorder, add, rename and remove tiers, and preview the floor.

Renaming a tier rewrites the tier name stored on every document (and every unit's copy) that
carries it, so no document silently drops to ``UNKNOWN_RANK``. Removing a tier that documents
still carry is refused with their count: the curator must move them first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from audit.services import audit_record
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.levels import LanePolicy, lane_policy_problems
from common.errors import Invalid
from curation.models import Lane
from curation.selectors import tier_counts
from curation.services.lanes import lane_update

ERR_EMPTY_TIER_NAME = "a tier name must not be empty"
ERR_LONG_TIER_NAME = "tier name {name!r} is longer than 100 characters"
ERR_DUPLICATE_TIER_NAME = "tier {name!r} appears twice"
ERR_NO_TIERS = "the tier order needs at least one tier"
ERR_UNKNOWN_ORIGINAL = "tier {name!r} is not in this lane's order"
ERR_TIER_IN_USE = (
    "tier {name!r} cannot be removed: {count} document(s) carry it; assign them another tier first"
)
ERR_FLOOR_NOT_IN_ORDER = "the floor {floor!r} is not one of the tiers"


@dataclass(frozen=True)
class TierEdit:
    """One row of the editor: the tier's name before the edit (None when new) and after."""

    original: str | None
    name: str


def renames_of(edits: Sequence[TierEdit]) -> dict[str, str]:
    return {e.original: e.name for e in edits if e.original and e.original != e.name}


def floor_preview(
    *, counts: Mapping[str, int], edits: Sequence[TierEdit], minimum_tier: str
) -> dict[str, Any]:
    """How many documents the edited order and floor would put below the floor.

    Counts are by the names documents carry now, mapped through the edit's renames; a name
    outside the new order ranks below every tier, so it falls below any floor.
    """
    renames = renames_of(edits)
    order = [e.name for e in edits]
    total = sum(counts.values())
    if not minimum_tier or minimum_tier not in order:
        return {"below": 0, "total": total, "by_tier": {}}
    floor_rank = order.index(minimum_tier)
    by_tier: dict[str, int] = {}
    for name, n in counts.items():
        new = renames.get(name, name)
        rank = order.index(new) if new in order else -1
        if rank < floor_rank:
            label = new or "(no tier)"
            by_tier[label] = by_tier.get(label, 0) + n
    return {"below": sum(by_tier.values()), "total": total, "by_tier": by_tier}


def validate_edits(*, lane: Lane, edits: Sequence[TierEdit]) -> list[str]:
    """Every problem with the edited list, as messages (empty when it may be saved)."""
    problems: list[str] = []
    names = [e.name.strip() for e in edits]
    if not names:
        problems.append(ERR_NO_TIERS)
    for name in names:
        if not name:
            problems.append(ERR_EMPTY_TIER_NAME)
        elif len(name) > 100:
            problems.append(ERR_LONG_TIER_NAME.format(name=name))
    for name in sorted({n for n in names if n and names.count(n) > 1}):
        problems.append(ERR_DUPLICATE_TIER_NAME.format(name=name))
    for edit in edits:
        if edit.original is not None and edit.original not in lane.tier_order:
            problems.append(ERR_UNKNOWN_ORIGINAL.format(name=edit.original))
    kept = {e.original for e in edits if e.original}
    counts = tier_counts(lane=lane)
    for name in lane.tier_order:
        if name not in kept and counts.get(name, 0):
            problems.append(ERR_TIER_IN_USE.format(name=name, count=counts[name]))
    return problems


def _edit_problems(*, lane: Lane, edits: Sequence[TierEdit], minimum_tier: str) -> list[str]:
    problems = validate_edits(lane=lane, edits=edits)
    if minimum_tier and minimum_tier not in [e.name for e in edits]:
        problems.append(ERR_FLOOR_NOT_IN_ORDER.format(floor=minimum_tier))
    return problems


@dataclass(frozen=True)
class TierProposal:
    """An unsaved edit of the tier order, floor and profile, as the pipeline would rank by it."""

    # In the tier names documents carry now: a rename reaches documents only when saved.
    policy: AuthorityPolicy
    # The same in the edit's own names, as the lane would hold it once saved.
    named: AuthorityPolicy
    renames: dict[str, str]


# A new tier that takes the name of a tier being renamed away holds no document yet; until the
# edit is saved, documents still carry the old name, so the new tier ranks under another one.
_NEW_TIER_PLACEHOLDER = "(new) {name}"


def tier_order_proposal(
    *, lane: Lane, edits: Sequence[TierEdit], minimum_tier: str, profile: str
) -> TierProposal:
    """The policy an unsaved tier edit would give, checked as a save would check it; nothing is
    written (the what-if of docs/design.md#evaluation-runs). ``Invalid`` ("invalid_tiers")
    names every problem."""
    edits = [TierEdit(e.original, e.name.strip()) for e in edits]
    minimum_tier = minimum_tier.strip()
    renames = renames_of(edits)
    proposed = LanePolicy(
        kind=lane.kind,
        tier_order=tuple(e.name for e in edits),
        minimum_tier=minimum_tier or None,
        profile=profile,
        metadata_key=lane.metadata_key,
        source_type_policy={
            source_type: (renames.get(tier, tier) if tier else tier)
            for source_type, tier in (lane.policy or {}).items()
        },
    )
    problems = _edit_problems(lane=lane, edits=edits, minimum_tier=minimum_tier)
    problems += [p for p in lane_policy_problems(proposed) if p not in problems]
    if problems:
        raise Invalid("invalid_tiers", "; ".join(problems), {"problems": problems})
    originals = {e.original for e in edits if e.original}
    carried = [
        e.original or (_NEW_TIER_PLACEHOLDER.format(name=e.name) if e.name in originals else e.name)
        for e in edits
    ]
    floor = carried[[e.name for e in edits].index(minimum_tier)] if minimum_tier else None
    policy = AuthorityPolicy.from_settings(
        profile=profile, tier_order=carried, minimum_tier=floor, metadata_key=lane.metadata_key
    )
    return TierProposal(policy=policy, named=proposed.authority_policy(), renames=renames)


_RENAME_DOCUMENTS = """
UPDATE curation_document
   SET authority = jsonb_set(authority::jsonb, ARRAY[%(key)s], to_jsonb(%(map)s::jsonb ->> (authority::jsonb ->> %(key)s)))
 WHERE lane_id = %(lane)s AND %(map)s::jsonb ? (authority::jsonb ->> %(key)s)
RETURNING document_id
"""
_RENAME_UNITS = """
UPDATE curation_evidenceunit
   SET authority_meta = jsonb_set(authority_meta::jsonb, ARRAY[%(key)s], to_jsonb(%(map)s::jsonb ->> (authority_meta::jsonb ->> %(key)s)))
 WHERE lane_id = %(lane)s AND %(map)s::jsonb ? (authority_meta::jsonb ->> %(key)s)
"""


def _rename_everywhere(lane: Lane, renames: Mapping[str, str]) -> list[str]:
    """Apply all renames at once (a swap a↔b works); returns the renamed documents' ids."""
    params = {"key": lane.metadata_key, "map": json.dumps(dict(renames)), "lane": lane.pk}
    with connection.cursor() as cursor:
        cursor.execute(_RENAME_DOCUMENTS, params)
        document_ids = sorted(row[0] for row in cursor.fetchall())
        cursor.execute(_RENAME_UNITS, params)
    return document_ids


@transaction.atomic
def tier_order_change(
    *, lane: Lane, edits: Sequence[TierEdit], minimum_tier: str, actor: str, **fields: Any
) -> Lane:
    """Save an edited tier order (least authoritative first), its floor and other lane fields.

    Refused as a whole (an Invalid error naming every problem) when a name is empty or repeated, or a
    removed tier is still carried by documents. Renames follow through to documents, units, the
    floor and the source-type policy; each rename is audited with the documents it touched.
    """
    lane = Lane.objects.select_for_update().get(pk=lane.pk)
    edits = [TierEdit(e.original, e.name.strip()) for e in edits]
    problems = _edit_problems(lane=lane, edits=edits, minimum_tier=minimum_tier)
    order = [e.name for e in edits]
    if problems:
        raise Invalid("invalid_tiers", "; ".join(problems), {"problems": problems})
    renames = renames_of(edits)
    if renames:
        document_ids = _rename_everywhere(lane, renames)
        audit_record(
            actor=actor,
            action="lane.tier_rename",
            lane=lane.slug,
            details={
                "renames": renames,
                "documents": len(document_ids),
                "document_ids": document_ids,
            },
        )
    # A policy the caller passes is already in the new names; the stored one follows the renames.
    policy = fields.pop("policy", None)
    if policy is None:
        policy = {
            source_type: (renames.get(tier, tier) if tier else tier)
            for source_type, tier in (lane.policy or {}).items()
        }
    return lane_update(
        actor=actor, lane=lane, tier_order=order, minimum_tier=minimum_tier, policy=policy, **fields
    )

"""Lane services: create and update lanes, validated by the domain's lane-policy rules."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from audit.services import audit_record
from citenexus.domain.levels import LanePolicyError
from citenexus.domain.vocabulary import Vocabulary, VocabularyError
from common.errors import Invalid
from curation.domain import lane_policy, lane_snapshot
from curation.models import Lane, LaneMembership

LANE_FIELDS = (
    "name",
    "kind",
    "profile",
    "tier_order",
    "minimum_tier",
    "metadata_key",
    "default_mode",
    "jurisdiction",
    "policy",
    "vocabulary",
)


def vocabulary_normalised(value: Any, *, lane: str = "") -> dict[str, Any]:
    """The vocabulary as stored: validated, in its normal form, or ``{}`` when it says nothing.

    Raises ``Invalid`` (``field: "vocabulary"``) with the domain's message naming the bad entry.
    """
    try:
        vocabulary = Vocabulary.from_mapping(value)
    except VocabularyError as exc:
        raise Invalid(
            "invalid_vocabulary", str(exc), {"field": "vocabulary", "lane": lane}
        ) from exc
    return vocabulary.to_mapping() if vocabulary else {}


def _validate(lane: Lane) -> None:
    """Run Django's field checks and the domain's policy rules; nothing is saved on failure."""
    lane.vocabulary = vocabulary_normalised(lane.vocabulary, lane=lane.slug)
    lane.full_clean()
    try:
        lane_policy(lane)
    except LanePolicyError as exc:
        raise Invalid("invalid_policy", str(exc), {"lane": lane.slug}) from exc


@transaction.atomic
def lane_create(*, actor: str, slug: str, name: str, **fields: Any) -> Lane:
    lane = Lane(slug=slug, name=name, **{k: v for k, v in fields.items() if k in LANE_FIELDS})
    _validate(lane)
    lane.save()
    audit_record(
        actor=actor, action="lane.create", lane=lane.slug, details={"after": lane_snapshot(lane)}
    )
    return lane


@transaction.atomic
def lane_update(*, actor: str, lane: Lane, **fields: Any) -> Lane:
    """Change a lane's policy. Renaming tiers or removing one in use is `tier_order_change`'s job."""
    lane = Lane.objects.select_for_update().get(pk=lane.pk)
    before = lane_snapshot(lane)
    for key, value in fields.items():
        if key in LANE_FIELDS:
            setattr(lane, key, value)
    _validate(lane)
    after = lane_snapshot(lane)
    if after == before:
        return lane
    lane.save()
    audit_record(
        actor=actor,
        action="lane.policy_change",
        lane=lane.slug,
        details={"before": before, "after": after},
    )
    return lane


@transaction.atomic
def lane_member_set(*, actor: str, lane: Lane, user: Any, role: str, present: bool = True) -> None:
    if role not in LaneMembership.Role.values:
        raise Invalid(
            "invalid_role", f"unknown role {role!r}", {"roles": LaneMembership.Role.values}
        )
    if present:
        _, created = LaneMembership.objects.get_or_create(lane=lane, user=user, role=role)
    else:
        created = bool(LaneMembership.objects.filter(lane=lane, user=user, role=role).delete()[0])
    if created:
        audit_record(
            actor=actor,
            action="lane.member_add" if present else "lane.member_remove",
            lane=lane.slug,
            details={"user": user.get_username(), "role": role},
        )

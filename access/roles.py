"""Roles grant capabilities; lane membership grants scope (docs/design.md#roles).

A user may act on a lane with capability C when they hold a role that grants C both as a
Django group and as a membership of that lane. A superuser is admin of every lane.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from access.models import Lane, LaneMembership


class Cap(str, enum.Enum):
    READ_LANE = "read_lane"
    INGEST = "ingest"  # create documents, upload files
    ASSIGN_TIER = "assign_tier"  # authority CSV, inline tier edit, authority on upload
    CORRECT = "correct"  # add / withdraw corrections
    ASK = "ask"  # ask and verify
    READ_ANSWERS = "read_answers"
    REVIEW = "review"  # record a review verdict
    READ_AUDIT = "read_audit"
    EDIT_LANE = "edit_lane"  # tier order, floor, profile, policy
    EDIT_MEMBERS = "edit_members"
    EVALUATE = "evaluate"  # upload golden sets, run and read evaluation runs


ROLES = ("curator", "reviewer", "admin", "auditor")

ROLE_CAPS: dict[str, frozenset[Cap]] = {
    "curator": frozenset({Cap.READ_LANE, Cap.INGEST, Cap.ASSIGN_TIER, Cap.CORRECT, Cap.EVALUATE}),
    "reviewer": frozenset({Cap.READ_LANE, Cap.ASK, Cap.READ_ANSWERS, Cap.REVIEW}),
    "auditor": frozenset({Cap.READ_LANE, Cap.READ_ANSWERS, Cap.READ_AUDIT}),
    "admin": frozenset(Cap),
}

User = AbstractBaseUser | AnonymousUser


def user_groups(user: User) -> set[str]:
    if not user.is_authenticated:
        return set()
    cached = getattr(user, "_citenexus_groups", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True))  # type: ignore[union-attr]
        user._citenexus_groups = cached  # type: ignore[union-attr]
    return cached


def is_superuser(user: User) -> bool:
    return bool(user.is_authenticated and getattr(user, "is_superuser", False))


def lane_roles(user: User, lane: Lane) -> set[str]:
    """The roles the user holds on this lane: a group AND a membership of that role."""
    if not user.is_authenticated:
        return set()
    if is_superuser(user):
        return set(ROLES)
    groups = user_groups(user)
    members = set(
        LaneMembership.objects.filter(lane=lane, user_id=user.pk).values_list("role", flat=True)
    )
    return groups & members


def caps_on(user: User, lane: Lane) -> frozenset[Cap]:
    caps: set[Cap] = set()
    for role in lane_roles(user, lane):
        caps |= ROLE_CAPS[role]
    return frozenset(caps)


def can(user: User, cap: Cap, lane: Lane) -> bool:
    return cap in caps_on(user, lane)


def is_member(user: User, lane: Lane) -> bool:
    """Any signed-in member of the lane (whatever role) may read it and its precedence."""
    if not user.is_authenticated:
        return False
    return is_superuser(user) or LaneMembership.objects.filter(lane=lane, user_id=user.pk).exists()


def has_global_role(user: User, role: str) -> bool:
    return is_superuser(user) or role in user_groups(user)


def lanes_with(user: User, cap: Cap) -> QuerySet[Lane]:
    """The lanes on which the user has ``cap`` — the query every list view starts from."""
    if is_superuser(user):
        return Lane.objects.all()
    if not user.is_authenticated:
        return Lane.objects.none()
    roles = [r for r in user_groups(user) if cap in ROLE_CAPS.get(r, frozenset())]
    return Lane.objects.filter(memberships__user_id=user.pk, memberships__role__in=roles).distinct()


def visible_lanes(user: User) -> QuerySet[Lane]:
    if is_superuser(user):
        return Lane.objects.all()
    if not user.is_authenticated:
        return Lane.objects.none()
    return Lane.objects.filter(memberships__user_id=user.pk).distinct()


def roles_summary(user: User, lanes: Iterable[Lane]) -> dict[str, list[str]]:
    return {lane.slug: sorted(lane_roles(user, lane)) for lane in lanes}

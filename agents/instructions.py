"""The instructions an agent receives on connecting: each visible lane's order and the rule.

The order and floor come from the lane's own policy (``lane_precedence``); this module only
words them, so an agent reads exactly what the precedence endpoint and the pipeline use.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from access.roles import Cap, caps_on, visible_lanes
from citenexus.domain.authority import ORDERED_PROFILE_VERSION, AuthorityError
from citenexus.domain.levels import DECLARED_WITHOUT_TIER
from curation.domain import lane_policy, lane_precedence
from curation.models import Lane

PREAMBLE = (
    "CiteNexus keeps records with authority. Every record carries an authority level that its "
    "lane sets from the record's source type when it is written; a writer names the source "
    "type and never the level."
)
RULE = (
    "Rule: when records disagree, prefer the record whose authority level stands higher in its "
    "lane's order (listed highest first below); do not prefer a record for being newer or "
    "better worded. When the levels are equal, say the conflict is unresolved. A correction "
    "comes back beside the record it corrects (e_read) and is weighed by its own authority, "
    "not by the record's. A level outside the lane's order ranks below every level in it."
)
NO_LANES = (
    "You can see no lane. Ask an administrator to make your user a member of a lane; until "
    "then every tool answers that the lane is not found."
)
PROFILE_RANKS = "cite_ask and cite_verify rank evidence by this order"
PROFILE_UNRANKED = (
    "cite_ask and cite_verify do not rank evidence in this lane; apply the order yourself"
)
TOOLS_BY_CAP: tuple[tuple[Cap, str], ...] = (
    (Cap.READ_LANE, "e_read, e_gather, e_timeline"),
    (Cap.INGEST, "e_ingest"),
    (Cap.CORRECT, "e_correct"),
    (Cap.ASK, "cite_ask, cite_verify"),
)


def _source_types(lane: Lane) -> str:
    policy = lane_policy(lane)
    mapped = ", ".join(
        f"{source_type} -> {tier or DECLARED_WITHOUT_TIER}"
        for source_type, tier in sorted(policy.source_type_policy.items())
    )
    if lane.kind == Lane.Kind.CLOSED:
        return f"source types (only these): {mapped or 'none declared'}"
    rest = "any other source type gets the level of the same name"
    return f"source types: {mapped}; {rest}" if mapped else f"source types: {rest}"


def lane_instructions(user: AbstractBaseUser, lane: Lane) -> str:
    """One lane's paragraph: order highest first, floor, source types and the agent's tools."""
    caps = caps_on(user, lane)
    tools = "; ".join(names for cap, names in TOOLS_BY_CAP if cap in caps) or "none"
    head = f'- {lane.slug} ("{lane.name}", {lane.kind} lane)'
    try:
        precedence = lane_precedence(lane)
        source_types = _source_types(lane)
    except AuthorityError as exc:
        return f"{head}\n  its policy cannot be read ({exc}); weigh nothing from it"
    floor = precedence["minimum_tier"]
    floor_text = f"{floor} (answers rest only on records at or above it)" if floor else "none"
    profile = precedence["profile"]
    ranks = PROFILE_RANKS if profile == ORDERED_PROFILE_VERSION else PROFILE_UNRANKED

    return "\n".join(
        [
            head,
            f"  order, highest first: {' > '.join(precedence['order'])}",
            f"  floor: {floor_text}",
            f"  profile: {profile} ({ranks})",
            f"  {source_types}",
            f"  your tools here: {tools}",
        ]
    )


def instructions_for(user: AbstractBaseUser) -> str:
    """The whole instructions text for this user: preamble, rule, then each visible lane."""
    lanes = list(visible_lanes(user).order_by("slug"))
    if not lanes:
        return "\n\n".join([PREAMBLE, RULE, NO_LANES])
    body = "\n".join(lane_instructions(user, lane) for lane in lanes)
    return "\n\n".join([PREAMBLE, RULE, "Lanes you can see:\n" + body])

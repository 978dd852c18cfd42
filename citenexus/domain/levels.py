"""Source-type levels: where a document's tier name comes from, and a lane's stated precedence.

A writer (an API client or an agent) names a ``source_type`` and never a tier; the lane turns the
type into a tier name. Only a curator may assert a tier directly. A lane's policy is checked when
it is saved, so a bad mapping is refused once, with its value named, instead of failing at every
ingest later (docs/design.md#lanes-and-levels, docs/design.md#lane-policies).

Two views of one order appear here, and the names say which is which: a *tier order* is least
authoritative first (what ``AuthorityPolicy`` takes and the index ranks by); a *precedence* is
highest first (what people read and the precedence endpoint returns).
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from citenexus.domain.authority import (
    DEFAULT_METADATA_KEY,
    DEFAULT_PROFILE_VERSION,
    ERR_DUPLICATE_TIER,
    ERR_EMPTY_METADATA_KEY,
    ERR_EMPTY_ORDER,
    ERR_EMPTY_TIER,
    ERR_FLOOR_WITHOUT_ORDER,
    ERR_UNKNOWN_MINIMUM_TIER,
    ERR_UNKNOWN_PROFILE,
    PROFILE_VERSIONS,
    AuthorityError,
    AuthorityPolicy,
)

# Highest first, as people read them.
DEFAULT_LEVELS: tuple[str, ...] = (
    "human_correction",
    "human_confirmation",
    "documentary",
    "conversational",
    "system_inference",
)
# Least first, as AuthorityPolicy ranks them.
DEFAULT_TIER_ORDER: tuple[str, ...] = tuple(reversed(DEFAULT_LEVELS))

# Least first, as AuthorityPolicy ranks them.
LEGAL_TEMPLATE: tuple[str, ...] = (
    "out-of-jurisdiction",
    "secondary-blog",
    "general-statute",
    "statute",
    "binding-appellate",
    "controlling-statute",
)
# Highest first, as people read them.
LEGAL_PRECEDENCE: tuple[str, ...] = tuple(reversed(LEGAL_TEMPLATE))

# The orders a new lane may start from, each least authoritative first.
TEMPLATES: Mapping[str, tuple[str, ...]] = types.MappingProxyType(
    {"levels": DEFAULT_TIER_ORDER, "legal": LEGAL_TEMPLATE}
)

CORRECTION_AUTHORITY = "human_correction"
# What a source type gets when a policy declares it without naming a tier.
DECLARED_WITHOUT_TIER = "conversational"
# The writer's own source types: in an open lane each becomes the tier of the same name unless
# the policy maps it, so saving an open lane checks that each lands inside the order.
OPEN_LANE_SOURCE_TYPES: tuple[str, ...] = ("documentary", "conversational")

LANE_OPEN = "open"
LANE_CLOSED = "closed"
LANE_KINDS: tuple[str, ...] = (LANE_OPEN, LANE_CLOSED)

HINT_DID_YOU_MEAN = "; did you mean {suggestion!r}?"
ERR_UNKNOWN_KIND = "unknown lane kind {kind!r}; expected open or closed"
ERR_EMPTY_SOURCE_TYPE = "a source type must not be empty"
ERR_POLICY_TIER_NOT_IN_ORDER = (
    "the policy maps source type {source_type!r} to tier {tier!r}, "
    "which is not in the tier order {order}{hint}"
)
ERR_DECLARED_FALLBACK_NOT_IN_ORDER = (
    "the policy declares source type {source_type!r} without a tier, so it would get "
    "{tier!r}, which is not in the tier order {order}; name its tier"
)
ERR_OPEN_FALLBACK_NOT_IN_ORDER = (
    "in an open lane source type {source_type!r} would get the tier {source_type!r}, "
    "which is not in the tier order {order}; map it to a tier in the policy"
)
ERR_ASSERTED_TIER_NOT_IN_ORDER = "tier {tier!r} is not in this lane's tier order {order}{hint}"
ERR_UNDECLARED_SOURCE_TYPE = "source type {source_type!r} is not allowed in this closed lane; allowed source types: {allowed}"
ERR_WRITER_NAMED_TIER = (
    "a writer names a source type, never a tier: {key!r} may only be set by a curator"
)


class LanePolicyError(AuthorityError):
    """A lane policy that cannot be saved, or a write the lane refuses; ``problems`` lists all."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class LanePolicy:
    """A lane's authority settings: kind, tier order (least first), floor, profile, source types.

    ``source_type_policy`` maps each declared source type to its tier name, or to None for "no
    tier named" (it then gets ``DECLARED_WITHOUT_TIER``). Construction only normalises; call
    ``validate_lane_policy`` before saving.
    """

    kind: str = LANE_OPEN
    tier_order: tuple[str, ...] = DEFAULT_TIER_ORDER
    minimum_tier: str | None = None
    profile: str = DEFAULT_PROFILE_VERSION
    metadata_key: str = DEFAULT_METADATA_KEY
    source_type_policy: Mapping[str, str | None] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        # Forms send "" for "nothing chosen"; one spelling of absence keeps the checks simple.
        policy = {k: (v or None) for k, v in self.source_type_policy.items()}
        object.__setattr__(self, "tier_order", tuple(self.tier_order))
        object.__setattr__(self, "minimum_tier", self.minimum_tier or None)
        object.__setattr__(self, "source_type_policy", types.MappingProxyType(policy))

    @property
    def precedence_order(self) -> tuple[str, ...]:
        """The tier order highest first."""
        return tuple(reversed(self.tier_order))

    @property
    def allowed_source_types(self) -> tuple[str, ...]:
        """The source types the policy declares, sorted."""
        return tuple(sorted(self.source_type_policy))

    def authority_policy(self) -> AuthorityPolicy:
        """The ``AuthorityPolicy`` this lane selects by."""
        return AuthorityPolicy.from_settings(
            profile=self.profile,
            tier_order=self.tier_order,
            minimum_tier=self.minimum_tier,
            metadata_key=self.metadata_key,
        )


def tier_order_from_precedence(precedence: Sequence[str]) -> tuple[str, ...]:
    """The tier order (least first) of a precedence written highest first, as people write it."""
    return tuple(reversed(precedence))


class Precedence(TypedDict):
    order: list[str]
    minimum_tier: str | None
    profile: str
    metadata_key: str


def closest_tier(name: str, order: Sequence[str]) -> str | None:
    """The tier of ``order`` most like ``name``, for "did you mean" messages; None if none is close."""
    # Matches come best first; the first is the suggestion.
    matches = difflib.get_close_matches(name, list(order))
    return matches[0] if matches else None


def _hint(name: str, order: Sequence[str]) -> str:
    suggestion = closest_tier(name, order)
    return HINT_DID_YOU_MEAN.format(suggestion=suggestion) if suggestion else ""


def _order_problems(order: Sequence[str]) -> list[str]:
    if not order:
        return [ERR_EMPTY_ORDER]
    problems: list[str] = []
    if any(not name for name in order):
        problems.append(ERR_EMPTY_TIER)
    seen: set[str] = set()
    for name in order:
        if name and name in seen:
            problems.append(ERR_DUPLICATE_TIER.format(tier=name))
        seen.add(name)
    return list(dict.fromkeys(problems))


def _floor_problems(lane: LanePolicy) -> list[str]:
    if lane.minimum_tier is None:
        return []
    problems: list[str] = []
    if lane.profile == DEFAULT_PROFILE_VERSION:
        problems.append(ERR_FLOOR_WITHOUT_ORDER)
    if lane.minimum_tier not in lane.tier_order:
        message = ERR_UNKNOWN_MINIMUM_TIER.format(
            tier=lane.minimum_tier, order=list(lane.tier_order)
        )
        problems.append(message + _hint(lane.minimum_tier, lane.tier_order))
    return problems


def _source_type_problems(lane: LanePolicy) -> list[str]:
    order = list(lane.tier_order)
    problems: list[str] = []
    for source_type, tier in lane.source_type_policy.items():
        if not source_type:
            problems.append(ERR_EMPTY_SOURCE_TYPE)
        elif tier is None:
            if DECLARED_WITHOUT_TIER not in order:
                problems.append(
                    ERR_DECLARED_FALLBACK_NOT_IN_ORDER.format(
                        source_type=source_type, tier=DECLARED_WITHOUT_TIER, order=order
                    )
                )
        elif tier not in order:
            problems.append(
                ERR_POLICY_TIER_NOT_IN_ORDER.format(
                    source_type=source_type, tier=tier, order=order, hint=_hint(tier, order)
                )
            )
    if lane.kind == LANE_OPEN:
        for source_type in OPEN_LANE_SOURCE_TYPES:
            if source_type not in lane.source_type_policy and source_type not in order:
                problems.append(
                    ERR_OPEN_FALLBACK_NOT_IN_ORDER.format(source_type=source_type, order=order)
                )
    return problems


def lane_policy_problems(lane: LanePolicy) -> list[str]:
    """Every reason the lane cannot be saved, in a stable order; empty when it can."""
    problems: list[str] = []
    if lane.kind not in LANE_KINDS:
        problems.append(ERR_UNKNOWN_KIND.format(kind=lane.kind))
    if lane.profile not in PROFILE_VERSIONS:
        message = ERR_UNKNOWN_PROFILE.format(profile=lane.profile, known=list(PROFILE_VERSIONS))
        problems.append(message + _hint(lane.profile, PROFILE_VERSIONS))
    if not lane.metadata_key:
        problems.append(ERR_EMPTY_METADATA_KEY)
    problems += _order_problems(lane.tier_order)
    problems += _floor_problems(lane)
    problems += _source_type_problems(lane)
    return problems


def validate_lane_policy(lane: LanePolicy) -> LanePolicy:
    """Refuse a lane policy that cannot be saved; run whenever a policy is saved.

    Refused: an unknown kind or profile, an empty metadata key, an empty or duplicated tier
    order, a floor outside the order or with ``default.v1``, a mapping or fallback that lands
    outside the order. The ``LanePolicyError`` lists every problem, each naming its value.
    """
    problems = lane_policy_problems(lane)
    if problems:
        raise LanePolicyError(problems)
    return lane


def tier_for_source_type(lane: LanePolicy, source_type: str, asserted: str | None = None) -> str:
    """The tier name a new document of ``source_type`` gets in ``lane``
    (docs/design.md#where-a-tier-comes-from).

    A closed lane refuses a source type its policy does not declare, whoever writes. Then: a
    curator's ``asserted`` tier wins, if it is in the order; else the policy's tier for the type
    (``DECLARED_WITHOUT_TIER`` when it names none); else, in an open lane, the type's own name.
    An empty assertion is no assertion (a blank CSV cell).
    """
    if not source_type:
        raise LanePolicyError([ERR_EMPTY_SOURCE_TYPE])
    declared = source_type in lane.source_type_policy
    if lane.kind == LANE_CLOSED and not declared:
        allowed = list(lane.allowed_source_types)
        raise LanePolicyError(
            [ERR_UNDECLARED_SOURCE_TYPE.format(source_type=source_type, allowed=allowed)]
        )
    if asserted:
        if asserted not in lane.tier_order:
            order = list(lane.tier_order)
            hint = _hint(asserted, order)
            raise LanePolicyError(
                [ERR_ASSERTED_TIER_NOT_IN_ORDER.format(tier=asserted, order=order, hint=hint)]
            )
        return asserted
    if declared:
        return lane.source_type_policy[source_type] or DECLARED_WITHOUT_TIER
    return source_type


def authority_metadata_for(
    lane: LanePolicy,
    source_type: str,
    metadata: Mapping[str, str],
    *,
    may_assert: bool = True,
) -> dict[str, str]:
    """The authority metadata stored on a new document: ``metadata`` with the tier set.

    A non-empty ``metadata[lane.metadata_key]`` is a curator's assertion; a writer that may not
    assert (``may_assert=False``) is refused rather than silently overruled. Other keys are
    kept as given: they are opaque to ranking.
    """
    stored = dict(metadata)
    asserted = stored.get(lane.metadata_key) or None
    if asserted is not None and not may_assert:
        raise LanePolicyError([ERR_WRITER_NAMED_TIER.format(key=lane.metadata_key)])
    stored[lane.metadata_key] = tier_for_source_type(lane, source_type, asserted)
    return stored


def precedence(lane: LanePolicy) -> Precedence:
    """The lane's stated precedence for API clients: order highest first, floor, profile."""
    return {
        "order": list(lane.precedence_order),
        "minimum_tier": lane.minimum_tier,
        "profile": lane.profile,
        "metadata_key": lane.metadata_key,
    }

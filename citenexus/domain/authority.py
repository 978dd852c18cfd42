"""Authority: how much standing a source has, and the one step that applies it.

A profile turns a record's curator-asserted metadata into an ``AuthorityTier``; it never sees
content. A policy binds a profile to an optional floor. ``select_by_authority`` is the only
place the floor or the tier order changes what a reviewer is shown, and it runs after
grounding: it can reorder or remove grounded candidates, never admit new ones.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, overload

UNRANKED = 0
UNKNOWN_RANK = -1
DEFAULT_METADATA_KEY = "authority_tier"

DEFAULT_PROFILE_VERSION = "default.v1"
ORDERED_PROFILE_VERSION = "ordered.v1"
PROFILE_VERSIONS = (DEFAULT_PROFILE_VERSION, ORDERED_PROFILE_VERSION)

ERR_UNKNOWN_MINIMUM_TIER = "minimum tier {tier!r} is not in the tier order {order}"
ERR_DUPLICATE_TIER = "tier {tier!r} appears more than once in the tier order"
ERR_EMPTY_TIER = "a tier name must not be empty"
ERR_UNKNOWN_PROFILE = "unknown authority profile {profile!r}; expected one of {known}"
ERR_FLOOR_WITHOUT_ORDER = "a minimum tier needs the ordered.v1 profile and a tier order"
ERR_UNKNOWN_MODE = "unknown trust mode {mode!r}; expected strict, normal or exploratory"
ERR_EMPTY_ORDER = "the ordered.v1 profile needs at least one tier in its tier order"
ERR_EMPTY_METADATA_KEY = "the authority metadata key must not be empty"


class AuthorityError(ValueError):
    """A policy or tier that cannot be built as asked."""


@dataclass(frozen=True, order=False)
class AuthorityTier:
    """A tier: ``rank`` decides, ``name`` is only for reporting.

    Names never take part in comparison, so two profiles that spell a tier differently still
    produce one total order.
    """

    rank: int
    name: str = field(default="", compare=False)

    def __lt__(self, other: AuthorityTier) -> bool:
        return self.rank < other.rank

    def __le__(self, other: AuthorityTier) -> bool:
        return self.rank <= other.rank

    def __gt__(self, other: AuthorityTier) -> bool:
        return self.rank > other.rank

    def __ge__(self, other: AuthorityTier) -> bool:
        return self.rank >= other.rank


UNRANKED_TIER = AuthorityTier(UNRANKED, "")


class TrustMode(enum.StrEnum):
    """How much authority decides, per question (see ``select_by_authority``)."""

    STRICT = "strict"
    NORMAL = "normal"
    EXPLORATORY = "exploratory"

    @classmethod
    def parse(cls, value: str | TrustMode) -> TrustMode:
        """The mode a value names; anything but the three exact names is an ``AuthorityError``."""
        if isinstance(value, TrustMode):
            return value
        try:
            return cls(value)
        except ValueError:
            raise AuthorityError(ERR_UNKNOWN_MODE.format(mode=value)) from None


class AuthorityProfile(Protocol):
    """Maps a record's metadata to its tier. Never handed content."""

    version: str

    def tier(self, metadata: Mapping[str, str]) -> AuthorityTier: ...


@dataclass(frozen=True)
class DefaultAuthorityProfile:
    """``default.v1``: every record is unranked, so every sort is the identity."""

    version: str = DEFAULT_PROFILE_VERSION

    def tier(self, metadata: Mapping[str, str]) -> AuthorityTier:
        return UNRANKED_TIER


@dataclass(frozen=True)
class OrderedTierProfile:
    """``ordered.v1``: rank is the index of ``metadata[key]`` in ``order`` (least first).

    A missing or unknown name ranks ``UNKNOWN_RANK``, below every named tier.
    """

    order: tuple[str, ...]
    key: str = DEFAULT_METADATA_KEY
    version: str = ORDERED_PROFILE_VERSION

    def __post_init__(self) -> None:
        # A list (from JSON or a form) would leave the frozen profile unhashable.
        object.__setattr__(self, "order", tuple(self.order))
        _check_order(self.order)
        if not self.key:
            raise AuthorityError(ERR_EMPTY_METADATA_KEY)

    def rank_of(self, name: str) -> int:
        """The index of ``name`` in the order, or ``UNKNOWN_RANK`` when it is not there."""
        try:
            return self.order.index(name)
        except ValueError:
            return UNKNOWN_RANK

    def tier(self, metadata: Mapping[str, str]) -> AuthorityTier:
        name = metadata.get(self.key, "")
        return AuthorityTier(self.rank_of(name), name)


def _check_order(order: Sequence[str]) -> None:
    # An empty order would rank every record UNKNOWN_RANK: an ordered lane that orders nothing.
    if not order:
        raise AuthorityError(ERR_EMPTY_ORDER)
    seen: set[str] = set()
    for name in order:
        if not name:
            raise AuthorityError(ERR_EMPTY_TIER)
        if name in seen:
            raise AuthorityError(ERR_DUPLICATE_TIER.format(tier=name))
        seen.add(name)


@dataclass(frozen=True)
class AuthorityPolicy:
    """A profile bound to an optional floor (``minimum``)."""

    profile: DefaultAuthorityProfile | OrderedTierProfile
    minimum: AuthorityTier | None = None

    def __post_init__(self) -> None:
        # Every default.v1 record is UNRANKED, so a floor would keep all or nothing by accident.
        if self.minimum is not None and not isinstance(self.profile, OrderedTierProfile):
            raise AuthorityError(ERR_FLOOR_WITHOUT_ORDER)

    @classmethod
    def unranked(cls) -> AuthorityPolicy:
        """``default.v1`` without a floor: authority changes nothing."""
        return cls(DefaultAuthorityProfile())

    @classmethod
    def from_settings(
        cls,
        *,
        profile: str,
        tier_order: Sequence[str] = (),
        minimum_tier: str | None = None,
        metadata_key: str = DEFAULT_METADATA_KEY,
    ) -> AuthorityPolicy:
        """Build a policy from declarative settings (a config file or a lane row).

        ``default.v1`` ignores the tier order (names stay for reporting only) and refuses a
        floor; ``ordered.v1`` needs a non-empty order and a floor, if any, from that order.
        """
        if profile == DEFAULT_PROFILE_VERSION:
            if minimum_tier:
                raise AuthorityError(ERR_FLOOR_WITHOUT_ORDER)
            return cls.unranked()
        if profile == ORDERED_PROFILE_VERSION:
            return cls.ordered(tier_order, minimum_tier=minimum_tier, key=metadata_key)
        raise AuthorityError(
            ERR_UNKNOWN_PROFILE.format(profile=profile, known=list(PROFILE_VERSIONS))
        )

    @classmethod
    def ordered(
        cls,
        order: Sequence[str],
        *,
        minimum_tier: str | None = None,
        key: str = DEFAULT_METADATA_KEY,
    ) -> AuthorityPolicy:
        """``ordered.v1`` over ``order`` (least authoritative first), floored at ``minimum_tier``.

        The floor must name a tier of the order; an empty name means no floor.
        """
        profile = OrderedTierProfile(tuple(order), key=key)
        minimum = None
        if minimum_tier:
            rank = profile.rank_of(minimum_tier)
            if rank == UNKNOWN_RANK:
                raise AuthorityError(
                    ERR_UNKNOWN_MINIMUM_TIER.format(tier=minimum_tier, order=list(order))
                )
            minimum = AuthorityTier(rank, minimum_tier)
        return cls(profile, minimum)

    @property
    def profile_version(self) -> str:
        return self.profile.version

    @property
    def minimum_tier(self) -> str:
        return self.minimum.name if self.minimum is not None else ""

    @property
    def metadata_key(self) -> str:
        if isinstance(self.profile, OrderedTierProfile):
            return self.profile.key
        return DEFAULT_METADATA_KEY

    @property
    def order(self) -> tuple[str, ...]:
        if isinstance(self.profile, OrderedTierProfile):
            return self.profile.order
        return ()

    def tier(self, metadata: Mapping[str, str]) -> AuthorityTier:
        return self.profile.tier(metadata)

    def meets_floor(self, tier: AuthorityTier) -> bool:
        """True when there is no floor or ``tier`` ranks at or above it."""
        return self.minimum is None or tier >= self.minimum

    def snapshot(self) -> dict[str, object]:
        """The policy as plain data, stored with every answer so it still explains itself."""
        return {
            "profile": self.profile_version,
            "tier_order": list(self.order),
            "minimum_tier": self.minimum_tier,
            "metadata_key": self.metadata_key,
        }


class HasAuthority(Protocol):
    @property
    def authority_meta(self) -> Mapping[str, str]: ...


C = TypeVar("C", bound=HasAuthority)
T = TypeVar("T")


@dataclass(frozen=True)
class Selection(Generic[T]):
    """What ``select_by_authority`` kept, in order, and what the floor withheld."""

    selected: tuple[T, ...]
    withheld: tuple[T, ...] = ()


@overload
def select_by_authority(
    candidates: Sequence[C],
    policy: AuthorityPolicy,
    mode: TrustMode | str,
    *,
    metadata: None = None,
) -> Selection[C]: ...


@overload
def select_by_authority(
    candidates: Sequence[T],
    policy: AuthorityPolicy,
    mode: TrustMode | str,
    *,
    metadata: Callable[[T], Mapping[str, str]],
) -> Selection[T]: ...


def select_by_authority(
    candidates: Sequence[Any],
    policy: AuthorityPolicy,
    mode: TrustMode | str,
    *,
    metadata: Callable[[Any], Mapping[str, str]] | None = None,
) -> Selection[Any]:
    """The one authority step, applied after grounding and never inside it.

    strict: drop every candidate below the floor (no fallback), then stable-sort by tier,
    highest first. normal: stable-sort only. exploratory: untouched. It only reorders or
    removes; with ``default.v1`` and no floor it is the identity in every mode. Candidates
    carry ``authority_meta`` unless ``metadata`` says where each one's metadata is.
    """
    mode = TrustMode.parse(mode)
    items = tuple(candidates)
    if mode is TrustMode.EXPLORATORY:
        return Selection(items)
    meta = metadata or (lambda c: c.authority_meta)
    kept = [(c, policy.tier(meta(c))) for c in items]
    withheld: tuple[Any, ...] = ()
    if mode is TrustMode.STRICT:
        withheld = tuple(c for c, t in kept if not policy.meets_floor(t))
        kept = [(c, t) for c, t in kept if policy.meets_floor(t)]
    kept.sort(key=lambda pair: pair[1].rank, reverse=True)
    return Selection(tuple(c for c, _ in kept), withheld)

"""Declarative settings for the library facade: storage, authority, and the pipeline's sizes.

Every value is checked when the config is built, so a bad file fails on load rather than at the
first question. Sizes are defaults until measurement on the example lanes settles them
(docs/design.md#defaults); ``CiteNexusConfig.snapshot()`` is what an answer records about the
settings it ran under.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from citenexus.domain.authority import (
    DEFAULT_METADATA_KEY,
    DEFAULT_PROFILE_VERSION,
    AuthorityPolicy,
    TrustMode,
)

ERR_EMPTY_BUCKET = "the storage bucket must not be empty"
ERR_NOT_POSITIVE = "{name} must be a positive integer, got {value!r}"
ERR_BAD_OVERLAP = (
    "unit_overlap must be at least 0 and less than unit_chars ({chars}), got {value!r}"
)
ERR_BAD_TIMEOUT = "llm_timeout must be a positive number of seconds, got {value!r}"
ERR_BAD_THRESHOLD = "ground_threshold must be a number from 0 to 1, got {value!r}"


class ConfigError(ValueError):
    """A setting that cannot be used as given."""


@dataclass(frozen=True)
class StorageConfig:
    """Where the in-memory store persists its data (a local directory)."""

    bucket: str = "./citenexus-data"

    def __post_init__(self) -> None:
        if not self.bucket:
            raise ConfigError(ERR_EMPTY_BUCKET)


@dataclass(frozen=True)
class AuthorityConfig:
    """The authority policy, declaratively: profile, tier order (least first), floor, key.

    Checked on construction (the errors of ``AuthorityPolicy.from_settings``); ``default.v1``
    with no floor, the default, leaves every result exactly as if authority did not exist.
    """

    profile: str = DEFAULT_PROFILE_VERSION
    tier_order: tuple[str, ...] = ()
    minimum_tier: str | None = None
    metadata_key: str = DEFAULT_METADATA_KEY

    def __post_init__(self) -> None:
        # A list from a TOML or JSON file would make the frozen config unhashable.
        object.__setattr__(self, "tier_order", tuple(self.tier_order))
        self.policy()

    def policy(self) -> AuthorityPolicy:
        """The ``AuthorityPolicy`` these settings describe."""
        return AuthorityPolicy.from_settings(
            profile=self.profile,
            tier_order=self.tier_order,
            minimum_tier=self.minimum_tier,
            metadata_key=self.metadata_key,
        )


@dataclass(frozen=True)
class CiteNexusConfig:
    """Everything the facade needs; each size is a setting with a documented default.

    unit_chars/unit_overlap: evidence unit size and overlap in characters. retrieve_k: hits per
    retriever. rrf_k: the reciprocal-rank-fusion constant. ground_threshold: the least reranked
    score (0 to 1) that counts as relevant; 0.25 as measured for ``PipelineSettings``. ground_k: grounded candidates kept. generate_k: selected
    candidates handed to the generator. llm_timeout: seconds. default_mode: the trust mode when a
    question names none.
    """

    storage: StorageConfig = field(default_factory=StorageConfig)
    authority: AuthorityConfig = field(default_factory=AuthorityConfig)
    unit_chars: int = 900
    unit_overlap: int = 150
    retrieve_k: int = 50
    rrf_k: int = 60
    ground_threshold: float = 0.25
    ground_k: int = 50
    generate_k: int = 8
    llm_timeout: float = 60.0
    default_mode: str = TrustMode.STRICT.value

    def __post_init__(self) -> None:
        for name in ("unit_chars", "retrieve_k", "rrf_k", "ground_k", "generate_k"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ConfigError(ERR_NOT_POSITIVE.format(name=name, value=value))
        overlap = self.unit_overlap
        if isinstance(overlap, bool) or not isinstance(overlap, int):
            raise ConfigError(ERR_BAD_OVERLAP.format(chars=self.unit_chars, value=overlap))
        if not 0 <= overlap < self.unit_chars:
            raise ConfigError(ERR_BAD_OVERLAP.format(chars=self.unit_chars, value=overlap))
        if not _is_number(self.llm_timeout) or not self.llm_timeout > 0:
            raise ConfigError(ERR_BAD_TIMEOUT.format(value=self.llm_timeout))
        if not _is_number(self.ground_threshold) or not 0 <= self.ground_threshold <= 1:
            raise ConfigError(ERR_BAD_THRESHOLD.format(value=self.ground_threshold))
        object.__setattr__(self, "default_mode", TrustMode.parse(self.default_mode).value)

    @property
    def trust_mode(self) -> TrustMode:
        """``default_mode`` as a ``TrustMode``."""
        return TrustMode(self.default_mode)

    def policy(self) -> AuthorityPolicy:
        """The authority policy of ``authority``."""
        return self.authority.policy()

    def snapshot(self) -> dict[str, object]:
        """The settings an answer was computed under, as plain data (the policy included)."""
        return {
            "policy": self.policy().snapshot(),
            "unit_chars": self.unit_chars,
            "unit_overlap": self.unit_overlap,
            "retrieve_k": self.retrieve_k,
            "rrf_k": self.rrf_k,
            "ground_threshold": self.ground_threshold,
            "ground_k": self.ground_k,
            "generate_k": self.generate_k,
            "llm_timeout": self.llm_timeout,
            "default_mode": self.default_mode,
        }


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)

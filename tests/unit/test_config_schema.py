"""The declarative config of the library facade (docs/design.md#authority,
docs/design.md#defaults)."""

from __future__ import annotations

import dataclasses

import pytest

from citenexus.config import AuthorityConfig as ReexportedAuthorityConfig
from citenexus.config.schema import (
    ERR_BAD_OVERLAP,
    ERR_BAD_THRESHOLD,
    ERR_BAD_TIMEOUT,
    ERR_EMPTY_BUCKET,
    ERR_NOT_POSITIVE,
    AuthorityConfig,
    CiteNexusConfig,
    ConfigError,
    StorageConfig,
)
from citenexus.domain.authority import (
    ERR_EMPTY_ORDER,
    ERR_FLOOR_WITHOUT_ORDER,
    ERR_UNKNOWN_MINIMUM_TIER,
    ERR_UNKNOWN_MODE,
    ERR_UNKNOWN_PROFILE,
    AuthorityError,
    AuthorityPolicy,
    TrustMode,
)

LEGAL = (
    "out-of-jurisdiction",
    "secondary-blog",
    "general-statute",
    "statute",
    "binding-appellate",
    "controlling-statute",
)


def test_the_seed_example_builds_a_floored_ordered_policy() -> None:
    config = CiteNexusConfig(
        storage=StorageConfig(bucket="./citenexus-data"),
        authority=AuthorityConfig(
            profile="ordered.v1", tier_order=LEGAL, minimum_tier="general-statute"
        ),
    )
    assert config.policy() == AuthorityPolicy.ordered(LEGAL, minimum_tier="general-statute")
    assert config.authority.policy().metadata_key == "authority_tier"


def test_the_config_package_reexports_the_schema() -> None:
    assert ReexportedAuthorityConfig is AuthorityConfig


def test_defaults_are_opt_in_authority_and_the_documented_sizes() -> None:
    config = CiteNexusConfig()
    assert config.storage.bucket == "./citenexus-data"
    assert config.authority == AuthorityConfig(
        profile="default.v1", tier_order=(), minimum_tier=None, metadata_key="authority_tier"
    )
    assert config.policy() == AuthorityPolicy.unranked()
    assert (config.unit_chars, config.unit_overlap) == (900, 150)
    assert (config.retrieve_k, config.rrf_k, config.ground_k, config.generate_k) == (
        50,
        60,
        50,
        8,
    )
    assert config.ground_threshold == 0.25
    assert config.llm_timeout == 60.0
    assert config.default_mode == "strict"
    assert config.trust_mode is TrustMode.STRICT


def test_configs_are_frozen_and_hashable() -> None:
    config = CiteNexusConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.unit_chars = 1  # type: ignore[misc]
    assert hash(config) == hash(CiteNexusConfig())


def test_a_tier_order_given_as_a_list_is_kept_as_a_tuple() -> None:
    config = AuthorityConfig(profile="ordered.v1", tier_order=list(LEGAL))  # type: ignore[arg-type]
    assert config.tier_order == LEGAL
    assert hash(config) == hash(AuthorityConfig(profile="ordered.v1", tier_order=LEGAL))


def test_a_custom_metadata_key_reaches_the_policy() -> None:
    config = AuthorityConfig(profile="ordered.v1", tier_order=LEGAL, metadata_key="standing")
    assert config.policy().metadata_key == "standing"


def test_an_unknown_profile_is_refused_when_the_config_is_built() -> None:
    with pytest.raises(AuthorityError) as caught:
        AuthorityConfig(profile="ranked")
    assert str(caught.value) == ERR_UNKNOWN_PROFILE.format(
        profile="ranked", known=["default.v1", "ordered.v1"]
    )


def test_an_unknown_minimum_tier_is_refused_when_the_config_is_built() -> None:
    with pytest.raises(AuthorityError) as caught:
        AuthorityConfig(profile="ordered.v1", tier_order=LEGAL, minimum_tier="statue")
    assert str(caught.value) == ERR_UNKNOWN_MINIMUM_TIER.format(tier="statue", order=list(LEGAL))


def test_a_floor_without_the_ordered_profile_is_refused() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_FLOOR_WITHOUT_ORDER}$"):
        AuthorityConfig(tier_order=LEGAL, minimum_tier="statute")


def test_the_ordered_profile_without_an_order_is_refused() -> None:
    with pytest.raises(AuthorityError, match=f"^{ERR_EMPTY_ORDER}$"):
        AuthorityConfig(profile="ordered.v1")


def test_an_empty_bucket_is_refused() -> None:
    with pytest.raises(ConfigError, match=f"^{ERR_EMPTY_BUCKET}$"):
        StorageConfig(bucket="")


@pytest.mark.parametrize("name", ["unit_chars", "retrieve_k", "rrf_k", "ground_k", "generate_k"])
@pytest.mark.parametrize("value", [0, -1, 2.5, True, "8"])
def test_sizes_must_be_positive_integers(name: str, value: object) -> None:
    with pytest.raises(ConfigError) as caught:
        CiteNexusConfig(**{name: value})  # type: ignore[arg-type]
    assert str(caught.value) == ERR_NOT_POSITIVE.format(name=name, value=value)


def test_a_size_of_one_is_allowed() -> None:
    config = CiteNexusConfig(
        retrieve_k=1, rrf_k=1, ground_k=1, generate_k=1, unit_chars=1, unit_overlap=0
    )
    assert config.generate_k == 1


@pytest.mark.parametrize("overlap", [-1, 900, 901, 1.5, True])
def test_the_unit_overlap_must_be_smaller_than_the_unit(overlap: object) -> None:
    with pytest.raises(ConfigError) as caught:
        CiteNexusConfig(unit_overlap=overlap)  # type: ignore[arg-type]
    assert str(caught.value) == ERR_BAD_OVERLAP.format(chars=900, value=overlap)


def test_the_unit_overlap_may_be_zero_or_one_less_than_the_unit() -> None:
    assert CiteNexusConfig(unit_overlap=0).unit_overlap == 0
    assert CiteNexusConfig(unit_overlap=899).unit_overlap == 899


@pytest.mark.parametrize("timeout", [0, -1.0, float("inf"), float("nan"), True, "60"])
def test_the_llm_timeout_must_be_a_positive_finite_number(timeout: object) -> None:
    with pytest.raises(ConfigError) as caught:
        CiteNexusConfig(llm_timeout=timeout)  # type: ignore[arg-type]
    assert str(caught.value) == ERR_BAD_TIMEOUT.format(value=timeout)


def test_an_integer_timeout_is_accepted() -> None:
    assert CiteNexusConfig(llm_timeout=5).llm_timeout == 5


@pytest.mark.parametrize("threshold", [float("nan"), float("-inf"), None, False, -0.01, 1.01])
def test_the_ground_threshold_must_be_a_number_from_zero_to_one(threshold: object) -> None:
    with pytest.raises(ConfigError) as caught:
        CiteNexusConfig(ground_threshold=threshold)  # type: ignore[arg-type]
    assert str(caught.value) == ERR_BAD_THRESHOLD.format(value=threshold)


def test_the_ground_threshold_may_be_zero_or_one() -> None:
    assert CiteNexusConfig(ground_threshold=0).ground_threshold == 0
    assert CiteNexusConfig(ground_threshold=1.0).ground_threshold == 1.0


def test_the_default_mode_is_parsed_and_kept_as_its_name() -> None:
    config = CiteNexusConfig(default_mode=TrustMode.NORMAL)
    assert config.default_mode == "normal"
    assert type(config.default_mode) is str
    assert config.trust_mode is TrustMode.NORMAL


def test_an_unknown_default_mode_is_refused() -> None:
    with pytest.raises(AuthorityError) as caught:
        CiteNexusConfig(default_mode="careful")
    assert str(caught.value) == ERR_UNKNOWN_MODE.format(mode="careful")


def test_the_snapshot_records_the_policy_and_every_size() -> None:
    config = CiteNexusConfig(
        authority=AuthorityConfig(profile="ordered.v1", tier_order=LEGAL, minimum_tier="statute"),
        generate_k=5,
        default_mode="normal",
    )
    assert config.snapshot() == {
        "policy": {
            "profile": "ordered.v1",
            "tier_order": list(LEGAL),
            "minimum_tier": "statute",
            "metadata_key": "authority_tier",
        },
        "unit_chars": 900,
        "unit_overlap": 150,
        "retrieve_k": 50,
        "rrf_k": 60,
        "ground_threshold": 0.25,
        "ground_k": 50,
        "generate_k": 5,
        "llm_timeout": 60.0,
        "default_mode": "normal",
    }

"""The judges' settings and the default set of judges."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest

from citenexus.judges import JudgeThresholds, default_judges
from citenexus.judges.thresholds import ERR_FRACTION, ERR_POSITIVE


class TinyEmbedder:
    name = "tiny"
    dimension = 2

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[1.0, 0.0] for _ in texts]


def test_the_defaults_are_documented_values() -> None:
    assert JudgeThresholds().to_dict() == {
        "lexical_min_coverage": 0.9,
        "lexical_decline_coverage": 0.6,
        "align_max_sentences": 3,
        "negation_max_scope": 20,
        "negation_min_coverage": 0.7,
        "negation_agree_min_coverage": 0.6,
        "numeric_min_coverage": 0.5,
        "numeric_contradict_min_coverage": 0.7,
        "embedding_min_similarity": 0.75,
        "embedding_coarse_min_similarity": 0.2,
        "embedding_spans": False,
        "embedding_unit_min_similarity": 0.05,
        "embedding_cache_size": 1024,
        "llm_timeout_s": 60.0,
    }


def test_the_settings_serialise_to_json_for_the_policy_snapshot() -> None:
    assert json.loads(json.dumps(JudgeThresholds().to_dict()))["lexical_min_coverage"] == 0.9


def test_the_settings_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        JudgeThresholds().lexical_min_coverage = 0.1  # type: ignore[misc]


@pytest.mark.parametrize(
    "field",
    [
        "lexical_min_coverage",
        "embedding_min_similarity",
        "numeric_min_coverage",
        "numeric_contradict_min_coverage",
    ],
)
@pytest.mark.parametrize("value", [-0.1, 1.5, float("nan")])
def test_a_fraction_outside_zero_to_one_is_refused(field: str, value: float) -> None:
    with pytest.raises(ValueError) as error:
        JudgeThresholds(**dict[str, Any]({field: value}))
    assert str(error.value) == ERR_FRACTION.format(name=field, value=value)


@pytest.mark.parametrize(
    "field", ["align_max_sentences", "negation_max_scope", "embedding_cache_size", "llm_timeout_s"]
)
def test_a_size_or_timeout_that_is_not_positive_is_refused(field: str) -> None:
    with pytest.raises(ValueError) as error:
        JudgeThresholds(**dict[str, Any]({field: 0}))
    assert str(error.value) == ERR_POSITIVE.format(name=field, value=0)


def test_the_default_judges_without_an_embedder_are_the_three_text_judges() -> None:
    assert [j.name for j in default_judges()] == ["lexical", "numeric", "negation"]


def test_the_default_judges_with_an_embedder_add_the_embedding_judge() -> None:
    judges = default_judges(TinyEmbedder())
    assert [j.name for j in judges] == ["lexical", "numeric", "negation", "embedding"]


def test_every_default_judge_shares_the_given_thresholds() -> None:
    settings = JudgeThresholds(lexical_min_coverage=0.8)
    judges = default_judges(TinyEmbedder(), thresholds=settings)
    assert all(getattr(j, "thresholds", None) is settings for j in judges)

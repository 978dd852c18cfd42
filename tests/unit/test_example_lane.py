"""The example lane is consistent: every CSV row has a file, tiers are in the order, golden rows are valid."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

LANE = Path(__file__).resolve().parents[2] / "examples" / "law-authority"


def _checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_corpus", LANE / "check_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_corpus"] = module  # dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    return module


def test_the_example_lane_has_no_consistency_problems() -> None:
    assert _checker().check(LANE).problems == []


@pytest.mark.parametrize(
    ("target_chars", "overlap_chars"),
    [(None, None), (300, 60)],
    ids=["default-unit-size", "small-units"],
)
def test_no_unit_of_the_example_corpus_is_severed_from_its_scope_statement(
    target_chars: int | None, overlap_chars: int | None
) -> None:
    measured = _checker().severance(
        LANE / "corpus", target_chars=target_chars, overlap_chars=overlap_chars
    )
    assert measured.operative > 20  # the corpus's scope clauses govern many units
    assert (measured.severed, measured.rate) == (0, 0.0)

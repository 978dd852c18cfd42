"""The example lane is consistent: every CSV row has a file, tiers are in the order, golden rows are valid."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

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

"""What importing the domain package loads: a rule alone, never the pipeline behind the facade."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import citenexus
from citenexus import facade

ROOT = Path(__file__).resolve().parents[2]
# Packages a rule must not pull in: what the facade builds on, and the facade itself.
PIPELINE_SIDE = (
    "citenexus.facade",
    "citenexus.pipeline",
    "citenexus.judges",
    "citenexus.ingest",
    "citenexus.generators",
    "citenexus.embedders",
    "citenexus.adapters",
)


def modules_loaded_by(statement: str) -> set[str]:
    """The ``citenexus`` modules a fresh interpreter holds after running ``statement``."""
    code = (
        f"import json, sys\n{statement}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'citenexus')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,  # this tree's package, first on the path
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return set(json.loads(result.stdout))


def loaded_from(modules: set[str], package: str) -> set[str]:
    return {m for m in modules if m == package or m.startswith(package + ".")}


def test_importing_a_domain_model_does_not_load_the_pipeline() -> None:
    modules = modules_loaded_by("import citenexus.domain.model")
    assert "citenexus.domain.model" in modules
    assert {m: loaded_from(modules, m) for m in PIPELINE_SIDE} == {m: set() for m in PIPELINE_SIDE}


def test_importing_every_domain_rule_does_not_load_the_pipeline() -> None:
    rules = sorted(
        p.stem for p in (ROOT / "citenexus" / "domain").glob("*.py") if p.stem != "__init__"
    )
    modules = modules_loaded_by("\n".join(f"import citenexus.domain.{rule}" for rule in rules))
    assert {f"citenexus.domain.{rule}" for rule in rules} <= modules
    assert {m: loaded_from(modules, m) for m in PIPELINE_SIDE} == {m: set() for m in PIPELINE_SIDE}


def test_the_facade_loads_on_first_use_of_its_names() -> None:
    modules = modules_loaded_by("from citenexus import CiteNexus")
    assert "citenexus.facade" in modules
    assert "citenexus.pipeline.ask" in modules


@pytest.mark.parametrize("name", citenexus.__all__)
def test_the_package_re_exports_the_facade(name: str) -> None:
    assert getattr(citenexus, name) is getattr(facade, name)


def test_a_name_the_package_does_not_export_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'MemoryStore'"):
        citenexus.MemoryStore  # noqa: B018 (the access is the test)
    with pytest.raises(ImportError):
        from citenexus import settings  # type: ignore[attr-defined]  # noqa: F401

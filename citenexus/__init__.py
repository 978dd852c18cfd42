"""CiteNexus: answer from legal documents without citing the wrong law.

The library facade (``CiteNexus``, one lane in memory) lives in :mod:`citenexus.facade` and is
re-exported here on first use, so importing a rule (``citenexus.domain.model``) does not load the
pipeline, the judges or the ingest code.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from citenexus.facade import Answer, CiteNexus, PipelineSettings, settings_from_config

__all__ = ["Answer", "CiteNexus", "PipelineSettings", "settings_from_config"]


def __getattr__(name: str) -> Any:
    # PEP 562: the facade's names resolve on first access, then are plain module attributes.
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module("citenexus.facade"), name)
    globals()[name] = value
    return value

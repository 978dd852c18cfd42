"""The ask/verify pipeline, written against the ports in ``citenexus.ports``."""

from __future__ import annotations

from citenexus.pipeline.ask import DraftError, UnknownCitationKeys, ask, draft_from_segments, verify
from citenexus.pipeline.settings import PipelineSettings

__all__ = [
    "DraftError",
    "PipelineSettings",
    "UnknownCitationKeys",
    "ask",
    "draft_from_segments",
    "verify",
]

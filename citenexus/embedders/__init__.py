"""Embedders (``citenexus.ports.Embedder``): local MiniLM, OpenAI-compatible remote, hashing.

One embedder per deployment (docs/design.md#the-embedder); ``embedder_from_settings`` builds it
from a name and the settings' keyword arguments.
"""

from __future__ import annotations

from typing import Any

from citenexus.embedders.base import EmbeddingError, l2_normalise
from citenexus.embedders.hashing import HashingEmbedder
from citenexus.embedders.memo import MemoEmbedder
from citenexus.embedders.minilm import MiniLMEmbedder
from citenexus.embedders.openai_compat import OpenAIEmbedder
from citenexus.ports import Embedder

DEFAULT_EMBEDDER = "minilm"
EMBEDDER_NAMES = ("minilm", "openai", "hashing")
MESSAGE_UNKNOWN_EMBEDDER = "Unknown embedder {name!r}; choose one of: minilm, openai, hashing."


def embedder_from_settings(name: str = DEFAULT_EMBEDDER, **settings: Any) -> Embedder:
    """The embedder a deployment names: ``minilm`` (default), ``openai`` or ``hashing``.

    Rule: keyword settings go to the embedder's constructor unchanged; an unknown name fails.
    """
    key = (name or DEFAULT_EMBEDDER).strip().lower()
    if key in ("minilm", MiniLMEmbedder.name):
        return MiniLMEmbedder(**settings)
    if key == "openai":
        return OpenAIEmbedder(**settings)
    if key == "hashing":
        return HashingEmbedder(**settings)
    raise ValueError(MESSAGE_UNKNOWN_EMBEDDER.format(name=name))


__all__ = [
    "DEFAULT_EMBEDDER",
    "EMBEDDER_NAMES",
    "MESSAGE_UNKNOWN_EMBEDDER",
    "EmbeddingError",
    "HashingEmbedder",
    "MemoEmbedder",
    "MiniLMEmbedder",
    "OpenAIEmbedder",
    "embedder_from_settings",
    "l2_normalise",
]

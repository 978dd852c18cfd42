"""Draft generators: extractive (the offline default) and an OpenAI-compatible chat endpoint."""

from __future__ import annotations

from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.generators.openai_chat import OpenAIChatGenerator

__all__ = ["ExtractiveGenerator", "OpenAIChatGenerator"]

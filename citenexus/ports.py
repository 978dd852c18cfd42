"""The ports the pipeline is written against. Adapters live outside the domain package
(PostgreSQL in ``curation``/``answers``) or in memory, for the facade and tests
(``citenexus.adapters.memory``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from citenexus.domain.model import Correction, Draft, Judgment, ScoredUnit, Unit


class Retriever(Protocol):
    """Finds units of one lane. Filters by lane and membership only, never by tier."""

    def search_text(self, query: str, k: int) -> Sequence[ScoredUnit]:
        """Full-text hits, best first (capped at k)."""
        ...

    def search_vector(self, vector: Sequence[float], k: int) -> Sequence[ScoredUnit]:
        """Nearest units by cosine similarity, best first (score = similarity)."""
        ...

    def units_by_key(self, keys: Sequence[str]) -> Mapping[str, Unit]:
        """The current units the keys name; unknown keys are absent from the result."""
        ...

    def corrections_for(self, document_ids: Sequence[str]) -> Mapping[str, Sequence[Correction]]:
        """Active corrections per document id."""
        ...


class Embedder(Protocol):
    """One embedder per deployment (one dimension). Vectors are L2-normalised."""

    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class Generator(Protocol):
    """Writes a draft from the selected units. Raises ``GenerationError`` on failure."""

    name: str

    def generate(self, question: str, units: Sequence[Unit]) -> Draft: ...


class Judge(Protocol):
    """Decides whether a unit entails a claim; returns None to decline."""

    name: str

    def judge(self, claim: str, unit: Unit) -> Judgment | None: ...


class GenerationError(RuntimeError):
    """The generator failed, timed out or returned nothing usable."""


class JudgeError(RuntimeError):
    """A judge could not judge a pair: its endpoint is down, it timed out, or its reply could
    not be read. Unlike declining, this is a fault, and the answer says so (docs/design.md,
    ``judges_failed``)."""

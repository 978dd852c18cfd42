"""The library facade: one lane in memory, ingested, asked and verified without a framework.

::

    rag = CiteNexus.from_config(config)
    rag.ingest("corpus/01-ca-civ-1946_1.txt", document_id="ca-civ-1946-1",
               authority={"authority_tier": "controlling-statute", "jurisdiction": "CA"})
    answer = rag.ask("What notice ends a month-to-month tenancy?", mode="strict")
    answer.evidence.authority_floor_applied

Adapters (Django, the CLI) call ``citenexus.pipeline.ask``/``verify`` with their own ports; this
module builds the in-memory ones.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from citenexus.adapters.memory import Document, MemoryStore, Piece
from citenexus.domain.answer import SINGLE, Answer
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.model import Correction, Segment
from citenexus.embedders.hashing import HashingEmbedder
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.ingest import embedding_text, extract_text, segment
from citenexus.ingest.segment import DEFAULT_OVERLAP_CHARS, DEFAULT_TARGET_CHARS
from citenexus.judges import default_judges
from citenexus.pipeline import PipelineSettings
from citenexus.pipeline import ask as pipeline_ask
from citenexus.pipeline import verify as pipeline_verify
from citenexus.pipeline.lane_jurisdiction import of_lane
from citenexus.ports import Embedder, Generator, Judge, Retriever

__all__ = ["Answer", "CiteNexus", "PipelineSettings", "settings_from_config"]

MAX_FILE_BYTES = 20 * 1024 * 1024
_CONFIG_SETTINGS = ("retrieve_k", "rrf_k", "ground_threshold", "ground_k", "generate_k")


def settings_from_config(config: Any) -> PipelineSettings:
    """Pipeline settings from a ``CiteNexusConfig`` (its sizes and threshold), else defaults."""
    if config is None:
        return PipelineSettings()
    values = {name: getattr(config, name) for name in _CONFIG_SETTINGS if hasattr(config, name)}
    return PipelineSettings(**values)


def _pieces(text: str, target_chars: int, overlap_chars: int) -> list[Piece]:
    return [
        Piece(p.text, p.heading, p.scope, embedding_text(p))
        for p in segment(text, target_chars=target_chars, overlap_chars=overlap_chars)
    ]


def _read(path: Path) -> str:
    return extract_text(path.read_bytes(), path.name, max_bytes=MAX_FILE_BYTES).text


def _is_path(value: str | os.PathLike[str]) -> bool:
    if isinstance(value, os.PathLike):
        return True
    return "\n" not in value and len(value) < 1024 and Path(value).is_file()


class CiteNexus:
    """One lane in memory: ingest documents with authority metadata, ask, verify, correct."""

    def __init__(
        self,
        config: Any = None,
        *,
        embedder: Embedder | None = None,
        generator: Generator | None = None,
        judges: Sequence[Judge] | None = None,
        settings: PipelineSettings | None = None,
        jurisdiction: str = "",
        lane: str = "",
    ) -> None:
        self.config = config
        self.policy: AuthorityPolicy = (
            config.policy() if config is not None else AuthorityPolicy.unranked()
        )
        self.embedder: Embedder = embedder or HashingEmbedder()
        self.generator: Generator = (
            generator if generator is not None else ExtractiveGenerator(embedder=self.embedder)
        )
        self._judges = list(judges) if judges is not None else None
        self.settings = settings or settings_from_config(config)
        self.default_mode = TrustMode.parse(
            getattr(config, "default_mode", None) or TrustMode.STRICT
        )
        self.jurisdiction = jurisdiction or str(getattr(config, "jurisdiction", "") or "")
        self.lane = lane
        self.store = MemoryStore(self.embedder)

    @classmethod
    def from_config(cls, config: Any, **kwargs: Any) -> CiteNexus:
        """A facade whose authority policy is ``config.policy()`` (a ``CiteNexusConfig``)."""
        return cls(config, **kwargs)

    @property
    def retriever(self) -> Retriever:
        """The store as an ask reads it: a document naming no jurisdiction is of the lane's."""
        return of_lane(self.store, self.jurisdiction)

    @property
    def judges(self) -> list[Judge]:
        """The judges given, else the default ones over this lane's embedder (built on first use)."""
        if self._judges is None:
            self._judges = default_judges(embedder=self.embedder)
        return self._judges

    def ingest(
        self,
        path_or_text: str | os.PathLike[str],
        *,
        document_id: str,
        authority: Mapping[str, str] | None = None,
        source_type: str = "",
        title: str = "",
    ) -> Document:
        """Segment, embed and store a document; no authority means unranked, never an error."""
        text = _read(Path(path_or_text)) if _is_path(path_or_text) else str(path_or_text)
        target = int(getattr(self.config, "unit_chars", DEFAULT_TARGET_CHARS))
        overlap = int(getattr(self.config, "unit_overlap", DEFAULT_OVERLAP_CHARS))
        return self.store.add_document(
            document_id,
            _pieces(text, target, overlap),
            authority=authority,
            source_type=source_type,
            title=title,
        )

    def correct(
        self, document_id: str, text: str, *, authority: str = "human_correction", author: str = ""
    ) -> Correction:
        return self.store.add_correction(document_id, text, authority=authority, author=author)

    def ask(
        self, question: str, mode: TrustMode | str | None = None, strategy: str = SINGLE
    ) -> Answer:
        return pipeline_ask(
            question,
            retriever=self.retriever,
            embedder=self.embedder,
            generator=self.generator,
            judges=self.judges,
            policy=self.policy,
            mode=mode or self.default_mode,
            strategy=strategy,
            settings=self.settings,
            lane_jurisdiction=self.jurisdiction,
            lane=self.lane,
        )

    def verify(
        self,
        question: str,
        segments: Sequence[Segment | Mapping[str, Any]],
        mode: TrustMode | str | None = None,
    ) -> Answer:
        return pipeline_verify(
            question,
            segments,
            retriever=self.retriever,
            embedder=self.embedder,
            judges=self.judges,
            policy=self.policy,
            mode=mode or self.default_mode,
            settings=self.settings,
            lane_jurisdiction=self.jurisdiction,
            lane=self.lane,
        )

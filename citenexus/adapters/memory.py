"""An in-memory lane: the Retriever port over a dict, for the library facade and for tests.

Full-text search scores units with BM25 over stemmed content words (text and heading); vector
search ranks by cosine against embeddings computed at ingest. Re-ingesting changed content makes
a new version and retires the old units (kept, never searched); identical content only updates
metadata. Corrections are kept per document and returned beside it.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from citenexus.domain.model import Correction, ScoredUnit, Unit
from citenexus.pipeline.retrieval import cosine
from citenexus.ports import Embedder
from citenexus.text.tokens import content_words

BM25_K1 = 1.2
BM25_B = 0.75
ERR_UNKNOWN_DOCUMENT = "no document {document_id!r} in this store"
ERR_EMPTY_DOCUMENT = "document {document_id!r} has no text"


@dataclass(frozen=True)
class Piece:
    """What the store needs of a segmented piece (``citenexus.ingest`` yields a richer one)."""

    text: str
    heading: str = ""
    scope: str = ""
    index_text: str = ""  # what to embed and index (title, heading, scope, text); text if empty

    @property
    def indexed(self) -> str:
        return self.index_text or f"{self.text} {self.heading}"


@dataclass
class Document:
    document_id: str
    version: int
    content_hash: str
    authority_meta: dict[str, str]
    source_type: str = ""
    title: str = ""
    keys: list[str] = field(default_factory=list)


def content_hash(pieces: Sequence[Piece]) -> str:
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(piece.text.encode("utf-8") + b"\x00")
    return digest.hexdigest()


class MemoryStore:
    """One lane's documents, units and corrections, in memory."""

    def __init__(self, embedder: Embedder | None = None) -> None:
        self.embedder = embedder
        self.documents: dict[str, Document] = {}
        self.units: dict[str, Unit] = {}
        self.retired: list[Unit] = []
        self.corrections: dict[str, list[Correction]] = {}
        self._ids = itertools.count(1)
        self._terms: dict[str, Counter[str]] = {}

    def add_document(
        self,
        document_id: str,
        pieces: Sequence[Piece],
        *,
        authority: Mapping[str, str] | None = None,
        source_type: str = "",
        title: str = "",
    ) -> Document:
        """Store a document's units; a changed text is a new version, the same text a metadata update."""
        pieces = [p for p in pieces if p.text.strip()]
        if not pieces:
            raise ValueError(ERR_EMPTY_DOCUMENT.format(document_id=document_id))
        meta = {str(k): str(v) for k, v in (authority or {}).items()}
        digest = content_hash(pieces)
        previous = self.documents.get(document_id)
        if previous is not None and previous.content_hash == digest:
            previous.authority_meta, previous.source_type = (
                meta,
                source_type or previous.source_type,
            )
            previous.title = title or previous.title
            for key in previous.keys:
                self.units[key] = replace(self.units[key], authority_meta=dict(meta))
            return previous
        version = previous.version + 1 if previous else 1
        if previous is not None:
            for key in previous.keys:
                self.retired.append(self.units.pop(key))
                self._terms.pop(key, None)
        vectors = (
            self.embedder.embed([p.indexed for p in pieces]) if self.embedder is not None else []
        )
        document = Document(document_id, version, digest, meta, source_type, title)
        for ordinal, piece in enumerate(pieces):
            unit = Unit(
                document_id=document_id,
                ordinal=ordinal,
                text=piece.text,
                heading=piece.heading,
                scope=piece.scope,
                authority_meta=dict(meta),
                source_type=source_type,
                title=title,
                version=version,
                embedding=tuple(vectors[ordinal]) if vectors else None,
            )
            self.units[unit.key] = unit
            self._terms[unit.key] = Counter(content_words(piece.indexed))
            document.keys.append(unit.key)
        self.documents[document_id] = document
        return document

    def search_text(self, query: str, k: int) -> list[ScoredUnit]:
        """BM25 over stemmed content words; units matching no query word are not returned."""
        words = set(content_words(query))
        if not words or not self._terms:
            return []
        n = len(self._terms)
        average = sum(sum(t.values()) for t in self._terms.values()) / n
        frequency = {w: sum(1 for t in self._terms.values() if w in t) for w in words}
        hits: list[ScoredUnit] = []
        for key, terms in self._terms.items():
            length = sum(terms.values())
            score = 0.0
            for word in words:
                tf = terms.get(word, 0)
                if not tf:
                    continue
                idf = math.log(1 + (n - frequency[word] + 0.5) / (frequency[word] + 0.5))
                score += (
                    idf
                    * tf
                    * (BM25_K1 + 1)
                    / (tf + BM25_K1 * (1 - BM25_B + BM25_B * length / average))
                )
            if score > 0:
                hits.append(ScoredUnit(self.units[key], score))
        hits.sort(key=lambda h: -h.score)
        return hits[:k]

    def search_vector(self, vector: Sequence[float], k: int) -> list[ScoredUnit]:
        """Units by cosine similarity to ``vector``, best first."""
        hits = [
            ScoredUnit(unit, cosine(vector, unit.embedding))
            for unit in self.units.values()
            if unit.embedding is not None
        ]
        hits.sort(key=lambda h: -h.score)
        return hits[:k]

    def units_by_key(self, keys: Sequence[str]) -> dict[str, Unit]:
        return {key: self.units[key] for key in keys if key in self.units}

    def corrections_for(self, document_ids: Sequence[str]) -> dict[str, list[Correction]]:
        return {
            d: [c for c in self.corrections.get(d, []) if c.active]
            for d in document_ids
            if any(c.active for c in self.corrections.get(d, []))
        }

    def add_correction(
        self, document_id: str, text: str, *, authority: str = "human_correction", author: str = ""
    ) -> Correction:
        """Attach a correction to a document (default authority ``human_correction``)."""
        if document_id not in self.documents:
            raise KeyError(ERR_UNKNOWN_DOCUMENT.format(document_id=document_id))
        correction = Correction(next(self._ids), document_id, text, authority, author)
        self.corrections.setdefault(document_id, []).append(correction)
        return correction

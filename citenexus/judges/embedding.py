"""The embedding judge: the claim means what the unit (or some span of it) means.

By default (unit mode) the claim's embedding is compared with the unit's embedding stored at
ingest, so judging costs one embedding per claim. With ``embedding_spans``:

The unit is cut into spans (runs of clauses within a sentence, pairs of neighbouring sentences,
and the whole unit); the claim's cosine similarity with the best span decides: at or
above ``embedding_min_similarity`` entails, below it neutral. It never contradicts: similar
vectors cannot tell "may" from "may not". When the unit carries its stored embedding and the
claim is far from it (below ``embedding_coarse_min_similarity``), the spans are not embedded.

One unit is judged against many claims and one claim against many units, so span embeddings are
kept per unit text and claim embeddings per claim, in bounded LRU caches.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Generic, TypeVar

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.domain.similarity import cosine
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import NEGATOR, tokenize
from citenexus.ports import Embedder
from citenexus.text.sentences import sentence_spans

NAME = "embedding"
_CLAUSE_END = re.compile(r"[,;:]\s+")
_MIN_CLAUSE_WORDS = 3

K = TypeVar("K")
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """A small thread-safe least-recently-used cache."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


Spans = tuple[tuple[tuple[int, int], ...], tuple[tuple[float, ...], ...]]


class EmbeddingJudge:
    """Cosine similarity of the claim with the unit's best span (module docstring)."""

    name = NAME

    def __init__(self, embedder: Embedder, thresholds: JudgeThresholds | None = None) -> None:
        self.embedder = embedder
        self.thresholds = thresholds or JudgeThresholds()
        self._spans: LruCache[str, Spans] = LruCache(self.thresholds.embedding_cache_size)
        self._claims: LruCache[str, tuple[float, ...]] = LruCache(
            self.thresholds.embedding_cache_size
        )

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        if not claim.strip() or not unit.text.strip() or negated(claim):
            return None
        claim_vector = self._claim_vector(claim)
        if claim_vector is None:
            return None
        coarse = unit.embedding
        if not self.thresholds.embedding_spans:
            return self._judge_unit(claim_vector, unit)
        if coarse is not None and len(coarse) == len(claim_vector):
            similarity = cosine(claim_vector, coarse)
            if similarity < self.thresholds.embedding_coarse_min_similarity:
                return Judgment(unit.key, NAME, Verdict.NEUTRAL, max(0.0, similarity))
        spans, vectors = self.spans_of(unit.text)
        scored = [
            (cosine(claim_vector, v), span)
            for span, v in zip(spans, vectors, strict=True)
            if len(v) == len(claim_vector)
        ]
        if not scored:
            return None
        best, span = max(scored, key=lambda item: item[0])
        score = min(1.0, max(0.0, best))
        verdict = (
            Verdict.ENTAILS
            if score >= self.thresholds.embedding_min_similarity
            else Verdict.NEUTRAL
        )
        return Judgment(unit.key, NAME, verdict, score, span)

    def _judge_unit(self, claim_vector: tuple[float, ...], unit: Unit) -> Judgment | None:
        """Unit mode: the claim against the unit's embedding stored at ingest; declines without one."""
        stored = unit.embedding
        if stored is None or len(stored) != len(claim_vector):
            return None
        score = min(1.0, max(0.0, cosine(claim_vector, stored)))
        verdict = (
            Verdict.ENTAILS
            if score >= self.thresholds.embedding_unit_min_similarity
            else Verdict.NEUTRAL
        )
        return Judgment(unit.key, NAME, verdict, score)

    def spans_of(self, text: str) -> Spans:
        """The unit's spans and their embeddings (cached per text)."""
        cached = self._spans.get(text)
        if cached is not None:
            return cached
        spans = candidate_spans(text)
        vectors = self.embedder.embed([text[s:e] for s, e in spans]) if spans else []
        result: Spans = (tuple(spans), tuple(tuple(v) for v in vectors))
        self._spans.put(text, result)
        return result

    def _claim_vector(self, claim: str) -> tuple[float, ...] | None:
        cached = self._claims.get(claim)
        if cached is not None:
            return cached
        vectors = self.embedder.embed([claim])
        if not vectors or not vectors[0]:
            return None
        vector = tuple(vectors[0])
        self._claims.put(claim, vector)
        return vector


def negated(claim: str) -> bool:
    """Whether the claim carries a negation ("may not", "no", "without", "prohibited").

    Similar vectors cannot tell "may" from "may not", so the embedding judge does not judge such
    a claim: its polarity is the negation judge's to confirm. Were it to say entails, a negated
    claim that the other judges cannot read (a paraphrase) would be supported by every unit about
    its matter, whatever that unit says of the negation.
    """
    return any(t.kind == NEGATOR or t.negates for t in tokenize(claim))


def candidate_spans(text: str) -> list[tuple[int, int]]:
    """Every run of consecutive clauses of a sentence, each pair of neighbouring sentences, and
    the whole text when it has more than two sentences.

    Clauses (split at commas, semicolons and colons) matter because a claim that quotes one
    clause of a long sentence is far, in embedding space, from the whole sentence.
    """
    sentences = list(sentence_spans(text))
    spans: list[tuple[int, int]] = []
    for start, end in sentences:
        clauses = _clauses(text, start, end)
        for i in range(len(clauses)):
            for j in range(i, len(clauses)):
                spans.append((clauses[i][0], clauses[j][1]))
    spans += [(a[0], b[1]) for a, b in zip(sentences, sentences[1:], strict=False)]
    if len(sentences) > 2:
        spans.append((sentences[0][0], sentences[-1][1]))
    return list(dict.fromkeys(spans))


def _clauses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    clauses: list[tuple[int, int]] = []
    begin = start
    for match in _CLAUSE_END.finditer(text, start, end):
        if len(text[begin : match.start()].split()) >= _MIN_CLAUSE_WORDS:
            clauses.append((begin, match.start()))
            begin = match.end()
    if clauses and len(text[begin:end].split()) < _MIN_CLAUSE_WORDS:
        clauses[-1] = (clauses[-1][0], end)
    else:
        clauses.append((begin, end))
    return [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in clauses]

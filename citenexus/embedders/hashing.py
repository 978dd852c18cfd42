"""A deterministic embedder with no model: hashed word unigrams and bigrams.

For tests, and as an explicit ``hashing`` option where no model may run. Texts that share words
get close vectors; it knows nothing of meaning. The hash is BLAKE2b, so vectors are the same in
every process and on every machine (Python's ``hash`` is salted per process).
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from functools import lru_cache

_WORD = re.compile(r"\w+")
_EMPTY_FEATURE = "\x00empty"  # every text gets a direction, so every vector has length 1


@lru_cache(maxsize=200_000)
def _bucket(feature: str, dimension: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % dimension, (1.0 if value >> 63 else -1.0)


class HashingEmbedder:
    """Hashed bag of words and word pairs, sub-linear counts, L2-normalised."""

    def __init__(self, dimension: int = 384) -> None:
        if dimension < 8:
            raise ValueError("dimension must be at least 8")
        self.dimension = dimension
        self.name = f"hashing-{dimension}"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._embed_one(text) for text in texts]

    def _embed_one(self, text: str) -> list[float]:
        words = _WORD.findall(text.casefold())
        features = words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
        counts: dict[str, int] = {}
        for feature in features or [_EMPTY_FEATURE]:
            counts[feature] = counts.get(feature, 0) + 1
        vector = [0.0] * self.dimension
        for feature, count in counts.items():
            index, sign = _bucket(feature, self.dimension)
            vector[index] += sign * (1.0 + math.log(count))
        norm = math.sqrt(math.fsum(x * x for x in vector))
        if norm == 0.0:  # features cancelled out exactly; fall back to the empty direction
            index, sign = _bucket(_EMPTY_FEATURE, self.dimension)
            vector[index] = sign
            return vector
        return [x / norm for x in vector]

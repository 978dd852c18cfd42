"""The cosine of two embedding vectors: the one measure of nearness in meaning that retrieval, the
embedding judge, the removed-answer check and the generator's tie-break share."""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import mul


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity (0 when either vector is zero).

    ``map(mul, ...)`` and ``math.hypot`` run in C: about four times faster than generator
    expressions on 384 dimensions, and the judges compare every claim with every candidate.
    """
    if len(a) != len(b):
        raise ValueError("vectors of different dimensions")
    norm = math.hypot(*a) * math.hypot(*b)
    return sum(map(mul, a, b)) / norm if norm else 0.0

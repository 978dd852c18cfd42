"""What every embedder shares: its error type and L2 normalisation."""

from __future__ import annotations

import math
from collections.abc import Sequence


class EmbeddingError(RuntimeError):
    """An embedder could not produce vectors; the message says why in plain words."""


def l2_normalise(vector: Sequence[float]) -> list[float]:
    """The vector scaled to length 1 (a zero vector is returned unchanged)."""
    norm = math.sqrt(math.fsum(x * x for x in vector))
    if norm == 0.0:
        return [float(x) for x in vector]
    return [float(x) / norm for x in vector]

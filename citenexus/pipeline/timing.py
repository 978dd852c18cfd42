"""Per-stage wall-clock timings, accumulated across sub-queries."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

# The stages of an ask in the order they run (docs/design.md#the-pipeline); a verify skips the
# first five.
STAGE_ORDER = (
    "retrieve",
    "fuse",
    "rerank",
    "ground",
    "select",
    "generate",
    "responsive",
    "judge",
    "signals",
    "compose",
)


def in_stage_order(ms: Mapping[str, float]) -> list[tuple[str, float]]:
    """Stage timings in pipeline order; a stage this list does not know comes last, by name.

    Stored answers come back from PostgreSQL's ``jsonb``, which does not keep key order.
    """
    rank = {name: i for i, name in enumerate(STAGE_ORDER)}
    return sorted(ms.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0]))


class Timings:
    def __init__(self) -> None:
        self.ms: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.ms[name] = self.ms.get(name, 0.0) + (time.perf_counter() - start) * 1000.0

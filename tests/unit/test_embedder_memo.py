"""The ask embedder remembers what it embedded last, and that changes no vector."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from citenexus.embedders import HashingEmbedder
from citenexus.embedders.memo import MemoEmbedder


class Counting:
    """A hashing embedder that records every text it is asked to embed."""

    def __init__(self) -> None:
        self.inner = HashingEmbedder(dimension=32)
        self.name, self.dimension = self.inner.name, self.inner.dimension
        self.asked: list[str] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.asked.extend(texts)
        return self.inner.embed(texts)


def test_a_remembered_text_gives_the_same_vector_without_asking_again() -> None:
    inner = Counting()
    memo = MemoEmbedder(inner)
    first = memo.embed(["notice", "deposit"])
    again = memo.embed(["deposit", "notice", "deposit", "rent"])
    assert again == [first[1], first[0], first[1], inner.inner.embed(["rent"])[0]]
    assert first == inner.inner.embed(["notice", "deposit"])
    assert inner.asked == ["notice", "deposit", "rent"]
    assert (memo.name, memo.dimension) == (inner.name, 32)
    assert memo.embed([]) == []


def test_it_forgets_the_least_recently_used_text_first() -> None:
    inner = Counting()
    memo = MemoEmbedder(inner, size=2)
    memo.embed(["a"])
    memo.embed(["b"])
    memo.embed(["a"])  # a is now the most recent
    memo.embed(["c"])  # so b is forgotten
    inner.asked.clear()
    memo.embed(["a", "b", "c"])
    assert inner.asked == ["b"] and len(memo) == 2


def test_a_large_batch_passes_through_without_pushing_out_what_asks_reuse() -> None:
    inner = Counting()
    memo = MemoEmbedder(inner, size=4, largest_batch=2)
    memo.embed(["question"])
    units = [f"unit {i}" for i in range(10)]
    assert memo.embed(units) == inner.inner.embed(units)
    inner.asked.clear()
    memo.embed(["question"])
    assert inner.asked == [] and len(memo) == 1


def test_sizes_must_be_positive() -> None:
    with pytest.raises(ValueError):
        MemoEmbedder(Counting(), size=0)

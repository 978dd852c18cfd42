"""An embedder that remembers the vectors of the texts it embedded last.

Asking a question embeds the question, the sentences the removed-answer check compares and the
draft's claims; asking it again (in another trust mode, as an evaluation run does four times,
or a what-if twice) embeds the same texts again. An embedder is a pure function of its text, so
remembering its last answers changes no result and spares the model: most of an ask's time.
Large batches (ingest: a document's units) pass straight through, so they never push out what
asks reuse.
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Sequence

from citenexus.ports import Embedder

DEFAULT_MEMO_SIZE = 2048
# A batch larger than this is a document's units, not an ask's texts: not remembered.
DEFAULT_LARGEST_REMEMBERED_BATCH = 64


class MemoEmbedder:
    """``inner`` with a least-recently-used memory of ``size`` texts; its name and dimension."""

    def __init__(
        self,
        inner: Embedder,
        *,
        size: int = DEFAULT_MEMO_SIZE,
        largest_batch: int = DEFAULT_LARGEST_REMEMBERED_BATCH,
    ) -> None:
        if size < 1 or largest_batch < 1:
            raise ValueError("size and largest_batch must be positive")
        self.inner = inner
        self.name = inner.name
        self.dimension = inner.dimension
        self.size = size
        self.largest_batch = largest_batch
        # Vectors kept as doubles: exactly the floats the inner embedder gave, in a third of
        # the memory of a list of Python floats.
        self._memo: OrderedDict[str, array[float]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._memo)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order; only texts not remembered reach the inner embedder."""
        if len(texts) > self.largest_batch:
            return self.inner.embed(texts)
        found: dict[str, array[float]] = {}
        with self._lock:
            for text in texts:
                vector = self._memo.get(text)
                if vector is not None:
                    self._memo.move_to_end(text)
                    found[text] = vector
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            vectors = self.inner.embed(missing)
            with self._lock:
                for text, values in zip(missing, vectors, strict=True):
                    found[text] = self._memo[text] = array("d", values)
                    self._memo.move_to_end(text)
                while len(self._memo) > self.size:
                    self._memo.popitem(last=False)
        return [found[text].tolist() for text in texts]

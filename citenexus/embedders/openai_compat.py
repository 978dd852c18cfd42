"""Embeddings from any server that speaks the OpenAI ``/v1/embeddings`` protocol.

Texts go in batches; the answer's vectors are put back in input order by their ``index``,
checked against the configured dimension, and L2-normalised. Every failure is an
``EmbeddingError`` whose message (a constant below, filled in) says what went wrong.
"""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from citenexus.embedders.base import EmbeddingError, l2_normalise

MESSAGE_UNREACHABLE = "The embedding service at {url} could not be reached ({reason})."
MESSAGE_TIMEOUT = "The embedding service at {url} did not answer within {timeout:g} seconds."
MESSAGE_HTTP = "The embedding service answered HTTP {status}: {detail}"
MESSAGE_BAD_RESPONSE = "The embedding service sent something that is not an embeddings answer."
MESSAGE_WRONG_COUNT = "The embedding service returned {got} vectors for {sent} texts."
MESSAGE_WRONG_DIMENSION = (
    "The embedding service returned vectors of dimension {got}; this deployment uses {expected}."
)


def embeddings_url(base_url: str) -> str:
    """``{base_url}/v1/embeddings``, or ``{base_url}/embeddings`` when it already ends in /v1."""
    base = base_url.rstrip("/")
    return f"{base}/embeddings" if base.endswith("/v1") else f"{base}/v1/embeddings"


class OpenAIEmbedder:
    """A remote embedder; one POST per batch of ``batch_size`` texts."""

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        dimension: int,
        api_key: str = "",
        timeout: float = 30.0,
        batch_size: int = 64,
    ) -> None:
        if dimension < 1 or batch_size < 1 or timeout <= 0:
            raise ValueError("dimension, batch_size and timeout must be positive")
        self.url = embeddings_url(base_url)
        self.model = model
        self.dimension = dimension
        self.name = f"openai:{model}"
        self.timeout = timeout
        self.batch_size = batch_size
        self._api_key = api_key

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for first in range(0, len(texts), self.batch_size):
            vectors.extend(self._embed_batch(list(texts[first : first + self.batch_size])))
        return vectors

    def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        # The reference API refuses empty strings; a space embeds as "nothing" just as well.
        payload = {"model": self.model, "input": [t if t else " " for t in texts]}
        answer = self._post(payload)
        items = answer.get("data") if isinstance(answer, dict) else None
        if not isinstance(items, list):
            raise EmbeddingError(MESSAGE_BAD_RESPONSE)
        if len(items) != len(texts):
            raise EmbeddingError(MESSAGE_WRONG_COUNT.format(got=len(items), sent=len(texts)))
        try:
            ordered = sorted(items, key=lambda item: int(item.get("index", 0)))
            vectors = [[float(x) for x in item["embedding"]] for item in ordered]
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise EmbeddingError(MESSAGE_BAD_RESPONSE) from error
        for vector in vectors:
            if len(vector) != self.dimension:
                raise EmbeddingError(
                    MESSAGE_WRONG_DIMENSION.format(got=len(vector), expected=self.dimension)
                )
        return [l2_normalise(v) for v in vectors]

    def _post(self, payload: dict[str, Any]) -> Any:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(
            self.url, data=json.dumps(payload).encode("utf-8"), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                body = response.read()
        except urllib.error.HTTPError as error:
            detail = _error_detail(error.read())
            raise EmbeddingError(MESSAGE_HTTP.format(status=error.code, detail=detail)) from error
        except TimeoutError as error:
            raise EmbeddingError(
                MESSAGE_TIMEOUT.format(url=self.url, timeout=self.timeout)
            ) from error
        except urllib.error.URLError as error:
            if isinstance(error.reason, (TimeoutError, socket.timeout)):
                message = MESSAGE_TIMEOUT.format(url=self.url, timeout=self.timeout)
            else:
                message = MESSAGE_UNREACHABLE.format(url=self.url, reason=error.reason)
            raise EmbeddingError(message) from error
        try:
            return json.loads(body)
        except ValueError as error:
            raise EmbeddingError(MESSAGE_BAD_RESPONSE) from error


def _error_detail(body: bytes) -> str:
    """The server's own error message when it sent one (OpenAI shape), else the start of the body."""
    text = body.decode("utf-8", "replace")
    try:
        error = json.loads(text).get("error")
        message = error.get("message") if isinstance(error, dict) else error
        if isinstance(message, str) and message:
            return message
    except (ValueError, AttributeError):
        pass
    return text.strip()[:200] or "no details"

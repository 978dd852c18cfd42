"""Serve a local sentence-transformers model over the OpenAI ``/v1/embeddings`` protocol.

The product takes any embedder that speaks that protocol (``CITENEXUS_EMBEDDER=openai``,
docs/design.md#the-embedder). This script puts a model that cannot run inside the product's own
environment behind it, so the product can be measured with it unchanged: a larger bi-encoder
that needs PyTorch, for instance (docs/evaluation.md, "A larger embedder"). It is a measuring
tool, not a production server: one process, one request at a time, no authentication, loopback
only by default.

The model is a folder in the sentence-transformers layout (``config.json``, ``tokenizer.json``,
``model.safetensors``); vectors are what sentence-transformers computes for such a model: mean
pooling over the attention mask, then L2 normalisation. Loading needs ``torch`` and
``transformers``, which the product does not install; run the script from an environment that
has them:

    python -m venv /tmp/embedvenv
    /tmp/embedvenv/bin/pip install /opt/wheels/torch-2.13.0+cpu-*.whl transformers   # CPU build
    /tmp/embedvenv/bin/python scripts/embedding_server.py --model DIR --port 8765

then point the product at it (768 dimensions for an mpnet-base model):

    CITENEXUS_EMBEDDER=openai CITENEXUS_EMBED_BASE_URL=http://127.0.0.1:8765/v1 \\
    CITENEXUS_EMBED_MODEL=all-mpnet-base-v2 CITENEXUS_EMBED_DIMENSION=768 \\
    CITENEXUS_DB_NAME=mpnet .venv/bin/python scripts/choose_thresholds.py ...

The protocol half (``EmbeddingHandler``) takes any function from texts to vectors, so it is
tested without a model (tests/unit/test_embedding_server.py).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

Encode = Callable[[Sequence[str]], list[list[float]]]

MAX_BODY_BYTES = 8 * 1024 * 1024
MAX_TEXTS = 2048
PATHS = ("/v1/embeddings", "/embeddings")


def error_body(message: str) -> bytes:
    """An error in the OpenAI shape, which the product's embedder reads back to the user."""
    return json.dumps({"error": {"message": message}}).encode("utf-8")


def read_texts(payload: Any) -> list[str]:
    """The request's ``input`` as a list of strings; ``ValueError`` saying what is wrong."""
    if not isinstance(payload, dict):
        raise ValueError("the body must be a JSON object")
    texts = payload.get("input")
    if isinstance(texts, str):
        texts = [texts]
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ValueError("input must be a string or a list of strings")
    if not texts:
        raise ValueError("input is empty")
    if len(texts) > MAX_TEXTS:
        raise ValueError(f"at most {MAX_TEXTS} texts per request")
    return texts


def embeddings_answer(model: str, vectors: Sequence[Sequence[float]]) -> dict[str, Any]:
    return {
        "object": "list",
        "model": model,
        "data": [
            {"object": "embedding", "index": i, "embedding": list(v)} for i, v in enumerate(vectors)
        ],
    }


class EmbeddingHandler(BaseHTTPRequestHandler):
    """POST /v1/embeddings (or /embeddings) with ``{"model": ..., "input": [...]}``."""

    encode: Encode
    model_name: str = "local"

    def do_POST(self) -> None:  # noqa: N802 (the http.server name)
        if self.path.rstrip("/") not in PATHS:
            self._send(HTTPStatus.NOT_FOUND, error_body(f"no such path: {self.path}"))
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 < length <= MAX_BODY_BYTES:
            self._send(HTTPStatus.BAD_REQUEST, error_body("a JSON body of at most 8 MiB is needed"))
            return
        try:
            texts = read_texts(json.loads(self.rfile.read(length)))
        except ValueError as error:  # json.JSONDecodeError is a ValueError
            self._send(HTTPStatus.BAD_REQUEST, error_body(str(error)))
            return
        vectors = type(self).encode(texts)
        body = json.dumps(embeddings_answer(self.model_name, vectors)).encode("utf-8")
        self._send(HTTPStatus.OK, body)

    def _send(self, status: HTTPStatus, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base's name)
        return  # quiet: a measuring run makes thousands of requests


def server(encode: Encode, model_name: str, host: str = "127.0.0.1", port: int = 0) -> HTTPServer:
    """A server (not yet serving) that answers with ``encode``; port 0 picks a free one."""
    handler = type(
        "BoundEmbeddingHandler",
        (EmbeddingHandler,),
        {"encode": staticmethod(encode), "model_name": model_name},
    )
    return HTTPServer((host, port), handler)


def sentence_transformers_encoder(folder: Path, threads: int, max_tokens: int) -> Encode:
    """Mean-pooled, L2-normalised vectors of the model in ``folder`` (torch, transformers)."""
    import torch
    from transformers import AutoModel, AutoTokenizer

    torch.set_num_threads(threads)
    tokenizer = AutoTokenizer.from_pretrained(str(folder))
    model = AutoModel.from_pretrained(str(folder)).eval()

    def encode(texts: Sequence[str]) -> list[list[float]]:
        out: list[list[float]] = [[] for _ in texts]
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        with torch.inference_mode():
            for first in range(0, len(order), 32):
                batch = order[first : first + 32]
                feeds = tokenizer(
                    [texts[i] for i in batch],
                    padding=True,
                    truncation=True,
                    max_length=max_tokens,
                    return_tensors="pt",
                )
                hidden = model(**feeds).last_hidden_state
                mask = feeds["attention_mask"].unsqueeze(-1).float()
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                pooled = torch.nn.functional.normalize(pooled, dim=1)
                for row, i in enumerate(batch):
                    out[i] = pooled[row].tolist()
        return out

    return encode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True, help="sentence-transformers folder")
    parser.add_argument("--name", help="the model name to answer with (default: the folder's)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--max-tokens", type=int, default=384)
    args = parser.parse_args()
    if not (args.model / "config.json").is_file():
        parser.error(f"{args.model} has no config.json: not a model folder")
    encode = sentence_transformers_encoder(args.model, args.threads, args.max_tokens)
    httpd = server(encode, args.name or args.model.name, args.host, args.port)
    print(f"serving {args.model} on http://{args.host}:{httpd.server_port}/v1", file=sys.stderr)
    with contextlib.suppress(KeyboardInterrupt):
        httpd.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

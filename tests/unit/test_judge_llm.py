"""The optional LLM judge against a real HTTP server on 127.0.0.1 playing the model."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import JudgeThresholds, LlmJudge
from citenexus.judges.llm import ERR_TIMEOUT, ERR_UNREACHABLE, ERR_UNREADABLE, parse_reply
from citenexus.ports import JudgeError

UNIT = Unit(
    document_id="ca-civ",
    ordinal=4,
    text="The landlord shall return the security deposit within 21 days.",
)
CLAIM = "The landlord must return the deposit within 21 days."


class FakeModel:
    """What the fake endpoint answers next, and what it was asked."""

    def __init__(self) -> None:
        self.status = 200
        self.body: Any = None
        self.delay = 0.0
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []

    def reply_with(self, content: str) -> None:
        self.body = {"choices": [{"message": {"role": "assistant", "content": content}}]}


@pytest.fixture
def model() -> Iterator[tuple[FakeModel, str]]:
    fake = FakeModel()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            length = int(self.headers.get("Content-Length", "0"))
            fake.requests.append({"path": self.path, **json.loads(self.rfile.read(length))})
            fake.headers.append(dict(self.headers))
            time.sleep(fake.delay)
            payload = fake.body if isinstance(fake.body, bytes) else json.dumps(fake.body).encode()
            try:
                self.send_response(fake.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the judge gave up waiting

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield fake, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def llm(base_url: str, timeout: float = 5.0) -> LlmJudge:
    return LlmJudge(
        base_url, "test-model", api_key="sk-test", thresholds=JudgeThresholds(llm_timeout_s=timeout)
    )


def test_a_well_formed_reply_becomes_a_judgment(model: tuple[FakeModel, str]) -> None:
    fake, url = model
    fake.reply_with('{"verdict": "entails", "score": 0.92}')
    judgment = llm(url).judge(CLAIM, UNIT)
    assert judgment is not None
    assert (judgment.key, judgment.judge, judgment.verdict, judgment.score) == (
        "ca-civ#4",
        "llm",
        Verdict.ENTAILS,
        0.92,
    )


def test_it_posts_an_openai_chat_request_with_the_claim_and_passage(
    model: tuple[FakeModel, str],
) -> None:
    fake, url = model
    fake.reply_with('{"verdict": "neutral", "score": 0.4}')
    llm(url).judge(CLAIM, UNIT)
    (request,) = fake.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["model"] == "test-model"
    prompt = request["messages"][-1]["content"]
    assert CLAIM in prompt and UNIT.text in prompt
    assert fake.headers[0]["Authorization"] == "Bearer sk-test"


def test_a_fenced_json_reply_is_accepted(model: tuple[FakeModel, str]) -> None:
    fake, url = model
    fake.reply_with('```json\n{"verdict": "contradicts", "score": 1}\n```')
    judgment = llm(url).judge(CLAIM, UNIT)
    assert judgment is not None and judgment.verdict is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    "content",
    [
        "Yes, the passage supports the claim.",
        '{"verdict": "supports", "score": 0.9}',
        '{"verdict": "entails", "score": 1.7}',
        '{"verdict": "entails", "score": "high"}',
        '{"verdict": "entails"}',
        '["entails", 0.9]',
        "",
    ],
)
def test_a_malformed_reply_is_a_failure_not_a_decline(
    model: tuple[FakeModel, str], content: str
) -> None:
    fake, url = model
    fake.reply_with(content)
    with pytest.raises(JudgeError, match=ERR_UNREADABLE):
        llm(url).judge(CLAIM, UNIT)


@pytest.mark.parametrize(
    "body", [b"not json at all", b'{"choices": []}', b'{"error": "overloaded"}']
)
def test_a_broken_response_body_is_a_failure(model: tuple[FakeModel, str], body: bytes) -> None:
    fake, url = model
    fake.body = body
    with pytest.raises(JudgeError, match=ERR_UNREADABLE):
        llm(url).judge(CLAIM, UNIT)


def test_an_http_error_is_a_failure(model: tuple[FakeModel, str]) -> None:
    fake, url = model
    fake.status = 500
    fake.reply_with('{"verdict": "entails", "score": 0.9}')
    with pytest.raises(JudgeError, match=ERR_UNREACHABLE):
        llm(url).judge(CLAIM, UNIT)


def test_a_model_slower_than_the_timeout_is_a_failure(
    model: tuple[FakeModel, str],
) -> None:
    fake, url = model
    fake.delay = 1.0
    fake.reply_with('{"verdict": "entails", "score": 0.9}')
    started = time.perf_counter()
    with pytest.raises(JudgeError, match=ERR_TIMEOUT):
        llm(url, timeout=0.2).judge(CLAIM, UNIT)
    assert time.perf_counter() - started < 0.9


def test_an_unreachable_endpoint_is_a_failure() -> None:
    with pytest.raises(JudgeError, match=ERR_UNREACHABLE):
        llm("http://127.0.0.1:9/v1", timeout=0.5).judge(CLAIM, UNIT)


def test_the_timeout_comes_from_the_thresholds() -> None:
    assert LlmJudge("http://x", "m").timeout == 60.0


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"verdict": "ENTAILS", "score": 0}', (Verdict.ENTAILS, 0.0)),
        ('  {"verdict": "neutral", "score": 0.5}  ', (Verdict.NEUTRAL, 0.5)),
        ('{"verdict": "entails", "score": true}', None),
        ('{"verdict": null, "score": 0.5}', None),
    ],
)
def test_parse_reply_reads_only_the_agreed_shape(
    content: str, expected: tuple[Verdict, float] | None
) -> None:
    assert parse_reply(content) == expected

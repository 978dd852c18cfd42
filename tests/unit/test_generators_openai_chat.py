"""The OpenAI-compatible chat generator against a real local HTTP server playing the model."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from citenexus.domain.model import ClaimStatus, RefusalCode, Segment, Unit, ViolationKind
from citenexus.generators.openai_chat import (
    ERR_EMPTY_DRAFT,
    ERR_HTTP,
    ERR_MALFORMED_DRAFT,
    ERR_MALFORMED_RESPONSE,
    ERR_NOT_CONFIGURED,
    ERR_TIMEOUT,
    ERR_UNREACHABLE,
    OpenAIChatGenerator,
    build_prompt,
    parse_draft,
)
from citenexus.pipeline import ask
from citenexus.pipeline.judging import CAVEAT_UNKNOWN_KEYS
from citenexus.ports import GenerationError
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    ContainmentJudge,
    WordHashEmbedder,
    memory_lane,
)

UNITS = [
    Unit("ca-civ-1946-1", 0, "The owner must give 60 days notice."),
    Unit("blog", 2, "Thirty days."),
]


class Model(BaseHTTPRequestHandler):
    """Answers /chat/completions with whatever the test put in ``server.reply``."""

    def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
        length = int(self.headers["Content-Length"])
        self.server.requests.append(  # type: ignore[attr-defined]
            {
                "path": self.path,
                "headers": dict(self.headers),
                "body": json.loads(self.rfile.read(length)),
            }
        )
        status, body, delay = self.server.reply  # type: ignore[attr-defined]
        time.sleep(delay)
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[ThreadingHTTPServer]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Model)
    httpd.daemon_threads = True
    httpd.requests = []  # type: ignore[attr-defined]
    httpd.reply = (200, {}, 0.0)  # type: ignore[attr-defined]
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
    )
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def reply_with(
    server: ThreadingHTTPServer, content: Any, status: int = 200, delay: float = 0.0
) -> None:
    body = {"choices": [{"message": {"role": "assistant", "content": content}}]}
    server.reply = (status, body, delay)  # type: ignore[attr-defined]


def generator(server: ThreadingHTTPServer, timeout: float = 5.0) -> OpenAIChatGenerator:
    host, port = server.server_address[:2]
    return OpenAIChatGenerator(f"http://{host}:{port}/v1/", "test-model", "secret", timeout)


def segments(*pairs: tuple[str, list[str]]) -> str:
    return json.dumps({"segments": [{"text": t, "citations": c} for t, c in pairs]})


def test_a_good_reply_becomes_a_draft_and_the_prompt_lists_every_unit_by_key(
    server: ThreadingHTTPServer,
) -> None:
    reply_with(server, segments(("Owners give 60 days.", ["ca-civ-1946-1#0"])))
    draft = generator(server).generate("How much notice?", UNITS)
    assert draft.segments == (Segment("Owners give 60 days.", ("ca-civ-1946-1#0",)),)
    assert draft.generator == "openai-chat"
    (request,) = server.requests  # type: ignore[attr-defined]
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == "Bearer secret"
    assert request["body"]["model"] == "test-model"
    user = request["body"]["messages"][1]["content"]
    assert "[ca-civ-1946-1#0] The owner must give 60 days notice." in user
    assert "[blog#2] Thirty days." in user


def test_a_fenced_json_list_is_accepted() -> None:
    draft = parse_draft('```json\n[{"text": "A.", "citations": []}, {"text": "  "}]\n```')
    assert draft.segments == (Segment("A.", ()),)


@pytest.mark.parametrize(
    "content",
    [
        "not json at all",
        '{"answer": "60 days"}',
        '[{"citations": ["a#0"]}]',
        '[{"text": "A.", "citations": "a#0"}]',
        "[1, 2]",
    ],
)
def test_malformed_drafts_are_generation_errors(server: ThreadingHTTPServer, content: str) -> None:
    reply_with(server, content)
    with pytest.raises(GenerationError, match=ERR_MALFORMED_DRAFT):
        generator(server).generate("q", UNITS)


@pytest.mark.parametrize("content", ["", '{"segments": []}', '[{"text": "   ", "citations": []}]'])
def test_empty_replies_are_generation_errors(server: ThreadingHTTPServer, content: str) -> None:
    reply_with(server, content)
    with pytest.raises(GenerationError, match=ERR_EMPTY_DRAFT):
        generator(server).generate("q", UNITS)


def test_a_malformed_envelope_is_a_generation_error(server: ThreadingHTTPServer) -> None:
    server.reply = (200, b"<html>oops</html>", 0.0)  # type: ignore[attr-defined]
    with pytest.raises(GenerationError, match=ERR_MALFORMED_RESPONSE):
        generator(server).generate("q", UNITS)
    server.reply = (200, {"choices": []}, 0.0)  # type: ignore[attr-defined]
    with pytest.raises(GenerationError, match=ERR_MALFORMED_RESPONSE):
        generator(server).generate("q", UNITS)


def test_an_http_error_is_a_generation_error(server: ThreadingHTTPServer) -> None:
    reply_with(server, "x", status=503)
    with pytest.raises(GenerationError, match=ERR_HTTP.format(status=503)):
        generator(server).generate("q", UNITS)


def test_a_slow_model_times_out(server: ThreadingHTTPServer) -> None:
    reply_with(server, segments(("late", [])), delay=1.0)
    started = time.perf_counter()
    with pytest.raises(GenerationError, match=ERR_TIMEOUT.format(timeout=0.2)):
        generator(server, timeout=0.2).generate("q", UNITS)
    assert time.perf_counter() - started < 0.9


def test_an_unreachable_endpoint_is_a_generation_error() -> None:
    with pytest.raises(GenerationError, match=ERR_UNREACHABLE.split(":")[0]):
        OpenAIChatGenerator("http://127.0.0.1:9", "m", timeout=1.0).generate("q", UNITS)


def test_configuration_comes_from_the_environment() -> None:
    env = {
        "CITENEXUS_LLM_BASE_URL": "http://x/v1",
        "CITENEXUS_LLM_MODEL": "m",
        "CITENEXUS_LLM_API_KEY": "k",
    }
    made = OpenAIChatGenerator.from_env(env)
    assert (made.base_url, made.model, made.api_key, made.timeout) == (
        "http://x/v1",
        "m",
        "k",
        60.0,
    )
    with pytest.raises(ValueError, match=ERR_NOT_CONFIGURED):
        OpenAIChatGenerator.from_env({"CITENEXUS_LLM_MODEL": "m"})


def test_the_prompt_collapses_whitespace_of_each_unit() -> None:
    assert "[u#0] a b" in build_prompt("q", [Unit("u", 0, "a\n\n  b")])


# Adversarial drafts: whatever the model cites is judged like any draft.
DEPOSIT = "Can a landlord keep the whole security deposit to repaint the apartment?"
FORUM_CLAIM = (
    "A landlord may keep the whole security deposit to repaint the apartment after every tenancy."
)
STATUTE_CLAIM = "A landlord may deduct from a security deposit only the amounts reasonably necessary to repair damage caused by the tenant, exclusive of ordinary wear and tear."


def run(server: ThreadingHTTPServer, mode: str = "strict"):
    return ask(
        DEPOSIT,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        generator=generator(server),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode=mode,
    )


def test_a_laundering_model_is_refused_in_strict_mode(server: ThreadingHTTPServer) -> None:
    reply_with(
        server, segments((FORUM_CLAIM, ["ca-civ-1950-5#0"]), (STATUTE_CLAIM, ["ca-civ-1950-5#0"]))
    )
    answer = run(server)
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.CITATION_LAUNDERING


def test_a_misattributing_model_is_hedged_in_normal_mode(server: ThreadingHTTPServer) -> None:
    claim = "A landlord may keep the whole security deposit to repaint."
    reply_with(
        server, segments((claim, ["county-dog-licence#0"]), (STATUTE_CLAIM, ["ca-civ-1950-5#0"]))
    )
    answer = run(server, mode="normal")
    first, second = answer.claims
    assert ViolationKind.MISATTRIBUTED in {v.kind for v in first.violations}
    assert second.status is ClaimStatus.KEPT


def test_invented_keys_are_removed_from_the_claim_with_a_caveat(
    server: ThreadingHTTPServer,
) -> None:
    reply_with(server, segments((STATUTE_CLAIM, ["ca-civ-1950-5#0", "made-up#7", "garbage"])))
    answer = run(server)
    (claim,) = answer.claims
    assert claim.citations == ("ca-civ-1950-5#0",)
    assert claim.status is ClaimStatus.KEPT
    assert claim.caveat == CAVEAT_UNKNOWN_KEYS.format(keys="made-up#7, garbage")


def test_keys_outside_the_candidates_are_still_judged(server: ThreadingHTTPServer) -> None:
    reply_with(
        server,
        segments((STATUTE_CLAIM, ["county-dog-licence#0"]), (STATUTE_CLAIM, ["ca-civ-1950-5#0"])),
    )
    answer = run(server)
    outside = answer.claims[0]
    assert outside.citations == ("county-dog-licence#0",)
    assert {j.key for j in outside.judgments} >= {"county-dog-licence#0"}
    assert outside.attributed_to is None

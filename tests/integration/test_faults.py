"""Faults through the real API: a misbehaving language model, and the database dropping mid-ask.

A real ``http.server`` on 127.0.0.1 plays the OpenAI-compatible model. Timeouts, garbage and
malformed drafts must end in a ``generation_failed`` refusal (never a 500), stored as that
refusal and nothing more, and the same ask answers once the model behaves; a draft citing keys
that name no unit keeps its other citations and says so in a caveat
(docs/design.md#citation-keys). Terminating the app's database session while the model is
answering, or on the answer's own INSERT, must give either a complete answer or a 503 in the
JSON error shape with no answer row written, and the next request must work.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.db import connection

from answers.models import Answer
from audit.models import AuditEvent
from citenexus.generators.openai_chat import ERR_MALFORMED_DRAFT, ERR_MALFORMED_RESPONSE
from citenexus.pipeline.judging import CAVEAT_UNKNOWN_KEYS
from citenexus_web.api_errors import ERR_DATABASE_UNAVAILABLE
from curation.bootstrap import reset
from tests.support.faults import kill_on_answer_insert
from tests.support.hostile import ingest_statute

QUESTION = "How many days notice must a landlord give before ending a month-to-month tenancy?"
CLAIM = "A landlord must give a tenant at least thirty days written notice."
KEY = "ca-civ-1946#0"
LLM_TIMEOUT = 0.5


def _chat(content: str) -> bytes:
    return json.dumps(
        {"choices": [{"message": {"role": "assistant", "content": content}}]}
    ).encode()


def _draft(*segments: tuple[str, list[str]]) -> bytes:
    return _chat(json.dumps({"segments": [{"text": t, "citations": c} for t, c in segments]}))


class FakeModel:
    """The behaviour the next chat request gets; ``requests`` counts the faults delivered."""

    def __init__(self) -> None:
        self.status = 200
        self.body = _draft((CLAIM, [KEY]))
        self.delay = 0.0
        self.before_reply: Any = None
        self.requests = 0


def _handler(model: FakeModel) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            model.requests += 1
            if model.before_reply is not None:
                model.before_reply()
            time.sleep(model.delay)
            try:
                self.send_response(model.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(model.body)))
                self.end_headers()
                self.wfile.write(model.body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (the timeout case)

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


@pytest.fixture
def model(settings: Any) -> Iterator[FakeModel]:
    fake = FakeModel()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.CITENEXUS_LLM_BASE_URL = f"http://127.0.0.1:{server.server_address[1]}/v1"
    settings.CITENEXUS_LLM_MODEL = "fake-model"
    settings.CITENEXUS_LLM_API_KEY = "test-key"
    settings.CITENEXUS_LLM_TIMEOUT = LLM_TIMEOUT
    reset()
    yield fake
    reset()
    server.shutdown()
    server.server_close()


@pytest.fixture
def statute(lane: Any) -> str:
    return ingest_statute(lane)


def _ask(api: Any, user: Any) -> Any:
    body = {"lane": "ca-housing", "question": QUESTION, "mode": "normal"}
    return api(user).post("/api/ask/", body, format="json")


@pytest.mark.django_db
def test_a_well_behaved_model_answers_through_the_api(api, reviewer, statute, model):
    response = _ask(api, reviewer)
    assert response.status_code == 200
    answer = response.json()
    assert model.requests == 1
    assert answer["status"] == "answered", answer["refusal"]
    assert answer["claims"][0]["citations"] == [KEY]


FAULTS = {
    "timeout": dict(delay=LLM_TIMEOUT * 3),
    "http 500": dict(status=500, body=b'{"error": "overloaded"}'),
    "http 429": dict(status=429, body=b"slow down"),
    "not json": dict(body=b"<html>gateway error</html>"),
    "not utf-8": dict(body=b"\xff\xfe\x00garbage"),
    "no choices": dict(body=b'{"id": "x", "object": "chat.completion"}'),
    "prose instead of a draft": dict(body=_chat("The landlord must give thirty days.")),
    "segments of the wrong type": dict(body=_chat('{"segments": [{"text": 5}]}')),
    "an empty draft": dict(body=_chat('{"segments": []}')),
    "empty content": dict(body=_chat("")),
}


@pytest.mark.django_db
@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_misbehaving_model_is_a_generation_failed_refusal_and_the_next_ask_answers(
    api, reviewer, statute, model, fault
):
    for name, value in FAULTS[fault].items():
        setattr(model, name, value)
    started = time.monotonic()
    response = _ask(api, reviewer)
    assert response.status_code == 200, response.content[:300]
    answer = response.json()
    assert answer["status"] == "refused"
    assert answer["refusal"]["code"] == "generation_failed"
    assert answer["claims"] == []
    assert time.monotonic() - started < LLM_TIMEOUT * 6  # the timeout setting is honoured
    _assert_only_a_generation_failed_refusal_is_stored(answer)
    _assert_the_same_ask_answers_once_the_model_behaves(api, reviewer, model, answer)


def _assert_only_a_generation_failed_refusal_is_stored(answer: dict[str, Any]) -> None:
    """The failed ask left one row: a refusal, coded generation_failed, crediting nothing."""
    stored = Answer.objects.get()
    assert stored.pk == answer["id"]
    assert (stored.status, stored.refusal_code) == ("refused", "generation_failed")
    assert stored.payload["refusal"]["code"] == "generation_failed"
    assert stored.payload["claims"] == []
    assert '"citations": ["' not in json.dumps(stored.payload)  # no claim cites anything


def _assert_the_same_ask_answers_once_the_model_behaves(
    api: Any, reviewer: Any, model: FakeModel, refused: dict[str, Any]
) -> None:
    well_behaved = FakeModel()
    model.status, model.body, model.delay = well_behaved.status, well_behaved.body, 0.0
    response = _ask(api, reviewer)
    assert response.status_code == 200, response.content[:300]
    answer = response.json()
    assert answer["status"] == "answered", answer["refusal"]
    assert answer["claims"][0]["citations"] == [KEY]
    assert Answer.objects.count() == 2
    first = Answer.objects.get(pk=refused["id"])  # the refusal is kept as it was, not replaced
    assert (first.status, first.refusal_code) == ("refused", "generation_failed")


@pytest.mark.django_db
def test_malformed_drafts_name_the_failure_in_the_refusal(api, reviewer, statute, model):
    model.body = _chat("not json at all")
    assert ERR_MALFORMED_DRAFT in json.dumps(_ask(api, reviewer).json()["refusal"])
    model.body = b'{"choices": []}'
    assert ERR_MALFORMED_RESPONSE in json.dumps(_ask(api, reviewer).json()["refusal"])


@pytest.mark.django_db
def test_a_draft_citing_unknown_keys_keeps_the_real_ones_with_a_caveat(
    api, reviewer, statute, model
):
    model.body = _draft((CLAIM, ["no-such-doc#3", KEY, "ca-civ-1946#999"]))
    answer = _ask(api, reviewer).json()
    assert answer["status"] == "answered", answer["refusal"]
    claim = answer["claims"][0]
    assert claim["citations"] == [KEY]
    expected = CAVEAT_UNKNOWN_KEYS.format(keys="no-such-doc#3, ca-civ-1946#999")
    assert expected in (claim["caveat"] or "") + answer["text"]


@pytest.mark.django_db
def test_a_draft_citing_only_unknown_keys_credits_nothing_it_cannot_find(
    api, reviewer, statute, model
):
    model.body = _draft((CLAIM, ["invented#1"]), ("Rent is due monthly.", ["invented#2"]))
    response = _ask(api, reviewer)
    assert response.status_code == 200
    answer = response.json()
    assert all(c["citations"] == [] for c in answer["claims"])
    assert "invented#" not in json.dumps([c["supported_by"] for c in answer["claims"]])
    if answer["status"] == "answered":
        assert "invented#1" in answer["text"]  # the caveat names what was removed


@pytest.mark.django_db
def test_an_unreachable_model_is_a_generation_failed_refusal_until_it_is_back(
    api, reviewer, statute, settings, model
):
    import socket

    reachable = settings.CITENEXUS_LLM_BASE_URL
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CITENEXUS_LLM_BASE_URL = f"http://127.0.0.1:{port}/v1"
    reset()
    answer = _ask(api, reviewer).json()
    assert answer["refusal"]["code"] == "generation_failed"
    assert model.requests == 0
    _assert_only_a_generation_failed_refusal_is_stored(answer)

    settings.CITENEXUS_LLM_BASE_URL = reachable
    reset()
    _assert_the_same_ask_answers_once_the_model_behaves(api, reviewer, model, answer)


# --- the database connection dropping during an ask -----------------------------------------


def _post(url: str, token: str, body: dict[str, Any]) -> tuple[int, bytes, str]:
    request = urllib.request.Request(
        url,
        json.dumps(body).encode(),
        {"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code, error.read(), error.headers.get("Content-Type", "")


def _terminate_other_backends(keep: set[int]) -> int:
    """Kill the app's session: every backend of this database but ours and the test's."""
    from django.db import connections

    conn = connections.create_connection("default")
    try:
        with conn.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND NOT (pid = ANY(%s))",
                [sorted(keep)],
            )
            return len(cursor.fetchall())
    finally:
        conn.close()


def _ask_while_the_database_drops(live_server: Any, reviewer: Any, model: FakeModel) -> Any:
    """Ask over HTTP; while the model 'thinks', terminate the app's database session."""
    from access.tokens import api_token_issue

    token = api_token_issue(user=reviewer, name="test", expires_in_days=1)[1]
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        test_pid = cursor.fetchone()[0]
    killed: list[int] = []
    model.before_reply = lambda: killed.append(_terminate_other_backends({test_pid}))
    answers_before = Answer.objects.count()
    events_before = AuditEvent.objects.count()
    url = f"{live_server.url}/api/ask/"
    body = {"lane": "ca-housing", "question": QUESTION, "mode": "normal"}
    status, content, ctype = _post(url, token, body)
    model.before_reply = None
    assert killed and killed[0] >= 1  # the app's session really was terminated
    return {
        "status": status,
        "content": content,
        "ctype": ctype,
        "new_answers": Answer.objects.count() - answers_before,
        "new_events": AuditEvent.objects.count() - events_before,
        "again": lambda: _post(url, token, body),
    }


def _assert_a_complete_answer_or_a_clean_503(dropped: dict[str, Any]) -> None:
    """Either the app finished (one complete answer) or it said so in the JSON error shape."""
    assert dropped["ctype"].startswith("application/json"), dropped["content"][:300]
    body = json.loads(dropped["content"])
    if dropped["status"] == 200:
        assert body["status"] == "answered", body["refusal"]
        assert body["claims"] and body["claims"][0]["citations"] == [KEY]
        assert dropped["new_answers"] == 1
        assert Answer.objects.get(pk=body["id"]).payload["claims"] == body["claims"]
    else:
        assert dropped["status"] == 503, dropped["content"][:300]
        assert body == {
            "error": {
                "code": "database_unavailable",
                "message": ERR_DATABASE_UNAVAILABLE,
                "details": {},
            }
        }
        assert dropped["new_answers"] == 0  # no partial answer row
    assert dropped["new_events"] == dropped["new_answers"]  # audited exactly when stored


def _assert_the_next_ask_answers(dropped: dict[str, Any]) -> None:
    answers_before = Answer.objects.count()
    status, content, ctype = dropped["again"]()
    assert status == 200, content[:300]
    assert ctype.startswith("application/json")
    assert json.loads(content)["status"] == "answered"
    assert Answer.objects.count() == answers_before + 1


@pytest.mark.django_db(transaction=True)
def test_the_database_dropping_while_the_model_thinks_is_a_clean_503_and_the_next_ask_works(
    live_server, reviewer, statute, model
):
    dropped = _ask_while_the_database_drops(live_server, reviewer, model)
    _assert_a_complete_answer_or_a_clean_503(dropped)
    _assert_the_next_ask_answers(dropped)


@pytest.mark.django_db(transaction=True)
def test_the_database_dropping_as_the_answer_is_written_stores_nothing_and_answers_503(
    api, reviewer, statute, model
):
    """The session dies on the answer's own INSERT: the row is not half-written, nor written."""
    client = api(reviewer)
    client.raise_request_exception = False
    body = {"lane": "ca-housing", "question": QUESTION, "mode": "normal"}
    with connection.execute_wrapper(kill_on_answer_insert):
        response = client.post("/api/ask/", body, format="json")
    assert model.requests == 1  # the model answered; only the write failed
    assert response.status_code == 503, response.content[:300]
    assert response.json()["error"]["code"] == "database_unavailable"
    assert set(response.json()["error"]) == {"code", "message", "details"}
    connection.close()  # the test shares the request's (dead) session
    assert not Answer.objects.exists()
    again = client.post("/api/ask/", body, format="json")
    assert again.status_code == 200, again.content[:300]
    assert again.json()["status"] == "answered"
    assert Answer.objects.count() == 1

"""Throttles on ask, verify, upload and the authority CSV: per user and per lane, through the
API (429, the error shape, Retry-After), the pages (the form says when to try again) and the MCP
tools (a tool error with the code)."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from access.throttles import ERR_BAD_RATE, Rate, parse_rate
from tests.integration import test_mcp_support as support
from tests.integration.test_mcp_support import ROOT, error, run, server_env

people = support.people  # the shared fixture

QUESTION = {"lane": "ca-housing", "question": "How much notice before entry?"}


@pytest.fixture
def limits(settings: Any) -> dict[str, dict[str, str]]:
    throttles = {
        action: {"user": "off", "lane": "off"}
        for action in ("ask", "verify", "upload", "authority_csv")
    }
    settings.CITENEXUS_THROTTLES = throttles
    return throttles


def assert_throttled(response: Any, scope: str, window: int = 60) -> dict[str, Any]:
    assert response.status_code == 429, response.content
    body = response.json()["error"]
    assert body["code"] == "throttled"
    assert body["details"]["scope"] == scope
    retry_after = int(response["Retry-After"])
    assert 1 <= retry_after <= window
    assert body["details"]["retry_after"] == retry_after
    assert f"try again in {retry_after} s" in body["message"]
    return dict(body)


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("120/minute", Rate(120, 60)),
        ("5/min", Rate(5, 60)),
        ("10/5s", Rate(10, 5)),
        ("1000/hour", Rate(1000, 3600)),
        ("3/days", Rate(3, 86400)),
        ("off", None),
        ("", None),
    ],
)
def test_a_rate_reads_as_a_count_per_period(text: str, rate: Rate | None) -> None:
    assert parse_rate(text) == rate


def test_a_malformed_rate_is_refused_loudly() -> None:
    with pytest.raises(ValueError) as caught:
        parse_rate("lots")
    assert str(caught.value) == ERR_BAD_RATE.format(rate="lots")


@pytest.mark.django_db
def test_over_the_users_limit_ask_answers_429_with_retry_after(
    api: Any, reviewer: Any, limits: Any
) -> None:
    limits["ask"]["user"] = "2/minute"
    client = api(reviewer)
    assert [client.post("/api/ask/", QUESTION, format="json").status_code for _ in range(2)] == [
        200,
        200,
    ]
    body = assert_throttled(client.post("/api/ask/", QUESTION, format="json"), "user")
    assert body["details"]["action"] == "ask"


@pytest.mark.django_db
def test_the_lanes_limit_is_shared_by_its_users(
    api: Any, reviewer: Any, admin: Any, limits: Any
) -> None:
    limits["verify"]["lane"] = "3/minute"
    draft = {**QUESTION, "segments": [{"text": "Twenty-four hours.", "citations": []}]}
    assert api(reviewer).post("/api/verify/", draft, format="json").status_code == 200
    assert api(reviewer).post("/api/verify/", draft, format="json").status_code == 200
    assert api(admin).post("/api/verify/", draft, format="json").status_code == 200
    assert_throttled(api(admin).post("/api/verify/", draft, format="json"), "lane")
    # Asking is another action with its own counters.
    assert api(admin).post("/api/ask/", QUESTION, format="json").status_code == 200


@pytest.mark.django_db
def test_a_throttled_user_is_not_counted_against_another_lane_member(
    api: Any, reviewer: Any, admin: Any, limits: Any
) -> None:
    limits["ask"]["user"] = "1/minute"
    assert api(reviewer).post("/api/ask/", QUESTION, format="json").status_code == 200
    assert_throttled(api(reviewer).post("/api/ask/", QUESTION, format="json"), "user")
    assert api(admin).post("/api/ask/", QUESTION, format="json").status_code == 200


@pytest.mark.django_db
def test_uploads_and_authority_csvs_are_throttled(api: Any, curator: Any, limits: Any) -> None:
    limits["upload"]["user"] = "1/hour"
    limits["authority_csv"]["user"] = "1/hour"
    client = api(curator)

    def upload(n: int) -> Any:
        data = io.BytesIO(f"Notice rule {n}: 24 hours before entry.".encode())
        data.name = f"rule-{n}.txt"
        return client.post(
            "/api/lanes/ca-housing/documents/",
            {"file": data, "document_id": f"rule-{n}", "source_type": "documentary"},
            format="multipart",
        )

    def csv() -> Any:
        data = io.BytesIO(b"document_id,authority_tier\nrule-1,statute\n")
        data.name = "tiers.csv"
        return client.post(
            "/api/lanes/ca-housing/authority-csv/",
            {"file": data, "dry_run": "true"},
            format="multipart",
        )

    assert upload(1).status_code == 202
    assert_throttled(upload(2), "user", window=3600)
    assert csv().status_code == 200
    assert_throttled(csv(), "user", window=3600)


@pytest.mark.django_db
def test_the_ask_page_says_when_to_try_again(client: Any, reviewer: Any, limits: Any) -> None:
    limits["ask"]["user"] = "1/minute"
    client.force_login(reviewer)
    form = {**QUESTION, "mode": "strict", "strategy": "single"}
    first = client.post("/ask/", form)
    assert first.status_code == 302
    second = client.post("/ask/", form)
    assert second.status_code == 429
    retry_after = int(second["Retry-After"])
    page = second.content.decode()
    assert f"too many ask requests from you; try again in {retry_after} s" in page
    assert QUESTION["question"] in page  # the question is kept for the retry


@pytest.mark.django_db
def test_the_upload_page_says_when_to_try_again(client: Any, curator: Any, limits: Any) -> None:
    limits["upload"]["lane"] = "1/minute"
    client.force_login(curator)

    def post(n: int) -> Any:
        data = io.BytesIO(f"Rule {n}.".encode())
        data.name = f"rule-{n}.txt"
        return client.post(
            "/lanes/ca-housing/upload/",
            {"uploads": data, "source_type": "documentary", "document_id": f"rule-{n}"},
        )

    assert post(1).status_code == 302
    second = post(2)
    assert second.status_code == 429
    assert "too many upload requests on this lane; try again in" in second.content.decode()


def test_an_mcp_tool_over_the_limit_is_a_tool_error_with_the_code(
    people: dict[str, Any],
) -> None:
    env = {**server_env(), "CITENEXUS_THROTTLE_ASK_USER": "1/minute"}
    params = StdioServerParameters(
        command=sys.executable,
        args=["manage.py", "mcp", "--actor", "agent"],
        env=env,
        cwd=str(ROOT),
    )

    async def scenario() -> list[Any]:
        async with Client(params, read_timeout_seconds=60) as client:
            ask = {"lane": "acme", "question": "When is the renewal due?"}
            return [await client.call_tool("cite_ask", ask) for _ in range(2)]

    first, second = run(scenario)
    assert not first.is_error
    err = error(second)
    assert err["code"] == "throttled"
    assert err["details"]["scope"] == "user"
    assert 1 <= err["details"]["retry_after"] <= 60

"""Shared by the MCP tests: two records that disagree (docs/design.md#precedence), and real
servers to talk to.

The servers are separate processes on the test database (stdio: ``manage.py mcp``; HTTP:
uvicorn serving ``citenexus_web.asgi``), so each test commits its data (transactional_db).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import anyio
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

ROOT = Path(__file__).resolve().parents[2]
CALL_NOTE = "Sarah said on the call that the renewal is due November 30"
CONTRACT = "The signed contract sets the renewal date at December 31"
# The same two records with ISO dates.
ISO_CALL_NOTE = "Sarah said on the call that the renewal is due 2026-11-30"
ISO_CONTRACT = "The signed contract sets the renewal date at 2026-12-31"
SEED_004_CASES = [
    pytest.param(CALL_NOTE, CONTRACT, "December 31", "November 30", id="month-names"),
    pytest.param(ISO_CALL_NOTE, ISO_CONTRACT, "2026-12-31", "2026-11-30", id="iso-dates"),
]  # fmt: skip
RENEWAL_QUESTION = "When is the renewal due?"
LEVELS_TEXT = (
    "human_correction > human_confirmation > documentary > conversational > system_inference"
)
CLOSED_POLICY = {"signed_contract": "documentary", "call_note": None}
START_TIMEOUT = 60.0

T = TypeVar("T")


def run(scenario: Callable[[], Awaitable[T]]) -> T:
    """Drive one async scenario to the end from a synchronous test."""
    return anyio.run(scenario)


def data(result: CallToolResult) -> dict[str, Any]:
    """The structured output of a call that must have succeeded."""
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return dict(result.structured_content)


def error(result: CallToolResult) -> dict[str, Any]:
    """The error of a call that must have failed: code, message and details."""
    assert result.is_error, result.structured_content
    text = result.content[0].text  # type: ignore[union-attr]
    assert "Traceback" not in text
    if result.structured_content and "error" in result.structured_content:
        err = dict(result.structured_content["error"])
        assert text == f"{err['code']}: {err['message']}"
        return err
    return {"code": "", "message": text, "details": {}}


@dataclass(frozen=True)
class Person:
    user: Any
    token: str


@pytest.fixture
def people(transactional_db: Any) -> dict[str, Any]:
    """Lanes ``acme`` (open, default levels, ranked) and ``contracts`` (closed, unranked), and
    who may do what.

    agent: curator and reviewer of both lanes. watcher: auditor of acme only (reads, no
    writes). stranger: holds every role as a group but is a member of no lane.
    """
    from django.contrib.auth.models import Group, User

    from access.tokens import api_token_issue
    from curation.models import LaneMembership
    from curation.services.lanes import lane_create

    acme = lane_create(actor="test", slug="acme", name="Acme accounts", profile="ordered.v1")
    contracts = lane_create(
        actor="test", slug="contracts", name="Signed contracts", kind="closed", policy=CLOSED_POLICY
    )

    def person(name: str, roles: list[str], memberships: list[tuple[Any, str]]) -> Person:
        user = User.objects.create_user(username=name, password="pw-" + name)
        for role in roles:
            user.groups.add(Group.objects.get_or_create(name=role)[0])
        for lane, role in memberships:
            LaneMembership.objects.create(lane=lane, user=user, role=role)
        return Person(user, api_token_issue(user=user, name="test", expires_in_days=1)[1])

    both = [(lane, role) for lane in (acme, contracts) for role in ("curator", "reviewer")]
    return {
        "acme": acme,
        "contracts": contracts,
        "agent": person("agent", ["curator", "reviewer"], both),
        "watcher": person("watcher", ["auditor"], [(acme, "auditor")]),
        "stranger": person("stranger", ["curator", "reviewer", "auditor"], []),
    }


def server_env() -> dict[str, str]:
    """The environment a server process needs to use this run's test database."""
    from django.conf import settings

    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "citenexus_web.test_settings",
        "CITENEXUS_DB_NAME": settings.DATABASES["default"]["NAME"],
        "HF_HUB_OFFLINE": "1",
    }


def stdio_client(actor: str) -> Client:
    """An SDK client that starts ``manage.py mcp --actor`` and talks to it over stdio."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["manage.py", "mcp", "--actor", actor],
        env=server_env(),
        cwd=str(ROOT),
    )
    return Client(params, read_timeout_seconds=60)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def http_server(django_db_setup: Any, tmp_path_factory: Any) -> Iterator[str]:
    """uvicorn serving the whole app on a free port; yields the MCP endpoint's URL.

    The server's log goes to ``uvicorn.log`` in the test's temporary folder.
    """
    port = _free_port()
    log = (tmp_path_factory.mktemp("uvicorn") / "uvicorn.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "citenexus_web.asgi:application",
         "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT, env=server_env(), stdout=log, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/mcp/"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"uvicorn exited; its log is {log.name}")
            try:
                if httpx2.get(url, timeout=2).status_code == 401:
                    break
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start in time")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@asynccontextmanager
async def http_client(url: str, token: str, scheme: str = "Token") -> Any:
    """An SDK client on the streamable HTTP transport, signed in with an API token."""
    headers = {"Authorization": f"{scheme} {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60.0)) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        yield client


async def seed_004(client: Client, call_note: str, contract_text: str) -> dict[str, Any]:
    """Two records disagree; the documentary one must win, citing it (docs/design.md#precedence)."""
    call = data(await client.call_tool(
        "e_ingest", {"lane": "acme", "content": call_note, "source_type": "conversational",
                     "source_system": "acme-agent"}))  # fmt: skip
    contract = data(await client.call_tool(
        "e_ingest", {"lane": "acme", "content": contract_text, "source_type": "documentary",
                     "source_system": "acme-agent"}))  # fmt: skip
    read = data(await client.call_tool("e_read", {"sr_ids": [call["sr_id"], contract["sr_id"]]}))
    answer = data(await client.call_tool(
        "cite_ask", {"lane": "acme", "question": RENEWAL_QUESTION, "mode": "normal"}))  # fmt: skip
    return {"call": call, "contract": contract, "read": read, "answer": answer}


def assert_seed_004(outcome: dict[str, Any], winner: str, loser: str) -> None:
    call, contract, answer = outcome["call"], outcome["contract"], outcome["answer"]
    assert (call["authority_level"], contract["authority_level"]) == (
        "conversational",
        "documentary",
    )
    levels = {r["sr_id"]: r["authority_level"] for r in outcome["read"]["srs"]}
    assert levels == {call["sr_id"]: "conversational", contract["sr_id"]: "documentary"}
    assert answer["status"] == "answered", answer
    assert winner in answer["text"]
    assert loser not in answer["text"]
    kept = [c for c in answer["claims"] if c["status"] in ("kept", "hedged")]
    cited = {key.split("#")[0] for c in kept for key in c["citations"]}
    assert contract["document_id"] in cited
    assert call["document_id"] not in cited
    conflicts = answer["evidence"]["conflicts"]
    assert conflicts, answer["evidence"]
    tiers = {v["key"].split("#")[0]: v["tier"] for c in conflicts for v in c["values"]}
    assert tiers == {contract["document_id"]: "documentary", call["document_id"]: "conversational"}
    assert all(c["resolved_to"] for c in conflicts)
    overridden = {k.split("#")[0] for c in conflicts for k in c["overridden"]}
    assert overridden == {call["document_id"]}

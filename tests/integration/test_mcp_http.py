"""Agents over streamable HTTP: the SDK's client against uvicorn serving the whole app."""

from __future__ import annotations

import re
from typing import Any

import httpx2
import pytest

from access.tokens import ERR_BAD_KEY
from agents.instructions import NO_LANES, PROFILE_RANKS, PROFILE_UNRANKED, RULE
from tests.integration import test_mcp_support as support
from tests.integration.test_mcp_support import (
    CONTRACT,
    LEVELS_TEXT,
    SEED_004_CASES,
    assert_seed_004,
    data,
    error,
    http_client,
    run,
    seed_004,
)

http_server = support.http_server  # the shared fixture
people = support.people  # the shared fixture

TOOLS = {"e_ingest", "e_read", "e_correct", "e_gather", "e_timeline", "cite_ask", "cite_verify"}
SR_ID = re.compile(r"^sr_[0-9a-f]{32}$")


def test_the_instructions_give_each_visible_lane_its_order_floor_and_the_rule(
    http_server: str, people: dict[str, Any]
) -> None:
    async def scenario() -> tuple[str | None, set[str]]:
        async with http_client(http_server, people["agent"].token) as client:
            tools = await client.list_tools()
            return client.instructions, {t.name for t in tools.tools}

    instructions, tools = run(scenario)
    assert instructions is not None
    assert tools == TOOLS
    assert RULE in instructions
    acme = instructions[instructions.index("- acme ") : instructions.index("- contracts ")]
    assert f"order, highest first: {LEVELS_TEXT}" in acme
    assert "floor: none" in acme
    assert f"profile: ordered.v1 ({PROFILE_RANKS})" in acme
    assert "e_ingest" in acme and "cite_ask" in acme
    contracts = instructions[instructions.index("- contracts ") :]
    assert "closed lane" in contracts
    assert f"profile: default.v1 ({PROFILE_UNRANKED})" in contracts
    assert "(only these): call_note -> conversational, signed_contract -> documentary" in contracts


def test_a_token_without_membership_sees_no_lane(http_server: str, people: dict[str, Any]) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            written = data(await client.call_tool(
                "e_ingest", {"lane": "acme", "content": CONTRACT, "source_type": "documentary"}))  # fmt: skip
        async with http_client(http_server, people["stranger"].token) as client:
            return {
                "instructions": client.instructions,
                "ingest": error(
                    await client.call_tool(
                        "e_ingest", {"lane": "acme", "content": "x", "source_type": "documentary"}
                    )
                ),  # fmt: skip
                "gather": error(
                    await client.call_tool("e_gather", {"lane": "acme", "query": "renewal"})
                ),
                "read": data(await client.call_tool("e_read", {"sr_ids": [written["sr_id"]]})),
                "correct": error(
                    await client.call_tool("e_correct", {"sr_id": written["sr_id"], "text": "no"})
                ),  # fmt: skip
                "ask": error(
                    await client.call_tool("cite_ask", {"lane": "acme", "question": "When?"})
                ),
                "sr_id": written["sr_id"],
            }

    seen = run(scenario)
    assert NO_LANES in seen["instructions"]
    assert "acme" not in seen["instructions"]
    for name in ("ingest", "gather", "ask"):
        assert seen[name]["code"] == "not_found"
        assert seen[name]["message"] == "no lane 'acme' that you can see"
    assert seen["read"] == {"srs": [], "not_found": [seen["sr_id"]]}
    assert seen["correct"]["code"] == "not_found"


def test_a_request_without_a_valid_token_is_refused(
    http_server: str, people: dict[str, Any]
) -> None:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    anonymous = httpx2.post(http_server, json=body, timeout=10)
    wrong = httpx2.post(http_server, json=body, headers={"Authorization": "Token nope"}, timeout=10)
    assert anonymous.status_code == 401
    assert anonymous.json()["error"]["code"] == "not_authenticated"
    assert wrong.status_code == 401
    # The API's own words for a key that is unknown, expired or revoked (access.tokens).
    assert wrong.json()["error"]["message"] == ERR_BAD_KEY


def test_a_bearer_token_is_accepted_like_a_token(http_server: str, people: dict[str, Any]) -> None:
    async def scenario() -> str | None:
        async with http_client(http_server, people["agent"].token, scheme="Bearer") as client:
            return str(client.instructions)

    assert "- acme " in (run(scenario) or "")


@pytest.mark.parametrize(("call_note", "contract", "winner", "loser"), SEED_004_CASES)
def test_seed_004_the_signed_contract_outweighs_the_call(
    http_server: str, people: dict[str, Any], call_note: str, contract: str, winner: str, loser: str
) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            return await seed_004(client, call_note, contract)

    outcome = run(scenario)
    assert SR_ID.match(outcome["call"]["sr_id"]) and SR_ID.match(outcome["contract"]["sr_id"])
    assert call_note in [r["content"] for r in outcome["read"]["srs"]]
    assert_seed_004(outcome, winner, loser)


def test_everything_but_mcp_is_still_served_by_django(
    http_server: str, people: dict[str, Any]
) -> None:
    lanes_url = http_server.replace("/mcp/", "/api/lanes/")
    headers = {"Authorization": f"Token {people['agent'].token}"}
    response = httpx2.get(lanes_url, headers=headers, timeout=10)
    assert response.status_code == 200
    body = response.json()
    rows = body["results"] if isinstance(body, dict) else body
    assert {lane["slug"] for lane in rows} == {"acme", "contracts"}

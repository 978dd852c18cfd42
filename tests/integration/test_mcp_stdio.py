"""Agents over stdio: the SDK's client starts ``manage.py mcp --actor NAME`` as a subprocess."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from agents.instructions import NO_LANES, RULE
from agents.management.commands.mcp import ERR_NO_SUCH_USER
from tests.integration import test_mcp_support as support
from tests.integration.test_mcp_support import (
    CONTRACT,
    ISO_CALL_NOTE,
    ISO_CONTRACT,
    LEVELS_TEXT,
    RENEWAL_QUESTION,
    ROOT,
    assert_seed_004,
    data,
    error,
    run,
    seed_004,
    server_env,
    stdio_client,
)

people = support.people  # the shared fixture


def test_the_stdio_server_acts_as_its_actor_with_every_tool_and_seed_004_works(
    people: dict[str, Any],
) -> None:
    from audit.models import AuditEvent

    async def scenario() -> dict[str, Any]:
        async with stdio_client("agent") as client:
            seed = await seed_004(client, ISO_CALL_NOTE, ISO_CONTRACT)
            sr_id, key = seed["contract"]["sr_id"], seed["contract"]["document_id"] + "#0"
            draft = [{"text": ISO_CONTRACT + ".", "citations": [key]}]
            return {
                "instructions": client.instructions,
                "tools": {t.name for t in (await client.list_tools()).tools},
                "seed": seed,
                "correct": data(
                    await client.call_tool("e_correct", {"sr_id": sr_id, "text": "Signed."})
                ),
                "read": data(await client.call_tool("e_read", {"sr_ids": [sr_id]})),
                "gather": data(
                    await client.call_tool("e_gather", {"lane": "acme", "query": "renewal"})
                ),
                "timeline": data(
                    await client.call_tool("e_timeline", {"lane": "acme", "sr_id": sr_id})
                ),
                "verify": data(
                    await client.call_tool(
                        "cite_verify",
                        {
                            "lane": "acme",
                            "question": RENEWAL_QUESTION,
                            "segments": draft,
                            "mode": "normal",
                        },
                    )
                ),  # fmt: skip
                "bad": error(await client.call_tool("e_read", {"sr_ids": ["nope"]})),
            }

    out = run(scenario)
    assert_seed_004(out["seed"], "2026-12-31", "2026-11-30")
    assert RULE in out["instructions"]
    assert f"order, highest first: {LEVELS_TEXT}" in out["instructions"]
    assert out["tools"] == {
        "e_ingest",
        "e_read",
        "e_correct",
        "e_gather",
        "e_timeline",
        "cite_ask",
        "cite_verify",
    }
    (record,) = out["read"]["srs"]
    assert [(c["text"], c["authority"]) for c in record["corrections"]] == [
        ("Signed.", "human_correction")
    ]
    assert {h["sr_id"] for h in out["gather"]["hits"]} == {
        out["seed"]["call"]["sr_id"], out["seed"]["contract"]["sr_id"],
    }  # fmt: skip
    assert [e["kind"] for e in out["timeline"]["events"]] == ["version", "correction"]
    assert out["verify"]["kind"] == "verify", out["verify"]
    assert out["verify"]["status"] == "answered", out["verify"]["refusal"]
    assert out["bad"]["code"] == "invalid"
    actors = set(
        AuditEvent.objects.filter(document_id=record["document_id"]).values_list("actor", flat=True)
    )
    assert actors == {"cli:agent"}


def test_a_stdio_actor_without_membership_sees_no_lane(people: dict[str, Any]) -> None:
    async def scenario() -> dict[str, Any]:
        async with stdio_client("stranger") as client:
            refused = await client.call_tool(
                "e_ingest", {"lane": "acme", "content": CONTRACT, "source_type": "documentary"})  # fmt: skip
            return {"instructions": client.instructions, "refused": error(refused)}

    out = run(scenario)
    assert NO_LANES in out["instructions"]
    assert out["refused"]["code"] == "not_found"


def test_the_stdio_server_refuses_to_start_for_an_unknown_actor(people: dict[str, Any]) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "mcp", "--actor", "nobody"],
        cwd=ROOT, env=server_env(), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode != 0
    assert ERR_NO_SUCH_USER.format(name="nobody") in done.stderr
    assert done.stdout == ""

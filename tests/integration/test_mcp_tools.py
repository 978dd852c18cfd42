"""Each MCP tool over streamable HTTP: what it returns, what it refuses, and what it audits."""

from __future__ import annotations

import re
from typing import Any

from mcp import Client

from agents.tools import (
    ERR_BAD_RECORD_IDS,
    ERR_EMPTY_CONTENT,
    ERR_EMPTY_QUERY,
    ERR_MAY_NOT,
    ERR_TIMELINE_TARGET,
)
from tests.integration import test_mcp_support as support
from tests.integration.test_mcp_support import (
    CALL_NOTE,
    CONTRACT,
    data,
    error,
    http_client,
    run,
)

http_server = support.http_server  # the shared fixture
people = support.people  # the shared fixture

SR_ID = re.compile(r"^sr_[0-9a-f]{32}$")
LEVELS = [
    "human_correction",
    "human_confirmation",
    "documentary",
    "conversational",
    "system_inference",
]


async def ingest(
    client: Client, content: str, source_type: str, lane: str = "acme"
) -> dict[str, Any]:
    return data(await client.call_tool(
        "e_ingest", {"lane": lane, "content": content, "source_type": source_type}))  # fmt: skip


def test_ingest_takes_the_level_from_the_lanes_policy_and_is_audited(
    http_server: str, people: dict[str, Any]
) -> None:
    from audit.models import AuditEvent

    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            return {
                "schema": tools["e_ingest"].input_schema,
                "first": await ingest(client, CALL_NOTE, "conversational"),
                "again": await ingest(client, CALL_NOTE, "conversational"),
                "other_type": await ingest(client, CALL_NOTE, "documentary"),
                "declared": await ingest(
                    client, "Call with Acme on renewals.", "call_note", "contracts"
                ),
                "mapped": await ingest(client, CONTRACT, "signed_contract", "contracts"),
            }

    out = run(scenario)
    assert "authority" not in out["schema"]["properties"]
    assert set(out["schema"]["required"]) == {"lane", "content", "source_type"}
    first = out["first"]
    assert SR_ID.match(first["sr_id"])
    assert (first["authority_level"], first["version"], first["result"]) == (
        "conversational",
        1,
        "created",
    )
    assert out["again"]["sr_id"] == first["sr_id"] and out["again"]["result"] == "unchanged"
    assert out["other_type"]["sr_id"] != first["sr_id"]
    assert out["other_type"]["authority_level"] == "documentary"
    assert out["declared"]["authority_level"] == "conversational"
    assert out["mapped"]["authority_level"] == "documentary"
    event = AuditEvent.objects.get(action="document.ingest", document_id=first["document_id"])
    assert event.actor == "mcp:agent"
    assert event.details["tier"] == "conversational"
    assert event.details["source_type"] == "conversational"


def test_ingest_refuses_what_the_lane_does_not_allow(
    http_server: str, people: dict[str, Any]
) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            undeclared = await client.call_tool(
                "e_ingest", {"lane": "contracts", "content": CONTRACT, "source_type": "documentary"})  # fmt: skip
            empty = await client.call_tool(
                "e_ingest", {"lane": "acme", "content": "  ", "source_type": "documentary"})  # fmt: skip
            missing = await client.call_tool("e_ingest", {"lane": "acme", "content": CONTRACT})
            asserted = await client.call_tool(
                "e_ingest", {"lane": "acme", "content": CONTRACT, "source_type": "documentary",
                             "authority": "human_correction"})  # fmt: skip
        async with http_client(http_server, people["watcher"].token) as client:
            watcher = await client.call_tool(
                "e_ingest", {"lane": "acme", "content": CONTRACT, "source_type": "documentary"})  # fmt: skip
        return {"undeclared": error(undeclared), "empty": error(empty), "missing": error(missing),
                "asserted": asserted, "watcher": error(watcher)}  # fmt: skip

    out = run(scenario)
    assert out["undeclared"]["code"] == "invalid_authority"
    assert out["undeclared"]["message"] == (
        "source type 'documentary' is not allowed in this closed lane; "
        "allowed source types: ['call_note', 'signed_contract']"
    )
    assert out["empty"]["message"] == ERR_EMPTY_CONTENT
    assert "source_type" in out["missing"]["message"]
    # An extra "authority" argument is not part of the tool (the SDK's argument model drops
    # unknown arguments): the record still gets the level the lane gives, and says so.
    assert data(out["asserted"])["authority_level"] == "documentary"
    assert out["watcher"]["code"] == "forbidden"
    assert out["watcher"]["message"] == ERR_MAY_NOT.format(action="write records", slug="acme")


def test_read_returns_each_record_with_its_level_and_active_corrections(
    http_server: str, people: dict[str, Any]
) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            record = await ingest(client, CALL_NOTE, "conversational")
            default = data(await client.call_tool(
                "e_correct", {"sr_id": record["sr_id"], "text": "The call said December 31."}))  # fmt: skip
            named = data(await client.call_tool(
                "e_correct", {"sr_id": record["sr_id"], "text": "Confirmed by Sarah.",
                              "authority": "human_confirmation"}))  # fmt: skip
            unknown = "sr_" + "0" * 32
            read = data(await client.call_tool("e_read", {"sr_ids": [record["sr_id"], unknown]}))
            bad = error(await client.call_tool("e_read", {"sr_ids": ["doc-1", record["sr_id"]]}))
            return {"record": record, "default": default, "named": named, "read": read, "bad": bad,
                    "unknown": unknown}  # fmt: skip

    out = run(scenario)
    (record,) = out["read"]["srs"]
    assert out["read"]["not_found"] == [out["unknown"]]
    assert record["sr_id"] == out["record"]["sr_id"]
    assert record["content"] == CALL_NOTE
    assert (record["lane"], record["source_type"], record["authority_level"], record["version"]) == (
        "acme", "conversational", "conversational", 1,
    )  # fmt: skip
    assert record["ingested_at"]
    assert [(c["text"], c["authority"]) for c in record["corrections"]] == [
        ("The call said December 31.", "human_correction"),
        ("Confirmed by Sarah.", "human_confirmation"),
    ]
    assert out["default"]["authority"] == "human_correction"
    assert out["default"]["author"] == "mcp:agent"
    assert out["bad"]["message"] == ERR_BAD_RECORD_IDS.format(ids=["doc-1"])


def test_correct_refuses_a_level_the_lane_does_not_have(
    http_server: str, people: dict[str, Any]
) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            record = await ingest(client, CONTRACT, "documentary")
            wrong = error(await client.call_tool(
                "e_correct", {"sr_id": record["sr_id"], "text": "x", "authority": "gospel"}))  # fmt: skip
            empty = error(
                await client.call_tool("e_correct", {"sr_id": record["sr_id"], "text": " "})
            )
        async with http_client(http_server, people["watcher"].token) as client:
            watcher = error(await client.call_tool(
                "e_correct", {"sr_id": record["sr_id"], "text": "x"}))  # fmt: skip
        return {"wrong": wrong, "empty": empty, "watcher": watcher}

    out = run(scenario)
    assert out["wrong"]["code"] == "invalid_authority"
    assert out["wrong"]["details"]["levels"] == LEVELS
    assert str(LEVELS) in out["wrong"]["message"]
    assert out["empty"]["code"] == "invalid"
    assert out["watcher"]["code"] == "forbidden"


def test_gather_finds_matching_records_with_scores_and_levels(
    http_server: str, people: dict[str, Any]
) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            call = await ingest(client, CALL_NOTE, "conversational")
            contract = await ingest(client, CONTRACT, "documentary")
            await ingest(client, "The office coffee machine is broken again.", "conversational")
            hits = data(
                await client.call_tool(
                    "e_gather", {"lane": "acme", "query": "renewal date", "k": 2}
                )
            )
            empty = error(await client.call_tool("e_gather", {"lane": "acme", "query": "  "}))
            too_many = await client.call_tool("e_gather", {"lane": "acme", "query": "x", "k": 500})
        async with http_client(http_server, people["watcher"].token) as client:
            watcher = data(await client.call_tool("e_gather", {"lane": "acme", "query": "renewal"}))
        return {"call": call, "contract": contract, "hits": hits, "empty": empty,
                "too_many": too_many, "watcher": watcher}  # fmt: skip

    out = run(scenario)
    hits = out["hits"]["hits"]
    assert {h["sr_id"] for h in hits} == {out["call"]["sr_id"], out["contract"]["sr_id"]}
    assert {h["authority_level"] for h in hits} == {"conversational", "documentary"}
    assert all(
        h["score"] > 0 and h["snippet"] and h["key"].startswith(h["document_id"] + "#")
        for h in hits
    )
    assert hits == sorted(hits, key=lambda h: -h["score"])
    assert out["empty"]["message"] == ERR_EMPTY_QUERY
    assert out["too_many"].is_error
    assert "less than or equal to 50" in out["too_many"].content[0].text
    assert len(out["watcher"]["hits"]) == 3


def test_timeline_lists_versions_and_corrections_in_time_order(
    http_server: str, people: dict[str, Any]
) -> None:
    from curation.models import Document
    from curation.services.documents import document_ingest_text

    async def first_half() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            record = await ingest(client, CALL_NOTE, "conversational")
            data(
                await client.call_tool(
                    "e_correct", {"sr_id": record["sr_id"], "text": "It is December 31."}
                )
            )
            return record

    record = run(first_half)
    document = Document.objects.get(record_id=record["sr_id"])
    document_ingest_text(
        lane=document.lane, document_id=document.document_id, text=CALL_NOTE + " (per Sarah)",
        source_type="conversational", actor="curator",
    )  # fmt: skip

    async def second_half() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            return {
                "one": data(
                    await client.call_tool("e_timeline", {"lane": "acme", "sr_id": record["sr_id"]})
                ),
                "query": data(
                    await client.call_tool("e_timeline", {"lane": "acme", "query": "renewal"})
                ),
                "both": error(
                    await client.call_tool(
                        "e_timeline", {"lane": "acme", "sr_id": record["sr_id"], "query": "renewal"}
                    )
                ),  # fmt: skip
                "neither": error(await client.call_tool("e_timeline", {"lane": "acme"})),
            }

    out = run(second_half)
    events = out["one"]["events"]
    assert [(e["kind"], e["version"]) for e in events] == [
        ("version", 1),
        ("correction", None),
        ("version", 2),
    ]
    assert [e["at"] for e in events] == sorted(e["at"] for e in events)
    assert events[0]["authority"] == "conversational" and events[0]["by"] == "mcp:agent"
    assert events[1]["authority"] == "human_correction"
    assert out["query"]["sr_ids"] == [record["sr_id"]]
    assert out["query"]["events"] == events
    assert out["both"]["message"] == out["neither"]["message"] == ERR_TIMELINE_TARGET


def test_verify_judges_a_draft_against_the_records_it_cites(
    http_server: str, people: dict[str, Any]
) -> None:
    async def scenario() -> dict[str, Any]:
        async with http_client(http_server, people["agent"].token) as client:
            contract = await ingest(client, CONTRACT, "documentary")
            key = contract["document_id"] + "#0"
            draft = {"lane": "acme", "question": "When is the renewal due?", "mode": "normal",
                     "segments": [{"text": "The renewal is due December 31.", "citations": [key]}]}  # fmt: skip
            verified = await client.call_tool("cite_verify", draft)
            unknown = await client.call_tool("cite_verify", {**draft, "segments": [
                {"text": "The renewal is due December 31.", "citations": ["nope#0"]}]})  # fmt: skip
            bad_mode = await client.call_tool("cite_verify", {**draft, "mode": "lenient"})
            return {
                "verified": verified,
                "unknown": error(unknown),
                "bad_mode": error(bad_mode),
                "key": key,
            }

    out = run(scenario)
    assert out["unknown"]["code"] == "unknown_citation_keys"
    assert out["unknown"]["details"]["unknown_keys"] == ["nope#0"]
    assert "strict" in out["bad_mode"]["message"]
    answer = data(out["verified"])
    assert answer["lane"] == "acme" and answer["kind"] == "verify"
    assert any(out["key"] in c["citations"] for c in answer["claims"])


def test_an_unknown_tool_is_a_tool_error(http_server: str, people: dict[str, Any]) -> None:
    async def scenario() -> Any:
        async with http_client(http_server, people["agent"].token) as client:
            return await client.call_tool("e_delete", {"sr_id": "sr_" + "0" * 32})

    result = run(scenario)
    assert result.is_error
    assert "e_delete" in result.content[0].text

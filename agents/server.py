"""The MCP server: the tools, their schemas, tool errors, and per-agent instructions.

One server serves both transports. ``resolve_agent`` says who is calling: fixed for a stdio
process, read from the HTTP request otherwise. Tools run the synchronous services in Django's
thread-sensitive executor, as Django's own async views do.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal

from asgiref.sync import sync_to_async
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import close_old_connections
from mcp.server.context import CallNext, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from agents import tools
from agents.identity import Agent, AgentResolver
from agents.instructions import instructions_for
from agents.schemas import (
    DEFAULT_GATHER_K,
    MAX_GATHER_K,
    AnswerObject,
    CorrectionOut,
    GatherResult,
    IngestResult,
    LaneSlug,
    ReadResult,
    RecordId,
    Segment,
    TimelineResult,
)
from answers.services import MODES
from citenexus.domain.answer import SINGLE, STRATEGIES
from common.errors import ServiceError

SERVER_NAME = "citenexus"
# The instructions are per agent, so the text fixed at construction is only a fallback.
GENERIC_INSTRUCTIONS = "CiteNexus records with authority; connect signed in to see your lanes."
HANDSHAKE_METHODS = frozenset({"initialize", "server/discover"})

# The services' own lists (answers.services checks them): the tools' schema offers the same.
Mode = Literal[MODES]  # type: ignore[valid-type]
Strategy = Literal[STRATEGIES]  # type: ignore[valid-type]
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
WRITES = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)


def error_result(code: str, message: str, details: dict[str, Any] | None = None) -> CallToolResult:
    """A tool error the agent can read: the message as text, code and details as data."""
    error = {"code": code, "message": message, "details": details or {}}
    return CallToolResult(
        content=[TextContent(type="text", text=f"{code}: {message}")],
        structured_content={"error": error},
        is_error=True,
    )


def ok_result(data: BaseModel | dict[str, Any]) -> CallToolResult:
    payload = data.model_dump(mode="json") if isinstance(data, BaseModel) else data
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(payload, ensure_ascii=False))],
        structured_content=payload,
    )


def _in_request(fn: Callable[..., Any], agent: Agent, kwargs: dict[str, Any]) -> Any:
    # What Django does around each request: drop connections that are too old or broken.
    close_old_connections()
    try:
        return fn(agent, **kwargs)
    finally:
        close_old_connections()


class AgentTools:
    """Runs a tool function for the calling agent and turns domain errors into tool errors."""

    def __init__(self, resolve_agent: AgentResolver) -> None:
        self.resolve_agent = resolve_agent

    async def call(self, fn: Callable[..., Any], **kwargs: Any) -> CallToolResult:
        try:
            agent = self.resolve_agent()
            result = await sync_to_async(_in_request, thread_sensitive=True)(fn, agent, kwargs)
        except ServiceError as exc:
            return error_result(exc.code, exc.message, exc.details)
        except DjangoValidationError as exc:
            return error_result("invalid", "; ".join(exc.messages))
        return ok_result(result)

    async def instructions(self) -> str | None:
        try:
            agent = self.resolve_agent()
        except ServiceError:
            return None
        text: str = await sync_to_async(_in_request, thread_sensitive=True)(
            lambda a: instructions_for(a.user()), agent, {}
        )
        return text


def instructions_middleware(runner: AgentTools) -> Callable[..., Any]:
    """Replace the fixed instructions of ``initialize`` / ``server/discover`` with the agent's."""

    async def middleware(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> Any:
        result = await call_next(ctx)
        if ctx.method in HANDSHAKE_METHODS and isinstance(result, dict):
            try:
                text = await runner.instructions()
            except ServiceError:
                text = None
            if text:
                result = {**result, "instructions": text}
        return result

    return middleware


def build_server(resolve_agent: AgentResolver) -> MCPServer[Any]:
    """The MCP server with every tool, for agents ``resolve_agent`` identifies."""
    runner = AgentTools(resolve_agent)
    server: MCPServer[Any] = MCPServer(
        SERVER_NAME,
        title="CiteNexus",
        instructions=GENERIC_INSTRUCTIONS,
        middleware=[instructions_middleware(runner)],
    )
    _register(server, runner)
    return server


def _register(server: MCPServer[Any], runner: AgentTools) -> None:
    @server.tool(annotations=WRITES)
    async def e_ingest(
        lane: LaneSlug,
        content: Annotated[str, Field(description="the record's text")],
        source_type: Annotated[
            str, Field(description="e.g. documentary or conversational; the lane sets the level")
        ],
        title: str = "",
        source_system: Annotated[str, Field(description="the system the record came from")] = "",
    ) -> Annotated[CallToolResult, IngestResult]:
        """Write a record to a lane. There is no authority argument: the lane's policy gives the
        record the level that belongs to its source type. Writing the same content as the same
        source type again returns the same record."""
        return await runner.call(
            tools.e_ingest,
            lane=lane,
            content=content,
            source_type=source_type,
            title=title,
            source_system=source_system,
        )

    @server.tool(annotations=READ_ONLY)
    async def e_read(
        sr_ids: Annotated[list[RecordId], Field(min_length=1, max_length=100)],
    ) -> Annotated[CallToolResult, ReadResult]:
        """Read records: content, lane, source type, authority level, source system, ingest
        time, version, and each active correction with its own authority."""
        return await runner.call(tools.e_read, sr_ids=sr_ids)

    @server.tool(annotations=WRITES)
    async def e_correct(
        sr_id: RecordId,
        text: Annotated[str, Field(description="what the record should say instead")],
        authority: Annotated[
            str | None,
            Field(description="a level of the record's lane; human_correction if absent"),
        ] = None,
    ) -> Annotated[CallToolResult, CorrectionOut]:
        """Attach a correction to a record. It is returned beside the record by e_read and is
        weighed by its own authority."""
        return await runner.call(tools.e_correct, sr_id=sr_id, text=text, authority=authority)

    @server.tool(annotations=READ_ONLY)
    async def e_gather(
        lane: LaneSlug,
        query: Annotated[str, Field(description="words or a question to search for")],
        k: Annotated[int, Field(ge=1, le=MAX_GATHER_K)] = DEFAULT_GATHER_K,
    ) -> Annotated[CallToolResult, GatherResult]:
        """Find the records of a lane that best match a query, best first, with a snippet, a
        score and each record's authority level. Nothing is ranked or hidden by authority."""
        return await runner.call(tools.e_gather, lane=lane, query=query, k=k)

    @server.tool(annotations=READ_ONLY)
    async def e_timeline(
        lane: LaneSlug,
        sr_id: RecordId | None = None,
        query: Annotated[str | None, Field(description="instead of sr_id")] = None,
        k: Annotated[int, Field(ge=1, le=MAX_GATHER_K)] = DEFAULT_GATHER_K,
    ) -> Annotated[CallToolResult, TimelineResult]:
        """The versions and corrections of one record (sr_id) or of the records matching a
        query, oldest first."""
        return await runner.call(tools.e_timeline, lane=lane, sr_id=sr_id, query=query, k=k)

    @server.tool(annotations=WRITES)
    async def cite_ask(
        lane: LaneSlug,
        question: str,
        mode: Mode | None = None,
        strategy: Strategy = SINGLE,
    ) -> Annotated[CallToolResult, AnswerObject]:
        """Ask a question of a lane: an answer whose every claim is credited to records that
        support it and have standing, with conflicts, refusals and caveats, exactly as the
        API's POST /api/ask/ returns it."""
        return await runner.call(
            tools.cite_ask, lane=lane, question=question, mode=mode, strategy=strategy
        )

    @server.tool(annotations=WRITES)
    async def cite_verify(
        lane: LaneSlug,
        question: str,
        segments: Annotated[list[Segment], Field(min_length=1, max_length=200)],
        mode: Mode | None = None,
    ) -> Annotated[CallToolResult, AnswerObject]:
        """Check a draft you wrote: each segment's claims are judged against the records its
        citation keys name, exactly as the API's POST /api/verify/ does."""
        return await runner.call(
            tools.cite_verify, lane=lane, question=question, segments=segments, mode=mode
        )

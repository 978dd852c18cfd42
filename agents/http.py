"""The MCP server over streamable HTTP, behind the API's token authentication.

An agent sends ``Authorization: Token <key>`` (``Bearer <key>`` is accepted too, for clients
that only know that scheme). The key is checked by the API's own ``access.tokens.user_for_key``, so an
unknown, expired or revoked key or an inactive user is refused exactly as the API refuses it; the user's roles and
lane memberships then scope every tool call.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import close_old_connections
from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from rest_framework.exceptions import AuthenticationFailed  # type: ignore[import-untyped]
from starlette.types import Receive, Scope, Send

from access.tokens import user_for_key
from agents.identity import agent_from_context, current_agent, http_agent
from agents.server import build_server

MCP_PATH = "/mcp"
ERR_NO_TOKEN = "send your API token as 'Authorization: Token <key>'"
AUTH_SCHEMES = (b"token", b"bearer")


def transport_security() -> TransportSecuritySettings:
    """Host and Origin checks from the same ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS as Django."""
    hosts = list(settings.ALLOWED_HOSTS)
    if "*" in hosts:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    allowed = [h.lstrip(".") for h in hosts]
    origins = list(settings.CSRF_TRUSTED_ORIGINS)
    for host in allowed:
        origins += [f"http://{host}", f"http://{host}:*", f"https://{host}", f"https://{host}:*"]
    return TransportSecuritySettings(
        allowed_hosts=allowed + [f"{h}:*" for h in allowed], allowed_origins=origins
    )


def _token(scope: Scope) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            scheme, _, key = value.partition(b" ")
            if scheme.lower() in AUTH_SCHEMES and key.strip():
                return str(key.strip().decode("latin-1"))
    return None


def _user_for_token(key: str) -> AbstractBaseUser:
    close_old_connections()
    try:
        user: AbstractBaseUser = user_for_key(key)[0]
        return user
    finally:
        close_old_connections()


async def _refuse(send: Send, message: str) -> None:
    body = json.dumps(
        {"error": {"code": "not_authenticated", "message": message, "details": {}}}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"www-authenticate", b'Token realm="citenexus"'),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class McpHttpApp:
    """The ASGI app served at /mcp: authenticate, then hand the request to the SDK."""

    def __init__(self) -> None:
        self.server: MCPServer[Any] = build_server(agent_from_context)
        # Stateless: every request carries its token and is served on its own, so any worker
        # of a multi-process deployment can take it.
        self.server.streamable_http_app(
            streamable_http_path=MCP_PATH,
            stateless_http=True,
            json_response=True,
            transport_security=transport_security(),
        )

    @asynccontextmanager
    async def lifespan(self) -> AsyncIterator[None]:
        async with self.server.session_manager.run():
            yield

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        key = _token(scope)
        if key is None:
            await _refuse(send, ERR_NO_TOKEN)
            return
        try:
            user = await sync_to_async(_user_for_token, thread_sensitive=True)(key)
        except AuthenticationFailed as exc:
            await _refuse(send, str(exc.detail))
            return
        token = current_agent.set(http_agent(user))
        try:
            await self.server.session_manager.handle_request(scope, receive, send)
        finally:
            current_agent.reset(token)

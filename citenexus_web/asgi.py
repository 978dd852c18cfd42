"""The ASGI entry point: /mcp goes to the MCP server for agents, everything else to Django.

Serve it with ``uvicorn citenexus_web.asgi:application``. Django does not speak the ASGI
lifespan protocol, so this router answers it, starting and stopping the MCP session manager.
"""

from __future__ import annotations

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
django_application = get_asgi_application()

from agents.http import MCP_PATH, McpHttpApp  # noqa: E402  (needs Django set up first)
from curation.jobs import resume_pending_jobs  # noqa: E402

# Without a broker, jobs queued or waiting for a retry when the last process stopped run again.
resume_pending_jobs()

Scope = dict[str, Any]


class Router:
    """Route by path; answer the lifespan protocol for the MCP server's background tasks."""

    def __init__(self, django_app: Any, mcp_app: McpHttpApp) -> None:
        self.django_app = django_app
        self.mcp_app = mcp_app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http" and scope["path"] in (MCP_PATH, MCP_PATH + "/"):
            await self.mcp_app(scope, receive, send)
        else:
            await self.django_app(scope, receive, send)

    async def _lifespan(self, receive: Any, send: Any) -> None:
        if (await receive())["type"] != "lifespan.startup":
            return
        async with self.mcp_app.lifespan():
            await send({"type": "lifespan.startup.complete"})
            while (await receive())["type"] != "lifespan.shutdown":
                pass
        await send({"type": "lifespan.shutdown.complete"})


application = Router(django_application, McpHttpApp())

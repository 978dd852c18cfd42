"""Who an agent acts as: a Django user, seen through the same roles and lane memberships as
the web app and the API, and the name the audit log records for it."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from common.errors import Forbidden, Unauthenticated

ERR_NO_AGENT = "this connection is not signed in"
ERR_AGENT_GONE = "the user {username!r} this agent acts as no longer exists or is inactive"

# Over HTTP each request names its user; the ASGI middleware sets this and the SDK carries the
# request's context into the handler that serves it.
current_agent: contextvars.ContextVar[Agent | None] = contextvars.ContextVar(
    "citenexus_agent", default=None
)


@dataclass(frozen=True)
class Agent:
    """An agent's identity: the user whose roles scope it, and its audit name."""

    username: str
    actor: str

    def user(self) -> AbstractBaseUser:
        """The user, read afresh on every call so a changed role or membership applies at once."""
        model = get_user_model()
        user = model._default_manager.filter(
            **{str(model.USERNAME_FIELD): self.username}, is_active=True
        ).first()
        if user is None:
            raise Forbidden("forbidden", ERR_AGENT_GONE.format(username=self.username))
        return user


AgentResolver = Callable[[], Agent]


def agent_from_context() -> Agent:
    """The agent of the HTTP request being served."""
    agent = current_agent.get()
    if agent is None:
        raise Unauthenticated("not_authenticated", ERR_NO_AGENT)
    return agent


def http_agent(user: AbstractBaseUser) -> Agent:
    """An agent connected over HTTP with the user's API token; audited as ``mcp:<username>``."""
    return Agent(username=user.get_username(), actor=f"mcp:{user.get_username()}")


def stdio_agent(user: AbstractBaseUser) -> Agent:
    """A local agent started from the command line; audited as ``cli:<name>``
    (docs/design.md#roles)."""
    return Agent(username=user.get_username(), actor=f"cli:{user.get_username()}")

"""Errors that services, selectors and access checks raise, with no web framework in sight.

Each carries a stable ``code`` (clients branch on it), a ``message`` for people, ``details`` for
programs, and the HTTP status the API answers with. Every surface maps them its own way: the
API's exception handler (``citenexus_web/api_errors.py``) turns one into the JSON error shape
``{"error": {"code", "message", "details"}}`` (docs/api.md), pages show the message beside a
field or as Django's 404/403 page (``common.http.page_errors``), and the MCP server returns a
tool error (``agents/server.py``).

All of them take the same arguments: ``(code, message, details=None, status_code=None)``; a
subclass only sets the status it stands for.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refusal with a stable code; ``status_code`` defaults to the class's own."""

    status_code = 400

    def __init__(
        self,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        status_code: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: dict[str, Any] = details or {}
        if status_code is not None:
            self.status_code = status_code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, {self.details!r})"


class Invalid(ServiceError):
    """The input cannot be accepted (400): a bad field, file, draft or cursor."""

    status_code = 400


class Unauthenticated(ServiceError):
    """Nobody is signed in (401)."""

    status_code = 401


class Forbidden(ServiceError):
    """Signed in, but the role does not allow this (403)."""

    status_code = 403


class NotFound(ServiceError):
    """No such thing, or none this user may see (404): the two are never told apart."""

    status_code = 404


class Conflict(ServiceError):
    """The thing already exists or is in use (409)."""

    status_code = 409


class Throttled(ServiceError):
    """Too many requests of one kind (429); ``retry_after`` seconds until the next is allowed."""

    status_code = 429

    def __init__(
        self,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        status_code: int | None = None,
    ) -> None:
        super().__init__(code, message, details, status_code)
        self.retry_after = int(self.details.get("retry_after", 1))

"""Database URL parsing and the embedded PostgreSQL server."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from django.core.exceptions import ImproperlyConfigured


def database_from_url(url: str) -> dict[str, Any]:
    """Django DATABASES entry for ``postgres://user:pass@host:port/name?options``."""
    parsed = urlparse(url)
    if parsed.scheme not in {"postgres", "postgresql", "pgsql"}:
        raise ImproperlyConfigured(
            f"DATABASE_URL must be a postgres:// URL (PostgreSQL is the only database), got {parsed.scheme!r}"
        )
    query = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
    host = query.pop("host", None) or (unquote(parsed.hostname) if parsed.hostname else "")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parsed.path.lstrip("/")) or "postgres",
        "USER": unquote(parsed.username or ""),
        "PASSWORD": unquote(parsed.password or ""),
        "HOST": host,
        "PORT": str(parsed.port or ""),
        "OPTIONS": query,
        "CONN_HEALTH_CHECKS": True,
    }

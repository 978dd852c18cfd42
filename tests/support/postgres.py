"""A second, separately started PostgreSQL (with pgvector) for tests of external services.

It is another embedded server on its own data directory, reached only by ``DATABASE_URL`` over
its Unix socket: to the app it is as external as any managed PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote


def database_url(host: str, database: str, user: str = "postgres") -> str:
    """A ``DATABASE_URL`` for a server listening on the Unix socket directory ``host``."""
    return f"postgresql://{user}@/{quote(database)}?host={quote(host, safe='')}"


@contextmanager
def second_postgres(data_dir: Path, database: str) -> Iterator[str]:
    """Start a server on ``data_dir`` with an empty ``database``; yield its URL; stop it after."""
    from common.embedded_postgres import ensure_server, stop_server

    host = ensure_server(data_dir, database)
    try:
        yield database_url(host, database)
    finally:
        stop_server(data_dir)

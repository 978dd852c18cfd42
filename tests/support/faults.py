"""Fault injection shared by the API and page tests."""

from __future__ import annotations

from typing import Any


def kill_on_answer_insert(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    """An execute wrapper: the session dies just as the answer's own INSERT is sent.

    Use with ``connection.execute_wrapper``; the backend is terminated from a second connection,
    which waits until it has gone, so the INSERT meets a dead session.
    """
    from django.db import connections

    if sql.startswith('INSERT INTO "answers_answer"'):
        pid = context["connection"].connection.info.backend_pid
        killer = connections.create_connection("default")
        try:
            with killer.cursor() as cursor:
                cursor.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])
        finally:
            killer.close()
    return execute(sql, params, many, context)

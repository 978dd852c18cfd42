from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from access.roles import visible_lanes


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"lanes": visible_lanes(request.user)})


BROKER_TIMEOUT_SECONDS = 2.0


def _database_checks() -> dict[str, bool]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            return {"database": True, "vector": cursor.fetchone() is not None}
    except Exception:
        return {"database": False, "vector": False}


def _broker_check(url: str) -> bool:
    """Connect to the broker once, giving up after ``BROKER_TIMEOUT_SECONDS``; never retry."""
    from kombu.connection import Connection

    try:
        with Connection(url, connect_timeout=BROKER_TIMEOUT_SECONDS) as conn:  # type: ignore[no-untyped-call]
            conn.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT_SECONDS)
        return True
    except Exception:
        return False


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness and readiness: 200 only if every configured dependency answers, else 503.

    Checks the database and its vector extension, and the Celery broker when
    ``CELERY_BROKER_URL`` is set (without one, tasks run in-process and there is no broker).
    """
    checks = _database_checks()
    broker_url = getattr(settings, "CELERY_BROKER_URL", None)
    if broker_url:
        checks["broker"] = _broker_check(str(broker_url))
    ok = all(checks.values())
    return JsonResponse({"ok": ok, "checks": checks}, status=200 if ok else 503)

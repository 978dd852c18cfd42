from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from curation.roles import visible_lanes


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"lanes": visible_lanes(request.user)})


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness and readiness: the database answers and has the vector extension."""
    checks: dict[str, bool] = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            checks["database"] = True
            checks["vector"] = cursor.fetchone() is not None
    except Exception:
        checks["database"] = False
        checks["vector"] = False
    ok = all(checks.values())
    return JsonResponse({"ok": ok, "checks": checks}, status=200 if ok else 503)

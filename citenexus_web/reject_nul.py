"""Refuse NUL characters in the URL before any view runs.

PostgreSQL text cannot hold NUL, so a ``%00`` in a path segment or query parameter used to reach
the database as a filter value and fail there with a 500. Form and serializer fields already
refuse NUL in bodies; this closes the URL side for every view at once.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

ERR_NUL_IN_URL = "the URL contains a NUL character"


def _has_nul(request: HttpRequest) -> bool:
    raw = request.META.get("QUERY_STRING", "")
    return "\x00" in request.path or "\x00" in unquote(raw)


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _has_nul(request):
            return self.get_response(request)
        if request.path.startswith("/api/"):
            body = {"error": {"code": "invalid", "message": ERR_NUL_IN_URL, "details": {}}}
            return JsonResponse(body, status=400)
        return HttpResponseBadRequest(ERR_NUL_IN_URL)

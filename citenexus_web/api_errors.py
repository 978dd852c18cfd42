"""Every API error is JSON ``{"error": {"code", "message", "details"}}`` with a 4xx status.

Services raise ``common.errors.ServiceError``; this handler is the one place that turns it (and
Django's and DRF's own errors) into that shape.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.errors import ServiceError, Throttled


def error_response(
    code: str, message: str, details: dict[str, Any] | None = None, status_code: int = 400
) -> Response:
    return Response(
        {"error": {"code": code, "message": message, "details": details or {}}},
        status=status_code,
    )


def _django_validation_details(exc: DjangoValidationError) -> dict[str, Any]:
    if hasattr(exc, "message_dict"):
        return {"fields": exc.message_dict}
    return {"messages": exc.messages}


ERR_DATABASE_UNAVAILABLE = "the database is unavailable; nothing was changed, try again"
ERR_NOT_FOUND = "no such API endpoint"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, (OperationalError, InterfaceError)):
        # The request's transaction was rolled back with the connection; nothing half-applied.
        return error_response("database_unavailable", ERR_DATABASE_UNAVAILABLE, status_code=503)
    if isinstance(exc, ServiceError):
        response = error_response(exc.code, exc.message, exc.details, exc.status_code)
        if isinstance(exc, Throttled):
            response["Retry-After"] = str(exc.retry_after)
        return response
    if isinstance(exc, DjangoValidationError):
        return error_response("invalid", "; ".join(exc.messages), _django_validation_details(exc))
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(exc, exceptions.ValidationError):
        code, message, details = "invalid", "the request is not valid", {"fields": data}
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        message = str(exc.detail) if not isinstance(exc.detail, (dict, list)) else code
        details = {}
    else:  # pragma: no cover - DRF only hands us APIException subclasses here
        code, message, details = "error", str(exc), {}
    response.data = {"error": {"code": code, "message": message, "details": details}}
    return response


def api_not_found(request: HttpRequest, exception: Exception | None = None) -> Any:
    """handler404: the JSON error shape under /api/, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        body = {"error": {"code": "not_found", "message": ERR_NOT_FOUND, "details": {}}}
        return JsonResponse(body, status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception or Http404())

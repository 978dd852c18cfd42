"""Small request helpers the pages and APIs of several apps share."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse

from common.errors import Forbidden, NotFound, Throttled


def is_htmx(request: Any) -> bool:
    """True for requests htmx made (django-htmx's middleware sets ``request.htmx``)."""
    return bool(getattr(request, "htmx", False))


def actor_name(request: Any) -> str:
    """The name the audit log records for the signed-in user of a request."""
    return str(request.user.get_username())


@contextmanager
def page_errors() -> Iterator[None]:
    """Inside a page view: NotFound becomes Django's 404 page and Forbidden its 403 page.

    Other service errors pass through; a page shows those beside the field they concern.
    """
    try:
        yield
    except NotFound as exc:
        raise Http404(exc.message) from exc
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc


def throttled_response(response: HttpResponse, throttled: Throttled) -> HttpResponse:
    """A page shown instead of a throttled action: 429 and when to try again."""
    response.status_code = 429
    response["Retry-After"] = str(throttled.retry_after)
    return response


IMAGE_POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"
)


def png_response(png: bytes, cache_control: str = "private, max-age=3600") -> HttpResponse:
    """A private PNG (a rendered PDF page): cached by the browser, never sniffed as HTML."""
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = cache_control
    response["X-Content-Type-Options"] = "nosniff"
    # An image opened on its own is shown in the browser's image viewer, which styles itself
    # inline; nothing here can run (default-src 'none'), so its own styles are let through.
    response["Content-Security-Policy"] = IMAGE_POLICY
    return response

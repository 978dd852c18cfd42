"""A strict Content-Security-Policy on every response (docs/deploy.md, "Security headers").

Django 5.2 has no CSP support of its own (6.0 adds it), and the policy is one header, so a small
middleware sets it rather than a package. The pages need nothing inline: scripts and styles are
files under /static/, htmx is told not to inject its indicator ``<style>`` (``htmx-config`` in
base.html; app.css styles the indicator), and the API docs page runs Swagger UI from files too
(``SpectacularSwaggerSplitView``, with its inline ``<style>`` moved to static/). So one policy
serves every page, the API docs included; a view that ever needs another sets the header itself
and this middleware leaves it alone.

``data:`` images only: Swagger UI draws its icons as ``data:`` SVGs from its stylesheet.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

HEADER = "Content-Security-Policy"

POLICY: dict[str, tuple[str, ...]] = {
    "default-src": ("'self'",),
    "script-src": ("'self'",),
    "style-src": ("'self'",),
    "img-src": ("'self'", "data:"),
    "font-src": ("'self'",),
    "connect-src": ("'self'",),
    "form-action": ("'self'",),
    "frame-ancestors": ("'none'",),
    "base-uri": ("'none'",),
    "object-src": ("'none'",),
}


def header_value(policy: dict[str, tuple[str, ...]]) -> str:
    """The policy as one header value: ``directive source source; directive ...``."""
    return "; ".join(" ".join((directive, *sources)) for directive, sources in policy.items())


POLICY_HEADER = header_value(POLICY)


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Adds the policy to every response that does not carry one already (sync and async)."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if HEADER not in response:
            response[HEADER] = POLICY_HEADER
        return response

"""The sign-in page when a username is locked out, and the API tokens page (user menu)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from access.tokens import max_days
from accounts.services import token_create, token_list, token_revoke
from common.errors import ServiceError
from common.http import actor_name

# The same words whether or not the username exists: a lockout never tells which names are real.
ERR_LOCKED_OUT = (
    "Too many failed sign-ins for this username. Try again in {minutes} minutes, or ask an "
    "administrator to unlock it."
)
MSG_TOKEN_REVOKED = "Token “{name}” revoked: it no longer works."


def login_locked_out(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """django-axes' lockout response: the sign-in page with the lockout message, 429."""
    minutes = int(settings.CITENEXUS_LOGIN_LOCKOUT_MINUTES)
    ctx = {
        "form": AuthenticationForm(request),
        "next": request.POST.get("next", ""),
        "locked_out": ERR_LOCKED_OUT.format(minutes=minutes),
    }
    response = render(request, "registration/login.html", ctx, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response


@login_required
def tokens_page(request: HttpRequest) -> HttpResponse:
    """List the user's working tokens; make one (its key shown on this response only)."""
    ctx: dict[str, Any] = {
        "max_days": max_days(),
        "default_days": settings.CITENEXUS_API_TOKEN_DEFAULT_DAYS,
    }
    status = 200
    if request.method == "POST":
        try:
            token, key = token_create(
                user=request.user,
                actor=actor_name(request),
                name=request.POST.get("name", ""),
                expires_in_days=request.POST.get("expires_in_days", ""),
            )
        except ServiceError as exc:
            ctx.update(error=exc.message, name=request.POST.get("name", ""))
            status = 400
        else:
            ctx.update(new_token=token, new_key=key)
    ctx["tokens"] = list(token_list(user=request.user))
    response = render(request, "accounts/tokens.html", ctx, status=status)
    # A key is on this page once: never from a cache or the back button.
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke_view(request: HttpRequest, token_id: int) -> HttpResponse:
    from common.http import page_errors

    with page_errors():
        token = token_revoke(by=request.user, actor=actor_name(request), token_id=token_id)
    messages.success(request, MSG_TOKEN_REVOKED.format(name=token.name))
    return redirect("api-tokens")

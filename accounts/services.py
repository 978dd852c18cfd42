"""API tokens made and revoked, and sign-in lockouts, each recorded in the audit log."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from access.models import ApiToken
from access.roles import has_global_role
from access.tokens import api_token_issue, valid_token_fields
from audit.services import audit_record
from common.errors import NotFound

ERR_NO_SUCH_TOKEN = "no such token"


def token_list(*, user: Any) -> QuerySet[ApiToken]:
    """The user's tokens that still work (not revoked, not expired), newest first."""
    return ApiToken.objects.filter(user_id=user.pk, revoked_at__isnull=True).filter(
        expires_at__gt=timezone.now()
    )


@transaction.atomic
def token_create(
    *, user: Any, actor: str, name: Any, expires_in_days: Any = None
) -> tuple[ApiToken, str]:
    """A new token for ``user``; its key is returned here once and never again."""
    clean_name, days = valid_token_fields(name, expires_in_days)
    token, key = api_token_issue(user=user, name=clean_name, expires_in_days=days)
    audit_record(
        actor=actor,
        action="api_token_create",
        details={
            "token_id": token.pk,
            "user": user.get_username(),
            "name": clean_name,
            "expires_at": token.expires_at.isoformat() if token.expires_at else None,
        },
    )
    return token, key


@transaction.atomic
def token_revoke(*, by: Any, actor: str, token_id: int) -> ApiToken:
    """Revoke a token of ``by`` (or anyone's, for an admin); anyone else's is ``NotFound``."""
    tokens = ApiToken.objects.select_for_update().select_related("user")
    if not has_global_role(by, "admin"):
        tokens = tokens.filter(user_id=by.pk)
    token = tokens.filter(pk=token_id, revoked_at__isnull=True).first()
    if token is None:
        raise NotFound("not_found", ERR_NO_SUCH_TOKEN)
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    audit_record(
        actor=actor,
        action="api_token_revoke",
        details={"token_id": token.pk, "user": token.user.get_username(), "name": token.name},
    )
    return token


def login_lockout_record(
    sender: Any, request: Any = None, username: str | None = None, **kwargs: Any
) -> None:
    """django-axes says a username is locked out: record it once, when the limit is reached.

    Every later failure during the lockout signals again; those are not recorded, or anyone
    could fill the log by trying a locked username.
    """
    failures = getattr(request, "axes_failures_since_start", None)
    if failures != settings.AXES_FAILURE_LIMIT:
        return
    with transaction.atomic():
        audit_record(
            actor="system:login",
            action="login_locked_out",
            details={
                "username": username or "",
                "failures": failures,
                "ip_address": kwargs.get("ip_address") or "",
                "locked_minutes": settings.CITENEXUS_LOGIN_LOCKOUT_MINUTES,
            },
        )


@transaction.atomic
def login_unlock(*, username: str, actor: str) -> int:
    """Lift the lockout of ``username``; the number of failure records cleared."""
    from axes.utils import reset

    cleared = int(reset(username=username) or 0)
    audit_record(
        actor=actor,
        action="login_unlocked",
        details={"username": username, "cleared": cleared},
    )
    return cleared

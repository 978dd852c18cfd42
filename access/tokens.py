"""API tokens: named, expiring, revocable keys stored only as digests (docs/design.md#api-tokens).

``api_token_issue`` makes a key and returns it once; nothing can show it again. The DRF
authentication class (``ApiTokenAuthentication``) and the MCP server (``agents/http.py``) both
check a key with ``user_for_key``: an unknown, expired or revoked key, or a key of an inactive
user, is refused alike.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.utils import timezone
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from access.models import ApiToken
from common.errors import Invalid

KEY_PREFIX = "cnx_"
KEYWORD = "Token"
# last_used_at is written at most this often per token, not on every request.
LAST_USED_EVERY = dt.timedelta(minutes=1)

ERR_BAD_KEY = "invalid, expired or revoked API token"
ERR_BAD_HEADER = "send your API token as 'Authorization: Token <key>'"
ERR_NAME = "give the token a name (at most 100 characters)"
ERR_DAYS = "expires_in_days must be a whole number from 1 to {max_days}"


def default_days() -> int:
    return int(getattr(settings, "CITENEXUS_API_TOKEN_DEFAULT_DAYS", 90))


def max_days() -> int:
    return int(getattr(settings, "CITENEXUS_API_TOKEN_MAX_DAYS", 365))


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def valid_token_fields(name: Any, expires_in_days: Any) -> tuple[str, int]:
    """The name and lifetime of a new token, or ``Invalid`` naming the field."""
    clean = str(name or "").strip()
    if not clean or len(clean) > 100:
        raise Invalid("invalid", ERR_NAME, {"field": "name"})
    days = default_days() if expires_in_days in (None, "") else expires_in_days
    if isinstance(days, bool) or not isinstance(days, int | str):
        raise Invalid("invalid", ERR_DAYS.format(max_days=max_days()), {"field": "expires_in_days"})
    try:
        days = int(days)
    except ValueError:
        raise Invalid(
            "invalid", ERR_DAYS.format(max_days=max_days()), {"field": "expires_in_days"}
        ) from None
    if not 1 <= days <= max_days():
        raise Invalid("invalid", ERR_DAYS.format(max_days=max_days()), {"field": "expires_in_days"})
    return clean, days


def api_token_issue(*, user: Any, name: str, expires_in_days: int) -> tuple[ApiToken, str]:
    """A new token for ``user``; the key is returned here and never stored or shown again."""
    key = new_key()
    token = ApiToken(
        user=user,
        name=name,
        digest=key_digest(key),
        expires_at=timezone.now() + dt.timedelta(days=expires_in_days),
    )
    token.full_clean()
    token.save()
    return token, key


def is_active(token: ApiToken, now: dt.datetime | None = None) -> bool:
    now = now or timezone.now()
    return token.revoked_at is None and (token.expires_at is None or token.expires_at > now)


def user_for_key(key: str) -> tuple[Any, ApiToken]:
    """The user a key belongs to and its token; ``AuthenticationFailed`` for any other key."""
    token = ApiToken.objects.select_related("user").filter(digest=key_digest(key.strip())).first()
    now = timezone.now()
    if token is None or not is_active(token, now) or not token.user.is_active:
        raise AuthenticationFailed(ERR_BAD_KEY)
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token.user, token


class ApiTokenAuthentication(BaseAuthentication):
    """``Authorization: Token <key>`` against the hashed tokens; 401 with a challenge otherwise."""

    def authenticate(self, request: Any) -> tuple[Any, ApiToken] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != KEYWORD.lower().encode():
            return None
        if len(parts) != 2:
            raise AuthenticationFailed(ERR_BAD_HEADER)
        try:
            key = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise AuthenticationFailed(ERR_BAD_KEY) from None
        return user_for_key(key)

    def authenticate_header(self, request: Any) -> str:
        return KEYWORD

"""API tokens: stored hashed, named, expiring, revocable; listed without their keys; an admin may
revoke anyone's, a user only their own (docs/api.md#api-tokens)."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from access.models import ApiToken
from access.tokens import ERR_BAD_KEY, api_token_issue, key_digest
from audit.models import AuditEvent

pytestmark = pytest.mark.django_db


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def make(api: Any, user: Any, name: str = "laptop", days: int | None = 30) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name}
    if days is not None:
        body["expires_in_days"] = days
    response = api(user).post("/api/tokens/", body, format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


def test_a_new_token_shows_its_key_once_and_stores_only_its_digest(api: Any, reviewer: Any) -> None:
    made = make(api, reviewer)
    key = made["key"]
    assert set(made) == {"id", "name", "created_at", "expires_at", "last_used_at", "key"}
    stored = ApiToken.objects.get(pk=made["id"])
    assert stored.digest == key_digest(key) != key
    assert key not in {str(getattr(stored, f.attname)) for f in ApiToken._meta.fields}
    expires = dt.datetime.fromisoformat(made["expires_at"])
    assert dt.timedelta(days=29, hours=23) < expires - timezone.now() <= dt.timedelta(days=30)
    event = AuditEvent.objects.get(action="api_token_create")
    assert event.details["token_id"] == made["id"] and key not in event.canonical


def test_the_key_works_and_the_list_never_shows_a_key(api: Any, reviewer: Any) -> None:
    key = make(api, reviewer)["key"]
    response = with_key(key).get("/api/tokens/")
    assert response.status_code == 200
    (listed,) = response.json()
    assert set(listed) == {"id", "name", "created_at", "expires_at", "last_used_at"}
    assert listed["last_used_at"] is not None  # this very request used it
    assert key not in response.content.decode()


def test_an_expired_key_is_refused_with_401(api: Any, reviewer: Any) -> None:
    made = make(api, reviewer)
    ApiToken.objects.filter(pk=made["id"]).update(
        expires_at=timezone.now() - dt.timedelta(seconds=1)
    )
    response = with_key(made["key"]).get("/api/tokens/")
    assert response.status_code == 401
    assert response.json()["error"]["message"] == ERR_BAD_KEY
    assert response["WWW-Authenticate"] == "Token"


def test_a_revoked_key_is_refused_with_401(api: Any, reviewer: Any) -> None:
    made = make(api, reviewer)
    assert with_key(made["key"]).delete(f"/api/tokens/{made['id']}/").status_code == 204
    assert with_key(made["key"]).get("/api/tokens/").status_code == 401
    assert api(reviewer).get("/api/tokens/").json() == []
    assert AuditEvent.objects.filter(action="api_token_revoke").count() == 1


def test_an_unknown_key_is_refused_with_401() -> None:
    assert with_key("cnx_not-a-key").get("/api/tokens/").status_code == 401


def test_a_user_cannot_revoke_another_users_token(api: Any, reviewer: Any, curator: Any) -> None:
    made = make(api, reviewer)
    response = api(curator).delete(f"/api/tokens/{made['id']}/")
    assert response.status_code == 404
    assert with_key(made["key"]).get("/api/tokens/").status_code == 200
    assert api(curator).get("/api/tokens/").json() == []  # nor see it


def test_an_admin_may_revoke_anyones_token(api: Any, reviewer: Any, make_user: Any) -> None:
    boss = make_user("boss", superuser=True)
    made = make(api, reviewer)
    assert api(boss).delete(f"/api/tokens/{made['id']}/").status_code == 204
    assert with_key(made["key"]).get("/api/tokens/").status_code == 401


@pytest.mark.parametrize(
    "body",
    [
        {"name": ""},
        {"name": "x" * 101},
        {"name": "ok", "expires_in_days": 0},
        {"name": "ok", "expires_in_days": 366},
        {"name": "ok", "expires_in_days": "soon"},
    ],
)
def test_a_bad_name_or_lifetime_is_400_and_makes_nothing(
    api: Any, reviewer: Any, body: dict[str, Any]
) -> None:
    response = api(reviewer).post("/api/tokens/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
    assert not ApiToken.objects.exists()


def test_without_a_lifetime_a_token_gets_the_default(
    api: Any, reviewer: Any, settings: Any
) -> None:
    made = make(api, reviewer, days=None)
    expires = dt.datetime.fromisoformat(made["expires_at"])
    days = settings.CITENEXUS_API_TOKEN_DEFAULT_DAYS
    assert expires - timezone.now() > dt.timedelta(days=days - 1)


def test_anonymous_callers_cannot_list_or_make_tokens(api: Any) -> None:
    assert api(None).get("/api/tokens/").status_code in (401, 403)
    assert api(None).post("/api/tokens/", {"name": "x"}, format="json").status_code in (401, 403)


def test_drf_create_token_prints_a_working_key(reviewer: Any) -> None:
    out = io.StringIO()
    call_command("drf_create_token", "reviewer", stdout=out)
    key = out.getvalue().strip()
    assert with_key(key).get("/api/tokens/").status_code == 200
    assert ApiToken.objects.get(user=reviewer).digest == key_digest(key)


def test_an_inactive_users_key_is_refused(reviewer: Any) -> None:
    _, key = api_token_issue(user=reviewer, name="t", expires_in_days=1)
    reviewer.is_active = False
    reviewer.save()
    assert with_key(key).get("/api/tokens/").status_code == 401


def test_the_tokens_page_makes_a_token_shows_its_key_once_and_revokes(
    client: Any, reviewer: Any
) -> None:
    client.force_login(reviewer)
    made = client.post("/account/tokens/", {"name": "script", "expires_in_days": "7"})
    assert made.status_code == 200 and made["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=reviewer, name="script")
    key = made.context["new_key"]
    assert key in made.content.decode() and token.digest == key_digest(key)
    again = client.get("/account/tokens/")
    assert "script" in again.content.decode() and key not in again.content.decode()
    revoked = client.post(f"/account/tokens/{token.pk}/revoke/", follow=True)
    assert "revoked" in revoked.content.decode()
    assert with_key(key).get("/api/tokens/").status_code == 401


def test_the_tokens_page_refuses_to_revoke_another_users_token(
    client: Any, reviewer: Any, curator: Any
) -> None:
    token, key = api_token_issue(user=reviewer, name="t", expires_in_days=1)
    client.force_login(curator)
    assert client.post(f"/account/tokens/{token.pk}/revoke/").status_code == 404
    assert with_key(key).get("/api/tokens/").status_code == 200


def test_the_openapi_schema_tells_clients_how_to_send_a_token() -> None:
    """Generated clients and the docs' Authorize button read the scheme from /api/schema/."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    scheme = schema["components"]["securitySchemes"]["apiToken"]
    assert (scheme["type"], scheme["in"], scheme["name"]) == ("apiKey", "header", "Authorization")
    assert "Token <key>" in scheme["description"]
    operations = [
        (path, method, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if path.startswith("/api/") and path != "/api/schema/"
    ]
    assert operations
    missing = [
        (path, method)
        for path, method, operation in operations
        if {"apiToken": []} not in operation.get("security", [])
    ]
    assert missing == []

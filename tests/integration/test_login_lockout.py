"""Sign-in lockout: after too many failed sign-ins for a username within the window, that
username is refused for a while; the page says so whether or not the username exists; the
lockout is in the audit log once; ``manage.py unlock_login`` lifts it."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.core.management import call_command

from accounts.views import ERR_LOCKED_OUT
from audit.models import AuditEvent

pytestmark = pytest.mark.django_db

LIMIT = 3
CSRF = re.compile(r'(csrftoken": "|name="csrfmiddlewaretoken" value=")[^"]+')


@pytest.fixture(autouse=True)
def small_limit(settings: Any) -> None:
    settings.AXES_FAILURE_LIMIT = LIMIT


def sign_in(client: Any, username: str, password: str) -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password})


def locked_message(settings: Any) -> str:
    return ERR_LOCKED_OUT.format(minutes=settings.CITENEXUS_LOGIN_LOCKOUT_MINUTES)


def test_a_wrong_password_below_the_limit_is_an_ordinary_failure(
    client: Any, reviewer: Any
) -> None:
    response = sign_in(client, "reviewer", "wrong")
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_after_the_limit_even_the_right_password_is_refused(
    client: Any, reviewer: Any, settings: Any
) -> None:
    for _ in range(LIMIT - 1):
        assert sign_in(client, "reviewer", "wrong").status_code == 200
    locked = sign_in(client, "reviewer", "wrong")
    assert locked.status_code == 429
    assert locked_message(settings) in locked.content.decode()
    right = sign_in(client, "reviewer", "pw-reviewer")
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session
    assert int(right["Retry-After"]) == settings.CITENEXUS_LOGIN_LOCKOUT_MINUTES * 60


def test_the_lockout_page_does_not_tell_whether_the_username_exists(
    client: Any, reviewer: Any
) -> None:
    pages = {}
    for username in ("reviewer", "nobody-here"):
        for _ in range(LIMIT):
            response = sign_in(client, username, "wrong")
        page = CSRF.sub("csrf", response.content.decode())  # a fresh token on every page
        pages[username] = (response.status_code, page)
    assert pages["reviewer"] == pages["nobody-here"]


def test_other_usernames_are_not_locked(client: Any, reviewer: Any, curator: Any) -> None:
    for _ in range(LIMIT):
        sign_in(client, "reviewer", "wrong")
    assert sign_in(client, "curator", "pw-curator").status_code == 302


def test_the_lockout_is_recorded_once_in_the_audit_log(client: Any, reviewer: Any) -> None:
    for _ in range(LIMIT + 3):
        sign_in(client, "reviewer", "wrong")
    (event,) = AuditEvent.objects.filter(action="login_locked_out")
    assert event.details["username"] == "reviewer"
    assert event.details["failures"] == LIMIT


def test_unlock_login_lifts_the_lockout_and_is_audited(client: Any, reviewer: Any) -> None:
    for _ in range(LIMIT):
        sign_in(client, "reviewer", "wrong")
    assert sign_in(client, "reviewer", "pw-reviewer").status_code == 429
    out = io.StringIO()
    call_command("unlock_login", "reviewer", "--actor", "ops", stdout=out)
    assert "reviewer: unlocked" in out.getvalue()
    assert sign_in(client, "reviewer", "pw-reviewer").status_code == 302
    event = AuditEvent.objects.get(action="login_unlocked")
    assert (event.actor, event.details["username"]) == ("cli:ops", "reviewer")

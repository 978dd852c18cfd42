"""Security headers: the strict Content-Security-Policy on every route, HTTPS in production.

Every route is reached through the permission matrix's table (tests/integration/
test_permission_matrix.py), which fails when a named route has no row, so a new page cannot
slip past the policy check either.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from citenexus_web.csp import HEADER, POLICY, POLICY_HEADER
from common.http import IMAGE_POLICY
from tests.integration.test_permission_matrix import (
    API_ROWS,
    PAGE_ROWS,
    _call_api,
    _call_page,
    _world,
)

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"

pytestmark = pytest.mark.django_db


def test_the_policy_allows_no_inline_script_no_eval_and_no_framing() -> None:
    assert POLICY["script-src"] == ("'self'",)
    assert POLICY["style-src"] == ("'self'",)
    assert POLICY["frame-ancestors"] == ("'none'",)
    assert POLICY["object-src"] == ("'none'",)
    assert "unsafe" not in POLICY_HEADER
    assert POLICY_HEADER.startswith("default-src 'self'; script-src 'self'; ")


def test_every_page_and_endpoint_carries_the_policy(
    api: Any, lane: Any, other_lane: Any, curator: Any, admin: Any
) -> None:
    world = _world(lane, other_lane, curator)
    # A PNG carries its own policy, stricter still: nothing may run or load (common.http).
    images = {"document-page-image", "api-document-page"}
    page_client = Client()
    page_client.force_login(admin)
    missing = {}
    for row in PAGE_ROWS:
        if row.name == "logout":
            continue  # signing out here would sign out the rows after it
        response = _call_page(page_client, row, world)
        if response.get(HEADER) != (IMAGE_POLICY if row.name in images else POLICY_HEADER):
            missing[f"{row.method} {row.name}"] = response.status_code
    api_client = api(admin)
    for row in API_ROWS:
        response = _call_api(api_client, row, world)
        if response.get(HEADER) != (IMAGE_POLICY if row.name in images else POLICY_HEADER):
            missing[f"{row.method} {row.name}"] = response.status_code
    assert missing == {}
    assert "default-src 'none'" in IMAGE_POLICY and "script" not in IMAGE_POLICY


@pytest.mark.parametrize(
    "path", ["/accounts/login/", "/no-such-page/", "/api/no-such-endpoint/", "/healthz"]
)
def test_anonymous_callers_and_not_found_pages_get_the_policy_too(path: str) -> None:
    response = Client().get(path)
    assert response[HEADER] == POLICY_HEADER
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_django_admin_pages_carry_the_policy(make_user: Any) -> None:
    client = Client()
    client.force_login(make_user("root", superuser=True))
    for path in ("/admin/", "/admin/auth/user/", "/admin/curation/lane/"):
        response = client.get(path)
        assert (response.status_code, response[HEADER]) == (200, POLICY_HEADER), path


def test_the_api_docs_page_loads_swagger_from_files_only() -> None:
    page = Client().get("/api/docs/")
    html = page.content.decode()
    assert page.status_code == 200 and page[HEADER] == POLICY_HEADER
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline <script> remains"
    assert "<style" not in html
    script = Client().get("/api/docs/?script")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


# What the policy would block in a template: an inline script or style, a handler attribute, a
# javascript: URL. (Data goes into SVG presentation attributes such as fill=, never style=.)
INLINE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.IGNORECASE
)


COMMENT = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.DOTALL)


def _without_comments(text: str) -> str:
    """Template comments blanked out, keeping their line breaks so line numbers stay right."""
    return COMMENT.sub(lambda m: "\n" * m.group().count("\n"), text)


def test_no_template_holds_what_the_policy_would_block() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for n, line in enumerate(_without_comments(path.read_text()).splitlines(), 1)
        if INLINE.search(line)
    ]
    assert found == []


def test_the_template_check_finds_each_kind_of_inline_code() -> None:
    blocked = [
        "<script>alert(1)</script>",
        '<script type="module">x()</script>',
        "<style>p { color: red }</style>",
        '<span style="color: red">',
        '<button onclick="go()">',
        '<a href="javascript:go()">',
    ]
    allowed = [
        '<script src="/static/x.js" defer></script>',
        '<rect fill="#444"/>',
        '<link rel="stylesheet" href="/static/app.css">',
        "{# <script>kept out by a comment</script> #}",
    ]
    assert [bool(INLINE.search(_without_comments(s))) for s in blocked] == [True] * len(blocked)
    assert [bool(INLINE.search(_without_comments(s))) for s in allowed] == [False] * len(allowed)


# --- production settings (DEBUG off), in a fresh process ---------------------------------------

PRODUCTION_ENV = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-like-secret-key-of-more-than-fifty-characters-0123456789",
    "ALLOWED_HOSTS": "citenexus.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://citenexus.example.org",
    # Nothing listens there: the requests below must not need the database.
    "DATABASE_URL": "postgresql://nobody:nothing@127.0.0.1:9/none",
    "DJANGO_SETTINGS_MODULE": "citenexus_web.settings",
    "HF_HUB_OFFLINE": "1",
}
REQUESTS = """
import json, django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="citenexus.example.org")
plain = client.get("/accounts/login/")
secure = client.get("/accounts/login/", HTTP_X_FORWARDED_PROTO="https")
health = client.get("/healthz")
print(json.dumps({
    "plain": [plain.status_code, plain.get("Location")],
    "secure": [secure.status_code, secure.get("Strict-Transport-Security"),
               secure.get("Content-Security-Policy"),
               {name: bool(c["secure"]) for name, c in secure.cookies.items()}],
    "health": health.status_code,
}))
"""


def _production(*args: str) -> subprocess.CompletedProcess[str]:
    # Only what a production process would have: nothing of this test run's own environment
    # (the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE, a broker, DEBUG) may leak in.
    env = {k: os.environ[k] for k in ("PATH", "HOME", "LANG") if k in os.environ}
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**env, **PRODUCTION_ENV},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_reports_no_security_warning_under_production_settings() -> None:
    result = _production("manage.py", "check", "--deploy")
    assert result.returncode == 0, result.stderr
    assert "security." not in result.stdout + result.stderr


def test_production_redirects_to_https_sends_hsts_and_secure_cookies_but_not_for_healthz() -> None:
    import json

    result = _production("-c", REQUESTS)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["plain"] == [301, "https://citenexus.example.org/accounts/login/"]
    status, hsts, csp, cookies = seen["secure"]
    assert status == 200
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert csp == POLICY_HEADER
    assert cookies == {"csrftoken": True}
    # Not redirected: answered over plain HTTP (503 here, as no database is reachable).
    assert seen["health"] == 503

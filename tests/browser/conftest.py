"""Real Chromium for the journeys: Debian's package, required unless skipped on purpose.

Every page a journey opens is watched for two things that must never happen: a request that
leaves the test server, and a Content-Security-Policy violation (citenexus_web/csp.py), caught
both from the browser's console and from ``securitypolicyviolation`` events.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django must still allow ORM calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

# The same variable and default as scripts/ensure_chromium.sh (run by `make test`).
CHROMIUM = os.environ.get("CITENEXUS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SKIP_VARIABLE = "CITENEXUS_SKIP_BROWSER"
ERR_NO_CHROMIUM = (
    f"The browser journeys need Debian's chromium at {CHROMIUM}: install the package "
    "`chromium` (apt-get install chromium; `make test` does it when run as root), "
    f"or set {SKIP_VARIABLE}=1 to skip the journeys on purpose."
)
SKIPPED_ON_PURPOSE = f"{SKIP_VARIABLE}=1: the browser journeys are skipped on purpose"
# Chromium's console wording for a blocked resource, inline script or style.
CSP_CONSOLE_MARK = "Content Security Policy"
REPORT_VIOLATION = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} ` +
    `on ${document.location.pathname} (${e.sourceFile}:${e.lineNumber})`);
});
"""


def skipped_on_purpose() -> bool:
    return os.environ.get(SKIP_VARIABLE, "").strip().lower() in {"1", "true", "yes"}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if skipped_on_purpose():
        pytest.skip(SKIPPED_ON_PURPOSE)
    if not Path(CHROMIUM).exists():
        pytest.fail(ERR_NO_CHROMIUM, pytrace=False)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def csp_violations() -> list[str]:
    """What the browser reported as blocked by the Content-Security-Policy during one test."""
    return []


@pytest.fixture
def page(browser: Browser, live_server: Any, csp_violations: list[str]) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server.url, accept_downloads=True)
    external: list[str] = []
    context.on(
        "request",
        lambda r: (
            external.append(r.url)
            if not r.url.startswith(live_server.url) and not r.url.startswith("data:")
            else None
        ),
    )
    context.on(
        "console",
        lambda m: csp_violations.append(m.text) if CSP_CONSOLE_MARK in m.text else None,
    )
    context.expose_function("__cspViolation", lambda text: csp_violations.append(text))
    context.add_init_script(REPORT_VIOLATION)
    page = context.new_page()
    yield page
    context.close()
    assert external == [], f"pages made external requests: {external}"
    assert csp_violations == [], f"the Content-Security-Policy blocked: {csp_violations}"

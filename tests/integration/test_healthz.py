"""/healthz: 200 only when the database, its vector extension and any configured broker answer."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from django.test import Client

from scripts.workers import redis_available

pytestmark = pytest.mark.django_db

REAL_REDIS = "redis://127.0.0.1:6379/0"
ERR_NO_REDIS = "this test needs Redis on 127.0.0.1:6379 (or deselect it with -m 'not worker')"


def closed_port() -> int:
    """A local TCP port nothing listens on: bound, then released, so a connect is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_without_a_broker_healthz_checks_only_the_database_and_is_ok(
    client: Client, settings: Any
) -> None:
    settings.CELERY_BROKER_URL = None
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"ok": True, "checks": {"database": True, "vector": True}}


def test_a_broker_on_a_closed_port_makes_healthz_fail_quickly_with_broker_false(
    client: Client, settings: Any
) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"
    start = time.monotonic()
    response = client.get("/healthz")
    elapsed = time.monotonic() - start
    assert response.status_code == 503
    assert response.json() == {
        "ok": False,
        "checks": {"database": True, "vector": True, "broker": False},
    }
    assert elapsed < 3.0


def test_an_unparseable_broker_url_is_reported_as_a_failed_broker_not_a_crash(
    client: Client, settings: Any
) -> None:
    settings.CELERY_BROKER_URL = "nosuchtransport://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["broker"] is False


@pytest.mark.worker
def test_a_reachable_redis_broker_makes_healthz_ok_with_every_check_reported(
    client: Client, settings: Any
) -> None:
    if not redis_available(REAL_REDIS):
        pytest.fail(ERR_NO_REDIS)
    settings.CELERY_BROKER_URL = REAL_REDIS
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "ok": True,
        "checks": {"database": True, "vector": True, "broker": True},
    }

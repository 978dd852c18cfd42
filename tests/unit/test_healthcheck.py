"""The beat healthcheck's rule (the worker's ping runs against a real worker in
tests/integration/test_celery_processes.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from citenexus_web.beat import touch_heartbeat
from citenexus_web.healthcheck import (
    ERR_NO_HEARTBEAT,
    ERR_STALE_HEARTBEAT,
    HEARTBEAT_LOOPS,
    beat_healthy,
)

LOOP = 60.0


def test_a_fresh_heartbeat_is_healthy(tmp_path: Path) -> None:
    heartbeat = tmp_path / "beat" / "heartbeat"
    touch_heartbeat(heartbeat)  # creates the folder too
    assert beat_healthy(heartbeat, LOOP) is None


def test_a_heartbeat_older_than_three_loops_is_not(tmp_path: Path) -> None:
    heartbeat = tmp_path / "heartbeat"
    touch_heartbeat(heartbeat)
    now = time.time()
    limit = HEARTBEAT_LOOPS * LOOP
    os.utime(heartbeat, (now - limit + 5, now - limit + 5))
    assert beat_healthy(heartbeat, LOOP, now=now) is None
    os.utime(heartbeat, (now - limit - 5, now - limit - 5))
    assert beat_healthy(heartbeat, LOOP, now=now) == ERR_STALE_HEARTBEAT.format(
        age=limit + 5, limit=limit
    )


def test_no_heartbeat_at_all_is_not_healthy(tmp_path: Path) -> None:
    missing = tmp_path / "never-written"
    assert beat_healthy(missing, LOOP) == ERR_NO_HEARTBEAT.format(path=missing)

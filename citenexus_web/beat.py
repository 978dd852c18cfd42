"""Celery beat's scheduler, plus a heartbeat file that says its loop is still turning.

Beat has no remote control to ping, and a stuck beat looks alive to its container. So every
pass of its loop touches ``CITENEXUS_BEAT_HEARTBEAT_FILE``; beat passes at least every
``CELERY_BEAT_MAX_LOOP_INTERVAL`` seconds, and ``python -m citenexus_web.healthcheck beat``
calls it unhealthy when the file is older than three of those (docs/deploy.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from celery.beat import PersistentScheduler


def touch_heartbeat(path: str | Path) -> None:
    heartbeat = Path(path)
    heartbeat.parent.mkdir(parents=True, exist_ok=True)
    heartbeat.touch()


class HeartbeatScheduler(PersistentScheduler):
    def tick(self, *args: Any, **kwargs: Any) -> float:
        from django.conf import settings

        touch_heartbeat(settings.CITENEXUS_BEAT_HEARTBEAT_FILE)
        interval: float = super().tick(*args, **kwargs)
        return interval

"""Container healthchecks for the Celery processes (compose.yaml; docs/deploy.md).

    python -m citenexus_web.healthcheck worker [--node celery@HOST] [--timeout 10]
    python -m citenexus_web.healthcheck beat

``worker`` pings this container's worker through the broker (remote control) and is healthy
when it answers: the process is up, connected to Redis and consuming. ``beat`` is healthy when
beat's heartbeat file (citenexus_web/beat.py) is younger than three loop intervals. Exit 0 when
healthy, 1 with a reason on stderr when not. The web process has its own check: ``/healthz``.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import time
from pathlib import Path

ERR_NO_PONG = "worker {node} did not answer a ping within {timeout:.0f} s"
ERR_NO_HEARTBEAT = "beat has written no heartbeat at {path}"
ERR_STALE_HEARTBEAT = "beat's last heartbeat is {age:.0f} s old (more than {limit:.0f} s)"
HEARTBEAT_LOOPS = 3  # intervals beat may miss before it is called unhealthy


def worker_healthy(node: str, timeout: float) -> str | None:
    """None when ``node`` answers a ping; else why not."""
    from citenexus_web.celery import app

    replies = app.control.ping(destination=[node], timeout=timeout)
    if any(node in reply for reply in replies):
        return None
    return ERR_NO_PONG.format(node=node, timeout=timeout)


def beat_healthy(path: Path, loop_interval: float, now: float | None = None) -> str | None:
    """None when beat's heartbeat file is fresh; else why not."""
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except FileNotFoundError:
        return ERR_NO_HEARTBEAT.format(path=path)
    limit = HEARTBEAT_LOOPS * loop_interval
    if age > limit:
        return ERR_STALE_HEARTBEAT.format(age=age, limit=limit)
    return None


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
    parser = argparse.ArgumentParser(prog="python -m citenexus_web.healthcheck")
    parser.add_argument("process", choices=["worker", "beat"])
    parser.add_argument("--node", default=f"celery@{socket.gethostname()}")
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args(argv)
    from django.conf import settings

    if args.process == "worker":
        problem = worker_healthy(args.node, args.timeout)
    else:
        problem = beat_healthy(
            Path(settings.CITENEXUS_BEAT_HEARTBEAT_FILE), settings.CELERY_BEAT_MAX_LOOP_INTERVAL
        )
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

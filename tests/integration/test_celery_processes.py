"""The Celery processes compose runs, for real: a worker and beat on Redis.

Beat schedules the audit checkpoint and the worker signs the chain's head; both log one JSON
object a line in the web's format (citenexus_web/logging.py), nothing else; and the
healthchecks compose uses answer 0 while each process is up, 1 once the worker is gone.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from audit.models import AuditCheckpoint, AuditEvent
from scripts.workers import (
    ROOT,
    Worker,
    base_env,
    start_celery,
    wait_until,
)
from tests.integration.test_workers import (  # noqa: F401 (broker is a fixture)
    _database_env,
    _end_worker_connections,
    broker,
)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

LOG_KEYS = {"at", "level", "logger", "message"}
# The one line Celery writes straight to the terminal instead of logging it (a signal handler's
# notice when the worker is stopped); docs/deploy.md says so.
NOT_A_LOG_RECORD = {"worker: Warm shutdown (MainProcess)", "worker: Cold shutdown (MainProcess)"}
# The tests run as root, where Celery warns before any logging is set up; compose runs the
# worker as the image's unprivileged user, where it does not.
ROOT_WARNING_OFF = "ignore:You're running the worker with superuser privileges"


def start(kind: str, args: list[str], env: dict[str, str], log_dir: Path, name: str) -> Worker:
    """``celery -A citenexus_web --quiet <kind> ...`` as compose starts it, output to a file."""
    return start_celery(
        ["-A", "citenexus_web", "--quiet", kind, *args], env, name=name, log_dir=log_dir
    )


def healthcheck(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "citenexus_web.healthcheck", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def json_records(log: str) -> list[dict[str, Any]]:
    """Every line of a process's output as a JSON log record; a line that is not one fails."""
    records = []
    for line in log.splitlines():
        if not line.strip() or line.strip() in NOT_A_LOG_RECORD:
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            raise AssertionError(f"not a JSON log line: {line!r}\n--- log:\n{log}") from None
        assert LOG_KEYS <= set(record) <= LOG_KEYS | {"exc"}, line
        records.append(record)
    return records


def test_beat_has_the_worker_sign_the_audit_head_both_log_json_and_pass_healthchecks(
    broker: str,  # noqa: F811 (the fixture imported above)
    lane: Any,
    tmp_path: Path,
) -> None:
    name = "hc-worker"
    node = f"{name}@{socket.gethostname()}"
    env = base_env(
        DJANGO_SETTINGS_MODULE="tests.support.worker_settings",
        CELERY_BROKER_URL=broker,
        CITENEXUS_EMBEDDER="hashing",
        LOG_FORMAT="json",
        PYTHONWARNINGS=ROOT_WARNING_OFF,
        CITENEXUS_AUDIT_CHECKPOINT_SECONDS="3",
        CELERY_BEAT_SCHEDULE_FILENAME=str(tmp_path / "celerybeat-schedule"),
        CITENEXUS_BEAT_HEARTBEAT_FILE=str(tmp_path / "celerybeat-heartbeat"),
        **_database_env(),
    )
    worker_args = ["--concurrency=1", "--without-gossip", "--without-mingle", f"--hostname={node}"]
    worker = start("worker", worker_args, env, tmp_path / "logs", name)
    beat = None
    try:
        worker.wait_ready(timeout=60)
        beat = start("beat", [], env, tmp_path / "logs", "beat")
        checkpoint = wait_until(
            lambda: AuditCheckpoint.objects.order_by("-id").first(),
            timeout=90,
            what=f"a checkpoint scheduled by beat\n{worker.log()[-3000:]}",
            interval=0.5,
        )
        worker_check = healthcheck(env, "worker", "--node", node, "--timeout", "10")
        beat_check = healthcheck(env, "beat")
    finally:
        if beat is not None:
            beat.stop()
        worker.stop()
    gone = healthcheck(env, "worker", "--node", node, "--timeout", "2")
    _end_worker_connections()

    head = AuditEvent.objects.order_by("-id").first()
    assert head is not None and checkpoint.head_hash == head.hash
    assert (worker_check.returncode, beat_check.returncode) == (0, 0), (
        worker_check.stderr + beat_check.stderr
    )
    assert gone.returncode == 1 and "did not answer a ping" in gone.stderr

    worker_records = json_records(worker.log())
    assert any(r["message"] == f"{node} ready." for r in worker_records)
    signed = [r for r in worker_records if r["logger"] == "audit.tasks"]
    assert signed and checkpoint.head_hash in signed[0]["message"]
    assert any(
        "succeeded" in r["message"] for r in worker_records if r["logger"].startswith("celery")
    )
    beat_records = json_records(beat.log()) if beat is not None else []
    assert any("Sending due task audit-checkpoint" in r["message"] for r in beat_records)

"""The scheduled audit checkpoint: what Celery beat runs (the real processes: test_celery_processes.py)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings

from audit.chain import checkpoint_signature
from audit.models import AuditCheckpoint
from audit.tasks import MSG_EMPTY, TASK_NAME, audit_checkpoint
from citenexus_web.celery import app
from tests.integration.test_audit_chain import record

pytestmark = pytest.mark.django_db


def test_beat_schedules_the_checkpoint_task_at_the_configured_interval() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["audit-checkpoint"]
    assert entry["task"] == TASK_NAME
    assert entry["schedule"] == float(settings.CITENEXUS_AUDIT_CHECKPOINT_SECONDS)
    assert entry["options"]["expires"] <= entry["schedule"]
    app.loader.import_default_modules()
    assert app.tasks[TASK_NAME].name == audit_checkpoint.name == TASK_NAME
    assert app.conf.beat_scheduler == "citenexus_web.beat:HeartbeatScheduler"


def test_the_task_signs_the_current_head_and_logs_it(caplog: pytest.LogCaptureFixture) -> None:
    events = record(3)
    with caplog.at_level(logging.INFO, logger="audit.tasks"):
        checkpoint_id = audit_checkpoint.apply().get()
    checkpoint = AuditCheckpoint.objects.get(pk=checkpoint_id)
    assert (checkpoint.event_id, checkpoint.events) == (events[-1].pk, 3)
    assert checkpoint.head_hash == events[-1].hash
    assert checkpoint.signature == checkpoint_signature(checkpoint)
    [line] = [r.getMessage() for r in caplog.records if r.name == "audit.tasks"]
    assert checkpoint.head_hash in line and checkpoint.signature in line


def test_on_an_empty_log_the_task_signs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="audit.tasks"):
        assert audit_checkpoint.apply().get() is None
    assert not AuditCheckpoint.objects.exists()
    assert [r.getMessage() for r in caplog.records if r.name == "audit.tasks"] == [MSG_EMPTY]


def test_a_checkpoint_interval_below_one_second_is_refused_at_start_up() -> None:
    env = {**os.environ, "CITENEXUS_AUDIT_CHECKPOINT_SECONDS": "0"}
    env["DJANGO_SETTINGS_MODULE"] = "citenexus_web.settings"
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "CITENEXUS_AUDIT_CHECKPOINT_SECONDS must be 1 or more" in result.stderr

"""Thread-pool jobs survive a restart: a job queued, or waiting for a retry, when its process
ended is run by the next process at start-up (curation/jobs.py ``resume_pending_jobs``).

Each process is a real one: the first queues a job and ends before its pool runs it (or after
a transient failure, while the retry waits), the second is a web process starting up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from django.conf import settings

from curation.models import Document, Job
from tests.integration.test_mcp_support import ROOT

pytestmark = pytest.mark.django_db(transaction=True)

SETUP = """
import json, os, sys
import django
django.setup()
from django.db import transaction
from curation import jobs, ingest_jobs
from curation.models import Job, Lane
from curation.uploads import UploadedFile
"""

# Queue a job, but the process ends before its thread pool ever runs it.
QUEUE_THEN_DIE = (
    SETUP
    + """
class NeverRuns:
    def submit(self, *args, **kwargs):
        pass
jobs._pool = lambda: NeverRuns()
with transaction.atomic():
    job = ingest_jobs.job_create_ingest(
        lane=Lane.objects.get(slug="ca-housing"), files=[UploadedFile("a.txt", b"Rule A: 24 hours.")],
        document_ids=["queued-a"], source_type="documentary", authority={}, title="", actor="t")
print(json.dumps({"job": str(job.id)}), flush=True)
os._exit(0)
"""
)

# The job fails on a transient error; its retry waits an hour; the process ends meanwhile.
FAIL_THEN_DIE = (
    SETUP
    + """
import time
from django.db import OperationalError
jobs.TRANSIENT_BACKOFF_S = 3600.0
def gone(*args, **kwargs):
    raise OperationalError("the database went away")
ingest_jobs._ingest_item = gone
with transaction.atomic():
    job = ingest_jobs.job_create_ingest(
        lane=Lane.objects.get(slug="ca-housing"), files=[UploadedFile("b.txt", b"Rule B: 48 hours.")],
        document_ids=["retrying-b"], source_type="documentary", authority={}, title="", actor="t")
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    row = Job.objects.get(pk=job.pk)
    if row.attempts == 1 and row.status == "pending":
        break
    time.sleep(0.1)
print(json.dumps({"job": str(job.id), "status": row.status, "attempts": row.attempts}), flush=True)
os._exit(0)
"""
)

# A web process starting: importing the WSGI entry point resumes unfinished jobs.
START_AND_WAIT = (
    SETUP
    + """
import time
import citenexus_web.wsgi
ids = sys.argv[1:]
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    statuses = dict(Job.objects.filter(pk__in=ids).values_list("id", "status"))
    if all(s in ("done", "failed") for s in statuses.values()):
        break
    time.sleep(0.2)
print(json.dumps({str(k): v for k, v in statuses.items()}), flush=True)
os._exit(0)
"""
)


def process(script: str, *args: str) -> dict[str, Any]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.support.worker_settings",
        "CITENEXUS_DB_NAME": settings.DATABASES["default"]["NAME"],
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("CELERY_BROKER_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_queued_and_retry_waiting_jobs_are_resumed_by_the_next_process(
    lane: Any, curator: Any
) -> None:
    queued = process(QUEUE_THEN_DIE)["job"]
    waiting = process(FAIL_THEN_DIE)
    assert (waiting["status"], waiting["attempts"]) == ("pending", 1)
    assert Job.objects.get(pk=queued).status == "pending"
    assert not Document.objects.filter(lane=lane).exists()

    finished = process(START_AND_WAIT, queued, waiting["job"])

    assert finished == {queued: "done", waiting["job"]: "done"}
    ids = set(Document.objects.filter(lane=lane).values_list("document_id", flat=True))
    assert ids == {"queued-a", "retrying-b"}


def test_nothing_is_resumed_with_a_broker_or_in_eager_mode(settings: Any) -> None:
    from curation.jobs import resume_pending_jobs

    settings.CITENEXUS_TASKS_EAGER = True
    assert resume_pending_jobs() == 0
    settings.CITENEXUS_TASKS_EAGER = False
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    assert resume_pending_jobs() == 0

"""Losing the broker: an upload whose job cannot be queued fails the job, never the request.

The upload's transaction commits before the job is published (``transaction.on_commit``), so a
broker that refuses or ignores the publish cannot roll the upload back: the job is failed with a
message saying nothing was ingested, the API and the job page show it, and once the broker is
back a new upload is run by a real worker on Redis.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from curation.ingest_jobs import ERR_QUEUE_UNREACHABLE
from curation.models import Document, EvidenceUnit, Job, JobFile
from scripts.workers import WorkerPool, base_env, worker_pool
from tests.integration.test_workers import (
    _database_env,
    _end_worker_connections,
    assert_each_document_exactly_once,
    broker,  # noqa: F401 - a fixture
    statute,
    wait_for_job,
)

pytestmark = pytest.mark.django_db(transaction=True)

# Refused at once, or accepted and never answered: each must end the request within this.
PUBLISH_BOUND_S = 10.0


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def silent_broker() -> Iterator[str]:
    """A TCP port that accepts connections (the kernel's backlog) and never says a word."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"


def _use_broker(settings: Any, url: str) -> None:
    from citenexus_web.celery import app

    settings.CELERY_BROKER_URL = url
    settings.CITENEXUS_TASKS_EAGER = False
    app.conf.broker_url = url


@pytest.fixture
def restore_broker() -> Iterator[None]:
    from citenexus_web.celery import app

    previous = app.conf.broker_url
    yield
    app.conf.broker_url = previous


def _upload(client: Any, slug: str, n: int) -> tuple[Any, float]:
    started = time.monotonic()
    response = client.post(
        f"/api/lanes/{slug}/documents/",
        {
            "file": [SimpleUploadedFile(f"rules-{n}.txt", statute(n))],
            "source_type": "documentary",
            "document_id": f"rules-{n}",
        },
        format="multipart",
    )
    return response, time.monotonic() - started


def _assert_failed_and_nothing_ingested(response: Any, elapsed: float) -> Job:
    assert response.status_code == 202, response.content[:300]
    assert elapsed < PUBLISH_BOUND_S
    body = response.json()
    assert body["job"]["status"] == "failed"
    assert body["job"]["error"] == ERR_QUEUE_UNREACHABLE
    job = Job.objects.get(pk=body["job"]["id"])
    assert job.status == "failed" and job.attempts == 0
    assert [i["status"] for i in job.items] == ["pending"]  # never processed
    assert job.progress == 0.0
    assert not JobFile.objects.filter(job=job).exists()
    assert not Document.objects.exists()
    assert not EvidenceUnit.objects.exists()
    return job


def test_an_unreachable_broker_fails_the_job_with_a_clear_error_not_the_request(
    api, curator, lane, settings, restore_broker, client
):
    _use_broker(settings, f"redis://127.0.0.1:{_closed_port()}/0")
    job = _assert_failed_and_nothing_ingested(*_upload(api(curator), lane.slug, 1))

    shown = api(curator).get(f"/api/jobs/{job.id}/")
    assert shown.status_code == 200
    assert shown.json()["status"] == "failed"
    assert shown.json()["error"] == ERR_QUEUE_UNREACHABLE
    client.force_login(curator)
    page = client.get(reverse("job", args=[job.id]))
    assert page.status_code == 200
    assert ERR_QUEUE_UNREACHABLE in page.content.decode()


def test_a_broker_that_never_answers_fails_the_job_within_the_publish_timeouts(
    api, curator, lane, settings, restore_broker, silent_broker
):
    _use_broker(settings, silent_broker)
    _assert_failed_and_nothing_ingested(*_upload(api(curator), lane.slug, 1))


@pytest.mark.worker
def test_once_the_broker_is_back_a_new_upload_is_run_by_a_worker(
    api,
    curator,
    lane,
    settings,
    broker,  # noqa: F811 - the fixture imported above
    tmp_path: Path,
):
    _use_broker(settings, f"redis://127.0.0.1:{_closed_port()}/0")
    failed = _assert_failed_and_nothing_ingested(*_upload(api(curator), lane.slug, 1))

    _use_broker(settings, broker)  # Redis is back
    env = base_env(
        DJANGO_SETTINGS_MODULE="tests.support.worker_settings",
        CELERY_BROKER_URL=broker,
        CITENEXUS_EMBEDDER="hashing",
        **_database_env(),
    )
    pool: WorkerPool
    try:
        with worker_pool(env, tmp_path / "workers") as pool:
            pool.start()
            response, elapsed = _upload(api(curator), lane.slug, 2)
            assert response.status_code == 202, response.content[:300]
            assert response.json()["job"]["status"] == "pending"
            job = wait_for_job(response.json()["job"]["id"], pool)
    finally:
        _end_worker_connections()
    assert_each_document_exactly_once(lane, job, ["rules-2"])
    assert job.attempts == 1
    failed.refresh_from_db()
    assert failed.status == "failed"  # the failed job was not run after all
    assert not Document.objects.filter(document_id="rules-1").exists()

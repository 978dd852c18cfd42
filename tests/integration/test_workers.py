"""Real Celery workers on Redis: ingest end to end, a worker killed mid-job, a duplicated task.

The workers are separate processes, so every row they must see is committed (transactional
tests) and they are pointed at this run's test database and a private Redis database.
"""

from __future__ import annotations

import collections
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.models import Count

from audit.models import AuditEvent
from curation.models import Document, DocumentVersion, EvidenceUnit, Job, JobFile
from scripts.workers import (
    WORKER_APPLICATION_NAME,
    WorkerPool,
    base_env,
    flush_redis,
    private_redis_db,
    redis_available,
    redis_url,
    wait_until,
    worker_pool,
)

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ERR_NO_REDIS = "these tests need Redis on 127.0.0.1:6379 (or deselect them with -m 'not worker')"
ITEM_DELAY = "1.2"  # seconds each file waits before it is written: the window for the kill


def statute(n: int) -> bytes:
    """A distinct statute of several paragraphs, long enough to make more than one unit."""
    paragraphs = [f"Section {n}00. Rules set {n}\n"]
    for p in range(1, 7):
        paragraphs.append(
            f"({p}) Under rule set {n}, paragraph {p}, an owner shall give written notice at "
            f"least {n * 10 + p} days before any change to the tenancy, and the notice shall "
            "state the reason, the date the change takes effect, and where the tenant may "
            "seek advice. A notice that omits any of these is void for that purpose."
        )
    return "\n\n".join(paragraphs).encode()


def _reset_celery_connections(app: Any) -> None:
    """Forget the cached pools so the next publish uses the current ``broker_url``.

    The pools themselves stay open: kombu shares them by URL across apps and tests.
    """
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def broker(settings: Any) -> Iterator[str]:
    """A private Redis database for this run; this process publishes to it instead of running jobs inline."""
    from citenexus_web.celery import app

    url = redis_url(private_redis_db(connection.settings_dict["NAME"]))
    if not redis_available(url):
        pytest.fail(ERR_NO_REDIS)
    flush_redis(url)
    settings.CELERY_BROKER_URL = url
    settings.CITENEXUS_TASKS_EAGER = False
    previous = app.conf.broker_url
    app.conf.broker_url = url
    _reset_celery_connections(app)
    yield url
    app.conf.broker_url = previous
    _reset_celery_connections(app)
    flush_redis(url)


def _database_env() -> dict[str, str]:
    """Point a worker at the database this test uses (pytest-django renamed it)."""
    from django.conf import settings

    name = connection.settings_dict["NAME"]
    external = os.environ.get("DATABASE_URL")
    if external:
        return {"DATABASE_URL": urlparse(external)._replace(path=f"/{name}").geturl()}
    return {"CITENEXUS_DB_NAME": name, "CITENEXUS_DATA_DIR": str(settings.CITENEXUS_DATA_DIR)}


def _end_worker_connections() -> None:
    """End connections a killed worker left, so the flush and the final DROP DATABASE proceed."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s",
            [WORKER_APPLICATION_NAME],
        )

    def gone() -> bool:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND application_name = %s",
                [WORKER_APPLICATION_NAME],
            )
            row = cursor.fetchone()
        return row is not None and row[0] == 0

    wait_until(gone, timeout=10, what="worker connections to close")


@pytest.fixture
def workers(broker: str, transactional_db: Any, tmp_path: Path) -> Iterator[WorkerPool]:
    env = base_env(
        DJANGO_SETTINGS_MODULE="tests.support.worker_settings",
        CELERY_BROKER_URL=broker,
        CITENEXUS_EMBEDDER="hashing",
        **_database_env(),
    )
    with worker_pool(env, tmp_path / "workers") as pool:
        yield pool
    _end_worker_connections()


def upload(client: Any, slug: str, count: int) -> tuple[str, list[str]]:
    """Upload ``count`` files in one request; return the job id and the document ids."""
    names = [f"rules-{n}.txt" for n in range(1, count + 1)]
    files = [SimpleUploadedFile(name, statute(n)) for n, name in enumerate(names, start=1)]
    response = client.post(
        f"/api/lanes/{slug}/documents/",
        {"file": files, "source_type": "documentary"},
        format="multipart",
    )
    assert response.status_code == 202, response.json()
    return response.json()["job"]["id"], [name.removesuffix(".txt") for name in names]


def job_of(job_id: str) -> Job:
    return Job.objects.get(pk=job_id)


def wait_for_job(job_id: str, pool: WorkerPool, timeout: float = 45) -> Job:
    try:
        wait_until(
            lambda: job_of(job_id).status in ("done", "failed"),
            timeout=timeout,
            what=f"job {job_id}",
        )
    except AssertionError as exc:
        raise AssertionError(f"{exc}; job={job_of(job_id).items}\n{pool.logs()}") from exc
    return job_of(job_id)


def items_done(job_id: str) -> int:
    return sum(1 for item in job_of(job_id).items if item["status"] == "done")


def assert_each_document_exactly_once(lane: Any, job: Job, document_ids: list[str]) -> None:
    assert job.status == "done", job.error
    assert [item["status"] for item in job.items] == ["done"] * len(document_ids)
    assert [item["result"] for item in job.items] == ["created"] * len(document_ids)
    assert not JobFile.objects.filter(job=job).exists()
    documents = list(Document.objects.filter(lane=lane).order_by("document_id"))
    assert sorted(d.document_id for d in documents) == sorted(document_ids)
    for document in documents:
        assert document.version == 1
        units = EvidenceUnit.objects.filter(document=document)
        assert document.unit_count > 1
        assert units.count() == document.unit_count
        assert sorted(units.values_list("ordinal", flat=True)) == list(range(document.unit_count))
        assert DocumentVersion.objects.filter(document=document).count() == 1
    duplicates = (
        EvidenceUnit.objects.filter(lane=lane)
        .values("document", "version", "ordinal")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    assert not duplicates.exists()
    events = collections.Counter(
        AuditEvent.objects.filter(lane=lane.slug).values_list("action", "document_id")
    )
    assert events == collections.Counter(
        {("lane.create", ""): 1} | {("document.ingest", d): 1 for d in document_ids}
    )


def test_a_worker_ingests_an_upload_end_to_end(
    workers: WorkerPool, api: Any, curator: Any, lane: Any
) -> None:
    workers.start()
    job_id, document_ids = upload(api(curator), lane.slug, 2)
    job = wait_for_job(job_id, workers)
    assert_each_document_exactly_once(lane, job, document_ids)
    assert job.attempts == 1
    assert job.progress == 1.0
    event = AuditEvent.objects.get(action="document.ingest", document_id=document_ids[0])
    assert event.actor == "curator"


@pytest.mark.parametrize("kill", ["whole worker", "pool child"])
def test_a_worker_killed_mid_ingest_leaves_exactly_one_copy_of_every_unit_after_the_retry(
    workers: WorkerPool, api: Any, curator: Any, lane: Any, kill: str
) -> None:
    count = 4
    first = workers.start(CITENEXUS_FAULT_ITEM_DELAY=ITEM_DELAY)
    job_id, document_ids = upload(api(curator), lane.slug, count)
    wait_until(
        lambda: 1 <= items_done(job_id) < count,
        timeout=20,
        interval=0.05,
        what="the first file of the job to be written",
    )
    if kill == "whole worker":
        # No warm shutdown and no acknowledgement: the task stays unacknowledged in Redis until
        # a worker with a short visibility timeout takes it back.
        first.kill()
        assert job_of(job_id).status == "running"
        assert items_done(job_id) < count
        # kombu sweeps for such tasks every 10 s but scans Redis only on every 10th sweep
        # (about every 100 s); one retry once waited past the 45 s below. Scan every second.
        workers.start(
            CELERY_VISIBILITY_TIMEOUT="2",
            CELERY_UNACKED_RESTORE_INTERVAL="1",
            CELERY_UNACKED_RESTORE_THROTTLE="1",
            CITENEXUS_FAULT_ITEM_DELAY="0.1",
        )
    else:
        # The main process survives, sees the child lost and requeues the task
        # (task_reject_on_worker_lost with acks_late); a fresh child runs it again.
        first.kill_pool_child()
        assert items_done(job_id) < count
    job = wait_for_job(job_id, workers)
    assert job.attempts >= 2, workers.logs()  # it was run again, not merely finished
    assert_each_document_exactly_once(lane, job, document_ids)
    if kill == "pool child":
        assert first.alive()
        assert "WorkerLostError" in first.log()


def test_a_duplicated_task_never_duplicates_units(
    workers: WorkerPool, api: Any, curator: Any, lane: Any
) -> None:
    from curation.tasks import run_job

    # Two pool processes, so the two deliveries of the job run at the same time.
    worker = workers.start(concurrency=2, CITENEXUS_FAULT_ITEM_DELAY="0.3")
    job_id, document_ids = upload(api(curator), lane.slug, 3)
    run_job.delay(job_id)
    try:
        wait_until(
            lambda: worker.log().count("curation.tasks.run_job[") >= 4,  # 2 received, 2 ended
            timeout=30,
            what="both deliveries of the task to finish",
        )
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{workers.logs()}") from exc
    log = worker.log()
    assert log.count("succeeded in") == 2, workers.logs()
    # Both deliveries were running at once: the second arrived before the first finished.
    second_received = log.index("] received", log.index("] received") + 1)
    assert second_received < log.index("succeeded in"), log
    job = job_of(job_id)
    assert job.attempts >= 1
    assert_each_document_exactly_once(lane, job, document_ids)

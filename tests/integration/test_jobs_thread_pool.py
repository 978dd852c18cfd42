"""Jobs without a broker run in the web process's thread pool (docs/design.md#jobs), and retry
like Celery.

The pool's threads use their own database connections, so these tests commit for real
(transactional) and poll the job row until it finishes. A transient failure (the database went
away) is injected where a file is ingested; the retries wait ``TRANSIENT_BACKOFF_S`` doubled each
time, shortened here so the tests do not wait the production 1, 2, 4, 8, 16 s.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError

from curation import ingest_jobs, jobs
from curation.ingest_jobs import ERR_TRANSIENT_GAVE_UP
from curation.jobs import TRANSIENT_RETRIES
from curation.models import Document, EvidenceUnit, Job, JobFile
from scripts.workers import wait_until
from tests.integration.test_workers import statute

ERR_GONE = "the database went away"


@pytest.fixture
def thread_mode(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.CELERY_BROKER_URL = ""
    settings.CITENEXUS_TASKS_EAGER = False
    monkeypatch.setattr(jobs, "TRANSIENT_BACKOFF_S", 0.02)


@pytest.fixture
def ingest_fails(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Make the first ``times`` files ingested fail as if the database connection dropped."""
    real = ingest_jobs._ingest_item

    def arm(times: int) -> list[str]:
        calls: list[str] = []

        def flaky(job: Job, item: dict[str, Any]) -> None:
            calls.append(threading.current_thread().name)
            if len(calls) <= times:
                raise OperationalError(ERR_GONE)
            real(job, item)

        monkeypatch.setattr(ingest_jobs, "_ingest_item", flaky)
        return calls

    return arm


def _upload(client: Any, slug: str) -> str:
    response = client.post(
        f"/api/lanes/{slug}/documents/",
        {
            "file": [SimpleUploadedFile("rules-1.txt", statute(1))],
            "source_type": "documentary",
            "document_id": "rules-1",
        },
        format="multipart",
    )
    assert response.status_code == 202, response.content[:300]
    return str(response.json()["job"]["id"])


def _finished(job_id: str, timeout: float = 30) -> Job:
    finished = (Job.Status.DONE, Job.Status.FAILED)
    wait_until(
        lambda: Job.objects.get(pk=job_id).status in finished,
        timeout=timeout,
        interval=0.05,
        what=f"job {job_id} to finish",
    )
    return Job.objects.get(pk=job_id)


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_an_upload_is_run_by_the_thread_pool(
    api, curator, lane, thread_mode, ingest_fails
):
    calls = ingest_fails(0)
    job = _finished(_upload(api(curator), lane.slug))
    assert job.status == "done", job.error
    assert job.attempts == 1
    assert [i["status"] for i in job.items] == ["done"]
    assert calls and all(name.startswith("citenexus-job") for name in calls), calls
    document = Document.objects.get(lane=lane, document_id="rules-1")
    assert EvidenceUnit.objects.filter(document=document).count() == document.unit_count > 1
    assert not JobFile.objects.filter(job=job).exists()


@pytest.mark.django_db(transaction=True)
def test_a_transient_failure_in_the_thread_pool_is_retried_and_the_job_completes(
    api, curator, lane, thread_mode, ingest_fails
):
    calls = ingest_fails(1)
    job = _finished(_upload(api(curator), lane.slug))
    assert job.status == "done", job.error
    assert job.attempts == 2  # the first run failed on the dropped connection, the retry ran
    assert job.error == ""
    assert len(calls) == 2
    document = Document.objects.get(lane=lane, document_id="rules-1")
    assert EvidenceUnit.objects.filter(document=document).count() == document.unit_count


@pytest.mark.django_db(transaction=True)
def test_a_failure_that_stays_transient_fails_the_job_after_the_retries(
    api, curator, lane, thread_mode, ingest_fails
):
    calls = ingest_fails(1000)
    job = _finished(_upload(api(curator), lane.slug))
    expected = ERR_TRANSIENT_GAVE_UP.format(retries=TRANSIENT_RETRIES, error=ERR_GONE)
    assert job.status == "failed"
    assert job.error == expected
    assert job.attempts == len(calls) == TRANSIENT_RETRIES + 1  # bounded, not for ever
    assert [i["status"] for i in job.items] == ["pending"]  # never processed
    assert not JobFile.objects.filter(job=job).exists()
    assert not Document.objects.exists()
    detail = api(curator).get(f"/api/jobs/{job.id}/").json()
    assert (detail["status"], detail["error"]) == ("failed", expected)


# --- the Celery task follows the same policy (run eagerly: retries happen in place) ---------


def _queued_job(api: Any, curator: Any, lane: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(ingest_jobs.INGEST, "enqueue", lambda job_id: None)
    return _upload(api(curator), lane.slug)


@pytest.mark.django_db
@pytest.mark.parametrize(("failures", "status"), [(1, "done"), (1000, "failed")])
def test_the_celery_task_retries_a_transient_failure_with_the_same_bound(
    api, curator, lane, monkeypatch, ingest_fails, failures, status
):
    from curation.tasks import run_job

    job_id = _queued_job(api, curator, lane, monkeypatch)
    calls = ingest_fails(failures)
    run_job.apply(args=[job_id])
    job = Job.objects.get(pk=job_id)
    assert job.status == status, job.error
    assert len(calls) == job.attempts == min(failures + 1, TRANSIENT_RETRIES + 1)
    if status == "failed":
        assert job.error == ERR_TRANSIENT_GAVE_UP.format(retries=TRANSIENT_RETRIES, error=ERR_GONE)
        assert not Document.objects.exists()
    else:
        assert Document.objects.filter(document_id="rules-1").exists()

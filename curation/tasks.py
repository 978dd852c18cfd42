"""Celery tasks: thin, they take ids and call a service."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from curation.ingest_jobs import TransientJobError, job_abandon, job_run
from curation.jobs import ERR_TRANSIENT_GAVE_UP, TRANSIENT_RETRIES, transient_retry_delay


@shared_task(bind=True, acks_late=True, max_retries=TRANSIENT_RETRIES)
def run_job(self: Any, job_id: str) -> None:
    # Retried by hand rather than with autoretry_for, so that the last failure fails the job
    # (same backoff as the thread pool) instead of leaving it pending for ever.
    try:
        job_run(job_id=job_id)
    except TransientJobError as exc:
        retries = self.request.retries
        if retries >= self.max_retries:
            error = ERR_TRANSIENT_GAVE_UP.format(retries=retries, error=exc)
            job_abandon(job_id=job_id, error=error[:1000])
            raise
        raise self.retry(exc=exc, countdown=transient_retry_delay(retries)) from exc

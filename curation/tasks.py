"""Celery tasks: thin, they take ids and call a service."""

from __future__ import annotations

from celery import shared_task

from curation.ingest_jobs import TransientJobError, job_run


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(TransientJobError,),
    retry_backoff=True,
    max_retries=5,
)
def run_job(self: object, job_id: str) -> None:
    job_run(job_id=job_id)

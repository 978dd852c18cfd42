"""Background jobs: Celery workers with a broker, a thread pool in the web process without one.

A job is queued with ``transaction.on_commit`` so no runner ever sees uncommitted rows. Tests
set ``CITENEXUS_TASKS_EAGER`` to run jobs inline, right after the commit, in the same thread.

A transient failure (the database went away) is retried the same way in both modes: up to
``TRANSIENT_RETRIES`` times, waiting ``transient_retry_delay(attempt)`` seconds before each, and
then the job is failed with ``ERR_TRANSIENT_GAVE_UP`` rather than left pending for ever.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections, transaction

from curation.models import Job

log = logging.getLogger(__name__)

ERR_QUEUE_UNREACHABLE = (
    "the task queue is unreachable, so the job never started; nothing was ingested — "
    "upload the files again"
)
ERR_TRANSIENT_GAVE_UP = (
    "the job kept failing on a transient error after {retries} retries ({error}); files not "
    "marked done were not ingested — upload them again"
)

# Retrying a transient failure: 1, 2, 4, 8, 16 s (Celery's exponential backoff, without jitter).
TRANSIENT_RETRIES = 5
TRANSIENT_BACKOFF_S = 1.0
TRANSIENT_BACKOFF_MAX_S = 600.0

# Publishing to the broker happens inside the upload request, so it must give up quickly: a
# refused connection fails at once, a silent broker after PUBLISH_TIMEOUT_S per attempt, and
# PUBLISH_RETRIES more attempts follow (at most about 3 x 2 s + 0.5 s in all).
PUBLISH_TIMEOUT_S = 2.0
PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0.1,
    "interval_step": 0.2,
    "interval_max": 0.3,
}

_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def transient_retry_delay(attempt: int) -> float:
    """Seconds to wait before retry number ``attempt + 1`` of a transient failure."""
    return float(min(TRANSIENT_BACKOFF_MAX_S, TRANSIENT_BACKOFF_S * 2**attempt))


def _pool() -> ThreadPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(
                max_workers=settings.CITENEXUS_TASK_THREADS, thread_name_prefix="citenexus-job"
            )
        return _executor


def _run_in_thread(job_id: str, attempt: int = 0) -> None:
    from curation.ingest_jobs import TransientJobError, job_abandon, job_run

    close_old_connections()
    try:
        job_run(job_id=job_id)
    except TransientJobError as exc:
        if attempt < TRANSIENT_RETRIES:
            _retry_later(job_id, attempt + 1, transient_retry_delay(attempt), exc)
        else:
            log.error("job %s failed after %d retries: %s", job_id, attempt, exc)
            error = ERR_TRANSIENT_GAVE_UP.format(retries=attempt, error=exc)
            try:
                job_abandon(job_id=job_id, error=error[:1000])
            except Exception:  # the database is still away: the job stays pending
                log.exception("job %s could not be marked failed", job_id)
    except Exception:  # the job records its own failure; this only keeps the pool alive
        log.exception("job %s failed", job_id)
    finally:
        close_old_connections()


def _retry_later(job_id: str, attempt: int, delay: float, exc: Exception) -> None:
    """Run the job again after ``delay`` s, without holding a pool thread while waiting."""
    log.warning("job %s: %s; retry %d in %.1f s", job_id, exc, attempt, delay)
    timer = threading.Timer(delay, lambda: _pool().submit(_run_in_thread, job_id, attempt))
    timer.daemon = True
    timer.start()


def _publish(job_id: str) -> None:
    """Hand the job to a Celery worker; on failure the job is failed, never left pending."""
    from curation.ingest_jobs import job_abandon
    from curation.tasks import run_job

    # A connection of our own, so its timeouts bound this request whatever the pool's are.
    options = {"socket_connect_timeout": PUBLISH_TIMEOUT_S, "socket_timeout": PUBLISH_TIMEOUT_S}
    try:
        with run_job.app.connection_for_write(
            connect_timeout=PUBLISH_TIMEOUT_S, transport_options=options
        ) as connection:
            run_job.apply_async(
                args=[job_id],
                connection=connection,
                retry=True,
                retry_policy=PUBLISH_RETRY_POLICY,
            )
    except Exception as exc:  # whatever the broker did, the job was not queued
        log.error("job %s could not be queued: %s: %s", job_id, type(exc).__name__, exc)
        job_abandon(job_id=job_id, error=ERR_QUEUE_UNREACHABLE, only_if_unstarted=True)


def job_enqueue(job: Job) -> None:
    """Start the job once the current transaction commits."""
    job_id = str(job.id)

    def start() -> None:
        if getattr(settings, "CITENEXUS_TASKS_EAGER", False):
            from curation.ingest_jobs import job_run

            job_run(job_id=job_id)
        elif settings.CELERY_BROKER_URL:
            _publish(job_id)
        else:
            _pool().submit(_run_in_thread, job_id)

    transaction.on_commit(start)

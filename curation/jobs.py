"""Background jobs: Celery workers with a broker, a thread pool in the web process without one.

A job is queued with ``transaction.on_commit`` so no runner ever sees uncommitted rows. Tests
set ``CITENEXUS_TASKS_EAGER`` to run jobs inline, right after the commit, in the same thread.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections, transaction

from curation.models import Job

log = logging.getLogger(__name__)

_executor: ThreadPoolExecutor | None = None
_executor_lock = threading.Lock()


def _pool() -> ThreadPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(
                max_workers=settings.CITENEXUS_TASK_THREADS, thread_name_prefix="citenexus-job"
            )
        return _executor


def _run_in_thread(job_id: str) -> None:
    from curation.ingest_jobs import job_run

    close_old_connections()
    try:
        job_run(job_id=job_id)
    except Exception:  # the job records its own failure; this only keeps the pool alive
        log.exception("job %s failed", job_id)
    finally:
        close_old_connections()


def job_enqueue(job: Job) -> None:
    """Start the job once the current transaction commits."""
    job_id = str(job.id)

    def start() -> None:
        if getattr(settings, "CITENEXUS_TASKS_EAGER", False):
            from curation.ingest_jobs import job_run

            job_run(job_id=job_id)
        elif settings.CELERY_BROKER_URL:
            from curation.tasks import run_job

            run_job.delay(job_id)
        else:
            _pool().submit(_run_in_thread, job_id)

    transaction.on_commit(start)

"""Background jobs: Celery workers with a broker, a thread pool in the web process without one.

The runner knows a job only by its id and by the ``JobKind`` that runs it (``curation/ingest_jobs.py``
is the one kind so far); it never reads or writes a job's rows itself.

A job is queued with ``transaction.on_commit`` so no runner ever sees uncommitted rows. Tests
set ``CITENEXUS_TASKS_EAGER`` to run jobs inline, right after the commit, in the same thread.

A transient failure (the database went away) is retried the same way in both modes: up to
``TRANSIENT_RETRIES`` times, waiting ``transient_retry_delay(attempt)`` seconds before each, and
then the job is abandoned with its kind's ``err_gave_up`` rather than left pending for ever.

In thread-pool mode the queue is the process's memory, so a job queued or waiting for a retry
when the process stops would wait for ever: at start-up (``resume_pending_jobs``, called by the
WSGI and ASGI entry points) every kind's unfinished jobs are submitted again. Running a job
twice is safe (``JobKind.run``), so a job another web process is still running may be resumed too.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections, transaction

log = logging.getLogger(__name__)

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


class TransientJobError(RuntimeError):
    """A failure worth retrying (the database or broker went away)."""


@dataclass(frozen=True)
class JobKind:
    """What the runner needs of one kind of job, and all it knows of it."""

    # ``run(job_id=...)``: run or resume the job; safe to call twice. Raises
    # ``TransientJobError`` for a failure worth retrying.
    run: Callable[..., None]
    # ``abandon(job_id=..., error=..., only_if_unstarted=...)``: fail the job without running
    # the rest; with ``only_if_unstarted``, leave a job some runner has picked up to that runner.
    abandon: Callable[..., None]
    # The job's error when the broker could not take it.
    err_queue_unreachable: str
    # The job's error after the last retry; formatted with ``retries`` and ``error``.
    err_gave_up: str
    # ``unfinished()``: the ids of the jobs to run again at start-up (queued, waiting for a
    # retry, or cut off by the process's end); None for a kind that is never resumed.
    unfinished: Callable[[], Iterable[str]] | None = None


def transient_retry_delay(attempt: int) -> float:
    """Seconds to wait before retry number ``attempt + 1`` of a transient failure."""
    return float(min(TRANSIENT_BACKOFF_MAX_S, TRANSIENT_BACKOFF_S * 2**attempt))


def _give_up(kind: JobKind, job_id: str, retries: int, exc: Exception) -> None:
    log.error("job %s failed after %d retries: %s", job_id, retries, exc)
    error = kind.err_gave_up.format(retries=retries, error=exc)[:1000]
    kind.abandon(job_id=job_id, error=error, only_if_unstarted=False)


def _pool() -> ThreadPoolExecutor:
    global _executor
    with _executor_lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(
                max_workers=settings.CITENEXUS_TASK_THREADS, thread_name_prefix="citenexus-job"
            )
        return _executor


def _run_in_thread(kind: JobKind, job_id: str, attempt: int = 0) -> None:
    close_old_connections()
    try:
        kind.run(job_id=job_id)
    except TransientJobError as exc:
        if attempt < TRANSIENT_RETRIES:
            _retry_later(kind, job_id, attempt + 1, transient_retry_delay(attempt), exc)
        else:
            try:
                _give_up(kind, job_id, attempt, exc)
            except Exception:  # the database is still away: the job stays pending
                log.exception("job %s could not be marked failed", job_id)
    except Exception:  # the job records its own failure; this only keeps the pool alive
        log.exception("job %s failed", job_id)
    finally:
        close_old_connections()


def _retry_later(kind: JobKind, job_id: str, attempt: int, delay: float, exc: Exception) -> None:
    """Run the job again after ``delay`` s, without holding a pool thread while waiting."""
    log.warning("job %s: %s; retry %d in %.1f s", job_id, exc, attempt, delay)
    timer = threading.Timer(delay, lambda: _pool().submit(_run_in_thread, kind, job_id, attempt))
    timer.daemon = True
    timer.start()


_runners: list[JobRunner] = []


def resume_pending_jobs() -> int:
    """Thread-pool mode only: submit every registered kind's unfinished jobs; how many.

    With a broker the broker keeps queued jobs (and acks are late); eager mode has no queue.
    A database that cannot be reached is logged, not raised: the process still starts.
    """
    if getattr(settings, "CITENEXUS_TASKS_EAGER", False) or settings.CELERY_BROKER_URL:
        return 0
    resumed = 0
    for runner in list(_runners):
        if runner.kind.unfinished is None:
            continue
        try:
            job_ids = [str(job_id) for job_id in runner.kind.unfinished()]
        except Exception:
            log.exception("could not list the unfinished jobs to resume")
            continue
        finally:
            close_old_connections()
        for job_id in job_ids:
            _pool().submit(_run_in_thread, runner.kind, job_id)
        resumed += len(job_ids)
    if resumed:
        log.info("resumed %d unfinished job(s) on the thread pool", resumed)
    return resumed


class JobRunner:
    """Runs the jobs of one kind: on Celery workers through the task named ``task_name`` when
    a broker is set, else on the web process's thread pool, with the same retries."""

    def __init__(self, kind: JobKind, *, task_name: str) -> None:
        self.kind = kind
        self.task = _celery_task(kind, task_name)
        _runners.append(self)

    def enqueue(self, job_id: str) -> None:
        """Start the job once the current transaction commits."""

        def start() -> None:
            if getattr(settings, "CITENEXUS_TASKS_EAGER", False):
                self.kind.run(job_id=job_id)
            elif settings.CELERY_BROKER_URL:
                self._publish(job_id)
            else:
                _pool().submit(_run_in_thread, self.kind, job_id)

        transaction.on_commit(start)

    def _publish(self, job_id: str) -> None:
        """Hand the job to a Celery worker; on failure the job is failed, never left pending."""
        # A connection of our own, so its timeouts bound this request whatever the pool's are.
        options = {"socket_connect_timeout": PUBLISH_TIMEOUT_S, "socket_timeout": PUBLISH_TIMEOUT_S}
        try:
            with self.task.app.connection_for_write(
                connect_timeout=PUBLISH_TIMEOUT_S, transport_options=options
            ) as connection:
                self.task.apply_async(
                    args=[job_id],
                    connection=connection,
                    retry=True,
                    retry_policy=PUBLISH_RETRY_POLICY,
                )
        except Exception as exc:  # whatever the broker did, the job was not queued
            log.error("job %s could not be queued: %s: %s", job_id, type(exc).__name__, exc)
            error = self.kind.err_queue_unreachable
            self.kind.abandon(job_id=job_id, error=error, only_if_unstarted=True)


def _celery_task(kind: JobKind, name: str) -> Any:
    """The Celery task that runs a job of ``kind`` by id; thin, as tasks are here."""

    @shared_task(name=name, bind=True, acks_late=True, max_retries=TRANSIENT_RETRIES)
    def run_job(self: Any, job_id: str) -> None:
        # Retried by hand rather than with autoretry_for, so that the last failure fails the
        # job (same backoff as the thread pool) instead of leaving it pending for ever.
        try:
            kind.run(job_id=job_id)
        except TransientJobError as exc:
            retries = self.request.retries
            if retries >= self.max_retries:
                _give_up(kind, job_id, retries, exc)
                raise
            raise self.retry(exc=exc, countdown=transient_retry_delay(retries)) from exc

    return run_job

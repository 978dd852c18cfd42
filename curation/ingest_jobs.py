"""Ingest jobs: one job per upload (one file, many files or a zip) with per-file results.

Each file's result is written in the same transaction as its document, so a job that is
retried after a crash skips the files it finished and never writes a unit twice. The job runs on
the generic runner (``curation/jobs.py``): Celery workers or the web process's thread pool.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.utils import timezone

from citenexus.ingest import ExtractionError
from citenexus.pipeline.timing import Timings
from common.errors import ServiceError
from curation.jobs import JobKind, JobRunner, TransientJobError
from curation.models import Document, Job, JobFile, Lane
from curation.services.documents import (
    PreparedDocument,
    document_authority,
    document_extract_file,
    document_prepare,
    document_write,
)
from curation.uploads import UploadedFile

log = logging.getLogger(__name__)

PENDING, DONE, FAILED = "pending", "done", "failed"
# The Celery task's name since workers first ran it (docs/workers.md); queued messages carry it.
TASK_NAME = "curation.tasks.run_job"

ERR_QUEUE_UNREACHABLE = (
    "the task queue is unreachable, so the job never started; nothing was ingested — "
    "upload the files again"
)
ERR_TRANSIENT_GAVE_UP = (
    "the job kept failing on a transient error after {retries} retries ({error}); files not "
    "marked done were not ingested — upload them again"
)


@transaction.atomic
def job_create_ingest(
    *,
    lane: Lane,
    files: list[UploadedFile],
    document_ids: list[str],
    source_type: str,
    authority: dict[str, str],
    title: str,
    actor: str,
    user: Any = None,
    may_assert: bool = False,
) -> Job:
    """Queue an ingest job for the files; it starts after this transaction commits."""
    job = Job.objects.create(
        kind="ingest",
        lane=lane,
        created_by=user if getattr(user, "pk", None) else None,
        created_by_name=actor,
        params={
            "source_type": source_type,
            "authority": authority,
            "title": title,
            "may_assert": may_assert,
        },
        items=[
            {"index": i, "name": f.name, "document_id": doc_id, "status": PENDING, "error": ""}
            for i, (f, doc_id) in enumerate(zip(files, document_ids, strict=True))
        ],
    )
    JobFile.objects.bulk_create(
        [JobFile(job=job, index=i, name=f.name, data=f.data) for i, f in enumerate(files)]
    )
    INGEST.enqueue(str(job.id))
    return job


def _set_item(job_id: Any, index: int, **changes: Any) -> None:
    """Record one file's outcome (inside the caller's transaction) and recompute progress."""
    job = Job.objects.select_for_update().get(pk=job_id)
    items = list(job.items)
    items[index] = {**items[index], **changes}
    job.items = items
    finished = sum(1 for item in items if item["status"] != PENDING)
    job.progress = round(finished / len(items), 4) if items else 1.0
    job.save(update_fields=["items", "progress", "updated_at"])
    JobFile.objects.filter(job_id=job_id, index=index).delete()


def _still_pending(job_id: Any, index: int) -> bool:
    """Lock the job and say whether the item is still to do (inside the caller's transaction).

    Two runners of one job (a duplicated or redelivered task) serialise here: the second waits
    for the first's commit, then finds the item finished and writes nothing.
    """
    job = Job.objects.select_for_update().get(pk=job_id)
    return bool(job.items[index]["status"] == PENDING)


def _ingest_item(job: Job, item: dict[str, Any]) -> None:
    params = job.params
    lane = job.lane
    assert lane is not None
    index = item["index"]
    jf = JobFile.objects.filter(job=job, index=index).first()
    if jf is None:  # already written by an earlier attempt that crashed after its commit
        return
    timings = Timings()
    began = time.perf_counter()
    try:
        data = bytes(jf.data)
        with timings.stage("extract"):
            extracted = document_extract_file(data=data, filename=jf.name)
        supplied = dict(params.get("authority") or {})
        stored = document_authority(
            lane=lane,
            source_type=params["source_type"],
            authority=supplied,
            may_assert=bool(params.get("may_assert")),
        )
        prepared = PreparedDocument(
            lane=lane,
            document_id=item["document_id"],
            title=params.get("title") or extracted.title or item["document_id"],
            source_type=params["source_type"],
            source_system="",
            text=extracted.text,
            format=extracted.format,
            filename=jf.name,
            authority=stored,
            supplied=supplied,
            page_spans=extracted.page_spans,
            page_count=extracted.pages,
            source=data,
        )
        existing = Document.objects.filter(lane=lane, document_id=prepared.document_id).first()
        if existing is None or existing.content_hash != prepared.hash:
            document_prepare(prepared)
        if settings.CITENEXUS_FAULT_ITEM_DELAY:  # worker tests kill the worker here
            time.sleep(settings.CITENEXUS_FAULT_ITEM_DELAY)
        with transaction.atomic():
            with timings.stage("write"):
                if not _still_pending(job.pk, index):
                    return
                result = document_write(
                    prepared=prepared, actor=job.created_by_name, user=job.created_by
                )
            # Where the file's time went (ms): the benchmark's ingest overhead comes from these.
            spent = {
                **timings.ms,
                **prepared.timings_ms,
                "total": (time.perf_counter() - began) * 1000,
            }
            rounded = {stage: round(ms, 2) for stage, ms in spent.items()}
            _set_item(job.pk, index, status=DONE, error="", timings_ms=rounded, **result)
    except (ExtractionError, ServiceError, DjangoValidationError) as exc:
        if isinstance(exc, DjangoValidationError):
            message, code = "; ".join(exc.messages), "invalid"
        else:
            message = getattr(exc, "message", None) or str(exc)
            code = getattr(exc, "code", None) or getattr(exc, "error_code", "invalid")
        with transaction.atomic():
            if _still_pending(job.pk, index):
                _set_item(job.pk, index, status=FAILED, error=str(message), error_code=str(code))


def job_run(*, job_id: str) -> None:
    """Run (or resume) a job; safe to call twice or after a crash."""
    job = Job.objects.select_related("lane").filter(pk=job_id).first()
    if job is None or job.status in (Job.Status.DONE, Job.Status.FAILED):
        return
    Job.objects.filter(pk=job.pk).update(
        status=Job.Status.RUNNING, attempts=job.attempts + 1, updated_at=timezone.now()
    )
    try:
        for item in job.items:
            if item["status"] == PENDING:
                _ingest_item(job, item)
    except (OperationalError, InterfaceError) as exc:
        Job.objects.filter(pk=job.pk).update(status=Job.Status.PENDING, error=str(exc)[:500])
        raise TransientJobError(str(exc)) from exc
    except DatabaseError as exc:
        _finish(job.pk, failed_error=f"database error: {exc}"[:1000])
        raise
    except Exception as exc:
        log.exception("ingest job %s crashed", job_id)
        _finish(job.pk, failed_error=f"unexpected error: {type(exc).__name__}: {exc}"[:1000])
        raise
    _finish(job.pk)


def _finish(job_pk: Any, failed_error: str = "") -> None:
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job_pk)
        failed = [i for i in job.items if i["status"] == FAILED]
        if failed_error:
            job.status, job.error = Job.Status.FAILED, failed_error
        elif failed and len(failed) == len(job.items):
            job.status = Job.Status.FAILED
            job.error = "; ".join(f"{i['name']}: {i['error']}" for i in failed)[:2000]
        else:
            job.status, job.error = Job.Status.DONE, ""
        job.progress = 1.0 if not failed_error else job.progress
        job.save(update_fields=["status", "error", "progress", "updated_at"])


def job_abandon(*, job_id: str, error: str, only_if_unstarted: bool = False) -> None:
    """Fail a job without running the rest of it; its files not yet ingested stay pending.

    The files it already wrote stay written; the uploads of the others are dropped, since
    ``error`` tells the user to upload them again. With ``only_if_unstarted``, a job some runner
    has already picked up is left to that runner.
    """
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status in (Job.Status.DONE, Job.Status.FAILED):
            return
        if only_if_unstarted and (job.status != Job.Status.PENDING or job.attempts):
            return
        job.status, job.error = Job.Status.FAILED, error
        job.save(update_fields=["status", "error", "updated_at"])
        JobFile.objects.filter(job=job).delete()


def job_unfinished() -> list[str]:
    """Ingest jobs not done nor failed: queued, waiting for a retry, or cut off mid-run."""
    return Job.unfinished_ids("ingest")


INGEST = JobRunner(
    JobKind(
        run=job_run,
        abandon=job_abandon,
        err_queue_unreachable=ERR_QUEUE_UNREACHABLE,
        err_gave_up=ERR_TRANSIENT_GAVE_UP,
        unfinished=job_unfinished,
    ),
    task_name=TASK_NAME,
)

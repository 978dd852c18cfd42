"""Upload pages: files or a zip become an ingest job; an authority CSV is previewed, then applied."""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.vary import vary_on_headers

from access.roles import Cap, is_member
from access.throttles import AUTHORITY_CSV, UPLOAD, throttle
from audit.selectors import may_read_audit
from common.errors import Invalid, ServiceError, Throttled
from common.http import is_htmx, throttled_response
from curation.forms import AuthorityCsvForm, UploadForm
from curation.ingest_jobs import job_create_ingest
from curation.models import Job
from curation.services.authority_csv import authority_csv_apply
from curation.services.documents import document_authority
from curation.uploads import (
    UploadedFile,
    UploadError,
    document_id_from_name,
    expand_uploads,
    is_zip,
)
from curation.views.shared import lane_context, page_lane

ERR_DUPLICATE_IDS = "two files would get the same document id: {ids}"
ERR_STALE_PREVIEW = "the previewed file was lost; upload it again"
CONFIRM_ALL, CONFIRM_VALID_ROWS = "all", "valid_rows"


def _job_files(form: UploadForm) -> tuple[list[UploadedFile], list[str]]:
    """The files to ingest and their document ids; an Invalid error on a bad upload."""
    uploads = [UploadedFile(f.name or "unnamed", f.read()) for f in form.cleaned_data["uploads"]]
    single = len(uploads) == 1 and not is_zip(uploads[0].name, uploads[0].data)
    try:
        files = expand_uploads(uploads)
    except UploadError as exc:
        raise Invalid("invalid_upload", str(exc), {"field": "uploads"}) from exc
    given = form.cleaned_data.get("document_id", "").strip()
    ids = [given] if single and given else [document_id_from_name(f.name) for f in files]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise Invalid(
            "invalid_upload",
            ERR_DUPLICATE_IDS.format(ids=", ".join(duplicates)),
            {"field": "uploads"},
        )
    return files, ids


@login_required
def upload_page(request: HttpRequest, slug: str) -> HttpResponse:
    lane, caps = page_lane(request, slug, Cap.INGEST)
    form = UploadForm(request.POST or None, request.FILES or None)
    may_assert = Cap.ASSIGN_TIER in caps
    throttled: Throttled | None = None
    if request.method == "POST" and form.is_valid():
        source_type = form.cleaned_data["source_type"].strip()
        metadata = form.cleaned_data["metadata"]
        try:
            throttle(action=UPLOAD, user=request.user, lane=lane)
            document_authority(
                lane=lane, source_type=source_type, authority=metadata, may_assert=may_assert
            )
            files, ids = _job_files(form)
        except Throttled as exc:
            form.add_error(None, exc.message)
            throttled = exc
        except ServiceError as exc:
            field = exc.details.get("field") or (
                "source_type" if "source_type" in exc.details else "metadata_json"
            )
            form.add_error(field if field in form.fields else None, exc.message)
        else:
            job = job_create_ingest(
                lane=lane,
                files=files,
                document_ids=ids,
                source_type=source_type,
                authority=metadata,
                title=form.cleaned_data.get("title", "").strip(),
                actor=request.user.get_username(),
                user=request.user,
                may_assert=may_assert,
            )
            return redirect("job", job_id=job.id)
    ctx = lane_context(lane, caps)
    ctx.update(
        form=form, source_types=sorted(set(lane.policy or {}) | {"documentary", "conversational"})
    )
    response = render(request, "curation/upload.html", ctx, status=400 if form.errors else 200)
    return throttled_response(response, throttled) if throttled else response


# What a file's own progress bar says, by the item's state: text beside the bar, never colour alone.
ITEM_QUEUED, ITEM_RUNNING, ITEM_DONE, ITEM_FAILED = "queued", "ingesting", "done", "failed"
ITEM_NOT_RUN = "not processed"


def job_item_rows(job: Job) -> list[dict[str, Any]]:
    """One row per file: the item, its own percent (None while indeterminate) and its state word.

    Items carry no fraction of their own, and a job works through its files in order, so the
    first pending file of a running job is the one in progress; its bar is indeterminate unless
    the item reports a ``progress`` fraction.
    """
    running = job.status == Job.Status.RUNNING
    current = next((i for i, item in enumerate(job.items) if item.get("status") == "pending"), None)
    rows = []
    for i, item in enumerate(job.items):
        status = item.get("status")
        percent: int | None
        if status == "done":
            percent, state = 100, ITEM_DONE
        elif status == "failed":
            percent, state = 100, ITEM_FAILED
        elif running and i == current:
            fraction = item.get("progress")
            percent = round(float(fraction) * 100) if isinstance(fraction, int | float) else None
            state = ITEM_RUNNING
        elif job.status == Job.Status.FAILED:
            percent, state = 0, ITEM_NOT_RUN
        else:
            percent, state = 0, ITEM_QUEUED
        rows.append({"item": item, "index": i, "percent": percent, "state": state})
    return rows


@login_required
@vary_on_headers("HX-Request")
def job_page(request: HttpRequest, job_id: str) -> HttpResponse:
    job = get_object_or_404(Job.objects.select_related("lane"), pk=job_id)
    if job.lane is None or not is_member(request.user, job.lane):
        raise Http404("no such job")
    if job.params.get("page"):  # a kind of job with a progress page of its own (evaluations)
        return redirect(str(job.params["page"]))
    done = sum(1 for item in job.items if item.get("status") != "pending")
    ctx = {
        "job": job,
        "lane": job.lane,
        "percent": round(job.progress * 100),
        "finished": job.status in (Job.Status.DONE, Job.Status.FAILED),
        "done_count": done,
        "failed_count": sum(1 for item in job.items if item.get("status") == "failed"),
        "rows": job_item_rows(job),
    }
    template = "curation/job.html#progress" if is_htmx(request) else "curation/job.html"
    return render(request, template, ctx)


def _encode(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _decode(raw: str, digest: str) -> bytes:
    try:
        data = base64.b64decode(raw.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError) as exc:
        raise Invalid("invalid", ERR_STALE_PREVIEW) from exc
    if hashlib.sha256(data).hexdigest() != digest:
        raise Invalid("invalid", ERR_STALE_PREVIEW)
    return data


def _preview(lane: Any, data: bytes, actor: str) -> dict[str, Any]:
    result = authority_csv_apply(lane=lane, data=data, actor=actor, dry_run=True)
    result["problems"] = (
        len(result["unknown_tiers"]) + len(result["unknown_documents"]) + len(result["errors"])
    )
    return result


@login_required
@vary_on_headers("HX-Request")
def authority_csv_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload → preview exactly what would change → confirm (all, or valid rows) → applied."""
    lane, caps = page_lane(request, slug, Cap.ASSIGN_TIER)
    ctx = lane_context(lane, caps)
    actor = request.user.get_username()
    step = request.POST.get("step", "")
    form = (
        AuthorityCsvForm(request.POST or None, request.FILES or None)
        if step != "apply"
        else AuthorityCsvForm()
    )
    status = 200
    throttled: Throttled | None = None
    if request.method == "POST":
        try:
            throttle(action=AUTHORITY_CSV, user=request.user, lane=lane)
        except Throttled as exc:
            throttled = exc
            ctx["apply_error"] = exc.message
    if throttled is None and request.method == "POST" and step == "apply":
        try:
            data = _decode(request.POST.get("data", ""), request.POST.get("digest", ""))
            confirm = request.POST.get("confirm", CONFIRM_ALL)
            result = authority_csv_apply(
                lane=lane,
                data=data,
                actor=actor,
                dry_run=False,
                confirm_valid_rows=confirm == CONFIRM_VALID_ROWS,
            )
            ctx.update(
                applied=result,
                show_audit=may_read_audit(request.user),
                audit_ids=",".join(str(i) for i in result["audit_event_ids"]),
            )
        except ServiceError as exc:
            ctx["apply_error"] = exc.message
            status = 400
            if exc.code == "csv_has_problems":
                data = _decode(request.POST.get("data", ""), request.POST.get("digest", ""))
                ctx.update(
                    preview=_preview(lane, data, actor),
                    data=_encode(data),
                    digest=hashlib.sha256(data).hexdigest(),
                )
    elif throttled is None and request.method == "POST" and form.is_valid():
        data = form.cleaned_data["file"].read()
        try:
            ctx.update(
                preview=_preview(lane, data, actor),
                data=_encode(data),
                digest=hashlib.sha256(data).hexdigest(),
                filename=form.cleaned_data["file"].name,
            )
        except ServiceError as exc:
            form.add_error("file", exc.message)
    if form.errors:
        status = 400
    ctx.update(
        form=form, metadata_key=lane.metadata_key, may_read_audit=may_read_audit(request.user)
    )
    template = (
        "curation/authority_csv.html#step" if is_htmx(request) else "curation/authority_csv.html"
    )
    response = render(request, template, ctx, status=status if not is_htmx(request) else 200)
    if throttled is not None and not is_htmx(request):
        return throttled_response(response, throttled)
    return response

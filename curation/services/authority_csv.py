"""Authority CSVs: plan (dry run), then apply all, or only the valid rows when confirmed."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction

from audit.services import audit_record
from citenexus.domain.authority_csv import plan_authority_csv
from common.errors import Invalid
from curation.models import Document, Lane
from curation.services.documents import document_authority_set

ERR_CSV_FILE = "the CSV cannot be read: {problems}"
ERR_CSV_PROBLEMS = (
    "the CSV has {count} problem(s); nothing was applied. Fix them, or send confirm=valid_rows "
    "to apply only the valid rows"
)


def _plan(lane: Lane, data: bytes, *, lock: bool) -> Any:
    documents = Document.objects.filter(lane=lane)
    if lock:
        documents = documents.select_for_update()
    return plan_authority_csv(
        data,
        metadata_key=lane.metadata_key,
        tier_order=list(lane.tier_order),
        documents={d.document_id: dict(d.authority) for d in documents},
        max_bytes=settings.CITENEXUS_MAX_UPLOAD_BYTES,
    )


def _problem_count(result: dict[str, Any]) -> int:
    return len(result["unknown_tiers"]) + len(result["unknown_documents"]) + len(result["errors"])


def authority_csv_apply(
    *, lane: Lane, data: bytes, actor: str, dry_run: bool, confirm_valid_rows: bool = False
) -> dict[str, Any]:
    """The result shape of docs/api.md#authority-csv (with ``changes``, ``valid``, ``dry_run`` and
    ``audit_event_ids``).

    A dry run applies nothing. Otherwise a file with problems applies nothing (an Invalid error with
    the full result in ``details``) unless ``confirm_valid_rows``, which applies the valid rows.
    The plan is made again inside the write transaction, with the documents locked, so what
    is applied is exactly what the plan says at that moment.
    """
    with transaction.atomic():
        plan = _plan(lane, data, lock=not dry_run)
        if plan.file_errors:
            problems = "; ".join(plan.file_errors)
            raise Invalid(
                "invalid_csv",
                ERR_CSV_FILE.format(problems=problems),
                {"problems": list(plan.file_errors)},
            )
        result = plan.to_dict(confirmed=confirm_valid_rows and not dry_run)
        result.update(dry_run=dry_run, applied=0, audit_event_ids=[])
        if dry_run:
            result["would_apply"] = len(plan.changes if plan.is_valid else plan.valid_changes)
            return result
        if not plan.is_valid and not confirm_valid_rows:
            raise Invalid(
                "csv_has_problems", ERR_CSV_PROBLEMS.format(count=_problem_count(result)), result
            )
        changes = plan.changes if plan.is_valid else plan.valid_changes
        by_id = {
            d.document_id: d
            for d in Document.objects.filter(
                lane=lane, document_id__in=[c.document_id for c in changes]
            )
        }
        event_ids = []
        for change in changes:
            event = document_authority_set(
                document=by_id[change.document_id],
                authority=dict(change.after),
                actor=actor,
                via=f"csv line {change.line}",
            )
            if event is not None:
                event_ids.append(event.pk)
        summary = audit_record(
            actor=actor,
            action="authority_csv.apply",
            lane=lane.slug,
            details={
                "applied": len(event_ids),
                "unchanged": len(plan.unchanged),
                "confirmed_valid_rows_only": not plan.is_valid,
                "skipped_problems": _problem_count(result),
                "event_ids": event_ids,
            },
        )
        result.update(applied=len(event_ids), audit_event_ids=[*event_ids, summary.pk])
        return result

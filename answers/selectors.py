"""Read side of answers: the stored answer as API.md gives it."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from answers.models import Answer
from curation.roles import Cap, can, lanes_with


def answer_dict(answer: Answer) -> dict[str, Any]:
    out = dict(answer.payload)
    out["id"] = answer.pk
    out["lane"] = answer.lane.slug
    out["kind"] = answer.kind
    out["created_at"] = answer.created_at.isoformat()
    out["asked_by"] = answer.asked_by_name
    out["review"] = {
        "verdict": answer.review_verdict or None,
        "note": answer.review_note,
        "by": answer.reviewed_by_name,
        "at": answer.reviewed_at.isoformat() if answer.reviewed_at else None,
    }
    return out


def answer_readable(*, user: Any, answer_id: int) -> Answer | None:
    """The answer if the user may read answers in its lane, else None (each caller says 404 its
    own way, so answers of other lanes do not leak)."""
    answer = Answer.objects.select_related("lane").filter(pk=answer_id).first()
    if answer is None or not can(user, Cap.READ_ANSWERS, answer.lane):
        return None
    return answer


def answer_list(
    *, user: Any, lane: str = "", status: str = "", refusal_code: str = "", asked_by: str = ""
) -> QuerySet[Answer]:
    """Answers the user may read, newest first, filtered."""
    qs = Answer.objects.filter(lane__in=lanes_with(user, Cap.READ_ANSWERS)).select_related("lane")
    if lane:
        qs = qs.filter(lane__slug=lane)
    if status:
        qs = qs.filter(status=status)
    if refusal_code:
        qs = qs.filter(refusal_code=refusal_code)
    if asked_by:
        qs = qs.filter(asked_by_name=asked_by)
    return qs.order_by("-created_at", "-id")

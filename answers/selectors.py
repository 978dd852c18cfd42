"""Read side of answers: the stored answer as docs/api.md#the-answer gives it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import TruncDate

from access.roles import Cap, can, lanes_with
from answers.models import EVALUATION, Answer
from common.errors import NotFound


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


ERR_NO_ANSWER = "no such answer"


def answer_readable(*, user: Any, answer_id: int) -> Answer:
    """The answer if the user may read answers in its lane, or it is an evaluation run's and
    the user may evaluate there; otherwise not found (no leak)."""
    answer = Answer.objects.select_related("lane").filter(pk=answer_id).first()
    if answer is None or not _may_read(user, answer):
        raise NotFound("not_found", ERR_NO_ANSWER)
    return answer


def _may_read(user: Any, answer: Answer) -> bool:
    if can(user, Cap.READ_ANSWERS, answer.lane):
        return True
    # Curators run evaluations and follow each outcome to its answer (docs/design.md#roles).
    return answer.kind == EVALUATION and can(user, Cap.EVALUATE, answer.lane)


def answer_list(
    *, user: Any, lane: str = "", status: str = "", refusal_code: str = "", asked_by: str = ""
) -> QuerySet[Answer]:
    """Answers the user may read, newest first, filtered; an evaluation run's answers are
    listed with their run, not here."""
    qs = (
        Answer.objects.filter(lane__in=lanes_with(user, Cap.READ_ANSWERS))
        .exclude(kind=EVALUATION)
        .select_related("lane")
    )
    if lane:
        qs = qs.filter(lane__slug=lane)
    if status:
        qs = qs.filter(status=status)
    if refusal_code:
        qs = qs.filter(refusal_code=refusal_code)
    if asked_by:
        qs = qs.filter(asked_by_name=asked_by)
    return qs.order_by("-created_at", "-id")


# What the dashboard (``reporting``) charts: grouped counts, one query each, of the answers
# people and clients asked for (an evaluation run's are not questions anyone asked).


def answer_refusals_per_day(*, lanes: Iterable[Any], since: dt.date) -> list[dict[str, Any]]:
    """Refused answers of ``lanes`` from ``since``: rows of ``day``, ``refusal_code``, ``n``."""
    return list(
        Answer.objects.filter(lane__in=lanes, status="refused", created_at__date__gte=since)
        .exclude(kind=EVALUATION)
        .annotate(day=TruncDate("created_at"))
        .values("day", "refusal_code")
        .annotate(n=Count("id"))
    )


def answer_reviews_per_day(
    *, lanes: Iterable[Any], since: dt.date, verdicts: Iterable[str]
) -> list[dict[str, Any]]:
    """Reviews with ``verdicts`` from ``since``, by day of review: ``day``, ``review_verdict``, ``n``."""
    return list(
        Answer.objects.filter(
            lane__in=lanes, review_verdict__in=list(verdicts), reviewed_at__date__gte=since
        )
        .exclude(kind=EVALUATION)
        .annotate(day=TruncDate("reviewed_at"))
        .values("day", "review_verdict")
        .annotate(n=Count("id"))
    )


def answer_review_summary(*, lanes: Iterable[Any]) -> list[dict[str, Any]]:
    """Per lane slug (``lane__slug``): answers in all, flagged, approved and refused."""
    return list(
        Answer.objects.filter(lane__in=lanes)
        .exclude(kind=EVALUATION)
        .values("lane__slug")
        .annotate(
            total=Count("id"),
            flagged=Count("id", filter=Q(review_verdict="flag")),
            approved=Count("id", filter=Q(review_verdict="approve")),
            refused=Count("id", filter=Q(status="refused")),
        )
        .order_by("lane__slug")
    )

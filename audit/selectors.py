"""Read side of the audit log: who sees which events, filters, and batched iteration.

Auditors and admins (global roles) may read. A superuser sees every event; anyone else sees the
events of lanes where they hold the auditor or admin role, and admins also see lane-less events.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Max, Q, QuerySet
from django.utils.dateparse import parse_date, parse_datetime

from access.roles import Cap, has_global_role, is_superuser, lanes_with
from audit.models import AuditEvent
from common.errors import Forbidden

ERR_NOT_AUDITOR = "only auditors and admins may read the audit log"
ERR_BAD_DATETIME = "'{name}' must be an ISO 8601 date or date-time"
ERR_BAD_ORDER = "'order' must be 'asc' or 'desc'"
FILTERS = ("action", "lane", "document_id", "actor")
ORDERS = ("asc", "desc")
EVENT_COLUMNS = (
    "id",
    "at",
    "actor",
    "action",
    "lane",
    "document_id",
    "details",
    "prev_hash",
    "hash",
)

User = AbstractBaseUser | AnonymousUser


class FilterError(ValueError):
    def __init__(self, message: str, param: str) -> None:
        super().__init__(message)
        self.param = param


@dataclass(frozen=True)
class AuditFilters:
    exact: Mapping[str, str]
    since: dt.datetime | None = None
    until: dt.datetime | None = None
    order: str = "asc"


def may_read_audit(user: User) -> bool:
    return has_global_role(user, "auditor") or has_global_role(user, "admin")


def require_audit_reader(user: User) -> None:
    """Forbidden for anyone but global auditors and admins (the log, its exports, the dashboard)."""
    if not may_read_audit(user):
        raise Forbidden("forbidden", ERR_NOT_AUDITOR, {"needs": "read_audit"})


def _parse_moment(name: str, raw: str) -> dt.datetime:
    moment = parse_datetime(raw)
    if moment is None:
        day = parse_date(raw)
        if day is None:
            raise FilterError(ERR_BAD_DATETIME.format(name=name), name)
        moment = dt.datetime.combine(day, dt.time())
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    # In UTC before it reaches PostgreSQL, whose offsets stop short of Python's (+21:28 is an
    # error there); a moment UTC cannot hold (year 1 at +01:00) is refused here.
    try:
        return moment.astimezone(dt.UTC)
    except OverflowError as exc:
        raise FilterError(ERR_BAD_DATETIME.format(name=name), name) from exc


def parse_filters(params: Mapping[str, str]) -> AuditFilters:
    """Exact matches on action, lane, document_id, actor; ``since`` ≤ at < ``until``."""
    try:
        exact = {name: params[name] for name in FILTERS if params.get(name)}
        since = _parse_moment("since", params["since"]) if params.get("since") else None
        until = _parse_moment("until", params["until"]) if params.get("until") else None
    except ValueError as exc:  # parse_datetime raises on well-formed but impossible values
        if isinstance(exc, FilterError):
            raise
        raise FilterError(str(exc), "since/until") from exc
    order = params.get("order") or "asc"
    if order not in ORDERS:
        raise FilterError(ERR_BAD_ORDER, "order")
    return AuditFilters(exact=exact, since=since, until=until, order=order)


def visible_events(user: User) -> QuerySet[AuditEvent]:
    """The events this user may read (none for anyone without a global auditor/admin role)."""
    if not may_read_audit(user):
        return AuditEvent.objects.none()
    if is_superuser(user):
        return AuditEvent.objects.all()
    lanes = list(lanes_with(user, Cap.READ_AUDIT).values_list("slug", flat=True))
    scope = Q(lane__in=lanes)
    if has_global_role(user, "admin"):
        scope |= Q(lane="")
    return AuditEvent.objects.filter(scope)


def audit_event_list(user: User, filters: AuditFilters) -> QuerySet[AuditEvent]:
    query = visible_events(user).filter(**filters.exact)
    if filters.since is not None:
        query = query.filter(at__gte=filters.since)
    if filters.until is not None:
        query = query.filter(at__lt=filters.until)
    return query.order_by("id" if filters.order == "asc" else "-id")


def snapshot_bound() -> int:
    """The highest id now visible: an export stops there, so later appends do not leak in."""
    return int(AuditEvent.objects.aggregate(m=Max("id"))["m"] or 0)


def iter_event_batches(
    query: QuerySet[AuditEvent], *, upto: int, descending: bool = False, batch: int = 2000
) -> Iterator[list[dict[str, Any]]]:
    """Lists of rows in id order, fetched ``batch`` at a time by keyset (constant memory).

    Each step is one query and holds no cursor open between steps, so a consumer may take the
    next batch from another thread (the async export does) or stop at any point.
    """
    query = query.filter(id__lte=upto).order_by("-id" if descending else "id")
    edge = upto + 1 if descending else 0
    while True:
        page = query.filter(id__lt=edge) if descending else query.filter(id__gt=edge)
        rows = list(page.values(*EVENT_COLUMNS)[:batch])
        if rows:
            yield rows
        if len(rows) < batch:
            return
        edge = rows[-1]["id"]


def event_dict(row: Mapping[str, Any]) -> dict[str, Any]:
    """The API's shape of one event; ``at`` is the exact string the hash covers."""
    out = {name: row[name] for name in EVENT_COLUMNS}
    out["at"] = row["at"].astimezone(dt.UTC).isoformat()
    return out

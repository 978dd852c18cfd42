"""Auditor pages: the log with filters, one event, the chain's status, and a small dashboard.

Only auditors and admins (global roles) see these pages; everyone else gets 403. Each reader
sees the events of the lanes they audit (selectors.visible_events decides). Nothing here writes.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.vary import vary_on_headers

from access.roles import Cap, lanes_with
from audit.chain import verify_chain
from audit.selectors import (
    FilterError,
    audit_event_list,
    may_read_audit,
    parse_filters,
    visible_events,
)
from common.http import is_htmx

PAGE_SIZE = 50
ERR_NOT_AUDITOR = "only auditors and admins may read the audit log"
ERR_BAD_IDS = "ids must be a comma-separated list of event numbers"
FILTER_FIELDS = ("action", "lane", "document_id", "actor", "since", "until")


def require_reader(request: HttpRequest) -> None:
    if not may_read_audit(request.user):
        raise PermissionDenied(ERR_NOT_AUDITOR)


def _ids(raw: str) -> list[int]:
    parts = [p.strip() for p in raw.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise FilterError(ERR_BAD_IDS, "ids")
    return [int(p) for p in parts]


def changed_fields(details: dict[str, Any]) -> list[dict[str, Any]]:
    """Before/after of an event as rows (field, before, after, changed), when it has both."""
    before, after = details.get("before"), details.get("after")
    if not isinstance(before, dict) or not isinstance(after, dict):
        return []
    keys = list(dict.fromkeys([*before, *after]))
    return [
        {
            "field": k,
            "before": before.get(k, ""),
            "after": after.get(k, ""),
            "changed": before.get(k) != after.get(k),
        }
        for k in keys
    ]


def summary(event: Any) -> str:
    """One line of what an event did, for the log table."""
    d = event.details or {}
    if "tier_before" in d or "tier_after" in d:
        return f"tier {d.get('tier_before') or '—'} → {d.get('tier_after') or '—'}"
    if event.action in ("document.ingest", "document.new_version"):
        return f"version {d.get('version')}, tier {d.get('tier') or '—'}, {d.get('units')} units"
    if "renames" in d:
        return ", ".join(f"{a} → {b}" for a, b in d["renames"].items())
    if "user" in d and "role" in d:
        return f"{d['user']} as {d['role']}"
    if "verdict" in d:
        return f"answer {d.get('answer_id')}: {d['verdict']}"
    if "applied" in d:
        return f"{d['applied']} applied, {d.get('unchanged', 0)} unchanged"
    if "text" in d:
        return str(d["text"])[:80]
    if isinstance(d.get("before"), dict) and isinstance(d.get("after"), dict):
        changed = [k for k in d["after"] if d["before"].get(k) != d["after"].get(k)]
        return "changed: " + ", ".join(changed)
    return ""


@login_required
@vary_on_headers("HX-Request")
def audit_log(request: HttpRequest) -> HttpResponse:
    require_reader(request)
    errors: dict[str, str] = {}
    params = {k: request.GET.get(k, "").strip() for k in FILTER_FIELDS}
    try:
        filters = parse_filters({**params, "order": "desc"})
        events = audit_event_list(request.user, filters)
    except FilterError as exc:
        errors[exc.param if exc.param in FILTER_FIELDS else "since"] = str(exc)
        events = visible_events(request.user).order_by("-id")
    ids_raw = request.GET.get("ids", "").strip()
    if ids_raw:
        try:
            events = events.filter(id__in=_ids(ids_raw))
        except FilterError as exc:
            errors["ids"] = str(exc)
    page = Paginator(events, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    export = {k: v for k, v in params.items() if v}
    ctx = {
        "page": page,
        "rows": [{"event": e, "summary": summary(e)} for e in page.object_list],
        "params": params,
        "ids": ids_raw,
        "errors": errors,
        "query": query.urlencode(),
        "export_query": urlencode(export),
        "lanes": list(lanes_with(request.user, Cap.READ_AUDIT).values_list("slug", flat=True)),
        "actions": list(
            visible_events(request.user).order_by().values_list("action", flat=True).distinct()
        ),
    }
    template = "audit/log.html#events" if is_htmx(request) else "audit/log.html"
    return render(request, template, ctx, status=400 if errors else 200)


@login_required
def audit_event(request: HttpRequest, event_id: int) -> HttpResponse:
    require_reader(request)
    event = get_object_or_404(visible_events(request.user), pk=event_id)
    ctx = {
        "event": event,
        "changes": changed_fields(event.details or {}),
        "summary": summary(event),
        "previous": visible_events(request.user).filter(id__lt=event.pk).order_by("-id").first(),
        "next": visible_events(request.user).filter(id__gt=event.pk).order_by("id").first(),
    }
    return render(request, "audit/event.html", ctx)


@login_required
@vary_on_headers("HX-Request")
def audit_chain(request: HttpRequest) -> HttpResponse:
    """Recompute the whole chain (it has one head, whatever lanes the reader audits)."""
    require_reader(request)
    ctx = {"result": verify_chain().as_dict()}
    template = "audit/chain.html#status" if is_htmx(request) else "audit/chain.html"
    return render(request, template, ctx)


@login_required
def audit_dashboard(request: HttpRequest) -> HttpResponse:
    require_reader(request)
    return render(request, "audit/dashboard.html", dashboard_data(request.user))


# The dashboard's charts are plain SVG drawn here: no chart library, no request elsewhere.
REFUSAL_DAYS = 14
BAR_WIDTH = 360
CODE_COLOURS = {
    "no_relevant_evidence": "#8a6d3b",
    "below_authority_floor": "#b03a2e",
    "not_applicable": "#6c3483",
    "ungrounded": "#1f618d",
    "citation_laundering": "#111111",
    "unresolved_conflict": "#d35400",
    "unsupported_script": "#117a65",
    "generation_failed": "#5d6d7e",
}


def _tier_bars(lane: Any) -> dict[str, Any]:
    from curation.services.tiers import tier_counts

    counts = tier_counts(lane=lane)
    order = list(reversed(lane.tier_order))
    rows = [(name, counts.get(name, 0)) for name in order]
    other = sum(n for name, n in counts.items() if name not in lane.tier_order)
    if other:
        rows.append(("(no tier / unknown)", other))
    top = max([n for _, n in rows] + [1])
    bars = [
        {"label": name, "count": n, "y": i * 26, "width": round(BAR_WIDTH * n / top, 1)}
        for i, (name, n) in enumerate(rows)
    ]
    return {"lane": lane, "bars": bars, "height": len(bars) * 26 + 4, "total": sum(counts.values())}


def _window_days() -> list[Any]:
    """The dashboard's days, oldest first: the refusal and review charts share one window."""
    import datetime as dt

    from django.utils import timezone

    today = timezone.now().date()
    return [today - dt.timedelta(days=REFUSAL_DAYS - 1 - i) for i in range(REFUSAL_DAYS)]


def _refusal_chart(answers: Any, days: list[Any]) -> dict[str, Any]:
    from django.db.models import Count
    from django.db.models.functions import TruncDate

    rows = (
        answers.filter(status="refused", created_at__date__gte=days[0])
        .annotate(day=TruncDate("created_at"))
        .values("day", "refusal_code")
        .annotate(n=Count("id"))
    )
    per_day: dict[Any, dict[str, int]] = {d: {} for d in days}
    for r in rows:
        per_day.setdefault(r["day"], {})[r["refusal_code"]] = r["n"]
    top = max([sum(v.values()) for v in per_day.values()] + [1])
    height, slot = 160, 34
    columns = []
    for i, day in enumerate(days):
        y = float(height)
        stack = []
        for code, n in sorted(per_day[day].items()):
            h = round(height * n / top, 1)
            y -= h
            stack.append(
                {
                    "code": code,
                    "n": n,
                    "y": round(y, 1),
                    "h": h,
                    "colour": CODE_COLOURS.get(code, "#444"),
                }
            )
        columns.append(
            {"day": day, "x": i * slot + 30, "stack": stack, "total": sum(per_day[day].values())}
        )
    codes = sorted({c for v in per_day.values() for c in v})
    return {
        "columns": columns,
        "legend": [{"code": c, "colour": CODE_COLOURS.get(c, "#444")} for c in codes],
        "height": height,
        "width": REFUSAL_DAYS * slot + 40,
        "top": top,
        "total": sum(c["total"] for c in columns),
    }


REVIEW_VERDICTS = ("flag", "approve")  # drawn left to right in each day's pair


def _review_chart(answers: Any, days: list[Any]) -> dict[str, Any]:
    """Flagged and approved answers per day of review, in one grouped query."""
    from django.db.models import Count
    from django.db.models.functions import TruncDate

    rows = (
        answers.filter(review_verdict__in=REVIEW_VERDICTS, reviewed_at__date__gte=days[0])
        .annotate(day=TruncDate("reviewed_at"))
        .values("day", "review_verdict")
        .annotate(n=Count("id"))
    )
    per_day: dict[Any, dict[str, int]] = {d: dict.fromkeys(REVIEW_VERDICTS, 0) for d in days}
    for r in rows:
        if r["day"] in per_day:
            per_day[r["day"]][r["review_verdict"]] = r["n"]
    busiest = max(n for counts in per_day.values() for n in counts.values())
    top = max(busiest, 1)
    # Bars stop short of the top so the tallest one's count above it stays inside the chart.
    height, headroom, slot, bar = 160, 14, 34, 12
    columns = []
    for i, day in enumerate(days):
        bars = []
        for j, verdict in enumerate(REVIEW_VERDICTS):
            n = per_day[day][verdict]
            h = round((height - headroom) * n / top, 1)
            bars.append(
                {
                    "verdict": verdict,
                    "n": n,
                    "x": 2 + j * (bar + 1),
                    "y": round(height - h, 1),
                    "h": h,
                    "count_x": 2 + j * (bar + 1) + bar / 2,
                    "count_y": round(height - h - 3, 1),
                }
            )
        columns.append({"day": day, "x": i * slot + 30, "bars": bars, **per_day[day]})
    return {
        "columns": columns,
        "reviewed_days": [c for c in columns if c["flag"] or c["approve"]],
        "height": height,
        "width": REFUSAL_DAYS * slot + 40,
        "bar": bar,
        "busiest": busiest,
        "flagged": sum(c["flag"] for c in columns),
        "approved": sum(c["approve"] for c in columns),
    }


def dashboard_data(user: Any) -> dict[str, Any]:
    from django.db.models import Count, Q

    from answers.models import Answer

    lanes = list(lanes_with(user, Cap.READ_AUDIT))
    answers = Answer.objects.filter(lane__in=lanes)
    days = _window_days()
    review = (
        answers.values("lane__slug")
        .annotate(
            total=Count("id"),
            flagged=Count("id", filter=Q(review_verdict="flag")),
            approved=Count("id", filter=Q(review_verdict="approve")),
            refused=Count("id", filter=Q(status="refused")),
        )
        .order_by("lane__slug")
    )
    return {
        "tier_charts": [_tier_bars(lane) for lane in lanes],
        "refusals": _refusal_chart(answers, days),
        "reviews": _review_chart(answers, days),
        "review": list(review),
        "bar_width": BAR_WIDTH,
    }

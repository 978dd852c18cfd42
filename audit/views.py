"""Auditor pages: the log with filters, one event, and the chain's status.

Only auditors and admins (global roles) see these pages; everyone else gets 403. Each reader
sees the events of the lanes they audit (selectors.visible_events decides). Nothing here writes.
The dashboard over answers and tiers is ``reporting``'s: the log depends on nothing it records.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.vary import vary_on_headers

from access.roles import Cap, lanes_with
from audit.chain import verify_chain
from audit.selectors import (
    FilterError,
    audit_event_list,
    parse_filters,
    require_audit_reader,
    visible_events,
)
from common.http import is_htmx, page_errors

PAGE_SIZE = 50
ERR_BAD_IDS = "ids must be a comma-separated list of event numbers"
FILTER_FIELDS = ("action", "lane", "document_id", "actor", "since", "until")


def require_reader(request: HttpRequest) -> None:
    with page_errors():
        require_audit_reader(request.user)


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

"""Evaluation pages: a lane's Evaluations tab (upload and run a golden set, runs over time), a
run's filterable table, the diff between two runs, and the what-if started from the lane
settings page (docs/design.md#evaluation-runs)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh

from access.lanes import lane_access
from access.roles import Cap
from access.throttles import EVALUATE, throttle
from common.errors import Invalid, ServiceError, Throttled
from common.http import is_htmx, page_errors, throttled_response
from curation.forms import LaneSettingsForm, tier_edits_from_post
from curation.models import Lane
from curation.page_context import lane_context
from evaluations.charts import CHART_METRICS, chart_mode, headline_chart
from evaluations.forms import EXPECTED_CHOICES, GoldenUploadForm, WhatIfModeForm
from evaluations.models import EvaluationRun, GoldenSet
from evaluations.selectors import (
    ERR_MAY_NOT_EVALUATE,
    evaluation_diff,
    evaluation_list,
    evaluation_questions,
    evaluation_readable,
    what_if_diff,
)
from evaluations.services import (
    evaluation_start,
    evaluation_upload,
    golden_set_latest,
    what_if_start,
)

ERR_MAY_NOT_WHAT_IF = "only an admin of the lane may run a what-if of its policy"
ERR_NOTHING_TO_RUN_AGAIN = "this lane has no golden set yet: upload one"
RUNS_LISTED = 50
# The report numbers each mode's row shows on a run page, with how each reads.
MODE_METRICS = (
    ("expected_value_rate", "expected value stated"),
    ("expected_value_from_document_rate", "from an expected document"),
    ("answer_when_grounded", "answered when answerable"),
    ("abstain_when_no_evidence", "refused when it should"),
    ("refusal_code_accuracy", "expected refusal code"),
    ("out_of_jurisdiction_citations", "out-of-jurisdiction citations"),
    ("trap_citations", "trap documents cited"),
)


def _lane(request: HttpRequest, slug: str, cap: Cap, message: str) -> tuple[Lane, Any]:
    with page_errors():
        return lane_access(request.user, slug, cap, message)


def _run(request: HttpRequest, evaluation_id: int) -> EvaluationRun:
    with page_errors():
        return evaluation_readable(user=request.user, evaluation_id=evaluation_id)


def _golden_set(lane: Lane, given: str) -> GoldenSet:
    """The lane's golden set named by id, else its latest; ``Invalid`` when it has none."""
    golden_set = (
        GoldenSet.objects.filter(lane=lane, pk=int(given)).first() if given.isdigit() else None
    )
    golden_set = golden_set or golden_set_latest(lane=lane)
    if golden_set is None:
        raise Invalid("no_golden_set", ERR_NOTHING_TO_RUN_AGAIN, {"field": "golden_set"})
    return golden_set


def _start_from_post(request: HttpRequest, lane: Lane, form: GoldenUploadForm) -> Any:
    """The run the tab's form asks for (the latest golden set again, or an uploaded one), or
    None when the form is not valid; a ``ServiceError`` when it is refused."""
    throttle(action=EVALUATE, user=request.user, lane=lane)
    actor = request.user.get_username()
    if request.POST.get("action") == "rerun":
        return evaluation_start(
            lane=lane,
            golden_set=_golden_set(lane, request.POST.get("golden_set", "")),
            modes=",".join(request.POST.getlist("modes")) or None,
            user=request.user,
            actor=actor,
        )
    if not form.is_valid():
        return None
    upload = form.cleaned_data["file"]
    return evaluation_upload(
        lane=lane,
        data=upload.read(),
        filename=upload.name or "",
        modes=",".join(form.cleaned_data["modes"]),
        user=request.user,
        actor=actor,
    )


def _tab_context(lane: Lane, caps: Any) -> dict[str, Any]:
    """The tab's runs (newest first, each with the one before it), what-ifs and chart."""
    runs = list(evaluation_list(lane=lane)[:RUNS_LISTED])
    mode = chart_mode([r for r in runs if r.reports], lane.default_mode)
    ctx = lane_context(lane, caps)
    ctx.update(
        heading="Evaluations",
        runs=runs,
        run_rows=[
            {
                "run": run,
                "older": runs[i + 1] if i + 1 < len(runs) else None,
                "numbers": run.reports.get(mode),
            }
            for i, run in enumerate(runs)
        ],
        what_ifs=list(evaluation_list(lane=lane, kind=EvaluationRun.Kind.WHAT_IF)[:10]),
        latest_golden=golden_set_latest(lane=lane),
        chart=headline_chart([r for r in runs if r.reports], mode),
        chart_metrics=CHART_METRICS,
        chart_run_mode=mode,
    )
    return ctx


@login_required
def lane_evaluations(request: HttpRequest, slug: str) -> HttpResponse:
    """The Evaluations tab: upload a golden set and run it, run the latest again, the runs."""
    lane, caps = _lane(request, slug, Cap.EVALUATE, ERR_MAY_NOT_EVALUATE)
    before, after = request.GET.get("before", ""), request.GET.get("after", "")
    if before.isdigit() and after.isdigit():
        return redirect("evaluation-diff", evaluation_id=int(before), other_id=int(after))
    form = GoldenUploadForm(request.POST or None, request.FILES or None)
    refusal: ServiceError | None = None
    if request.method == "POST":
        try:
            run = _start_from_post(request, lane, form)
        except ServiceError as exc:
            refusal = exc
        else:
            if run is not None:
                return redirect("evaluation", evaluation_id=run.pk)
    ctx = _tab_context(lane, caps)
    ctx.update(
        # Running again posts no file: its refusal is the page's, not the upload form's.
        form=GoldenUploadForm() if request.POST.get("action") == "rerun" else form,
        golden_errors=list(refusal.details.get("errors") or []) if refusal else [],
        page_error=refusal.message if refusal else "",
    )
    status = 400 if request.method == "POST" else 200
    response = render(request, "evaluations/lane.html", ctx, status=status)
    return throttled_response(response, refusal) if isinstance(refusal, Throttled) else response


def _filters(request: HttpRequest, run: EvaluationRun) -> dict[str, str]:
    params = {k: request.GET.get(k, "").strip() for k in ("category", "mode", "expected")}
    if params["mode"] not in run.runs:
        params["mode"] = ""
    if params["expected"] not in ("yes", "no"):
        params["expected"] = ""
    return params


def _rows(questions: list[dict[str, Any]], params: dict[str, str]) -> list[dict[str, Any]]:
    """One row per question and mode, filtered by category, mode and as-expected."""
    rows = []
    for question in questions:
        if params["category"] and question["category"] != params["category"]:
            continue
        for mode, result in question["results"].items():
            if params["mode"] and mode != params["mode"]:
                continue
            if params["expected"] and result["as_expected"] != (params["expected"] == "yes"):
                continue
            rows.append({"question": question, "mode": mode, "result": result})
    return rows


def policy_view(policy: dict[str, Any]) -> dict[str, Any]:
    """What a page shows of a policy snapshot: profile, floor, precedence, renames."""
    return {
        "profile": policy.get("profile", ""),
        "minimum_tier": policy.get("minimum_tier") or "",
        "precedence": list(reversed(policy.get("tier_order") or [])),
        "renames": policy.get("renames") or {},
    }


def mode_rows(run: EvaluationRun) -> list[dict[str, Any]]:
    """Each mode's numbers as the run page's table shows them, with their counts."""
    rows = []
    for mode in run.runs:
        report = run.reports.get(mode)
        if not report:
            continue
        fractions = report.get("fractions") or {}
        cells = [
            # A report stored before a metric existed shows a dash for it, not a zero.
            {"key": key, "value": report.get(key), "fraction": fractions.get(key)}
            for key, _ in MODE_METRICS
        ]
        rows.append({"mode": mode, "report": report, "cells": cells})
    return rows


def _run_context(request: HttpRequest, run: EvaluationRun) -> dict[str, Any]:
    with page_errors():
        lane, caps = lane_access(request.user, run.lane.slug, Cap.EVALUATE, ERR_MAY_NOT_EVALUATE)
    job = run.job
    ctx = lane_context(lane, caps)
    ctx.update(
        run=run,
        job=job,
        percent=round((job.progress if job else 1.0) * 100),
        mode_metrics=MODE_METRICS,
        policy_view=policy_view(run.policy),
    )
    if run.kind == EvaluationRun.Kind.WHAT_IF:
        ctx["saved_policy_view"] = policy_view(run.saved_policy)
        ctx["diff"] = what_if_diff(run) if run.status == EvaluationRun.Status.DONE else None
        return ctx
    questions = evaluation_questions(run)
    params = _filters(request, run)
    ctx.update(
        policy_json=json.dumps(run.policy, indent=2, ensure_ascii=False),
        mode_rows=mode_rows(run),
        params=params,
        rows=_rows(questions, params),
        categories=sorted({q["category"] for q in questions}),
        expected_choices=EXPECTED_CHOICES,
        earlier=EvaluationRun.objects.filter(
            lane=lane, kind=EvaluationRun.Kind.RUN, created_at__lt=run.created_at
        )
        .order_by("-created_at")
        .values_list("pk", flat=True)
        .first(),
    )
    return ctx


@login_required
@vary_on_headers("HX-Request")
def evaluation_page(request: HttpRequest, evaluation_id: int) -> HttpResponse:
    """A run (or a what-if): progress while it runs, then each mode's numbers and the
    filterable table of every question's outcome, each linked to its stored answer."""
    run = _run(request, evaluation_id)
    part = request.GET.get("part", "") if is_htmx(request) else ""
    if part == "progress" and run.finished:
        return HttpResponseClientRefresh()  # the finished page has more than the bar
    ctx = _run_context(request, run)
    if part in ("progress", "what_if", "rows"):
        return render(request, f"evaluations/run.html#{part}", ctx)
    return render(request, "evaluations/run.html", ctx)


@login_required
def evaluation_diff_page(request: HttpRequest, evaluation_id: int, other_id: int) -> HttpResponse:
    before, after = _run(request, evaluation_id), _run(request, other_id)
    with page_errors():
        diff = evaluation_diff(before=before, after=after)
        lane, caps = lane_access(request.user, before.lane.slug, Cap.EVALUATE, ERR_MAY_NOT_EVALUATE)
    ctx = lane_context(lane, caps)
    ctx.update(
        before=before,
        after=after,
        diff=diff,
        before_label=f"Run #{before.pk}",
        after_label=f"Run #{after.pk}",
    )
    return render(request, "evaluations/diff.html", ctx)


@login_required
@require_POST
def what_if(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a what-if from the lane settings page's tier editor, without saving anything."""
    lane, caps = _lane(request, slug, Cap.EDIT_LANE, ERR_MAY_NOT_WHAT_IF)
    edits = tier_edits_from_post(request.POST)
    settings_form = LaneSettingsForm(request.POST, tiers=[e.name for e in edits])
    mode_form = WhatIfModeForm(request.POST)
    problems: list[str] = []
    run = None
    throttled: Throttled | None = None
    if settings_form.is_valid() and mode_form.is_valid():
        try:
            throttle(action=EVALUATE, user=request.user, lane=lane)
            run = what_if_start(
                lane=lane,
                edits=edits,
                minimum_tier=settings_form.cleaned_data["minimum_tier"],
                profile=settings_form.cleaned_data["profile"],
                mode=mode_form.cleaned_data["what_if_mode"],
                user=request.user,
                actor=request.user.get_username(),
            )
        except ServiceError as exc:
            problems = list(exc.details.get("problems") or [exc.message])
            throttled = exc if isinstance(exc, Throttled) else None
    else:
        problems = [
            f"{k}: {' '.join(v)}" for k, v in (settings_form.errors | mode_form.errors).items()
        ]
    if run is not None and not is_htmx(request):
        return redirect("evaluation", evaluation_id=run.pk)
    ctx: dict[str, Any] = lane_context(lane, caps)
    ctx.update(what_if_problems=problems)
    if run is not None:
        run.refresh_from_db()
        ctx.update(_run_context(request, run))
    if is_htmx(request):
        return render(request, "evaluations/run.html#what_if", ctx)
    ctx["heading"] = "What-if"
    response = render(request, "evaluations/what_if_refused.html", ctx, status=400)
    return throttled_response(response, throttled) if throttled else response

"""Reviewer pages: ask, verify a draft, the history, one answer claim by claim, a citation.

A stored answer is shown exactly as computed (its payload); only the tiers of cited documents
and their active corrections are read from the lane now, in one query each.
"""

from __future__ import annotations

import difflib
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import InterfaceError, OperationalError, connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from access.lanes import require
from access.roles import Cap, caps_on, lanes_with
from access.throttles import ASK, VERIFY, throttle
from answers.citations import text_with_pages
from answers.explain import REFUSAL_MEANINGS, STATUS_MEANINGS, VIOLATION_MEANINGS
from answers.export import MEDIA_TYPE, answer_markdown, answer_permalink, export_filename
from answers.forms import AskForm, QuestionForm, ReviewForm, VerifyForm
from answers.models import Answer
from answers.selectors import answer_dict, answer_list, answer_readable
from answers.services import answer_ask, answer_review, answer_verify
from answers.signal_rows import signal_rows
from citenexus.pipeline.timing import in_stage_order
from common.errors import ServiceError, Throttled
from common.http import actor_name, is_htmx, page_errors, throttled_response
from curation.models import Correction, Document, EvidenceUnit, Lane
from curation.tier_badges import tier_badge, tier_classes

ERR_MAY_NOT_ASK = "you may not ask questions in any lane"
ERR_MAY_NOT_REVIEW = "you may not review answers in this lane"
ERR_NOT_CITED = "this claim does not cite or rely on that unit"
ERR_ASK_DATABASE_UNAVAILABLE = "the database is unavailable; nothing was saved — ask again"
PAGE_SIZE = 50


def _ask_lanes(request: HttpRequest) -> list[Lane]:
    lanes = list(lanes_with(request.user, Cap.ASK).order_by("slug"))
    if not lanes:
        raise PermissionDenied(ERR_MAY_NOT_ASK)
    return lanes


def _run(
    request: HttpRequest, form: QuestionForm, lanes: list[Lane], service: Any, action: str
) -> HttpResponse | None:
    """Call the ask or verify service for a valid form; errors go beside the field they concern."""
    if request.method != "POST" or not form.is_valid():
        return None
    lane = next(lane for lane in lanes if lane.slug == form.cleaned_data["lane"])
    try:
        throttle(action=action, user=request.user, lane=lane)
    except Throttled as exc:
        form.add_error(None, exc.message)
        form.throttled = exc  # type: ignore[attr-defined]
        return None
    try:
        answer = service(
            lane=lane,
            user=request.user,
            actor=actor_name(request),
            **form.service_fields(),
        )
    except ServiceError as exc:
        field = str(exc.details.get("field") or "")
        field = {"segments": "draft"}.get(field, field)
        if exc.code == "unknown_citation_keys":
            field = "draft"
        form.add_error(field if field in form.fields else None, exc.message)
        return None
    if is_htmx(request):
        # htmx posted the form in the background (so its "Working…" showed): the answer is a page.
        return HttpResponseClientRedirect(reverse("answer", args=[answer.pk]))
    return redirect("answer", answer_id=answer.pk)


def _form_page(
    request: HttpRequest, template: str, form: QuestionForm, status: int | None = None
) -> HttpResponse:
    """The ask or verify form again: 400 with its errors, 429 (and when to retry) if throttled,
    or ``status``. To htmx only the form, as 200 so that htmx swaps it in with its errors (a
    throttled one still says when to try again, and carries ``Retry-After``)."""
    throttled = getattr(form, "throttled", None)
    if is_htmx(request):
        response = render(request, f"{template}#form", {"form": form})
        if throttled is not None:
            response["Retry-After"] = str(throttled.retry_after)
        return response
    if throttled is not None:
        return throttled_response(render(request, template, {"form": form}, status=429), throttled)
    if status is None:
        status = 400 if form.errors else 200
    return render(request, template, {"form": form}, status=status)


@login_required
@vary_on_headers("HX-Request")
def ask_page(request: HttpRequest) -> HttpResponse:
    lanes = _ask_lanes(request)
    initial = {
        "lane": request.GET.get("lane", ""),
        "question": request.GET.get("question", ""),
        "mode": request.GET.get("mode", ""),
    }
    form = AskForm(request.POST or None, lanes=lanes, initial=initial)
    try:
        response = _run(request, form, lanes, answer_ask, ASK)
    except (OperationalError, InterfaceError):
        # answer_ask's transaction died with the connection, so no row was written.
        return _ask_database_unavailable(request, form)
    if response is not None:
        return response
    return _form_page(request, "answers/ask.html", form)


def _ask_database_unavailable(request: HttpRequest, form: AskForm) -> HttpResponse:
    """503: the ask form again, question kept; a bare page if the layout cannot reach the database."""
    form.add_error(None, ERR_ASK_DATABASE_UNAVAILABLE)
    # Drop the dead session so the layout's queries (the menu's roles) may open a fresh one.
    connection.close_if_unusable_or_obsolete()
    try:
        return _form_page(request, "answers/ask.html", form, 503)
    except (OperationalError, InterfaceError):
        ctx = {"message": ERR_ASK_DATABASE_UNAVAILABLE, "form": form}
        return render(request, "answers/ask_unavailable.html", ctx, status=503)


@login_required
@vary_on_headers("HX-Request")
def verify_page(request: HttpRequest) -> HttpResponse:
    lanes = _ask_lanes(request)
    form = VerifyForm(
        request.POST or None, lanes=lanes, initial={"lane": request.GET.get("lane", "")}
    )
    response = _run(request, form, lanes, answer_verify, VERIFY)
    if response is not None:
        return response
    return _form_page(request, "answers/verify.html", form)


@login_required
@vary_on_headers("HX-Request")
def answer_history(request: HttpRequest) -> HttpResponse:
    lanes = list(lanes_with(request.user, Cap.READ_ANSWERS).order_by("slug"))
    if not lanes:
        raise PermissionDenied("you may not read answers in any lane")
    params = {
        k: request.GET.get(k, "").strip()
        for k in ("lane", "status", "refusal_code", "asked_by", "verdict", "q")
    }
    qs = answer_list(
        user=request.user,
        lane=params["lane"],
        status=params["status"],
        refusal_code=params["refusal_code"],
        asked_by=params["asked_by"],
    )
    if params["verdict"]:
        qs = qs.filter(review_verdict="" if params["verdict"] == "none" else params["verdict"])
    if params["q"]:
        qs = qs.filter(question__icontains=params["q"])
    qs = qs.defer("payload", "text")
    page = Paginator(qs, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    ctx = {
        "page": page,
        "params": params,
        "lanes": lanes,
        "query": query.urlencode(),
        "codes": sorted(REFUSAL_MEANINGS),
    }
    template = "answers/history.html#answers" if is_htmx(request) else "answers/history.html"
    return render(request, template, ctx)


def readable_answer(request: HttpRequest, answer_id: int) -> Answer:
    with page_errors():
        return answer_readable(user=request.user, answer_id=answer_id)


def _document_tiers(lane: Lane, keys: set[str]) -> dict[str, dict[str, str]]:
    """Each cited key's tier badge, from its document's metadata as it is now (one query)."""
    doc_ids = {k.rsplit("#", 1)[0] for k in keys}
    classes = tier_classes(lane)
    authority = dict(
        Document.objects.filter(lane=lane, document_id__in=doc_ids).values_list(
            "document_id", "authority"
        )
    )
    return {
        k: tier_badge(
            lane,
            classes,
            str((authority.get(k.rsplit("#", 1)[0]) or {}).get(lane.metadata_key, "")),
        )
        for k in keys
    }


def _claim_rows(
    answer: Answer, data: dict[str, Any], tiers: dict[str, dict[str, str]]
) -> list[dict[str, Any]]:
    rows = []
    for i, claim in enumerate(data.get("claims", [])):
        supported = set(claim.get("supported_by", []))
        pages = {d["key"]: d.get("pages", "") for d in claim.get("citation_details", [])}
        chips = [
            {
                "key": key,
                "tier": tiers.get(key),
                "supports": key in supported,
                "attributed": key == claim.get("attributed_to"),
                "pages": pages.get(key, ""),
            }
            for key in claim.get("citations", [])
        ]
        extra = [
            {"key": k, "tier": tiers.get(k)}
            for k in claim.get("supported_by", [])
            if k not in claim.get("citations", [])
        ]
        rows.append(
            {
                "index": i,
                "claim": claim,
                "chips": chips,
                "uncited_support": extra,
                "status_meaning": STATUS_MEANINGS.get(claim.get("status", ""), ""),
                "violations": [
                    {**v, "meaning": VIOLATION_MEANINGS.get(v.get("kind", ""), "")}
                    for v in claim.get("violations", [])
                ],
            }
        )
    return rows


@login_required
def answer_page(request: HttpRequest, answer_id: int) -> HttpResponse:
    answer = readable_answer(request, answer_id)
    review_form = ReviewForm(
        initial={"verdict": answer.review_verdict or None, "note": answer.review_note}
    )
    return render(request, "answers/answer.html", _answer_context(request, answer, review_form))


def _answer_context(
    request: HttpRequest, answer: Answer, review_form: ReviewForm
) -> dict[str, Any]:
    data = answer_dict(answer)
    keys: set[str] = set()
    for claim in data.get("claims", []):
        keys |= set(claim.get("citations", [])) | set(claim.get("supported_by", []))
    keys |= {w["key"] for w in data.get("withheld_detail", []) if w.get("key")}
    tiers = _document_tiers(answer.lane, keys)
    refusal = data.get("refusal") or None
    caps = caps_on(request.user, answer.lane)
    return {
        "answer": answer,
        "data": data,
        "lane": answer.lane,
        "claims": _claim_rows(answer, data, tiers),
        "answer_text": text_with_pages(data.get("text", ""), data.get("claims", [])),
        "refusal": refusal,
        "refusal_meaning": REFUSAL_MEANINGS.get((refusal or {}).get("code", ""), ""),
        "signals": signal_rows(
            data.get("evidence") or {},
            lane_slug=answer.lane.slug,
            withheld_detail=data.get("withheld_detail") or [],
        ),
        "permalink": answer_permalink(request, answer),
        "evidence": data.get("evidence", {}),
        "timings": in_stage_order((data.get("evidence") or {}).get("timings_ms", {})),
        "policy": data.get("policy", {}),
        "tiers": tiers,
        "may_review": Cap.REVIEW in caps,
        "may_ask": Cap.ASK in caps,
        "review_form": review_form,
        "other_mode": "normal" if data.get("mode") == "strict" else "",
        # A best candidate that states a sum of money or a share the question states: the page
        # says what its "amount" score added.
        "amount_stated": any(
            (c.get("scores") or {}).get("amount") for c in data.get("best_candidates") or []
        ),
    }


def supporting_span(claim: str, text: str, span: list[int] | None) -> tuple[str, str, str]:
    """(before, highlighted, after): the judge's span when it gave one, else the longest match."""
    if span and 0 <= span[0] < span[1] <= len(text):
        return text[: span[0]], text[span[0] : span[1]], text[span[1] :]
    matcher = difflib.SequenceMatcher(None, text.lower(), claim.lower(), autojunk=False)
    block = matcher.find_longest_match(0, len(text), 0, len(claim))
    if block.size < max(8, len(claim) // 4):
        return text, "", ""
    return text[: block.a], text[block.a : block.a + block.size], text[block.a + block.size :]


@login_required
@vary_on_headers("HX-Request")
def citation_panel(
    request: HttpRequest, answer_id: int, claim_index: int, key: str
) -> HttpResponse:
    answer = readable_answer(request, answer_id)
    claims = (answer.payload or {}).get("claims", [])
    if not 0 <= claim_index < len(claims):
        raise Http404("no such claim")
    claim = claims[claim_index]
    if key not in set(claim.get("citations", [])) | set(claim.get("supported_by", [])) | {
        j.get("key") for j in claim.get("judgments", [])
    }:
        raise Http404(ERR_NOT_CITED)
    document_id, _, ordinal = key.rpartition("#")
    unit = (
        EvidenceUnit.objects.filter(
            lane=answer.lane,
            document__document_id=document_id,
            ordinal=int(ordinal) if ordinal.isdigit() else -1,
        )
        .select_related("document")
        .order_by("-current", "-version")
        .first()
    )
    judgments = [j for j in claim.get("judgments", []) if j.get("key") == key]
    spans = [j["span"] for j in judgments if j.get("span")]
    text = unit.text if unit else ""
    before, mark, after = supporting_span(claim.get("text", ""), text, spans[0] if spans else None)
    corrections = list(
        Correction.objects.filter(
            document__lane=answer.lane, document__document_id=document_id, active=True
        )
    )
    ctx = {
        "answer": answer,
        "claim": claim,
        "claim_index": claim_index,
        "key": key,
        "unit": unit,
        "before": before,
        "mark": mark,
        "after": after,
        "judgments": judgments,
        "corrections": corrections,
        "lane": answer.lane,
        "tier": _document_tiers(answer.lane, {key}).get(key),
        "supports": key in claim.get("supported_by", []),
        "mark_span": (len(before), len(before) + len(mark)) if mark else None,
    }
    template = "answers/citation.html#panel" if is_htmx(request) else "answers/citation.html"
    return render(request, template, ctx)


@login_required
def answer_export(request: HttpRequest, answer_id: int) -> HttpResponse:
    """The answer as a Markdown memo, downloaded (docs/api.md#answer-export)."""
    answer = readable_answer(request, answer_id)
    memo = answer_markdown(
        answer=answer, permalink=answer_permalink(request, answer), exported_at=timezone.now()
    )
    response = HttpResponse(memo, content_type=MEDIA_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{export_filename(answer)}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@login_required
@require_POST
def review_view(request: HttpRequest, answer_id: int) -> HttpResponse:
    answer = readable_answer(request, answer_id)
    with page_errors():
        require(request.user, Cap.REVIEW, answer.lane, ERR_MAY_NOT_REVIEW)
    form = ReviewForm(request.POST)
    if not form.is_valid():
        # The answer page again, the reviewer's input kept and each error beside its field.
        ctx = _answer_context(request, answer, form)
        return render(request, "answers/answer.html", ctx, status=400)
    answer_review(
        answer=answer,
        verdict=form.cleaned_data["verdict"],
        note=form.cleaned_data["note"],
        actor=request.user.get_username(),
    )
    messages.success(request, f"Recorded: {form.cleaned_data['verdict']}.")
    return redirect("answer", answer_id=answer.pk)

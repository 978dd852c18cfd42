"""Curation pages: a lane's documents (sort, filter, page, inline tier edit) and one document.

Views are thin: resolve the lane (404 to non-members, so lanes do not leak), check the
capability (403) — both ``shared.page_lane`` — call one selector or service, render the page or
its htmx fragment.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.db.models.fields.json import KeyTextTransform
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from access.roles import Cap
from common.errors import ServiceError
from common.http import is_htmx
from curation.forms import NO_TIER, SORTS, CorrectionForm, DocumentFilterForm, TierSetForm
from curation.models import Correction, Document, Lane
from curation.selectors import document_get
from curation.services.authority import document_tier_set
from curation.services.corrections import (
    correction_add,
    correction_levels,
    correction_withdraw,
)
from curation.tier_badges import tier_badge
from curation.views.shared import lane_context, page_lane, related
from curation.views.vocabulary_forms import vocabulary_rows

PAGE_SIZE = 50
ROW_FIELDS = (
    "id",
    "document_id",
    "title",
    "source_type",
    "authority",
    "version",
    "unit_count",
    "ingested_by_name",
    "ingested_at",
)


def document_rows_query(lane: Lane, data: dict[str, Any]) -> QuerySet[Document]:
    """Documents of the lane, filtered and sorted in SQL; only the columns the table shows."""
    order = list(lane.tier_order)
    qs = (
        Document.objects.filter(lane=lane)
        .only(*ROW_FIELDS)
        .annotate(
            tier_name=KeyTextTransform(lane.metadata_key, "authority"),
            tier_rank=Case(
                *[When(tier_name=name, then=Value(i)) for i, name in enumerate(order)],
                default=Value(-1),
                output_field=IntegerField(),
            ),
        )
    )
    tier = data.get("tier") or ""
    if tier == NO_TIER:
        qs = qs.exclude(tier_name__in=order)
    elif tier:
        qs = qs.filter(tier_name=tier)
    if data.get("source_type"):
        qs = qs.filter(source_type=data["source_type"])
    text = (data.get("q") or "").strip()
    if text:
        from django.db.models import Q

        qs = qs.filter(Q(title__icontains=text) | Q(document_id__icontains=text))
    sort = data.get("sort") or "document_id"
    field = SORTS[sort.lstrip("-")]
    prefix = "-" if sort.startswith("-") else ""
    return qs.order_by(prefix + field, "document_id")


def document_row(lane: Lane, classes: dict[str, str], d: Document) -> dict[str, Any]:
    authority = d.authority or {}
    base = f"/lanes/{lane.slug}/documents/{quote(d.document_id, safe='')}/"
    return {
        "pk": d.pk,
        "url": base,
        "tier_url": base + "tier/",
        "document_id": d.document_id,
        "title": d.title,
        "source_type": d.source_type,
        "tier_name": str(authority.get(lane.metadata_key, "")),
        "tier": tier_badge(lane, classes, str(authority.get(lane.metadata_key, ""))),
        "jurisdiction": authority.get("jurisdiction", ""),
        "scope": authority.get("scope", ""),
        "units": d.unit_count,
        "version": d.version,
        "ingested_by": d.ingested_by_name,
        "ingested_at": d.ingested_at,
    }


def _source_types(lane: Lane) -> list[str]:
    types = set(lane.policy or {}) | {"documentary", "conversational"}
    types |= set(
        Document.objects.filter(lane=lane).values_list("source_type", flat=True).distinct()
    )
    return sorted(types)


@login_required
@vary_on_headers("HX-Request")
def lane_page(request: HttpRequest, slug: str) -> HttpResponse:
    lane, caps = page_lane(request, slug, Cap.READ_LANE)
    ctx = lane_context(lane, caps)
    form = DocumentFilterForm(
        request.GET or None, tiers=list(lane.tier_order), source_types=_source_types(lane)
    )
    data = form.cleaned_data if form.is_bound and form.is_valid() else {}
    page = Paginator(document_rows_query(lane, data), PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [document_row(lane, ctx["tier_classes"], d) for d in page.object_list]
    query = request.GET.copy()
    query.pop("page", None)
    sort_query = request.GET.copy()
    sort_query.pop("sort", None)
    sort_query.pop("page", None)
    ctx.update(
        form=form,
        page=page,
        rows=rows,
        query=query.urlencode(),
        sort_query=sort_query.urlencode(),
        sort=data.get("sort") or "document_id",
        may_assign=Cap.ASSIGN_TIER in caps and lane.profile != "default.v1",
        tiers_desc=list(reversed(lane.tier_order)),
        vocabulary_rows=vocabulary_rows(lane.vocabulary),
    )
    template = "curation/lane.html#documents" if is_htmx(request) else "curation/lane.html"
    return render(request, template, ctx)


@login_required
@require_POST
def document_tier(request: HttpRequest, slug: str, document_id: str) -> HttpResponse:
    """Inline tier edit: htmx swaps the row; without JavaScript, back to the lane page."""
    lane, caps = page_lane(request, slug, Cap.ASSIGN_TIER)
    document = get_object_or_404(
        Document.objects.select_related("lane"), lane=lane, document_id=document_id
    )
    form = TierSetForm(request.POST, tiers=list(lane.tier_order))
    error = ""
    if form.is_valid():
        try:
            document_tier_set(
                document=document, tier=form.cleaned_data["tier"], actor=request.user.get_username()
            )
        except ServiceError as exc:
            error = exc.message
    else:
        error = "; ".join(str(e) for e in form.errors.get("tier", [])) or "invalid tier"
    if not is_htmx(request):
        if error:
            messages.error(request, f"{document_id}: {error}")
        else:
            messages.success(request, f"{document_id} is now {document.tier_name()}")
        return redirect(request.POST.get("next") or reverse("lane", args=[lane.slug]))
    ctx = lane_context(lane, caps)
    row = document_row(lane, ctx["tier_classes"], document)
    ctx.update(
        row=row,
        may_assign=True,
        tiers_desc=list(reversed(lane.tier_order)),
        row_error=error,
        row_saved=not error,
    )
    return render(request, "curation/_document_row.html", ctx)


def _document_or_404(lane: Lane, document_id: str) -> Document:
    document = document_get(lane=lane, document_id=document_id)
    if document is None:
        raise Http404("no such document")
    return document


def unit_blocks(document: Document) -> list[dict[str, Any]]:
    """The original text cut at unit starts, so each unit is outlined once with no text repeated.

    Units overlap (each repeats the end of the one before), so a block runs from its unit's
    start to the next unit's start; its label gives the unit's full offsets.
    """
    units = sorted(related(document, "units"), key=lambda u: u.start)
    content = document.content
    blocks: list[dict[str, Any]] = []
    if units and units[0].start > 0:
        blocks.append({"unit": None, "text": content[: units[0].start]})
    for i, unit in enumerate(units):
        stop = units[i + 1].start if i + 1 < len(units) else max(unit.end, len(content))
        stop = max(stop, unit.start)
        blocks.append({"unit": unit, "text": content[unit.start : stop]})
    if not units:
        blocks.append({"unit": None, "text": content})
    return blocks


def _document_context(
    lane: Lane, caps: frozenset[Cap], document: Document, correction_form: Any, **extra: Any
) -> dict[str, Any]:
    """What the document page shows: its text cut into units, its tier, its corrections."""
    ctx = lane_context(lane, caps)
    ctx.update(
        document=document,
        tier=tier_badge(lane, ctx["tier_classes"], document.tier_name()),
        blocks=unit_blocks(document),
        units=list(related(document, "units")),
        corrections=list(related(document, "corrections")),
        correction_form=correction_form,
        authority_items=sorted((document.authority or {}).items()),
        **extra,
    )
    return ctx


@login_required
def document_page(request: HttpRequest, slug: str, document_id: str) -> HttpResponse:
    lane, caps = page_lane(request, slug, Cap.READ_LANE)
    document = _document_or_404(lane, document_id)
    levels = correction_levels(document)
    ctx = _document_context(
        lane,
        caps,
        document,
        CorrectionForm(levels=levels, initial={"authority": levels[0]}),
        may_correct=Cap.CORRECT in caps,
        may_assign=Cap.ASSIGN_TIER in caps and lane.profile != "default.v1",
        tier_form=TierSetForm(tiers=list(lane.tier_order), initial={"tier": document.tier_name()}),
    )
    return render(request, "curation/document.html", ctx)


@login_required
@require_POST
def correction_create(request: HttpRequest, slug: str, document_id: str) -> HttpResponse:
    lane, caps = page_lane(request, slug, Cap.CORRECT)
    document = _document_or_404(lane, document_id)
    levels = correction_levels(document)
    form = CorrectionForm(request.POST, levels=levels)
    if form.is_valid():
        try:
            correction_add(
                document=document,
                text=form.cleaned_data["text"],
                authority=form.cleaned_data["authority"],
                actor=request.user.get_username(),
                user=request.user,
            )
        except ServiceError as exc:
            form.add_error("text", exc.message)
    if form.is_valid():
        messages.success(request, "Correction added.")
        return redirect(
            reverse("document", args=[lane.slug, document.document_id]) + "#corrections"
        )
    ctx = _document_context(lane, caps, document, form, may_correct=True, may_assign=False)
    return render(request, "curation/document.html", ctx, status=400)


@login_required
@require_POST
def correction_withdraw_view(
    request: HttpRequest, slug: str, document_id: str, correction_id: int
) -> HttpResponse:
    lane, _ = page_lane(request, slug, Cap.CORRECT)
    correction = get_object_or_404(
        Correction, pk=correction_id, document__lane=lane, document__document_id=document_id
    )
    try:
        correction_withdraw(correction=correction, actor=request.user.get_username())
        messages.success(request, "Correction withdrawn.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect(reverse("document", args=[lane.slug, document_id]) + "#corrections")

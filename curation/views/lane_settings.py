"""Lane settings for admins: the tier-order editor, the source-type policy, the vocabulary and
membership.

The tier editor keeps its unsaved state in the form itself (each row's original and new name),
so every button — up, down, remove, add, preview — works without JavaScript as a plain POST
that re-renders the editor; with htmx the same POST swaps only the editor.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from access.lanes import require
from access.roles import Cap
from citenexus.domain.definitions import narrowed_value
from citenexus.domain.vocabulary import Vocabulary
from common.errors import ServiceError
from common.http import is_htmx, page_errors
from curation.domain import lane_definitions
from curation.forms import LaneSettingsForm, MemberForm
from curation.forms import tier_edits_from_post as edits_from_post
from curation.models import Lane, LaneMembership
from curation.selectors import tier_counts
from curation.services.lanes import lane_member_set, lane_update
from curation.services.tiers import (
    ERR_TIER_IN_USE,
    TierEdit,
    floor_preview,
    renames_of,
    tier_order_change,
)
from curation.views.shared import lane_context, page_lane
from curation.views.vocabulary_forms import VocabularyForm, vocabulary_initial

ERR_NEW_TIER_EMPTY = "type a name for the new tier"
ERR_NO_SUCH_USER = "no user named {name!r}"
NO_TIER_CHOICE = "(declared, no tier)"


def apply_action(
    action: str, edits: list[TierEdit], new_tier: str, counts: dict[str, int]
) -> tuple[list[TierEdit], str]:
    """The editor's rows after one button press, and a message when the press was refused."""
    verb, _, index_text = action.partition(":")
    index = int(index_text) if index_text.isdigit() else -1
    edits = list(edits)
    # Indexes are positions in the least-first order: raising moves a tier towards the top.
    if verb == "raise" and 0 <= index < len(edits) - 1:
        edits[index + 1], edits[index] = edits[index], edits[index + 1]
    elif verb == "lower" and 0 < index < len(edits):
        edits[index - 1], edits[index] = edits[index], edits[index - 1]
    elif verb == "remove" and 0 <= index < len(edits):
        original = edits[index].original
        if original and counts.get(original, 0):
            return edits, ERR_TIER_IN_USE.format(name=original, count=counts[original])
        del edits[index]
    elif verb == "add":
        if not new_tier.strip():
            return edits, ERR_NEW_TIER_EMPTY
        edits.append(TierEdit(None, new_tier.strip()))
    return edits, ""


def _tiers_context(
    lane: Lane, edits: list[TierEdit], settings_form: LaneSettingsForm, counts: dict[str, int]
) -> dict[str, Any]:
    floor = ""
    if settings_form.is_bound:
        floor = settings_form.data.get("minimum_tier", "")
    else:
        floor = settings_form.initial.get("minimum_tier", "")
    # Rows are shown highest first, as people read precedence; the form posts them least first.
    rows = [
        {
            "index": i,
            "original": e.original or "",
            "name": e.name,
            "count": counts.get(e.original or "", 0),
            "top": i == len(edits) - 1,
            "bottom": i == 0,
        }
        for i, e in enumerate(edits)
    ][::-1]
    return {
        "tier_rows": rows,
        "settings_form": settings_form,
        "preview": floor_preview(counts=counts, edits=edits, minimum_tier=floor),
        "renames": renames_of(edits),
        "floor": floor,
    }


def _initial_settings(lane: Lane) -> dict[str, Any]:
    return {
        "minimum_tier": lane.minimum_tier,
        "profile": lane.profile,
        "default_mode": lane.default_mode,
        "jurisdiction": lane.jurisdiction,
    }


def _policy_rows(lane: Lane) -> list[dict[str, str]]:
    return [
        {"source_type": k, "tier": v or NO_TIER_CHOICE}
        for k, v in sorted((lane.policy or {}).items())
    ]


def _members(lane: Lane) -> list[LaneMembership]:
    return list(
        LaneMembership.objects.filter(lane=lane)
        .select_related("user")
        .order_by("user__username", "role")
    )


def _page(request: HttpRequest, lane: Lane, caps: Any, **extra: Any) -> dict[str, Any]:
    ctx = lane_context(lane, caps)
    counts = tier_counts(lane=lane)
    edits = extra.pop("edits", None) or [TierEdit(n, n) for n in lane.tier_order]
    settings_form = extra.pop("settings_form", None) or LaneSettingsForm(
        tiers=[e.name for e in edits], initial=_initial_settings(lane)
    )
    ctx.update(_tiers_context(lane, edits, settings_form, counts))
    ctx.update(
        policy_rows=extra.pop("policy_rows", None) or _policy_rows(lane),
        no_tier_choice=NO_TIER_CHOICE,
        members=_members(lane),
        member_form=extra.pop("member_form", None) or MemberForm(),
        vocabulary_form=extra.pop("vocabulary_form", None)
        or VocabularyForm(initial=vocabulary_initial(lane.vocabulary)),
        tier_names=list(reversed(lane.tier_order)),
        counts=counts,
        definitions=_definitions(lane),
    )
    ctx.update(extra)
    return ctx


def _definitions(lane: Lane) -> list[dict[str, Any]]:
    """The terms the lane's own law defines narrowly, and the scope value each narrows."""
    vocabulary = Vocabulary.from_mapping(lane.vocabulary or {})
    return [
        {"term": term, "left_out": left_out, "value": narrowed_value(term, vocabulary)}
        for term, left_out in sorted(lane_definitions(lane, vocabulary).items())
    ]


@login_required
@vary_on_headers("HX-Request")
def lane_settings(request: HttpRequest, slug: str) -> HttpResponse:
    lane, caps = page_lane(request, slug, Cap.EDIT_LANE)
    if request.method != "POST":
        return render(request, "curation/lane_settings.html", _page(request, lane, caps))
    section = request.POST.get("section", "")
    if section == "policy":
        return _post_policy(request, lane, caps)
    if section == "members":
        return _post_members(request, lane, caps)
    if section == "vocabulary":
        return _post_vocabulary(request, lane, caps)
    return _post_tiers(request, lane, caps)


def _post_tiers(request: HttpRequest, lane: Lane, caps: Any) -> HttpResponse:
    counts = tier_counts(lane=lane)
    edits = edits_from_post(request.POST)
    action = request.POST.get("action", "preview")
    edits, refusal = apply_action(action, edits, request.POST.get("new_tier", ""), counts)
    settings_form = LaneSettingsForm(request.POST, tiers=[e.name for e in edits])
    problems: list[str] = [refusal] if refusal else []
    if action == "save" and settings_form.is_valid():
        data = settings_form.cleaned_data
        try:
            tier_order_change(
                lane=lane,
                edits=edits,
                minimum_tier=data["minimum_tier"],
                actor=request.user.get_username(),
                profile=data["profile"],
                default_mode=data["default_mode"],
                jurisdiction=data["jurisdiction"].strip(),
            )
        except ServiceError as exc:
            problems.extend(exc.details.get("problems") or [exc.message])
        else:
            messages.success(request, "Tier order and floor saved.")
            if is_htmx(request):  # a full reload, so the saved state and the message both show
                return HttpResponseClientRedirect(reverse("lane-settings", args=[lane.slug]))
            return redirect("lane-settings", slug=lane.slug)
    ctx = _page(
        request,
        lane,
        caps,
        edits=edits,
        settings_form=settings_form,
        tier_problems=problems,
        new_tier="" if action == "add" and not refusal else request.POST.get("new_tier", ""),
    )
    template = (
        "curation/lane_settings.html#tiers" if is_htmx(request) else "curation/lane_settings.html"
    )
    return render(request, template, ctx, status=400 if problems and not is_htmx(request) else 200)


def _policy_from_post(post: Any) -> tuple[list[dict[str, str]], dict[str, str | None]]:
    rows: list[dict[str, str]] = []
    policy: dict[str, str | None] = {}
    removed = set(post.getlist("remove_source_type"))
    for source_type, tier in zip(post.getlist("source_type"), post.getlist("tier"), strict=False):
        source_type, tier = source_type.strip(), tier.strip()
        if not source_type or source_type in removed:
            continue
        rows.append({"source_type": source_type, "tier": tier})
        policy[source_type] = None if tier in ("", NO_TIER_CHOICE) else tier
    return rows, policy


def _place_policy_problems(rows: list[dict[str, str]], problems: Any) -> list[str]:
    """Set each row's ``error`` to the problems naming its source type; return the others.

    The domain names a source type as ``source type 'x'`` in every message about it.
    """
    unplaced: list[str] = []
    for problem in problems:
        row = next((r for r in rows if f"source type {r['source_type']!r}" in problem), None)
        if row is None:
            unplaced.append(problem)
        else:
            row["error"] = "; ".join(filter(None, [row.get("error", ""), problem]))
    return unplaced


def _post_policy(request: HttpRequest, lane: Lane, caps: Any) -> HttpResponse:
    rows, policy = _policy_from_post(request.POST)
    kind = request.POST.get("kind", lane.kind)
    try:
        lane_update(actor=request.user.get_username(), lane=lane, kind=kind, policy=policy)
    except ServiceError as exc:
        problems = getattr(exc.__cause__, "problems", None) or [exc.message]
        unplaced = "; ".join(_place_policy_problems(rows, problems))
        ctx = _page(request, lane, caps, policy_rows=rows, policy_error=unplaced, draft_kind=kind)
        return render(request, "curation/lane_settings.html", ctx, status=400)
    except Exception as exc:  # full_clean's ValidationError (e.g. an unknown kind)
        from django.core.exceptions import ValidationError

        if not isinstance(exc, ValidationError):
            raise
        ctx = _page(request, lane, caps, policy_rows=rows, policy_error="; ".join(exc.messages))
        return render(request, "curation/lane_settings.html", ctx, status=400)
    messages.success(request, "Source-type policy saved.")
    return redirect("lane-settings", slug=lane.slug)


def _post_vocabulary(request: HttpRequest, lane: Lane, caps: Any) -> HttpResponse:
    form = VocabularyForm(request.POST)
    if form.is_valid():
        try:
            lane_update(
                actor=request.user.get_username(),
                lane=lane,
                vocabulary=form.cleaned_data["vocabulary"],
            )
        except ServiceError as exc:
            form.place_error(exc.message)
        else:
            messages.success(request, "Vocabulary saved.")
            return redirect(reverse("lane-settings", args=[lane.slug]) + "#vocabulary")
    ctx = _page(request, lane, caps, vocabulary_form=form)
    return render(request, "curation/lane_settings.html", ctx, status=400)


def _post_members(request: HttpRequest, lane: Lane, caps: Any) -> HttpResponse:
    with page_errors():
        require(request.user, Cap.EDIT_MEMBERS, lane)
    actor = request.user.get_username()
    users = get_user_model().objects
    remove = request.POST.get("remove", "")
    if remove:
        user_id, _, role = remove.partition(":")
        user = users.filter(pk=user_id).first() if user_id.isdigit() else None
        if user is not None:
            lane_member_set(actor=actor, lane=lane, user=user, role=role, present=False)
            messages.success(request, f"{user.get_username()} is no longer {role} of this lane.")
        return redirect("lane-settings", slug=lane.slug)
    form = MemberForm(request.POST)
    if form.is_valid():
        user = users.filter(username=form.cleaned_data["username"]).first()
        if user is None:
            form.add_error("username", ERR_NO_SUCH_USER.format(name=form.cleaned_data["username"]))
        else:
            lane_member_set(actor=actor, lane=lane, user=user, role=form.cleaned_data["role"])
            messages.success(
                request, f"{user.get_username()} is now {form.cleaned_data['role']} of this lane."
            )
            return redirect("lane-settings", slug=lane.slug)
    ctx = _page(request, lane, caps, member_form=form)
    return render(request, "curation/lane_settings.html", ctx, status=400)

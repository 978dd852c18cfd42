"""Corrections: notes with their own authority, attached to a record; withdrawn, never deleted."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from audit.services import audit_record
from citenexus.domain.levels import CORRECTION_AUTHORITY, DEFAULT_LEVELS
from common.errors import Conflict, Invalid
from curation.models import Correction, Document

ERR_EMPTY_CORRECTION = "a correction needs some text"
ERR_CORRECTION_AUTHORITY = "authority {value!r} is not a level of this lane; use one of {levels}"
ERR_ALREADY_WITHDRAWN = "this correction was already withdrawn"


def correction_levels(document: Document) -> list[str]:
    """The authorities a correction may carry: the default levels and the lane's own tiers."""
    return list(dict.fromkeys([*DEFAULT_LEVELS, *reversed(document.lane.tier_order)]))


@transaction.atomic
def correction_add(
    *, document: Document, text: str, actor: str, user: object = None, authority: str | None = None
) -> Correction:
    text = (text or "").strip()
    if not text:
        raise Invalid("invalid", ERR_EMPTY_CORRECTION, {"field": "text"})
    authority = authority or CORRECTION_AUTHORITY
    levels = correction_levels(document)
    if authority not in levels:
        raise Invalid(
            "invalid_authority",
            ERR_CORRECTION_AUTHORITY.format(value=authority, levels=levels),
            {"levels": levels},
        )
    correction = Correction(
        document=document,
        text=text,
        authority=authority,
        author=user if getattr(user, "pk", None) else None,  # type: ignore[misc]
        author_name=actor,
    )
    correction.full_clean()
    correction.save()
    audit_record(
        actor=actor,
        action="correction.add",
        lane=document.lane.slug,
        document_id=document.document_id,
        details={"correction_id": correction.pk, "text": text, "authority": authority},
    )
    return correction


@transaction.atomic
def correction_withdraw(*, correction: Correction, actor: str) -> Correction:
    correction = (
        Correction.objects.select_for_update()
        .select_related("document__lane")
        .get(pk=correction.pk)
    )
    if not correction.active:
        raise Conflict("conflict", ERR_ALREADY_WITHDRAWN)
    correction.active = False
    correction.withdrawn_at = timezone.now()
    correction.withdrawn_by_name = actor
    correction.save(update_fields=["active", "withdrawn_at", "withdrawn_by_name"])
    audit_record(
        actor=actor,
        action="correction.withdraw",
        lane=correction.document.lane.slug,
        document_id=correction.document.document_id,
        details={"correction_id": correction.pk, "authority": correction.authority},
    )
    return correction

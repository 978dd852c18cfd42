"""A curator's assertion of one document's tier, from the browser (the CSV has its own service)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from citenexus.domain.levels import closest_tier
from common.errors import Invalid
from curation.models import Document
from curation.services.documents import document_authority_set

ERR_TIER_NOT_IN_ORDER = "tier {tier!r} is not in this lane's tier order ({order}){hint}"
HINT_CLOSEST = "; did you mean {closest!r}?"


def document_tier_set(*, document: Document, tier: str, actor: str) -> Any:
    """Set a document's tier name; the name must be in the lane's order.

    The document's metadata and every unit's copy change in one transaction with the audit
    event (old and new tier). Returns the audit event, or None when the tier was already set.
    """
    lane = document.lane
    order = list(lane.tier_order)
    if tier not in order:
        closest = closest_tier(tier, order)
        hint = HINT_CLOSEST.format(closest=closest) if closest else ""
        raise Invalid(
            "invalid_tier",
            ERR_TIER_NOT_IN_ORDER.format(tier=tier, order=", ".join(order), hint=hint),
            {"tier": tier, "order": order},
        )
    with transaction.atomic():
        locked = Document.objects.select_for_update().select_related("lane").get(pk=document.pk)
        authority = {**locked.authority, lane.metadata_key: tier}
        event = document_authority_set(
            document=locked, authority=authority, actor=actor, via="browser"
        )
        document.authority = locked.authority
        return event

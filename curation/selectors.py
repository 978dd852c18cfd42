"""Read side of curation: what lists and detail views show, scoped by lane."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Prefetch, QuerySet
from django.db.models.fields.json import KeyTextTransform

from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.jurisdiction import document_jurisdiction
from curation.domain import authority_policy
from curation.models import Correction, Document, EvidenceUnit, Job, Lane


def tier_dict(policy: AuthorityPolicy, authority: dict[str, str]) -> dict[str, Any]:
    tier = policy.tier(authority)
    return {"name": tier.name, "rank": tier.rank}


def correction_dict(c: Correction) -> dict[str, Any]:
    return {
        "id": c.pk,
        "text": c.text,
        "authority": c.authority,
        "author": c.author_name,
        "created_at": c.created_at.isoformat(),
        "active": c.active,
        "withdrawn_at": c.withdrawn_at.isoformat() if c.withdrawn_at else None,
    }


def unit_dict(unit: EvidenceUnit, document_id: str) -> dict[str, Any]:
    return {
        "key": f"{document_id}#{unit.ordinal}",
        "ordinal": unit.ordinal,
        "text": unit.text,
        "heading": unit.heading,
        "scope": unit.scope,
        "start": unit.start,
        "end": unit.end,
        "version": unit.version,
        "page_start": unit.page_start,  # null for formats without pages (docs/design.md)
        "page_end": unit.page_end,
    }


def document_list(*, lane: Lane) -> QuerySet[Document]:
    return Document.objects.filter(lane=lane).order_by("document_id")


def document_get(*, lane: Lane, document_id: str) -> Document | None:
    return (
        Document.objects.filter(lane=lane, document_id=document_id)
        .prefetch_related(
            Prefetch(
                "units", queryset=EvidenceUnit.objects.filter(current=True).order_by("ordinal")
            ),
            "corrections",
        )
        .first()
    )


def document_summary(
    document: Document, lane: Lane, policy: AuthorityPolicy | None = None
) -> dict[str, Any]:
    """A document without its units. Lists pass the lane's policy, built once for all rows.

    ``jurisdiction`` is the document's own, else the lane's with ``jurisdiction_inherited``.
    """
    jurisdiction = document_jurisdiction(document.authority or {}, lane.jurisdiction)
    return {
        "document_id": document.document_id,
        "lane": lane.slug,
        "record_id": document.record_id,
        "title": document.title,
        "source_type": document.source_type,
        "source_system": document.source_system,
        "authority": document.authority,
        "authority_level": document.tier_name(),
        "tier": tier_dict(policy or authority_policy(lane), document.authority),
        "content_hash": document.content_hash,
        "jurisdiction": jurisdiction.value,
        "jurisdiction_inherited": jurisdiction.inherited,
        "version": document.version,
        "format": document.format,
        "unit_count": document.unit_count,
        "ingested_at": document.ingested_at.isoformat(),
        "ingested_by": document.ingested_by_name,
        "updated_at": document.updated_at.isoformat(),
    }


def document_detail(document: Document, lane: Lane) -> dict[str, Any]:
    out = document_summary(document, lane)
    out["units"] = [unit_dict(u, document.document_id) for u in document.units.all()]
    out["corrections"] = [correction_dict(c) for c in document.corrections.all()]
    out["narrowed_terms"] = dict(document.narrowed_terms or {})
    return out


def records_get(*, lane: Lane, document_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Records with authority_level and every active correction with its authority
    (docs/design.md#corrections, docs/api.md#records-and-corrections)."""
    wanted = list(dict.fromkeys(document_ids))
    documents = Document.objects.filter(lane=lane, document_id__in=wanted).prefetch_related(
        Prefetch("corrections", queryset=Correction.objects.filter(active=True))
    )
    by_id = {d.document_id: d for d in documents}
    out = []
    for document_id in wanted:
        d = by_id.get(document_id)
        if d is None:
            continue
        out.append(
            {
                "document_id": d.document_id,
                "record_id": d.record_id,
                "lane": lane.slug,
                "title": d.title,
                "source_type": d.source_type,
                "source_system": d.source_system,
                "authority_level": d.tier_name(),
                "authority": d.authority,
                "ingested_at": d.ingested_at.isoformat(),
                "version": d.version,
                "content": d.content,
                "corrections": [correction_dict(c) for c in d.corrections.all()],
            }
        )
    return out


def job_dict(job: Job) -> dict[str, Any]:
    return {
        "id": str(job.id),
        "kind": job.kind,
        "lane": job.lane.slug if job.lane else None,
        "status": job.status,
        "progress": job.progress,
        "error": job.error or None,
        "items": job.items,
        "attempts": job.attempts,
        "created_by": job.created_by_name,
        "created_at": job.created_at.isoformat(),
        "updated_at": job.updated_at.isoformat(),
    }


def tier_counts(*, lane: Lane) -> dict[str, int]:
    """How many documents carry each tier name ("" for none), in one query."""
    rows = (
        Document.objects.filter(lane=lane)
        .annotate(tier=KeyTextTransform(lane.metadata_key, "authority"))
        .values("tier")
        .annotate(n=Count("id"))
    )
    return {str(r["tier"] or ""): int(r["n"]) for r in rows}

"""Ingest: a file becomes a document version and its evidence units, atomically and idempotently.

Slow work (extraction, segmentation, embedding) happens before the write transaction; the
write itself creates or re-versions the document, retires the old units, inserts the new ones,
records the job item's result and the audit event, all in one transaction. A retried or
duplicated task finds the content hash already stored and changes nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from audit.services import audit_record
from citenexus.domain.levels import LanePolicyError, authority_metadata_for
from citenexus.ingest import ExtractedText, ExtractionError, embedding_text, extract_text, segment
from citenexus.ingest.pages import PageSpan
from citenexus.pipeline.timing import Timings
from common.errors import Invalid
from curation.bootstrap import ports
from curation.domain import lane_policy
from curation.models import Document, DocumentVersion, EvidenceUnit, Lane
from curation.services.pages import source_file_keep, unit_pages
from curation.services.references import references_link

ERR_BAD_AUTHORITY = "authority must be an object whose keys and values are strings"
ERR_BAD_DOCUMENT_ID = "document_id must use letters, digits, '.', '_', ':' and '-' (at most 200)"

UNCHANGED = "unchanged"
CREATED = "created"
NEW_VERSION = "new_version"
METADATA_UPDATED = "metadata_updated"


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_authority(value: Any) -> dict[str, str]:
    if value in (None, ""):
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise Invalid("invalid_authority", ERR_BAD_AUTHORITY)
    return dict(value)


@dataclass
class PreparedDocument:
    """Everything the write needs, computed outside the transaction."""

    lane: Lane
    document_id: str
    title: str
    source_type: str
    source_system: str
    text: str
    format: str
    filename: str
    authority: dict[str, str]  # what a new document stores: supplied metadata plus its tier
    supplied: dict[str, str]  # only what the caller sent; merged into an existing document
    pieces: list[Any] = field(default_factory=list)
    vectors: list[list[float]] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)  # segment and embed, for jobs
    # A PDF's pages in ``text`` and the uploaded file, kept to show a cited page (pages.py).
    page_spans: tuple[PageSpan, ...] = ()
    page_count: int | None = None
    source: bytes | None = None

    @property
    def hash(self) -> str:
        return content_hash(self.text)


def document_extract(*, data: bytes, filename: str) -> tuple[str, str, str | None]:
    """(text, format, title) of an uploaded file; ExtractionError carries a user-facing message."""
    extracted = document_extract_file(data=data, filename=filename)
    return extracted.text, extracted.format, extracted.title


def document_extract_file(*, data: bytes, filename: str) -> ExtractedText:
    """An uploaded file's text with its format, title and (for a PDF) where its pages lie."""
    return extract_text(data, filename, max_bytes=settings.CITENEXUS_MAX_UPLOAD_BYTES)


def document_authority(
    *, lane: Lane, source_type: str, authority: dict[str, str], may_assert: bool
) -> dict[str, str]:
    """The metadata stored on a document: the lane decides the tier unless a curator asserts one."""
    try:
        return authority_metadata_for(
            lane_policy(lane), source_type, authority, may_assert=may_assert
        )
    except LanePolicyError as exc:
        raise Invalid(
            "invalid_authority", str(exc), {"source_type": source_type, "problems": exc.problems}
        ) from exc


def document_prepare(prepared: PreparedDocument) -> PreparedDocument:
    """Segment and embed (slow; no transaction held)."""
    from curation.services.embedding_space import embedding_space_check

    embedding_space_check()
    timings = Timings()
    with timings.stage("segment"):
        prepared.pieces = segment(
            prepared.text,
            target_chars=settings.CITENEXUS_UNIT_CHARS,
            overlap_chars=settings.CITENEXUS_UNIT_OVERLAP,
        )
        texts = [embedding_text(p, title=prepared.title) for p in prepared.pieces]
    with timings.stage("embed"):
        prepared.vectors = ports().embedder.embed(texts) if texts else []
    prepared.timings_ms = timings.ms
    return prepared


def _units(
    prepared: PreparedDocument, document: Document, authority: dict[str, str]
) -> list[EvidenceUnit]:
    units = []
    for piece, vector in zip(prepared.pieces, prepared.vectors, strict=True):
        page_start, page_end = unit_pages(prepared.page_spans, piece.start, piece.end)
        units.append(
            EvidenceUnit(
                lane=prepared.lane,
                document=document,
                version=document.version,
                current=True,
                ordinal=piece.ordinal,
                text=piece.text,
                start=piece.start,
                end=piece.end,
                heading=" › ".join(piece.heading_path),
                scope=piece.scope,
                page_start=page_start,
                page_end=page_end,
                authority_meta=authority,
                embedding=vector,
            )
        )
    return units


def _keep_source(prepared: PreparedDocument, document: Document) -> None:
    source_file_keep(
        document=document,
        fmt=prepared.format,
        filename=prepared.filename,
        data=prepared.source,
        spans=prepared.page_spans,
        page_count=prepared.page_count,
    )


def unchanged_result(document: Document) -> dict[str, Any]:
    return {"result": UNCHANGED, "document_id": document.document_id, "version": document.version}


@transaction.atomic
def document_write(*, prepared: PreparedDocument, actor: str, user: Any = None) -> dict[str, Any]:
    """Create, re-version or leave alone the document; one transaction with its audit event."""
    lane = prepared.lane
    existing = (
        Document.objects.select_for_update()
        .filter(lane=lane, document_id=prepared.document_id)
        .first()
    )
    if existing is None:
        return _create(prepared, actor, user)
    if existing.content_hash == prepared.hash:
        return _update_metadata(existing, prepared, actor)
    return _new_version(existing, prepared, actor)


def _create(prepared: PreparedDocument, actor: str, user: Any) -> dict[str, Any]:
    document = Document(
        lane=prepared.lane,
        document_id=prepared.document_id,
        title=prepared.title,
        source_type=prepared.source_type,
        source_system=prepared.source_system,
        authority=prepared.authority,
        content=prepared.text,
        content_hash=prepared.hash,
        format=prepared.format,
        original_filename=prepared.filename,
        version=1,
        unit_count=len(prepared.pieces),
        ingested_by=user if getattr(user, "pk", None) else None,
        ingested_by_name=actor,
    )
    document.full_clean()
    document.save()
    DocumentVersion.objects.create(
        document=document,
        version=1,
        content=prepared.text,
        content_hash=prepared.hash,
        authority=prepared.authority,
        created_by_name=actor,
    )
    EvidenceUnit.objects.bulk_create(_units(prepared, document, prepared.authority))
    linked = references_link(document=document, previous={})
    _keep_source(prepared, document)
    audit_record(
        actor=actor,
        action="document.ingest",
        lane=prepared.lane.slug,
        document_id=document.document_id,
        details={
            "version": 1,
            "source_type": document.source_type,
            "authority": document.authority,
            "tier": document.tier_name(),
            "content_hash": document.content_hash,
            "units": document.unit_count,
            "filename": prepared.filename,
            "linked_units": linked,
        },
    )
    return {"result": CREATED, "document_id": document.document_id, "version": 1}


def _update_metadata(document: Document, prepared: PreparedDocument, actor: str) -> dict[str, Any]:
    """Identical content: only newly supplied metadata changes anything (no new version)."""
    merged = {**document.authority, **prepared.supplied}
    event = document_authority_set(document=document, authority=merged, actor=actor, via="ingest")
    if event is None:
        return unchanged_result(document)
    return {
        "result": METADATA_UPDATED,
        "document_id": document.document_id,
        "version": document.version,
    }


def _new_version(document: Document, prepared: PreparedDocument, actor: str) -> dict[str, Any]:
    """Changed content: a new version; the old units are retired, never deleted
    (docs/design.md#versions)."""
    # Tiers and other curated metadata carry forward; a curator's new assertion overrides.
    authority = {**document.authority, **prepared.supplied}
    previous = document.version
    held = document.exclusion_lists  # units elsewhere may cite a list the old text held
    document.version = previous + 1
    document.content = prepared.text
    document.content_hash = prepared.hash
    document.title = prepared.title or document.title
    document.format = prepared.format
    document.original_filename = prepared.filename
    document.authority = authority
    document.unit_count = len(prepared.pieces)
    document.save()
    EvidenceUnit.objects.filter(document=document, current=True).update(current=False)
    DocumentVersion.objects.create(
        document=document,
        version=document.version,
        content=prepared.text,
        content_hash=prepared.hash,
        authority=authority,
        created_by_name=actor,
    )
    EvidenceUnit.objects.bulk_create(_units(prepared, document, authority))
    linked = references_link(document=document, previous=held)
    _keep_source(prepared, document)
    audit_record(
        actor=actor,
        action="document.new_version",
        lane=document.lane.slug,
        document_id=document.document_id,
        details={
            "version": document.version,
            "previous_version": previous,
            "authority": authority,
            "tier": document.tier_name(),
            "content_hash": document.content_hash,
            "units": document.unit_count,
            "linked_units": linked,
        },
    )
    return {"result": NEW_VERSION, "document_id": document.document_id, "version": document.version}


def document_ingest_text(
    *,
    lane: Lane,
    document_id: str,
    text: str,
    source_type: str,
    actor: str,
    user: Any = None,
    title: str = "",
    authority: dict[str, str] | None = None,
    may_assert: bool = False,
    source_system: str = "",
    fmt: str = "txt",
    filename: str = "",
    extracted: ExtractedText | None = None,
    source: bytes | None = None,
) -> dict[str, Any]:
    """Synchronous ingest of text already extracted (command line, MCP, tests, the demo).

    ``extracted`` (with ``source``, the uploaded bytes) carries a PDF's pages.
    """
    authority = authority or {}
    stored = document_authority(
        lane=lane, source_type=source_type, authority=authority, may_assert=may_assert
    )
    prepared = PreparedDocument(
        lane=lane,
        document_id=document_id,
        title=title,
        source_type=source_type,
        source_system=source_system,
        text=text,
        format=fmt,
        filename=filename,
        authority=stored,
        supplied=authority,
        page_spans=extracted.page_spans if extracted is not None else (),
        page_count=extracted.pages if extracted is not None else None,
        source=source,
    )
    existing = Document.objects.filter(lane=lane, document_id=document_id).first()
    if existing is not None and existing.content_hash == prepared.hash:
        # Same content: at most a metadata update, so nothing to segment or embed.
        return document_write(prepared=prepared, actor=actor, user=user)
    return document_write(prepared=document_prepare(prepared), actor=actor, user=user)


__all__ = [
    "ExtractionError",
    "PreparedDocument",
    "document_authority",
    "document_extract",
    "document_extract_file",
    "document_ingest_text",
    "document_prepare",
    "document_write",
]


def document_authority_set(
    *, document: Document, authority: dict[str, str], actor: str, via: str
) -> Any:
    """Change a document's curated metadata (its tier included); audited with old and new values.

    The caller holds the transaction. Every unit, current or retired, gets the same metadata,
    so a citation of an old version reports the document's standing as it is now.
    Returns the audit event, or None when nothing changed.
    """
    if authority == document.authority:
        return None
    key = document.lane.metadata_key
    before = dict(document.authority)
    document.authority = dict(authority)
    document.save(update_fields=["authority", "updated_at"])
    EvidenceUnit.objects.filter(document=document).update(authority_meta=document.authority)
    tier_changed = before.get(key, "") != document.authority.get(key, "")
    return audit_record(
        actor=actor,
        action="authority.tier_change" if tier_changed else "document.metadata_update",
        lane=document.lane.slug,
        document_id=document.document_id,
        details={
            "via": via,
            "tier_before": before.get(key, ""),
            "tier_after": document.authority.get(key, ""),
            "before": before,
            "after": document.authority,
        },
    )

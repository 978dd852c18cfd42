"""Bulk entry points to ingest: many texts with pooled embedding, a file with its CSV row.

Both end in the same single-document write as every other ingest (``document_write``), one
transaction and one audit event per document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from citenexus.ingest import embedding_text, segment
from curation.bootstrap import ports
from curation.models import Document, Lane
from curation.services.documents import (
    PreparedDocument,
    document_authority,
    document_extract_file,
    document_ingest_text,
    document_write,
)


@dataclass
class TextItem:
    """One document for ``document_ingest_many``."""

    document_id: str
    text: str
    source_type: str
    title: str = ""
    authority: dict[str, str] = field(default_factory=dict)
    fmt: str = "txt"
    filename: str = ""


def document_ingest_many(
    *, lane: Lane, items: list[TextItem], actor: str, may_assert: bool = False, user: Any = None
) -> list[dict[str, Any]]:
    """Ingest many documents, embedding all their units in shared batches (bulk ingest, bench).

    Each document is still written in its own transaction with its own audit event, exactly
    as a single ingest would be; only the embedding is pooled so the embedder runs full batches.
    """
    from curation.services.embedding_space import embedding_space_check

    embedding_space_check()
    existing = {
        d.document_id: d.content_hash
        for d in Document.objects.filter(lane=lane, document_id__in=[i.document_id for i in items])
    }
    prepared: list[PreparedDocument] = []
    for item in items:
        stored = document_authority(
            lane=lane, source_type=item.source_type, authority=item.authority, may_assert=may_assert
        )
        p = PreparedDocument(
            lane=lane,
            document_id=item.document_id,
            title=item.title,
            source_type=item.source_type,
            source_system="",
            text=item.text,
            format=item.fmt,
            filename=item.filename,
            authority=stored,
            supplied=item.authority,
        )
        if existing.get(p.document_id) != p.hash:
            p.pieces = segment(
                p.text,
                target_chars=settings.CITENEXUS_UNIT_CHARS,
                overlap_chars=settings.CITENEXUS_UNIT_OVERLAP,
            )
        prepared.append(p)
    texts = [embedding_text(piece, title=p.title) for p in prepared for piece in p.pieces]
    vectors = ports().embedder.embed(texts) if texts else []
    offset = 0
    for p in prepared:
        p.vectors = vectors[offset : offset + len(p.pieces)]
        offset += len(p.pieces)
    return [document_write(prepared=p, actor=actor, user=user) for p in prepared]


def document_ingest_file(
    *,
    lane: Lane,
    name: str,
    data: bytes,
    row: dict[str, str],
    default_source_type: str,
    actor: str,
) -> dict[str, Any]:
    """Ingest one file with its authority-CSV row, as a curator (command line, example lanes).

    The row's ``source_type`` (else the default) names the type; its other non-empty cells are
    the curated metadata; ``label`` doubles as the title. The document id is the file's stem.
    """
    from curation.uploads import document_id_from_name

    metadata = {k: v for k, v in row.items() if v and k not in ("document_id", "source_type")}
    extracted = document_extract_file(data=data, filename=name)
    document_id = document_id_from_name(name)
    return document_ingest_text(
        lane=lane,
        document_id=document_id,
        text=extracted.text,
        source_type=row.get("source_type") or default_source_type,
        actor=actor,
        title=metadata.get("label") or extracted.title or document_id,
        authority=metadata,
        may_assert=True,
        fmt=extracted.format,
        filename=name,
        extracted=extracted,
        source=data,
    )

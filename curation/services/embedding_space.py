"""One embedder per deployment (docs/design.md#the-embedder): the stored vectors and the
configured embedder must agree, and changing embedder is a re-embed of every unit, never a
silent mix."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from audit.services import audit_record
from common.db_roles import owner_cursor
from common.errors import Conflict
from curation.bootstrap import ports
from curation.models import EmbeddingSpace, EvidenceUnit, Job
from curation.vector_index import DROP_INDEX_SQL, create_index_sql

log = logging.getLogger(__name__)

ERR_EMBEDDER_MISMATCH = (
    "the stored vectors come from {stored} but this deployment is configured with {configured}; "
    "run `manage.py reembed` to move every unit to the configured embedder"
)
BATCH = 256


def embedding_space_check() -> None:
    """Refuse to write vectors from an embedder other than the one the stored vectors come from."""
    embedder = ports().embedder
    space = EmbeddingSpace.objects.first()
    if space is None:
        with transaction.atomic():
            if not EmbeddingSpace.objects.select_for_update().exists():
                EmbeddingSpace.objects.create(name=embedder.name, dimension=embedder.dimension)
        return
    if (space.name, space.dimension) != (embedder.name, embedder.dimension):
        raise Conflict(
            "embedder_mismatch",
            ERR_EMBEDDER_MISMATCH.format(
                stored=f"{space.name} ({space.dimension} dimensions)",
                configured=f"{embedder.name} ({embedder.dimension} dimensions)",
            ),
        )


def stored_embedding_text(unit: EvidenceUnit, *, scope: str | None = None) -> str:
    """The text a stored unit is embedded from (``citenexus.ingest.embedding_text``), with its
    own carried statements or the ``scope`` given."""
    from citenexus.ingest import Piece, embedding_text

    piece = Piece(
        ordinal=unit.ordinal,
        text=unit.text,
        start=unit.start,
        end=unit.end,
        heading_path=tuple(h for h in unit.heading.split(" › ") if h),
        scope=unit.scope if scope is None else scope,
    )
    return embedding_text(piece, title=unit.document.title)


def reembed_all(*, actor: str, progress: Callable[[int, int], None] | None = None) -> Job:
    """Re-embed every unit (current and retired) with the configured embedder, as a job.

    The HNSW index is dropped first and rebuilt for the new dimension at the end, so the
    table never holds an index over mixed dimensions.
    """
    embedder = ports().embedder
    total = EvidenceUnit.objects.count()
    job = Job.objects.create(
        kind="reembed", created_by_name=actor, params={"embedder": embedder.name}
    )
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    # Index changes are schema changes: the owner's (docs/deploy.md#database-roles).
    with owner_cursor() as cursor:
        cursor.execute(DROP_INDEX_SQL)
    done = 0
    last_id = 0
    while True:
        batch = list(
            EvidenceUnit.objects.filter(pk__gt=last_id)
            .select_related("document")
            .order_by("pk")[:BATCH]
        )
        if not batch:
            break
        texts = [stored_embedding_text(u) for u in batch]
        vectors = embedder.embed(texts)
        with transaction.atomic():
            for unit, vector in zip(batch, vectors, strict=True):
                unit.embedding = vector
            EvidenceUnit.objects.bulk_update(batch, ["embedding"])
        done += len(batch)
        last_id = batch[-1].pk
        Job.objects.filter(pk=job.pk).update(progress=round(done / total, 4) if total else 1.0)
        if progress:
            progress(done, total)
    with owner_cursor() as cursor:
        cursor.execute(create_index_sql(embedder.dimension))
    with transaction.atomic():
        EmbeddingSpace.objects.all().delete()
        EmbeddingSpace.objects.create(name=embedder.name, dimension=embedder.dimension)
        audit_record(
            actor=actor,
            action="embedder.change",
            details={"embedder": embedder.name, "dimension": embedder.dimension, "units": done},
        )
        Job.objects.filter(pk=job.pk).update(status=Job.Status.DONE, progress=1.0)
    job.refresh_from_db()
    return job

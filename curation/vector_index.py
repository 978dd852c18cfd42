"""The HNSW index over unit embeddings, cast to the deployment's dimension
(docs/design.md#the-embedder).

The column is an untyped ``vector`` so that changing the embedder is a re-embed, not a schema
change; the index (and every query that should use it) casts to ``vector(<dimension>)``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

INDEX_NAME = "unit_embedding_hnsw"


def vector_cast(dimension: int | None = None) -> str:
    return f"vector({int(dimension or settings.CITENEXUS_EMBED_DIMENSION)})"


def create_index_sql(dimension: int | None = None) -> str:
    return (
        f"CREATE INDEX IF NOT EXISTS {INDEX_NAME} ON curation_evidenceunit "
        f"USING hnsw ((embedding::{vector_cast(dimension)}) vector_cosine_ops) "
        f"WITH (m = {int(settings.CITENEXUS_HNSW_M)}, "
        f"ef_construction = {int(settings.CITENEXUS_HNSW_EF_CONSTRUCTION)}) "
        "WHERE current"
    )


DROP_INDEX_SQL = f"DROP INDEX IF EXISTS {INDEX_NAME}"


def rebuild_index(cursor: Any, dimension: int | None = None) -> None:
    cursor.execute(DROP_INDEX_SQL)
    cursor.execute(create_index_sql(dimension))

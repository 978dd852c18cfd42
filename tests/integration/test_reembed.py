"""One embedder per deployment: a different one is refused until every unit is re-embedded."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from audit.models import AuditEvent
from common.db_roles import owner_cursor
from common.errors import ServiceError
from curation.bootstrap import ports, reset
from curation.models import EmbeddingSpace, EvidenceUnit
from curation.retrieval import PostgresRetriever
from curation.services.documents import document_ingest_text
from curation.services.embedding_space import reembed_all
from curation.vector_index import rebuild_index

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fresh_embedder() -> Any:
    reset()
    dimension = ports().embedder.dimension
    yield
    reset()
    # The index is DDL: a transactional test's flush does not undo it, so the next tests would
    # find a vector(128) index. Put the deployment's index back before the flush.
    # TRUNCATE, not DELETE: CREATE INDEX also reads recently deleted rows while any transaction
    # on the server (another database's, e.g. a benchmark's) could still see them, and their
    # 128-dimension vectors would not cast to vector(384).
    EmbeddingSpace.objects.all().delete()
    with owner_cursor() as cursor:  # an index is the owner's to rebuild
        cursor.execute("TRUNCATE curation_evidenceunit")
        rebuild_index(cursor, dimension)


def ingest(lane: Any, document_id: str, text: str) -> None:
    document_ingest_text(
        lane=lane, document_id=document_id, text=text, source_type="documentary", actor="t"
    )


def index_definition() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'unit_embedding_hnsw'")
        row = cursor.fetchone()
    return row[0] if row else ""


def test_a_different_embedder_is_refused_until_reembed(
    lane: Any, settings: Any, fresh_embedder: Any
) -> None:
    ingest(lane, "a", "The landlord shall return the deposit within 21 days.")
    assert EmbeddingSpace.objects.get().dimension == 384

    settings.CITENEXUS_EMBED_DIMENSION = 128
    reset()
    with pytest.raises(ServiceError) as refused:
        ingest(lane, "b", "A tenant may terminate with 30 days notice.")
    assert refused.value.code == "embedder_mismatch"
    assert "reembed" in refused.value.message

    job = reembed_all(actor="cli:ops")
    assert job.status == "done" and job.progress == 1.0
    assert {len(u.embedding) for u in EvidenceUnit.objects.all()} == {128}
    assert "vector(128)" in index_definition()
    assert EmbeddingSpace.objects.get().dimension == 128
    assert AuditEvent.objects.filter(action="embedder.change").exists()

    ingest(lane, "b", "A tenant may terminate with 30 days notice.")
    hits = PostgresRetriever(lane).search_vector(
        ports().embedder.embed(["deposit within 21 days"])[0], 5
    )
    assert hits and hits[0].unit.document_id == "a"


def test_the_embed_threads_setting_reaches_the_local_embedder(settings: Any) -> None:
    """CITENEXUS_EMBED_THREADS caps onnxruntime's threads, so N workers on N cores do not fight."""
    from citenexus.embedders import MiniLMEmbedder

    settings.CITENEXUS_EMBEDDER, settings.CITENEXUS_EMBED_DIMENSION = "minilm", 384
    reset()
    try:
        settings.CITENEXUS_EMBED_THREADS = 1
        one = ports().embedder
        assert isinstance(one, MiniLMEmbedder) and one.intra_op_threads == 1
        reset()
        settings.CITENEXUS_EMBED_THREADS = 0  # the default: onnxruntime picks one per core
        assert ports().embedder.intra_op_threads is None  # type: ignore[attr-defined]
    finally:
        reset()

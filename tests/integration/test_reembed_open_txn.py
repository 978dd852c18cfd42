"""Re-embedding finishes while another transaction on the database is open.

CREATE INDEX also reads row versions that an open transaction may still see; reembed must not
trip over the old dimension's vectors in them (a teardown that deleted rows and rebuilt the
index did, see test_reembed.py).
"""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from django.db import connection

from common.db_roles import owner_cursor
from curation.bootstrap import ports, reset
from curation.models import EmbeddingSpace, EvidenceUnit
from curation.services.documents import document_ingest_text
from curation.services.embedding_space import reembed_all
from curation.vector_index import rebuild_index

pytestmark = pytest.mark.django_db(transaction=True)


def test_reembed_completes_while_another_transaction_is_open(lane: Any, settings: Any) -> None:
    reset()
    dimension = ports().embedder.dimension
    document_ingest_text(
        lane=lane, document_id="a", text="The landlord shall return the deposit within 21 days.",
        source_type="documentary", actor="t",
    )  # fmt: skip
    params = connection.get_connection_params()
    other = psycopg.connect(**{k: v for k, v in params.items() if k not in ("cursor_factory",)})
    try:
        other.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        other.execute("SELECT txid_current()").fetchone()  # holds back the xmin horizon
        settings.CITENEXUS_EMBED_DIMENSION = 128
        reset()
        job = reembed_all(actor="t")
        assert job.status == "done", job.error
    finally:
        other.rollback()
        other.close()
        reset()
        EmbeddingSpace.objects.all().delete()
        with owner_cursor() as cursor:  # an index is the owner's to rebuild
            cursor.execute("TRUNCATE curation_evidenceunit")
            rebuild_index(cursor, dimension)
    assert EvidenceUnit.objects.count() == 0

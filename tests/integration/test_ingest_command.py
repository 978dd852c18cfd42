"""manage.py ingest: files and folders with an authority CSV, failures reported, not fatal."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from audit.models import AuditEvent
from curation.models import Document

pytestmark = pytest.mark.django_db


def test_a_folder_is_ingested_with_its_csv_metadata_and_a_bad_file_is_reported(
    lane: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "ca-deposit.txt").write_text("The landlord shall return the deposit within 21 days.")
    (folder / "tx-notice.md").write_text("# Notice\n\nA tenant shall give one month of notice.")
    (folder / "broken.pdf").write_bytes(b"not a pdf")
    csv = tmp_path / "authority.csv"
    csv.write_text(
        "document_id,authority_tier,jurisdiction,source_type,label\n"
        "ca-deposit,controlling-statute,CA,documentary,CA deposit rule\n"
        "tx-notice,out-of-jurisdiction,TX,,\n"
    )
    out = StringIO()
    call_command(
        "ingest",
        lane.slug,
        str(folder),
        "--authority-csv",
        str(csv),
        "--actor",
        "maria",
        stdout=out,
    )
    assert "2 created; 1 failed" in out.getvalue()
    assert "broken.pdf" in out.getvalue()
    deposit = Document.objects.get(document_id="ca-deposit")
    assert deposit.authority == {
        "authority_tier": "controlling-statute",
        "jurisdiction": "CA",
        "label": "CA deposit rule",
    }
    assert deposit.title == "CA deposit rule"
    assert Document.objects.get(document_id="tx-notice").tier_name() == "out-of-jurisdiction"
    assert AuditEvent.objects.filter(action="document.ingest", actor="cli:maria").count() == 2


def test_an_unknown_lane_or_path_is_a_clear_error(lane: Any, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no lane 'nope'"):
        call_command("ingest", "nope", str(tmp_path))
    with pytest.raises(CommandError, match="no such file or folder"):
        call_command("ingest", lane.slug, str(tmp_path / "missing.txt"))

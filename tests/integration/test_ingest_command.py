"""manage.py ingest: files and folders with an authority CSV, failures reported, not fatal."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
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


@pytest.mark.parametrize(
    ("source_type", "tier"), [("documentary", "statute"), ("conversational", "secondary-blog")]
)
def test_the_source_type_decides_the_tier_by_the_lane_policy(
    lane: Any, tmp_path: Path, source_type: str, tier: str
) -> None:
    (tmp_path / "rule.txt").write_text("A tenant shall give thirty days of notice.")
    call_command(
        "ingest", lane.slug, str(tmp_path), "--source-type", source_type, stdout=StringIO()
    )
    document = Document.objects.get(document_id="rule")
    assert (document.source_type, document.tier_name()) == (source_type, tier)


CSV_TEXT = "document_id,authority_tier,label\nrule,statute,Código Civil § 1946\n"


@pytest.mark.parametrize(
    "data",
    [
        CSV_TEXT.encode("latin-1"),
        CSV_TEXT.encode("utf-16-le"),
        "document_id,authority_tier\nrule,statute\n".encode("utf-16-le"),  # reads as NULs
    ],
    ids=["latin-1", "utf-16-without-bom", "ascii-utf-16-without-bom"],
)
def test_a_csv_in_a_bad_encoding_is_a_clear_error_with_the_apis_message(
    lane: Any, curator: Any, api: Any, tmp_path: Path, data: bytes
) -> None:
    (tmp_path / "rule.txt").write_text("A tenant shall give thirty days of notice.")
    csv = tmp_path / "authority.csv"
    csv.write_bytes(data)
    with pytest.raises(CommandError) as raised:
        call_command("ingest", lane.slug, str(tmp_path / "rule.txt"), "--authority-csv", str(csv))
    response = api(curator).post(
        f"/api/lanes/{lane.slug}/authority-csv/",
        {"file": SimpleUploadedFile("authority.csv", data)},
        format="multipart",
    )
    api_message = response.json()["error"]["message"]
    assert api_message.startswith("the CSV cannot be read: ")
    assert str(raised.value) == f"{csv}: {api_message}"
    assert not Document.objects.exists()


def test_the_progress_bar_counts_the_files(lane: Any, tmp_path: Path) -> None:
    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.txt").write_text(f"Rule {name}: notice is due within ten days.")
    out, err = StringIO(), StringIO()
    call_command("ingest", lane.slug, str(tmp_path), stdout=out, stderr=err)
    bar = err.getvalue()
    assert [f"{n}/3" in bar for n in (1, 2, 3)] == [True, True, True]
    assert "[" + "#" * 30 + "] 3/3" in bar
    assert "3 created; 0 failed" in out.getvalue()

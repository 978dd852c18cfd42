"""Word documents through the API, the upload page and the command line: the outline is kept,
tables become rows, a bad file is refused and nothing of it is ingested."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from audit.models import AuditEvent
from citenexus.ingest import errors as e
from curation.models import Document, EvidenceUnit, Job
from tests.fixtures.docx import build_docx, encrypted_docx

pytestmark = pytest.mark.django_db


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


def upload(client: Any, run: Any, *files: tuple[str, bytes], **fields: str) -> Any:
    data: dict[str, Any] = {"source_type": "documentary", **fields}
    data["file"] = [SimpleUploadedFile(name, content) for name, content in files]
    with run(execute=True):
        return client.post("/api/lanes/ca-housing/documents/", data, format="multipart")


def test_a_docx_is_ingested_with_its_outline_and_its_table_as_rows(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(api(curator), run, ("act.docx", build_docx()), document_id="rta")
    assert response.status_code == 202, response.json()
    job = Job.objects.get(pk=response.json()["job"]["id"])
    assert job.status == "done", job.items
    document = Document.objects.get(lane=lane, document_id="rta")
    assert (document.format, document.title) == ("docx", "Residential Tenancies Act")
    detail = api(curator).get("/api/lanes/ca-housing/documents/rta/").json()
    by_heading = {u["heading"]: u for u in detail["units"]}
    deposits = by_heading["Part 1. Deposits › Return of deposits"]
    assert "within 21 days" in deposits["text"]
    assert deposits["scope"] == "This part applies only to residential tenancies."
    table = by_heading["Part 1. Deposits › Maximum deposits"]
    assert "Premises | Maximum deposit\nUnfurnished | two months' rent" in table["text"]
    assert by_heading["Part 2. Notice"]["scope"] == ""
    assert all(u["page_start"] is None and u["page_end"] is None for u in detail["units"])
    event = AuditEvent.objects.get(action="document.ingest", document_id="rta")
    assert event.details["filename"] == "act.docx"


@pytest.mark.parametrize(
    ("name", "data", "code", "message"),
    [
        ("broken.docx", build_docx()[:3000], e.MALFORMED_DOCX, e.MESSAGE_MALFORMED_DOCX),
        ("locked.docx", encrypted_docx(), e.ENCRYPTED_DOCX, e.MESSAGE_ENCRYPTED_DOCX),
        ("text.docx", b"not a word document", e.MALFORMED_DOCX, e.MESSAGE_NOT_A_DOCX),
    ],
)
def test_a_bad_docx_fails_its_item_with_a_clear_message_and_nothing_is_ingested(
    api: Any, curator: Any, lane: Any, run: Any, name: str, data: bytes, code: str, message: str
) -> None:
    response = upload(api(curator), run, (name, data), document_id="bad")
    assert response.status_code == 202
    job = api(curator).get(f"/api/jobs/{response.json()['job']['id']}/").json()
    assert job["status"] == "failed"
    assert (job["items"][0]["error_code"], job["items"][0]["error"]) == (code, message)
    assert not Document.objects.filter(lane=lane).exists()
    assert not EvidenceUnit.objects.exists()
    assert not AuditEvent.objects.filter(action="document.ingest").exists()


def test_a_bad_docx_beside_a_good_one_fails_alone(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator), run, ("good.docx", build_docx()), ("bad.docx", build_docx()[:3000])
    )
    job = Job.objects.get(pk=response.json()["job"]["id"])
    assert [(i["document_id"], i["status"]) for i in job.items] == [
        ("good", "done"),
        ("bad", "failed"),
    ]
    assert list(Document.objects.filter(lane=lane).values_list("document_id", flat=True)) == [
        "good"
    ]


def test_a_docx_is_one_document_not_a_zip_to_expand(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    """A .docx is itself a zip; it must not be unpacked into its XML parts."""
    response = upload(api(curator), run, ("act.docx", build_docx()), document_id="rta")
    assert [d["document_id"] for d in response.json()["documents"]] == ["rta"]
    bundle = io.BytesIO()
    with zipfile.ZipFile(bundle, "w") as archive:
        archive.writestr("acts/notice.docx", build_docx())
    response = upload(api(curator), run, ("bundle.zip", bundle.getvalue()))
    assert [d["document_id"] for d in response.json()["documents"]] == ["notice"]
    assert Document.objects.get(lane=lane, document_id="notice").format == "docx"


def test_the_upload_page_accepts_a_docx(client: Any, curator: Any, lane: Any, run: Any) -> None:
    client.force_login(curator)
    page = client.get("/lanes/ca-housing/upload/").content.decode()
    assert "docx" in page
    with run(execute=True):
        response = client.post(
            "/lanes/ca-housing/upload/",
            {
                "uploads": SimpleUploadedFile("act.docx", build_docx()),
                "source_type": "documentary",
                "document_id": "rta",
            },
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Document.objects.get(lane=lane, document_id="rta").format == "docx"


def test_the_ingest_command_reads_docx_files_in_a_folder(lane: Any, tmp_path: Path) -> None:
    (tmp_path / "rta.docx").write_bytes(build_docx())
    (tmp_path / "broken.docx").write_bytes(b"PK\x03\x04 truncated")
    out, err = io.StringIO(), io.StringIO()
    call_command("ingest", lane.slug, str(tmp_path), stdout=out, stderr=err)
    assert "1 created; 1 failed" in out.getvalue()
    assert f"broken.docx: {e.MESSAGE_MALFORMED_DOCX}" in out.getvalue()
    document = Document.objects.get(lane=lane, document_id="rta")
    headings = set(EvidenceUnit.objects.filter(document=document).values_list("heading", flat=True))
    assert "Part 1. Deposits › Return of deposits" in headings

"""Upload pages: files or a zip become a job; the job page shows progress and per-file results."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from citenexus.ingest.errors import MESSAGE_NOT_A_PDF
from curation.forms import ERR_METADATA_JSON, ERR_METADATA_ROW, ERR_NO_FILES
from curation.models import Document, Job

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
HTMX = {"HTTP_HX_REQUEST": "true"}


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def post_and_run(django_capture_on_commit_callbacks: Any) -> Any:
    """Post the upload and run its job when the request commits, as the thread pool would."""

    def post(client: Client, url: str, data: dict[str, Any]) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(url, data)

    return post


def file_row(html: str, name: str) -> str:
    """The job page's table row for one file."""
    rows = re.findall(r"<tr\b.*?</tr>", html, re.DOTALL)
    return next(row for row in rows if f">{name}</th>" in row)


def text_file(name: str, text: str = "Section 1. A landlord shall give notice.") -> Any:
    return SimpleUploadedFile(name, text.encode(), content_type="text/plain")


def test_a_curator_sees_the_upload_form_with_labelled_fields(curator, lane):
    html = signed_in(curator).get(f"/lanes/{lane.slug}/upload/").content.decode()
    for field in ("uploads", "source_type", "document_id", "metadata_json", "metadata_rows"):
        assert f'for="id_{field}"' in html


def test_several_files_become_one_job_with_a_result_per_file(curator, lane, post_and_run):
    client = signed_in(curator)
    response = post_and_run(
        client,
        f"/lanes/{lane.slug}/upload/",
        {
            "uploads": [
                text_file("ca-civ.txt"),
                text_file("nolo.md", "# Blog\n\nTenants get notice."),
            ],
            "source_type": "documentary",
            "metadata_rows": "jurisdiction=CA\nscope = residential",
        },
    )
    assert response.status_code == 302
    job = Job.objects.get()
    assert response["Location"] == f"/jobs/{job.id}/"
    assert job.status == "done"
    assert Document.objects.get(document_id="ca-civ").authority["jurisdiction"] == "CA"
    html = client.get(response["Location"]).content.decode()
    assert "ca-civ" in html and "nolo" in html and "created" in html
    assert 'value="100"' in html and "every 1s" not in html


def test_a_zip_is_expanded_into_its_files(curator, lane, post_and_run):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a/one.txt", "First statute text about notice.")
        archive.writestr("two.txt", "Second statute text about deposits.")
    upload = SimpleUploadedFile("bundle.zip", buffer.getvalue(), content_type="application/zip")
    response = post_and_run(
        signed_in(curator),
        f"/lanes/{lane.slug}/upload/",
        {"uploads": [upload], "source_type": "documentary"},
    )
    assert response.status_code == 302
    assert set(Document.objects.values_list("document_id", flat=True)) == {"one", "two"}


def test_a_single_file_may_be_given_its_own_document_id(curator, lane, post_and_run):
    post_and_run(
        signed_in(curator),
        f"/lanes/{lane.slug}/upload/",
        {
            "uploads": [text_file("x.txt")],
            "source_type": "documentary",
            "document_id": "ca-civ-1946",
        },
    )
    assert Document.objects.filter(document_id="ca-civ-1946").exists()


def test_a_file_that_cannot_be_read_is_reported_on_its_row(curator, lane, post_and_run):
    client = signed_in(curator)
    bad = SimpleUploadedFile("broken.pdf", (FIXTURES / "not_a_pdf.pdf").read_bytes())
    response = post_and_run(
        client,
        f"/lanes/{lane.slug}/upload/",
        {"uploads": [bad, text_file("good.txt")], "source_type": "documentary"},
    )
    html = client.get(response["Location"]).content.decode()
    assert "failed" in html and 'class="error"' in html and "good" in html
    broken, good = file_row(html, "broken.pdf"), file_row(html, "good.txt")
    assert MESSAGE_NOT_A_PDF in broken and "failed" in broken
    assert MESSAGE_NOT_A_PDF not in good and "created" in good


def test_bad_metadata_json_is_reported_beside_its_field(curator, lane):
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/upload/",
        {"uploads": [text_file("a.txt")], "source_type": "documentary", "metadata_json": "[1]"},
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert ERR_METADATA_JSON in html and 'id="id_metadata_json_error"' in html
    assert not Job.objects.exists()


def test_a_metadata_row_without_equals_names_its_line(curator, lane):
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/upload/",
        {
            "uploads": [text_file("a.txt")],
            "source_type": "documentary",
            "metadata_rows": "a=b\nnope",
        },
    )
    assert ERR_METADATA_ROW.format(line=2) in response.content.decode()


def test_no_file_is_an_error_beside_the_file_field(curator, lane):
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/upload/", {"source_type": "documentary"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "id_uploads_error" in html and ("This field is required" in html or ERR_NO_FILES in html)


def test_an_asserted_tier_outside_the_order_is_refused_naming_it(curator, lane):
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/upload/",
        {
            "uploads": [text_file("a.txt")],
            "source_type": "documentary",
            "metadata_json": '{"authority_tier": "statue"}',
        },
    )
    assert response.status_code == 400
    assert "statue" in response.content.decode()
    assert not Job.objects.exists()


def test_a_closed_lane_refuses_an_undeclared_source_type_beside_the_field(curator, lane):
    lane.kind = "closed"
    lane.save()
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/upload/", {"uploads": [text_file("a.txt")], "source_type": "forum"}
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "id_source_type" in html and "forum" in html and "not allowed" in html


def test_reviewers_and_auditors_may_not_upload(reviewer, auditor, lane):
    for user in (reviewer, auditor):
        client = signed_in(user)
        assert client.get(f"/lanes/{lane.slug}/upload/").status_code == 403
        response = client.post(
            f"/lanes/{lane.slug}/upload/",
            {"uploads": [text_file("a.txt")], "source_type": "documentary"},
        )
        assert response.status_code == 403
    assert not Job.objects.exists()


def test_a_pending_job_fragment_keeps_polling_and_a_finished_one_stops(curator, lane):
    job = Job.objects.create(
        kind="ingest",
        lane=lane,
        items=[{"index": 0, "name": "a.txt", "document_id": "a", "status": "pending", "error": ""}],
    )
    client = signed_in(curator)
    fragment = client.get(f"/jobs/{job.id}/", **HTMX).content.decode()
    assert 'hx-trigger="every 1s"' in fragment and "<html" not in fragment
    assert f'href="/jobs/{job.id}/"' in fragment
    page = client.get(f"/jobs/{job.id}/").content.decode()
    assert 'http-equiv="refresh"' in page  # without JavaScript the page reloads itself
    Job.objects.filter(pk=job.pk).update(status="done", progress=1.0)
    fragment = client.get(f"/jobs/{job.id}/", **HTMX).content.decode()
    assert "every 1s" not in fragment


def test_a_job_of_another_lane_is_not_found(outsider, lane):
    job = Job.objects.create(kind="ingest", lane=lane, items=[])
    assert signed_in(outsider).get(f"/jobs/{job.id}/").status_code == 404


def test_each_file_row_has_its_own_progress_bar_labelled_with_its_name(curator, lane):
    items = [
        {"index": 0, "name": "done.txt", "document_id": "done", "status": "done", "error": ""},
        {"index": 1, "name": "bad.pdf", "document_id": "bad", "status": "failed", "error": "Bad."},
        {"index": 2, "name": "now.txt", "document_id": "now", "status": "pending", "error": ""},
        {"index": 3, "name": "next.txt", "document_id": "next", "status": "pending", "error": ""},
    ]
    job = Job.objects.create(kind="ingest", lane=lane, status="running", progress=0.5, items=items)
    client = signed_in(curator)
    for html in (
        client.get(f"/jobs/{job.id}/").content.decode(),
        client.get(f"/jobs/{job.id}/", **HTMX).content.decode(),
    ):
        assert 'id="job-bar"' in html and 'value="50"' in html  # the whole job's bar stays
        bars = {
            name: re.search(r"<progress\b[^>]*>", file_row(html, name))
            for name in ("done.txt", "bad.pdf", "now.txt", "next.txt")
        }
        for name, bar in bars.items():
            assert bar and f'aria-label="Progress of {name}"' in bar.group(0), name
        assert 'value="100"' in bars["done.txt"].group(0) and "✓ done" in file_row(html, "done.txt")
        assert 'aria-describedby="job-item-1-result"' in bars["bad.pdf"].group(0)
        assert "✗ failed" in file_row(html, "bad.pdf") and "Bad." in file_row(html, "bad.pdf")
        assert "value=" not in bars["now.txt"].group(0)  # in progress, no fraction: indeterminate
        assert "ingesting" in file_row(html, "now.txt")
        assert 'value="0"' in bars["next.txt"].group(0) and "queued" in file_row(html, "next.txt")

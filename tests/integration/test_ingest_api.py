"""Ingest through the API: jobs, the lane deciding tiers, idempotence, versions, bad inputs."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from audit.models import AuditEvent
from citenexus.ingest.errors import MESSAGE_TOO_LARGE_SIZED, TOO_LARGE
from curation.models import Document, EvidenceUnit, Job

pytestmark = pytest.mark.django_db

STATUTE = (
    "Section 1946.1. Notice of termination\n\n"
    "(a) This section applies to residential tenancies for a periodic term.\n\n"
    "(b) An owner shall give written notice at least 60 days before the termination date "
    "if every tenant has resided in the dwelling for one year or more.\n\n"
    "(c) An owner shall give written notice at least 30 days before the termination date "
    "if any tenant has resided in the dwelling for less than one year.\n"
)


def upload(
    client: Any,
    lane: str,
    *files: tuple[str, bytes],
    run: Any,
    **fields: Any,
) -> Any:
    data = {k: (json.dumps(v) if isinstance(v, dict) else v) for k, v in fields.items()}
    data["file"] = [SimpleUploadedFile(name, content) for name, content in files]
    with run(execute=True):
        return client.post(f"/api/lanes/{lane}/documents/", data, format="multipart")


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    """Run queued jobs when the request's transaction commits, as the thread pool would."""
    return django_capture_on_commit_callbacks


def test_a_curator_upload_is_queued_as_a_job_and_the_lane_decides_the_tier(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("1946-1.txt", STATUTE.encode()),
        run=run,
        document_id="ca-civ-1946-1",
        source_type="documentary",
    )
    assert response.status_code == 202, response.json()
    body = response.json()
    job = Job.objects.get(pk=body["job"]["id"])
    assert job.status == "done" and job.progress == 1.0
    assert job.items[0]["status"] == "done" and job.items[0]["result"] == "created"
    # Where the file's time went, for the ingest-overhead benchmark.
    timings = job.items[0]["timings_ms"]
    assert set(timings) == {"extract", "segment", "embed", "write", "total"}
    assert all(v >= 0 for v in timings.values())
    assert timings["total"] >= timings["embed"] + timings["write"]
    document = Document.objects.get(lane=lane, document_id="ca-civ-1946-1")
    assert document.authority["authority_tier"] == "statute"  # policy: documentary -> statute
    units = list(EvidenceUnit.objects.filter(document=document).order_by("ordinal"))
    assert units and all(u.authority_meta["authority_tier"] == "statute" for u in units)
    assert all(u.embedding is not None and len(u.embedding) == 384 for u in units)
    assert all(document.content[u.start : u.end] == u.text for u in units)
    detail = api(curator).get(f"/api/lanes/{lane.slug}/documents/ca-civ-1946-1/").json()
    assert detail["tier"] == {"name": "statute", "rank": 3}
    listed = api(curator).get(f"/api/lanes/{lane.slug}/documents/").json()
    assert [(d["document_id"], d["tier"]) for d in listed] == [
        ("ca-civ-1946-1", {"name": "statute", "rank": 3})
    ]
    assert detail["units"][0]["key"] == "ca-civ-1946-1#0"
    event = AuditEvent.objects.get(action="document.ingest", document_id="ca-civ-1946-1")
    assert event.details["authority"]["authority_tier"] == "statute"
    assert event.actor == "curator"


def test_the_job_reports_progress_to_lane_members(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    job_id = response.json()["job"]["id"]
    body = api(reviewer).get(f"/api/jobs/{job_id}/").json()
    assert body["status"] == "done"
    assert body["progress"] == 1.0
    assert body["error"] is None


def test_an_outsider_cannot_see_the_job(
    api: Any, curator: Any, outsider: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    assert api(outsider).get(f"/api/jobs/{response.json()['job']['id']}/").status_code == 404


def test_a_curator_may_assert_the_tier_and_metadata(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
        authority={
            "authority_tier": "controlling-statute",
            "jurisdiction": "CA",
            "scope": "residential",
        },
    )
    assert response.status_code == 202
    document = Document.objects.get(document_id="a")
    assert document.authority == {
        "authority_tier": "controlling-statute",
        "jurisdiction": "CA",
        "scope": "residential",
    }


def test_an_unknown_asserted_tier_is_refused_naming_it_before_anything_is_queued(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
        authority={"authority_tier": "statue"},
    )
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert "'statue'" in message and "'statute'" in message
    assert not Job.objects.exists() and not Document.objects.exists()


def test_reposting_identical_content_changes_nothing_and_says_so(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(
        client,
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    events = AuditEvent.objects.count()
    response = upload(
        client,
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    assert response.status_code == 200
    assert response.json()["result"] == "unchanged"
    assert "nothing changed" in response.json()["message"]
    assert Document.objects.get(document_id="a").version == 1
    assert AuditEvent.objects.count() == events
    assert (
        EvidenceUnit.objects.filter(document__document_id="a").count()
        == Document.objects.get(document_id="a").unit_count
    )


def test_changed_content_is_a_new_version_and_old_units_are_retired_not_deleted(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(
        client,
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
        authority={"authority_tier": "controlling-statute"},
    )
    old_units = EvidenceUnit.objects.filter(document__document_id="a").count()
    changed = STATUTE.replace("60 days", "90 days")
    response = upload(
        client,
        lane.slug,
        ("a.txt", changed.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    assert response.status_code == 202
    document = Document.objects.get(document_id="a")
    assert document.version == 2
    assert document.authority["authority_tier"] == "controlling-statute"  # carried forward
    assert (
        EvidenceUnit.objects.filter(document=document, version=1, current=False).count()
        == old_units
    )
    current = EvidenceUnit.objects.filter(document=document, current=True)
    assert current.exists() and all(u.version == 2 for u in current)
    assert any("90 days" in u.text for u in current)
    assert AuditEvent.objects.filter(action="document.new_version", document_id="a").exists()


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("empty.txt", b"", "empty"),
        ("blank.txt", b"   \n\n  ", "empty"),
        ("run.exe", b"MZ\x90\x00binary", "unknown_type"),
        ("fake.pdf", b"this is not a pdf", "malformed_pdf"),
        ("nul.txt", b"text with a \x00 NUL byte", "undecodable"),
        ("latin.txt", "caf\u00e9 cr\u00e8me".encode("cp1252") + b"\xff\xfe\x81", "undecodable"),
    ],
)
def test_a_bad_file_fails_its_job_item_with_a_specific_error_and_creates_nothing(
    api: Any, curator: Any, lane: Any, run: Any, name: str, content: bytes, code: str
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        (name, content),
        run=run,
        document_id="bad",
        source_type="documentary",
    )
    assert response.status_code == 202
    job = Job.objects.get(pk=response.json()["job"]["id"])
    assert job.status == "failed"
    assert job.items[0]["status"] == "failed"
    assert job.items[0]["error_code"] == code, job.items[0]
    assert job.items[0]["error"] and "Traceback" not in job.items[0]["error"]
    assert not Document.objects.filter(document_id="bad").exists()


def test_several_files_are_one_job_with_per_file_results(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("ca-one.txt", STATUTE.encode()),
        ("ca-two.md", b"# Title\n\nSome rule about deposits.\n"),
        ("broken.pdf", b"nope"),
        run=run,
        source_type="documentary",
    )
    assert response.status_code == 202
    job = Job.objects.get(pk=response.json()["job"]["id"])
    statuses = {item["document_id"]: item["status"] for item in job.items}
    assert statuses == {"ca-one": "done", "ca-two": "done", "broken": "failed"}
    assert job.status == "done"
    assert set(Document.objects.values_list("document_id", flat=True)) == {"ca-one", "ca-two"}


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_zip_is_expanded_and_path_traversal_names_are_flattened(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    archive = _zip(
        {"../../etc/evil.txt": STATUTE.encode(), "dir/sub/good.txt": b"A rule about notice."}
    )
    response = upload(
        api(curator), lane.slug, ("batch.zip", archive), run=run, source_type="documentary"
    )
    assert response.status_code == 202
    assert set(Document.objects.values_list("document_id", flat=True)) == {"evil", "good"}
    assert set(Document.objects.values_list("original_filename", flat=True)) == {
        "evil.txt",
        "good.txt",
    }


def test_a_nested_zip_is_refused(api: Any, curator: Any, lane: Any, run: Any) -> None:
    archive = _zip({"inner.zip": _zip({"a.txt": b"x"})})
    response = upload(
        api(curator), lane.slug, ("batch.zip", archive), run=run, source_type="documentary"
    )
    assert response.status_code == 400
    assert "zip inside a zip" in response.json()["error"]["message"]


def test_a_zip_bomb_is_refused(api: Any, curator: Any, lane: Any, run: Any, settings: Any) -> None:
    settings.CITENEXUS_MAX_UPLOAD_BYTES = 10_000
    archive = _zip({"bomb.txt": b"0" * 200_000})
    assert len(archive) < 10_000
    response = upload(
        api(curator), lane.slug, ("batch.zip", archive), run=run, source_type="documentary"
    )
    assert response.status_code == 400
    assert "expands to more than" in response.json()["error"]["message"]


@pytest.mark.parametrize("who", ["reviewer", "auditor"])
def test_members_without_the_curator_role_cannot_upload(
    api: Any, request: Any, lane: Any, run: Any, who: str
) -> None:
    response = upload(
        api(request.getfixturevalue(who)),
        lane.slug,
        ("a.txt", b"x"),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    assert response.status_code == 403


def test_an_outsider_cannot_upload_or_list(api: Any, outsider: Any, lane: Any, run: Any) -> None:
    client = api(outsider)
    response = upload(
        client, lane.slug, ("a.txt", b"x"), run=run, document_id="a", source_type="documentary"
    )
    assert response.status_code == 404
    assert client.get(f"/api/lanes/{lane.slug}/documents/").status_code == 404


def test_a_closed_lane_refuses_an_undeclared_source_type_naming_the_allowed(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    lane.kind = "closed"
    lane.save()
    response = upload(
        api(curator),
        lane.slug,
        ("a.txt", b"A rule."),
        run=run,
        document_id="a",
        source_type="email",
    )
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert "'email'" in message and "conversational" in message and "documentary" in message


def test_corrections_are_added_returned_with_records_and_withdrawn_never_deleted(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(
        client,
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    created = client.post(
        f"/api/lanes/{lane.slug}/documents/a/corrections/",
        {"text": "Amended in 2024: 90 days."},
        format="json",
    )
    assert created.status_code == 201
    correction = created.json()
    assert correction["authority"] == "human_correction" and correction["active"] is True
    records = api(reviewer).get(f"/api/records/?lane={lane.slug}&ids=a,missing").json()
    assert len(records) == 1
    assert records[0]["authority_level"] == "statute"
    assert records[0]["corrections"][0]["authority"] == "human_correction"
    withdrawn = client.post(
        f"/api/lanes/{lane.slug}/documents/a/corrections/{correction['id']}/withdraw/"
    )
    assert withdrawn.status_code == 200 and withdrawn.json()["active"] is False
    records = api(reviewer).get(f"/api/records/?lane={lane.slug}&ids=a").json()
    assert records[0]["corrections"] == []
    detail = client.get(f"/api/lanes/{lane.slug}/documents/a/").json()
    assert [c["active"] for c in detail["corrections"]] == [False]
    actions = list(AuditEvent.objects.filter(document_id="a").values_list("action", flat=True))
    assert "correction.add" in actions and "correction.withdraw" in actions


def test_a_correction_with_an_unknown_authority_is_refused_listing_the_levels(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    client = api(curator)
    upload(
        client,
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    response = client.post(
        f"/api/lanes/{lane.slug}/documents/a/corrections/",
        {"text": "x", "authority": "god"},
        format="json",
    )
    assert response.status_code == 400
    assert "human_correction" in response.json()["error"]["message"]


def test_a_reviewer_may_not_add_corrections(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    upload(
        api(curator),
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id="a",
        source_type="documentary",
    )
    response = api(reviewer).post(
        f"/api/lanes/{lane.slug}/documents/a/corrections/", {"text": "x"}, format="json"
    )
    assert response.status_code == 403


@pytest.mark.parametrize("document_id", ["../../etc/passwd", "@SUM(A1)", "a b", "x" * 201])
def test_a_bad_document_id_is_refused_before_anything_is_queued(
    api: Any, curator: Any, lane: Any, run: Any, document_id: str
) -> None:
    response = upload(
        api(curator),
        lane.slug,
        ("a.txt", STATUTE.encode()),
        run=run,
        document_id=document_id,
        source_type="documentary",
    )
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {"field": "document_id"}
    assert not Job.objects.exists()


def test_an_unrouted_api_url_answers_in_the_json_error_shape(api: Any, curator: Any) -> None:
    response = api(curator).get("/api/no-such-endpoint/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_a_single_file_over_the_upload_limit_fails_its_item_stating_the_limit(
    api: Any, curator: Any, lane: Any, run: Any, settings: Any
) -> None:
    settings.CITENEXUS_MAX_UPLOAD_BYTES = 10_000
    content = (STATUTE.encode() * 60)[:12_345]
    response = upload(
        api(curator),
        lane.slug,
        ("big.txt", content),
        run=run,
        document_id="big",
        source_type="documentary",
    )
    assert response.status_code == 202
    job = Job.objects.get(pk=response.json()["job"]["id"])
    assert job.status == "failed"
    item = job.items[0]
    assert (item["status"], item["error_code"]) == ("failed", TOO_LARGE)
    assert item["error"] == MESSAGE_TOO_LARGE_SIZED.format(size=12_345, limit=10_000)
    assert "12,345 bytes" in item["error"] and "limit is 10,000 bytes" in item["error"]
    assert not Document.objects.filter(lane=lane).exists()
    assert not EvidenceUnit.objects.filter(lane=lane).exists()
    body = api(curator).get(f"/api/jobs/{job.pk}/").json()
    assert "10,000 bytes" in json.dumps(body)


def test_a_batch_reports_progress_one_document_at_a_time(
    api: Any, curator: Any, lane: Any, run: Any, monkeypatch: Any
) -> None:
    from curation import ingest_jobs

    seen: list[float] = []
    set_item = ingest_jobs._set_item

    def recording(job_id: Any, index: int, **changes: Any) -> None:
        set_item(job_id, index, **changes)
        seen.append(Job.objects.get(pk=job_id).progress)  # as a poller would read it

    monkeypatch.setattr(ingest_jobs, "_set_item", recording)
    files = [
        (f"rule-{n}.txt", f"Rule {n}: notice is due within {n} days.".encode()) for n in "1234"
    ]
    response = upload(api(curator), lane.slug, *files, run=run, source_type="documentary")
    assert response.status_code == 202
    assert seen == [0.25, 0.5, 0.75, 1.0]
    assert Job.objects.get(pk=response.json()["job"]["id"]).progress == 1.0

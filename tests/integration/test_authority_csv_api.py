"""Authority CSVs: dry run, all-or-nothing, confirm=valid_rows, audit of old and new tiers."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from audit.models import AuditEvent
from curation.models import Document, EvidenceUnit
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def documents(lane: Any) -> list[str]:
    ids = ["ca-civ-1946-1", "nolo-blog", "fl-83-57"]
    for document_id in ids:
        document_ingest_text(
            lane=lane,
            document_id=document_id,
            text=f"Text of {document_id}. A landlord shall give notice.",
            source_type="documentary",
            actor="setup",
        )
    return ids


def post_csv(client: Any, lane: Any, text: str | bytes, **fields: str) -> Any:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return client.post(
        f"/api/lanes/{lane.slug}/authority-csv/",
        {"file": SimpleUploadedFile("authority.csv", data), **fields},
        format="multipart",
    )


GOOD = (
    "document_id,authority_tier,authority_rank,label\n"
    "ca-civ-1946-1,controlling-statute,1,CA Civil Code 1946.1\n"
    "nolo-blog,secondary-blog,5,Self-help summary\n"
    "fl-83-57,out-of-jurisdiction,9,Florida statute\n"
)


def tier(document_id: str) -> str:
    return Document.objects.get(document_id=document_id).tier_name()


def test_a_dry_run_reports_each_change_and_applies_nothing(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    response = post_csv(api(curator), lane, GOOD, dry_run="true")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["dry_run"] is True and body["applied"] == 0
    changes = {c["document_id"]: (c["tier_before"], c["tier_after"]) for c in body["changes"]}
    assert changes["ca-civ-1946-1"] == ("statute", "controlling-statute")
    assert changes["fl-83-57"] == ("statute", "out-of-jurisdiction")
    assert tier("ca-civ-1946-1") == "statute"


def test_a_valid_file_is_applied_to_documents_and_units_and_audited(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    response = post_csv(api(curator), lane, GOOD)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["applied"] == 3
    assert tier("fl-83-57") == "out-of-jurisdiction"
    document = Document.objects.get(document_id="ca-civ-1946-1")
    assert document.authority["authority_rank"] == "1"  # opaque metadata, stored as given
    assert all(
        u.authority_meta["authority_tier"] == "controlling-statute"
        for u in EvidenceUnit.objects.filter(document=document)
    )
    event = AuditEvent.objects.get(action="authority.tier_change", document_id="fl-83-57")
    assert event.details["tier_before"] == "statute"
    assert event.details["tier_after"] == "out-of-jurisdiction"
    assert event.actor == "curator"
    assert set(body["audit_event_ids"]) >= {event.pk}
    assert AuditEvent.objects.filter(action="authority_csv.apply").count() == 1


def test_reapplying_the_same_file_changes_nothing(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    client = api(curator)
    post_csv(client, lane, GOOD)
    events = AuditEvent.objects.count()
    body = post_csv(client, lane, GOOD).json()
    assert body["applied"] == 0 and body["unchanged"] == 3
    assert AuditEvent.objects.count() == events + 1  # only the summary event


def test_a_typo_tier_applies_nothing_and_names_the_closest_tier(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    text = GOOD.replace("secondary-blog,5", "secondary-blgo,5")
    response = post_csv(api(curator), lane, text)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "csv_has_problems"
    unknown = error["details"]["unknown_tiers"]
    assert unknown == [
        {
            "line": 3,
            "document_id": "nolo-blog",
            "value": "secondary-blgo",
            "closest": "secondary-blog",
        }
    ]
    assert tier("ca-civ-1946-1") == "statute" and tier("nolo-blog") == "statute"


def test_confirm_valid_rows_applies_only_the_valid_rows(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    text = GOOD.replace("secondary-blog,5", "secondary-blgo,5") + "ghost-doc,statute,2,Unknown\n"
    response = post_csv(api(curator), lane, text, confirm="valid_rows")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["applied"] == 2
    assert body["unknown_documents"] == [{"line": 5, "document_id": "ghost-doc"}]
    assert tier("ca-civ-1946-1") == "controlling-statute"
    assert tier("nolo-blog") == "statute"


def test_a_file_that_is_not_utf8_is_refused_clearly(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    response = post_csv(
        api(curator), lane, "document_id,label\nca-civ-1946-1,Caf\u00e9\n".encode("latin-1")
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_csv"
    assert "UTF-8" in response.json()["error"]["message"]


def test_a_utf8_bom_is_accepted(api: Any, curator: Any, lane: Any, documents: list[str]) -> None:
    response = post_csv(api(curator), lane, "\ufeff" + GOOD)
    assert response.status_code == 200
    assert response.json()["applied"] == 3


def test_a_missing_document_id_column_is_a_file_error(
    api: Any, curator: Any, lane: Any, documents: list[str]
) -> None:
    response = post_csv(api(curator), lane, "id,authority_tier\nx,statute\n")
    assert response.status_code == 400
    assert "document_id" in response.json()["error"]["message"]


@pytest.mark.parametrize("who", ["reviewer", "auditor"])
def test_only_curators_and_admins_upload_authority(
    api: Any, request: Any, lane: Any, documents: list[str], who: str
) -> None:
    response = post_csv(api(request.getfixturevalue(who)), lane, GOOD)
    assert response.status_code == 403
    assert tier("ca-civ-1946-1") == "statute"


def test_the_command_line_dry_runs_by_default_then_applies(
    lane: Any, documents: list[str], tmp_path: Any
) -> None:
    from io import StringIO

    from django.core.management import call_command

    path = tmp_path / "authority.csv"
    path.write_text(GOOD, encoding="utf-8")
    out = StringIO()
    call_command("import_authority", lane.slug, str(path), stdout=out)
    assert "would change tier statute -> controlling-statute" in out.getvalue()
    assert tier("ca-civ-1946-1") == "statute"
    call_command(
        "import_authority", lane.slug, str(path), "--apply", "--actor", "maria", stdout=StringIO()
    )
    assert tier("ca-civ-1946-1") == "controlling-statute"
    assert AuditEvent.objects.filter(action="authority.tier_change", actor="cli:maria").count() == 3

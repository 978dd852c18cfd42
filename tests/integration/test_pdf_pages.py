"""Page-accurate PDF citations through the API and the pages: units and citations name their
pages, a cited page is drawn with the passage highlighted for those who may read the lane."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from citenexus.ingest import errors as e
from curation.models import Document, EvidenceUnit, Job, LaneMembership, SourceFile
from tests.fixtures.pdfs import ACT_HEADER, build_act_pdf, build_pdf
from tests.support.png import PNG_SIGNATURE, highlighted_pixels

pytestmark = pytest.mark.django_db

QUESTION = "How many days does a landlord have to return the security deposit?"
PAGE_URL = "/lanes/ca-housing/documents/{document_id}/pages/{page}.png"
API_PAGE_URL = "/api" + PAGE_URL


@pytest.fixture(autouse=True)
def page_cache(settings: Any, tmp_path: Any) -> Any:
    settings.CITENEXUS_PAGE_CACHE_DIR = tmp_path / "page-images"
    return settings.CITENEXUS_PAGE_CACHE_DIR


def upload(client: Any, name: str, data: bytes, document_id: str, run: Any) -> Any:
    with run(execute=True):
        return client.post(
            "/api/lanes/ca-housing/documents/",
            {
                "file": [SimpleUploadedFile(name, data)],
                "document_id": document_id,
                "source_type": "documentary",
            },
            format="multipart",
        )


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


@pytest.fixture
def act(api: Any, curator: Any, lane: Any, run: Any) -> Document:
    response = upload(api(curator), "act.pdf", build_act_pdf(), "rta-2024", run)
    assert response.status_code == 202, response.json()
    job = Job.objects.get(pk=response.json()["job"]["id"])
    assert job.status == "done", job.items
    return Document.objects.get(lane=lane, document_id="rta-2024")


def deposit_unit(document: Document) -> EvidenceUnit:
    return EvidenceUnit.objects.get(document=document, current=True, text__contains="21 days")


@pytest.fixture
def bystander(make_user: Any, lane: Any) -> Any:
    """A member of the lane whose membership names a role their groups do not grant."""
    user = make_user("bystander")
    LaneMembership.objects.create(lane=lane, user=user, role="reviewer")
    return user


def test_a_pdf_upload_records_each_units_pages_and_headings(
    api: Any, curator: Any, act: Document
) -> None:
    assert act.format == "pdf"
    assert ACT_HEADER not in act.content and "Page 3 of 4" not in act.content
    detail = api(curator).get("/api/lanes/ca-housing/documents/rta-2024/").json()
    units = {u["key"]: u for u in detail["units"]}
    deposit = deposit_unit(act)
    cited = units[f"rta-2024#{deposit.ordinal}"]
    assert (cited["page_start"], cited["page_end"]) == (3, 3)
    assert cited["heading"] == (
        "Part 2. Deposits › Security deposits › Section 12. Return of security deposit."
    )
    assert [(u["page_start"], u["page_end"]) for u in detail["units"]] == [
        (1, 1),
        (1, 1),
        (2, 2),
        (2, 2),
        (3, 3),
        (4, 4),
    ]
    source = SourceFile.objects.get(document=act, version=1)
    assert (source.format, source.page_count) == ("pdf", 4)
    assert bytes(source.data) == build_act_pdf()


def test_an_answer_from_page_three_cites_page_three(api: Any, reviewer: Any, act: Document) -> None:
    response = api(reviewer).post(
        "/api/ask/", {"lane": "ca-housing", "question": QUESTION}, format="json"
    )
    body = response.json()
    assert response.status_code == 200 and body["status"] == "answered", body
    key = f"rta-2024#{deposit_unit(act).ordinal}"
    claim = next(c for c in body["claims"] if key in c["citations"])
    detail = claim["citation_details"][claim["citations"].index(key)]
    assert detail == {
        "key": key,
        "document_id": "rta-2024",
        "version": 1,
        "page_start": 3,
        "page_end": 3,
        "pages": "p. 3",
    }
    stored = api(reviewer).get(f"/api/answers/{body['id']}/").json()
    assert stored["claims"] == body["claims"]


def test_a_citation_keeps_the_page_it_had_when_the_document_changes(
    api: Any, curator: Any, reviewer: Any, act: Document, run: Any
) -> None:
    answer = (
        api(reviewer)
        .post("/api/ask/", {"lane": "ca-housing", "question": QUESTION}, format="json")
        .json()
    )
    moved = build_pdf([["Preface."], ["Preface, continued."], ["Index."]])
    assert upload(api(curator), "act.pdf", moved, "rta-2024", run).status_code == 202
    stored = api(reviewer).get(f"/api/answers/{answer['id']}/").json()
    pages = [d["pages"] for c in stored["claims"] for d in c["citation_details"]]
    assert "p. 3" in pages


def test_the_answer_page_and_the_citation_panel_show_the_page(
    client: Any, reviewer: Any, act: Document
) -> None:
    from answers.models import Answer
    from answers.services import answer_ask

    answer: Answer = answer_ask(lane=act.lane, question=QUESTION, user=reviewer, actor="reviewer")
    client.force_login(reviewer)
    page = client.get(f"/answers/{answer.pk}/").content.decode()
    assert '<span class="chip-pages">p. 3</span>' in page
    unit_key = f"rta-2024#{deposit_unit(act).ordinal}"
    assert f"[{unit_key}, p. 3]" in page  # the answer's attribution mark names the page
    assert f"[{unit_key}]" in answer.text  # the stored text stays as computed
    unit = deposit_unit(act)
    claims = answer.payload["claims"]
    index = next(i for i, c in enumerate(claims) if f"rta-2024#{unit.ordinal}" in c["citations"])
    key = f"rta-2024#{unit.ordinal}"
    panel = client.get(reverse("citation", args=[answer.pk, index, key]))
    html = panel.content.decode().replace("&amp;", "&")
    assert '<span class="pages">p. 3</span>' in html
    assert f"/lanes/ca-housing/documents/rta-2024/?page=3&unit={unit.ordinal}&from=" in html


def test_the_document_page_shows_a_cited_page_as_an_image(
    client: Any, reviewer: Any, act: Document
) -> None:
    client.force_login(reviewer)
    unit = deposit_unit(act)
    plain = client.get("/lanes/ca-housing/documents/rta-2024/").content.decode()
    assert f'href="?page=3&amp;unit={unit.ordinal}#page-view"' in plain
    assert 'id="page-view"' not in plain
    shown = client.get(f"/lanes/ca-housing/documents/rta-2024/?page=3&unit={unit.ordinal}")
    html = shown.content.decode()
    assert "Page 3 of 4" in html
    assert f'src="/lanes/ca-housing/documents/rta-2024/pages/3.png?unit={unit.ordinal}"' in html
    # A page the document does not have shows no viewer at all.
    assert (
        'id="page-view"'
        not in client.get("/lanes/ca-housing/documents/rta-2024/?page=9").content.decode()
    )


def test_the_page_image_is_a_png_with_the_cited_span_highlighted(
    api: Any, reviewer: Any, act: Document, page_cache: Any
) -> None:
    unit = deposit_unit(act)
    start = unit.text.index("A landlord shall return")
    end = unit.text.index("tenancy ends") + len("tenancy ends")
    url = API_PAGE_URL.format(document_id="rta-2024", page=3)
    response = api(reviewer).get(url, {"unit": unit.ordinal, "from": start, "to": end})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content[:8] == PNG_SIGNATURE
    assert highlighted_pixels(response.content) > 1000
    plain = api(reviewer).get(url)
    assert plain.status_code == 200 and highlighted_pixels(plain.content) == 0
    assert len(list(page_cache.rglob("*.png"))) == 2  # the next request reads it from the cache
    again = api(reviewer).get(url, {"unit": unit.ordinal, "from": start, "to": end})
    assert again.content == response.content


def test_the_page_image_answers_a_client_that_asks_for_png(
    api: Any, reviewer: Any, act: Document
) -> None:
    url = API_PAGE_URL.format(document_id="rta-2024", page=1)
    response = api(reviewer).get(url, HTTP_ACCEPT="image/png")
    assert response.status_code == 200 and response.content[:8] == PNG_SIGNATURE
    missing = api(reviewer).get(
        API_PAGE_URL.format(document_id="rta-2024", page=9), HTTP_ACCEPT="image/png"
    )
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"


def test_the_page_image_is_refused_to_those_who_may_not_read_the_lane(
    api: Any, client: Any, act: Document, outsider: Any, bystander: Any
) -> None:
    url = API_PAGE_URL.format(document_id="rta-2024", page=3)
    assert api(outsider).get(url).status_code == 404  # lanes do not leak
    refused = api(bystander).get(url)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    assert api(None).get(url).status_code in (401, 403)
    page = PAGE_URL.format(document_id="rta-2024", page=3)
    client.force_login(outsider)
    assert client.get(page).status_code == 404
    client.force_login(bystander)
    assert client.get(page).status_code == 403
    client.logout()
    assert client.get(page).status_code == 302  # to the sign-in page


@pytest.mark.parametrize("role", ["curator", "auditor", "admin"])
def test_every_role_that_reads_the_lane_gets_the_page(
    request: Any, client: Any, act: Document, role: str
) -> None:
    client.force_login(request.getfixturevalue(role))
    response = client.get(PAGE_URL.format(document_id="rta-2024", page=2))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "private" in response["Cache-Control"]


def test_a_page_or_unit_the_document_does_not_have_is_not_found(
    api: Any, reviewer: Any, act: Document
) -> None:
    client = api(reviewer)
    for page, query, status in [
        (5, {}, 404),
        (0, {}, 404),
        (3, {"unit": 99}, 404),
        (3, {"unit": 10**30}, 404),
        (10**30, {}, 404),
        (3, {"unit": 0, "from": 0, "to": 10**30}, 200),
        (3, {"unit": "x"}, 400),
        (3, {"unit": 0, "from": 9, "to": 2}, 400),
        (3, {"from": 1, "to": 2}, 400),
    ]:
        response = client.get(API_PAGE_URL.format(document_id="rta-2024", page=page), query)
        assert response.status_code == status, (page, query, response.content)
    assert client.get(API_PAGE_URL.format(document_id="nope", page=1)).status_code == 404


def test_a_document_without_pages_has_null_pages_and_no_page_image(
    api: Any, curator: Any, reviewer: Any, lane: Any, run: Any
) -> None:
    text = b"<h1>Deposits</h1><p>A landlord shall return the deposit within 21 days.</p>"
    assert upload(api(curator), "deposits.html", text, "deposits", run).status_code == 202
    detail = api(curator).get("/api/lanes/ca-housing/documents/deposits/").json()
    assert detail["units"] and all(
        u["page_start"] is None and u["page_end"] is None for u in detail["units"]
    )
    response = api(reviewer).get(API_PAGE_URL.format(document_id="deposits", page=1))
    assert response.status_code == 404
    assert not SourceFile.objects.exists()


def test_a_pdf_without_a_text_layer_is_refused_saying_so_and_nothing_is_ingested(
    api: Any, curator: Any, lane: Any, run: Any
) -> None:
    response = upload(api(curator), "scan.pdf", build_pdf([[], [], []]), "scan", run)
    assert response.status_code == 202
    job = Job.objects.get(pk=response.json()["job"]["id"])
    assert job.status == "failed"
    item = job.items[0]
    assert (item["status"], item["error_code"], item["error"]) == (
        "failed",
        e.NO_TEXT,
        e.MESSAGE_NO_TEXT,
    )
    assert "no text layer" in item["error"]
    assert not Document.objects.filter(lane=lane, document_id="scan").exists()
    assert not SourceFile.objects.exists()


def test_a_new_version_keeps_its_own_file_and_pages(
    api: Any, curator: Any, act: Document, run: Any
) -> None:
    two_pages = build_pdf([["Section 12. Return of security deposit."], ["Within 14 days."]])
    assert upload(api(curator), "act.pdf", two_pages, "rta-2024", run).status_code == 202
    act.refresh_from_db()
    assert act.version == 2
    assert [s.page_count for s in SourceFile.objects.filter(document=act)] == [4, 2]
    current = EvidenceUnit.objects.filter(document=act, current=True).order_by("ordinal")
    assert [(u.page_start, u.page_end) for u in current] == [(1, 2)]

"""The lane page: documents table by role, sort, filter, pages, and the inline tier edit."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEvent
from curation.models import Document, EvidenceUnit
from curation.selectors import tier_counts
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def ingest(lane: Any, document_id: str, tier: str | None = None, **extra: str) -> None:
    authority = {"authority_tier": tier} if tier else {}
    authority.update(extra)
    document_ingest_text(
        lane=lane,
        document_id=document_id,
        text=f"{document_id}. A landlord shall give thirty days notice before entry.",
        source_type="documentary",
        actor="setup",
        title=f"Title of {document_id}",
        authority=authority,
        may_assert=True,
    )


@pytest.fixture
def documents(lane: Any) -> list[str]:
    ingest(lane, "ca-civ-1946", "controlling-statute", jurisdiction="CA", scope="residential")
    ingest(lane, "nolo-blog", "secondary-blog")
    ingest(lane, "fl-83-57", "out-of-jurisdiction", jurisdiction="FL")
    return ["ca-civ-1946", "nolo-blog", "fl-83-57"]


def test_a_curator_sees_the_documents_with_tier_badges_and_tier_selects(curator, lane, documents):
    page = signed_in(curator).get(f"/lanes/{lane.slug}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "ca-civ-1946" in html and "controlling-statute" in html
    assert "CA / residential" in html
    assert 'class="inline-tier"' in html
    assert f"/lanes/{lane.slug}/upload/" in html and f"/lanes/{lane.slug}/authority-csv/" in html
    assert f"/lanes/{lane.slug}/settings/" not in html


def test_a_reviewer_sees_the_table_without_curator_or_admin_controls(reviewer, lane, documents):
    html = signed_in(reviewer).get(f"/lanes/{lane.slug}/").content.decode()
    assert "ca-civ-1946" in html
    assert 'class="inline-tier"' not in html
    assert "/upload/" not in html and "/authority-csv/" not in html and "/settings/" not in html


def test_a_badge_below_the_floor_says_so_in_words(curator, lane, documents):
    html = signed_in(curator).get(f"/lanes/{lane.slug}/").content.decode()
    assert "below the floor" in html


def test_a_non_member_gets_404_and_anonymous_is_sent_to_sign_in(outsider, lane, documents):
    assert signed_in(outsider).get(f"/lanes/{lane.slug}/").status_code == 404
    anonymous = Client().get(f"/lanes/{lane.slug}/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_the_table_filters_by_tier_source_type_and_text(curator, lane, documents):
    client = signed_in(curator)
    html = client.get(f"/lanes/{lane.slug}/?tier=secondary-blog").content.decode()
    assert "nolo-blog" in html and "ca-civ-1946" not in html
    html = client.get(f"/lanes/{lane.slug}/?q=fl-83").content.decode()
    assert "fl-83-57" in html and "nolo-blog" not in html
    html = client.get(f"/lanes/{lane.slug}/?source_type=conversational").content.decode()
    assert "No documents match" in html


def test_documents_without_a_known_tier_are_filtered_together(curator, lane, documents):
    Document.objects.filter(document_id="nolo-blog").update(authority={"authority_tier": "typo"})
    html = signed_in(curator).get(f"/lanes/{lane.slug}/?tier=__none__").content.decode()
    assert "nolo-blog" in html and "ca-civ-1946" not in html
    assert "not in the tier order" in html


def test_sorting_by_tier_puts_the_most_authoritative_first(curator, lane, documents):
    html = signed_in(curator).get(f"/lanes/{lane.slug}/?sort=-tier").content.decode()
    assert html.index("ca-civ-1946") < html.index("nolo-blog") < html.index("fl-83-57")
    html = signed_in(curator).get(f"/lanes/{lane.slug}/?sort=tier").content.decode()
    assert html.index("fl-83-57") < html.index("nolo-blog") < html.index("ca-civ-1946")


def test_a_bad_sort_value_falls_back_to_the_default_order(curator, lane, documents):
    page = signed_in(curator).get(f"/lanes/{lane.slug}/?sort=content")
    assert page.status_code == 200
    assert "ca-civ-1946" in page.content.decode()


def test_pages_hold_fifty_documents_and_link_to_the_next(curator, lane):
    rows = [
        Document(
            lane=lane,
            document_id=f"doc-{i:03d}",
            title=f"Doc {i}",
            source_type="documentary",
            authority={"authority_tier": "statute"},
            content="x",
            content_hash=str(i),
            record_id=f"sr_{i}",
        )
        for i in range(120)
    ]
    Document.objects.bulk_create(rows)
    client = signed_in(curator)
    html = client.get(f"/lanes/{lane.slug}/").content.decode()
    assert "doc-049" in html and "doc-050" not in html
    assert "page 1 of 3" in html and "page=2" in html and "Next ›" in html
    html = client.get(f"/lanes/{lane.slug}/?page=3").content.decode()
    assert "doc-119" in html and "doc-049" not in html


def test_the_page_costs_the_same_number_of_queries_for_many_documents(
    curator, lane, django_assert_max_num_queries
):
    Document.objects.bulk_create(
        Document(
            lane=lane,
            document_id=f"d{i}",
            source_type="documentary",
            authority={"authority_tier": "statute"},
            content="x",
            content_hash=str(i),
            record_id=f"sr_{i}",
        )
        for i in range(200)
    )
    client = signed_in(curator)
    client.get(f"/lanes/{lane.slug}/")  # warm the session
    with django_assert_max_num_queries(12):
        assert client.get(f"/lanes/{lane.slug}/").status_code == 200


def test_an_htmx_filter_gets_only_the_table_fragment(curator, lane, documents):
    html = signed_in(curator).get(f"/lanes/{lane.slug}/?q=nolo", **HTMX).content.decode()
    assert 'id="documents"' in html and "<html" not in html


def test_the_inline_tier_edit_swaps_the_row_and_records_old_and_new_tier(curator, lane, documents):
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/documents/nolo-blog/tier/", {"tier": "statute"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith("<tr") and "statute" in html and "Saved" in html
    document = Document.objects.get(document_id="nolo-blog")
    assert document.authority["authority_tier"] == "statute"
    units = EvidenceUnit.objects.filter(document=document)
    assert all(u.authority_meta["authority_tier"] == "statute" for u in units)
    event = AuditEvent.objects.filter(document_id="nolo-blog").order_by("-id").first()
    assert event.details["tier_before"] == "secondary-blog"
    assert event.details["tier_after"] == "statute"


def test_the_inline_tier_edit_without_javascript_redirects_back(curator, lane, documents):
    response = signed_in(curator).post(
        f"/lanes/{lane.slug}/documents/nolo-blog/tier/", {"tier": "statute"}
    )
    assert response.status_code == 302
    assert tier_counts(lane=lane)["statute"] == 1


def test_a_tier_outside_the_order_is_refused_with_a_message(curator, lane, documents):
    html = (
        signed_in(curator)
        .post(f"/lanes/{lane.slug}/documents/nolo-blog/tier/", {"tier": "statue"}, **HTMX)
        .content.decode()
    )
    assert "statue" in html and "Select a valid choice" in html
    assert (
        Document.objects.get(document_id="nolo-blog").authority["authority_tier"]
        == "secondary-blog"
    )


def test_a_reviewer_may_not_change_a_tier(reviewer, lane, documents):
    response = signed_in(reviewer).post(
        f"/lanes/{lane.slug}/documents/nolo-blog/tier/", {"tier": "statute"}
    )
    assert response.status_code == 403
    assert (
        Document.objects.get(document_id="nolo-blog").authority["authority_tier"]
        == "secondary-blog"
    )


def test_the_tier_service_names_the_unknown_tier_and_the_closest(lane, documents):
    from common.errors import ServiceError
    from curation.services.authority import document_tier_set

    document = Document.objects.get(document_id="nolo-blog")
    with pytest.raises(ServiceError) as error:
        document_tier_set(document=document, tier="statue", actor="t")
    assert "'statue'" in error.value.message and "did you mean 'statute'" in error.value.message


def test_setting_the_same_tier_twice_writes_no_second_event(lane, documents):
    from curation.services.authority import document_tier_set

    document = Document.objects.get(document_id="nolo-blog")
    assert document_tier_set(document=document, tier="statute", actor="t") is not None
    assert document_tier_set(document=document, tier="statute", actor="t") is None

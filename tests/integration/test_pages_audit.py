"""Auditor pages: the log with filters, an event's before/after, chain status, the dashboard."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEvent
from curation.services.authority import document_tier_set
from curation.services.documents import document_ingest_text

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def history(lane: Any) -> None:
    document_ingest_text(
        lane=lane,
        document_id="nolo-blog",
        text="A blog about notice.",
        source_type="conversational",
        actor="carol",
    )
    from curation.models import Document

    document_tier_set(
        document=Document.objects.get(document_id="nolo-blog"), tier="statute", actor="carol"
    )


def test_auditors_and_admins_read_the_log_and_others_are_refused(
    auditor, admin, curator, reviewer, lane, history
):
    for user in (auditor, admin):
        html = signed_in(user).get("/audit/").content.decode()
        assert "authority.tier_change" in html and "secondary-blog → statute" in html
    for user in (curator, reviewer):
        assert signed_in(user).get("/audit/").status_code == 403
        assert signed_in(user).get("/audit/dashboard/").status_code == 403
    assert Client().get("/audit/").status_code == 302


def test_the_log_filters_by_action_actor_and_document(auditor, lane, history):
    client = signed_in(auditor)
    html = client.get("/audit/?action=document.ingest").content.decode()
    assert "document.ingest" in html and "secondary-blog → statute" not in html
    html = client.get("/audit/?actor=nobody").content.decode()
    assert "No events match" in html
    html = client.get("/audit/?document_id=nolo-blog&lane=ca-housing").content.decode()
    assert "2 events" in html


def test_a_bad_date_is_reported_beside_its_field(auditor, lane, history):
    response = signed_in(auditor).get("/audit/?since=yesterday")
    assert response.status_code == 400
    assert 'id="e-since"' in response.content.decode()


def test_the_export_links_carry_the_filters(auditor, lane, history):
    html = signed_in(auditor).get("/audit/?action=document.ingest&actor=carol").content.decode()
    assert "/api/audit/export.csv?action=document.ingest&amp;actor=carol" in html
    assert "/api/audit/export.jsonl?action=document.ingest&amp;actor=carol" in html


def test_the_log_can_show_only_the_events_a_csv_wrote(auditor, lane, history):
    event = AuditEvent.objects.get(action="authority.tier_change")
    html = signed_in(auditor).get(f"/audit/?ids={event.pk}").content.decode()
    assert "1 event" in html
    assert signed_in(auditor).get("/audit/?ids=1,x").status_code == 400


def test_an_event_page_shows_before_and_after(auditor, lane, history):
    event = AuditEvent.objects.get(action="authority.tier_change")
    html = signed_in(auditor).get(f"/audit/events/{event.pk}/").content.decode()
    assert "Before and after" in html and "changed" in html and event.hash in html


def test_an_auditor_of_another_lane_does_not_see_these_events(outsider, lane, history):
    event = AuditEvent.objects.get(action="authority.tier_change")
    assert signed_in(outsider).get(f"/audit/events/{event.pk}/").status_code == 404
    assert "nolo-blog" not in signed_in(outsider).get("/audit/").content.decode()


def test_the_chain_status_says_intact(auditor, lane, history):
    html = signed_in(auditor).get("/audit/chain/").content.decode()
    assert "intact" in html
    fragment = signed_in(auditor).get("/audit/chain/", HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment and "intact" in fragment


def test_the_dashboard_draws_svg_without_scripts_or_external_requests(auditor, lane, history):
    html = signed_in(auditor).get("/audit/dashboard/").content.decode()
    assert "<svg" in html and "statute: 1" in html
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html


def test_a_long_log_pages_with_links_that_keep_the_filters(auditor, lane):
    from django.db import transaction

    from audit.services import audit_record

    with transaction.atomic():
        for n in range(55):
            audit_record(
                actor="carol", action="lane.policy_change", lane=lane.slug, details={"n": n}
            )
    html = signed_in(auditor).get("/audit/?actor=carol").content.decode()
    assert "Page 1 of 2" in html
    assert 'rel="next"' in html and "Older ›" in html and "actor=carol" in html
    second = signed_in(auditor).get("/audit/?actor=carol&page=2").content.decode()
    assert "Page 2 of 2" in second and "‹ Newer" in second


def reviewed(lane: Any, verdict: str, days_ago: int) -> None:
    """A stored answer a reviewer judged ``days_ago`` days ago, through the review service."""
    import datetime as dt

    from django.utils import timezone

    from answers.models import Answer
    from answers.services import answer_review

    answer = Answer.objects.create(lane=lane, question="q?", mode="normal", status="answered")
    answer_review(answer=answer, verdict=verdict, note="", actor="rita")
    when = timezone.now() - dt.timedelta(days=days_ago)
    Answer.objects.filter(pk=answer.pk).update(reviewed_at=when)


def test_the_dashboard_charts_flagged_and_approved_answers_per_day_of_review(
    auditor, lane, other_lane, django_assert_max_num_queries
):
    import datetime as dt

    from django.utils import timezone

    for verdict, days_ago in [("flag", 0), ("flag", 0), ("approve", 0), ("flag", 3)]:
        reviewed(lane, verdict, days_ago)
    reviewed(lane, "flag", 20)  # outside the 14 days
    reviewed(other_lane, "flag", 0)  # a lane this auditor does not audit
    client = signed_in(auditor)
    client.get("/audit/dashboard/")  # warm the session and caches
    with django_assert_max_num_queries(8):
        html = client.get("/audit/dashboard/").content.decode()
    chart = html[html.index('id="flag-h"') : html.index('id="rev-h"')]
    today = timezone.now().date()
    earlier = today - dt.timedelta(days=3)
    assert "3 answers flagged and 1 approved" in chart
    assert "<svg" in chart and 'aria-labelledby="flag-title flag-desc"' in chart
    desc = chart[chart.index('<desc id="flag-desc">') : chart.index("</desc>")]
    assert f"{earlier:%b} {earlier.day}: 1 flagged, 0 approved." in desc
    assert f"{today:%b} {today.day}: 2 flagged, 1 approved." in desc
    assert desc.count("flagged") == 2  # only the days with reviews, in this auditor's lanes
    assert f"<title>{today:%b} {today.day}: 2 flagged</title>" in chart
    assert f"<title>{today:%b} {today.day}: 1 approved</title>" in chart
    assert 'fill="url(#hatch-flag)"' in chart  # flagged bars are hatched, not colour alone
    assert "https://" not in chart

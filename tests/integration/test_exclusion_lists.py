"""A statement that leaves out the cases a list names ("This section does not apply to the
following:" and one item per line) excludes each of them, end to end through the API, and
``manage.py rescope`` gives documents stored before that reading its statements
(docs/design.md#applicability). The lane has an empty vocabulary: the list's own words decide."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from audit.models import AuditEvent
from citenexus.domain.carried import LIST_MARK, retrieval_scope
from curation.models import EvidenceUnit
from curation.services.rescope import ACTION, rescope_all
from tests.integration.test_lane_jurisdiction_api import ask, cited, load_csv, upload

pytestmark = pytest.mark.django_db

HEAD = "This section does not apply to the following:"
RULE = (
    "Section 9. Ending a tenancy after a year\n\n"
    "(a) After a tenant has lived in a dwelling for 12 months, the owner shall give the tenant "
    "written notice at least 60 days before the tenancy ends.\n\n"
    f"(b) {HEAD}\n"
    "(1) Transient and tourist hotel occupancy.\n"
    "(2) Housing in a licensed care facility.\n"
    "(3) A single-family home that is not owned by a corporation or a trust, where the tenant "
    "was told of the exemption.\n\n"
    "(c) A local ordinance that gives tenants more protection remains in effect.\n"
)
CARE_QUESTION = (
    "I have lived in a licensed care facility for two years. How many days of notice must the "
    "owner give before my stay ends?"
)
CORPORATE_QUESTION = (
    "I have rented a single-family home owned by a corporation for two years. How many days of "
    "notice must the owner give before the tenancy ends?"
)


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


@pytest.fixture
def statute(api: Any, curator: Any, lane: Any, run: Any) -> Any:
    client = api(curator)
    upload(client, lane, "section-9", RULE, run)
    load_csv(client, lane, "section-9,controlling-statute,1,Section 9\n")
    return lane


def test_every_unit_of_the_section_carries_the_list_with_its_items(statute: Any) -> None:
    scopes = set(
        EvidenceUnit.objects.filter(document__document_id="section-9").values_list(
            "scope", flat=True
        )
    )
    assert scopes == {
        f"{HEAD}\n{LIST_MARK}Transient and tourist hotel occupancy; Housing in a licensed care "
        "facility; A single-family home that is not owned by a corporation or a trust, where the "
        "tenant was told of the exemption"
    }


def test_a_question_naming_a_listed_case_is_refused_quoting_the_item(
    api: Any, reviewer: Any, statute: Any
) -> None:
    body = ask(api(reviewer), CARE_QUESTION)
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "not_applicable"
    assert cited(body) == set()
    reasons = {row["document_id"]: row["reason"] for row in body["evidence"]["inapplicable"]}
    assert "Housing in a licensed care facility" in reasons["section-9"], reasons


def test_a_case_the_list_qualifies_away_is_still_answered(
    api: Any, reviewer: Any, statute: Any
) -> None:
    # "not owned by a corporation" qualifies the listed home: a corporate owner's home is not
    # left out, so naming a corporation must not exclude the rule.
    body = ask(api(reviewer), CORPORATE_QUESTION)
    assert body["status"] == "answered", body["refusal"]
    assert cited(body) == {"section-9"}
    assert not body["evidence"]["inapplicable"]
    assert any("60 days" in c["text"] for c in body["claims"] if c["status"] != "dropped")


def test_rescope_gives_stored_units_the_statements_read_now(statute: Any) -> None:
    units = EvidenceUnit.objects.filter(document__document_id="section-9")
    read_now = dict(units.values_list("pk", "scope"))
    # As an earlier reading stored them: the statement without its items.
    for unit in units:
        unit.scope = retrieval_scope(unit.scope)
        unit.save(update_fields=["scope"])
    assert set(units.values_list("scope", flat=True)) == {HEAD}
    vectors = dict(units.values_list("pk", "embedding"))

    report = rescope_all(actor="cli:ops", lane_slug=statute.slug)

    assert dict(units.values_list("pk", "scope")) == read_now
    assert report.documents == 1 and report.units_changed == len(read_now)
    # Retrieval reads a list's statement without its items: no vector changes.
    assert report.units_reembedded == 0
    assert {pk: list(v) for pk, v in units.values_list("pk", "embedding")} == {
        pk: list(v) for pk, v in vectors.items()
    }
    event = AuditEvent.objects.filter(action=ACTION).latest("pk")
    assert event.actor == "cli:ops" and event.details["units_changed"] == len(read_now)
    # A second run finds nothing to change.
    assert rescope_all(actor="cli:ops").units_changed == 0


def test_rescope_leaves_a_document_cut_another_way_for_a_reingest(
    statute: Any, settings: Any
) -> None:
    before = dict(EvidenceUnit.objects.values_list("pk", "scope"))
    settings.CITENEXUS_UNIT_CHARS, settings.CITENEXUS_UNIT_OVERLAP = 80, 20
    out = StringIO()
    call_command("rescope", "--lane", statute.slug, stdout=out)
    assert (
        "needs a re-ingest (units would be cut differently): ca-housing/section-9" in out.getvalue()
    )
    assert "0 units with new statements" in out.getvalue()
    assert dict(EvidenceUnit.objects.values_list("pk", "scope")) == before


def test_the_document_page_shows_a_list_s_items_on_their_own_line(
    reviewer: Any, statute: Any
) -> None:
    from django.test import Client

    client = Client()
    client.force_login(reviewer)
    html = client.get(f"/lanes/{statute.slug}/documents/section-9/").content.decode()
    assert f"{HEAD}<br>{LIST_MARK}Transient and tourist hotel occupancy;" in html


def test_rescope_names_an_unknown_lane_and_changes_nothing(statute: Any) -> None:
    from django.core.management.base import CommandError

    events = AuditEvent.objects.count()
    with pytest.raises(CommandError, match="no lane with the slug 'nowhere'"):
        call_command("rescope", "--lane", "nowhere", stdout=StringIO())
    assert AuditEvent.objects.count() == events

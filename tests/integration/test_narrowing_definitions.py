"""A question about a case the definition of a source's scope term leaves out is not answered
from that source: end to end through the API, with the definition in another document of the
lane, for a new version that drops the exclusion, and for documents stored before the reading
(``manage.py rescope``, the migration) (docs/design.md#applicability)."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from curation.models import Document
from curation.services.lanes import lane_update
from curation.services.rescope import rescope_all
from tests.integration.test_lane_jurisdiction_api import ask, cited, upload

pytestmark = pytest.mark.django_db

VOCABULARY = {
    "scope_terms": {
        "person": {"member": ["member", "club member"], "worker": ["worker", "staff member"]}
    }
}
DEFINITIONS = """Section 2. Definitions.

(1) "Member" means an individual who joins the club for personal use. The term does not include
an individual acting as an employee, volunteer, or contractor of the club.

(2) "Club" means a fitness club open to the public.
"""
RULE = """Section 5. Records of members.

(a) A club shall delete a member's records within 30 days after the member asks it to.
"""
CONTRACTOR = (
    "I work as a contractor of the club. How many days does the club have to delete my records "
    "after I ask?"
)
PLAIN = "How many days does the club have to delete my records after I ask?"


@pytest.fixture
def run(django_capture_on_commit_callbacks: Any) -> Any:
    return django_capture_on_commit_callbacks


@pytest.fixture
def club_lane(api: Any, curator: Any, lane: Any, run: Any) -> Any:
    lane_update(actor="setup", lane=lane, vocabulary=VOCABULARY)
    client = api(curator)
    tier = {"authority_tier": "controlling-statute", "authority_rank": "1"}
    upload(client, lane, "definitions-2", DEFINITIONS, run, **tier)
    upload(client, lane, "records-5", RULE, run, scope="member", **tier)
    return lane


def test_the_definition_is_stored_with_its_document(club_lane: Any) -> None:
    assert Document.objects.get(document_id="definitions-2").narrowed_terms == {
        "member": "an individual acting as an employee, volunteer, or contractor of the club"
    }
    assert Document.objects.get(document_id="records-5").narrowed_terms == {}


def test_a_case_the_definition_leaves_out_is_refused_naming_the_definition(
    api: Any, reviewer: Any, club_lane: Any
) -> None:
    body = ask(api(reviewer), CONTRACTOR)
    assert body["status"] == "refused", body["text"]
    assert body["refusal"]["code"] == "not_applicable"
    assert cited(body) == set()
    reasons = {row["document_id"]: row["reason"] for row in body["evidence"]["inapplicable"]}
    assert reasons["records-5"].startswith(
        "the question concerns contractor of the club; this source applies to member, and the "
        "definition of \u201cmember\u201d does not include it"
    ), reasons


def test_a_question_about_no_left_out_case_is_answered(
    api: Any, reviewer: Any, club_lane: Any
) -> None:
    body = ask(api(reviewer), PLAIN)
    assert body["status"] == "answered", body["refusal"]
    assert cited(body) == {"records-5"}
    assert "30 days" in body["text"]


def test_a_definition_below_the_floor_or_of_another_place_narrows_nothing(
    api: Any, curator: Any, reviewer: Any, club_lane: Any, run: Any
) -> None:
    client = api(curator)
    for meta in ({"authority_tier": "secondary-blog"}, {"jurisdiction": "TX"}):
        upload(client, club_lane, "definitions-2", DEFINITIONS + "\n", run, **meta)
        body = ask(api(reviewer), CONTRACTOR)
        assert body["status"] == "answered", (meta, body["refusal"])
        assert cited(body) == {"records-5"}
        stored = Document.objects.get(document_id="definitions-2")
        stored.authority = {"authority_tier": "controlling-statute"}  # back to the law's tier
        stored.save(update_fields=["authority"])
    assert ask(api(reviewer), CONTRACTOR)["refusal"]["code"] == "not_applicable"


def test_a_new_version_without_the_exclusion_answers_again(
    api: Any, curator: Any, reviewer: Any, club_lane: Any, run: Any
) -> None:
    plain = DEFINITIONS.replace(
        " The term does not include\nan individual acting as an employee, volunteer, or "
        "contractor of the club.",
        "",
    )
    upload(api(curator), club_lane, "definitions-2", plain, run)
    assert Document.objects.get(document_id="definitions-2").narrowed_terms == {}
    assert ask(api(reviewer), CONTRACTOR)["status"] == "answered"


def test_rescope_reads_the_definitions_of_documents_stored_before(
    api: Any, reviewer: Any, club_lane: Any
) -> None:
    Document.objects.update(narrowed_terms={})  # as a release before this reading stored them
    assert ask(api(reviewer), CONTRACTOR)["status"] == "answered"
    out = StringIO()
    call_command("rescope", stdout=out)
    assert "1 documents with definitions read anew" in out.getvalue()  # the one defining a term
    assert rescope_all(actor="test").definitions_changed == 0  # read already
    assert Document.objects.get(document_id="definitions-2").narrowed_terms
    assert ask(api(reviewer), CONTRACTOR)["refusal"]["code"] == "not_applicable"


def test_the_document_page_shows_what_its_definitions_leave_out(
    client: Any, reviewer: Any, club_lane: Any
) -> None:
    client.force_login(reviewer)
    page = client.get(f"/lanes/{club_lane.slug}/documents/definitions-2/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Definitions that leave cases out" in html
    assert "does not include an individual acting as an employee, volunteer, or contractor" in html
    other = client.get(f"/lanes/{club_lane.slug}/documents/records-5/").content.decode()
    assert "Definitions that leave cases out" not in other


def test_the_document_api_gives_what_its_definitions_leave_out(
    api: Any, reviewer: Any, club_lane: Any
) -> None:
    client = api(reviewer)
    body = client.get(f"/api/lanes/{club_lane.slug}/documents/definitions-2/").json()
    assert body["narrowed_terms"] == {
        "member": "an individual acting as an employee, volunteer, or contractor of the club"
    }
    other = client.get(f"/api/lanes/{club_lane.slug}/documents/records-5/").json()
    assert other["narrowed_terms"] == {}


def test_the_lane_settings_page_lists_the_definitions_and_the_value_each_narrows(
    client: Any, admin: Any, club_lane: Any, api: Any, curator: Any, run: Any
) -> None:
    client.force_login(admin)
    html = client.get(f"/lanes/{club_lane.slug}/settings/").content.decode()
    assert "Definitions from this lane" in html
    assert "an individual acting as an employee, volunteer, or contractor of the club" in html
    assert "<code>member</code>" in html
    # A definition below the floor is not the lane's law: not listed.
    upload(
        api(curator),
        club_lane,
        "definitions-2",
        DEFINITIONS + "\n",
        run,
        authority_tier="secondary-blog",
    )
    html = client.get(f"/lanes/{club_lane.slug}/settings/").content.decode()
    assert "contractor of the club" not in html
    assert "None: no document of the lane" in html

"""A lane's vocabulary (docs/design.md#lane-vocabulary): edited by admins through the API and
the settings page, validated at save (nothing saved when it is refused), audited, shown to
members, and kept in every answer's policy snapshot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEvent
from citenexus.domain.vocabulary import (
    ERR_BAD_PHRASE,
    ERR_BAD_WORD,
    ERR_NOT_LIST,
    ERR_UNKNOWN_KEY,
    KEYS,
    MAX_PHRASE_CHARS,
)
from common.errors import ServiceError
from curation.models import Lane
from curation.services.documents import document_ingest_text
from curation.services.examples import example_lane_load
from curation.services.lanes import lane_update
from curation.views.vocabulary_forms import ERR_PAIR_LINE, SHAPE_SYNONYM

pytestmark = pytest.mark.django_db

WAGES = {
    "parties": ["Employer", " employee "],
    "synonyms": {"Boss": "employer"},
    "scope_terms": {"sector": {"public": ["Public  Sector"], "private": ["private sector"]}},
    "status_phrases": ["been   employed"],
    "value_idioms": ["Wages"],
}
WAGES_NORMAL = {
    "parties": ["employer", "employee"],
    "synonyms": {"boss": "employer"},
    "scope_terms": {"sector": {"public": ["public sector"], "private": ["private sector"]}},
    "jurisdictions": {},
    "status_phrases": ["been employed"],
    "value_idioms": ["wages"],
}


def patch(client: Any, lane: Any, body: dict[str, Any]) -> Any:
    return client.patch(f"/api/lanes/{lane.slug}/", body, format="json")


def changes(lane: Any) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(action="lane.policy_change", lane=lane.slug))


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- API --------------------------------------------------------------------------------------


def test_a_new_lane_has_an_empty_vocabulary_in_the_api(api: Any, admin: Any, lane: Any) -> None:
    body = api(admin).get(f"/api/lanes/{lane.slug}/").json()
    assert body["vocabulary"] == {}


def test_an_admin_patches_the_vocabulary_and_it_is_stored_normalised_and_audited(
    api: Any, admin: Any, lane: Any
) -> None:
    response = patch(api(admin), lane, {"vocabulary": WAGES})
    assert response.status_code == 200, response.json()
    assert response.json()["vocabulary"] == WAGES_NORMAL
    lane.refresh_from_db()
    assert lane.vocabulary == WAGES_NORMAL
    assert api(admin).get(f"/api/lanes/{lane.slug}/").json()["vocabulary"] == WAGES_NORMAL
    [event] = changes(lane)
    assert event.actor == "admin"
    assert event.details["before"]["vocabulary"] == {}
    assert event.details["after"]["vocabulary"] == WAGES_NORMAL
    assert event.details["after"]["tier_order"] == lane.tier_order  # the same policy snapshot


def test_the_same_vocabulary_spelled_differently_is_no_change(
    api: Any, admin: Any, lane: Any
) -> None:
    assert patch(api(admin), lane, {"vocabulary": WAGES}).status_code == 200
    assert patch(api(admin), lane, {"vocabulary": WAGES_NORMAL}).status_code == 200
    assert len(changes(lane)) == 1


@pytest.mark.parametrize("empty", [None, {}, {"parties": []}])
def test_an_empty_vocabulary_clears_it_and_is_stored_as_an_empty_object(
    api: Any, admin: Any, lane: Any, empty: Any
) -> None:
    lane_update(actor="setup", lane=lane, vocabulary=WAGES)
    response = patch(api(admin), lane, {"vocabulary": empty})
    assert response.status_code == 200, response.json()
    lane.refresh_from_db()
    assert lane.vocabulary == {}
    assert changes(lane)[-1].details["before"]["vocabulary"] == WAGES_NORMAL
    assert changes(lane)[-1].details["after"]["vocabulary"] == {}


@pytest.mark.parametrize(
    ("vocabulary", "message"),
    [
        (
            {"parties": ["employer"], "partys": ["x"]},
            ERR_UNKNOWN_KEY.format(key="partys", keys=", ".join(KEYS)),
        ),
        ({"parties": "employer"}, ERR_NOT_LIST.format(where="parties")),
        (
            {"status_phrases": ["(been)+ employed"]},
            ERR_BAD_PHRASE.format(
                where="status_phrases", value="(been)+ employed", max=MAX_PHRASE_CHARS
            ),
        ),
        (
            {"value_idioms": ["weekly pay"]},
            ERR_BAD_WORD.format(where="value_idioms", value="weekly pay"),
        ),
    ],
    ids=["unknown-key", "not-a-list", "bad-phrase", "not-one-word"],
)
def test_a_bad_vocabulary_is_refused_naming_the_entry_and_nothing_is_saved(
    api: Any, admin: Any, lane: Any, vocabulary: Any, message: str
) -> None:
    lane_update(actor="setup", lane=lane, vocabulary=WAGES)
    before = Lane.objects.get(pk=lane.pk)
    audited = AuditEvent.objects.count()
    response = patch(api(admin), lane, {"vocabulary": vocabulary, "jurisdiction": "NV"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_vocabulary"
    assert error["message"] == message
    assert error["details"]["field"] == "vocabulary"
    after = Lane.objects.get(pk=lane.pk)
    assert after.vocabulary == WAGES_NORMAL
    assert after.jurisdiction == before.jurisdiction == "CA"
    assert after.updated_at == before.updated_at
    assert AuditEvent.objects.count() == audited


@pytest.mark.parametrize("body", ["parties", ["parties"], 7])
def test_a_vocabulary_that_is_not_an_object_is_a_400(
    api: Any, admin: Any, lane: Any, body: Any
) -> None:
    response = patch(api(admin), lane, {"vocabulary": body})
    assert response.status_code == 400
    assert response.json()["error"]["details"]["field"] == "vocabulary"


@pytest.mark.parametrize("who", ["curator", "reviewer", "auditor"])
def test_only_admins_may_patch_the_vocabulary(api: Any, request: Any, lane: Any, who: str) -> None:
    user = request.getfixturevalue(who)
    response = patch(api(user), lane, {"vocabulary": WAGES})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "forbidden"
    lane.refresh_from_db()
    assert lane.vocabulary == {}
    assert not changes(lane)


def test_an_outsider_cannot_see_or_patch_the_vocabulary(api: Any, outsider: Any, lane: Any) -> None:
    assert api(outsider).get(f"/api/lanes/{lane.slug}/").status_code == 404
    assert patch(api(outsider), lane, {"vocabulary": WAGES}).status_code == 404


def test_every_member_reads_the_vocabulary(api: Any, reviewer: Any, lane: Any) -> None:
    lane_update(actor="setup", lane=lane, vocabulary=WAGES)
    assert api(reviewer).get(f"/api/lanes/{lane.slug}/").json()["vocabulary"] == WAGES_NORMAL


def test_a_lane_is_created_with_a_vocabulary(api: Any, make_user: Any) -> None:
    boss = make_user("boss", "admin")
    body = {"slug": "wa-wages", "name": "Washington wages", "vocabulary": WAGES}
    response = api(boss).post("/api/lanes/", body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["vocabulary"] == WAGES_NORMAL
    event = AuditEvent.objects.get(action="lane.create", lane="wa-wages")
    assert event.details["after"]["vocabulary"] == WAGES_NORMAL


def test_a_lane_with_a_bad_vocabulary_is_not_created(api: Any, make_user: Any) -> None:
    boss = make_user("boss", "admin")
    body = {"slug": "wa-wages", "name": "Washington wages", "vocabulary": {"parties": [3]}}
    response = api(boss).post("/api/lanes/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"]["field"] == "vocabulary"
    assert not Lane.objects.filter(slug="wa-wages").exists()
    assert not AuditEvent.objects.filter(lane="wa-wages").exists()


def test_the_openapi_schema_describes_the_vocabulary() -> None:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    field = schema["components"]["schemas"]["Lane"]["properties"]["vocabulary"]
    assert set(field["properties"]) == set(KEYS)
    assert field["additionalProperties"] is False


# --- the settings page ------------------------------------------------------------------------

PAGE_FORM = {
    "section": "vocabulary",
    "parties": "Employer, employee",
    "synonyms": "Boss = employer\n\nworker = employee",
    "scope_terms": "sector / public = public sector, government\nsector / private = private sector",
    "jurisdictions": "wa = Washington, Washington State",
    "status_phrases": "been employed\n* year contract",
    "value_idioms": "wages, pay",
}
PAGE_FORM_NORMAL = {
    "parties": ["employer", "employee"],
    "synonyms": {"boss": "employer", "worker": "employee"},
    "scope_terms": {
        "sector": {"public": ["public sector", "government"], "private": ["private sector"]}
    },
    "jurisdictions": {"WA": ["washington", "washington state"]},
    "status_phrases": ["been employed", "* year contract"],
    "value_idioms": ["wages", "pay"],
}


def test_the_settings_page_shows_the_vocabulary_editor_with_its_help(admin: Any, lane: Any) -> None:
    lane_update(actor="setup", lane=lane, vocabulary=PAGE_FORM_NORMAL)
    page = signed_in(admin).get(f"/lanes/{lane.slug}/settings/").content.decode()
    assert 'id="vocabulary"' in page
    assert "Example: boss = employer" in page
    assert "sector / public = public sector, government" in page  # the stored value, as lines
    assert "WA = washington, washington state" in page


def test_the_settings_page_saves_the_vocabulary_and_reads_it_back(admin: Any, lane: Any) -> None:
    client = signed_in(admin)
    response = client.post(f"/lanes/{lane.slug}/settings/", PAGE_FORM)
    assert response.status_code == 302
    assert response["Location"].endswith("#vocabulary")
    lane.refresh_from_db()
    assert lane.vocabulary == PAGE_FORM_NORMAL
    [event] = changes(lane)
    assert event.actor == "admin"
    assert event.details["after"]["vocabulary"] == PAGE_FORM_NORMAL
    # Saving the page as it reads back changes nothing.
    page = client.get(f"/lanes/{lane.slug}/settings/")
    form = page.context["vocabulary_form"]
    again = client.post(f"/lanes/{lane.slug}/settings/", {"section": "vocabulary", **form.initial})
    assert again.status_code == 302
    lane.refresh_from_db()
    assert lane.vocabulary == PAGE_FORM_NORMAL
    assert len(changes(lane)) == 1


def test_emptying_every_box_clears_the_vocabulary(admin: Any, lane: Any) -> None:
    lane_update(actor="setup", lane=lane, vocabulary=PAGE_FORM_NORMAL)
    empty = {key: "" for key in PAGE_FORM} | {"section": "vocabulary"}
    assert signed_in(admin).post(f"/lanes/{lane.slug}/settings/", empty).status_code == 302
    lane.refresh_from_db()
    assert lane.vocabulary == {}


def test_a_refused_word_is_shown_beside_its_box_and_the_input_is_kept(
    admin: Any, lane: Any
) -> None:
    bad = {**PAGE_FORM, "value_idioms": "wages, weekly pay"}
    response = signed_in(admin).post(f"/lanes/{lane.slug}/settings/", bad)
    assert response.status_code == 400
    form = response.context["vocabulary_form"]
    message = ERR_BAD_WORD.format(where="value_idioms", value="weekly pay")
    assert form.errors == {"value_idioms": [message]}
    page = response.content.decode()
    assert 'id="id_value_idioms_error"' in page
    assert "wages, weekly pay" in page  # what the admin typed, kept
    assert "worker = employee" in page
    lane.refresh_from_db()
    assert lane.vocabulary == {}
    assert not changes(lane)


def test_a_line_without_an_equals_sign_is_refused_naming_the_line(admin: Any, lane: Any) -> None:
    bad = {**PAGE_FORM, "synonyms": "boss = employer\nworker employee"}
    response = signed_in(admin).post(f"/lanes/{lane.slug}/settings/", bad)
    assert response.status_code == 400
    errors = response.context["vocabulary_form"].errors
    assert errors == {"synonyms": [ERR_PAIR_LINE.format(line=2, shape=SHAPE_SYNONYM)]}
    lane.refresh_from_db()
    assert lane.vocabulary == {}


def test_a_scope_dimension_with_one_value_is_refused_beside_the_scope_box(
    admin: Any, lane: Any
) -> None:
    bad = {**PAGE_FORM, "scope_terms": "sector / public = public sector"}
    response = signed_in(admin).post(f"/lanes/{lane.slug}/settings/", bad)
    assert response.status_code == 400
    errors = response.context["vocabulary_form"].errors
    assert list(errors) == ["scope_terms"]
    assert "vocabulary.scope_terms.sector" in errors["scope_terms"][0]


@pytest.mark.parametrize("who", ["curator", "reviewer", "auditor"])
def test_only_admins_may_post_the_vocabulary_form(request: Any, lane: Any, who: str) -> None:
    user = request.getfixturevalue(who)
    response = signed_in(user).post(f"/lanes/{lane.slug}/settings/", PAGE_FORM)
    assert response.status_code == 403
    lane.refresh_from_db()
    assert lane.vocabulary == {}


def test_members_read_the_vocabulary_on_the_lane_page(reviewer: Any, admin: Any, lane: Any) -> None:
    lane_update(actor="setup", lane=lane, vocabulary=PAGE_FORM_NORMAL)
    page = signed_in(reviewer).get(f"/lanes/{lane.slug}/").content.decode()
    assert "Vocabulary of this lane" in page
    assert "boss = employer; worker = employee" in page
    assert "Edit the vocabulary" not in page
    assert "Edit the vocabulary" in signed_in(admin).get(f"/lanes/{lane.slug}/").content.decode()


def test_the_lane_page_says_nothing_of_an_empty_vocabulary(reviewer: Any, lane: Any) -> None:
    page = signed_in(reviewer).get(f"/lanes/{lane.slug}/").content.decode()
    assert "Vocabulary of this lane" not in page


# --- asking and loading -----------------------------------------------------------------------

WAGE_RULE = (
    "Section 49.48. Final pay\n\n"
    "(a) When an employee leaves, the employer shall pay all wages owed within 7 days."
)


def test_an_answer_keeps_the_lane_vocabulary_in_its_policy_snapshot(
    api: Any, admin: Any, reviewer: Any, lane: Any
) -> None:
    document_ingest_text(
        lane=lane,
        document_id="wa-49-48",
        text=WAGE_RULE,
        source_type="documentary",
        actor="setup",
        authority={"authority_tier": "controlling-statute"},
        may_assert=True,
    )
    assert patch(api(admin), lane, {"vocabulary": WAGES}).status_code == 200
    question = {"lane": lane.slug, "question": "How many days does my boss have to pay wages?"}
    asked = api(reviewer).post("/api/ask/", question, format="json")
    assert asked.status_code == 200, asked.json()
    stored = api(reviewer).get(f"/api/answers/{asked.json()['id']}/").json()
    assert stored["policy"]["vocabulary"] == WAGES_NORMAL
    segments = [{"text": "The employer pays within 7 days.", "citations": []}]
    verified = api(reviewer).post("/api/verify/", {**question, "segments": segments}, format="json")
    assert verified.status_code == 200, verified.json()
    stored = api(reviewer).get(f"/api/answers/{verified.json()['id']}/").json()
    assert stored["policy"]["vocabulary"] == WAGES_NORMAL


def _example(tmp_path: Path, **config: Any) -> Path:
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "wa-49-48.txt").write_text(WAGE_RULE, encoding="utf-8")
    lane_json = {"slug": "wa-wages", "name": "Washington wages", "jurisdiction": "WA", **config}
    (tmp_path / "lane.json").write_text(json.dumps(lane_json), encoding="utf-8")
    return tmp_path


def test_an_example_lane_loads_its_vocabulary_normalised(tmp_path: Path) -> None:
    lane, counts = example_lane_load(folder=_example(tmp_path, vocabulary=WAGES), actor="test")
    assert lane.vocabulary == WAGES_NORMAL
    assert Lane.objects.get(slug="wa-wages").vocabulary == WAGES_NORMAL
    assert sum(counts.values()) == 1


def test_an_example_lane_without_a_vocabulary_has_an_empty_one(tmp_path: Path) -> None:
    lane, _ = example_lane_load(folder=_example(tmp_path, vocabulary=None), actor="test")
    assert lane.vocabulary == {}


def test_an_example_lane_with_a_bad_vocabulary_is_refused_and_not_created(
    tmp_path: Path,
) -> None:
    folder = _example(tmp_path, vocabulary={"parties": "employer"})
    with pytest.raises(ServiceError) as caught:
        example_lane_load(folder=folder, actor="test")
    assert caught.value.message == ERR_NOT_LIST.format(where="parties")
    assert not Lane.objects.filter(slug="wa-wages").exists()

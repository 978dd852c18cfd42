"""The evaluation pages (docs/design.md#evaluation-runs): the lane's Evaluations tab with its
chart, a run's filterable table, the diff page, and the what-if from the lane settings page,
which saves nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from answers.models import Answer
from audit.models import AuditEvent
from curation.models import Document, Lane
from curation.services.lanes import lane_update
from evaluations.models import EvaluationRun, GoldenSet
from tests.conftest import LEGAL_ORDER
from tests.support.evaluation import GOLDEN_CSV, PETS_Q, SIMPLE_CSV, ingest_corpus

pytestmark = pytest.mark.django_db

HIGHEST_FIRST = list(reversed(LEGAL_ORDER))


@pytest.fixture
def corpus(lane: Any) -> Any:
    return ingest_corpus(lane)


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def upload_page(client: Client, text: str, modes: tuple[str, ...] = ("strict",)) -> Any:
    data = {"file": SimpleUploadedFile("golden.csv", text.encode()), "modes": list(modes)}
    return client.post("/lanes/ca-housing/evaluations/", data)


def tier_form(**changes: Any) -> dict[str, Any]:
    """The lane settings page's tier editor as posted: rows highest first, the floor, mode."""
    form = {
        "section": "tiers",
        "original": HIGHEST_FIRST,
        "name": HIGHEST_FIRST,
        "minimum_tier": "general-statute",
        "profile": "ordered.v1",
        "default_mode": "strict",
        "jurisdiction": "CA",
        "what_if_mode": "strict",
    }
    form.update(changes)
    return form


def test_the_evaluations_tab_draws_headline_numbers_over_time_without_inline_script(
    curator: Any, corpus: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(client, GOLDEN_CSV)
        upload_page(client, SIMPLE_CSV, ("strict", "normal"))
    page = client.get("/lanes/ca-housing/evaluations/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'href="/lanes/ca-housing/evaluations/"' in html  # the lane's tab
    assert html.count("<polyline") == 3 and "series-value" in html
    assert "expected value stated 100%" in html  # each point says its number
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html))
    first, second = EvaluationRun.objects.order_by("pk")
    # Runs are listed newest first, each with a link to what changed since the one before.
    assert f'<a href="/evaluations/{first.pk}/diff/{second.pk}/">with #{first.pk}</a>' in html


def test_a_malformed_golden_set_is_refused_on_the_page_by_line_and_nothing_runs(
    curator: Any, corpus: Any
) -> None:
    response = upload_page(signed_in(curator), "question,expected,expect_decision\nQ?,,perhaps\n")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was run" in html
    assert re.search(r"<td class=\"num\">2</td><td>expect_decision is &#x27;perhaps&#x27;", html)
    assert not GoldenSet.objects.exists() and not EvaluationRun.objects.exists()
    nothing = signed_in(curator).post("/lanes/ca-housing/evaluations/", {"modes": ["strict"]})
    assert nothing.status_code == 400 and "This field is required." in nothing.content.decode()


def test_a_run_page_filters_outcomes_and_links_each_to_its_answer(
    curator: Any, corpus: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    with django_capture_on_commit_callbacks(execute=True):
        response = upload_page(client, GOLDEN_CSV, ("strict", "strict-floor-off"))
    assert response.status_code == 302
    run = EvaluationRun.objects.get()
    assert response["Location"] == f"/evaluations/{run.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "6 outcomes" in page and 'id="mode-numbers"' in page
    for answer in Answer.objects.filter(kind="evaluation"):
        assert f'href="/answers/{answer.pk}/"' in page
    # With the floor off, the blog answers the pets question: the one outcome not as expected.
    missed = client.get(f"/evaluations/{run.pk}/?expected=no").content.decode()
    assert "1 outcome" in missed and PETS_Q in missed and "strict-floor-off" in missed
    strict = client.get(f"/evaluations/{run.pk}/?mode=strict&category=below_floor")
    assert "1 outcome" in strict.content.decode()
    fragment = client.get(f"/evaluations/{run.pk}/?part=rows&expected=yes", HTTP_HX_REQUEST="true")
    assert fragment.content.decode().lstrip().startswith('<div id="outcomes">')
    assert "5 outcomes" in fragment.content.decode()
    # The curator may open an evaluation's answer, though not the lane's answer history.
    answer = Answer.objects.filter(kind="evaluation").first()
    assert client.get(f"/answers/{answer.pk}/").status_code == 200


def test_a_running_run_polls_its_progress_and_reloads_once_done(
    curator: Any, corpus: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        upload_page(client, GOLDEN_CSV)
    run = EvaluationRun.objects.get()
    page = client.get(f"/evaluations/{run.pk}/").content.decode()
    assert 'hx-trigger="every 1s"' in page and 'http-equiv="refresh"' in page
    part = client.get(f"/evaluations/{run.pk}/?part=progress", HTTP_HX_REQUEST="true")
    assert 'id="run-progress"' in part.content.decode() and "0 of 3" in part.content.decode()
    callbacks[0]()
    done = client.get(f"/evaluations/{run.pk}/?part=progress", HTTP_HX_REQUEST="true")
    assert done["HX-Refresh"] == "true"
    assert 'hx-trigger="every 1s"' not in client.get(f"/evaluations/{run.pk}/").content.decode()


def test_the_latest_golden_set_runs_again_from_the_tab(
    curator: Any, corpus: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(client, GOLDEN_CSV)
        golden = GoldenSet.objects.get()
        again = client.post(
            "/lanes/ca-housing/evaluations/", {"action": "rerun", "golden_set": golden.pk}
        )
    assert again.status_code == 302
    assert GoldenSet.objects.count() == 1
    assert [r.runs for r in EvaluationRun.objects.order_by("pk")] == [
        ["strict"],
        ["strict", "normal", "exploratory", "strict-floor-off"],
    ]


def test_running_again_needs_a_golden_set_and_a_job_link_leads_to_the_run(
    curator: Any, corpus: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    nothing = client.post("/lanes/ca-housing/evaluations/", {"action": "rerun"})
    assert nothing.status_code == 400
    assert "this lane has no golden set yet" in nothing.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(client, GOLDEN_CSV)
    run = EvaluationRun.objects.get()
    job = client.get(f"/jobs/{run.job_id}/")
    assert (job.status_code, job["Location"]) == (302, f"/evaluations/{run.pk}/")


def test_the_diff_page_shows_the_questions_that_changed_after_the_floor_did(
    curator: Any, corpus: Any, lane: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(client, GOLDEN_CSV)
    lane_update(actor="admin", lane=lane, minimum_tier="secondary-blog")
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(client, GOLDEN_CSV)
    first, second = EvaluationRun.objects.order_by("pk")
    html = client.get(f"/evaluations/{first.pk}/diff/{second.pk}/").content.decode()
    assert re.search(r"<strong>1</strong> question changed outcome, of 3", html)
    assert PETS_Q in html and "below_authority_floor" in html and "blog-pets" in html
    query = client.get(f"/lanes/ca-housing/evaluations/?before={first.pk}&after={second.pk}")
    assert query["Location"] == f"/evaluations/{first.pk}/diff/{second.pk}/"


def test_a_what_if_shows_which_questions_would_change_and_saves_nothing(
    admin: Any, curator: Any, corpus: Any, lane: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(signed_in(curator), GOLDEN_CSV)
    answers, saved = Answer.objects.count(), Lane.objects.get(pk=lane.pk).minimum_tier
    client = signed_in(admin)
    settings_page = client.get("/lanes/ca-housing/settings/").content.decode()
    assert 'formaction="/lanes/ca-housing/evaluations/what-if/"' in settings_page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/lanes/ca-housing/evaluations/what-if/",
            tier_form(minimum_tier="secondary-blog"),
            HTTP_HX_REQUEST="true",
        )
    assert response.status_code == 200
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="what-if-result"')
    assert 'hx-trigger="every 1s"' in fragment  # started, still to be computed
    what_if = EvaluationRun.objects.get(kind="what_if")
    done = client.get(f"/evaluations/{what_if.pk}/?part=what_if", HTTP_HX_REQUEST="true")
    html = done.content.decode()
    assert "Nothing was saved." in html
    assert re.search(r"<strong>1</strong> of 3 questions would change outcome", html)
    assert PETS_Q in html and "blog-pets" in html
    lane.refresh_from_db()
    assert (lane.minimum_tier, Answer.objects.count()) == (saved, answers)
    event = AuditEvent.objects.get(action="evaluation.what_if")
    assert (event.actor, event.lane, event.details["saved"]) == ("admin", "ca-housing", False)
    assert event.details["policy"]["minimum_tier"] == "secondary-blog"
    assert event.details["saved_policy"]["minimum_tier"] == "general-statute"
    assert not AuditEvent.objects.filter(action__startswith="lane.").exclude(actor="test").exists()
    # Without htmx the button posts the form to the what-if, which has a page of its own.
    with django_capture_on_commit_callbacks(execute=True):
        plain = client.post("/lanes/ca-housing/evaluations/what-if/", tier_form(minimum_tier=""))
    assert plain.status_code == 302
    page = client.get(plain["Location"]).content.decode()
    assert "Nothing was saved." in page and "would change outcome" in page


def test_a_what_if_ranks_a_renamed_tier_by_the_name_documents_still_carry(
    admin: Any, curator: Any, corpus: Any, lane: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(signed_in(curator), GOLDEN_CSV)
    names = ["blog" if n == "secondary-blog" else n for n in HIGHEST_FIRST]
    with django_capture_on_commit_callbacks(execute=True):
        signed_in(admin).post(
            "/lanes/ca-housing/evaluations/what-if/", tier_form(name=names, minimum_tier="blog")
        )
    what_if = EvaluationRun.objects.get(kind="what_if")
    assert what_if.policy["renames"] == {"secondary-blog": "blog"}
    assert what_if.policy["minimum_tier"] == "blog"
    pets = next(
        r for r in what_if.results.filter(side="") if r.question_id == "P1" and r.mode == "strict"
    )
    assert (pets.status, pets.cited_documents) == ("answered", ["blog-pets"])
    lane.refresh_from_db()
    assert "secondary-blog" in lane.tier_order
    blog = Document.objects.get(lane=lane, document_id="blog-pets")
    assert blog.authority["authority_tier"] == "secondary-blog"


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"minimum_tier": "no-such-tier"}, "Select a valid choice"),
        ({"profile": "default.v1"}, "a minimum tier needs the ordered.v1 profile"),
        ({"what_if_mode": "lenient"}, "what_if_mode"),
    ],
)
def test_a_what_if_of_a_policy_that_could_not_be_saved_runs_nothing(
    admin: Any,
    curator: Any,
    corpus: Any,
    django_capture_on_commit_callbacks: Any,
    changes: dict[str, str],
    problem: str,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(signed_in(curator), GOLDEN_CSV)
    client = signed_in(admin)
    response = client.post("/lanes/ca-housing/evaluations/what-if/", tier_form(**changes))
    assert response.status_code == 400
    assert problem in response.content.decode()
    fragment = client.post(
        "/lanes/ca-housing/evaluations/what-if/", tier_form(**changes), HTTP_HX_REQUEST="true"
    )
    assert "No what-if was run" in fragment.content.decode()
    assert not EvaluationRun.objects.filter(kind="what_if").exists()
    assert not AuditEvent.objects.filter(action="evaluation.what_if").exists()


def test_runs_and_what_ifs_from_the_pages_are_throttled(
    admin: Any, corpus: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CITENEXUS_THROTTLES = {"evaluate": {"user": "2/hour", "lane": "off"}}
    client = signed_in(admin)
    with django_capture_on_commit_callbacks(execute=True):
        assert upload_page(client, GOLDEN_CSV).status_code == 302
        assert client.post("/lanes/ca-housing/evaluations/what-if/", tier_form()).status_code == 302
    again = client.post("/lanes/ca-housing/evaluations/what-if/", tier_form())
    assert again.status_code == 429 and int(again["Retry-After"]) >= 1
    assert "too many evaluation requests from you" in again.content.decode()
    page = upload_page(client, GOLDEN_CSV)
    assert page.status_code == 429 and "too many evaluation requests" in page.content.decode()
    assert EvaluationRun.objects.count() == 2


def test_a_what_if_needs_a_golden_set_and_an_admin(admin: Any, curator: Any, corpus: Any) -> None:
    response = signed_in(admin).post("/lanes/ca-housing/evaluations/what-if/", tier_form())
    assert response.status_code == 400
    assert "no golden set yet" in response.content.decode()
    refused = signed_in(curator).post("/lanes/ca-housing/evaluations/what-if/", tier_form())
    assert refused.status_code == 403
    assert signed_in(admin).get("/lanes/ca-housing/evaluations/what-if/").status_code == 405


def mode_numbers(client: Client, run: EvaluationRun) -> str:
    """The run page's table of headline numbers per mode."""
    page = client.get(f"/evaluations/{run.pk}/").content.decode()
    table = re.search(r'<table class="table" id="mode-numbers">.*?</table>', page, re.S)
    assert table is not None
    return table.group(0)


def test_the_run_page_shows_the_value_from_an_expected_document_and_a_dash_for_older_runs(
    curator: Any, corpus: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = signed_in(curator)
    with django_capture_on_commit_callbacks(execute=True):
        upload_page(client, GOLDEN_CSV)
    run = EvaluationRun.objects.get()
    report = run.reports["strict"]
    numerator, denominator = report["fractions"]["expected_value_from_document_rate"]
    table = mode_numbers(client, run)
    assert '<th scope="col">from an expected document</th>' in table
    assert f"({numerator}/{denominator})" in table
    # A run stored before the metric existed: a dash, not a zero that reads as a measurement.
    del report["expected_value_from_document_rate"]
    del report["fractions"]["expected_value_from_document_rate"]
    run.save(update_fields=["reports"])
    assert 'title="not measured when this run was made">—</span>' in mode_numbers(client, run)

"""Evaluation runs through the API (docs/api.md#evaluation-runs): golden sets in both formats,
a malformed file refused by line with nothing run, the job's progress and resumption, stored
runs linked to their answers, and the diff between two runs; real PostgreSQL and pipeline."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import OperationalError

from answers.models import Answer
from audit.models import AuditEvent
from curation.jobs import TransientJobError
from curation.models import Job, Lane
from curation.services.lanes import lane_update
from evaluations.models import EvaluationResult, EvaluationRun, GoldenSet
from tests.support.evaluation import (
    DEPOSIT_Q,
    GOLDEN_CSV,
    PATENT_Q,
    PETS_Q,
    SIMPLE_CSV,
    ingest_corpus,
)

pytestmark = pytest.mark.django_db

RUN_FIELDS = {"id", "lane", "status", "created_at", "created_by", "policy", "modes", "questions"}
MODE_FIELDS = {
    "answered",
    "refused",
    "expected_value_rate",
    "answer_when_grounded",
    "abstain_when_no_evidence",
    "refusal_code_accuracy",
    "out_of_jurisdiction_citations",
}
QUESTION_FIELDS = {"line", "question", "category", "expected", "results"}
RESULT_FIELDS = {
    "status",
    "refusal_code",
    "cited_documents",
    "value_found",
    "as_expected",
    "answer_id",
}
ALL_RUNS = ["strict", "normal", "exploratory", "strict-floor-off"]


@pytest.fixture
def corpus(lane: Any) -> Any:
    return ingest_corpus(lane)


@pytest.fixture
def run_jobs(django_capture_on_commit_callbacks: Any) -> Any:
    """Jobs start when the request's transaction commits; here, right then, in this thread."""
    return django_capture_on_commit_callbacks


def upload(client: Any, text: str, name: str = "golden.csv", **extra: Any) -> Any:
    data = {"file": SimpleUploadedFile(name, text.encode(), content_type="text/csv"), **extra}
    return client.post("/api/lanes/ca-housing/evaluations/", data, format="multipart")


def by_id(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {q["id"]: q for q in body["questions"]}


def test_a_golden_set_in_the_examples_format_runs_in_every_mode_and_is_stored(
    api: Any, curator: Any, corpus: Any, run_jobs: Any
) -> None:
    client = api(curator)
    with run_jobs(execute=True):
        response = upload(client, GOLDEN_CSV)
    assert response.status_code == 202, response.json()
    started = response.json()
    assert set(started) >= {"id", "job"} and set(started["job"]) >= {"id", "status"}
    job = client.get(f"/api/jobs/{started['job']['id']}/").json()
    assert (job["kind"], job["status"], job["progress"]) == ("evaluation", "done", 1.0)
    assert [(i["name"], i["done"], i["total"]) for i in job["items"]] == [
        (run, 3, 3) for run in ALL_RUNS
    ]

    body = client.get(f"/api/evaluations/{started['id']}/").json()
    assert set(body) >= RUN_FIELDS
    assert (body["lane"], body["status"], body["created_by"]) == ("ca-housing", "done", "curator")
    assert list(body["modes"]) == ALL_RUNS
    assert all(set(numbers) >= MODE_FIELDS for numbers in body["modes"].values())
    strict = body["modes"]["strict"]
    assert (strict["answered"], strict["refused"], strict["expected_value_rate"]) == (1, 2, 1.0)
    assert strict["abstain_when_no_evidence"] == 1.0 and strict["refusal_code_accuracy"] == 1.0
    assert body["policy"]["minimum_tier"] == "general-statute"
    assert body["policy"]["runs"]["strict-floor-off"]["minimum_tier"] == ""
    questions = by_id(body)
    assert [q["line"] for q in body["questions"]] == [2, 3, 4]
    assert all(set(q) >= QUESTION_FIELDS for q in body["questions"])
    deposit, pets = questions["D1"], questions["P1"]
    assert deposit["expected"]["value"] == "21 days" and deposit["category"] == "answerable"
    assert all(set(r) >= RESULT_FIELDS for q in body["questions"] for r in q["results"].values())
    assert deposit["results"]["strict"]["cited_documents"] == ["ca-civ-1950-5"]
    assert deposit["results"]["strict"]["value_found"] is True
    assert (pets["results"]["strict"]["status"], pets["results"]["strict"]["refusal_code"]) == (
        "refused",
        "below_authority_floor",
    )
    assert pets["results"]["strict"]["as_expected"] is True
    # With the floor off the blog answers: the run shows what the floor does.
    assert pets["results"]["strict-floor-off"]["as_expected"] is False
    assert pets["results"]["strict-floor-off"]["cited_documents"] == ["blog-pets"]

    # Each outcome links to its stored answer, which the curator may read.
    answer_id = deposit["results"]["normal"]["answer_id"]
    answer = client.get(f"/api/answers/{answer_id}/").json()
    assert (answer["kind"], answer["question"], answer["mode"]) == (
        "evaluation",
        DEPOSIT_Q,
        "normal",
    )
    assert Answer.objects.filter(kind="evaluation").count() == 12


def test_a_golden_set_in_the_simple_format_counts_a_cited_trap_document(
    api: Any, curator: Any, corpus: Any, run_jobs: Any
) -> None:
    trap = SIMPLE_CSV + f"{PETS_Q},35,answer,,blog-pets\n"
    with run_jobs(execute=True):
        started = upload(api(curator), trap, modes="normal").json()
    body = api(curator).get(f"/api/evaluations/{started['id']}/").json()
    assert body["golden_set"]["format"] == "simple" and body["runs"] == ["normal"]
    assert [q["id"] for q in body["questions"]] == ["L2", "L3", "L4", "L5"]
    deposit, _, patent, pets = body["questions"]
    assert deposit["expected"] == {
        "status": "answered",
        "refusal_code": "",
        "value": "21 days",
        "documents": ["ca-civ-1950-5"],
        "trap_documents": ["fl-83-49"],
        "profile": "",
    }
    assert patent["question"] == PATENT_Q and patent["expected"]["status"] == "refused"
    assert deposit["results"]["normal"]["as_expected"] is True
    # The blog answers in normal mode, but the set names it a trap: not as expected.
    assert pets["results"]["normal"]["status"] == "answered"
    assert pets["results"]["normal"]["trap_documents_cited"] == ["blog-pets"]
    assert pets["results"]["normal"]["as_expected"] is False
    assert body["modes"]["normal"]["trap_citations"] == 1


def test_a_malformed_golden_csv_is_refused_by_line_and_nothing_is_run(
    api: Any, curator: Any, corpus: Any, run_jobs: Any
) -> None:
    bad = (
        "question,expected,expect_decision,correct_docs,trap_docs\n"
        f"{DEPOSIT_Q},21 days,answer,ca-civ-1950-5,\n"
        ",,abstain,,\n"
        f"{PETS_Q},,maybe,,\n"
        f"{PATENT_Q},,abstain,a,b,c\n"
        f"{PATENT_Q},,answer,fl-83-49,fl-83-49\n"
    )
    events = AuditEvent.objects.count()
    with run_jobs(execute=True) as callbacks:
        response = upload(api(curator), bad)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_golden_csv"
    assert [(e["line"], e["message"]) for e in error["details"]["errors"]] == [
        (3, "the question is empty"),
        (4, "expect_decision is 'maybe'; use answer or abstain"),
        (5, "the row has 6 cells but the header names 5 columns"),
        (6, "document 'fl-83-49' is both a correct and a trap document"),
    ]
    assert callbacks == []
    assert not GoldenSet.objects.exists() and not EvaluationRun.objects.exists()
    assert not Job.objects.filter(kind="evaluation").exists()
    assert AuditEvent.objects.count() == events


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", None, "the file is empty"),
        ("question,answer\nQ?,yes\n", 1, "the header names neither format"),
        ("id,question,expected_status\n", None, "the file has a header but no question"),
        ("id,question,expected_status\nA,Q?,answerd\n", 2, "expected_status is 'answerd'"),
        (
            "id,question,expected_status,expected_refusal_code\nA,Q?,refused,no_evidence\n",
            2,
            "expected_refusal_code 'no_evidence' is not a refusal code",
        ),
        ("id,question,expected_status\nA,Q?,answered\nA,R?,refused\n", 3, "id 'A' is already"),
    ],
)
def test_each_kind_of_golden_problem_is_named_with_its_line(
    api: Any, curator: Any, corpus: Any, text: str, line: int | None, message: str
) -> None:
    response = upload(api(curator), text)
    assert response.status_code == 400
    errors = response.json()["error"]["details"]["errors"]
    assert errors[0]["line"] == line and errors[0]["message"].startswith(message), errors


def test_a_bad_list_of_modes_is_refused_before_the_file_is_stored(
    api: Any, curator: Any, corpus: Any
) -> None:
    response = upload(api(curator), GOLDEN_CSV, modes="strict,lenient")
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {"field": "modes"}
    assert not GoldenSet.objects.exists()


def test_the_job_reports_progress_question_by_question(
    api: Any, curator: Any, corpus: Any, run_jobs: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from evaluations import jobs

    seen: list[tuple[float, list[int]]] = []
    keep = jobs._keep

    def watch(*args: Any) -> None:
        keep(*args)
        job = Job.objects.get(kind="evaluation")
        seen.append((job.progress, [item["done"] for item in job.items]))

    monkeypatch.setattr(jobs, "_keep", watch)
    with run_jobs(execute=True):
        started = upload(api(curator), GOLDEN_CSV, modes="strict,normal").json()
    assert [p for p, _ in seen] == [round(n / 6, 4) for n in range(1, 7)]
    assert [done for _, done in seen] == [[1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3]]
    assert api(curator).get(f"/api/jobs/{started['job']['id']}/").json()["status"] == "done"


def test_a_job_that_loses_the_database_resumes_without_asking_twice(
    api: Any, curator: Any, corpus: Any, run_jobs: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import answers.evaluation
    from evaluations.jobs import evaluation_job_run

    compute = answers.evaluation.answer_compute
    calls: list[str] = []

    def flaky(**kwargs: Any) -> Any:
        calls.append(kwargs["question"])
        if len(calls) == 3:
            raise OperationalError("the server closed the connection")
        return compute(**kwargs)

    monkeypatch.setattr(answers.evaluation, "answer_compute", flaky)
    with run_jobs(execute=False) as callbacks:
        started = upload(api(curator), GOLDEN_CSV, modes="strict,normal").json()
    with pytest.raises(TransientJobError):
        callbacks[0]()
    job = Job.objects.get(pk=started["job"]["id"])
    assert (job.status, job.progress) == ("pending", round(2 / 6, 4))
    assert EvaluationRun.objects.get().status == "pending"
    evaluation_job_run(job_id=str(job.pk))
    # Two stored outcomes were kept; the third question and the rest are asked once each.
    assert len(calls) == 3 + 4
    assert EvaluationResult.objects.count() == 6 and Answer.objects.count() == 6
    body = api(curator).get(f"/api/evaluations/{started['id']}/").json()
    assert body["status"] == "done" and body["modes"]["normal"]["answered"] == 2


@pytest.mark.django_db(transaction=True)  # start-up closes connections, as a process does
def test_an_unfinished_run_is_resumed_when_a_web_process_starts(
    api: Any, curator: Any, corpus: Any, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from curation import jobs

    submitted: list[str] = []

    class NeverRuns:  # the process ends before its pool runs the job
        def submit(self, run: Any, kind: Any, job_id: str) -> None:
            submitted.append(job_id)

    class Inline:
        def submit(self, run: Any, kind: Any, job_id: str) -> None:
            kind.run(job_id=job_id)

    settings.CITENEXUS_TASKS_EAGER = False
    monkeypatch.setattr(jobs, "_pool", NeverRuns)
    started = upload(api(curator), GOLDEN_CSV, modes="strict").json()
    assert submitted == [started["job"]["id"]]
    assert EvaluationRun.objects.get().status == "pending"
    monkeypatch.setattr(jobs, "_pool", Inline)
    assert jobs.resume_pending_jobs() == 1
    body = api(curator).get(f"/api/evaluations/{started['id']}/").json()
    assert body["status"] == "done" and body["modes"]["strict"]["answered"] == 1


def test_the_diff_lists_the_questions_whose_outcome_changed_with_both_outcomes(
    api: Any, curator: Any, admin: Any, corpus: Any, run_jobs: Any
) -> None:
    client = api(curator)
    with run_jobs(execute=True):
        first = upload(client, GOLDEN_CSV, modes="strict,normal").json()
    lane_update(actor="admin", lane=Lane.objects.get(slug="ca-housing"), minimum_tier="")
    with run_jobs(execute=True):
        second = upload(client, GOLDEN_CSV, modes="strict,normal").json()
    response = client.get(f"/api/evaluations/{first['id']}/diff/{second['id']}/")
    assert response.status_code == 200
    diff = response.json()
    assert (diff["before"]["id"], diff["after"]["id"]) == (first["id"], second["id"])
    assert diff["modes"] == ["strict", "normal"] and diff["compared"] == 6
    assert [q["question"] for q in diff["changed"]] == [PETS_Q]
    change = diff["changed"][0]["modes"]
    assert list(change) == ["strict"]  # normal mode never withheld the blog
    assert (change["strict"]["before"]["status"], change["strict"]["after"]["status"]) == (
        "refused",
        "answered",
    )
    assert change["strict"]["before"]["refusal_code"] == "below_authority_floor"
    assert change["strict"]["after"]["cited_documents"] == ["blog-pets"]
    assert set(change["strict"]["changed"]) == {
        "status",
        "refusal_code",
        "cited_documents",
        "as_expected",
    }
    # The first run's stored answers are as they were computed.
    refused = change["strict"]["before"]["answer_id"]
    assert Answer.objects.get(pk=refused).refusal_code == "below_authority_floor"
    same = client.get(f"/api/evaluations/{second['id']}/diff/{second['id']}/").json()
    assert same["changed"] == [] and same["compared"] == 6


def test_the_lane_lists_its_runs_with_their_headline_numbers(
    api: Any, curator: Any, corpus: Any, run_jobs: Any
) -> None:
    with run_jobs(execute=True):
        first = upload(api(curator), GOLDEN_CSV, modes="strict").json()
        second = upload(api(curator), SIMPLE_CSV, modes="strict,normal").json()
    listed = api(curator).get("/api/lanes/ca-housing/evaluations/").json()
    assert [r["id"] for r in listed] == [second["id"], first["id"]]
    assert set(listed[0]["modes"]) == {"strict", "normal"}
    assert set(listed[1]["modes"]["strict"]) == MODE_FIELDS
    assert listed[1]["golden_set"]["questions"] == 3
    what_ifs = api(curator).get("/api/lanes/ca-housing/evaluations/?kind=what_if").json()
    assert what_ifs == []
    bad = api(curator).get("/api/lanes/ca-housing/evaluations/?kind=everything")
    assert bad.status_code == 400 and bad.json()["error"]["details"] == {"param": "kind"}


def test_each_run_is_in_the_audit_log_with_who_which_lane_and_which_policy(
    api: Any, curator: Any, corpus: Any, run_jobs: Any
) -> None:
    with run_jobs(execute=True):
        started = upload(api(curator), GOLDEN_CSV, modes="strict").json()
    event = AuditEvent.objects.get(action="evaluation.run")
    assert (event.actor, event.lane) == ("curator", "ca-housing")
    assert event.details["evaluation_id"] == started["id"]
    assert event.details["modes"] == ["strict"]
    assert event.details["policy"]["minimum_tier"] == "general-statute"
    assert event.details["policy"]["tier_order"][-1] == "controlling-statute"
    assert event.details["golden_set"]["questions"] == 3


def test_evaluation_answers_stay_out_of_the_answer_lists(
    api: Any, curator: Any, reviewer: Any, corpus: Any, run_jobs: Any
) -> None:
    with run_jobs(execute=True):
        started = upload(api(curator), GOLDEN_CSV, modes="strict").json()
    body = api(curator).get(f"/api/evaluations/{started['id']}/").json()
    answer_id = by_id(body)["D1"]["results"]["strict"]["answer_id"]
    assert api(reviewer).get("/api/answers/").json()["count"] == 0
    # A reviewer reads answers in the lane, so an evaluation's answer too, by its id.
    assert api(reviewer).get(f"/api/answers/{answer_id}/").status_code == 200


@pytest.mark.parametrize("role", ["reviewer", "auditor"])
def test_members_without_the_capability_are_refused_with_what_they_need(
    request: pytest.FixtureRequest, api: Any, curator: Any, corpus: Any, run_jobs: Any, role: str
) -> None:
    with run_jobs(execute=True):
        started = upload(api(curator), GOLDEN_CSV, modes="strict").json()
    client = api(request.getfixturevalue(role))
    for response in (
        upload(client, GOLDEN_CSV),
        client.get("/api/lanes/ca-housing/evaluations/"),
        client.get(f"/api/evaluations/{started['id']}/"),
        client.get(f"/api/evaluations/{started['id']}/diff/{started['id']}/"),
    ):
        assert response.status_code == 403
        assert response.json()["error"]["details"]["needs"] == "evaluate"
    assert EvaluationRun.objects.count() == 1


def test_non_members_and_anonymous_callers_learn_nothing(
    api: Any, curator: Any, outsider: Any, corpus: Any, run_jobs: Any
) -> None:
    with run_jobs(execute=True):
        started = upload(api(curator), GOLDEN_CSV, modes="strict").json()
    for client, status in ((api(outsider), 404), (api(None), 401)):
        assert upload(client, GOLDEN_CSV).status_code == status
        assert client.get("/api/lanes/ca-housing/evaluations/").status_code == status
        assert client.get(f"/api/evaluations/{started['id']}/").status_code == status
    assert api(curator).get("/api/evaluations/999999/").status_code == 404


def test_evaluation_runs_are_throttled_per_user(
    api: Any, curator: Any, admin: Any, corpus: Any, run_jobs: Any, settings: Any
) -> None:
    settings.CITENEXUS_THROTTLES = {"evaluate": {"user": "1/hour", "lane": "off"}}
    with run_jobs(execute=True):
        assert upload(api(curator), GOLDEN_CSV, modes="strict").status_code == 202
        refused = upload(api(curator), GOLDEN_CSV, modes="strict")
        assert upload(api(admin), GOLDEN_CSV, modes="strict").status_code == 202
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert (error["code"], error["details"]["action"]) == ("throttled", "evaluate")
    assert 1 <= int(refused["Retry-After"]) <= 3600
    assert EvaluationRun.objects.count() == 2


def test_runs_of_two_lanes_are_not_compared(
    api: Any, make_user: Any, curator: Any, other_lane: Any, corpus: Any, run_jobs: Any
) -> None:
    from curation.models import LaneMembership

    LaneMembership.objects.create(lane=other_lane, user=curator, role="curator")
    with run_jobs(execute=True):
        here = upload(api(curator), GOLDEN_CSV, modes="strict").json()
        there = api(curator).post(
            "/api/lanes/ny-housing/evaluations/",
            {"file": SimpleUploadedFile("g.csv", GOLDEN_CSV.encode()), "modes": "strict"},
            format="multipart",
        )
    assert there.status_code == 202
    response = api(curator).get(f"/api/evaluations/{here['id']}/diff/{there.json()['id']}/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"

"""The job runner is generic: a kind of job it has never seen runs, retries and fails by its rules.

The kind here writes nothing; it records what the runner asked of it, so these tests show what
the runner does (where it runs a job, how often, what it tells the kind when it gives up) with
no ingest code involved. The ingest job on top of it is tested in test_jobs_thread_pool.py,
test_workers.py and test_faults_broker.py.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction

from curation import jobs
from curation.jobs import TRANSIENT_RETRIES, JobKind, JobRunner, TransientJobError
from scripts.workers import wait_until

ERR_GONE = "the database went away"
ERR_UNREACHABLE = "no queue"
ERR_GAVE_UP = "gave up after {retries} retries: {error}"


@dataclass
class Script:
    """How the fake kind behaves in the current test, and what the runner asked of it."""

    failures: int = 0
    runs: list[tuple[str, str]] = field(default_factory=list)
    abandoned: list[tuple[str, str, bool]] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)

    def run(self, *, job_id: str) -> None:
        self.runs.append((job_id, threading.current_thread().name))
        if len(self.runs) <= self.failures:
            raise TransientJobError(ERR_GONE)
        self.done.set()

    def abandon(self, *, job_id: str, error: str, only_if_unstarted: bool) -> None:
        self.abandoned.append((job_id, error, only_if_unstarted))
        self.done.set()


CURRENT = {"script": Script()}
# One runner per Celery task name: a second with the same name would get the first's task.
RUNNER = JobRunner(
    JobKind(
        run=lambda **kw: CURRENT["script"].run(**kw),
        abandon=lambda **kw: CURRENT["script"].abandon(**kw),
        err_queue_unreachable=ERR_UNREACHABLE,
        err_gave_up=ERR_GAVE_UP,
    ),
    task_name="tests.job_runner.run",
)


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch) -> Script:
    fresh = Script()
    monkeypatch.setitem(CURRENT, "script", fresh)
    return fresh


@pytest.fixture
def thread_mode(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.CELERY_BROKER_URL = ""
    settings.CITENEXUS_TASKS_EAGER = False
    monkeypatch.setattr(jobs, "TRANSIENT_BACKOFF_S", 0.02)


def _enqueue_and_commit(job_id: str) -> None:
    with transaction.atomic():
        RUNNER.enqueue(job_id)


@pytest.mark.django_db(transaction=True)
def test_a_job_is_started_only_when_its_transaction_commits(script: Script, settings: Any) -> None:
    settings.CITENEXUS_TASKS_EAGER = True
    with transaction.atomic():
        RUNNER.enqueue("job-1")
        assert script.runs == []  # not yet: its rows are not committed
    assert script.runs == [("job-1", threading.current_thread().name)]
    with pytest.raises(RuntimeError), transaction.atomic():
        RUNNER.enqueue("job-2")
        raise RuntimeError("rolled back")
    assert [job_id for job_id, _ in script.runs] == ["job-1"]  # a rolled-back job never runs


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_a_transient_failure_is_retried_on_the_thread_pool(
    script: Script, thread_mode: None
) -> None:
    script.failures = 2
    _enqueue_and_commit("job-1")
    wait_until(script.done.is_set, timeout=10, what="the job to finish")
    assert [job_id for job_id, _ in script.runs] == ["job-1"] * 3
    assert all(name.startswith("citenexus-job") for _, name in script.runs), script.runs
    assert script.abandoned == []


@pytest.mark.django_db(transaction=True)
def test_the_thread_pool_gives_up_after_the_bound_with_the_kinds_message(
    script: Script, thread_mode: None
) -> None:
    script.failures = 1000
    _enqueue_and_commit("job-1")
    wait_until(script.done.is_set, timeout=10, what="the job to be abandoned")
    assert len(script.runs) == TRANSIENT_RETRIES + 1  # bounded, not for ever
    error = ERR_GAVE_UP.format(retries=TRANSIENT_RETRIES, error=ERR_GONE)
    assert script.abandoned == [("job-1", error, False)]


@pytest.mark.parametrize(("failures", "abandoned"), [(1, False), (1000, True)])
def test_the_celery_task_retries_with_the_same_bound(
    script: Script, failures: int, abandoned: bool
) -> None:
    script.failures = failures
    RUNNER.task.apply(args=["job-1"])  # eager: each retry runs in place
    assert len(script.runs) == min(failures + 1, TRANSIENT_RETRIES + 1)
    error = ERR_GAVE_UP.format(retries=TRANSIENT_RETRIES, error=ERR_GONE)
    assert script.abandoned == ([("job-1", error, False)] if abandoned else [])


def test_the_celery_task_keeps_the_name_it_was_given() -> None:
    assert RUNNER.task.name == "tests.job_runner.run"


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_broker_abandons_the_job_only_if_no_runner_took_it(
    script: Script, settings: Any
) -> None:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    from citenexus_web.celery import app

    settings.CITENEXUS_TASKS_EAGER = False
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{port}/0"
    previous, app.conf.broker_url = app.conf.broker_url, settings.CELERY_BROKER_URL
    try:
        _enqueue_and_commit("job-1")
    finally:
        app.conf.broker_url = previous
    assert script.runs == []
    assert script.abandoned == [("job-1", ERR_UNREACHABLE, True)]

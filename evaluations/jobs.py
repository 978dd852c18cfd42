"""Evaluation jobs: one job per run or what-if, on the generic runner (``curation/jobs.py``).

The job asks every golden question in every run through the one evaluation loop
(``answers.evaluation.evaluate_lane``) and keeps each outcome as it comes, in its own
transaction with its stored answer, so progress shows as it goes and a job retried after a crash
resumes where it stopped, never storing an outcome twice. A what-if asks under two policies (the
unsaved one, then the saved one) and stores no answer. The job's items are one per run (and,
for a what-if, per policy), each with how many questions it has done.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from typing import Any

from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.utils import timezone

from answers.evaluation import evaluate_lane, parse_runs
from answers.models import EVALUATION as EVALUATION_ANSWER
from answers.services import answer_store
from citenexus.domain.authority import AuthorityPolicy
from citenexus.evaluation import GoldenQuestion, Outcome, answer_digest, question_result
from curation.jobs import JobKind, JobRunner, TransientJobError
from curation.models import Job
from evaluations.models import EvaluationResult, EvaluationRun

log = logging.getLogger(__name__)

JOB_KIND = "evaluation"
TASK_NAME = "evaluations.run_job"
PENDING, RUNNING, DONE = "pending", "running", "done"
SIDE_LABELS = {"": "", "saved": "saved policy"}

ERR_QUEUE_UNREACHABLE = (
    "the task queue is unreachable, so the evaluation never started; nothing was asked — "
    "start it again"
)
ERR_TRANSIENT_GAVE_UP = (
    "the evaluation kept failing on a transient error after {retries} retries ({error}); the "
    "questions it finished are kept — start it again for a complete run"
)


def job_items(runs: Sequence[str], sides: Sequence[str], questions: int) -> list[dict[str, Any]]:
    """One item per run and side: its name, how many questions it has done and of how many."""
    return [
        {
            "index": i,
            "name": f"{run} ({SIDE_LABELS[side]})" if side else run,
            "run": run,
            "side": side,
            "status": PENDING,
            "done": 0,
            "total": questions,
            "error": "",
        }
        for i, (side, run) in enumerate((side, run) for side in sides for run in runs)
    ]


def _policy(snapshot: dict[str, Any]) -> AuthorityPolicy:
    return AuthorityPolicy.from_settings(
        profile=snapshot["profile"],
        tier_order=snapshot.get("tier_order") or (),
        minimum_tier=snapshot.get("minimum_tier") or None,
        metadata_key=snapshot["metadata_key"],
    )


def _keep(evaluation: EvaluationRun, side: str, run: str, outcome: Outcome) -> None:
    """Store one outcome (and a run's answer) and count it in the job, in one transaction.

    Two runners of one job serialise on the job's row; the second finds the outcome stored and
    writes nothing.
    """
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=evaluation.job_id)
        golden = outcome.golden
        kept = EvaluationResult.objects.filter(
            run=evaluation, side=side, mode=run, question_id=golden.id
        )
        if kept.exists():
            return
        answer = None
        if evaluation.kind == EvaluationRun.Kind.RUN:
            answer = answer_store(
                lane=evaluation.lane,
                kind=EVALUATION_ANSWER,
                payload=dict(outcome.answer),
                user=evaluation.created_by,
                actor=evaluation.created_by_name,
            )
        result = question_result(outcome)
        EvaluationResult.objects.create(
            run=evaluation,
            side=side,
            mode=run,
            question_id=golden.id,
            line=golden.line,
            status=result["status"],
            refusal_code=result["refusal_code"],
            cited_documents=result["cited_documents"],
            trap_documents_cited=result["trap_documents_cited"],
            value_found=result["value_found"],
            as_expected=result["as_expected"],
            digest=answer_digest(outcome.answer),
            answer=answer,
        )
        items = [dict(item) for item in job.items]
        for item in items:
            if item["run"] == run and item["side"] == side:
                item["done"] += 1
                item["status"] = DONE if item["done"] >= item["total"] else RUNNING
        finished = sum(item["done"] for item in items)
        total = sum(item["total"] for item in items)
        job.items = items
        job.progress = round(finished / total, 4) if total else 1.0
        job.save(update_fields=["items", "progress", "updated_at"])


def _done(evaluation: EvaluationRun, side: str, golden: dict[str, GoldenQuestion]) -> Any:
    """The outcomes this side already has, by (run, question id), rebuilt from their digests."""
    rows = EvaluationResult.objects.filter(run=evaluation, side=side).values(
        "mode", "question_id", "digest"
    )
    return {
        (r["mode"], r["question_id"]): Outcome(golden[r["question_id"]], r["digest"])
        for r in rows
        if r["question_id"] in golden
    }


def _evaluate(evaluation: EvaluationRun) -> dict[str, dict[str, Any]]:
    """Ask whatever is not done yet, side by side; each side's reports by run."""
    questions = [GoldenQuestion.from_dict(q) for q in evaluation.golden_set.questions]
    by_id = {q.id: q for q in questions}
    runs = parse_runs(",".join(evaluation.runs))
    params = evaluation.job.params if evaluation.job else {}
    sides: list[tuple[str, AuthorityPolicy | None]] = [("", None)]
    if evaluation.kind == EvaluationRun.Kind.WHAT_IF:
        sides = [("", _policy(params["policy"])), ("saved", _policy(params["saved_policy"]))]
    reports: dict[str, dict[str, Any]] = {}
    for side, policy in sides:
        reports[side], _ = evaluate_lane(
            evaluation.lane,
            questions,
            runs,
            policy=policy,
            done=_done(evaluation, side, by_id),
            on_outcome=partial(_keep, evaluation, side),
        )
    return reports


def _set_status(evaluation_id: Any, status: str, **fields: Any) -> None:
    EvaluationRun.objects.filter(pk=evaluation_id).update(status=status, **fields)


def evaluation_job_run(*, job_id: str) -> None:
    """Run (or resume) an evaluation job; safe to call twice or after a crash."""
    job = Job.objects.filter(pk=job_id).first()
    if job is None or job.status in (Job.Status.DONE, Job.Status.FAILED):
        return
    evaluation = (
        EvaluationRun.objects.select_related("lane", "golden_set", "job", "created_by")
        .filter(job=job)
        .first()
    )
    if evaluation is None:
        _fail(job.pk, None, "the job's evaluation run is gone")
        return
    Job.objects.filter(pk=job.pk).update(
        status=Job.Status.RUNNING, attempts=job.attempts + 1, updated_at=timezone.now()
    )
    _set_status(evaluation.pk, EvaluationRun.Status.RUNNING)
    try:
        reports = _evaluate(evaluation)
    except (OperationalError, InterfaceError) as exc:
        Job.objects.filter(pk=job.pk).update(status=Job.Status.PENDING, error=str(exc)[:500])
        _set_status(evaluation.pk, EvaluationRun.Status.PENDING)
        raise TransientJobError(str(exc)) from exc
    except DatabaseError as exc:
        _fail(job.pk, evaluation.pk, f"database error: {exc}"[:1000])
        raise
    except Exception as exc:
        log.exception("evaluation job %s crashed", job_id)
        _fail(job.pk, evaluation.pk, f"unexpected error: {type(exc).__name__}: {exc}"[:1000])
        raise
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        for report in [*reports.values()]:
            for entry in report.values():
                entry.pop("mismatches", None)  # each question's outcome is stored with it
        _set_status(
            evaluation.pk,
            EvaluationRun.Status.DONE,
            reports=reports.get("", {}),
            saved_reports=reports.get("saved", {}),
            finished_at=timezone.now(),
        )
        job.status, job.error, job.progress = Job.Status.DONE, "", 1.0
        job.save(update_fields=["status", "error", "progress", "updated_at"])


def _fail(job_pk: Any, evaluation_pk: Any, error: str) -> None:
    with transaction.atomic():
        Job.objects.filter(pk=job_pk).update(
            status=Job.Status.FAILED, error=error, updated_at=timezone.now()
        )
        if evaluation_pk is not None:
            _set_status(
                evaluation_pk, EvaluationRun.Status.FAILED, error=error, finished_at=timezone.now()
            )


def evaluation_job_abandon(*, job_id: str, error: str, only_if_unstarted: bool = False) -> None:
    """Fail an evaluation job without asking the rest; outcomes already stored stay."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status in (Job.Status.DONE, Job.Status.FAILED):
            return
        if only_if_unstarted and (job.status != Job.Status.PENDING or job.attempts):
            return
        evaluation = EvaluationRun.objects.filter(job=job).values_list("pk", flat=True).first()
        _fail(job.pk, evaluation, error)


def evaluation_job_unfinished() -> list[str]:
    """Evaluation jobs not done nor failed (queued, waiting for a retry, or cut off mid-run):
    a web process starting resumes them, each where it stopped."""
    return Job.unfinished_ids(JOB_KIND)


EVALUATION = JobRunner(
    JobKind(
        run=evaluation_job_run,
        abandon=evaluation_job_abandon,
        err_queue_unreachable=ERR_QUEUE_UNREACHABLE,
        err_gave_up=ERR_TRANSIENT_GAVE_UP,
        unfinished=evaluation_job_unfinished,
    ),
    task_name=TASK_NAME,
)

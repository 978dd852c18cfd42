"""Read side of evaluation runs: as docs/api.md#evaluation-runs gives them.

A run is read by the curators and admins of its lane (``Cap.EVALUATE``): a lane the user is no
member of is ``NotFound`` (runs do not leak lanes), a member without the capability ``Forbidden``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from access.lanes import require
from access.roles import Cap, is_member
from citenexus.evaluation import GoldenQuestion, outcome_diff
from common.errors import Invalid, NotFound
from curation.models import Lane
from evaluations.models import EvaluationResult, EvaluationRun, GoldenSet

# What a list of runs shows of each run and mode: the headline numbers.
HEADLINE = (
    "answered",
    "refused",
    "expected_value_rate",
    "answer_when_grounded",
    "abstain_when_no_evidence",
    "refusal_code_accuracy",
    "out_of_jurisdiction_citations",
)
ERR_NO_RUN = "no such evaluation run"
ERR_MAY_NOT_EVALUATE = "you may not run or read evaluations in this lane"
ERR_OTHER_LANE = "the two runs are of different lanes; compare runs of one lane"
RESULT_FIELDS = (
    "status",
    "refusal_code",
    "cited_documents",
    "value_found",
    "as_expected",
    "trap_documents_cited",
)


def evaluation_readable(*, user: Any, evaluation_id: int) -> EvaluationRun:
    """The run if the user may evaluate in its lane (404 to non-members, 403 to others)."""
    run = (
        EvaluationRun.objects.select_related("lane", "golden_set", "job")
        .filter(pk=evaluation_id)
        .first()
    )
    if run is None or not is_member(user, run.lane):
        raise NotFound("not_found", ERR_NO_RUN)
    require(user, Cap.EVALUATE, run.lane, ERR_MAY_NOT_EVALUATE)
    return run


def evaluation_list(*, lane: Lane, kind: str = EvaluationRun.Kind.RUN) -> QuerySet[EvaluationRun]:
    """The lane's runs (or what-ifs), newest first."""
    return (
        EvaluationRun.objects.filter(lane=lane, kind=kind)
        .select_related("lane", "golden_set", "job")
        .defer("golden_set__questions")
        .order_by("-created_at", "-id")
    )


def golden_set_dict(golden_set: GoldenSet) -> dict[str, Any]:
    return {
        "id": golden_set.pk,
        "name": golden_set.name,
        "format": golden_set.format,
        "sha256": golden_set.sha256,
        "questions": golden_set.question_count,
        "created_at": golden_set.created_at.isoformat(),
        "created_by": golden_set.created_by_name,
    }


def _job(run: EvaluationRun) -> dict[str, Any] | None:
    job = run.job
    if job is None:
        return None
    return {"id": str(job.id), "status": job.status, "progress": job.progress}


def _modes(
    run: EvaluationRun, reports: dict[str, Any], names: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """Each run's report in the order asked (jsonb keeps its keys in an order of its own)."""
    return {
        name: {k: v for k, v in reports[name].items() if names is None or k in names}
        for name in run.runs
        if name in reports
    }


def evaluation_summary(run: EvaluationRun) -> dict[str, Any]:
    """A run with its headline numbers per mode (the lists' entry)."""
    return {
        "id": run.pk,
        "lane": run.lane.slug,
        "kind": run.kind,
        "status": run.status,
        "created_at": run.created_at.isoformat(),
        "finished_at": run.finished_at.isoformat() if run.finished_at else None,
        "created_by": run.created_by_name,
        "golden_set": golden_set_dict(run.golden_set),
        "runs": list(run.runs),
        "modes": _modes(run, run.reports, HEADLINE),
        "job": _job(run),
        "error": run.error or None,
    }


def evaluation_questions(run: EvaluationRun, side: str = "") -> list[dict[str, Any]]:
    """Every golden question with its outcome in each mode asked so far (one query)."""
    golden = [GoldenQuestion.from_dict(q) for q in run.golden_set.questions]
    entries: dict[str, dict[str, Any]] = {
        g.id: {
            "line": g.line,
            "id": g.id,
            "question": g.question,
            "category": g.category,
            "expected": g.expected(),
            "results": {},
        }
        for g in golden
    }
    rows = EvaluationResult.objects.filter(run=run, side=side).values(
        "question_id", "mode", "answer_id", *RESULT_FIELDS
    )
    found: dict[str, dict[str, Any]] = {}
    for row in rows:
        result = {name: row[name] for name in RESULT_FIELDS}
        result["answer_id"] = row["answer_id"]
        found.setdefault(row["question_id"], {})[row["mode"]] = result
    for question_id, results in found.items():
        if question_id in entries:
            entries[question_id]["results"] = {m: results[m] for m in run.runs if m in results}
    return sorted(entries.values(), key=lambda e: (e["line"], e["id"]))


def evaluation_dict(run: EvaluationRun) -> dict[str, Any]:
    """The run as ``GET /api/evaluations/{id}/`` gives it."""
    data = evaluation_summary(run)
    data.update(
        policy=run.policy,
        modes=_modes(run, run.reports),
        questions=evaluation_questions(run),
    )
    if run.kind == EvaluationRun.Kind.WHAT_IF:
        saved = evaluation_questions(run, side="saved")
        data.update(
            saved_policy=run.saved_policy,
            saved_modes=_modes(run, run.saved_reports),
            saved_questions=saved,
            diff=outcome_diff(saved, data["questions"]),
        )
    return data


def evaluation_diff(*, before: EvaluationRun, after: EvaluationRun) -> dict[str, Any]:
    """The questions whose outcome changed from one run of a lane to another, with both."""
    if before.lane_id != after.lane_id:
        raise Invalid("invalid", ERR_OTHER_LANE, {"field": "other_id"})
    diff = outcome_diff(evaluation_questions(before), evaluation_questions(after))
    return {"before": evaluation_summary(before), "after": evaluation_summary(after), **diff}


def what_if_diff(run: EvaluationRun) -> dict[str, Any]:
    """A what-if's questions that would change outcome: saved policy before, unsaved after."""
    return outcome_diff(evaluation_questions(run, side="saved"), evaluation_questions(run))

"""Starting evaluation runs and what-ifs (docs/design.md#evaluation-runs).

A golden CSV is read whole before anything is written: a file with any problem is refused with
every problem and its line, and nothing is stored or run. A run or what-if is written together
with its job and its audit event (who, which lane, which policy) in one transaction; the job
starts once that commits (``evaluations/jobs.py``). Neither changes the lane or any stored
answer: a run stores its own answers (kind ``evaluation``), a what-if stores none.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import transaction
from django.urls import reverse

from answers.evaluation import RUNS, Run, parse_runs, policies_snapshot
from answers.services import MAX_QUESTION_CHARS
from audit.services import audit_record
from citenexus.evaluation import GoldenFile, GoldenQuestion, parse_golden
from common.errors import Invalid
from curation.bootstrap import ports
from curation.domain import authority_policy
from curation.models import Job, Lane
from curation.services.tiers import TierEdit, tier_order_proposal
from evaluations.jobs import EVALUATION, JOB_KIND, job_items
from evaluations.models import EvaluationRun, GoldenSet

MAX_GOLDEN_BYTES = 2_000_000
MAX_GOLDEN_QUESTIONS = 1000
ERR_GOLDEN_PROBLEMS = "the golden set has {count} problem(s); nothing was run"
ERR_GOLDEN_TOO_LARGE = "the file is {size} bytes; the limit is {limit} bytes"
ERR_NO_FILE = "choose a golden CSV file"
ERR_NO_GOLDEN_SET = (
    "this lane has no golden set yet: upload one on its Evaluations page, then run the what-if"
)


def golden_read(*, data: bytes) -> GoldenFile:
    """The golden set in ``data``, or ``Invalid`` ("invalid_golden_csv") listing every problem
    with its line (null for the whole file) in ``details.errors``."""
    if len(data) > MAX_GOLDEN_BYTES:
        message = ERR_GOLDEN_TOO_LARGE.format(size=len(data), limit=MAX_GOLDEN_BYTES)
        errors = [{"line": None, "message": message}]
        raise Invalid("invalid_golden_csv", message, {"errors": errors, "format": ""})
    parsed = parse_golden(
        data, max_questions=MAX_GOLDEN_QUESTIONS, max_question_chars=MAX_QUESTION_CHARS
    )
    if not parsed.is_valid:
        raise Invalid(
            "invalid_golden_csv",
            ERR_GOLDEN_PROBLEMS.format(count=len(parsed.problems)),
            {"errors": parsed.problem_dicts(), "format": parsed.format},
        )
    return parsed


def _audit_golden(golden_set: GoldenSet) -> dict[str, Any]:
    return {
        "id": golden_set.pk,
        "name": golden_set.name,
        "format": golden_set.format,
        "sha256": golden_set.sha256,
        "questions": golden_set.question_count,
    }


def _start(
    *,
    lane: Lane,
    golden_set: GoldenSet,
    runs: list[Run],
    kind: str,
    policy: dict[str, Any],
    params: dict[str, Any],
    user: Any,
    actor: str,
    saved_policy: dict[str, Any] | None = None,
) -> EvaluationRun:
    """The run, its job and its audit event, written together; the job starts on commit."""
    sides = ("", "saved") if kind == EvaluationRun.Kind.WHAT_IF else ("",)
    who = user if getattr(user, "pk", None) else None
    job = Job.objects.create(
        kind=JOB_KIND,
        lane=lane,
        created_by=who,
        created_by_name=actor,
        params=params,
        items=job_items([name for name, _, _ in runs], sides, golden_set.question_count),
    )
    run = EvaluationRun.objects.create(
        lane=lane,
        golden_set=golden_set,
        kind=kind,
        job=job,
        runs=[name for name, _, _ in runs],
        policy=policy,
        saved_policy=saved_policy or {},
        created_by=who,
        created_by_name=actor,
    )
    # The job page sends whoever follows a job link to the run's own page (curation/views).
    job.params = {**params, "page": reverse("evaluation", args=[run.pk])}
    job.save(update_fields=["params"])
    details: dict[str, Any] = {
        "evaluation_id": run.pk,
        "kind": kind,
        "golden_set": _audit_golden(golden_set),
        "modes": run.runs,
        "policy": policy,
    }
    if saved_policy is not None:
        details["saved_policy"] = saved_policy
        details["saved"] = False  # a what-if changes nothing (docs/design.md#evaluation-runs)
    action = "evaluation.what_if" if kind == EvaluationRun.Kind.WHAT_IF else "evaluation.run"
    audit_record(actor=actor, action=action, lane=lane.slug, details=details)
    EVALUATION.enqueue(str(job.id))
    return run


@transaction.atomic
def golden_set_create(
    *, lane: Lane, data: bytes, filename: str, user: Any, actor: str
) -> GoldenSet:
    """Store a golden set that reads without a problem (``golden_read`` refuses any other)."""
    parsed = golden_read(data=data)
    return GoldenSet.objects.create(
        lane=lane,
        name=(filename or "")[:255],
        format=parsed.format,
        sha256=hashlib.sha256(data).hexdigest(),
        questions=[q.to_dict() for q in parsed.questions],
        question_count=len(parsed.questions),
        created_by=user if getattr(user, "pk", None) else None,
        created_by_name=actor,
    )


@transaction.atomic
def evaluation_start(
    *,
    lane: Lane,
    golden_set: GoldenSet,
    modes: str | None = None,
    user: Any = None,
    actor: str,
) -> EvaluationRun:
    """Run a golden set on the lane under its saved policy, in ``modes`` (default: strict,
    normal, exploratory and strict with the floor off)."""
    runs = parse_runs(modes or RUNS)
    policy = {**policies_snapshot(lane, runs), "ports": ports().describe()}
    return _start(
        lane=lane,
        golden_set=golden_set,
        runs=runs,
        kind=EvaluationRun.Kind.RUN,
        policy=policy,
        params={"golden_set": golden_set.pk},
        user=user,
        actor=actor,
    )


@transaction.atomic
def evaluation_upload(
    *,
    lane: Lane,
    data: bytes,
    filename: str,
    modes: str | None = None,
    user: Any = None,
    actor: str,
) -> EvaluationRun:
    """Read, store and run an uploaded golden set; a bad file or bad modes store nothing."""
    parse_runs(modes or RUNS)  # a bad list of modes is refused before the file is stored
    golden_set = golden_set_create(lane=lane, data=data, filename=filename, user=user, actor=actor)
    return evaluation_start(lane=lane, golden_set=golden_set, modes=modes, user=user, actor=actor)


def golden_set_latest(*, lane: Lane) -> GoldenSet | None:
    return GoldenSet.objects.filter(lane=lane).order_by("-created_at", "-id").first()


@transaction.atomic
def what_if_start(
    *,
    lane: Lane,
    edits: list[TierEdit],
    minimum_tier: str,
    profile: str,
    mode: str,
    user: Any = None,
    actor: str,
) -> EvaluationRun:
    """Ask the lane's latest golden set in ``mode`` under the saved policy and under an unsaved
    tier order, floor and profile, to show which questions would change outcome. The lane is
    not touched: the proposal is only checked as a save would check it."""
    golden_set = golden_set_latest(lane=lane)
    if golden_set is None:
        raise Invalid("no_golden_set", ERR_NO_GOLDEN_SET, {"field": "golden_set"})
    runs = parse_runs(mode)
    proposal = tier_order_proposal(
        lane=lane, edits=edits, minimum_tier=minimum_tier, profile=profile
    )
    saved = authority_policy(lane)
    describe = ports().describe()
    # Named as the lane would name its tiers once saved; the job ranks by the names documents
    # carry now (``params``), which differ only when the edit renames a tier.
    policy = {
        **policies_snapshot(lane, runs, proposal.named),
        "renames": proposal.renames,
        "ports": describe,
    }
    saved_policy = {**policies_snapshot(lane, runs, saved), "ports": describe}
    return _start(
        lane=lane,
        golden_set=golden_set,
        runs=runs,
        kind=EvaluationRun.Kind.WHAT_IF,
        policy=policy,
        saved_policy=saved_policy,
        # Both policies as they were when asked for, so a save while the job runs changes
        # neither side of the comparison.
        params={
            "golden_set": golden_set.pk,
            "policy": proposal.policy.snapshot(),
            "saved_policy": saved.snapshot(),
        },
        user=user,
        actor=actor,
    )


def golden_questions(golden_set: GoldenSet) -> list[GoldenQuestion]:
    return [GoldenQuestion.from_dict(q) for q in golden_set.questions]

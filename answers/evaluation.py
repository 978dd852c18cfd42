"""The one evaluation loop: every golden question asked in every run (a trust mode, or a mode
with the floor off) of a lane, and scored (docs/design.md#evaluation-runs).

``manage.py evaluate``, the stored evaluation runs and the what-ifs (``evaluations``) and
``scripts/choose_thresholds.py`` all run it. It stores nothing itself: a caller that keeps the
answers passes ``on_outcome``, and a caller resuming an interrupted run passes the outcomes it
already has as ``done``. A golden row whose ``profile`` is ``default.v1`` is asked under the
unranked policy (no tiers, no floor) in every run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from answers.services import MODES, answer_compute
from citenexus.domain.authority import AuthorityPolicy
from citenexus.evaluation import GoldenQuestion, Outcome, score
from common.errors import Invalid
from curation.domain import authority_policy, lane_vocabulary
from curation.models import Document, Lane

RUNS = "strict,normal,exploratory,strict-floor-off"
FLOOR_OFF = "floor-off"
ERR_UNKNOWN_RUN = (
    "unknown run {run!r}: a trust mode (strict, normal, exploratory), or a mode with -floor-off"
)
ERR_NO_RUNS = "no runs given"
ERR_REPEATED_RUN = "run {run!r} is given twice"

# (run name, trust mode, variant): ("strict-floor-off", "strict", "floor-off").
Run = tuple[str, str, str]
OnOutcome = Callable[[str, Outcome], None]


def floor_off(policy: AuthorityPolicy) -> AuthorityPolicy:
    if not policy.order:
        return policy
    return AuthorityPolicy.ordered(policy.order, key=policy.metadata_key)


def parse_runs(text: str) -> list[Run]:
    """``strict,normal,strict-floor-off`` -> [(run, mode, variant), ...]; ``Invalid`` (field
    ``modes``) naming an unknown or repeated run."""
    runs: list[Run] = []
    for run in (r.strip() for r in text.split(",")):
        if not run:
            continue
        mode, _, variant = run.partition("-")
        if mode not in MODES or variant not in ("", FLOOR_OFF):
            raise Invalid("invalid", ERR_UNKNOWN_RUN.format(run=run), {"field": "modes"})
        if any(run == name for name, _, _ in runs):
            raise Invalid("invalid", ERR_REPEATED_RUN.format(run=run), {"field": "modes"})
        runs.append((run, mode, variant))
    if not runs:
        raise Invalid("invalid", ERR_NO_RUNS, {"field": "modes"})
    return runs


def run_policy(base: AuthorityPolicy, variant: str) -> AuthorityPolicy:
    """The policy a run asks under: the base policy, or the base with its floor off."""
    return floor_off(base) if variant == FLOOR_OFF else base


def policies_snapshot(
    lane: Lane, runs: Sequence[Run], policy: AuthorityPolicy | None = None
) -> dict[str, Any]:
    """The authority policy of each run (``policy``, else the lane's), as stored answers keep
    theirs, with what else of the lane the answers depend on."""
    base = policy or authority_policy(lane)
    return {
        **base.snapshot(),
        "lane_jurisdiction": lane.jurisdiction,
        "vocabulary": dict(lane.vocabulary or {}),
        "runs": {run: run_policy(base, variant).snapshot() for run, _, variant in runs},
    }


def evaluate_lane(
    lane: Lane,
    golden: Sequence[GoldenQuestion],
    runs: Sequence[Run],
    settings: Any = None,
    *,
    policy: AuthorityPolicy | None = None,
    done: Mapping[tuple[str, str], Outcome] | None = None,
    on_outcome: OnOutcome | None = None,
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """Every run's report and answers (by question id) for one lane.

    ``settings`` (pipeline settings) replace the deployment's, as scripts/choose_thresholds.py
    does; ``policy`` replaces the lane's (a what-if's unsaved policy); ``done`` holds outcomes
    already computed, by (run, question id), which are scored but not asked again;
    ``on_outcome(run, outcome)`` is called after each question asked.
    """
    metadata = {d.document_id: d.authority for d in Document.objects.filter(lane=lane)}
    unranked = AuthorityPolicy.unranked()
    vocabulary = lane_vocabulary(lane)
    base = policy or authority_policy(lane)
    known = done or {}
    reports: dict[str, dict[str, Any]] = {}
    answers: dict[str, dict[str, Any]] = {}
    for run, mode, variant in runs:
        policy_of_run = run_policy(base, variant)
        outcomes = []
        for g in golden:
            outcome = known.get((run, g.id))
            if outcome is None:
                answer = answer_compute(
                    lane=lane,
                    question=g.question,
                    mode=mode,
                    policy=unranked if g.unranked else policy_of_run,
                    settings=settings,
                )
                outcome = Outcome(g, answer.to_dict())
                if on_outcome is not None:
                    on_outcome(run, outcome)
            outcomes.append(outcome)
        answers[run] = {o.golden.id: dict(o.answer) for o in outcomes}
        reports[run] = score(
            outcomes,
            metadata_of=metadata,
            tier_key=lane.metadata_key,
            lane_jurisdiction=lane.jurisdiction,
            vocabulary=vocabulary,
        ).to_dict()
    return reports, answers

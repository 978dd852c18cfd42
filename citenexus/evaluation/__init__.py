"""Evaluating a lane against a golden question set (docs/design.md#evaluation-runs): reading
the set (``golden``), scoring the answers (``scoring``), and each question's outcome with the
diff between two runs (``results``)."""

from __future__ import annotations

from citenexus.evaluation.golden import (
    ANSWERABLE,
    GOLDEN_PROFILES,
    UNRANKED_PROFILE,
    GoldenFile,
    GoldenProblem,
    GoldenQuestion,
    parse_golden,
    parse_golden_text,
    read_golden,
)
from citenexus.evaluation.results import (
    OUTCOME_FIELDS,
    answer_digest,
    changed_fields,
    outcome_diff,
    question_result,
)
from citenexus.evaluation.scoring import (
    COUNTS,
    MEANS,
    OUT_OF_JURISDICTION_TIER,
    Outcome,
    Report,
    is_out_of_jurisdiction,
    pool,
    score,
)

__all__ = [
    "ANSWERABLE",
    "COUNTS",
    "GOLDEN_PROFILES",
    "MEANS",
    "OUTCOME_FIELDS",
    "OUT_OF_JURISDICTION_TIER",
    "UNRANKED_PROFILE",
    "GoldenFile",
    "GoldenProblem",
    "GoldenQuestion",
    "Outcome",
    "Report",
    "answer_digest",
    "changed_fields",
    "is_out_of_jurisdiction",
    "outcome_diff",
    "parse_golden",
    "parse_golden_text",
    "pool",
    "question_result",
    "read_golden",
    "score",
]

"""One question's outcome in one mode, kept with an evaluation run, and the diff between two
runs (docs/design.md#evaluation-runs).

An outcome is what a reviewer compares: the answer's status and refusal code, the documents its
kept or hedged claims cite, whether it states the expected value, and whether all of that is
what the golden row expected. Two runs are compared question by question (matched on the
question's text, so two files that order or number their questions differently still compare)
in the modes both ran.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from citenexus.evaluation.scoring import Outcome

# The fields of an outcome that a diff compares; ``cited_documents`` as a set (the same
# documents cited in another order is no change of outcome).
OUTCOME_FIELDS = ("status", "refusal_code", "cited_documents", "value_found", "as_expected")


def answer_digest(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The part of an answer (``Answer.to_dict()``) that scoring reads, small enough to keep
    with every result, so a run can be scored again without its stored answers."""
    evidence = answer.get("evidence") or {}
    refusal = answer.get("refusal") or None
    return {
        "status": answer.get("status"),
        "refusal": {"code": refusal.get("code", "")} if refusal else None,
        "claims": [
            {
                "text": claim.get("text", ""),
                "status": claim.get("status", ""),
                "citations": list(claim.get("citations", [])),
            }
            for claim in answer.get("claims", [])
        ],
        "evidence": {
            "groundedness_rate": evidence.get("groundedness_rate", 0.0),
            "citation_rate": evidence.get("citation_rate", 0.0),
        },
    }


def question_result(outcome: Outcome) -> dict[str, Any]:
    """One question's outcome in one mode, as the API shows it (without ``answer_id``)."""
    return {
        "status": str(outcome.answer.get("status", "")),
        "refusal_code": outcome.refusal_code,
        "cited_documents": outcome.cited_documents() if outcome.answered else [],
        "value_found": outcome.value_found,
        "as_expected": outcome.as_expected,
        "trap_documents_cited": outcome.trap_documents_cited(),
    }


def changed_fields(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """The outcome fields that differ between two results of one question in one mode."""
    changed = []
    for name in OUTCOME_FIELDS:
        old, new = before.get(name), after.get(name)
        if name == "cited_documents":
            old, new = sorted(old or []), sorted(new or [])
        if old != new:
            changed.append(name)
    return changed


def _by_question(questions: Iterable[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """Questions by their text; a text asked twice in one file is compared by its first row."""
    found: dict[str, Mapping[str, Any]] = {}
    for question in questions:
        found.setdefault(" ".join(str(question["question"]).split()), question)
    return found


def outcome_diff(
    before: Sequence[Mapping[str, Any]], after: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """The questions whose outcome changed from ``before`` to ``after``, with both outcomes.

    Each side is a list of questions as the API shows them (``question``, ``line``,
    ``category``, ``expected``, ``results`` by mode). Only questions both sides asked, in the
    modes both ran, are compared; the others are counted, never reported as changes.
    """
    old, new = _by_question(before), _by_question(after)
    modes_before = {m for q in before for m in q.get("results", {})}
    ran_after = dict.fromkeys(m for q in after for m in q.get("results", {}))
    modes = [m for m in ran_after if m in modes_before]
    changed: list[dict[str, Any]] = []
    compared = 0
    for text, question in new.items():
        earlier = old.get(text)
        if earlier is None:
            continue
        by_mode: dict[str, Any] = {}
        for mode in modes:
            was = earlier.get("results", {}).get(mode)
            now = question.get("results", {}).get(mode)
            if was is None or now is None:
                continue
            compared += 1
            fields = changed_fields(was, now)
            if fields:
                by_mode[mode] = {"before": was, "after": now, "changed": fields}
        if by_mode:
            changed.append(
                {
                    "question": question["question"],
                    "category": question.get("category", ""),
                    "expected": question.get("expected", {}),
                    "lines": {"before": earlier.get("line"), "after": question.get("line")},
                    "modes": by_mode,
                }
            )
    return {
        "modes": modes,
        "compared": compared,
        "changed": changed,
        "only_before": sorted(q.get("line") or 0 for t, q in old.items() if t not in new),
        "only_after": sorted(q.get("line") or 0 for t, q in new.items() if t not in old),
    }

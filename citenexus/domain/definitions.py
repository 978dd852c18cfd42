"""Which documents' definitions narrow the terms a lane's sources are scoped by
(docs/design.md#applicability).

A definition that says what a term does not include (``citenexus.ingest.definitions``) speaks
for the law that defines it: a source of the lane's own jurisdiction (its own or inherited from
the lane) whose tier meets the lane's floor. Another state's statute defines the term for that
state, and a blog's gloss defines nothing. When two such documents leave different cases out of
one term, which is meant cannot be told, and the term is not narrowed at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from citenexus.domain.applicability import normalise_jurisdiction, scope_patterns
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.jurisdiction import JURISDICTION_KEY
from citenexus.domain.vocabulary import Vocabulary


def governing_definitions(
    documents: Iterable[tuple[Mapping[str, str], Mapping[str, str]]],
    policy: AuthorityPolicy,
    lane_jurisdiction: str,
    vocabulary: Vocabulary,
) -> dict[str, str]:
    """``{term: what it leaves out}`` from ``documents`` (each its authority metadata and its
    narrowing definitions) that speak for the lane's law (module docstring)."""
    lane = normalise_jurisdiction(lane_jurisdiction, vocabulary)  # "" for none
    found: dict[str, str] = {}
    clashes: set[str] = set()
    for meta, narrowed in documents:
        own = str(meta.get(JURISDICTION_KEY) or "").strip()
        if own and normalise_jurisdiction(own, vocabulary) != lane:
            continue
        if not policy.meets_floor(policy.tier(meta)):
            continue
        for term, left_out in narrowed.items():
            if found.setdefault(term, left_out) != left_out:
                clashes.add(term)
    return {term: left for term, left in found.items() if term not in clashes}


def narrowed_value(term: str, vocabulary: Vocabulary) -> str | None:
    """The scope value a defined ``term`` narrows: the one of which it is a whole phrase (as
    applicability reads it), or None when it names none and so narrows nothing."""
    for _, values in scope_patterns(vocabulary):
        for value, pattern in values:
            if pattern.fullmatch(term):
                return value
    return None

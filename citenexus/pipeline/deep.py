"""The deep strategy's sub-queries: one per clause and one per named jurisdiction.

"What notice ends a month-to-month tenancy in California and Texas?" becomes one sub-query per
state; "What notice must a landlord give; how much deposit may they keep?" one per clause. A
sub-query that names no jurisdiction or scope inherits the whole question's.
"""

from __future__ import annotations

import re

from citenexus.domain.applicability import (
    STATES,
    QuestionScope,
    jurisdictions_named,
)
from citenexus.domain.question import read_question
from citenexus.text.tokens import content_words

_STATE_NAME: dict[str, str] = {}
for _name, _code in STATES.items():
    if len(_name) > 5 or _name in {"texas", "maine", "idaho", "iowa", "ohio", "utah"}:
        _STATE_NAME.setdefault(_code, _name.title())

_CLAUSES = re.compile(r"[?;]+")
_AND = re.compile(r"\s*,?\s+and\s+", re.IGNORECASE)
_STATE_LIST = re.compile(
    r"\b(?:in|for|under|of)?\s*(?:the\s+(?:states?\s+of\s+)?)?"
    r"(?P<first>[A-Z][a-z]+(?: [A-Z][a-z]+)?|[A-Z]{2})"
    r"(?:\s*(?:,|and|or|&)\s*(?:[A-Z][a-z]+(?: [A-Z][a-z]+)?|[A-Z]{2}))+"
)


def _split_and(part: str) -> list[str]:
    """Split on "and" only between clause-sized pieces ("landlords and tenants" stays whole)."""
    pieces = _AND.split(part)
    if len(pieces) > 1 and all(len(content_words(p)) >= 3 for p in pieces):
        return pieces
    return [part]


def _per_jurisdiction(part: str) -> list[str]:
    named = jurisdictions_named(part)
    if len(named) < 2:
        return [part]
    match = next(
        (m for m in _STATE_LIST.finditer(part) if len(jurisdictions_named(m.group(0))) >= 2), None
    )
    stem = part if match is None else (part[: match.start()] + part[match.end() :])
    stem = " ".join(stem.split())
    return [f"{stem} in {_STATE_NAME.get(code, code)}" for code in sorted(named)]


def subqueries(question: str, limit: int) -> list[str]:
    """The sub-queries of a question, at most ``limit``; the question itself when it is simple."""
    parts: list[str] = []
    for clause in _CLAUSES.split(question):
        for piece in _split_and(clause.strip()):
            parts.extend(_per_jurisdiction(piece.strip()))
    parts = list(dict.fromkeys(p for p in parts if content_words(p)))
    if len(parts) <= 1:
        return [question]
    return parts[:limit]


def scope_for(subquery: str, whole: QuestionScope) -> QuestionScope:
    """A sub-query's scope, inheriting the whole question's where it names nothing itself: read
    from the sub-query's own frame (docs/design.md#question-frame)."""
    own = read_question(subquery, whole.vocabulary).scope_in()
    jurisdictions = own.jurisdictions or whole.jurisdictions
    scope = {d: own.scope.get(d) or whole.scope.get(d, frozenset()) for d in whole.scope}
    return QuestionScope(
        jurisdictions,
        scope,
        whole.vocabulary,
        own.words,
        own.elsewhere or whole.elsewhere,
        own.periods or whole.periods,
        own.acronyms or whole.acronyms,
    )

"""Scope-excluded questions are refused ``not_applicable`` (docs/design.md#refusal-codes): what
excluded a source is told apart (its place or its scope), and when the floor withheld only
weaker evidence than the best the question's own scope excluded, the code is
``not_applicable``. No database, no vocabulary: the exclusion statements' own words decide.
"""

from __future__ import annotations

from typing import Any

from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.applicability import JURISDICTION, SCOPE, QuestionScope
from citenexus.domain.authority import AuthorityTier
from citenexus.domain.model import Candidate, RefusalCode, Unit
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask
from citenexus.pipeline.pool import Pool
from tests.support.fakes import FLOORED, ContainmentJudge, WordHashEmbedder

FARM_EXCLUSION = "This section does not apply to a farm worker housed by an employer."
FARM_QUESTION = "Can a farm worker housed by an employer repair a defect and deduct the cost?"


def unit(document_id: str, text: str = "A rule.", scope: str = "", **meta: str) -> Unit:
    return Unit(document_id, 0, text, scope=scope, authority_meta=meta)


def candidate(u: Unit, relevance: float) -> Candidate:
    return Candidate(u, AuthorityTier(1, "t"), relevance)


# What excluded a source: its place, or its scope.
def test_an_exclusion_says_whether_the_place_or_the_scope_excluded_the_source() -> None:
    scope = QuestionScope.parse(FARM_QUESTION, "CA")
    place = scope.exclusion(unit("tx", jurisdiction="TX"))
    assert place is not None and place.kind == JURISDICTION
    statement = scope.exclusion(unit("ca", scope=FARM_EXCLUSION, jurisdiction="CA"))
    assert statement is not None and statement.kind == SCOPE
    assert FARM_EXCLUSION in statement.reason
    assert scope.exclusion(unit("ca", jurisdiction="CA")) is None
    # another place is read first, whatever the scope says
    both = scope.exclusion(unit("tx", scope=FARM_EXCLUSION, jurisdiction="TX"))
    assert both is not None and both.kind == JURISDICTION


def test_the_reason_alone_is_still_offered() -> None:
    scope = QuestionScope.parse(FARM_QUESTION, "CA")
    excluded = unit("ca", scope=FARM_EXCLUSION)
    found = scope.exclusion(excluded)
    assert found is not None and scope.exclusion_reason(excluded) == found.reason


# The pool: which removed units the question's scope left out, and which was best.
def row(key: str, kind: str) -> dict[str, str]:
    return {"key": key, "document_id": key.split("#")[0], "reason": "r", "kind": kind}


def pool(relevant: list[Candidate], rows: list[dict[str, str]]) -> Pool:
    return Pool(relevant=relevant, inapplicable=rows)


def test_units_excluded_for_their_scope_alone_are_out_of_scope() -> None:
    rows = [row("a#0", SCOPE), row("b#0", JURISDICTION), row("c#0", SCOPE), row("c#0", "x")]
    assert pool([], rows).out_of_scope() == {"a#0", "c#0"}
    # one sub-query excluded it for its place: its scope is not what left it out
    assert pool([], [row("a#0", SCOPE), row("a#0", JURISDICTION)]).out_of_scope() == set()


def test_the_best_unit_of_the_place_decides_whether_scope_removed_the_best() -> None:
    other_place = candidate(unit("tx"), 0.9)
    out_of_scope = candidate(unit("ca"), 0.7)
    withheld = candidate(unit("forum"), 0.6)
    rows = [row("tx#0", JURISDICTION), row("ca#0", SCOPE)]
    assert pool([other_place, out_of_scope, withheld], rows).best_out_of_scope()
    stronger = candidate(unit("forum"), 0.8)
    assert not pool([other_place, out_of_scope, stronger], rows).best_out_of_scope()
    assert not pool([other_place], rows[:1]).best_out_of_scope()  # only other places
    assert not pool([], []).best_out_of_scope()


# End to end in memory: the floor withheld only weaker evidence than the scope excluded.
REPAIR_RULE = (
    "A tenant may repair a defect that makes the housing unfit and deduct the cost of the "
    "repair from the rent."
)
FORUM_POST = "Hi all. My employer housed me on the farm and kept part of my pay for the cost."


def lane(forum: str = FORUM_POST) -> MemoryStore:
    store = MemoryStore(WordHashEmbedder())
    store.add_document(
        "housing-12",
        [Piece(REPAIR_RULE, scope=FARM_EXCLUSION)],
        authority={"authority_tier": "controlling-statute", "jurisdiction": "CA"},
    )
    store.add_document(
        "farm-forum",
        [Piece(forum)],
        authority={"authority_tier": "secondary-blog", "jurisdiction": "CA"},
    )
    return store


def asked(store: MemoryStore, question: str = FARM_QUESTION, mode: str = "strict") -> Any:
    return ask(
        question,
        retriever=store,
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode=mode,
        settings=PipelineSettings(ground_threshold=0.1),
        lane_jurisdiction="CA",
    )


def relevance(answer: Any, document_id: str) -> float:
    return max(c["relevance"] for c in answer.candidates if c["document_id"] == document_id)


def test_a_question_its_scope_excludes_is_not_applicable_though_the_floor_withheld_a_post() -> None:
    answer = asked(lane())
    assert relevance(answer, "housing-12") > relevance(answer, "farm-forum")
    assert answer.status == "refused"
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.NOT_APPLICABLE
    assert list(answer.evidence.withheld) == ["farm-forum"]  # the floor's removal is still reported
    reasons = {row["document_id"]: row for row in answer.evidence.inapplicable}
    assert reasons["housing-12"]["kind"] == SCOPE
    assert FARM_EXCLUSION in reasons["housing-12"]["reason"]


def test_when_the_floor_withheld_the_best_evidence_the_code_stays_the_floors() -> None:
    # the post now answers the question's own words better than the excluded rule does
    answer = asked(lane(forum=FARM_QUESTION.replace("Can a", "Yes: a").rstrip("?") + "."))
    assert relevance(answer, "farm-forum") > relevance(answer, "housing-12")
    assert answer.refusal is not None
    assert answer.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR

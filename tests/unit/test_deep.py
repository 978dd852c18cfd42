"""The deep strategy: sub-queries pooled through select_by_authority at admission and finish."""

from __future__ import annotations

import pytest

from citenexus.domain.answer import ERR_UNKNOWN_STRATEGY
from citenexus.domain.applicability import QuestionScope
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import ask
from citenexus.pipeline.deep import scope_for, subqueries
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    ContainmentJudge,
    WordHashEmbedder,
    memory_lane,
)
from tests.support.vocabularies import TENANCY

TWO_PART = (
    "What notice must an owner give to end a month-to-month tenancy and can a landlord keep "
    "the security deposit to repaint?"
)


def run(question: str, *, strategy: str = "deep", mode: str = "strict"):
    return ask(
        question,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode=mode,
        strategy=strategy,
    )


def test_a_question_naming_two_states_becomes_one_subquery_per_state() -> None:
    assert subqueries("What notice ends a month-to-month tenancy in California and Texas?", 4) == [
        "What notice ends a month-to-month tenancy in California",
        "What notice ends a month-to-month tenancy in Texas",
    ]


def test_clauses_become_subqueries() -> None:
    assert subqueries("What notice must a landlord give; how much deposit may they keep?", 4) == [
        "What notice must a landlord give",
        "how much deposit may they keep",
    ]


def test_and_between_single_words_does_not_split() -> None:
    question = "What duties do landlords and tenants share?"
    assert subqueries(question, 4) == [question]


def test_the_subquery_budget_is_respected() -> None:
    assert len(subqueries("notice rules; deposit rules; fee rules; pet rules", 3)) == 3


def test_a_subquery_inherits_the_questions_jurisdiction_and_scope() -> None:
    whole = QuestionScope.parse("Commercial lease notice in Texas; and deposits?", "", TENANCY)
    scope = scope_for("and deposits", whole)
    assert scope.vocabulary is TENANCY
    assert scope.jurisdictions == {"TX"}
    assert scope.scope["use"] == {"commercial"}
    assert scope_for("deposits in Florida", whole).jurisdictions == {"FL"}


def test_deep_answers_pool_evidence_from_every_subquery() -> None:
    answer = run(TWO_PART)
    assert answer.strategy == "deep"
    assert answer.status == "answered"
    cited = {k for c in answer.claims if c.useful for k in c.citations}
    assert {"ca-civ-1946-1#0", "ca-civ-1950-5#0"} <= cited
    assert len(answer.policy["subqueries"]) == 2


def test_deep_withholds_across_subqueries_and_reports_the_weakest_cited_tier() -> None:
    answer = run(TWO_PART)
    assert set(answer.evidence.withheld) == {"fl-stat-83-57", "tenant-forum-post"}
    assert answer.evidence.authority_floor_applied is True
    assert answer.evidence.authority_tier == "statute"


def test_a_single_strategy_on_the_same_question_records_its_one_query() -> None:
    answer = run(TWO_PART, strategy="single")
    assert answer.policy["subqueries"] == [TWO_PART]


def test_an_unknown_strategy_is_an_error() -> None:
    with pytest.raises(
        ValueError, match=ERR_UNKNOWN_STRATEGY.format(strategy="wide").replace("(", r"\(")
    ):
        run("anything", strategy="wide")

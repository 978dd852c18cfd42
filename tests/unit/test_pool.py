"""The pooled evidence of one ask (citenexus/pipeline/pool.py): what each stage removed, with its
refusal code, and the stage every scored candidate reached. No database."""

from __future__ import annotations

import dataclasses

from citenexus.domain.authority import TrustMode, select_by_authority
from citenexus.domain.model import RefusalCode
from citenexus.pipeline.pool import Pool, pool_of
from citenexus.pipeline.retrieval import Gathered
from tests.unit.test_handover import POLICY, candidate

STRICT = TrustMode.parse("strict")


def test_removed_pairs_each_removed_candidate_with_its_stages_code_most_relevant_first() -> None:
    elsewhere = candidate("elsewhere", "statute", 0.6)
    blog = candidate("blog", "secondary-blog", 0.8)
    weak_blog = candidate("weak-blog", "secondary-blog", 0.3)
    kept = candidate("kept", "statute", 0.9)
    pool = Pool(
        relevant=[kept, elsewhere],
        inapplicable=[{"key": elsewhere.key, "reason": "the question concerns CA"}],
        withheld=[weak_blog, blog],
    )
    assert [(code, c.unit.document_id) for code, c in pool.removed()] == [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, "blog"),
        (RefusalCode.NOT_APPLICABLE, "elsewhere"),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, "weak-blog"),
    ]


def test_each_candidate_row_names_the_last_stage_it_reached_most_relevant_first() -> None:
    c = {
        name: candidate(name, tier, relevance)
        for name, tier, relevance in [
            ("drafted", "statute", 0.95),
            ("second", "statute", 0.9),
            ("blog", "secondary-blog", 0.85),
            ("grounded-only", "statute", 0.8),
            ("elsewhere", "statute", 0.75),
            ("past-k", "statute", 0.7),
            ("no-value", "statute", 0.65),
            ("far-below", "statute", 0.62),
            ("words-only", "statute", 0.6),
            ("low", "statute", 0.1),
        ]
    }
    pool = Pool(
        candidates=list(reversed(c.values())),
        relevant=[c["past-k"], c["elsewhere"]],
        grounded=[c["grounded-only"]],
        inapplicable=[{"key": c["elsewhere"].key, "reason": "elsewhere"}],
        valueless=[c["no-value"]],
        beyond_margin=[c["far-below"]],
        far_in_meaning=[c["words-only"]],
        selected=[c["drafted"], c["second"]],
        withheld=[c["blog"]],
    )
    rows = pool.rows(1)
    assert [(row["document_id"], row["stage"]) for row in rows] == [
        ("drafted", "generated"),
        ("second", "selected"),
        ("blog", "withheld"),
        ("grounded-only", "grounded"),
        ("elsewhere", "inapplicable"),
        ("past-k", "beyond_ground_k"),
        ("no-value", "states_no_value_asked"),
        ("far-below", "beyond_margin"),
        ("words-only", "below_min_cosine"),
        ("low", "below_threshold"),
    ]


def test_the_deep_strategy_selects_the_pooled_candidates_most_relevant_first() -> None:
    first = candidate("first-query", "statute", 0.5)
    second = candidate("second-query", "statute", 0.9)
    found = [
        Gathered(grounded=[g], selection=select_by_authority([g], POLICY, STRICT))
        for g in (first, second)
    ]
    pool = pool_of(found, POLICY, STRICT, ["q1", "q2"])
    assert [c.unit.document_id for c in pool.selected] == ["second-query", "first-query"]


def test_a_unit_found_twice_keeps_its_best_scores_and_on_a_tie_the_first_found() -> None:
    first = candidate("statute", "statute", 0.7)
    tie = dataclasses.replace(first, scores={"rerank": 0.7, "vector": 0.1})
    better = dataclasses.replace(first, relevance=0.8)
    found = [
        Gathered(candidates=[c], grounded=[c], selection=select_by_authority([c], POLICY, STRICT))
        for c in (first, tie)
    ]
    assert pool_of(found, POLICY, STRICT, ["q1", "q2"]).candidates[0] is first
    found.append(
        Gathered(
            candidates=[better],
            grounded=[better],
            selection=select_by_authority([better], POLICY, STRICT),
        )
    )
    assert pool_of(found, POLICY, STRICT, ["q1", "q2", "q3"]).candidates == [better]


def test_sub_queries_pool_what_the_cosine_bar_kept_out_and_an_earlier_stage_wins() -> None:
    words = candidate("words-only", "statute", 0.6)
    both = candidate("both", "statute", 0.7)
    found = [
        Gathered(candidates=[words, both], far_in_meaning=[words, both]),
        Gathered(
            candidates=[both],
            relevant=[both],
            grounded=[both],
            far_in_meaning=[words],
            selection=select_by_authority([both], POLICY, STRICT),
        ),
    ]
    pool = pool_of(found, POLICY, STRICT, ["q1", "q2"])
    assert [c.key for c in pool.far_in_meaning] == [words.key, both.key]
    # Far in meaning for one sub-query, relevant for another: the stage it reached is reported.
    assert {row["document_id"]: row["stage"] for row in pool.rows(8)} == {
        "both": "generated",
        "words-only": "below_min_cosine",
    }


def test_what_the_margin_cut_is_pooled_once_over_the_sub_queries() -> None:
    far = candidate("far", "statute", 0.5)
    found = [Gathered(beyond_margin=[far], selection=select_by_authority([], POLICY, STRICT))] * 2
    pool = pool_of(found, POLICY, STRICT, ["q1", "q2"])
    assert pool.beyond_margin == [far]
    assert [row["stage"] for row in pool.rows(8) if row["key"] == far.key] == []  # not scored
    pool.candidates = [far]
    assert [row["stage"] for row in pool.rows(8)] == ["beyond_margin"]

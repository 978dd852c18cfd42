"""Fusion, rerank and relevance at their edges (pipeline/retrieval.py): the order fusion gives,
every score a candidate carries for the reviewer, what a unit missing from one retriever's hits
scores, and the relative margin's bar."""

from __future__ import annotations

import pytest

from citenexus.domain.applicability import QuestionScope
from citenexus.domain.authority import AuthorityPolicy, AuthorityTier
from citenexus.domain.model import Candidate, ScoredUnit, Unit
from citenexus.domain.vocabulary import Vocabulary
from citenexus.pipeline.retrieval import gather, ground, reciprocal_rank_fusion, rerank
from citenexus.pipeline.settings import PipelineSettings
from citenexus.pipeline.timing import Timings
from tests.support.fakes import WordHashEmbedder, memory_lane

POLICY = AuthorityPolicy.unranked()
# Only the full-text score counts, or only the cosine: each blend reads one score.
TEXT_ONLY = PipelineSettings(weight_cosine=0.0, weight_text=1.0, weight_lexical=0.0)
COSINE_ONLY = PipelineSettings(weight_cosine=1.0, weight_text=0.0, weight_lexical=0.0)


def unit(document_id: str, text: str = "Notice rules.", embedding=None) -> Unit:
    return Unit(document_id, 0, text, embedding=embedding)


def scores_of(candidates: list[Candidate]) -> dict[str, dict[str, float]]:
    return {c.key: dict(c.scores) for c in candidates}


def test_fusion_orders_by_summed_reciprocal_rank_not_by_key() -> None:
    b, a = unit("b"), unit("a")
    fused = reciprocal_rank_fusion([[ScoredUnit(b, 1.0), ScoredUnit(a, 0.5)]], k=60)
    assert [u.key for u, _ in fused] == ["b#0", "a#0"]
    assert fused[0][1] == pytest.approx(1 / 61) and fused[1][1] == pytest.approx(1 / 62)


def test_full_text_scores_are_shared_of_the_best_positive_one() -> None:
    a, b, c = unit("a"), unit("b"), unit("c")
    text_hits = [ScoredUnit(a, 0.5), ScoredUnit(b, 0.25), ScoredUnit(c, 0.0)]
    fused = [(a, 0.1), (b, 0.1), (c, 0.1)]
    out = scores_of(rerank({"notice"}, [1.0, 0.0], fused, text_hits, [], POLICY, TEXT_ONLY))
    assert [out[k]["text_norm"] for k in ("a#0", "b#0", "c#0")] == [1.0, 0.5, 0.0]
    assert [out[k]["text"] for k in ("a#0", "b#0", "c#0")] == [0.5, 0.25, 0.0]


def test_full_text_scores_of_zero_alone_normalise_to_zero() -> None:
    a = unit("a")
    out = rerank({"notice"}, [1.0, 0.0], [(a, 0.1)], [ScoredUnit(a, 0.0)], [], POLICY, TEXT_ONLY)
    assert out[0].scores["text_norm"] == 0.0 and out[0].relevance == 0.0


def test_a_unit_only_one_retriever_found_scores_zero_in_the_other() -> None:
    texted, vectored = unit("texted"), unit("vectored")
    fused = [(texted, 0.1), (vectored, 0.1)]
    out = scores_of(
        rerank(
            {"notice"},
            [1.0, 0.0],
            fused,
            [ScoredUnit(texted, 0.8)],
            [ScoredUnit(vectored, 0.6)],
            POLICY,
            PipelineSettings(weight_cosine=0.5, weight_text=0.5, weight_lexical=0.0),
        )
    )
    assert (out["texted#0"]["text"], out["texted#0"]["vector"]) == (0.8, 0.0)
    assert (out["vectored#0"]["text"], out["vectored#0"]["vector"]) == (0.0, 0.6)
    assert out["texted#0"]["cosine"] == 0.0  # no embedding and no vector hit: no cosine
    assert out["vectored#0"]["text_norm"] == 0.0
    assert out["texted#0"]["rerank"] == pytest.approx(0.5)
    assert out["vectored#0"]["rerank"] == pytest.approx(0.3)


def test_a_vector_score_outside_zero_to_one_is_clamped() -> None:
    a, b = unit("a"), unit("b")
    vector_hits = [ScoredUnit(a, 1.5), ScoredUnit(b, -0.2)]
    out = scores_of(
        rerank({"x"}, [1.0, 0.0], [(a, 0.1), (b, 0.1)], [], vector_hits, POLICY, COSINE_ONLY)
    )
    assert (out["a#0"]["cosine"], out["b#0"]["cosine"]) == (1.0, 0.0)
    assert (out["a#0"]["vector"], out["b#0"]["vector"]) == (1.5, -0.2)


def test_a_unit_with_an_embedding_is_compared_with_the_question_itself() -> None:
    a = unit("a", embedding=(0.0, 1.0))
    out = rerank({"x"}, [1.0, 0.0], [(a, 0.1)], [], [ScoredUnit(a, 0.9)], POLICY, COSINE_ONLY)
    assert out[0].scores["cosine"] == 0.0 and out[0].scores["vector"] == 0.9


def candidate(document_id: str, relevance: float) -> Candidate:
    return Candidate(unit(document_id, "A rule."), AuthorityTier(0, "t"), relevance)


def test_the_relative_margins_bar_keeps_a_candidate_exactly_on_it() -> None:
    candidates = [candidate("best", 0.75), candidate("on", 0.5), candidate("below", 0.4375)]
    settings = PipelineSettings(ground_threshold=0.25, relative_margin=0.25)
    relevant, grounded, _, _, _ = ground(
        "Which rule?", candidates, QuestionScope.read(frozenset(), (), frozenset()), settings
    )
    assert [c.key for c in relevant] == ["best#0", "on#0"]
    assert [c.key for c in grounded] == ["best#0", "on#0"]


def test_gather_reads_the_query_with_the_lanes_vocabulary_whatever_is_active() -> None:
    # "Gotham" is a place in this lane's vocabulary: applicability reads it, the rerank's word
    # overlap does not count it. Read without the vocabulary, it is a word the unit lacks.
    vocabulary = Vocabulary.from_mapping({"jurisdictions": {"GT": ["Gotham"]}})
    documents = [("rule", "Notice must be written.", {"jurisdiction": "GT"})]
    scope = QuestionScope.read(frozenset({"GT"}), (), frozenset(), "GT", vocabulary)
    found = gather(
        "Notice in Gotham?",
        scope=scope,
        retriever=memory_lane(documents),
        embedder=WordHashEmbedder(),
        policy=POLICY,
        mode="strict",
        settings=PipelineSettings(ground_threshold=0.05),
        timings=Timings(),
    )
    assert found.candidates[0].scores["lexical"] == 1.0


# --- a sum of money or a share the question states ----------------------------------------------

AMOUNT_ONLY = PipelineSettings(weight_cosine=0.0, weight_text=0.0, weight_lexical=0.0)
ASKED = frozenset({("amount", 125.0, "")})


def test_a_unit_stating_the_questions_amount_gains_the_amount_weight() -> None:
    stated = unit("stated", "If a deduction exceeds $125, the owner shall attach receipts.")
    other = unit("other", "If a deduction exceeds $200, the owner shall attach receipts.")
    euros = unit("euros", "If a deduction exceeds €125, the owner shall attach receipts.")
    share = unit("share", "The charge may not exceed 125 percent of the cost.")
    fused = [(u, 0.1) for u in (other, euros, share, stated)]
    out = rerank({"x"}, [1.0, 0.0], fused, [], [], POLICY, AMOUNT_ONLY, ASKED)
    assert out[0].key == "stated#0"  # the only one that moves, past those fused before it
    scores = scores_of(out)
    assert scores["stated#0"]["amount"] == 1.0
    assert scores["stated#0"]["rerank"] == pytest.approx(AMOUNT_ONLY.weight_amount)
    for key in ("other#0", "euros#0", "share#0"):  # another sum, currency or kind
        assert scores[key]["amount"] == 0.0 and scores[key]["rerank"] == 0.0
    # a question stating no amount adds nothing, whatever the unit states
    alone = rerank({"x"}, [1.0, 0.0], [(stated, 0.1)], [], [], POLICY, AMOUNT_ONLY)
    assert alone[0].scores["amount"] == 0.0 and alone[0].relevance == 0.0


def test_the_amount_weight_never_lifts_a_relevance_above_one() -> None:
    stated = unit("stated", "If a deduction exceeds $125, the owner shall attach receipts.")
    hits = [ScoredUnit(stated, 0.9)]
    out = rerank({"x"}, [1.0, 0.0], [(stated, 0.1)], hits, [], POLICY, TEXT_ONLY, ASKED)
    assert out[0].relevance == 1.0 and out[0].scores["rerank"] == 1.0
    heavy = PipelineSettings(weight_cosine=0.0, weight_text=0.5, weight_lexical=0.0)
    half = rerank({"x"}, [1.0, 0.0], [(stated, 0.1)], hits, [], POLICY, heavy, ASKED)
    assert half[0].relevance == pytest.approx(0.5 + heavy.weight_amount)


@pytest.mark.parametrize("bad", [-0.01, 1.01, "0.05"])
def test_the_amount_weight_is_a_share(bad: object) -> None:
    with pytest.raises(ValueError, match="weight_amount"):
        PipelineSettings(weight_amount=bad)  # type: ignore[arg-type]


def test_gather_looks_for_the_amounts_the_question_states() -> None:
    documents = [
        ("late", "A late charge above $50 is void.", {}),
        ("receipts", "A deduction above $125 needs receipts.", {}),
    ]
    found = gather(
        "I was charged $125 for cleaning. What proof do I get?",
        scope=QuestionScope.read(frozenset(), (), frozenset()),
        retriever=memory_lane(documents),
        embedder=WordHashEmbedder(),
        policy=POLICY,
        mode="strict",
        settings=AMOUNT_ONLY,
        timings=Timings(),
    )
    assert [c.key for c in found.candidates][:1] == ["receipts#0"]
    assert {c.key: c.scores["amount"] for c in found.candidates} == {
        "late#0": 0.0,
        "receipts#0": 1.0,
    }

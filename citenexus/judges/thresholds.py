"""Every threshold the judges use, in one frozen settings object (recorded in each answer)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

ERR_FRACTION = "judge threshold {name} must be between 0 and 1, got {value!r}"
ERR_POSITIVE = "judge setting {name} must be a positive number, got {value!r}"

_FRACTIONS = (
    "lexical_min_coverage",
    "lexical_decline_coverage",
    "negation_min_coverage",
    "negation_agree_min_coverage",
    "numeric_min_coverage",
    "numeric_contradict_min_coverage",
    "embedding_min_similarity",
    "embedding_coarse_min_similarity",
    "embedding_unit_min_similarity",
)
_POSITIVE = (
    "align_max_sentences",
    "negation_max_scope",
    "embedding_cache_size",
    "llm_timeout_s",
)


@dataclass(frozen=True)
class JudgeThresholds:
    """The judges' thresholds and sizes, with their defaults.

    - ``lexical_min_coverage`` (0.9): share of the claim's content words (quantities included)
      that the aligned span must contain for lexical to say entails; 0.9 lets a claim of ten or
      more content words miss one, shorter claims none.
    - ``lexical_decline_coverage`` (0.6): below this share lexical says neutral (the passage
      does not hold the claim's words); from it up to ``lexical_min_coverage`` is the paraphrase
      zone, where lexical cannot tell and declines (docs/design.md#the-judges).
    - ``align_max_sentences`` (3): how many consecutive sentences of a unit one claim may be
      aligned against (a fragment may cross a sentence end; a claim stitched from far-apart
      sentences is not a compression).
    - ``negation_max_scope`` (20): how many content words a negation marker reaches before its
      clause ends. Generous on purpose: a compression shortens the clause, and a tight limit
      would leave the same word inside the scope in the passage and outside it in the claim.
    - ``negation_min_coverage`` (0.7): share of the claim's content words the aligned sentences
      must hold before the negation judge speaks: below it the passage is about another matter
      and its "not" says nothing about the claim.
    - ``negation_agree_min_coverage`` (0.6): from this share up to ``negation_min_coverage``
      the negation judge speaks only to agree (both texts deny the same head); a flip there is
      no proof of anything, and it declines.
    - ``numeric_min_coverage`` (0.5): share of the claim's other content words the aligned span
      must contain before the numeric judge speaks about it: a conflicting value then
      contradicts, a missing one is neutral; below it the judge declines (another matter).
    - ``numeric_contradict_min_coverage`` (0.7): the share needed before a conflicting value
      contradicts; between ``numeric_min_coverage`` and it a conflict is only neutral (the
      claim is not supported, but a value of a neighbouring matter is no proof against it). On
      the development pairs of the judge benchmark every value swap scores 0.75 or more, and
      the unrelated numbers that were read as conflicts 0.5-0.67.
    - ``embedding_min_similarity`` (0.75): cosine similarity between claim and best span at or
      above which the embedding judge says entails (measured on all-MiniLM-L6-v2).
    - ``embedding_coarse_min_similarity`` (0.2): below this similarity to the unit's stored
      embedding the span embeddings are not computed; the verdict is neutral.
    - ``embedding_spans`` (False): compare the claim with the unit's spans (embedded at ask
      time, costly) instead of with the unit's embedding stored at ingest
      (docs/design.md#the-embedder).
    - ``embedding_unit_min_similarity`` (0.05): in unit mode, below this similarity to the unit's
      stored embedding the claim is not supported. A sanity veto only: on the example lane a
      faithful sentence scores 0.04-0.95 against its own unit (1 of 300 below 0.05) while
      unrelated units score up to 0.67, so a higher bar would veto faithful claims.
    - ``embedding_cache_size`` (1024): unit texts whose span embeddings are kept (LRU).
    - ``llm_timeout_s`` (60): seconds the LLM judge waits for the endpoint.
    """

    lexical_min_coverage: float = 0.9
    lexical_decline_coverage: float = 0.6
    align_max_sentences: int = 3
    negation_max_scope: int = 20
    negation_min_coverage: float = 0.7
    negation_agree_min_coverage: float = 0.6
    numeric_min_coverage: float = 0.5
    numeric_contradict_min_coverage: float = 0.7
    embedding_min_similarity: float = 0.75
    embedding_coarse_min_similarity: float = 0.2
    embedding_spans: bool = False
    embedding_unit_min_similarity: float = 0.05
    embedding_cache_size: int = 1024
    llm_timeout_s: float = 60.0

    def __post_init__(self) -> None:
        for name in _FRACTIONS:
            value = getattr(self, name)
            if isinstance(value, bool) or not 0.0 <= value <= 1.0:
                raise ValueError(ERR_FRACTION.format(name=name, value=value))
        for name in _POSITIVE:
            value = getattr(self, name)
            if isinstance(value, bool) or not value > 0:
                raise ValueError(ERR_POSITIVE.format(name=name, value=value))

    def to_dict(self) -> dict[str, float | int]:
        """The settings as a JSON-able mapping (for the answer's policy snapshot)."""
        return dict(asdict(self))

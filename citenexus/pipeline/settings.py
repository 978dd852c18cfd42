"""Every threshold and size the pipeline uses, with its documented default
(docs/design.md#defaults).

The defaults were chosen on the California housing example corpus the tests build (see
tests/unit/test_pipeline_retrieval.py): with the hashing embedder the relevant units score
0.35-0.8 and unrelated ones below 0.2, so 0.25 admits the first and rejects the second.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

ERR_BAD_SETTING = "pipeline setting {name} must be {rule}, got {value!r}"
ERR_UNKNOWN_SETTING = "unknown pipeline setting {name!r}"


@dataclass(frozen=True)
class PipelineSettings:
    """Sizes and thresholds of one ask or verify call; recorded in every answer's policy."""

    ground_threshold: float = 0.25  # reranked score a candidate needs to count as relevant
    ground_k: int = 50  # at most this many grounded candidates
    generate_k: int = 8  # the top of the selection handed to the generator
    retrieve_k: int = 50  # hits taken from each retriever (full-text, vector)
    rrf_k: int = 60  # reciprocal rank fusion constant
    weight_cosine: float = 0.45  # rerank blend: question-unit embedding cosine
    weight_text: float = 0.15  # rerank blend: full-text score, normalised to the best hit
    weight_lexical: float = 0.40  # rerank blend: question content words found in the unit
    # Rerank: added when the unit states a sum of money or a share the question states ("more
    # than $125", "by 12 percent"); capped so a relevance stays at most 1.
    weight_amount: float = 0.05
    best_candidates: int = 3  # top candidates reported with no_relevant_evidence
    script_share: float = 0.5  # share of letters in a foreign script that makes text unsupported
    deep_max_subqueries: int = 4  # the deep strategy's sub-query budget
    # Refuse when evidence the floor or applicability removed is more similar to the question
    # than every draft segment by this much (pipeline/responsive.py); None turns it off.
    # Off by default: the gap depends on the embedder (0.3 is MiniLM's, set by the web app).
    removed_answer_margin: float | None = None
    # Relevance is relative too: a candidate further than this below the best relevant candidate
    # of the question (applicable or not) is not evidence for it. When the sources that speak to
    # the question are removed (another state's, another kind of case), what is left far below
    # them is about something else. None turns it off.
    relative_margin: float | None = None
    # The same, only for a question that names a jurisdiction other than the lane's: there the
    # lane's own law answering best but not applying means the place asked about has nothing
    # comparable, and what is left far below it answers something else.
    elsewhere_margin: float | None = None
    # The hand-over to the generator is relative too: the top ``generate_k`` of the selection's
    # candidates that come within this of the most relevant selected one that meets the floor
    # (pipeline/pool.py Pool.top). None hands over the top ``generate_k`` as they stand.
    handover_margin: float | None = None
    # Relevance needs meaning as well as words: a candidate whose embedding cosine to the
    # question is below this is not relevant, however many of the question's words it shares
    # (a deposit ruling that shares "landlord", "let" and "giving" with a question about
    # subletting). None turns it off. Off by default: cosines depend on the embedder.
    min_cosine: float | None = None

    def __post_init__(self) -> None:
        for name in ("ground_k", "generate_k", "retrieve_k", "rrf_k", "deep_max_subqueries"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise ValueError(
                    ERR_BAD_SETTING.format(name=name, rule="an integer >= 1", value=value)
                )
        if not isinstance(self.best_candidates, int) or self.best_candidates < 0:
            raise ValueError(
                ERR_BAD_SETTING.format(
                    name="best_candidates", rule="an integer >= 0", value=self.best_candidates
                )
            )
        for name in (
            "ground_threshold",
            "weight_cosine",
            "weight_text",
            "weight_lexical",
            "weight_amount",
            "script_share",
        ):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not 0.0 <= float(value) <= 1.0:
                raise ValueError(
                    ERR_BAD_SETTING.format(name=name, rule="a number in [0, 1]", value=value)
                )

        for name in ("relative_margin", "elsewhere_margin", "handover_margin", "min_cosine"):
            relative = getattr(self, name)
            if relative is not None and (
                not isinstance(relative, int | float) or not 0.0 < float(relative) <= 1.0
            ):
                raise ValueError(
                    ERR_BAD_SETTING.format(
                        name=name, rule="None or a number in (0, 1]", value=relative
                    )
                )
        margin = self.removed_answer_margin
        if margin is not None and (
            not isinstance(margin, int | float) or not 0.0 < float(margin) <= 2.0
        ):
            raise ValueError(
                ERR_BAD_SETTING.format(
                    name="removed_answer_margin", rule="None or a number in (0, 2]", value=margin
                )
            )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PipelineSettings:
        """Settings from a mapping; unknown names are an error, missing ones take defaults."""
        known = {f.name for f in fields(cls)}
        for name in data:
            if name not in known:
                raise ValueError(ERR_UNKNOWN_SETTING.format(name=name))
        return cls(**dict(data))

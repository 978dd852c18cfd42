"""The composition root: the ports the pipeline runs on, built once per process from settings.

In the manner of cosmicpython's ``bootstrap.py``, this is the one module that reads the settings
choosing the embedder, the generator, the judges and the pipeline's sizes and thresholds; the
services, pages, API, CLI and MCP tools take the built ports from ``ports()``, and a test or a
benchmark that changes one of those settings calls ``reset()``. It lives in ``curation`` because
ingest needs the embedder too, and ``answers`` builds on ``curation`` (docs/design.md).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from citenexus.domain.answer import SINGLE, Answer
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.model import Segment
from citenexus.domain.vocabulary import Vocabulary
from citenexus.pipeline.settings import PipelineSettings
from citenexus.ports import Embedder, Generator, Judge
from curation.domain import authority_policy, lane_vocabulary
from curation.models import Lane
from curation.retrieval import PostgresRetriever

ERR_DIMENSION = (
    "embedder {name} gives {dimension} dimensions but CITENEXUS_EMBED_DIMENSION is {setting}; "
    "change both with `manage.py reembed`"
)
# Pipeline settings a deployment may set as CITENEXUS_<NAME>; unset ones keep the defaults.
_SIZES = ("ground_threshold", "ground_k", "generate_k", "retrieve_k")
# The margins (and the cosine bar) are always set: the settings module chooses each one's value
# per embedder.
_MARGINS = (
    "removed_answer_margin",
    "relative_margin",
    "elsewhere_margin",
    "handover_margin",
    "min_cosine",
)


def _embedder() -> Embedder:
    from citenexus.embedders import embedder_from_settings

    name = settings.CITENEXUS_EMBEDDER
    kwargs: dict[str, object] = {}
    if name in ("minilm", "minilm-l6-int8") and settings.CITENEXUS_EMBED_THREADS > 0:
        kwargs["intra_op_threads"] = settings.CITENEXUS_EMBED_THREADS
    elif name == "hashing":
        kwargs["dimension"] = settings.CITENEXUS_EMBED_DIMENSION
    elif name == "openai":
        kwargs.update(
            dimension=settings.CITENEXUS_EMBED_DIMENSION,
            base_url=settings.CITENEXUS_EMBED_BASE_URL,
            model=settings.CITENEXUS_EMBED_MODEL,
            api_key=settings.CITENEXUS_EMBED_API_KEY,
        )
    embedder = embedder_from_settings(name, **kwargs)
    # One embedder per deployment (docs/design.md): stored vectors must match what it gives.
    if embedder.dimension != settings.CITENEXUS_EMBED_DIMENSION:
        raise RuntimeError(
            ERR_DIMENSION.format(
                name=embedder.name,
                dimension=embedder.dimension,
                setting=settings.CITENEXUS_EMBED_DIMENSION,
            )
        )
    return embedder


def _generator(embedder: Embedder) -> Generator:
    from citenexus.generators import ExtractiveGenerator, OpenAIChatGenerator

    if settings.CITENEXUS_LLM_BASE_URL:
        return OpenAIChatGenerator(
            base_url=settings.CITENEXUS_LLM_BASE_URL,
            model=settings.CITENEXUS_LLM_MODEL,
            api_key=settings.CITENEXUS_LLM_API_KEY,
            timeout=settings.CITENEXUS_LLM_TIMEOUT,
        )
    return ExtractiveGenerator(embedder=embedder)


def _judges(embedder: Embedder) -> tuple[Judge, ...]:
    """The shipped judges, plus the LLM judge when CITENEXUS_LLM_JUDGE is on and an endpoint is
    set (its failures are listed, never hidden: docs/design.md#judge-failures)."""
    from citenexus.judges import JudgeThresholds, LlmJudge, default_judges

    thresholds = JudgeThresholds(llm_timeout_s=settings.CITENEXUS_LLM_TIMEOUT)
    judges: list[Judge] = list(default_judges(embedder, thresholds=thresholds))
    if settings.CITENEXUS_LLM_JUDGE and settings.CITENEXUS_LLM_BASE_URL:
        judges.append(
            LlmJudge(
                settings.CITENEXUS_LLM_BASE_URL,
                settings.CITENEXUS_LLM_MODEL,
                settings.CITENEXUS_LLM_API_KEY,
                thresholds=thresholds,
            )
        )
    return tuple(judges)


def _pipeline_settings() -> PipelineSettings:
    values: dict[str, Any] = {}
    for name in _SIZES:
        value = getattr(settings, f"CITENEXUS_{name.upper()}", None)
        if value is not None:
            values[name] = value
    for name in _MARGINS:
        values[name] = getattr(settings, f"CITENEXUS_{name.upper()}")
    return PipelineSettings.from_dict(values)


@dataclass(frozen=True)
class LanePipeline:
    """The pipeline bound to one lane: its retriever, policy, vocabulary and jurisdiction, with
    the deployment's embedder, generator, judges and settings."""

    lane: Lane
    retriever: PostgresRetriever
    embedder: Embedder
    generator: Generator
    judges: Sequence[Judge]
    policy: AuthorityPolicy
    settings: PipelineSettings
    vocabulary: Vocabulary

    def _common(self) -> dict[str, Any]:
        return {
            "retriever": self.retriever,
            "embedder": self.embedder,
            "judges": self.judges,
            "policy": self.policy,
            "settings": self.settings,
            "lane_jurisdiction": self.lane.jurisdiction,
            "vocabulary": self.vocabulary,
            "lane": self.lane.slug,
        }

    def ask(self, question: str, *, mode: TrustMode, strategy: str = SINGLE) -> Answer:
        from citenexus.pipeline import ask

        return ask(
            question, mode=mode, strategy=strategy, generator=self.generator, **self._common()
        )

    def verify(
        self, question: str, segments: Sequence[Segment | Mapping[str, Any]], *, mode: TrustMode
    ) -> Answer:
        """Raises the pipeline's ``DraftError`` and ``UnknownCitationKeys`` for a bad draft."""
        from citenexus.pipeline import verify

        return verify(question, segments, mode=mode, **self._common())


class Ports:
    """The deployment's ports, each built on first use: loading a model is slow, and a process
    that only ingests never needs a generator or judges."""

    @functools.cached_property
    def embedder(self) -> Embedder:
        return _embedder()

    @functools.cached_property
    def ask_embedder(self) -> Embedder:
        """The embedder asks use (retrieval, the removed-answer check, the embedding judge):
        the deployment's, remembering the texts it embedded last, so a question asked again
        (an evaluation asks each in four modes) embeds nothing it embedded before."""
        from citenexus.embedders import MemoEmbedder

        return MemoEmbedder(self.embedder)

    @functools.cached_property
    def generator(self) -> Generator:
        return _generator(self.ask_embedder)

    @functools.cached_property
    def judges(self) -> tuple[Judge, ...]:
        return _judges(self.ask_embedder)

    @functools.cached_property
    def settings(self) -> PipelineSettings:
        return _pipeline_settings()

    def describe(self) -> dict[str, Any]:
        """What an evaluation run records of the ports, without building any (a model loads
        slowly): the embedder, the generator, the optional LLM judge and the pipeline settings."""
        llm = bool(settings.CITENEXUS_LLM_BASE_URL)
        return {
            "embedder": settings.CITENEXUS_EMBEDDER,
            "generator": f"llm:{settings.CITENEXUS_LLM_MODEL}" if llm else "extractive",
            "llm_judge": bool(llm and settings.CITENEXUS_LLM_JUDGE),
            "settings": self.settings.to_dict(),
        }

    def retriever(self, lane: Lane) -> PostgresRetriever:
        return PostgresRetriever(lane)

    def pipeline(
        self,
        lane: Lane,
        *,
        policy: AuthorityPolicy | None = None,
        settings: PipelineSettings | None = None,
    ) -> LanePipeline:
        """The pipeline for ``lane``; evaluation passes its own ``policy`` (floor off, unranked)
        and scripts/choose_thresholds.py its own ``settings``."""
        return LanePipeline(
            lane=lane,
            retriever=self.retriever(lane),
            embedder=self.ask_embedder,
            generator=self.generator,
            judges=self.judges,
            policy=policy or authority_policy(lane),
            settings=settings or self.settings,
            vocabulary=lane_vocabulary(lane),
        )


@functools.cache
def ports() -> Ports:
    """This process's ports."""
    return Ports()


def reset() -> None:
    """Forget the built ports, so the next use builds them from the settings as they are now."""
    ports.cache_clear()

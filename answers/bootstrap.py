"""The composition root: the pipeline's generator, judges and settings, built once from settings."""

from __future__ import annotations

import functools
from typing import Any

from django.conf import settings

from citenexus.ports import Generator, Judge
from curation.embedding import get_embedder


@functools.cache
def pipeline_settings() -> Any:
    from citenexus.pipeline.settings import PipelineSettings

    overrides: dict[str, Any] = {}
    for name in ("ground_threshold", "ground_k", "generate_k", "retrieve_k"):
        value = getattr(settings, f"CITENEXUS_{name.upper()}", None)
        if value is not None:
            overrides[name] = value
    overrides["removed_answer_margin"] = settings.CITENEXUS_REMOVED_ANSWER_MARGIN
    overrides["relative_margin"] = settings.CITENEXUS_RELATIVE_MARGIN
    overrides["elsewhere_margin"] = settings.CITENEXUS_ELSEWHERE_MARGIN
    return PipelineSettings(**overrides)


@functools.cache
def get_generator() -> Generator:
    from citenexus.generators import ExtractiveGenerator, OpenAIChatGenerator

    if settings.CITENEXUS_LLM_BASE_URL:
        return OpenAIChatGenerator(
            base_url=settings.CITENEXUS_LLM_BASE_URL,
            model=settings.CITENEXUS_LLM_MODEL,
            api_key=settings.CITENEXUS_LLM_API_KEY,
            timeout=settings.CITENEXUS_LLM_TIMEOUT,
        )
    return ExtractiveGenerator()


@functools.cache
def get_judges() -> tuple[Judge, ...]:
    from citenexus.judges import JudgeThresholds, LlmJudge, default_judges

    thresholds = JudgeThresholds(llm_timeout_s=settings.CITENEXUS_LLM_TIMEOUT)
    judges = default_judges(get_embedder(), thresholds=thresholds)
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

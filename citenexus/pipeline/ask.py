"""ask and verify: the two entry points adapters call (the facade, Django, the CLI).

ask: retrieve → fuse → rerank → relevance → applicability → ground_k → select_by_authority →
generate_k → generate → claims → support matrix → violations → conflicts → recovery → compose.
verify: the same, with the client's draft in place of generation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from citenexus.domain.answer import ERR_UNKNOWN_STRATEGY, SINGLE, STRATEGIES, Answer
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.claims import split_claims
from citenexus.domain.model import Draft, RefusalCode, Segment
from citenexus.domain.vocabulary import EMPTY, Vocabulary, active
from citenexus.pipeline.background import Background
from citenexus.pipeline.deep import subqueries
from citenexus.pipeline.pool import Pool
from citenexus.pipeline.responsive import RemovedCheck
from citenexus.pipeline.run import Run
from citenexus.pipeline.settings import PipelineSettings
from citenexus.ports import Embedder, GenerationError, Generator, Judge, Retriever

ERR_NO_SEGMENTS = "a draft needs at least one segment"
ERR_SEGMENT_TEXT = "segment {index}: text must be a non-empty string"
ERR_SEGMENT_CITATIONS = "segment {index}: citations must be a list of citation keys"
ERR_UNKNOWN_KEYS = "citation keys that name no unit of this lane: {keys}"
DETAIL_EMPTY_DRAFT = "the draft contained no claim"


class DraftError(ValueError):
    """A client draft that is not a list of segments with text and citation keys."""


class UnknownCitationKeys(DraftError):
    """A client draft cites keys that name no unit of the lane (the API answers 400)."""

    def __init__(self, keys: Sequence[str]) -> None:
        self.keys = tuple(keys)
        super().__init__(ERR_UNKNOWN_KEYS.format(keys=", ".join(self.keys)))


def _strategy(value: str) -> str:
    if value not in STRATEGIES:
        raise ValueError(ERR_UNKNOWN_STRATEGY.format(strategy=value))
    return value


def draft_from_segments(segments: Sequence[Segment | Mapping[str, Any]]) -> Draft:
    """A client's draft, validated: each segment has non-empty text and a list of string keys."""
    if not segments:
        raise DraftError(ERR_NO_SEGMENTS)
    parsed: list[Segment] = []
    for index, raw in enumerate(segments):
        text: Any
        citations: Any
        if isinstance(raw, Segment):
            text, citations = raw.text, list(raw.citations)
        elif isinstance(raw, Mapping):
            text, citations = raw.get("text"), raw.get("citations", [])
        else:
            raise DraftError(ERR_SEGMENT_TEXT.format(index=index))
        if not isinstance(text, str) or not text.strip():
            raise DraftError(ERR_SEGMENT_TEXT.format(index=index))
        if not isinstance(citations, list | tuple) or not all(
            isinstance(k, str) and k for k in citations
        ):
            raise DraftError(ERR_SEGMENT_CITATIONS.format(index=index))
        parsed.append(Segment(text, tuple(citations)))
    return Draft(tuple(parsed), generator="client")


def ask(
    question: str,
    *,
    retriever: Retriever,
    embedder: Embedder,
    generator: Generator,
    judges: Sequence[Judge],
    policy: AuthorityPolicy,
    mode: TrustMode | str = TrustMode.STRICT,
    strategy: str = SINGLE,
    settings: PipelineSettings | None = None,
    lane_jurisdiction: str = "",
    lane: str = "",
    vocabulary: Vocabulary = EMPTY,
) -> Answer:
    """Answer a question from the lane's evidence, or refuse with the stage that left nothing.

    The lane's ``vocabulary`` is active for the whole call (generation and judging included).
    """
    settings = settings or PipelineSettings()
    run = Run(
        question=question,
        lane=lane,
        mode=TrustMode.parse(mode),
        strategy=_strategy(strategy),
        policy=policy,
        settings=settings,
        lane_jurisdiction=lane_jurisdiction,
        vocabulary=vocabulary,
        retriever=retriever,
        embedder=embedder,
        judges=judges,
        generator=generator,
    )
    with active(vocabulary):
        return _answer(run, generator)


def _answer(run: Run, generator: Generator) -> Answer:
    question, settings = run.question, run.settings
    scripts = run.question_scripts()
    if scripts:
        return run.refuse(RefusalCode.UNSUPPORTED_SCRIPT, scripts=scripts)
    queries = (
        [question] if run.strategy == SINGLE else subqueries(question, settings.deep_max_subqueries)
    )
    pool = run.gather(queries)
    scripts = run.candidate_scripts()
    if scripts:
        return run.refuse(RefusalCode.UNSUPPORTED_SCRIPT, scripts=scripts)
    code = run.evidence_refusal()
    if code is not None:
        return run.refuse(code)
    try:
        with run.timings.stage("generate"):
            draft = generator.generate(
                question, [c.unit for c in pool.top(settings.generate_k, settings.handover_margin)]
            )
    except GenerationError as error:
        return run.refuse(RefusalCode.GENERATION_FAILED, str(error))
    if not split_claims(draft):
        run.draft = draft
        return run.refuse(RefusalCode.GENERATION_FAILED, DETAIL_EMPTY_DRAFT)
    started = _start_removed_check(run, draft, pool)
    run.judge(draft, generated=True)
    if started is not None:
        check, vectors, margin = started
        with run.timings.stage("responsive"):
            better = check.decide(vectors.result(), margin=margin)
        if better is not None:
            run.judged = None  # a refusal shows no claims
            return run.refuse(better.code, better.detail)
    return run.finish()


def _start_removed_check(
    run: Run, draft: Draft, pool: Pool
) -> tuple[RemovedCheck, Background[list[list[float]]], float] | None:
    """The removed-answer check of ``draft``, its texts being embedded while the judges read the
    draft (``background``): an answer waits for the longer of the two. None when the check is
    off or has nothing to compare."""
    margin = run.settings.removed_answer_margin
    if margin is None:
        return None
    with run.timings.stage("responsive"):
        check = RemovedCheck.of(run.frame, draft, pool.removed(), out_of_scope=pool.out_of_scope())
        if check is None:
            return None
        return check, Background(run.embedder.embed, check.texts), margin


def verify(
    question: str,
    segments: Sequence[Segment | Mapping[str, Any]],
    *,
    retriever: Retriever,
    embedder: Embedder,
    judges: Sequence[Judge],
    policy: AuthorityPolicy,
    mode: TrustMode | str = TrustMode.STRICT,
    settings: PipelineSettings | None = None,
    lane_jurisdiction: str = "",
    lane: str = "",
    vocabulary: Vocabulary = EMPTY,
) -> Answer:
    """Judge a client's draft exactly as a generated one would be, without generating.

    Raises ``DraftError`` for a malformed draft and ``UnknownCitationKeys`` listing every key
    that names no unit. With no useful claim left, the code is that of the first retrieval stage
    that found nothing usable, else the code judging gives (docs/design.md#refusal-codes).
    """
    draft = draft_from_segments(segments)
    keys = list(dict.fromkeys(k for s in draft.segments for k in s.citations))
    found = retriever.units_by_key(keys) if keys else {}
    unknown = [k for k in keys if k not in found]
    if unknown:
        raise UnknownCitationKeys(unknown)
    run = Run(
        question=question,
        lane=lane,
        mode=TrustMode.parse(mode),
        strategy=SINGLE,
        policy=policy,
        settings=settings or PipelineSettings(),
        lane_jurisdiction=lane_jurisdiction,
        vocabulary=vocabulary,
        retriever=retriever,
        embedder=embedder,
        judges=judges,
    )
    run.draft = draft
    with active(vocabulary):
        scripts = run.question_scripts()
        if scripts:
            return run.refuse(RefusalCode.UNSUPPORTED_SCRIPT, scripts=scripts)
        run.gather([question])
        scripts = run.candidate_scripts()
        if scripts:
            return run.refuse(RefusalCode.UNSUPPORTED_SCRIPT, scripts=scripts)
        run.judge(draft)
        return run.finish(run.evidence_refusal())

"""Retrieval to grounding: search, reciprocal rank fusion, rerank, relevance, applicability.

Nothing here consults authority: tiers are attached to candidates for reporting, and the only
step that acts on them, ``select_by_authority``, runs after grounding
(docs/design.md#retrieval-and-grounding).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.applicability import QuestionScope
from citenexus.domain.authority import AuthorityPolicy, Selection, TrustMode, select_by_authority
from citenexus.domain.carried import retrieval_scope
from citenexus.domain.conflicts import states_value
from citenexus.domain.model import Candidate, ScoredUnit, Unit
from citenexus.domain.question import QuestionFrame, frame_of, read_question
from citenexus.domain.similarity import cosine as judge_cosine
from citenexus.domain.vocabulary import searched_text
from citenexus.pipeline.background import Background
from citenexus.pipeline.settings import PipelineSettings
from citenexus.pipeline.timing import Timings
from citenexus.ports import Embedder, Retriever
from citenexus.text.quantities import amounts_stated
from citenexus.text.tokens import content_words


def reciprocal_rank_fusion(
    lists: Sequence[Sequence[ScoredUnit]], k: int
) -> list[tuple[Unit, float]]:
    """Fuse ranked lists: each unit scores the sum of 1/(k + rank) over the lists (rank from 1).

    Ties keep the order in which units were first seen, so fusion is deterministic.
    """
    scores: dict[str, float] = {}
    units: dict[str, Unit] = {}
    for hits in lists:
        for rank, hit in enumerate(hits, start=1):
            key = hit.unit.key
            units.setdefault(key, hit.unit)
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    order = sorted(units, key=lambda key: -scores[key])
    return [(units[key], scores[key]) for key in order]


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity; 0.0 for mismatched or zero vectors (a unit embedded by another model)."""
    if len(a) != len(b) or not a:
        return 0.0
    return judge_cosine(a, b)


def lexical_overlap(question: str | AbstractSet[str], unit: Unit) -> float:
    """The share of the question's distinct content words (or of the words given, read once per
    query) found in the unit, heading and scope (a carried list's items aside:
    ``retrieval_scope``)."""
    asked = set(content_words(question)) if isinstance(question, str) else question
    if not asked:
        return 0.0
    present = set(content_words(" ".join((unit.text, unit.heading, retrieval_scope(unit.scope)))))
    return len(asked & present) / len(asked)


def rerank(
    question: str | AbstractSet[str],
    query_vector: Sequence[float],
    fused: Sequence[tuple[Unit, float]],
    text_hits: Sequence[ScoredUnit],
    vector_hits: Sequence[ScoredUnit],
    policy: AuthorityPolicy,
    settings: PipelineSettings,
    amounts: AbstractSet[tuple[str, float, str]] = frozenset(),
) -> list[Candidate]:
    """Score each fused unit by a blend of embedding cosine, normalised text score and overlap,
    plus ``weight_amount`` for a unit that states one of the sums of money or shares the question
    states (``amounts``, the frame's: "more than $125" finds the rule set for "exceeds $125"),
    at most 1.

    Every stage's score is kept on the candidate; ties keep the fused order. The question is
    given as its text or as its content words.
    """
    asked = set(content_words(question)) if isinstance(question, str) else question
    text_scores = {hit.unit.key: hit.score for hit in text_hits}
    vector_scores = {hit.unit.key: hit.score for hit in vector_hits}
    best_text = max((s for s in text_scores.values() if s > 0), default=1.0)
    out: list[Candidate] = []
    for unit, fused_score in fused:
        if unit.embedding is not None:
            cos = cosine(query_vector, unit.embedding)
        else:
            cos = vector_scores.get(unit.key, 0.0)
        cos = min(max(cos, 0.0), 1.0)
        text = min(max(text_scores.get(unit.key, 0.0) / best_text, 0.0), 1.0)
        lexical = lexical_overlap(asked, unit)
        amount = 1.0 if amounts and amounts & amounts_stated(unit.text) else 0.0
        score = min(
            settings.weight_cosine * cos
            + settings.weight_text * text
            + settings.weight_lexical * lexical
            + settings.weight_amount * amount,
            1.0,
        )
        scores = {
            "text": text_scores.get(unit.key, 0.0),
            "vector": vector_scores.get(unit.key, 0.0),
            "fused": fused_score,
            "cosine": cos,
            "text_norm": text,
            "lexical": lexical,
            "amount": amount,
            "rerank": score,
        }
        out.append(Candidate(unit, policy.tier(unit.authority_meta), score, scores))
    out.sort(key=lambda c: -c.relevance)
    return out


@dataclass
class Gathered:
    """What one (sub-)query found, stage by stage."""

    retrieved: dict[str, Unit] = field(default_factory=dict)
    # What was embedded and searched: the query with the lane's terms for its lay words.
    searched: str = ""
    candidates: list[Candidate] = field(default_factory=list)
    relevant: list[Candidate] = field(default_factory=list)
    grounded: list[Candidate] = field(default_factory=list)
    inapplicable: list[dict[str, str]] = field(default_factory=list)
    valueless: list[Candidate] = field(default_factory=list)
    # Candidates that cleared the threshold but came further than the relative (or elsewhere)
    # margin below the best relevant candidate: too far below what answers best.
    beyond_margin: list[Candidate] = field(default_factory=list)
    # Candidates whose reranked score reached the threshold but whose cosine did not reach
    # ``min_cosine``: shared words without shared meaning (reported as their own stage).
    far_in_meaning: list[Candidate] = field(default_factory=list)
    selection: Selection[Candidate] = field(default_factory=lambda: Selection(()))


def candidate_row(candidate: Candidate, stage: str) -> dict[str, Any]:
    """A candidate as reported on an answer, with the last stage it reached."""
    return {**candidate.to_dict(), "stage": stage}


def _means_enough(candidate: Candidate, min_cosine: float | None) -> bool:
    """Whether a candidate's embedding cosine to the question reaches ``min_cosine`` (always,
    when that is None); a candidate with no cosine recorded reaches no bar."""
    return min_cosine is None or candidate.scores.get("cosine", 0.0) >= min_cosine


def ground(
    question: str | QuestionFrame,
    candidates: Sequence[Candidate],
    scope: QuestionScope,
    settings: PipelineSettings,
) -> tuple[
    list[Candidate], list[Candidate], list[dict[str, str]], list[Candidate], list[Candidate]
]:
    """(relevant, grounded, inapplicable, valueless, beyond_margin): relevance, then
    applicability.

    Relevant means a reranked score at or above the threshold (with ``min_cosine`` set, an
    embedding cosine at or above it too: shared words without shared meaning are not relevance)
    and, when the question asks for a value outright ("how many days ..."), a text that states a
    value of that kind: a unit on the right topic that gives no such value cannot answer (those
    are returned as ``valueless``).
    With ``relative_margin`` set, a candidate must also come within that margin of the best
    relevant candidate, applicable or not; ``elsewhere_margin`` does the same only for a
    question naming a jurisdiction other than the lane's (docs/design.md, "Thresholds"); those
    further below are returned as ``beyond_margin``, not as stating no value. Grounded keeps at most ``ground_k`` applicable candidates, best first.
    """
    kind = frame_of(question).value_kind
    above = [
        c
        for c in candidates
        if c.relevance >= settings.ground_threshold and _means_enough(c, settings.min_cosine)
    ]
    stating = [c for c in above if kind is None or states_value(c.unit.text, kind)]
    relevant = stating
    margin = settings.relative_margin
    if scope.elsewhere and settings.elsewhere_margin is not None:
        margin = min(margin or 1.0, settings.elsewhere_margin)
    if margin is not None and relevant:
        bar = max(c.relevance for c in relevant) - margin
        relevant = [c for c in relevant if c.relevance >= bar]
    kept = {c.key for c in relevant}
    beyond_margin = [c for c in stating if c.key not in kept]
    valueless = [c for c in above if c not in stating]
    applicable: list[Candidate] = []
    inapplicable: list[dict[str, str]] = []
    for candidate in relevant:
        excluded = scope.exclusion(candidate.unit)
        if excluded is None:
            applicable.append(candidate)
        else:
            inapplicable.append(
                {
                    "key": candidate.key,
                    "document_id": candidate.unit.document_id,
                    "reason": excluded.reason,
                    "kind": excluded.kind,
                }
            )
    return relevant, applicable[: settings.ground_k], inapplicable, valueless, beyond_margin


def gather(
    query: str,
    *,
    scope: QuestionScope,
    retriever: Retriever,
    embedder: Embedder,
    policy: AuthorityPolicy,
    mode: TrustMode,
    settings: PipelineSettings,
    timings: Timings,
) -> Gathered:
    """Retrieve, fuse, rerank and ground one query, then apply ``select_by_authority``. The
    query's frame is read once (docs/design.md#question-frame); the embedder and the full text
    search it with the lane's terms for its lay words (``searched_text``)."""
    frame = read_question(query, scope.vocabulary)
    found = Gathered(searched=searched_text(query, scope.vocabulary))
    with timings.stage("retrieve"):
        # The question's embedding runs while the database answers the full-text search
        # (``background``): the stage takes the longer of the two, not their sum.
        embedding = Background(embedder.embed, [found.searched])
        text_hits = list(retriever.search_text(found.searched, settings.retrieve_k))
        query_vector = embedding.result()[0]
        vector_hits = list(retriever.search_vector(query_vector, settings.retrieve_k))
    for hit in [*text_hits, *vector_hits]:
        found.retrieved.setdefault(hit.unit.key, hit.unit)
    with timings.stage("fuse"):
        fused = reciprocal_rank_fusion([text_hits, vector_hits], settings.rrf_k)
    with timings.stage("rerank"):
        # Place names count for applicability only (docs/design.md#applicability).
        found.candidates = rerank(
            frame.topic_terms,
            query_vector,
            fused,
            text_hits,
            vector_hits,
            policy,
            settings,
            frame.amounts,
        )
    with timings.stage("ground"):
        (
            found.relevant,
            found.grounded,
            found.inapplicable,
            found.valueless,
            found.beyond_margin,
        ) = ground(frame, found.candidates, scope, settings)
        found.far_in_meaning = [
            c
            for c in found.candidates
            if c.relevance >= settings.ground_threshold
            and not _means_enough(c, settings.min_cosine)
        ]
    with timings.stage("select"):
        found.selection = select_by_authority(found.grounded, policy, mode)
    return found

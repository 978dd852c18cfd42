"""What each MCP tool does, as plain synchronous functions over the product's services.

Every rule lives elsewhere: the lane's policy sets a record's level (``document_ingest_text``
with ``may_assert=False``), corrections check their authority (``correction_add``), roles and
memberships decide scope (``access.lanes``, ``access.roles``), and the answer pipeline is ``answers.services``.
This module resolves lanes and records for the agent's user and shapes the results.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser

from access.lanes import ERR_FORBIDDEN, LaneNotFound, lane_for, require
from access.roles import Cap, visible_lanes
from access.throttles import ASK, UPLOAD, VERIFY, throttle
from agents.identity import Agent
from agents.schemas import (
    CorrectionOut,
    GatherHit,
    GatherResult,
    IngestResult,
    ReadResult,
    RecordOut,
    Segment,
    TimelineEvent,
    TimelineResult,
)
from answers.models import Answer
from answers.selectors import answer_dict
from answers.services import answer_ask, answer_verify
from citenexus.domain.model import Candidate
from citenexus.pipeline.retrieval import reciprocal_rank_fusion, rerank
from citenexus.text.quantities import amounts_stated
from common.errors import Invalid, NotFound
from curation.bootstrap import ports
from curation.domain import authority_policy
from curation.models import Correction, Document, DocumentVersion, Lane
from curation.selectors import correction_dict, records_get
from curation.services.corrections import correction_add
from curation.services.documents import document_ingest_text

ERR_NO_LANE = "no lane {slug!r} that you can see"
ERR_MAY_NOT = "you may not {action} in lane {slug!r}"
ERR_EMPTY_CONTENT = "content is empty"
ERR_CONTENT_TOO_LONG = "content is longer than {limit} bytes"
ERR_BAD_RECORD_IDS = "these are not record ids (sr_ followed by 32 hex characters): {ids}"
ERR_NO_RECORD = "no record {sr_id!r} that you can see"
ERR_EMPTY_QUERY = "query is empty"
ERR_TIMELINE_TARGET = "give exactly one of sr_id or query"
ERR_RECORD_NOT_IN_LANE = "record {sr_id!r} is not in lane {slug!r}"

RECORD_ID = re.compile(r"^sr_[0-9a-f]{32}$")
SNIPPET_CHARS = 300
# Prefix of the document ids records written over MCP get; see ``record_document_id``.
AGENT_DOCUMENT_PREFIX = "mcp-"

ACTIONS = {
    Cap.INGEST: "write records",
    Cap.CORRECT: "correct records",
    Cap.ASK: "ask or verify",
}


def _may_not(cap: Cap, slug: str) -> str:
    return ERR_MAY_NOT.format(action=ACTIONS.get(cap, cap.value), slug=slug)


def _lane(user: AbstractBaseUser, slug: str, cap: Cap | None = None) -> Lane:
    """``lane_for`` worded for an agent: a lane it cannot see is named in the error."""
    try:
        return lane_for(user, slug, cap, _may_not(cap, slug) if cap else ERR_FORBIDDEN)
    except LaneNotFound as exc:
        raise NotFound("not_found", ERR_NO_LANE.format(slug=slug), {"lane": slug}) from exc


def _check_record_ids(sr_ids: Iterable[str]) -> list[str]:
    ids = list(dict.fromkeys(sr_ids))
    bad = [i for i in ids if not RECORD_ID.match(i)]
    if bad:
        raise Invalid("invalid", ERR_BAD_RECORD_IDS.format(ids=bad), {"invalid_ids": bad})
    return ids


def _visible_record(user: AbstractBaseUser, sr_id: str) -> Document:
    _check_record_ids([sr_id])
    document = (
        Document.objects.filter(record_id=sr_id, lane__in=visible_lanes(user))
        .select_related("lane")
        .first()
    )
    if document is None:
        raise NotFound("not_found", ERR_NO_RECORD.format(sr_id=sr_id), {"sr_id": sr_id})
    return document


def record_document_id(source_type: str, content: str) -> str:
    """The document id of a record an agent writes: a hash of its source type and content.

    The same content written again as the same type lands on the same record (an agent that
    retries does not duplicate it); written as another type it is another record.
    """
    digest = hashlib.sha256(f"{source_type}\n{content}".encode()).hexdigest()
    return AGENT_DOCUMENT_PREFIX + digest[:32]


def e_ingest(
    agent: Agent,
    *,
    lane: str,
    content: str,
    source_type: str,
    title: str = "",
    source_system: str = "",
) -> IngestResult:
    """Write a record; its level comes from the lane's policy for ``source_type``."""
    user = agent.user()
    the_lane = _lane(user, lane, Cap.INGEST)
    throttle(action=UPLOAD, user=user, lane=the_lane)
    if not content.strip():
        raise Invalid("invalid", ERR_EMPTY_CONTENT, {"field": "content"})
    limit = settings.CITENEXUS_MAX_UPLOAD_BYTES
    if len(content.encode("utf-8")) > limit:
        raise Invalid("invalid", ERR_CONTENT_TOO_LONG.format(limit=limit), {"field": "content"})
    source_type = source_type.strip()
    result = document_ingest_text(
        lane=the_lane,
        document_id=record_document_id(source_type, content),
        text=content,
        source_type=source_type,
        actor=agent.actor,
        user=user,
        title=title.strip(),
        may_assert=False,
        source_system=source_system.strip(),
    )
    document = Document.objects.get(lane=the_lane, document_id=result["document_id"])
    return IngestResult(
        sr_id=document.record_id,
        document_id=document.document_id,
        lane=the_lane.slug,
        source_type=document.source_type,
        authority_level=document.tier_name(),
        version=document.version,
        result=result["result"],
    )


def _correction_out(sr_id: str, row: dict[str, Any]) -> CorrectionOut:
    return CorrectionOut(
        id=row["id"],
        sr_id=sr_id,
        text=row["text"],
        authority=row["authority"],
        author=row["author"],
        created_at=row["created_at"],
        active=row["active"],
    )


def _record_out(row: dict[str, Any]) -> RecordOut:
    sr_id = row["record_id"]
    return RecordOut(
        sr_id=sr_id,
        document_id=row["document_id"],
        lane=row["lane"],
        title=row["title"],
        content=row["content"],
        source_type=row["source_type"],
        authority_level=row["authority_level"],
        source_system=row["source_system"],
        ingested_at=row["ingested_at"],
        version=row["version"],
        corrections=[_correction_out(sr_id, c) for c in row["corrections"]],
    )


def e_read(agent: Agent, *, sr_ids: list[str]) -> ReadResult:
    """Records with content, level and active corrections; unseen ids are listed as not found."""
    user = agent.user()
    ids = _check_record_ids(sr_ids)
    documents = Document.objects.filter(
        record_id__in=ids, lane__in=visible_lanes(user)
    ).select_related("lane")
    by_lane: dict[int, tuple[Lane, list[str]]] = {}
    for document in documents:
        by_lane.setdefault(document.lane.pk, (document.lane, []))[1].append(document.document_id)
    found: dict[str, RecordOut] = {}
    for lane, document_ids in by_lane.values():
        for row in records_get(lane=lane, document_ids=document_ids):
            record = _record_out(row)
            found[record.sr_id] = record
    return ReadResult(
        srs=[found[i] for i in ids if i in found], not_found=[i for i in ids if i not in found]
    )


def e_correct(
    agent: Agent, *, sr_id: str, text: str, authority: str | None = None
) -> CorrectionOut:
    """Attach a correction (``human_correction`` unless named) to a record."""
    user = agent.user()
    document = _visible_record(user, sr_id)
    require(user, Cap.CORRECT, document.lane, _may_not(Cap.CORRECT, document.lane.slug))
    correction = correction_add(
        document=document, text=text, actor=agent.actor, user=user, authority=authority or None
    )
    return _correction_out(sr_id, correction_dict(correction))


def _candidates(lane: Lane, query: str) -> list[Candidate]:
    """Search, fuse and rerank as the pipeline does; nothing is filtered by authority."""
    root = ports()
    knobs = root.settings
    retriever = root.retriever(lane)
    text_hits = list(retriever.search_text(query, knobs.retrieve_k))
    vector = root.embedder.embed([query])[0]
    vector_hits = list(retriever.search_vector(vector, knobs.retrieve_k))
    fused = reciprocal_rank_fusion([text_hits, vector_hits], knobs.rrf_k)
    policy = authority_policy(lane)
    return rerank(
        query, vector, fused, text_hits, vector_hits, policy, knobs, amounts_stated(query)
    )


def _best_per_record(lane: Lane, query: str, k: int) -> list[tuple[Document, Candidate]]:
    query = query.strip()
    if not query:
        raise Invalid("invalid", ERR_EMPTY_QUERY, {"field": "query"})
    best: dict[str, Candidate] = {}
    for candidate in _candidates(lane, query):
        best.setdefault(candidate.unit.document_id, candidate)
        if len(best) >= k:
            break
    documents = {
        d.document_id: d for d in Document.objects.filter(lane=lane, document_id__in=list(best))
    }
    return [(documents[d], c) for d, c in best.items() if d in documents]


def e_gather(agent: Agent, *, lane: str, query: str, k: int) -> GatherResult:
    """The records that best match ``query``, best first, each with its level."""
    user = agent.user()
    the_lane = _lane(user, lane)
    hits = [
        GatherHit(
            sr_id=document.record_id,
            document_id=document.document_id,
            title=document.title,
            source_type=document.source_type,
            authority_level=document.tier_name(),
            score=round(candidate.relevance, 6),
            key=candidate.key,
            snippet=candidate.unit.text[:SNIPPET_CHARS],
        )
        for document, candidate in _best_per_record(the_lane, query, k)
    ]
    return GatherResult(lane=the_lane.slug, query=query, hits=hits)


def _tier_of(lane: Lane, authority: dict[str, Any]) -> str:
    return str(authority.get(lane.metadata_key, ""))


def _events(lane: Lane, documents: list[Document]) -> list[TimelineEvent]:
    events: list[TimelineEvent] = []
    for version in DocumentVersion.objects.filter(document__in=documents).select_related(
        "document"
    ):
        events.append(
            TimelineEvent(
                at=version.created_at.isoformat(),
                kind="version",
                sr_id=version.document.record_id,
                version=version.version,
                authority=_tier_of(lane, version.authority),
                text=version.content[:SNIPPET_CHARS],
                by=version.created_by_name,
            )
        )
    for c in Correction.objects.filter(document__in=documents).select_related("document"):
        sr_id = c.document.record_id
        common = {"sr_id": sr_id, "authority": c.authority, "correction_id": c.pk}
        events.append(
            TimelineEvent(
                at=c.created_at.isoformat(),
                kind="correction",
                text=c.text,
                by=c.author_name,
                **common,
            )
        )
        if c.withdrawn_at is not None:
            events.append(
                TimelineEvent(
                    at=c.withdrawn_at.isoformat(),
                    kind="correction_withdrawn",
                    by=c.withdrawn_by_name,
                    **common,
                )
            )
    # ISO timestamps in one zone sort as text; the stable sort keeps versions before
    # corrections made in the same instant.
    return sorted(events, key=lambda e: e.at)


def e_timeline(
    agent: Agent, *, lane: str, sr_id: str | None = None, query: str | None = None, k: int
) -> TimelineResult:
    """Versions and corrections, oldest first, of one record or of the records matching a query."""
    user = agent.user()
    the_lane = _lane(user, lane)
    if (sr_id is None) == (query is None):
        raise Invalid("invalid", ERR_TIMELINE_TARGET, {"fields": ["sr_id", "query"]})
    if sr_id is not None:
        document = _visible_record(user, sr_id)
        if document.lane.pk != the_lane.pk:
            message = ERR_RECORD_NOT_IN_LANE.format(sr_id=sr_id, slug=the_lane.slug)
            raise NotFound("not_found", message, {"sr_id": sr_id})
        documents = [document]
    else:
        documents = [d for d, _ in _best_per_record(the_lane, query or "", k)]
    return TimelineResult(
        lane=the_lane.slug,
        sr_ids=[d.record_id for d in documents],
        events=_events(the_lane, documents),
    )


def _answer(
    agent: Agent, lane: str, service: Callable[..., Answer], action: str, **fields: Any
) -> dict[str, Any]:
    """Ask or verify in a lane the agent may ask in, as the API's POST returns it."""
    user = agent.user()
    the_lane = _lane(user, lane, Cap.ASK)
    throttle(action=action, user=user, lane=the_lane)
    return answer_dict(service(lane=the_lane, user=user, actor=agent.actor, **fields))


def cite_ask(
    agent: Agent, *, lane: str, question: str, mode: str | None, strategy: str
) -> dict[str, Any]:
    """The pipeline's answer, stored and shaped exactly as ``POST /api/ask/`` returns it."""
    return _answer(agent, lane, answer_ask, ASK, question=question, mode=mode, strategy=strategy)


def cite_verify(
    agent: Agent, *, lane: str, question: str, segments: list[Segment], mode: str | None
) -> dict[str, Any]:
    """A draft judged by the pipeline, as ``POST /api/verify/`` returns it."""
    segment_dicts = [s.model_dump() for s in segments]
    return _answer(
        agent, lane, answer_verify, VERIFY, question=question, segments=segment_dicts, mode=mode
    )

"""The domain's value objects: units, candidates, drafts, judgments, claims, answers.

These are the shapes every stage of the pipeline and every adapter (Django, the in-memory
store, the MCP server) exchange. They are plain frozen dataclasses with ``to_dict`` where an
outside client sees them; field names follow docs/design.md#words-we-use and docs/api.md.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.authority import AuthorityTier


def citation_key(document_id: str, ordinal: int) -> str:
    """``<document_id>#<ordinal>``: how a draft cites an evidence unit."""
    return f"{document_id}#{ordinal}"


def split_citation_key(key: str) -> tuple[str, int] | None:
    """The (document_id, ordinal) a key names, or None when it is not a well-formed key."""
    document_id, sep, ordinal = key.rpartition("#")
    if not sep or not document_id or not ordinal.isdigit():
        return None
    return document_id, int(ordinal)


@dataclass(frozen=True)
class Unit:
    """An evidence unit as the pipeline sees it (the current version of its document)."""

    document_id: str
    ordinal: int
    text: str
    heading: str = ""
    scope: str = ""  # the scope statement its section carries (docs/design.md#applicability)
    authority_meta: Mapping[str, str] = field(default_factory=dict)
    source_type: str = ""
    title: str = ""
    version: int = 1
    embedding: tuple[float, ...] | None = None

    @property
    def key(self) -> str:
        return citation_key(self.document_id, self.ordinal)


@dataclass(frozen=True)
class ScoredUnit:
    """A retrieval hit: the unit and its score in one retriever (higher is better)."""

    unit: Unit
    score: float


@dataclass(frozen=True)
class Candidate:
    """A unit that came through retrieval, fusion and reranking, with every score kept."""

    unit: Unit
    tier: AuthorityTier
    relevance: float  # the reranked score the ground threshold is applied to
    scores: Mapping[str, float] = field(default_factory=dict)  # text, vector, fused, rerank

    @property
    def key(self) -> str:
        return self.unit.key

    @property
    def authority_meta(self) -> Mapping[str, str]:
        return self.unit.authority_meta

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "document_id": self.unit.document_id,
            "tier": {"name": self.tier.name, "rank": self.tier.rank},
            "relevance": round(self.relevance, 6),
            "scores": {k: round(v, 6) for k, v in self.scores.items()},
        }


@dataclass(frozen=True)
class Segment:
    """One segment of a draft: text and the citation keys it carries."""

    text: str
    citations: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "citations": list(self.citations)}


@dataclass(frozen=True)
class Draft:
    segments: tuple[Segment, ...]
    generator: str = "extractive"

    def to_dict(self) -> dict[str, Any]:
        return {"generator": self.generator, "segments": [s.to_dict() for s in self.segments]}


class Verdict(str, enum.Enum):
    ENTAILS = "entails"
    NEUTRAL = "neutral"
    CONTRADICTS = "contradicts"


@dataclass(frozen=True)
class Judgment:
    """One judge's verdict on one (claim, unit) pair. A judge that declines returns None."""

    key: str
    judge: str
    verdict: Verdict
    score: float
    span: tuple[int, int] | None = None  # best-matching span of the unit text, if known

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "judge": self.judge,
            "verdict": self.verdict.value,
            "score": round(self.score, 4),
        }
        if self.span is not None:
            out["span"] = list(self.span)
        return out


@dataclass(frozen=True)
class JudgeFailure:
    """A judge that erred on one (claim, unit) pair instead of judging or declining it."""

    key: str
    judge: str
    error: str

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "judge": self.judge, "error": self.error}


class ViolationKind(str, enum.Enum):
    UNCITED = "uncited"
    MISATTRIBUTED = "misattributed"
    LAUNDERING = "laundering"
    AUTHORITY = "authority"
    UNSUPPORTED = "unsupported"
    CONTRADICTED = "contradicted"


class Severity(str, enum.Enum):
    MAJOR = "major"
    CRITICAL = "critical"


@dataclass(frozen=True)
class Violation:
    kind: ViolationKind
    severity: Severity
    detail: str
    retrievable: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "severity": self.severity.value, "detail": self.detail}


class ClaimStatus(str, enum.Enum):
    KEPT = "kept"
    HEDGED = "hedged"
    DROPPED = "dropped"


@dataclass(frozen=True)
class Correction:
    """A person's note on a record, returned beside it wherever it is cited."""

    id: int | str
    document_id: str
    text: str
    authority: str = "human_correction"
    author: str = ""
    created_at: str = ""
    active: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "document_id": self.document_id,
            "text": self.text,
            "authority": self.authority,
            "author": self.author,
            "created_at": self.created_at,
            "active": self.active,
        }


class RefusalCode(str, enum.Enum):
    """The closed list of reasons an answer is refused, in pipeline order
    (docs/design.md#refusal-codes)."""

    UNSUPPORTED_SCRIPT = "unsupported_script"
    NO_RELEVANT_EVIDENCE = "no_relevant_evidence"
    NOT_APPLICABLE = "not_applicable"
    BELOW_AUTHORITY_FLOOR = "below_authority_floor"
    GENERATION_FAILED = "generation_failed"
    UNRESOLVED_CONFLICT = "unresolved_conflict"
    CITATION_LAUNDERING = "citation_laundering"
    UNGROUNDED = "ungrounded"


REFUSAL_MESSAGES: Mapping[RefusalCode, str] = {
    RefusalCode.UNSUPPORTED_SCRIPT: "the question or the evidence is in a script the retrieval models cannot handle",
    RefusalCode.NO_RELEVANT_EVIDENCE: "no sufficiently relevant evidence found",
    RefusalCode.NOT_APPLICABLE: "relevant evidence was found, but none applies to the question's subject or jurisdiction",
    RefusalCode.BELOW_AUTHORITY_FLOOR: "no evidence at or above the required authority tier",
    RefusalCode.GENERATION_FAILED: "the answer could not be generated",
    RefusalCode.UNRESOLVED_CONFLICT: "sources of equal authority disagree on the value asked for",
    RefusalCode.CITATION_LAUNDERING: "the draft credited a trusted source with what only a weaker source says",
    RefusalCode.UNGROUNDED: "no claim of the draft is supported by what it cites",
}


@dataclass(frozen=True)
class Refusal:
    code: RefusalCode
    message: str = ""

    @classmethod
    def of(cls, code: RefusalCode, detail: str = "") -> Refusal:
        base = REFUSAL_MESSAGES[code]
        return cls(code, f"{base}: {detail}" if detail else base)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, "message": self.message}

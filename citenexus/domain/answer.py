"""The answer a reviewer inspects: claims with their judgments, signals, and the policy used.

``Answer.to_dict()`` is the answer JSON of docs/api.md#the-answer without the fields the web app
adds (``id``, ``kind``, ``created_at``, ``asked_by``, ``review``), including ``policy``,
``candidates``, ``draft``, ``withheld_detail`` and ``best_candidates``; ``Answer.from_dict``
reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.conflicts import conflict_from_dict
from citenexus.domain.model import (
    ClaimStatus,
    Correction,
    JudgeFailure,
    Judgment,
    Refusal,
    RefusalCode,
    Severity,
    Verdict,
    Violation,
    ViolationKind,
)

ANSWERED, REFUSED = "answered", "refused"
SINGLE, DEEP = "single", "deep"
STRATEGIES = (SINGLE, DEEP)
ERR_UNKNOWN_STRATEGY = "unknown answer strategy {strategy!r}; expected single or deep"


def _judgment_from(data: Mapping[str, Any]) -> Judgment:
    span = data.get("span")
    return Judgment(
        str(data["key"]),
        str(data["judge"]),
        Verdict(data["verdict"]),
        float(data["score"]),
        (int(span[0]), int(span[1])) if span else None,
    )


def _violation_from(data: Mapping[str, Any]) -> Violation:
    kind = ViolationKind(data["kind"])
    return Violation(
        kind, Severity(data["severity"]), str(data["detail"]), kind is ViolationKind.AUTHORITY
    )


def _correction_from(data: Mapping[str, Any]) -> Correction:
    return Correction(
        id=data["id"],
        document_id=str(data.get("document_id", "")),
        text=str(data["text"]),
        authority=str(data.get("authority", "human_correction")),
        author=str(data.get("author", "")),
        created_at=str(data.get("created_at", "")),
        active=bool(data.get("active", True)),
    )


@dataclass(frozen=True)
class ClaimResult:
    """One claim as judged: its citations, supporters, attribution, findings and fate."""

    text: str
    status: ClaimStatus
    citations: tuple[str, ...] = ()
    supported_by: tuple[str, ...] = ()
    attributed_to: str | None = None
    caveat: str | None = None
    violations: tuple[Violation, ...] = ()
    corrections: tuple[Correction, ...] = ()
    judgments: tuple[Judgment, ...] = ()
    judges_failed: tuple[JudgeFailure, ...] = ()  # judges that erred on a pair of this claim
    # Quoted by judging, not by the generator: a selected source the draft left out that is a
    # side of a conflict (docs/design.md#conflicts).
    added_for_conflict: bool = False

    @property
    def useful(self) -> bool:
        return self.status is not ClaimStatus.DROPPED

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "status": self.status.value,
            "citations": list(self.citations),
            "supported_by": list(self.supported_by),
            "attributed_to": self.attributed_to,
            "caveat": self.caveat,
            "violations": [v.to_dict() for v in self.violations],
            "corrections": [c.to_dict() for c in self.corrections],
            "judgments": [j.to_dict() for j in self.judgments],
            "judges_failed": [f.to_dict() for f in self.judges_failed],
            "added_for_conflict": self.added_for_conflict,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ClaimResult:
        return cls(
            text=str(data["text"]),
            status=ClaimStatus(data["status"]),
            citations=tuple(data.get("citations", ())),
            supported_by=tuple(data.get("supported_by", ())),
            attributed_to=data.get("attributed_to"),
            caveat=data.get("caveat"),
            violations=tuple(_violation_from(v) for v in data.get("violations", ())),
            corrections=tuple(_correction_from(c) for c in data.get("corrections", ())),
            judgments=tuple(_judgment_from(j) for j in data.get("judgments", ())),
            judges_failed=tuple(
                JudgeFailure(str(f["key"]), str(f["judge"]), str(f.get("error", "")))
                for f in data.get("judges_failed", ())
            ),
            # Answers stored before judging could add a claim have none added.
            added_for_conflict=bool(data.get("added_for_conflict", False)),
        )


@dataclass(frozen=True)
class Evidence:
    """The signals on every result (docs/design.md#signals); every field is always present."""

    authority_tier: str = ""
    authority_floor_applied: bool = False
    withheld: tuple[str, ...] = ()
    all_claims_verified: bool = False
    groundedness_rate: float = 0.0
    citation_rate: float = 0.0
    invariants_verified: tuple[str, ...] = ()
    profile_version: str = ""
    trust_mode: str = ""
    minimum_tier: str = ""
    retrieved: int = 0
    grounded: int = 0
    selected: int = 0
    inapplicable: tuple[Mapping[str, str], ...] = ()
    conflicts: tuple[Mapping[str, Any], ...] = ()
    unsupported_scripts: tuple[str, ...] = ()
    timings_ms: Mapping[str, float] = field(default_factory=dict)
    # [{"judge", "pairs"}]: judges that erred on some pair (docs/design.md#the-judges)
    judges_failed: tuple[Mapping[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "authority_tier": self.authority_tier,
            "authority_floor_applied": self.authority_floor_applied,
            "withheld": list(self.withheld),
            "all_claims_verified": self.all_claims_verified,
            "groundedness_rate": self.groundedness_rate,
            "citation_rate": self.citation_rate,
            "invariants_verified": list(self.invariants_verified),
            "profile_version": self.profile_version,
            "trust_mode": self.trust_mode,
            "minimum_tier": self.minimum_tier,
            "retrieved": self.retrieved,
            "grounded": self.grounded,
            "selected": self.selected,
            "inapplicable": [dict(i) for i in self.inapplicable],
            "conflicts": [dict(c) for c in self.conflicts],
            "unsupported_scripts": list(self.unsupported_scripts),
            "timings_ms": {k: round(v, 3) for k, v in self.timings_ms.items()},
            "judges_failed": [dict(f) for f in self.judges_failed],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Evidence:
        return cls(
            authority_tier=str(data["authority_tier"]),
            authority_floor_applied=bool(data["authority_floor_applied"]),
            withheld=tuple(data["withheld"]),
            all_claims_verified=bool(data["all_claims_verified"]),
            groundedness_rate=float(data["groundedness_rate"]),
            citation_rate=float(data["citation_rate"]),
            invariants_verified=tuple(data["invariants_verified"]),
            profile_version=str(data["profile_version"]),
            trust_mode=str(data["trust_mode"]),
            minimum_tier=str(data["minimum_tier"]),
            retrieved=int(data["retrieved"]),
            grounded=int(data["grounded"]),
            selected=int(data["selected"]),
            inapplicable=tuple(
                {str(k): str(v) for k, v in i.items()} for i in data["inapplicable"]
            ),
            conflicts=tuple(conflict_from_dict(c) for c in data["conflicts"]),
            unsupported_scripts=tuple(data["unsupported_scripts"]),
            timings_ms={str(k): float(v) for k, v in data["timings_ms"].items()},
            # Answers stored before judge failures were recorded have none.
            judges_failed=tuple(
                {"judge": str(f["judge"]), "pairs": int(f["pairs"])}
                for f in data.get("judges_failed", ())
            ),
        )


def _refusal_from(data: Mapping[str, Any] | None) -> Refusal | None:
    if data is None:
        return None
    return Refusal(RefusalCode(data["code"]), str(data["message"]))


@dataclass(frozen=True)
class Answer:
    """A composed answer or a refusal, with everything needed to explain it later."""

    question: str
    lane: str
    mode: str
    strategy: str
    status: str
    text: str
    refusal: Refusal | None = None
    claims: tuple[ClaimResult, ...] = ()
    evidence: Evidence = field(default_factory=Evidence)
    policy: Mapping[str, Any] = field(default_factory=dict)
    candidates: tuple[Mapping[str, Any], ...] = ()
    withheld_detail: tuple[Mapping[str, Any], ...] = ()
    best_candidates: tuple[Mapping[str, Any], ...] = ()
    draft: Mapping[str, Any] | None = None

    @property
    def answered(self) -> bool:
        return self.status == ANSWERED

    def to_dict(self) -> dict[str, Any]:
        return {
            "lane": self.lane,
            "question": self.question,
            "mode": self.mode,
            "status": self.status,
            "refusal": self.refusal.to_dict() if self.refusal else None,
            "text": self.text,
            "claims": [c.to_dict() for c in self.claims],
            "evidence": self.evidence.to_dict(),
            "strategy": self.strategy,
            "policy": dict(self.policy),
            "candidates": [dict(c) for c in self.candidates],
            "draft": dict(self.draft) if self.draft is not None else None,
            "withheld_detail": [dict(w) for w in self.withheld_detail],
            "best_candidates": [dict(b) for b in self.best_candidates],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Answer:
        return cls(
            question=str(data["question"]),
            lane=str(data["lane"]),
            mode=str(data["mode"]),
            strategy=str(data["strategy"]),
            status=str(data["status"]),
            text=str(data["text"]),
            refusal=_refusal_from(data.get("refusal")),
            claims=tuple(ClaimResult.from_dict(c) for c in data.get("claims", ())),
            evidence=Evidence.from_dict(data["evidence"]),
            policy=dict(data.get("policy", {})),
            candidates=tuple(dict(c) for c in data.get("candidates", ())),
            withheld_detail=tuple(dict(w) for w in data.get("withheld_detail", ())),
            best_candidates=tuple(dict(b) for b in data.get("best_candidates", ())),
            draft=dict(data["draft"]) if data.get("draft") is not None else None,
        )

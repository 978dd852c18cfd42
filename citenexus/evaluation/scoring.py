"""Scoring a golden question set: a law benchmark's metrics, in our own terms
(docs/design.md#evaluation-and-held-out-discipline).

A golden row says what should happen (answered or refused, with which refusal code, citing which
documents). The metrics a reviewer cares about:

- ``answer_when_grounded``: of the questions the corpus can answer, the share answered;
- ``abstain_when_no_evidence``: of the questions it cannot answer (no evidence, wrong
  jurisdiction, below the floor, wrong subject), the share refused;
- ``groundedness_rate`` / ``citation_rate``: means over answered questions of the answer's signals;
- ``out_of_jurisdiction_citations``: citations of kept or hedged claims to a source whose tier is
  the lane's out-of-jurisdiction tier or whose ``jurisdiction`` does not apply in the lane's
  (another state or country; a nationwide US source applies in every state);
- ``wrong_jurisdiction_citations``: citations of kept or hedged claims to a source whose
  ``jurisdiction`` does not apply in the jurisdiction the question asks about (the one it names,
  else the lane's) — Florida law quoted for a Texas question;
- ``trap_citations``: citations of kept or hedged claims to a document its golden row names as
  a trap (a question citing one is not as expected);
- ``refusal_code_accuracy``: of the refusals expected with a code, the share with that code;
- ``expected_document_hit_rate``: of answered answerable questions, the share citing an expected document;
- ``expected_value_rate`` (the headline): of ALL answerable questions with an expected value, the
  share answered with kept or hedged claims that state it (the same number in any wording:
  "thirty days" = "30 days"; a value with no number is matched as words). A refused answerable
  question counts as a miss, so neither refusing nor quoting the wrong rule scores;
- ``expected_value_rate_when_answered``: the same share over only the answered ones (the old
  headline): it rises when the product refuses the questions it would get wrong;
- ``expected_value_from_document_rate``: of ALL answerable questions with an expected value,
  the share where the claims citing an expected document state it (any claim, for a row naming
  no document): the headline without the answers that quote the right number from a rule about
  something else ("30 days" to change a lease's terms, asked how long to end it).

``fractions`` keeps each rate's numerator and denominator, so runs over several lanes can be
pooled (``pool``) by adding counts rather than averaging percentages.

A golden row may name the authority ``profile`` its question is asked under: empty for the lane's
own policy, or ``default.v1`` for the unranked policy (no tiers, no floor) on the same lane.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.applicability import QuestionScope, applies_in
from citenexus.domain.vocabulary import EMPTY, Vocabulary
from citenexus.evaluation.golden import GoldenQuestion
from citenexus.text.quantities import extract_quantities

OUT_OF_JURISDICTION_TIER = "out-of-jurisdiction"


@dataclass
class Outcome:
    golden: GoldenQuestion
    answer: Mapping[str, Any]

    @property
    def answered(self) -> bool:
        return self.answer.get("status") == "answered"

    @property
    def refusal_code(self) -> str:
        refusal = self.answer.get("refusal") or {}
        return str(refusal.get("code", "")) if refusal else ""

    def states(self, value: str, documents: Sequence[str] = ()) -> bool:
        """Whether the answer's kept or hedged claims state ``value``; given ``documents``, only
        the claims citing one of them count."""
        texts = [
            str(c.get("text", ""))
            for c in self.answer.get("claims", [])
            if c.get("status") in ("kept", "hedged")
            and (
                not documents
                or any(key.rpartition("#")[0] in documents for key in c.get("citations", []))
            )
        ]
        wanted = extract_quantities(value)
        if wanted:
            stated = [q for t in texts for q in extract_quantities(t)]
            return all(any(w.same_value(q) for q in stated) for w in wanted)
        return any(value.lower() in t.lower() for t in texts)

    def cited_keys(self) -> list[str]:
        keys: list[str] = []
        for claim in self.answer.get("claims", []):
            if claim.get("status") in ("kept", "hedged"):
                keys.extend(claim.get("citations", []))
        return keys

    def cited_documents(self) -> list[str]:
        """The documents the kept or hedged claims cite, each once, in order of first citation."""
        return list(dict.fromkeys(key.rpartition("#")[0] for key in self.cited_keys()))

    def trap_documents_cited(self) -> list[str]:
        traps = set(self.golden.trap_documents)
        return [d for d in self.cited_documents() if d in traps] if self.answered else []

    @property
    def value_found(self) -> bool | None:
        """Whether the answer states the expected value; None when the row expects none."""
        if not self.golden.expected_value:
            return None
        return self.answered and self.states(self.golden.expected_value)

    @property
    def value_from_document(self) -> bool | None:
        """Whether claims citing an expected document state the expected value (any claim, when
        the row names no document); None when the row expects no value. A right number quoted
        from a rule about something else is not a right answer."""
        if not self.golden.expected_value:
            return None
        return self.answered and self.states(
            self.golden.expected_value, self.golden.expected_documents
        )

    @property
    def as_expected(self) -> bool:
        """Answered or refused as expected (with the expected refusal code, when one is given),
        citing no trap document."""
        expected = self.golden.expected_status == ("answered" if self.answered else "refused")
        if expected and not self.answered and self.golden.expected_refusal_code:
            expected = self.refusal_code == self.golden.expected_refusal_code
        return expected and not self.trap_documents_cited()


@dataclass
class Report:
    total: int = 0
    answered: int = 0
    refused: int = 0
    answer_when_grounded: float = 0.0
    abstain_when_no_evidence: float = 0.0
    groundedness_rate: float = 0.0
    citation_rate: float = 0.0
    out_of_jurisdiction_citations: int = 0
    wrong_jurisdiction_citations: int = 0
    # Citations of documents a golden row names as traps (the simple format's trap_docs).
    trap_citations: int = 0
    refusal_code_accuracy: float = 0.0
    expected_document_hit_rate: float = 0.0
    expected_value_rate: float = 0.0
    expected_value_rate_when_answered: float = 0.0
    expected_value_from_document_rate: float = 0.0
    # {rate: [numerator, denominator]} for every rate above that is a share of questions.
    fractions: dict[str, list[int]] = field(default_factory=dict)
    by_category: dict[str, dict[str, int]] = field(default_factory=dict)
    mismatches: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _rate(numerator: int, denominator: int) -> float:
    return round(numerator / denominator, 4) if denominator else 1.0


def _set_rate(report: Report, name: str, numerator: int, denominator: int) -> None:
    setattr(report, name, _rate(numerator, denominator))
    report.fractions[name] = [numerator, denominator]


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 1.0


def is_out_of_jurisdiction(
    meta: Mapping[str, str],
    tier_key: str,
    lane_jurisdiction: str,
    vocabulary: Vocabulary = EMPTY,
) -> bool:
    if meta.get(tier_key, "") == OUT_OF_JURISDICTION_TIER:
        return True
    jurisdiction = meta.get("jurisdiction", "").strip()
    lane = lane_jurisdiction.strip()
    return bool(lane and jurisdiction and not applies_in(jurisdiction, [lane], vocabulary))


def score(
    outcomes: Iterable[Outcome],
    *,
    metadata_of: Mapping[str, Mapping[str, str]],
    tier_key: str = "authority_tier",
    lane_jurisdiction: str = "",
    vocabulary: Vocabulary = EMPTY,
) -> Report:
    """Score outcomes; ``metadata_of`` maps document id to its authority metadata; the lane's
    ``vocabulary`` names its jurisdictions, as when the question was asked."""
    items = list(outcomes)
    report = Report(total=len(items))
    answerable = [o for o in items if o.golden.expected_status == "answered"]
    unanswerable = [o for o in items if o.golden.expected_status == "refused"]
    answered = [o for o in items if o.answered]
    report.answered = len(answered)
    report.refused = report.total - report.answered
    _set_rate(report, "answer_when_grounded", sum(o.answered for o in answerable), len(answerable))
    _set_rate(
        report,
        "abstain_when_no_evidence",
        sum(not o.answered for o in unanswerable),
        len(unanswerable),
    )
    evidence = [o.answer.get("evidence", {}) for o in answered]
    report.groundedness_rate = _mean([float(e.get("groundedness_rate", 0.0)) for e in evidence])
    report.citation_rate = _mean([float(e.get("citation_rate", 0.0)) for e in evidence])
    for o in answered:
        asked = QuestionScope.parse(o.golden.question, lane_jurisdiction, vocabulary).jurisdictions
        for key in o.cited_keys():
            meta = metadata_of.get(key.rpartition("#")[0], {})
            # A document naming no jurisdiction is of its lane's (docs/design.md).
            source = meta.get("jurisdiction", "").strip() or lane_jurisdiction.strip()
            wrong = bool(asked and source and not applies_in(source, asked, vocabulary))
            report.wrong_jurisdiction_citations += wrong
            # Under the unranked profile there are no tiers: a source is out of jurisdiction
            # only when it does not apply where the question asks.
            if (
                wrong
                if o.golden.unranked
                else is_out_of_jurisdiction(meta, tier_key, lane_jurisdiction, vocabulary)
            ):
                report.out_of_jurisdiction_citations += 1
    coded = [o for o in unanswerable if o.golden.expected_refusal_code]
    _set_rate(
        report,
        "refusal_code_accuracy",
        sum(o.refusal_code == o.golden.expected_refusal_code for o in coded),
        len(coded),
    )
    hits = [o for o in answerable if o.answered and o.golden.expected_documents]
    _set_rate(
        report,
        "expected_document_hit_rate",
        sum(
            any(k.rpartition("#")[0] in o.golden.expected_documents for k in o.cited_keys())
            for o in hits
        ),
        len(hits),
    )
    valued = [o for o in answerable if o.golden.expected_value]
    stated = [o for o in valued if o.answered and o.states(o.golden.expected_value)]
    _set_rate(report, "expected_value_rate", len(stated), len(valued))
    _set_rate(
        report,
        "expected_value_rate_when_answered",
        len(stated),
        sum(o.answered for o in valued),
    )
    _set_rate(
        report,
        "expected_value_from_document_rate",
        sum(bool(o.value_from_document) for o in valued),
        len(valued),
    )
    report.trap_citations = sum(len(o.trap_documents_cited()) for o in items)
    for o in items:
        bucket = report.by_category.setdefault(o.golden.category, {"total": 0, "as_expected": 0})
        bucket["total"] += 1
        expected = o.as_expected
        bucket["as_expected"] += int(expected)
        if not expected:
            report.mismatches.append(
                {
                    "id": o.golden.id,
                    "expected": o.golden.expected_status
                    + (
                        f" ({o.golden.expected_refusal_code})"
                        if o.golden.expected_refusal_code
                        else ""
                    ),
                    "got": str(o.answer.get("status"))
                    + (f" ({o.refusal_code})" if o.refusal_code else ""),
                }
            )
    return report


COUNTS = (
    "total",
    "answered",
    "refused",
    "out_of_jurisdiction_citations",
    "wrong_jurisdiction_citations",
    "trap_citations",
)
MEANS = ("groundedness_rate", "citation_rate")  # means over answered questions


def pool(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One report over several (``Report.to_dict()`` of each, e.g. one per lane): counts added,
    each rate recomputed from the added numerators and denominators, means weighted by the
    number of answered questions. Mismatches are not pooled (they name questions of one lane)."""
    pooled = Report().to_dict()
    for name in COUNTS:
        pooled[name] = sum(int(r.get(name, 0)) for r in reports)
    answered = pooled["answered"]
    for name in MEANS:
        weighted = sum(float(r.get(name, 0.0)) * int(r.get("answered", 0)) for r in reports)
        pooled[name] = round(weighted / answered, 4) if answered else 1.0
    fractions: dict[str, list[int]] = {}
    for r in reports:
        for name, (numerator, denominator) in (r.get("fractions") or {}).items():
            total = fractions.setdefault(name, [0, 0])
            total[0] += int(numerator)
            total[1] += int(denominator)
    for name, (numerator, denominator) in fractions.items():
        pooled[name] = _rate(numerator, denominator)
    pooled["fractions"] = fractions
    categories: dict[str, dict[str, int]] = {}
    for r in reports:
        for category, bucket in (r.get("by_category") or {}).items():
            total_bucket = categories.setdefault(category, {"total": 0, "as_expected": 0})
            for key in ("total", "as_expected"):
                total_bucket[key] += int(bucket.get(key, 0))
    pooled["by_category"] = categories
    pooled["mismatches"] = []
    return pooled

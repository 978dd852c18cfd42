"""From a draft to judged claims: support matrix, violations, attribution, conflicts, recovery.

Shared by ask (a generated draft) and verify (a client's draft), so both are judged alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from citenexus.domain.answer import ClaimResult
from citenexus.domain.answer_fit import answer_score
from citenexus.domain.applicability import QuestionScope, normalise_jurisdiction
from citenexus.domain.attribution import Attribution, attribute
from citenexus.domain.authority import AuthorityPolicy, AuthorityTier, TrustMode
from citenexus.domain.claims import Claim, split_claims
from citenexus.domain.conflicts import (
    Assertion,
    Conflict,
    claim_assertion,
    detect_conflicts,
)
from citenexus.domain.model import (
    Candidate,
    ClaimStatus,
    Correction,
    Draft,
    Segment,
    Unit,
    Violation,
    ViolationKind,
)
from citenexus.domain.question import QuestionFrame, read_question
from citenexus.domain.recovery import Outcome, recover
from citenexus.domain.support import ClaimSupport, Screen, support_matrix
from citenexus.domain.violations import citation_violations, strongest
from citenexus.generators.extractive import statement_scores
from citenexus.ports import Judge, Retriever
from citenexus.text.sentences import split_sentences

CAVEAT_UNKNOWN_KEYS = "it cited {keys}, which name no unit of this lane; removed"


@dataclass
class JudgeContext:
    question: str
    scope: QuestionScope
    policy: AuthorityPolicy
    mode: TrustMode
    judges: Sequence[Judge]
    retriever: Retriever
    grounded: Sequence[Candidate]  # every grounded candidate, the floor-withheld included
    known: Mapping[str, Unit]  # every unit retrieval saw, by key
    frame: QuestionFrame | None = None  # the question read once (docs/design.md#question-frame)
    # The selection (ask only): a value a selected unit the draft does not cite states about the
    # question's matter still conflicts with a drafted one (docs/design.md#conflicts).
    selected: Sequence[Candidate] = ()

    def question_frame(self) -> QuestionFrame:
        """The frame passed down by the run, else the question read now."""
        return self.frame if self.frame is not None else read_question(self.question)


@dataclass
class JudgedDraft:
    claims: list[ClaimResult] = field(default_factory=list)
    rows: list[ClaimSupport] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    tiers: dict[str, AuthorityTier] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    authority_withheld: dict[str, str] = field(default_factory=dict)  # key -> document id
    # The sentences of the selected units the draft does not cite that were read as sides of a
    # conflict, by their (negative) assertion index.
    sides: dict[int, Segment] = field(default_factory=dict)
    draft: Draft | None = None  # the draft judged, when it is not the one handed in

    @property
    def citations_judged(self) -> bool:
        return any(row.citations_judged for row in self.rows)

    @property
    def unresolved(self) -> bool:
        return any(c.resolved_to is None for c in self.conflicts)


def resolve_keys(
    keys: Sequence[str], known: Mapping[str, Unit], retriever: Retriever
) -> dict[str, Unit]:
    """The units the keys name: those retrieval saw, then the rest fetched from the store."""
    resolved = {k: known[k] for k in keys if k in known}
    missing = [k for k in keys if k not in resolved]
    if missing:
        resolved.update(retriever.units_by_key(missing))
    return resolved


def _clean_citations(
    claims: list[Claim], resolved: Mapping[str, Unit]
) -> tuple[list[Claim], dict[int, str]]:
    cleaned: list[Claim] = []
    notes: dict[int, str] = {}
    for claim in claims:
        unknown = [k for k in claim.citations if k not in resolved]
        if unknown:
            notes[claim.index] = CAVEAT_UNKNOWN_KEYS.format(keys=", ".join(unknown))
        kept = tuple(dict.fromkeys(k for k in claim.citations if k in resolved))
        cleaned.append(replace(claim, citations=kept))
    return cleaned, notes


def _assertions(
    ctx: JudgeContext, judged: JudgedDraft, attributions: Sequence[Attribution]
) -> list[Assertion]:
    kind = ctx.question_frame().conflict_kind
    found: list[Assertion] = []
    for row, outcome, attribution in zip(judged.rows, judged.outcomes, attributions, strict=True):
        if kind is None or outcome.status is ClaimStatus.DROPPED:
            continue
        key = attribution.key or (
            strongest(row.supported_by, judged.tiers) if row.supported_by else None
        )
        if key is None:
            continue
        found.append(
            _assertion(
                ctx, row.claim.index, key, judged.units[key], judged.tiers[key], row.claim.text
            )
        )
    return found


def _assertion(
    ctx: JudgeContext, index: int, key: str, unit: Unit, tier: AuthorityTier, text: str
) -> Assertion:
    """The values ``text`` states about the question's matter, credited to the unit ``key`` of
    ``tier``, in its document's jurisdiction."""
    return claim_assertion(
        index,
        key=key,
        document_id=unit.document_id,
        tier_rank=tier.rank,
        tier_name=tier.name,
        jurisdiction=normalise_jurisdiction(unit.authority_meta.get("jurisdiction", "")),
        text=text,
        question=ctx.question,
        kind=ctx.question_frame().conflict_kind,
    )


def _undrafted_assertions(ctx: JudgeContext, judged: JudgedDraft) -> list[Assertion]:
    """The values selected units the draft does not cite state about the question's matter
    (docs/design.md#conflicts): each unit's sentence that answers best, when it answers at
    least as well as the draft's best claim by the generator's own measure (``answer_score``),
    so the draft's choice of one side was not a choice of the better answer. Numbered below zero:
    they are sides of a conflict, not claims of the answer."""
    frame = ctx.question_frame()
    kind = frame.conflict_kind
    if kind is None or not ctx.selected:
        return []
    # A unit that only supports a claim is still a side: it may disagree with another claim of
    # its own jurisdiction (the claim it supports may be of another).
    cited = {k for row in judged.rows for k in row.citations}
    bar = max((answer_score(frame, r.claim.text) for r in judged.rows), default=0.0)
    found: list[Assertion] = []
    judged.sides.clear()
    for candidate in ctx.selected:
        if candidate.key in cited:
            continue
        sentences = split_sentences(candidate.unit.text)
        scored = statement_scores(frame, sentences)
        best, at = max(scored, key=lambda pair: pair[0], default=(0.0, 0))
        if best <= 0.0 or best < bar:
            continue
        index = -1 - len(found)
        judged.sides[index] = Segment(sentences[at], (candidate.key,))
        found.append(
            _assertion(ctx, index, candidate.key, candidate.unit, candidate.tier, sentences[at])
        )
    return found


def _claim_result(
    row: ClaimSupport,
    outcome: Outcome,
    attribution: Attribution,
    violations: tuple[Violation, ...],
    note: str | None,
    corrections: Mapping[str, Sequence[Correction]],
    units: Mapping[str, Unit],
    *,
    added: bool,
) -> ClaimResult:
    shown = set(row.citations) | set(row.supported_by) | set(row.contradicted_by)
    judgments = tuple(j for key, found in row.judgments.items() if key in shown for j in found)
    caveats = [c for c in (outcome.caveat or attribution.caveat, note) if c]
    docs = dict.fromkeys(units[k].document_id for k in row.citations)
    return ClaimResult(
        text=row.claim.text,
        status=outcome.status,
        citations=row.citations,
        supported_by=row.supported_by,
        attributed_to=attribution.key,
        caveat="; ".join(caveats) or None,
        violations=violations,
        corrections=tuple(c for d in docs for c in corrections.get(d, ())),
        judgments=judgments,
        judges_failed=row.failures,
        added_for_conflict=added,
    )


def _ineligible(resolved: Mapping[str, Unit], ctx: JudgeContext) -> dict[str, str]:
    """Cited units outside the grounded set that do not apply to the question, with reasons: the
    question's scope gives the reason grounding gave the units retrieval saw, and one for a unit
    it never saw."""
    grounded_keys = {c.key for c in ctx.grounded}
    found: dict[str, str] = {}
    for key, unit in resolved.items():
        if key in grounded_keys:
            continue
        reason = ctx.scope.exclusion_reason(unit)
        if reason is not None:
            found[key] = reason
    return found


def _settle(
    judged: JudgedDraft,
    ctx: JudgeContext,
    violations: Sequence[tuple[Violation, ...]],
    attributions: Sequence[Attribution],
) -> None:
    """Recover each claim, detect conflicts among the useful ones, then recover again with them."""
    judged.outcomes = [
        recover(v, ctx.mode, judged=not row.declined)
        for v, row in zip(violations, judged.rows, strict=True)
    ]
    judged.conflicts = detect_conflicts(
        ctx.question_frame().conflict_kind,
        [*_assertions(ctx, judged, attributions), *_undrafted_assertions(ctx, judged)],
        ctx.question,
    )
    losing = {i for c in judged.conflicts for i in c.losing_claims}
    contested = {i for c in judged.conflicts for i in c.contested_claims}
    judged.outcomes = [
        recover(
            v,
            ctx.mode,
            judged=not row.declined,
            lost_conflict=row.claim.index in losing,
            unresolved_conflict=row.claim.index in contested,
        )
        for v, row in zip(violations, judged.rows, strict=True)
    ]
    for row, outcome in zip(judged.rows, judged.outcomes, strict=True):
        if outcome.dropped_for is ViolationKind.AUTHORITY:
            for key in row.cited_supporting:
                judged.authority_withheld[key] = judged.units[key].document_id


def _screen(judges: Sequence[Judge]) -> Screen | None:
    """The screen of the first judge that offers one (the lexical judge), if it is judging."""
    for judge in judges:
        screen = getattr(judge, "screen", None)
        if callable(screen):
            return screen  # type: ignore[no-any-return]
    return None


def _sides_to_quote(judged: JudgedDraft) -> list[Segment]:
    """The undrafted sides the answer must state: one that outranks a drafted claim when no
    quoted claim states the winning value (the answer states the most authoritative source's
    value), and each side of a conflict between equal sources (both sides are returned: refused
    in strict mode, hedged in the others)."""
    quoted: list[Segment] = []
    side_keys = {side.citations[0] for side in judged.sides.values()}
    for conflict in judged.conflicts:
        if conflict.resolved_to is None:
            chosen = set(conflict.contested_claims)
        elif any(i >= 0 for i in conflict.losing_claims):
            winners = {key for _, key, _ in conflict.values} - set(conflict.overridden)
            if winners - side_keys:
                continue  # a quoted claim already states the winning value
            chosen = {i for i, side in judged.sides.items() if side.citations[0] in winners}
        else:
            continue
        quoted.extend(side for i, side in judged.sides.items() if i in chosen)
    return list(dict.fromkeys(quoted))


def judge_draft(draft: Draft, ctx: JudgeContext) -> JudgedDraft:
    """Judge every claim of a draft and decide each claim's fate (unknown keys removed). A
    selected unit the draft does not quote that outranks a drafted claim in a conflict, or is a
    side of a conflict between equal sources, has its sentence added to the draft, which is
    judged again (``JudgedDraft.draft``)."""
    judged = _judge_once(draft, ctx)
    drafted = len(draft.segments)
    # Each round quotes at least one more selected unit, so the rounds are at most as many.
    for _ in ctx.selected:
        sides = [s for s in _sides_to_quote(judged) if s not in draft.segments]
        if not sides:
            break
        draft = Draft((*draft.segments, *sides), generator=draft.generator)
        judged = _judge_once(draft, ctx, drafted=drafted)
        judged.draft = draft
    return judged


def _judge_once(draft: Draft, ctx: JudgeContext, drafted: int | None = None) -> JudgedDraft:
    """One judging of ``draft``, whose segments from ``drafted`` on (if given) were added by
    judging."""
    claims = split_claims(draft)
    cited_keys = list(dict.fromkeys(k for c in claims for k in c.citations))
    resolved = resolve_keys(cited_keys, ctx.known, ctx.retriever)
    claims, notes = _clean_citations(claims, resolved)
    judged = JudgedDraft()
    judged.units = {**{c.key: c.unit for c in ctx.grounded}, **resolved}
    judged.tiers = {k: ctx.policy.tier(u.authority_meta) for k, u in judged.units.items()}
    judged.rows = support_matrix(
        claims,
        [c.unit for c in ctx.grounded],
        resolved,
        ctx.judges,
        ineligible=_ineligible(resolved, ctx),
        screen=_screen(ctx.judges),
    )
    violations = [citation_violations(r, judged.tiers, ctx.policy.minimum) for r in judged.rows]
    attributions = [
        attribute(r.citations, r.supported_by, judged.tiers, citations_judged=r.citations_judged)
        for r in judged.rows
    ]
    _settle(judged, ctx, violations, attributions)
    corrections = ctx.retriever.corrections_for(sorted({u.document_id for u in resolved.values()}))
    judged.claims = [
        _claim_result(
            row,
            outcome,
            attribution,
            v,
            notes.get(row.claim.index),
            corrections,
            judged.units,
            added=drafted is not None and row.claim.segment_index >= drafted,
        )
        for row, outcome, attribution, v in zip(
            judged.rows, judged.outcomes, attributions, violations, strict=True
        )
    ]
    return judged

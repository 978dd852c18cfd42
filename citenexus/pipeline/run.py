"""One ask or verify call: its inputs, the stages it has run, and how it ends.

Refusal codes follow docs/design.md#refusal-codes: the stage that removed the last usable
evidence or claim, in pipeline order. "Found nothing" and "found nothing with standing" stay
distinct codes.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.answer import ANSWERED, REFUSED, Answer
from citenexus.domain.applicability import QuestionScope
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.compose import compose, compose_refusal
from citenexus.domain.model import Draft, Refusal, RefusalCode
from citenexus.domain.question import QuestionFrame, read_question
from citenexus.domain.recovery import refusal_after_judging, refuses_for_laundering
from citenexus.domain.scripts import dominant_foreign_script, unsupported_scripts
from citenexus.domain.vocabulary import EMPTY, Vocabulary
from citenexus.pipeline.deep import scope_for
from citenexus.pipeline.judging import JudgeContext, JudgedDraft, judge_draft
from citenexus.pipeline.pool import Pool, pool_of
from citenexus.pipeline.retrieval import gather
from citenexus.pipeline.settings import PipelineSettings
from citenexus.pipeline.signals import build_evidence
from citenexus.pipeline.timing import Timings, in_stage_order
from citenexus.ports import Embedder, Generator, Judge, Retriever


def _snapshot_of(obj: object, attrs: Sequence[str]) -> dict[str, Any]:
    """The JSON-able settings an adapter exposes (thresholds, timeout), for the policy snapshot."""
    out: dict[str, Any] = {"name": getattr(obj, "name", type(obj).__name__)}
    for attr in attrs:
        value = getattr(obj, attr, None)
        if value is None or callable(value):
            continue
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            value = dataclasses.asdict(value)
        if isinstance(value, str | int | float | bool | dict | list | tuple):
            out[attr] = value
    return out


@dataclass
class Run:
    question: str
    lane: str
    mode: TrustMode
    strategy: str
    policy: AuthorityPolicy
    settings: PipelineSettings
    lane_jurisdiction: str
    retriever: Retriever
    embedder: Embedder
    judges: Sequence[Judge]
    generator: Generator | None = None
    vocabulary: Vocabulary = EMPTY
    timings: Timings = field(default_factory=Timings)
    pool: Pool | None = None
    judged: JudgedDraft | None = None
    draft: Draft | None = None

    @functools.cached_property
    def frame(self) -> QuestionFrame:
        """The question read once per call, with the lane's vocabulary: every stage that needs
        what it asks, where, or the facts it states takes it from here
        (docs/design.md#question-frame)."""
        return read_question(self.question, self.vocabulary)

    @functools.cached_property
    def scope(self) -> QuestionScope:
        """The frame's scope in the lane: gathering and judging both read it."""
        return self.frame.scope_in(self.lane_jurisdiction)

    def question_scripts(self) -> list[str]:
        return unsupported_scripts([self.question], self.settings.script_share)

    def candidate_scripts(self) -> list[str]:
        """The scripts of the retrieved units when every one of them is in a foreign script."""
        if self.pool is None or not self.pool.retrieved:
            return []
        texts = [u.text for u in self.pool.retrieved.values()]
        if any(dominant_foreign_script(t, self.settings.script_share) is None for t in texts):
            return []
        return unsupported_scripts(texts, self.settings.script_share)

    def gather(self, queries: Sequence[str]) -> Pool:
        whole = self.scope
        found = [
            gather(
                q,
                scope=scope_for(q, whole),
                retriever=self.retriever,
                embedder=self.embedder,
                policy=self.policy,
                mode=self.mode,
                settings=self.settings,
                timings=self.timings,
            )
            for q in queries
        ]
        self.pool = pool_of(found, self.policy, self.mode, queries)
        return self.pool

    def evidence_refusal(self) -> RefusalCode | None:
        """The code of the retrieval stage that left no usable evidence, if one did."""
        pool = self.pool
        if pool is None or not pool.relevant:
            return RefusalCode.NO_RELEVANT_EVIDENCE
        if not pool.grounded:
            return RefusalCode.NOT_APPLICABLE
        if not pool.selected:
            # Both stages removed evidence: the floor's is not the last usable evidence when
            # the best the question's place offered was left out by its own scope.
            if pool.best_out_of_scope():
                return RefusalCode.NOT_APPLICABLE
            return RefusalCode.BELOW_AUTHORITY_FLOOR
        return None

    def judge(self, draft: Draft, *, generated: bool = False) -> JudgedDraft:
        """Judge a draft; a ``generated`` one is also weighed against the selected units it does
        not quote (docs/design.md#conflicts), a client's draft (verify) only against itself."""
        pool = self.pool or Pool()
        ctx = JudgeContext(
            question=self.question,
            scope=self.scope,
            policy=self.policy,
            mode=self.mode,
            judges=self.judges,
            retriever=self.retriever,
            grounded=pool.grounded,
            known={**pool.retrieved, **{c.key: c.unit for c in pool.candidates}},
            frame=self.frame,
            selected=pool.selected if generated else (),
        )
        with self.timings.stage("judge"):
            self.judged = judge_draft(draft, ctx)
        self.draft = self.judged.draft or draft
        return self.judged

    def judged_refusal(self, evidence_code: RefusalCode | None = None) -> Refusal | None:
        """The refusal after judging, or None when the answer stands."""
        judged = self.judged
        assert judged is not None
        if judged.unresolved and self.mode is TrustMode.STRICT:
            return Refusal.of(RefusalCode.UNRESOLVED_CONFLICT)
        if refuses_for_laundering([c.violations for c in judged.claims], self.mode):
            return Refusal.of(RefusalCode.CITATION_LAUNDERING)
        if any(c.useful for c in judged.claims):
            return None
        return Refusal.of(evidence_code or refusal_after_judging(judged.outcomes))

    def policy_snapshot(self) -> dict[str, Any]:
        return {
            **self.policy.snapshot(),
            "trust_mode": self.mode.value,
            "strategy": self.strategy,
            "lane_jurisdiction": self.lane_jurisdiction,
            "vocabulary": self.vocabulary.to_mapping(),
            "settings": self.settings.to_dict(),
            "subqueries": list(self.pool.subqueries) if self.pool else [self.question],
            "searched": list(self.pool.searched) if self.pool else [self.question],
            "embedder": _snapshot_of(self.embedder, ("dimension",)),
            "generator": _snapshot_of(self.generator, ("model", "timeout", "max_sentences"))
            if self.generator is not None
            else None,
            "judges": [
                _snapshot_of(j, ("threshold", "thresholds", "settings")) for j in self.judges
            ],
        }

    def _answer(
        self, status: str, text: str, refusal: Refusal | None, scripts: Sequence[str] = ()
    ) -> Answer:
        pool, judged = self.pool, self.judged
        with self.timings.stage("signals"):
            evidence = build_evidence(
                policy=self.policy,
                mode=self.mode,
                pool=pool,
                judged=judged,
                answered=status == ANSWERED,
                scripts=scripts,
            )
        # The signals stage's own time is known only now that it has ended; the answer lists
        # every stage in pipeline order.
        evidence = dataclasses.replace(evidence, timings_ms=dict(in_stage_order(self.timings.ms)))
        withheld = [
            (c.key, c.unit.document_id, c.tier.name) for c in (pool.withheld if pool else [])
        ]
        if judged is not None:
            withheld += [(k, d, judged.tiers[k].name) for k, d in judged.authority_withheld.items()]
        best: list[dict[str, Any]] = []
        if refusal is not None and refusal.code is RefusalCode.NO_RELEVANT_EVIDENCE and pool:
            best = [c.to_dict() for c in pool.candidates[: self.settings.best_candidates]]
        return Answer(
            question=self.question,
            lane=self.lane,
            mode=self.mode.value,
            strategy=self.strategy,
            status=status,
            text=text,
            refusal=refusal,
            claims=tuple(judged.claims) if judged else (),
            evidence=evidence,
            policy=self.policy_snapshot(),
            candidates=tuple(pool.rows(self.settings.generate_k, self.settings.handover_margin))
            if pool
            else (),
            withheld_detail=tuple(
                {"document_id": d, "key": k, "tier": t} for k, d, t in dict.fromkeys(withheld)
            ),
            best_candidates=tuple(best),
            draft=self.draft.to_dict() if self.draft is not None else None,
        )

    def refuse(self, code: RefusalCode, detail: str = "", scripts: Sequence[str] = ()) -> Answer:
        refusal = Refusal.of(code, detail)
        return self._answer(REFUSED, compose_refusal(refusal), refusal, scripts)

    def finish(self, evidence_code: RefusalCode | None = None) -> Answer:
        """Compose the judged draft into an answer, or refuse (docs/design.md#refusal-codes)."""
        judged = self.judged
        assert judged is not None
        refusal = self.judged_refusal(evidence_code)
        if refusal is not None:
            sides: list[tuple[str, str]] = []
            if refusal.code is RefusalCode.UNRESOLVED_CONFLICT:
                sides = [
                    (v, k)
                    for c in judged.conflicts
                    if c.resolved_to is None
                    for v, k, _ in c.values
                ]
            return self._answer(REFUSED, compose_refusal(refusal, sides), refusal)
        with self.timings.stage("compose"):
            text = compose(judged.claims)
        return self._answer(ANSWERED, text, None)

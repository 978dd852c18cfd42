"""The evidence of one ask call, pooled over its sub-queries (one for the single strategy).

The deep strategy applies ``select_by_authority`` to each sub-query's grounded candidates as
they are admitted to the pool, and once more to the pool at finish
(docs/design.md#answer-strategies); it is the same function, so the floor means the same thing
in both strategies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from citenexus.domain.applicability import JURISDICTION, SCOPE
from citenexus.domain.authority import AuthorityPolicy, TrustMode, select_by_authority
from citenexus.domain.model import Candidate, RefusalCode, Unit
from citenexus.pipeline.retrieval import Gathered, candidate_row


def _unique(candidates: Sequence[Candidate]) -> list[Candidate]:
    """One candidate per key: the best-scored one, in order of first appearance."""
    best: dict[str, Candidate] = {}
    for c in candidates:
        if c.key not in best or c.relevance > best[c.key].relevance:
            best[c.key] = c
    return list(best.values())


@dataclass
class Pool:
    retrieved: dict[str, Unit] = field(default_factory=dict)
    candidates: list[Candidate] = field(default_factory=list)
    relevant: list[Candidate] = field(default_factory=list)
    grounded: list[Candidate] = field(default_factory=list)
    inapplicable: list[dict[str, str]] = field(default_factory=list)
    valueless: list[Candidate] = field(default_factory=list)
    beyond_margin: list[Candidate] = field(default_factory=list)
    far_in_meaning: list[Candidate] = field(default_factory=list)
    selected: list[Candidate] = field(default_factory=list)
    withheld: list[Candidate] = field(default_factory=list)
    subqueries: list[str] = field(default_factory=list)
    searched: list[str] = field(default_factory=list)  # each sub-query as retrieval searched it
    # The selected candidates whose tier meets the lane's floor (all of them in strict mode);
    # none when the lane has no floor, which says nothing about what can answer on its own.
    standing: frozenset[str] = frozenset()

    def top(self, generate_k: int, margin: float | None = None) -> list[Candidate]:
        """What the generator is handed: the top ``generate_k`` of the selection, in its order
        (by tier), of those that come within ``margin`` of the most relevant selected candidate
        that meets the floor (docs/design.md#hand-over). A controlling source that reads far less
        like the question than a lower tier's unit is still selected and judged, but is not what
        the answer is drafted from; a unit below the floor never sets the bar, and with nothing
        that meets a floor (or no floor at all) the selection is handed over as it stands."""
        selected = self.selected
        if margin is None or not self.standing:
            return selected[:generate_k]
        best = max((c for c in selected if c.key in self.standing), key=lambda c: c.relevance)
        near = [c for c in selected if c.relevance >= best.relevance - margin]
        top = near[:generate_k]
        if best not in top and top:
            # The unit that reads most like the question among those that may answer alone is
            # always drafted from: more units of a higher tier must not crowd it out.
            top = [c for c in near if c in top[:-1] or c is best]
        return top

    def removed(self) -> list[tuple[RefusalCode, Candidate]]:
        """Relevant candidates a stage removed, best first, with that stage's refusal code."""
        inapplicable = self.inapplicable_reasons()
        out = [(RefusalCode.NOT_APPLICABLE, c) for c in self.relevant if c.key in inapplicable] + [
            (RefusalCode.BELOW_AUTHORITY_FLOOR, c) for c in self.withheld
        ]
        return sorted(out, key=lambda pair: -pair[1].relevance)

    def inapplicable_reasons(self) -> dict[str, str]:
        return {row["key"]: row["reason"] for row in self.inapplicable}

    def out_of_scope(self) -> frozenset[str]:
        """The keys applicability removed for their scope alone: of the question's place (no
        sub-query excluded them for their jurisdiction), but their scope leaves it out."""
        place = {r["key"] for r in self.inapplicable if r.get("kind") == JURISDICTION}
        return frozenset(
            r["key"] for r in self.inapplicable if r.get("kind") == SCOPE and r["key"] not in place
        )

    def best_out_of_scope(self) -> bool:
        """Whether the most relevant candidate of the question's place was removed for its
        scope: of the evidence that could speak for where the question asks, the best was
        left out by the subject the question names (docs/design.md#refusal-codes)."""
        place = {r["key"] for r in self.inapplicable if r.get("kind") == JURISDICTION}
        in_place = [c for c in self.relevant if c.key not in place]
        if not in_place:
            return False
        return max(in_place, key=lambda c: c.relevance).key in self.out_of_scope()

    def rows(self, generate_k: int, margin: float | None = None) -> list[dict[str, Any]]:
        """Every scored candidate with the last stage it reached: the first set it is in."""
        stages = (
            ("generated", {c.key for c in self.top(generate_k, margin)}),
            ("selected", {c.key for c in self.selected}),
            ("withheld", {c.key for c in self.withheld}),
            ("grounded", {c.key for c in self.grounded}),
            ("inapplicable", set(self.inapplicable_reasons())),
            ("beyond_ground_k", {c.key for c in self.relevant}),
            ("states_no_value_asked", {c.key for c in self.valueless}),
            ("beyond_margin", {c.key for c in self.beyond_margin}),
            ("below_min_cosine", {c.key for c in self.far_in_meaning}),
        )
        rows = []
        for c in sorted(self.candidates, key=lambda c: -c.relevance):
            stage = next((name for name, keys in stages if c.key in keys), "below_threshold")
            rows.append(candidate_row(c, stage))
        return rows


def pool_of(
    found: Sequence[Gathered], policy: AuthorityPolicy, mode: TrustMode, subqueries: Sequence[str]
) -> Pool:
    """Pool sub-query results; a single query's selection stands as it is."""
    pool = Pool(subqueries=list(subqueries), searched=[g.searched for g in found])
    admitted: list[Candidate] = []
    for g in found:
        for key, unit in g.retrieved.items():
            pool.retrieved.setdefault(key, unit)
        pool.candidates.extend(g.candidates)
        pool.relevant.extend(g.relevant)
        pool.grounded.extend(g.grounded)
        pool.valueless.extend(g.valueless)
        pool.beyond_margin.extend(g.beyond_margin)
        pool.far_in_meaning.extend(g.far_in_meaning)
        pool.inapplicable.extend(r for r in g.inapplicable if r not in pool.inapplicable)
        admitted.extend(g.selection.selected)
        pool.withheld.extend(g.selection.withheld)
    pool.candidates = _unique(pool.candidates)
    pool.relevant = _unique(pool.relevant)
    pool.grounded = _unique(pool.grounded)
    pool.valueless = _unique(pool.valueless)
    pool.beyond_margin = _unique(pool.beyond_margin)
    pool.far_in_meaning = _unique(pool.far_in_meaning)
    pool.withheld = _unique(pool.withheld)
    if len(found) == 1:
        pool.selected = list(found[0].selection.selected)
    else:
        finish = select_by_authority(
            _unique(sorted(admitted, key=lambda c: -c.relevance)), policy, mode
        )
        pool.selected = list(finish.selected)
        pool.withheld = _unique([*pool.withheld, *finish.withheld])
    if policy.minimum is not None:
        pool.standing = frozenset(c.key for c in pool.selected if policy.meets_floor(c.tier))
    return pool

"""The negation judge: the claim and the passage say the same thing is so, or is not so.

Each word's polarity is the parity of the negation markers whose scope covers it ("not", "no",
"never", "without", "except", "unless", "beyond", "prohibited"; scopes in
``tokens.negation_counts``). Over the words the claim shares with the passage (``align``):

- a word whose polarity differs contradicts ("may not sublet" / "may sublet"; "damage beyond
  ordinary wear and tear" / "ordinary wear and tear"; "is prohibited" / "is permitted");
- otherwise, a claim that obliges ("shall", "must") where the passage only permits ("may") is
  neutral (the modal in front of the same verb when both texts have one);
- otherwise the judge entails when a marker touches the shared words (in the claim, or over
  them in the passage), and declines when none does: it has nothing to say.

Dropping a whole exception ("... unless the tenant consents") keeps the polarity of what is
left, so a compression that drops it is not contradicted here.
"""

from __future__ import annotations

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges.align import Alignment, claim_predicate, governing_modal
from citenexus.judges.lexical import align_claim
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import MODAL, NEGATOR, OBLIGATION, PERMISSION, Token, negation_counts

NAME = "negation"


class NegationJudge:
    """Polarity of the claim against the aligned passage (module docstring)."""

    name = NAME

    def __init__(self, thresholds: JudgeThresholds | None = None) -> None:
        self.thresholds = thresholds or JudgeThresholds()

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        alignment = align_claim(claim, unit, self.thresholds)
        if not alignment.pairs:
            return None
        scope = self.thresholds.negation_max_scope
        claim_counts = negation_counts(alignment.claim, scope)
        unit_counts = negation_counts(alignment.unit, scope)
        span = alignment.span
        flips = [(c, u) for c, u in alignment.pairs if claim_counts[c] % 2 != unit_counts[u] % 2]
        if flips:
            c, u = flips[0]
            token = alignment.unit[u]
            return Judgment(unit.key, NAME, Verdict.CONTRADICTS, 0.0, (token.start, token.end))
        if _obliges_where_passage_permits(alignment):
            return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.5, span)
        marked = any(t.kind == NEGATOR or t.negates for t in alignment.claim) or any(
            unit_counts[u] or alignment.unit[u].negates for _, u in alignment.pairs
        )
        if not marked:
            return None
        return Judgment(unit.key, NAME, Verdict.ENTAILS, 1.0, span)


def _obliges_where_passage_permits(alignment: Alignment) -> bool:
    """Whether the claim says "must" where the passage only says "may".

    When the claim's verb is governed by a modal in both texts, those two modals are compared;
    otherwise the claim's modals are compared with those of the aligned sentences.
    """
    predicate = claim_predicate(alignment.claim)
    paired = dict(alignment.pairs)
    if predicate is not None and predicate.verb in paired:
        modal = governing_modal(alignment.unit, paired[predicate.verb])
        if modal is not None:
            claim_mode = _modes(alignment.claim[predicate.modal : predicate.modal + 2])
            passage_mode = _modes(alignment.unit[modal : modal + 2])
            return OBLIGATION in claim_mode and passage_mode == {PERMISSION}
    lo, hi = alignment.region
    claim_modes = _modes(alignment.claim)
    return OBLIGATION in claim_modes and _modes(alignment.unit[lo:hi]) == {PERMISSION}


def _modes(tokens: tuple[Token, ...]) -> set[str]:
    """The unnegated modal strengths of a text ("may not" is a prohibition, not a permission)."""
    modes: set[str] = set()
    for i, token in enumerate(tokens):
        if token.kind != MODAL or not token.direction:
            continue
        negated = i + 1 < len(tokens) and tokens[i + 1].kind == NEGATOR
        if not negated:
            modes.add(token.direction)
    return modes

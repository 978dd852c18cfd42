"""The lexical judge: the claim's words are the passage's words, in the passage's roles.

Coverage alone is not support. After aligning the claim with the unit (``align``), lexical
says entails only when

- the aligned span covers at least ``lexical_min_coverage`` of the claim's content words;
- no two paired words swap sides of a third (``crossing``): "the landlord must pay the tenant"
  against "the tenant must pay the landlord", or "deposit 60 days, notice 30 days" against
  "deposit 30 days, notice 60 days". Moving a phrase as a block ("Within 21 days, the
  landlord ...") crosses nothing and is allowed;
- no paired word changes its role preposition ("from the tenant" / "to the tenant"), and the
  claim's subject is not, in the passage, the object of something (``subject_moved``);
- every comparison the claim makes is made, in the same direction, in front of the same word
  of the passage: a reversed one ("at most" for "at least", "before" for "after") contradicts,
  one the passage does not make is neutral.
"""

from __future__ import annotations

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges.align import (
    Alignment,
    align,
    claim_predicate,
    governing_modal,
    offered_keys,
)
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import BOUNDARY, COMPARATOR, Token, tokenize
from citenexus.text.stopwords import DETERMINERS, ROLE_PREPOSITIONS

_COORDINATORS = frozenset({"and", "or", "then"})

NAME = "lexical"


class LexicalJudge:
    """Coverage of the claim's content words, with order, role and comparison checks."""

    name = NAME

    def __init__(self, thresholds: JudgeThresholds | None = None) -> None:
        self.thresholds = thresholds or JudgeThresholds()

    def screen(self, claim: str, unit: Unit) -> Judgment | None:
        """A neutral verdict when ``unit`` cannot entail ``claim`` whatever the alignment, else None.

        Alignment coverage counts the claim's content words found in one window of the unit
        (or its heading and title); the whole unit bounds every window. Below
        ``lexical_min_coverage`` even on the whole unit, lexical cannot say entails, so the unit
        cannot support the claim (support needs every verdict to be entails). The support matrix
        uses this to skip the full judges on units a claim does not cite.
        """
        wanted = [t.key for t in tokenize(claim) if t.is_content]
        if not wanted:
            return None  # judge() declines these; nothing to screen
        offered = offered_keys(unit.text) | offered_keys(f"{unit.heading} {unit.title}".strip())
        bound = sum(1 for key in wanted if key in offered) / len(wanted)
        if bound >= self.thresholds.lexical_min_coverage:
            return None
        return Judgment(unit.key, NAME, Verdict.NEUTRAL, bound, None)

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        alignment = align_claim(claim, unit, self.thresholds)
        if alignment.content == 0:
            return None
        coverage = alignment.coverage
        verdict = lexical_verdict(alignment, self.thresholds)
        score = 0.0 if verdict is Verdict.CONTRADICTS else coverage
        if verdict is Verdict.NEUTRAL and coverage >= self.thresholds.lexical_min_coverage:
            score = coverage / 2  # well covered but rearranged: report it as weak
        return Judgment(unit.key, NAME, verdict, score, alignment.span)


def align_claim(claim: str, unit: Unit, thresholds: JudgeThresholds) -> Alignment:
    """The claim aligned with the unit, the unit's heading and title counting as cover."""
    context = f"{unit.heading} {unit.title}".strip()
    return align(claim, unit.text, context, thresholds.align_max_sentences)


def lexical_verdict(alignment: Alignment, thresholds: JudgeThresholds) -> Verdict:
    """Entails, neutral or contradicts for an alignment (rules in the module docstring)."""
    comparison = comparison_verdict(alignment)
    if comparison is Verdict.CONTRADICTS:
        return comparison
    if alignment.coverage < thresholds.lexical_min_coverage:
        return Verdict.NEUTRAL
    if crossing(alignment) or role_changed(alignment) or subject_moved(alignment):
        return Verdict.NEUTRAL
    if comparison is Verdict.NEUTRAL:
        return Verdict.NEUTRAL
    return Verdict.ENTAILS


def crossing(alignment: Alignment) -> bool:
    """Whether two paired words sit on opposite sides of a third in claim and passage.

    For a pivot p, some word paired before p in the claim lies after p in the passage and
    some word paired after p in the claim lies before it.
    """
    pairs = alignment.pairs
    positions = [u for _, u in pairs]
    norms = [alignment.claim[c].norm for c, _ in pairs]
    for k in range(1, len(pairs) - 1):
        pivot = positions[k]
        before = any(positions[a] > pivot and norms[a] != norms[k] for a in range(k))
        after = any(positions[b] < pivot and norms[b] != norms[k] for b in range(k + 1, len(pairs)))
        if before and after:
            return True
    return False


def role_changed(alignment: Alignment) -> bool:
    """Whether a paired word carries a different role preposition in claim and passage."""
    for c, u in alignment.pairs:
        claim_role = _role_of(alignment.claim, c)
        unit_role = _role_of(alignment.unit, u)
        if claim_role and unit_role and claim_role != unit_role:
            return True
    return False


def subject_moved(alignment: Alignment) -> bool:
    """Whether the claim's subject is not, in the passage, the subject of the claim's verb.

    For a claim that opens "<subject> <modal> <verb>": each subject word must stand in the
    passage where a subject stands (at a clause start or after "and"/"or", not after a
    preposition, verb or modal: "... may not exceed five percent of the monthly rent" does not
    make "the monthly rent" a subject), and the words of its "of" phrase must follow "of" there
    too ("notice of the fee increase" is not "notice of the hearing ... any fee increase"); and
    when the passage's verb has its own modal, the
    subject in front of that modal must be the claim's ("the buyer may rescind" does not let
    the seller rescind).
    """
    predicate = claim_predicate(alignment.claim)
    if predicate is None:
        return False
    paired = dict(alignment.pairs)
    kept = {paired[c] for c in predicate.subject if c in paired}
    of = {paired[c] for c in predicate.of if c in paired}
    if any(not _subject_like(alignment.unit, u, kept) for u in kept):
        return True
    if any(not _after_of(alignment.unit, u, of) for u in of):
        return True
    kept |= of
    if predicate.verb not in paired or not kept:
        return False
    modal = governing_modal(alignment.unit, paired[predicate.verb])
    if modal is None:
        return False
    head = modal - 1
    if head < 0 or not alignment.unit[head].is_content or head in kept:
        return False
    run = set()
    k = head
    while k >= 0 and alignment.unit[k].is_content:
        run.add(k)
        k -= 1
    return _subject_like(alignment.unit, head, run) and not (kept & run)


def _subject_like(tokens: tuple[Token, ...], index: int, phrase: set[int]) -> bool:
    k = index - 1
    while k >= 0 and (tokens[k].word in DETERMINERS or k in phrase):
        k -= 1
    if k < 0:
        return True
    before = tokens[k]
    return before.kind == BOUNDARY or before.word in _COORDINATORS


def _after_of(tokens: tuple[Token, ...], index: int, phrase: set[int]) -> bool:
    k = index - 1
    while k >= 0 and (tokens[k].word in DETERMINERS or k in phrase):
        k -= 1
    return k >= 0 and tokens[k].word == "of"


def _role_of(tokens: tuple[Token, ...], index: int) -> str:
    k = index - 1
    while k >= 0 and tokens[k].word in DETERMINERS:
        k -= 1
    if k >= 0 and tokens[k].word in ROLE_PREPOSITIONS:
        return tokens[k].word
    return ""


def comparison_verdict(alignment: Alignment) -> Verdict | None:
    """Contradicts when a claim comparison is reversed in the passage, neutral when the passage
    has none in front of the same word, None when all agree (or the claim compares nothing)."""
    paired = dict(alignment.pairs)
    verdict: Verdict | None = None
    for i, token in enumerate(alignment.claim):
        if token.kind != COMPARATOR:
            continue
        anchor = _anchor(alignment.claim, i, token.post)
        if anchor is None or anchor not in paired:
            continue  # what it bounds is not in the passage: coverage and numeric decide
        found = _comparator_near(alignment.unit, paired[anchor], set(paired.values()))
        if found is None:
            verdict = Verdict.NEUTRAL
        elif found.direction != token.direction:
            return Verdict.CONTRADICTS
    return verdict


def _anchor(tokens: tuple[Token, ...], index: int, post: bool) -> int | None:
    """The content token a comparison bounds: the next one (or, for "or more", the previous)."""
    step = -1 if post else 1
    k = index + step
    while 0 <= k < len(tokens):
        token = tokens[k]
        if token.is_content:
            return k
        if token.kind in (BOUNDARY, COMPARATOR):
            return None
        k += step
    return None


def _comparator_near(tokens: tuple[Token, ...], index: int, paired: set[int]) -> Token | None:
    """The comparison bounding the unit token at ``index``: the nearest one in front of it in
    its clause, stepping over words the claim dropped ("before the date of termination" for
    "before termination") but not over a word the claim kept; else one right behind it
    ("30 days or more")."""
    k = index - 1
    while k >= 0:
        token = tokens[k]
        if token.kind == COMPARATOR:
            return token
        if token.kind == BOUNDARY or (token.is_content and k in paired):
            break
        k -= 1
    after = index + 1
    if after < len(tokens) and tokens[after].kind == COMPARATOR and tokens[after].post:
        return tokens[after]
    return None

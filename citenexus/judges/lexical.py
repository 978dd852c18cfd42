"""The lexical judge: the claim's words are the passage's words, in the passage's roles.

Coverage alone is not support, and low coverage is not proof against it: a faithful paraphrase
uses other words. So lexical speaks only where its words let it tell (docs/design.md#the-judges):

- below ``lexical_decline_coverage`` of the claim's content words in the aligned span, the
  passage does not say what the claim says: neutral;
- from there up to ``lexical_min_coverage`` (the paraphrase zone) it cannot tell: it declines,
  and the other judges decide; unless the claim's subject is nowhere in the passage (a rule
  about someone the passage does not name): neutral;
- at or above ``lexical_min_coverage`` it rules, and says entails only when
- no two paired words swap sides of a third (``crossing``): "the landlord must pay the tenant"
  against "the tenant must pay the landlord", or "deposit 60 days, notice 30 days" against
  "deposit 30 days, notice 60 days". Moving a phrase as a block ("Within 21 days, the
  landlord ...") crosses nothing and is allowed;
- no paired word changes its role preposition ("from the tenant" / "to the tenant"), and the
  claim's subject is not, in the passage, the object of something (``subject_moved``);
- every comparison the claim makes is made, in the same direction, in front of the same word
  of the passage: a reversed one ("at most" for "at least", "before" for "after") contradicts,
  one the passage does not make is neutral. A comparison reversed inside the claim's condition
  ("if ... for less than one year" against "if ... for one year or more") states the rule of
  another case, not the opposite of this one: neutral.

A claim in the passive voice ("... shall be given to the tenant by the landlord") moves its
agent behind the verb, which the order and subject checks read as a rearrangement; there they
decline instead of saying neutral, and the negation and numeric judges still speak.
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
_RELATIVES = frozenset({"who", "that", "which"})

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
        ``lexical_decline_coverage`` even on the whole unit, lexical says neutral, so the unit
        cannot support the claim (support needs every verdict to be entails). The support matrix
        uses this to skip the full judges on units a claim does not cite.
        """
        wanted = [t.key for t in tokenize(claim) if t.is_content]
        if not wanted:
            return None  # judge() declines these; nothing to screen
        offered = offered_keys(unit.text) | offered_keys(f"{unit.heading} {unit.title}".strip())
        bound = sum(1 for key in wanted if key in offered) / len(wanted)
        if bound >= self.thresholds.lexical_decline_coverage:
            return None
        return Judgment(unit.key, NAME, Verdict.NEUTRAL, bound, None)

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        alignment = align_claim(claim, unit, self.thresholds)
        if alignment.content == 0:
            return None
        coverage = alignment.coverage
        verdict = lexical_verdict(alignment, self.thresholds)
        if verdict is None:
            return None
        score = 0.0 if verdict is Verdict.CONTRADICTS else coverage
        if verdict is Verdict.NEUTRAL and coverage >= self.thresholds.lexical_min_coverage:
            score = coverage / 2  # well covered but rearranged: report it as weak
        return Judgment(unit.key, NAME, verdict, score, alignment.span)


def align_claim(claim: str, unit: Unit, thresholds: JudgeThresholds) -> Alignment:
    """The claim aligned with the unit, the unit's heading and title counting as cover."""
    context = f"{unit.heading} {unit.title}".strip()
    return align(claim, unit.text, context, thresholds.align_max_sentences)


def lexical_verdict(alignment: Alignment, thresholds: JudgeThresholds) -> Verdict | None:
    """Entails, neutral, contradicts, or None to decline (rules in the module docstring)."""
    if alignment.coverage < thresholds.lexical_decline_coverage:
        return Verdict.NEUTRAL
    if antonym_swapped(alignment):
        return Verdict.CONTRADICTS
    if alignment.coverage < thresholds.lexical_min_coverage:
        return Verdict.NEUTRAL if subject_missing(alignment) else None
    comparison = comparison_verdict(alignment)
    if comparison is Verdict.CONTRADICTS:
        return Verdict.CONTRADICTS
    if crossing(alignment) or role_changed(alignment) or subject_moved(alignment):
        return None if passive(alignment.claim) else Verdict.NEUTRAL
    if comparison is Verdict.NEUTRAL or dropped_condition(alignment):
        return Verdict.NEUTRAL
    return Verdict.ENTAILS


# Generic English opposites (no field's words): a claim word whose opposite stands, unpaired,
# in the sentence it aligns to says the other thing ("whichever is higher" / "lower").
_OPPOSITES = {
    frozenset(pair)
    for pair in (
        ("higher", "lower"),
        ("greater", "lesser"),
        ("earlier", "later"),
        ("earliest", "latest"),
        ("first", "last"),
        ("minimum", "maximum"),
        ("increase", "decrease"),
        ("longer", "shorter"),
        ("valid", "void"),
        ("valid", "invalid"),
        ("permitted", "prohibited"),
        ("allowed", "prohibited"),
        ("required", "optional"),
        ("mandatory", "optional"),
        ("include", "exclude"),
        ("includes", "excludes"),
        ("public", "confidential"),
    )
}


def antonym_swapped(alignment: Alignment) -> bool:
    """Whether a claim word left unpaired has its opposite, unpaired, in the aligned sentences."""
    paired_claim = {c for c, _ in alignment.pairs}
    paired_unit = {u for _, u in alignment.pairs}
    lo, hi = alignment.region
    offered = {alignment.unit[k].word for k in range(lo, hi) if k not in paired_unit}
    for c, token in enumerate(alignment.claim):
        if c in paired_claim or not token.word:
            continue
        for pair in _OPPOSITES:
            if token.word in pair and (pair - {token.word}) & offered:
                return True
    return False


_CONDITION_OPENERS = frozenset({"if", "unless", "provided"})
_CLAUSE_ENDS = frozenset({",", ".", ";", ":", "\n"})


def dropped_condition(alignment: Alignment) -> bool:
    """Whether the claim leaves out the condition its sentence puts on the rule.

    A claim that states no condition of its own, aligned to a sentence that holds the rule only
    "if ..." / "unless ..." / "provided ...", in a clause none of whose words the claim kept,
    states the rule more widely than the passage does (a scope change, not a compression).
    """
    if any(t.word in _CONDITION_OPENERS or t.word == "only" for t in alignment.claim):
        return False
    positions = sorted(u for _, u in alignment.pairs)
    if not positions or _contiguous(alignment, positions):
        return False  # a contiguous fragment is support (docs/design.md#the-judges)
    region_lo, region_hi = alignment.region
    unit = alignment.unit
    first, last = positions[0], positions[-1]
    start = first
    while start > region_lo and unit[start - 1].word not in _SENTENCE_ENDS:
        start -= 1
    end = last
    while end + 1 < region_hi and unit[end + 1].word not in _SENTENCE_ENDS:
        end += 1
    paired = set(positions)
    for k in range(start, end + 1):
        if unit[k].word not in _CONDITION_OPENERS or first < k < last:
            continue
        clause = []
        j = k + 1
        while j <= end and unit[j].word not in _CLAUSE_ENDS:
            if unit[j].is_content:
                clause.append(j)
            j += 1
        if not clause or paired.intersection(clause):
            continue
        # Only a condition on the claim's own predicate: one right behind the quoted words
        # ("... before the termination date if every tenant ..."), or one that opens the
        # sentence and leads straight into them ("If ..., the landlord shall ..."), not one of
        # a coordinated predicate ("... and may be charged only if ...").
        between = range(last + 1, k) if k > last else range(j, first)
        if not any(unit[b].is_content for b in between):
            return True
    return False


def _contiguous(alignment: Alignment, positions: list[int]) -> bool:
    """Whether the claim quotes one run of the passage: every claim word paired, in order, and
    no passage word between the first and the last left out."""
    if alignment.in_order < alignment.content:
        return False
    paired = set(positions)
    return all(
        k in paired for k in range(positions[0], positions[-1] + 1) if alignment.unit[k].is_content
    )


_SENTENCE_ENDS = frozenset({".", ";", "!", "?", "\n"})


def subject_missing(alignment: Alignment) -> bool:
    """Whether the claim's subject ("The tenant must repair ...") is nowhere in the passage: a
    paraphrase rewords what is done, but a rule about someone the passage never names is not
    its rule, however many other words they share."""
    predicate = claim_predicate(alignment.claim)
    if predicate is None:
        return False
    paired = {c for c, _ in alignment.pairs}
    return not any(c in paired for c in predicate.subject)


_BE = frozenset({"be", "been", "being", "is", "are", "was", "were"})


def passive(tokens: tuple[Token, ...]) -> bool:
    """Whether the claim names its agent behind a passive verb ("is held by the landlord")."""
    words = [t.word for t in tokens]
    return "by" in words and any(w in _BE for w in words[: words.index("by")])


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
    k = head
    while k >= 0 and alignment.unit[k].kind != BOUNDARY:
        k -= 1
    if k > 0 and alignment.unit[k].word in _RELATIVES:
        head = k - 1  # "An owner who intends to end a tenancy shall give": the owner gives
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
            if _in_condition(alignment.claim, i):
                verdict = Verdict.NEUTRAL  # the rule of another case, not this rule reversed
                continue
            return Verdict.CONTRADICTS
    return verdict


_CONDITIONS = frozenset({"if", "when", "whenever", "where", "unless", "provided"})


def _in_condition(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the token at ``index`` stands in a conditional clause ("if ... one year or more")."""
    k = index - 1
    while k >= 0 and tokens[k].kind != BOUNDARY:
        k -= 1
    return k >= 0 and tokens[k].word in _CONDITIONS


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

"""The numeric judge: every number, date, duration, amount and percentage the claim asserts
is in the passage, of the same kind, attached to the same thing.

Values are compared after normalisation (``quantities``). Against the sentences the claim aligns
with (``align``):

- a claim value the passage states, of the same kind, is matched; a bare number is matched by
  the same number anywhere in the passage or its heading (a section number, a cut fragment);
- a value whose kind the passage states only with other values conflicts; so does a matched
  value the passage attaches to a different item when it states several ("deposit 30 days,
  notice 60 days" and the claim "notice 30 days"), and one the passage states only outside the
  sentences holding most of the claim's words when those give another value of its kind that
  the claim does not state (``_borrowed``);
- a value the passage does not state is missing;
- a value borrowed from another branch of one rule conflicts: a claim value bounded as the
  passage bounds it in only some sentences ("more than 10 percent", where another sentence has
  "10 percent or less") places the claim in those, and another claim value matched only outside
  them, where they state another of its kind, comes from the other branch
  (``_branch_outcomes``).

The judge speaks only about the claim's matter: when the aligned sentences hold at least
``numeric_min_coverage`` of the claim's other content words, a missing value is neutral and a
conflict contradicts (only neutral below ``numeric_contradict_min_coverage``: a value of a
neighbouring matter denies support but proves nothing against the claim); below that share the
numbers it found are about something else, and it declines (docs/design.md#the-judges). It also declines when the claim states no value.

Where every value is matched, ``agreement`` reads ``entails`` but ``judge`` declines: numbers
that agree say nothing of whether the passage says what the claim says around them, so this
judge can deny support and never gives it alone (docs/design.md#the-judges). It says neutral
there only on a share of another whole (``_share_of_another``: "10 percent of practices"
where the passage's 10 percent is "of instructional days") and on a bound at the other end of
the passage's range (``_bound_at_range_end``: "up to $20,000" against "between $20,000 and
$40,000").

A period without a number ("adjusted each month", "annually") is a unit of time too: a claim
period that the claim's home sentences state only otherwise ("each year") conflicts, as "21
hours" does against "21 days"; a claim with no value and no such conflict is declined.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.domain.vocabulary import stem
from citenexus.judges.align import Alignment, home_sentences, sentence_chars, sentence_of
from citenexus.judges.lexical import align_claim
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import COMPARATOR, GE, LE, QUANTITY, STEM_LETTERS, Token, tokenize
from citenexus.text.quantities import (
    BUSINESS_DAYS,
    DAYS,
    HOURS,
    MONTHS,
    NUMBER,
    PERCENT,
    Quantity,
    extract_quantities,
    number_literals,
)
from citenexus.text.stopwords import STOPWORDS

NAME = "numeric"

__all__ = ["NumericJudge", "Quantity", "extract_quantities"]


class NumericJudge:
    """Numbers, dates, durations, amounts and percentages must agree (module docstring)."""

    name = NAME

    def __init__(self, thresholds: JudgeThresholds | None = None) -> None:
        self.thresholds = thresholds or JudgeThresholds()

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        """The verdict on the pair: ``agreement``, except that values that all agree are no
        verdict. The claim's numbers being the passage's says nothing of whether the passage
        says what the claim says around them (a dropped condition, a presumption stated as a
        bar): this judge can deny support, never give it alone (docs/design.md#the-judges)."""
        reading = self.agreement(claim, unit)
        if reading is not None and reading.verdict is Verdict.ENTAILS:
            other = _share_of_another(claim, unit.text) or _bound_at_range_end(claim, unit.text)
            if other is not None:
                return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.0, other)
            return None
        return reading

    def agreement(self, claim: str, unit: Unit) -> Judgment | None:
        """How the claim's values compare with the passage's: ``entails`` when every one
        agrees (pointed at the first), ``contradicts`` or ``neutral`` otherwise, None when the
        judge cannot say (module docstring)."""
        asserted = extract_quantities(claim)
        if not asserted:
            return self._judge_periods(claim, unit)
        alignment = align_claim(claim, unit, self.thresholds)
        lo, hi = alignment.region_chars
        stated = [q for q in extract_quantities(unit.text) if lo <= q.start and q.end <= hi]
        literals = number_literals(unit.text[lo:hi]) | number_literals(
            f"{unit.heading} {unit.title}"
        )
        spans = [sentence_chars(alignment, start) for start in home_sentences(alignment)]
        home = [q for q in stated if any(a <= q.start and q.end <= b for a, b in spans)]
        outcomes = [_outcome(q, stated, literals, home, asserted) for q in asserted]
        outcomes = _branch_outcomes(alignment, asserted, stated, outcomes)
        matched = outcomes.count("matched")
        score = matched / len(asserted)
        span = _span(asserted, stated, outcomes, alignment)
        if "conflict" in outcomes or "missing" in outcomes:
            coverage = _subject_coverage(alignment)
            if coverage < self.thresholds.numeric_min_coverage:
                return None  # another matter: its numbers say nothing about the claim
            if "conflict" in outcomes:
                if coverage < self.thresholds.numeric_contradict_min_coverage:
                    return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.0, span)
                return Judgment(unit.key, NAME, Verdict.CONTRADICTS, 0.0, span)
            return Judgment(unit.key, NAME, Verdict.NEUTRAL, score, span)
        if _period_conflict(claim, unit, alignment):
            return self._conflict(unit, alignment)
        return Judgment(unit.key, NAME, Verdict.ENTAILS, 1.0, span)

    def _judge_periods(self, claim: str, unit: Unit) -> Judgment | None:
        """A claim with no value but a period ("adjusted each month"): contradicted where the
        claim's matter is stated with another period; else declined."""
        if not _PERIOD.search(claim):
            return None
        alignment = align_claim(claim, unit, self.thresholds)
        if not _period_conflict(claim, unit, alignment):
            return None
        return self._conflict(unit, alignment)

    def _conflict(self, unit: Unit, alignment: Alignment) -> Judgment | None:
        coverage = _subject_coverage(alignment)
        if coverage < self.thresholds.numeric_min_coverage:
            return None
        if coverage < self.thresholds.numeric_contradict_min_coverage:
            return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.0, alignment.span)
        return Judgment(unit.key, NAME, Verdict.CONTRADICTS, 0.0, alignment.span)


# A period a rule recurs in ("each month", "per year", "annually"): a unit of time without a
# number, which ``extract_quantities`` does not read.
_PERIOD = re.compile(
    r"\b(?:(?:each|every|per)\s+(?:calendar\s+)?(hour|day|week|month|year)"
    r"|(hourly|daily|weekly|monthly|yearly|annually))\b",
    re.IGNORECASE,
)
_ADVERBS = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month"}
_ADVERBS |= {"yearly": "year", "annually": "year"}


def periods(text: str) -> set[str]:
    """The periods a text states ("each month" and "monthly" are both "month")."""
    found = set()
    for match in _PERIOD.finditer(text):
        unit, adverb = match.group(1), match.group(2)
        found.add(unit.lower() if unit else _ADVERBS[adverb.lower()])
    return found


def _period_conflict(claim: str, unit: Unit, alignment: Alignment) -> bool:
    """Whether the claim states a period its home sentences state only otherwise ("adjusted
    each month" against "adjusted each year"): a unit swap without a number."""
    asserted = periods(claim)
    if not asserted:
        return False
    spans = [sentence_chars(alignment, start) for start in home_sentences(alignment)]
    stated = set().union(*(periods(unit.text[a:b]) for a, b in spans))
    return bool(stated) and not asserted <= stated


_DURATIONS = frozenset({DAYS, BUSINESS_DAYS, MONTHS, HOURS})


def _outcome(
    asserted: Quantity,
    stated: list[Quantity],
    literals: frozenset[float],
    home: list[Quantity],
    claimed: list[Quantity],
) -> str:
    """``matched``, ``conflict`` or ``missing`` for one claim value.

    A value is matched anywhere in the aligned sentences, but conflicts only with the values of
    the sentences holding most of the claim's words (``home``): "extended by five days" is not
    contradicted by the "30 days" of the sentence before, about another matter.

    A duration the passage states only in another unit of time conflicts ("21 hours" against
    "21 days", "12 calendar days" against "12 calendar months"): the claim swapped the unit.
    """
    if asserted.kind == NUMBER:
        return "matched" if asserted.value in literals else "missing"
    if not any(q.same_value(asserted) for q in stated if q.kind == asserted.kind):
        stated = home
    same_kind = [q for q in stated if q.kind == asserted.kind]
    equal = [q for q in same_kind if q.same_value(asserted)]
    if not same_kind:
        durations = [q for q in stated if q.kind in _DURATIONS]
        if asserted.kind in _DURATIONS and durations:
            days = _in_days(asserted)
            near = any(abs(_in_days(q) - days) <= 0.1 * days for q in durations)
            return "missing" if near else "conflict"  # "30 days" may stand for "one month"
        return "missing"
    if not equal:
        return "conflict"
    if _borrowed(asserted, equal, home, claimed):
        return "conflict"
    if len(equal) < len(same_kind) and _attached_elsewhere(asserted, same_kind, equal):
        return "conflict"
    return "matched"


def _borrowed(
    asserted: Quantity, equal: list[Quantity], home: list[Quantity], claimed: list[Quantity]
) -> bool:
    """Whether the claim's value is the passage's only outside the sentences that hold most
    of the claim's words, and those sentences give the claim's matter another value of its kind
    that the claim does not state: the value was borrowed from a neighbouring rule (15 days to
    disclose where a deposit is held, where the disclosure sentence says 30 and the 15 are for
    returning it). A claim that states both rules with their values keeps both."""
    if any(q in home for q in equal):
        return False
    others = [q for q in home if q.kind == asserted.kind]
    return any(not any(q.same_value(c) for c in claimed) for q in others)


def bound(text: str, quantity: Quantity) -> str:
    """How the text bounds a value, read from the comparison the tokenizer finds right in front
    of it ("more than 10 percent", "up to $2,000", "not exceeding 5 percent") or, for one that
    bounds the value before it, right behind it ("10 percent or less"): ``GE``, ``LE``, or
    ``""`` for a value stated bare."""
    tokens = tokenize(text)
    return _bound_at(tokens, _quantity_tokens(tokens)[quantity.start])


def _quantity_tokens(tokens: tuple[Token, ...]) -> dict[int, int]:
    """Each value's token index by where the value starts. ``tokenize`` makes a token of every
    value ``extract_quantities`` reads, starting where it starts, so every value has one."""
    return {token.start: k for k, token in enumerate(tokens) if token.kind == QUANTITY}


# Bounds behind a value that the tokenizer leaves as words ("equal to or greater than" is no
# comparison of its own there): read here only, where what follows is the value's bound.
_WORD_BOUNDS_BEHIND: dict[tuple[str, ...], str] = {
    ("or", "greater"): GE,
    ("or", "over"): GE,
    ("or", "under"): LE,
}


def _bound_at(tokens: tuple[Token, ...], at: int) -> str:
    """The bound on the value read from the token at ``at`` (``bound``)."""
    front = tokens[at - 1] if at > 0 else None
    if front is not None and front.kind == COMPARATOR and not front.post:
        return front.direction
    back = tokens[at + 1 : at + 3]
    if back and back[0].kind == COMPARATOR and back[0].post:
        return back[0].direction
    return _WORD_BOUNDS_BEHIND.get(tuple(token.word for token in back), "")


def _branch_outcomes(
    alignment: Alignment, asserted: list[Quantity], stated: list[Quantity], outcomes: list[str]
) -> list[str]:
    """The outcomes with a value borrowed from another branch of a rule read as a conflict.

    A passage may give one rule in branches that differ by a bound ("(1) If the increase is 10
    percent or less, ... at least 30 days ... (2) If the increase is more than 10 percent, ...
    at least 90 days"). A claim value bounded as the passage bounds it in only some sentences
    ("more than 10 percent") places the claim in those; another claim value matched only
    outside them ("30 days"), where they give a value of its kind the claim does not state
    ("90 days"), comes from the other branch. Sentences are the judges' own (``sentence_of``)."""
    claim, unit = alignment.claim, alignment.unit
    in_claim = _quantity_tokens(claim)
    bounds = [_bound_at(claim, in_claim[q.start]) for q in asserted]
    if not any(bounds):
        return outcomes  # no claim value is bounded: nothing places the claim in a branch
    # Each value of the passage with its sentence and its bound, read once.
    in_unit = _quantity_tokens(unit)
    read = [
        (s, sentence_of(unit, in_unit[s.start]), _bound_at(unit, in_unit[s.start])) for s in stated
    ]
    placed: set[int] | None = None
    for q, direction in zip(asserted, bounds, strict=True):
        if not direction:
            continue
        equal = [(sentence, b) for s, sentence, b in read if s.kind == q.kind and s.same_value(q)]
        same = {sentence for sentence, b in equal if b == direction}
        other = {sentence for sentence, b in equal if b != direction}
        if same and other:
            placed = same if placed is None else placed & same
    if not placed:
        return outcomes
    result = list(outcomes)
    for index, (q, direction) in enumerate(zip(asserted, bounds, strict=True)):
        if outcomes[index] != "matched" or direction:
            continue
        of_kind = [(s, sentence) for s, sentence, _ in read if s.kind == q.kind]
        if any(sentence in placed for s, sentence in of_kind if s.same_value(q)):
            continue
        if any(
            sentence in placed and not any(s.same_value(c) for c in asserted)
            for s, sentence in of_kind
        ):
            result[index] = "conflict"
    return result


_DAYS_PER = {DAYS: 1.0, BUSINESS_DAYS: 7 / 5, MONTHS: 365.25 / 12, HOURS: 1 / 24}


def _in_days(duration: Quantity) -> float:
    return duration.value * _DAYS_PER[duration.kind]


def _attached_elsewhere(
    asserted: Quantity, same_kind: list[Quantity], equal: list[Quantity]
) -> bool:
    """Whether the passage ties the claim's item to another value than the claim does.

    The item is read from each value's context (the words in front of it). A swap is declared
    only when a different value's context matches the claim's strictly better than every
    equal value's context does.
    """
    words = context_words(asserted.context)
    if not words:
        return False
    best_equal = max(len(words & context_words(q.context)) for q in equal)
    # The caller passes at least one value of the kind that is not equal.
    best_other = max(len(words & context_words(q.context)) for q in same_kind if q not in equal)
    return best_other > best_equal


def context_words(context: str) -> set[str]:
    """The stemmed content words of a quantity's context."""
    return {stem(w) for w in context.lower().split() if w not in STOPWORDS}


def _share_of_another(claim: str, text: str) -> tuple[int, int] | None:
    """The passage's span of a share the claim states of another thing: "10 percent of
    practices" where every "10 percent" of the passage is "of instructional days" (no word of
    the one whole, in any form of its stem, in the other). A share the claim or the passage
    states without its whole, or whose whole one of the passage's uses shares, is not read; None
    when nothing is so stated."""
    stated = extract_quantities(text)
    for q in extract_quantities(claim):
        if q.kind != PERCENT:
            continue
        mine = _whole_of(claim, q.end)
        if not mine:
            continue
        uses = [s for s in stated if s.kind == PERCENT and s.same_value(q)]
        wholes = [(_whole_of(text, s.end), s) for s in uses]
        if wholes and all(theirs and not theirs & mine for theirs, _ in wholes):
            return wholes[0][1].start, wholes[0][1].end
    return None


def _bound_at_range_end(claim: str, text: str) -> tuple[int, int] | None:
    """The passage's span of a value the claim bounds the other way from the passage's range:
    "up to $20,000" where every "$20,000" of the passage is the low end of "between $20,000 and
    $40,000" (or "from ... to ..."), "at least $40,000" where it is the high end. The claim's
    most is the range's least, or the other way round; None when nothing is so stated."""
    stated = extract_quantities(text)
    for q in extract_quantities(claim):
        mine = bound(claim, q)
        if not mine:
            continue
        uses = [s for s in stated if s.kind == q.kind and s.same_value(q)]
        ends = [_range_end(text, s, stated) for s in uses]
        wanted = GE if mine == LE else LE
        if uses and all(end == wanted for end in ends):
            return uses[0].start, uses[0].end
    return None


_RANGE_OPENS = re.compile(r"\b(?:between|from)\s+$", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"\s+(?:and|to|through)\s+", re.IGNORECASE)


def _range_end(text: str, value: Quantity, stated: Sequence[Quantity]) -> str:
    """Which end of a stated range a value of ``text`` is (``stated``: the text's values, read
    once by the caller): ``GE`` for the low end ("between *$20,000* and $40,000", "from *10* to
    20 days"), ``LE`` for the high end, "" for a value no range holds."""
    # The join must fill the text between the two values; a value on the wrong side leaves
    # nothing between (an empty slice), which no join fills.
    for q in stated:
        if _RANGE_JOIN.fullmatch(text[q.end : value.start]) and _RANGE_OPENS.search(
            text[: q.start]
        ):
            return LE
        if _RANGE_JOIN.fullmatch(text[value.end : q.start]) and _RANGE_OPENS.search(
            text[: value.start]
        ):
            return GE
    return ""


_OF = re.compile(r"\s+of\s+(?:(?:the|a|an|its|their|his|her|each|all)\s+)?")
_WHOLE_WORDS = 3


def _whole_of(text: str, end: int) -> frozenset[str]:
    """The stems of the words that say what a share is of ("of *the lowest rent* charged"): up
    to three content words behind "of", to the first word that is not one; empty when no "of"
    follows the share."""
    match = _OF.match(text, end)
    if match is None:
        return frozenset()
    words: list[str] = []
    for token in tokenize(text[match.end() :]):
        if not token.is_content or len(words) == _WHOLE_WORDS:
            break
        words.append(token.key[:STEM_LETTERS])
    return frozenset(words)


def _subject_coverage(alignment: Alignment) -> float:
    """The share of the claim's non-numeric content words the aligned region contains."""
    words = [c for c, t in enumerate(alignment.claim) if t.is_content and t.kind != "quantity"]
    if not words:
        return 1.0
    paired = {c for c, _ in alignment.pairs}
    return sum(1 for c in words if c in paired) / len(words)


def _span(
    asserted: list[Quantity],
    stated: list[Quantity],
    outcomes: list[str],
    alignment: Alignment,
) -> tuple[int, int] | None:
    """The passage span of the first conflicting (else first matched) value, else the
    aligned span."""
    for wanted in ("conflict", "matched"):
        for q, outcome in zip(asserted, outcomes, strict=True):
            if outcome != wanted:
                continue
            near = [s for s in stated if s.kind == q.kind]
            if near:
                hit = next((s for s in near if s.same_value(q)), near[0])
                return hit.start, hit.end
    return alignment.span

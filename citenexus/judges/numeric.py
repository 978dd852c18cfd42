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
judge can deny support and never gives it alone (docs/design.md#the-judges).

A period without a number ("adjusted each month", "annually") is a unit of time too: a claim
period that the claim's home sentences state only otherwise ("each year") conflicts, as "21
hours" does against "21 days"; a claim with no value and no such conflict is declined.
"""

from __future__ import annotations

import re

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.domain.vocabulary import stem
from citenexus.judges.align import Alignment, home_sentences, sentence_chars
from citenexus.judges.lexical import align_claim
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.text.quantities import (
    BUSINESS_DAYS,
    DAYS,
    HOURS,
    MONTHS,
    NUMBER,
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
        if reading is None or reading.verdict is Verdict.ENTAILS:
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
        outcomes = _branch_outcomes(claim, unit.text, asserted, stated, outcomes)
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


# The words that bound a value: in front of it ("more than 10 percent", "up to $2,000") or
# behind it ("10 percent or less").
_GE_BEFORE = re.compile(
    r"(?:(?<!not )(?<!no )(?:more|greater) than|over|(?<!not )exceed(?:s|ing)?|at least"
    r"|not less than|no less than|no fewer than)\s*$",
    re.IGNORECASE,
)
_LE_BEFORE = re.compile(
    r"(?:(?<!not )(?<!no )(?:less|fewer) than|under|up to|not more than|no more than|at most"
    r"|not exceeding|within)\s*$",
    re.IGNORECASE,
)
_GE_AFTER = re.compile(r"\s*(?:or more|or greater|or over)\b", re.IGNORECASE)
_LE_AFTER = re.compile(r"\s*(?:or less|or fewer|or under)\b", re.IGNORECASE)


def bound(text: str, quantity: Quantity) -> str:
    """How the text bounds a value: ``"ge"`` ("more than 10 percent", "10 percent or more"),
    ``"le"`` ("up to $2,000", "10 percent or less"), or ``""`` (the value stated bare)."""
    before = text[max(0, quantity.start - 24) : quantity.start]
    if _GE_BEFORE.search(before) or _GE_AFTER.match(text, quantity.end):
        return "ge"
    if _LE_BEFORE.search(before) or _LE_AFTER.match(text, quantity.end):
        return "le"
    return ""


def _branch_outcomes(
    claim: str,
    text: str,
    asserted: list[Quantity],
    stated: list[Quantity],
    outcomes: list[str],
) -> list[str]:
    """The outcomes with a value borrowed from another branch of a rule read as a conflict.

    A passage may give one rule in branches that differ by a bound ("(1) If the increase is 10
    percent or less, ... at least 30 days ... (2) If the increase is more than 10 percent, ...
    at least 90 days"). A claim value bounded as the passage bounds it in only some sentences
    ("more than 10 percent") places the claim in those; another claim value matched only
    outside them ("30 days"), where they give a value of its kind the claim does not state
    ("90 days"), comes from the other branch."""
    placed: set[int] | None = None
    for q in asserted:
        direction = bound(claim, q)
        if not direction:
            continue
        equal = [s for s in stated if s.kind == q.kind and s.same_value(q)]
        same = {_sentence_at(text, s.start) for s in equal if bound(text, s) == direction}
        other = {_sentence_at(text, s.start) for s in equal if bound(text, s) != direction}
        if same and other:
            placed = same if placed is None else placed & same
    if not placed:
        return outcomes
    result = list(outcomes)
    for index, q in enumerate(asserted):
        if outcomes[index] != "matched" or bound(claim, q):
            continue
        equal = [s for s in stated if s.kind == q.kind and s.same_value(q)]
        if any(_sentence_at(text, s.start) in placed for s in equal):
            continue
        there = [
            s
            for s in stated
            if s.kind == q.kind
            and _sentence_at(text, s.start) in placed
            and not any(s.same_value(c) for c in asserted)
        ]
        if there:
            result[index] = "conflict"
    return result


def _sentence_at(text: str, position: int) -> int:
    """The start of the sentence (or list item) holding ``position``: the character after the
    last sentence end or line break in front of it."""
    return max(text.rfind(mark, 0, position) for mark in (". ", "\n", "; ")) + 1


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

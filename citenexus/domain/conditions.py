"""Conditions a rule states, against the facts a question gives: tenure and rent increases.

Notice rules turn on tenure. "An owner ... shall give ... at least 60 days ... if every tenant
has resided in the dwelling for one year or more" answers a tenant of three years and does not
answer one of eight months, whom the next subdivision ("for less than one year") answers. A
reader who quotes both, or the wrong one, has quoted the law and not answered the question.
Rent increase rules turn on size the same way: "(1) If the proposed rent increase ... is 10
percent or less ..., at least 30 days" does not answer a tenant whose rent goes up by 12
percent; "(2) ... more than 10 percent ..., at least 90 days" does.

``condition_fit(question, sentence)`` compares the two when both are stated. Tenure: the
question's facts ("renting ... for three years", "moved in eight months ago", "lived there for
more than a year") and the sentence's thresholds on residence ("resided ... for one year or
more", "for less than one year") as ranges of months; a duration counts only near a verb of
residence, so notice periods and deadlines are not tenure. Percentages: the question's ("by 12
percent") and the sentence's thresholds ("10 percent or less", "more than 10 percent"), when the
sentence shares a word with the question besides the parties (a deposit's interest rate is not a
rent increase). Hours of work ("I work 8-hour shifts" against "an employee who works more than
6 hours but not more than 10 hours") and ages ("my 10-year-old" against "persons 18 years of age
or older") are read the same way, each apart from the others. What the asker says is not so
("none of my technicians are nationally certified") excludes a rule whose "if" clause names it
("If at least one technician on duty holds national certification, ..."): ``denied_fit``. A
place in a numbered series ("9th grade") is held against a rule's range of the same series
("grades 6 through 12", "kindergarten through grade 5"): ``rank_fit``. How many times the
asker has done an act ("If I ask again ...", "my second request") is held against a rule set
for one occurrence of it ("for the first request", "for a second or later request"):
``occurrence_fit``. The fit is ``MET`` when every condition contains the facts,
``UNMET`` when one excludes them, and ``None`` when either side states nothing or a range
straddles a threshold (nothing is assumed).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from citenexus.domain.conflicts import focus_words, party_stems
from citenexus.domain.vocabulary import Vocabulary, current, stem
from citenexus.text import quantities

MET, UNMET = "met", "unmet"

# Verbs that make a duration a length of stay or status, not a term or a deadline: generic
# English. A lane's ``status_phrases`` add its own ("been employed", "held the licence").
_TENURE = re.compile(
    r"\b(?:liv(?:e|es|ed|ing)|resid(?:e|es|ed|ing)|moved\s+in"
    r"|occup(?:y|ies|ied|ying)|stay(?:s|ed|ing)|been\s+(?:here|there))\b",
    re.IGNORECASE,
)
# A clause boundary: the tenure verb and the duration must share a clause.
_CLAUSE = re.compile(r"\.(?!\d)|[;:?!]|,\s*(?:and|but|so|which|who)\b", re.IGNORECASE)  # 3.5
# "a year": the quantity reader takes "one year" and "12 months" but not an article ("a" is no
# number); "a month-to-month tenancy" is a kind of tenancy, not a duration.
_ARTICLE_UNIT = re.compile(r"\b(?:a|an)\s+(year|month|week)\b(?![-\s]+to[-\s])", re.IGNORECASE)
_ARTICLE_MONTHS = {"year": 12.0, "month": 1.0, "week": 7 / quantities.DAYS_PER_MONTH}
# "40 hours a week", "$500 a month": after a quantity, "a week" makes a rate, not a duration.
_RATE_BEFORE = re.compile(r"\d[\d,.]*\s*[\w$%-]*\s+$")

# Comparators just before a duration ("more than a year") or just after it ("one year or more").
_BEFORE_MIN = re.compile(
    r"(?:(?<!not )(?<!no )(?:more\s+than|longer\s+than)|over|at\s+least|not\s+less\s+than)\s*$",
    re.IGNORECASE,
)
# "less than a year", "almost a year": an open maximum.
_BEFORE_MAX = re.compile(r"(?:less\s+than|under|fewer\s+than|not\s+yet|almost|nearly)\s*$", re.I)
# "not more than 14 hours", "no longer than", "at most": a closed maximum, however "more than"
# reads.
_BEFORE_AT_MOST = re.compile(r"(?:(?:not|no)\s+(?:more|longer)\s+than|\bat\s+most)\s*$", re.I)
_AFTER_MIN = re.compile(
    r"^\s*(?:of\s+age\s+|old\s+)?(?:or\s+(?:more|longer|older|over)|and\s+(?:over|more|longer|older))\b",
    re.IGNORECASE,
)
_AFTER_MAX = re.compile(
    r"^\s*(?:of\s+age\s+|old\s+)?or\s+(?:less|fewer|shorter|younger)\b", re.IGNORECASE
)
_BEFORE_WINDOW = 20
_VERB_WINDOW = 50  # the tenure verb comes at most this many characters before its duration
# "for more than one year but less than two years": the second bound continues the first.
_CONTINUES = re.compile(
    r"^\s*(?:but|and|or)\s+(?:(?:more|less|fewer|longer)\s+than|at\s+(?:least|most)|under|over)\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Span:
    """A range of values (months, or percent): ``low`` < x < ``high``, or <= where the bound is
    ``closed``."""

    low: float
    high: float
    low_closed: bool = True
    high_closed: bool = True

    def contains(self, other: Span) -> bool:
        low_ok = other.low > self.low or (
            other.low == self.low and (self.low_closed or not other.low_closed)
        )
        high_ok = other.high < self.high or (
            other.high == self.high and (self.high_closed or not other.high_closed)
        )
        return low_ok and high_ok

    def disjoint(self, other: Span) -> bool:
        def before(a: Span, b: Span) -> bool:
            return a.high < b.low or (a.high == b.low and not (a.high_closed and b.low_closed))

        return before(self, other) or before(other, self)


def _durations(text: str) -> list[tuple[float, int, int]]:
    """(months, start, end) of each duration in the text, "a year" included."""
    found = [
        (months, q.start, q.end)
        for q in quantities.extract_quantities(text)
        if q.kind in (quantities.MONTHS, quantities.DAYS)
        and (months := quantities.in_months(q)) is not None
    ]
    for m in _ARTICLE_UNIT.finditer(text):
        if not _RATE_BEFORE.search(text, 0, m.start()):
            found.append((_ARTICLE_MONTHS[m.group(1).lower()], m.start(), m.end()))
    return sorted(found, key=lambda row: row[1])


def _clause_start(text: str, start: int) -> int:
    return max((m.end() for m in _CLAUSE.finditer(text[:start])), default=0)


def _span(text: str, value: float, start: int, end: int) -> Span:
    """The range a value stands for, read from the comparator around it ("more than a year",
    "10 percent or less"); without one, the value itself."""
    before = text[max(0, start - _BEFORE_WINDOW) : start]
    after = text[end : end + _BEFORE_WINDOW]
    if _BEFORE_MIN.search(before):
        closed = bool(re.search(r"least|not\s+less", before, re.IGNORECASE))
        return Span(value, math.inf, low_closed=closed)
    if _AFTER_MIN.match(after):
        return Span(value, math.inf)
    if _BEFORE_AT_MOST.search(before):
        return Span(0.0, value)
    if _BEFORE_MAX.search(before):
        return Span(0.0, value, high_closed=False)
    if _AFTER_MAX.match(after):
        return Span(0.0, value)
    return Span(value, value)


def _is_status(text: str, vocabulary: Vocabulary) -> bool:
    extra = vocabulary.status_pattern
    return bool(_TENURE.search(text) or (extra is not None and extra.search(text)))


def _tenure_spans(text: str, vocabulary: Vocabulary) -> list[Span]:
    spans = []
    previous_end: int | None = None  # where the last duration read as a stay or status ends
    for months, start, end in _durations(text):
        left = max(_clause_start(text, start), start - _VERB_WINDOW)
        continues = previous_end is not None and _CONTINUES.match(text[previous_end:start])
        if continues or _is_status(text[left:start], vocabulary):
            spans.append(_span(text, months, start, end))
            previous_end = end
    return spans


def _is_point(span: Span) -> bool:
    return span.low == span.high and span.low_closed and span.high_closed


def tenure_facts(question: str, vocabulary: Vocabulary | None = None) -> tuple[Span, ...]:
    """How long the asker has lived there (or held a status), as the question states it, read
    with the lane's vocabulary (the active one unless given)."""
    return _tenure_facts(question, current() if vocabulary is None else vocabulary)


def tenure_conditions(sentence: str, vocabulary: Vocabulary | None = None) -> tuple[Span, ...]:
    """The thresholds on a stay or status a rule states ("for one year or more"); exact
    durations ("resided for 30 days") are facts of a case, not conditions, and are left out."""
    return _tenure_conditions(sentence, current() if vocabulary is None else vocabulary)


def _tenure_facts_uncached(question: str, vocabulary: Vocabulary) -> tuple[Span, ...]:
    return tuple(_tenure_spans(question, vocabulary))


# Cached; mutation testing mutates _tenure_facts_uncached (mutmut leaves decorated functions alone).
_tenure_facts = lru_cache(maxsize=4096)(_tenure_facts_uncached)


def _tenure_conditions_uncached(sentence: str, vocabulary: Vocabulary) -> tuple[Span, ...]:
    return tuple(s for s in _tenure_spans(sentence, vocabulary) if not _is_point(s))


# Cached; mutation testing mutates _tenure_conditions_uncached (mutmut leaves decorated functions alone).
_tenure_conditions = lru_cache(maxsize=16384)(_tenure_conditions_uncached)


def _percent_spans(text: str) -> list[Span]:
    return [
        _span(text, q.value, q.start, q.end)
        for q in quantities.extract_quantities(text)
        if q.kind == quantities.PERCENT
    ]


def _percent_facts_uncached(question: str) -> tuple[Span, ...]:
    """The percentages a question states ("raise my rent by 12 percent"), exact or bounded."""
    return tuple(_percent_spans(question))


# Cached; mutation testing mutates _percent_facts_uncached (mutmut leaves decorated functions alone).
percent_facts = lru_cache(maxsize=4096)(_percent_facts_uncached)


def _percent_conditions_uncached(sentence: str) -> tuple[Span, ...]:
    """The thresholds on a percentage a rule states ("10 percent or less"); a bare rate ("2
    percent interest") is what the rule sets, not a condition, and is left out."""
    return tuple(s for s in _percent_spans(sentence) if not _is_point(s))


# Cached; mutation testing mutates _percent_conditions_uncached (mutmut leaves decorated functions alone).
percent_conditions = lru_cache(maxsize=16384)(_percent_conditions_uncached)


# Words that make no two things the same: the parties (in nearly every sentence of a lane) and
# the unit itself ("percent" is in every sentence a percentage is compared with).
_PERCENT_WORDS = frozenset({stem("percent"), stem("percentage")})


def _topic_words(text: str) -> set[str]:
    return focus_words(text) - party_stems() - _PERCENT_WORDS


def _fit(facts: tuple[Span, ...], conditions: tuple[Span, ...]) -> str | None:
    if not facts or not conditions:
        return None
    if any(c.disjoint(f) for c in conditions for f in facts):
        return UNMET
    if all(any(c.contains(f) for f in facts) for c in conditions):
        return MET
    return None


def tenure_fit(question: str, sentence: str) -> str | None:
    """``MET``, ``UNMET`` or ``None``: whether the question's tenure meets the rule's."""
    return _tenure_fit(stated_facts(question), sentence)


def _tenure_fit(facts: Facts, sentence: str) -> str | None:
    return _fit(facts.tenure, tenure_conditions(sentence))


def percent_fit(question: str, sentence: str) -> str | None:
    """The same for percentages, when the sentence is about something the question names."""
    return _percent_fit(stated_facts(question), sentence)


def _percent_fit(facts: Facts, sentence: str) -> str | None:
    conditions = percent_conditions(sentence)
    if not conditions or not facts.topic & _topic_words(sentence):
        return None
    return _fit(facts.percents, conditions)


# "500 or more Colorado residents", "more than 1,000 residents", "100,000 consumers or more": a
# number, then (past comparators and capitalised names) the lower-case word it counts.
_COUNT_AFTER = re.compile(r"(?:\s+(?:or\s+(?:more|fewer|less)|[A-Z][\w-]*))*\s+([a-z]{3,})")


def _counts(text: str, conditions_only: bool) -> dict[str, list[Span]]:
    """The spans of the numbers of things a text states, by the stem of what they count."""
    found: dict[str, list[Span]] = {}
    for q in quantities.extract_quantities(text):
        if q.kind != quantities.NUMBER:
            continue
        match = _COUNT_AFTER.match(text, q.end)
        if match is None:
            continue
        span = _span(text, q.value, q.start, q.end)
        if _is_point(span):  # "100,000 consumers or more": the comparator after the noun
            span = _span(text, q.value, q.start, match.end())
        if conditions_only and _is_point(span):
            continue
        found.setdefault(stem(match.group(1)), []).append(span)
    return found


def _count_facts_uncached(question: str) -> dict[str, list[Span]]:
    """The numbers of things a question states ("1,500 Colorado residents"), by what they
    count."""
    return _counts(question, conditions_only=False)


# Cached; mutation testing mutates _count_facts_uncached (mutmut leaves decorated functions alone).
count_facts = lru_cache(maxsize=4096)(_count_facts_uncached)


def _count_conditions_uncached(sentence: str) -> dict[str, list[Span]]:
    """The thresholds on a number of things a rule states ("more than 1,000 residents")."""
    return _counts(sentence, conditions_only=True)


# Cached; mutation testing mutates _count_conditions_uncached (mutmut leaves decorated functions alone).
count_conditions = lru_cache(maxsize=16384)(_count_conditions_uncached)


def count_fit(question: str, sentence: str) -> str | None:
    """``MET`` when a number the question states of something meets every threshold the sentence
    sets on a number of the same thing, else ``None``: a number below a threshold rules nothing
    out, since the question may ask what the threshold is ("how many would it need?")."""
    return _count_fit(stated_facts(question), sentence)


def _count_fit(facts: Facts, sentence: str) -> str | None:
    counts, conditions = dict(facts.counts), count_conditions(sentence)
    shared = [noun for noun in conditions if noun in counts]
    if not shared:
        return None
    met = all(_fit(counts[noun], tuple(conditions[noun])) == MET for noun in shared)
    return MET if met else None


# Hours of work and ages, in generic English (docs/design.md, "Answer selection": a stated fact
# against a stated condition). Hours count when a word of work stands in their clause ("I work 8-hour shifts",
# "an employee who works more than 10 hours in a workday", "a 12-hour shift"); years count as an
# age when the words of age stand beside them ("a 10-year-old", "13 years of age", "16 years
# old", "aged 65", "under the age of 18").
_WORK = re.compile(r"\b(?:work(?:s|ed|ing)?|on\s+duty|shifts?)\b", re.IGNORECASE)
_AGE_AFTER = re.compile(r"(?:-old\b|\s+old\b|\s+of\s+age\b)", re.IGNORECASE)
_AGE_BEFORE = re.compile(r"\b(?:aged|(?:the\s+)?age\s+of)\s*$", re.IGNORECASE)
_MONTHS_PER_YEAR = 12.0


def _work_hours(text: str, conditions_only: bool) -> tuple[Span, ...]:
    """The hours of work a text states, each as its range (only the bounded ones for a rule)."""
    spans = []
    for q in quantities.extract_quantities(text):
        if q.kind != quantities.HOURS:
            continue
        left = _clause_start(text, q.start)
        right = _CLAUSE.search(text, q.end)
        clause = text[left : right.start() if right else len(text)]
        if _WORK.search(clause):
            spans.append(_span(text, q.value, q.start, q.end))
    return tuple(s for s in spans if not (conditions_only and _is_point(s)))


def _ages(text: str, conditions_only: bool) -> tuple[Span, ...]:
    """The ages a text states, in years (only the bounded ones for a rule)."""
    spans = []
    for q in quantities.extract_quantities(text):
        before = text[max(0, q.start - _BEFORE_WINDOW) : q.start]
        if q.kind == quantities.MONTHS and _AGE_AFTER.match(text, q.end):
            spans.append(_span(text, q.value / _MONTHS_PER_YEAR, q.start, q.end))
        elif q.kind == quantities.NUMBER and (named := _AGE_BEFORE.search(before)):
            # "under the age of 18": the comparator stands before the words of age.
            start = q.start - len(before) + named.start()
            spans.append(_span(text, q.value, start, q.end))
    return tuple(s for s in spans if not (conditions_only and _is_point(s)))


def _work_facts_uncached(question: str) -> tuple[Span, ...]:
    return _work_hours(question, conditions_only=False)


def _work_conditions_uncached(sentence: str) -> tuple[Span, ...]:
    return _work_hours(sentence, conditions_only=True)


def _age_facts_uncached(question: str) -> tuple[Span, ...]:
    return _ages(question, conditions_only=False)


def _age_conditions_uncached(sentence: str) -> tuple[Span, ...]:
    return _ages(sentence, conditions_only=True)


# Cached; mutation testing mutates the plain functions (mutmut leaves decorated functions alone).
work_facts = lru_cache(maxsize=4096)(_work_facts_uncached)
work_conditions = lru_cache(maxsize=16384)(_work_conditions_uncached)
age_facts = lru_cache(maxsize=4096)(_age_facts_uncached)
age_conditions = lru_cache(maxsize=16384)(_age_conditions_uncached)


# --- a place in a numbered series: "my son is in 9th grade" against "grades 6 through 12" -------

# The asker's place: an ordinal and the noun it numbers ("9th grade", "3rd floor", "2nd year").
_ORDINAL_FACT = re.compile(r"\b(\d{1,3})(?:st|nd|rd|th)\s+([a-z]+)", re.IGNORECASE)
# A rule's range of places, each form with its noun, its ends and no other group: "grades 6
# through 12", "floors 2-5"; "6th through 12th grades"; and an upper end after a first place
# without a number ("kindergarten through grade 5", open below).
_TO = r"\s*(?:through|to|-|\u2013)\s*"
_RANGES = (
    re.compile(rf"\b(?P<noun>[a-z]+)\s+(?P<low>\d{{1,3}}){_TO}(?P<high>\d{{1,3}})\b", re.I),
    re.compile(
        rf"\b(?P<low>\d{{1,3}})(?:st|nd|rd|th){_TO}(?P<high>\d{{1,3}})(?:st|nd|rd|th)\s+(?P<noun>[a-z]+)",
        re.I,
    ),
    re.compile(r"\bthrough\s+(?P<noun>[a-z]+)\s+(?P<high>\d{1,3})\b", re.I),
)


def _rank_facts_uncached(question: str) -> tuple[tuple[str, Span], ...]:
    """The asker's places in a numbered series, each as (the stem of its noun, a point)."""
    return tuple(
        (stem(m.group(2)), Span(float(m.group(1)), float(m.group(1))))
        for m in _ORDINAL_FACT.finditer(question)
    )


def _rank_conditions_uncached(sentence: str) -> tuple[tuple[str, Span], ...]:
    """The ranges of places a rule names, each as (the stem of its noun, the range), form by
    form."""
    found = []
    for form in _RANGES:
        for m in form.finditer(sentence):
            low = m.groupdict().get("low")
            span = Span(-math.inf if low is None else float(low), float(m["high"]))
            found.append((stem(m["noun"]), span))
    return tuple(found)


# Cached; mutation testing mutates the plain functions (mutmut leaves decorated functions alone).
rank_facts = lru_cache(maxsize=4096)(_rank_facts_uncached)
rank_conditions = lru_cache(maxsize=16384)(_rank_conditions_uncached)


def rank_fit(facts: tuple[tuple[str, Span], ...], sentence: str) -> str | None:
    """The asker's place against the rule's ranges of the same series (the same noun's stem):
    ``MET``, ``UNMET`` or None, as ``_fit`` reads ranges."""
    if not facts:
        return None
    conditions = rank_conditions(sentence)
    fits = []
    for noun in {n for n, _ in facts}:
        asked = tuple(span for n, span in facts if n == noun)
        ruled = tuple(span for n, span in conditions if n == noun)
        fits.append(_fit(asked, ruled))
    if UNMET in fits:
        return UNMET
    return MET if MET in fits else None


# --- the how-manieth time: "If I ask again" against "for the first request" ----------------------

# Nouns of an act or event that can happen again, generic English: a rule set for "the first
# request" or "a second or later violation" is read against how many times the asker has done it.
# Other nouns an ordinal takes ("the first day", "first-class mail", "the second party") are not
# occurrences and are not read.
_OCCURRENCES = (
    r"(?:request|time|offen[cs]e|violation|application|occurrence|infraction|breach|failure"
    r"|conviction|attempt|incident|absence)s?"
)
_ORDINALS = {"first": 1.0, "second": 2.0, "third": 3.0, "fourth": 4.0, "fifth": 5.0}
_ORDINAL_WORD = r"(?P<ordinal>first|second|third|fourth|fifth)"
_OWNER = r"(?:a|an|the|any|each|every|its|their|my|our|his|her|this)"
_OPEN_ENDED = r"(?P<more>\s+or\s+(?:later|subsequent|further|more|additional))?"
# The asker's occurrence: "again", "once more", "another time" (a second one at least), or an
# ordinal in front of such a noun ("my second request", "for the first time").
_AGAIN = re.compile(r"\b(?:again|once\s+more|another\s+time)\b", re.IGNORECASE)
_NTH = re.compile(rf"\b{_OWNER}\s+{_ORDINAL_WORD}\s+{_OCCURRENCES}\b", re.IGNORECASE)
# A rule's occurrence: an ordinal, perhaps open-ended ("a second or later request"), or a word
# for any occurrence after the first ("a subsequent violation", "any repeat offense").
_NTH_RULE = re.compile(
    rf"\b{_OWNER}\s+{_ORDINAL_WORD}{_OPEN_ENDED}\s+{_OCCURRENCES}\b", re.IGNORECASE
)
_LATER_RULE = re.compile(
    rf"\b{_OWNER}\s+(?:subsequent|later|repeat|repeated|further)\s+{_OCCURRENCES}\b",
    re.IGNORECASE,
)
_AFTER_FIRST = Span(2.0, math.inf)


def _occurrence_facts_uncached(question: str) -> tuple[Span, ...]:
    """How many times the asker has done the act the question is about: a point for an ordinal
    ("my second request": 2), at least two for "again", "once more" or "another time"."""
    found = [
        Span(_ORDINALS[m["ordinal"].lower()], _ORDINALS[m["ordinal"].lower()])
        for m in _NTH.finditer(question)
    ]
    if _AGAIN.search(question):
        found.append(_AFTER_FIRST)
    return tuple(found)


def _occurrence_conditions_uncached(sentence: str) -> tuple[Span, ...]:
    """The occurrences a rule is set for: "the first request" (1), "a second request" (2), "a
    second or later request" (2 on), "a subsequent violation" (2 on)."""
    found = []
    for m in _NTH_RULE.finditer(sentence):
        n = _ORDINALS[m["ordinal"].lower()]
        found.append(Span(n, math.inf if m["more"] else n))
    found += [_AFTER_FIRST for _ in _LATER_RULE.finditer(sentence)]
    return tuple(found)


# Cached; mutation testing mutates the plain functions (mutmut leaves decorated functions alone).
occurrence_facts = lru_cache(maxsize=4096)(_occurrence_facts_uncached)
occurrence_conditions = lru_cache(maxsize=16384)(_occurrence_conditions_uncached)


def occurrence_fit(facts: tuple[Span, ...], sentence: str) -> str | None:
    """The asker's occurrence against the rule's: ``MET``, ``UNMET`` or None, as ``_fit`` reads
    ranges ("again" does not meet "the first request", and meets "a second or later one")."""
    return _fit(facts, occurrence_conditions(sentence))


# --- what the asker says is not so, against a rule's "if" clause ---------------------------------

# A clause that denies: "none of my technicians are nationally certified", "nobody died", "we
# have never had an inspection". Generic English; "n't" is read as "not".
_DENIAL = re.compile(r"\b(?:no|not|none|nobody|nothing|never|neither|nor)\b|n't\b", re.I)
# A rule's condition: what follows "if", "when", "where" or "whenever", up to its comma.
_IF_CLAUSE = re.compile(r"\b(?:if|when|where|whenever)\b([^,;:.]*)", re.IGNORECASE)
# A condition that itself denies or tells of a failure ("if the landlord fails to repair") is met
# by a denial, not excluded by it.
_FAILURE = re.compile(r"\b(?:fail|fails|failed|failing|refuse|refuses|refused|neglects?)\b", re.I)
_DENIED_WORDS = 2  # a denied clause names at least two words, a condition at least two of them
_STEM_PREFIX = 6  # "nationally" / "national", "certified" / "certification": one word


def _denied_facts_uncached(question: str, vocabulary: Vocabulary) -> tuple[frozenset[str], ...]:
    """The content words (less the parties) of each clause the question states, not asks, that
    denies something: "none of my technicians are nationally certified" gives technician,
    nationally, certify. A clause of one word ("Nobody died") denies too little to exclude a rule
    by. The asking sentence denies nothing ("Can the owner not return it?"); the split takes the
    white space after each mark, so a sentence that asks ends in its question mark."""
    parties = party_stems(vocabulary)
    denied = []
    for sentence in re.split(r"(?<=[.?!])\s+", question):
        if sentence.endswith("?"):
            continue
        for clause in _CLAUSE.split(sentence):
            if _DENIAL.search(clause) is None:
                continue
            words = frozenset(focus_words(_DENIAL.sub(" ", clause)) - parties)
            if len(words) >= _DENIED_WORDS:
                denied.append(words)
    return tuple(denied)


# Cached; mutation testing mutates _denied_facts_uncached (mutmut leaves decorated functions alone).
_denied_facts = lru_cache(maxsize=4096)(_denied_facts_uncached)


def _same_word(a: str, b: str) -> bool:
    """One word in two forms: equal stems, or the first six letters of two stems that long."""
    if a == b:
        return True
    return min(len(a), len(b)) >= _STEM_PREFIX and a[:_STEM_PREFIX] == b[:_STEM_PREFIX]


def denied_fit(denied: tuple[frozenset[str], ...], sentence: str) -> str | None:
    """``UNMET`` when the sentence's rule holds only if something the asker denies is so: an
    "if" clause that does not itself deny names all but one of a denied clause's words, and at
    least two ("If at least one technician on duty holds national certification, ..." for an
    asker none of whose technicians is nationally certified); else None. A denial never makes a
    rule ``MET``: that the asker's case is not one branch does not say it is another."""
    if not denied:
        return None
    for match in _IF_CLAUSE.finditer(sentence):
        condition = match.group(1)
        if _DENIAL.search(condition) or _FAILURE.search(condition):
            continue
        words = focus_words(condition)
        for clause in denied:
            named = sum(1 for d in clause if any(_same_word(d, w) for w in words))
            if named >= max(_DENIED_WORDS, len(clause) - 1):
                return UNMET
    return None


@dataclass(frozen=True)
class Facts:
    """What a question states about the asker, read once (``stated_facts``): how long they have
    lived there or held a status (``tenure``, months), the percentages (``percents``), the
    numbers of things by the stem of what they count (``counts``), the words a percentage
    threshold must share with it (``topic``: its content words less the parties and "percent"),
    the words of each thing the asker says is not so (``denied``), the asker's places in a
    numbered series (``ranks``: "9th grade"), and how many times the asker has done the act
    asked about (``occurrences``: "again")."""

    tenure: tuple[Span, ...] = ()
    percents: tuple[Span, ...] = ()
    counts: tuple[tuple[str, tuple[Span, ...]], ...] = ()
    topic: frozenset[str] = frozenset()
    work: tuple[Span, ...] = ()
    ages: tuple[Span, ...] = ()
    denied: tuple[frozenset[str], ...] = ()
    ranks: tuple[tuple[str, Span], ...] = ()
    occurrences: tuple[Span, ...] = ()


def stated_facts(question: str, vocabulary: Vocabulary | None = None) -> Facts:
    """The facts a question states, read with the lane's vocabulary (the active one unless
    given); the question frame (``citenexus.domain.question``) carries them."""
    return _stated_facts(question, current() if vocabulary is None else vocabulary)


def _stated_facts_uncached(question: str, vocabulary: Vocabulary) -> Facts:
    topic = frozenset(focus_words(question) - party_stems(vocabulary) - _PERCENT_WORDS)
    counts = tuple((noun, tuple(spans)) for noun, spans in count_facts(question).items())
    return Facts(
        _tenure_facts(question, vocabulary),
        percent_facts(question),
        counts,
        topic,
        work_facts(question),
        age_facts(question),
        _denied_facts(question, vocabulary),
        rank_facts(question),
        occurrence_facts(question),
    )


# Cached; mutation testing mutates _stated_facts_uncached (mutmut leaves decorated functions alone).
_stated_facts = lru_cache(maxsize=4096)(_stated_facts_uncached)


def condition_fit(question: str | Facts, sentence: str) -> str | None:
    """``UNMET`` if any condition of the sentence excludes the question's facts, else ``MET`` if
    one contains them, else ``None``. The question is given as its text or as its ``Facts``."""
    facts = stated_facts(question) if isinstance(question, str) else question
    fits = (
        _tenure_fit(facts, sentence),
        _percent_fit(facts, sentence),
        _count_fit(facts, sentence),
        _fit(facts.work, work_conditions(sentence)),
        _fit(facts.ages, age_conditions(sentence)),
        denied_fit(facts.denied, sentence),
        rank_fit(facts.ranks, sentence),
        occurrence_fit(facts.occurrences, sentence),
    )
    if UNMET in fits:
        return UNMET
    return MET if MET in fits else None

"""Authority-aware conflicts: sources that disagree on the value the question asks for (§11.9).

Only the kind of value the question asks about is compared ("how many days" → days), after
normalisation ("thirty days" = "30 days"), and only between documents of the same jurisdiction
(different states legitimately differ). Each document asserts a set of values through the useful
claims attributed to it. The most authoritative documents decide: if two of them assert value
sets neither of which contains the other, the conflict is unresolved; otherwise their values win
and every claim asserting a value outside them loses (it is dropped by recovery).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from citenexus.domain import readings
from citenexus.domain.readings import Reading
from citenexus.domain.vocabulary import Vocabulary, active, cached_per_vocabulary, current, stem
from citenexus.text import quantities
from citenexus.text.sentences import sentence_spans
from citenexus.text.stopwords import STOPWORDS

DAYS, DATE, AMOUNT, PERCENT = "days", "date", "amount", "percent"

_ASKED = (
    (
        DAYS,
        r"how many (?:calendar |business )?(?:days|weeks|months)|how (?:long|much (?:advance |prior )?(?:notice|time|warning))|notice period|days?'? notice|deadline|within how",
    ),
    (PERCENT, r"percent|percentage|%|interest rate|what rate"),
    (DATE, r"what date|which date|when (?:is|was|does|did|must|will)|due date|by when"),
    (AMOUNT, r"how much|amount|\$|dollars?|fee|cost|price|deposit|penalty"),
)

# The values a question's kind covers, in the judges' quantity kinds: one parser for both, so a
# value the numeric judge reads ("thirty (30) days", "January 5, 2024") is the value compared here.
_QUANTITY_KINDS = {
    DAYS: {quantities.DAYS, quantities.BUSINESS_DAYS, quantities.MONTHS, quantities.HOURS},
    DATE: {quantities.DATE},
    AMOUNT: {quantities.AMOUNT},
    PERCENT: {quantities.PERCENT},
}
# A number right after a capitalised word labels something ("Severity 1 incidents", "Section 12",
# "Level 3"): it measures nothing.
_LABEL_NUMBER = re.compile(r"(?:^|[^\w'])[A-Z][A-Za-z]*\s+$")
# A question asking for a bound, a frequency or a measure without naming its kind ("What is the
# maximum weight of a cabin bag?", "How often must extinguishers be serviced?", "At what age
# ..."): any stated quantity may answer it, each compared only with quantities of its own base
# (durations with durations, kilograms with grams, characters with characters).
MEASURE = "measure"
_QUANTITY_KINDS[MEASURE] = set().union(*_QUANTITY_KINDS.values()) - {quantities.DATE} | {
    quantities.NUMBER
}
_MEASURE_NOUNS = (
    r"age|temperature|height|weight|length|width|depth|size|area|volume|interval|frequency"
    r"|speed|distance|radius|limit|dose|dosage|level|capacity|clearance|visibility"
)
_ASKS_MEASURE = re.compile(
    r"\bwhat(?:'s|\s+is|\s+are)\s+(?:the\s+|a\s+)?(?:maximum|minimum|max|min|highest|lowest"
    r"|largest|smallest|greatest|least|most|shortest|longest|required|recommended|normal"
    r"|standard|usual)\b|\bhow (?:often|frequently|quickly|fast|high|heavy|tall|wide|far|old"
    r"|large|big|many|close|near|deep|thick|loud)\b"
    # "at what interval", "above what floor area", "what single oral dose", "what is the
    # night-time noise limit": a noun of measure in the few words after "what".
    r"|\b(?:at|above|below|over|under|beyond|from|up to)\s+what\s+(?:[\w-]+\s+){0,2}(?:"
    + _MEASURE_NOUNS
    + r")s?\b|\bwhat(?:'s|\s+is|\s+are)?\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,3}(?:"
    + _MEASURE_NOUNS
    + r")s?\b",
    re.IGNORECASE,
)
_MONTH_NUMBERS = {
    name: i
    for i, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
# "due November 30" or "by 30 April" — a date without a year, written as ISO 8601's yearless
# "--MM-DD".
_MONTH_NAMES = "|".join(sorted(_MONTH_NUMBERS, key=len, reverse=True))
_YEARLESS = re.compile(
    r"\b(" + _MONTH_NAMES + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!,?\s+\d{4})",
    re.IGNORECASE,
)
_YEARLESS_DAY_FIRST = re.compile(
    r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + _MONTH_NAMES + r")\b\.?(?!,?\s+\d{4})",
    re.IGNORECASE,
)


def _yearless(text: str) -> list[tuple[int, int, int, int]]:
    """(start, end, month, day) of each date without a year, month first or day first, in text
    order; a day outside 1-31 is no date."""
    found = [
        (m.start(), m.end(), _MONTH_NUMBERS[m.group(1).lower()], int(m.group(2)))
        for m in _YEARLESS.finditer(text)
    ]
    found += [
        (m.start(), m.end(), _MONTH_NUMBERS[m.group(2).lower()], int(m.group(1)))
        for m in _YEARLESS_DAY_FIRST.finditer(text)
    ]
    return sorted(f for f in found if 1 <= f[3] <= 31)


def asked_kind(question: str) -> str | None:
    """The kind of value a question asks for, or None when it asks for none we compare."""
    for kind, pattern in _ASKED:
        if re.search(pattern, question, re.IGNORECASE):
            return kind
    return None


_CONTEXT_CHARS = 80
_AFTER_CHARS = 30
_OPENING_WORDS = 2  # fewer content words than this before a value: it opens its sentence
_SENTENCE_CHARS = 240


# Words for the parties that every field shares; a lane's vocabulary names its own ("landlord"
# and "tenant", "employer" and "employee"). They are in nearly every sentence of a lane, so
# sharing one makes nothing alike.
GENERIC_PARTIES = frozenset(stem(w) for w in ("party", "parties", "person", "persons"))


def _party_stems_uncached(vocabulary: Vocabulary) -> frozenset[str]:
    named = set(vocabulary.parties)
    named |= {lay for lay, term in vocabulary.synonyms if term in named}
    # Stemmed as the vocabulary's own rules stem them (a lay synonym as its term), whatever
    # vocabulary is active: the cache is keyed on this one. A party named by a phrase ("data
    # subject") is compared by its last word, its head.
    with active(vocabulary):
        return GENERIC_PARTIES | {stem(w.split()[-1]) for w in named}


# Cached; mutation testing mutates _party_stems_uncached (mutmut leaves decorated functions alone).
_party_stems = lru_cache(maxsize=64)(_party_stems_uncached)


def party_stems(vocabulary: Vocabulary | None = None) -> frozenset[str]:
    """The stemmed party words: generic ones and those of the lane's vocabulary (the active
    one unless given)."""
    return _party_stems(current() if vocabulary is None else vocabulary)


def _focus_pairs(text: str) -> list[tuple[str, str]]:
    """Each word of three letters or more that is not a stopword, with its stem, in order."""
    words = re.findall(r"[a-z]+", text.lower())
    return [(w, stem(w)) for w in words if len(w) > 2 and w not in STOPWORDS]


def focus_words(text: str) -> set[str]:
    """The stemmed words of three letters or more that are not stopwords."""
    return {s for _, s in _focus_pairs(text)}


def matter_named(stems: Sequence[str], question: str) -> str:
    """A conflict's matter in words a reviewer reads: each stem as the question writes it
    ("notic" as "notice", "lat" as "late"), in the question's order, then any stem the question
    does not hold (a lane term its lay word stands for) as it is."""
    wanted = set(stems)
    named: dict[str, str] = {}
    for word, stemmed in _focus_pairs(question):
        if stemmed in wanted:
            named.setdefault(stemmed, word)
    return ", ".join([*dict.fromkeys(named.values()), *(s for s in stems if s not in named)])


def _focus_of_uncached(question: str) -> frozenset[str]:
    """A question's focus words, parties included, stemmed with the active vocabulary's
    synonyms: read once per question and vocabulary."""
    return frozenset(focus_words(question))


# Cached; mutation testing mutates _focus_of_uncached (mutmut leaves decorated functions alone).
focus_of = cached_per_vocabulary(maxsize=2048)(_focus_of_uncached)


def _question_focus_uncached(question: str, vocabulary: Vocabulary) -> frozenset[str]:
    """A question's focus words less the parties: read once per question and vocabulary (the
    question frame's ``content``), not once per sentence it is compared with."""
    with active(vocabulary):
        return focus_of(question) - _party_stems(vocabulary)


# Cached; mutation testing mutates _question_focus_uncached (mutmut leaves decorated functions alone).
question_focus = lru_cache(maxsize=2048)(_question_focus_uncached)


def _after(text: str, end: int) -> str:
    """Up to a few words after a value, stopping at the end of its clause."""
    return re.split(r"[.;:,(]", text[end : end + _AFTER_CHARS])[0]


# "in no case shall it exceed $30": a pronoun just before the value, in its clause.
_PRONOUN_BEFORE = re.compile(r"\b(?:it|they)\b[^,;:.()]{0,30}$", re.IGNORECASE)
_PRONOUN_WINDOW = 45
_SUBJECT_CHARS = 90


def _about(text: str, q: quantities.Quantity) -> str:
    """The words a value is about: its own context (``Quantity.context``) and the few words
    after it, and also

    - for a value in a sentence's opening phrase ("No later than 21 days after ..., the landlord
      shall return ..."), the rest of the sentence: the main clause it is about;
    - for a value whose clause speaks through a pronoun ("the amount of the application
      screening fee shall not be greater than the cost ..., and in no case shall it exceed
      $30"), the opening of its sentence, where what the pronoun stands for is named."""
    parts = [q.context, _after(text, q.end)]
    if len(focus_words(q.context)) < _OPENING_WORDS:
        parts.append(re.split(r"[.;]", text[q.end : q.end + _SENTENCE_CHARS])[0])
    if _PRONOUN_BEFORE.search(text[max(0, q.start - _PRONOUN_WINDOW) : q.start]):
        start = max(s for s, _ in sentence_spans(text) if s <= q.start)
        parts.append(text[start : min(q.start, start + _SUBJECT_CHARS)])
    return " ".join(parts)


def _yearless_dates(text: str) -> list[tuple[str, str]]:
    """ "due November 30", "by 30 April": dates without a year, with the words around them. None
    overlaps a date the quantity parser read: its dates all have a year, which ``_yearless``
    refuses."""
    found = []
    for start, end, month, day in _yearless(text):
        context = text[max(0, start - _CONTEXT_CHARS) : start] + _after(text, end)
        found.append((f"--{month:02d}-{day:02d}", context))
    return found


_PERIODS = {quantities.DAYS, quantities.MONTHS}


def _idiom_amount(text: str, q: quantities.Quantity, vocabulary: Vocabulary) -> bool:
    """A period followed by one of the lane's value idioms ("one month's rent", "two weeks'
    wages") is a sum of money measured in that idiom, not a length of time."""
    idiom = vocabulary.idiom_pattern
    return idiom is not None and idiom.match(text, q.end) is not None


def _idiom_label(text: str, q: quantities.Quantity, vocabulary: Vocabulary) -> str:
    """ " of rent" for "one month's rent": what the amount is measured in, for its label."""
    idiom = vocabulary.idiom_pattern
    match = idiom.match(text, q.end) if idiom is not None else None
    return " of " + match.group(0).split()[-1].lower() if match else ""


def values_of(
    text: str, kind: str, about: str = "", vocabulary: Vocabulary | None = None
) -> tuple[str, ...]:
    """The normalised values of ``kind`` a text states, in order of first appearance (see
    ``_values_of``), read with the lane's vocabulary (the active one unless given)."""
    return _values_of(text, kind, about, current() if vocabulary is None else vocabulary)


def _values_of_uncached(
    text: str, kind: str, about: str, vocabulary: Vocabulary
) -> tuple[str, ...]:
    """The normalised values of ``kind`` a text states, in order of first appearance.

    With ``about`` (the question), only values whose context — the words just around the
    value — shares a content word with it: "notice at least 60 days" answers a question about
    notice, "resided for one year" in the same sentence is a condition, not the answer.
    """
    wanted = _QUANTITY_KINDS.get(kind, set())
    found_quantities = [
        q
        for q in quantities.extract_quantities(text)
        if (q.kind in wanted and not _idiom_amount(text, q, vocabulary))
        or (kind == AMOUNT and q.kind in _PERIODS and _idiom_amount(text, q, vocabulary))
    ]
    # What a value is about sits just before it ("notice of at least 60 days") or just after it
    # ("60 days' notice"), within its sentence; read only when there is a question to match.
    found = [
        (q.label + (_idiom_label(text, q, vocabulary) if kind == AMOUNT and q.kind in _PERIODS else ""),
         _about(text, q) if about else "")
        for q in found_quantities
    ]  # fmt: skip
    if kind == DATE:
        found += _yearless_dates(text)
    if about:
        # The parties are in nearly every sentence of a lane: sharing a party with the question
        # does not make a deposit cap the answer to a question about a screening fee.
        focus = question_focus(about, vocabulary)
        found = [(value, context) for value, context in found if focus_words(context) & focus]
    return tuple(dict.fromkeys(value for value, _ in found))


# Cached; mutation testing mutates _values_of_uncached (mutmut leaves decorated functions alone).
_values_of = lru_cache(maxsize=16384)(_values_of_uncached)


_WINDOW_CHARS = 160
_BASES = {quantities.AMOUNT: "$", quantities.PERCENT: "%", quantities.DATE: "date"}
_YES_NO = re.compile(
    r"^\s*(?:can|may|must|is|are|does|do|did|should|will|would|has|have|was|were|could)\b",
    re.IGNORECASE,
)
POLARITY = "polarity"


def _window(text: str, spans: Sequence[tuple[int, int]], i: int) -> tuple[str, str, str, str]:
    """Around the i-th value: the words before and after it up to the values on either side
    (what this value's own words are), and its sentence before and after it (where a rule's
    condition or exception is stated)."""
    start, end = spans[i]
    left = max([0, *(e for _, e in spans[:i])])
    right = min([len(text), *(s for s, _ in spans[i + 1 :])])
    sentence_before = re.split(r"[.;]\s", text[max(0, start - _WINDOW_CHARS) : start])[-1]
    sentence_after = re.split(r"[.;](?:\s|$)", text[end : end + _WINDOW_CHARS])[0]
    before = sentence_before[max(0, len(sentence_before) - (start - left)) :]
    after = sentence_after[: right - end]  # values never overlap: right >= end
    return before, after, sentence_before, sentence_after


_CLAUSE_END = re.compile(r"[,;.:?!]")


def _counted_from(after: str, event: frozenset[str]) -> bool:
    """Whether the clause after a value (up to its next punctuation) names a word of the
    question's event ("within 45 days after receipt of an appeal", "5 weeks after delivery"):
    the value is the period counted from it."""
    return bool(focus_words(_CLAUSE_END.split(after)[0]) & event)


def readings_of(text: str, kind: str, question: str) -> tuple[Reading, ...]:
    """The values of ``kind`` a claim states about the question's matter, each with what its own
    words say it is of (``citenexus.domain.readings``), read with the active vocabulary."""
    return _readings_of(text, kind, question, current())


def _readings_of_uncached(
    text: str, kind: str, question: str, vocabulary: Vocabulary
) -> tuple[Reading, ...]:
    if kind == POLARITY:
        found = readings.polarity_reading(text, focus_of(question))
        return () if found is None else (found,)
    wanted = _QUANTITY_KINDS.get(kind, set())
    focus = question_focus(question, vocabulary)
    # The event the question counts its period from (``readings.question_anchor``).
    event = readings.question_anchor(question) & focus
    all_quantities = quantities.extract_quantities(text)
    spans = [(q.start, q.end) for q in all_quantities]
    out: list[tuple[int, Reading]] = []
    bounding: set[int] = set()  # the quantities that bound another value's case
    for i, q in enumerate(all_quantities):
        idiom = _idiom_amount(text, q, vocabulary)
        if not (
            (q.kind in wanted and not idiom) or (kind == AMOUNT and q.kind in _PERIODS and idiom)
        ):
            continue
        # Asked for a measure, a number's unit after it says which; a bare number measures
        # nothing, and a label's ("Severity 1") names.
        size = _size_of(q, text[q.end : q.end + _AFTER_CHARS])
        if size is None or (q.kind == quantities.NUMBER and _LABEL_NUMBER.search(text[: q.start])):
            continue
        context = _about(text, q)
        matter = frozenset(focus_words(context) & focus)
        if not matter:
            continue
        before, after, sentence_before, sentence_after = _window(text, spans, i)
        anchor = readings.anchor_of(after) if q.kind != quantities.DATE else frozenset()
        if event and matter <= event and focus - event and not _counted_from(after, event):
            # Named only by the event the question counts from, and not counted from it: the
            # period of that event ("A first visit must be scheduled within 60 days"), not the
            # one asked ("send the report ... after the first visit").
            continue
        own = text[q.start : q.end]
        base, magnitude, unit = size
        label = f"{q.label} {unit}" if q.kind == quantities.NUMBER else q.label
        exception, condition = readings.condition_of(sentence_before)
        bounds, bound_words, bounded_by = _bounds_of(
            text, all_quantities, i, q.start - len(sentence_before)
        )
        bounding |= bounded_by
        # A condition the question states of its own case is this case's, not another branch;
        # a bound's own words are compared as a bound.
        condition = condition - focus - bound_words
        number = re.search(r"\d[\d,]*(?:\.\d+)?", text[q.start : q.end])
        holder = readings.holder_of(sentence_before) - bound_words
        out.append(
            (
                i,
                Reading(
                    value=label + (_idiom_label(text, q, vocabulary) if idiom else ""),
                    base=base,
                    magnitude=magnitude,
                    matter=matter,
                    role=readings.role_of(before, after) if q.kind != quantities.DATE else None,
                    qualifiers=readings.qualifiers_of(before) | readings.qualifiers_of(after),
                    subject=readings.subject_of(before + own + after),
                    exception=exception,
                    condition=condition,
                    span=(
                        None  # a date's numbers are no range's ends
                        if q.kind == quantities.DATE
                        else readings.range_of(sentence_before[-40:] + own + sentence_after[:40])
                    ),
                    raw=float(number.group().replace(",", "")) if number else q.value,
                    anchor=anchor,
                    typical=readings.typical_of(sentence_before),
                    rate=readings.rate_of(after) if q.kind == quantities.AMOUNT else "",
                    holder=holder,
                    holder_own=holder - focus,
                    words=frozenset(focus_words(sentence_before) | focus_words(sentence_after)),
                    bounds=bounds,
                    case=readings.case_of(sentence_before) - focus - bound_words,
                    actor=readings.actor_of(sentence_before),
                ),
            )
        )
    # A quantity that bounds a value's case ("within 5 miles of the coast, every 60 days") is a
    # condition of that value, not an answer of its own.
    kept = [reading for i, reading in out if i not in bounding]
    if kind == DATE:
        kept.extend(_yearless_readings(text, focus))
    return tuple(kept)


def _size_of(q: quantities.Quantity, after: str) -> tuple[str, float, str] | None:
    """(base, magnitude in the base, unit as written) of a quantity with ``after`` behind it: a
    bare number by the unit after it (None without one), a period in days, an amount in its
    currency (its label as its unit)."""
    if q.kind == quantities.NUMBER:
        measured = readings.measure_of(after)
        if measured is None:
            return None
        base, factor, unit = measured
        return base, q.value * factor, unit
    base, magnitude = readings.days_of(q.kind, q.value)
    return q.currency or _BASES.get(q.kind, base), magnitude, q.label


def _bounds_of(
    text: str, found: Sequence[quantities.Quantity], i: int, start: int
) -> tuple[frozenset[tuple[str, str, float]], frozenset[str], frozenset[int]]:
    """The bounds the quantities of the i-th value's sentence in front of it (from ``start``) set
    on its case ("For bridges within 5 miles of the coast, ... every 60 days"), and the words
    that state them (``readings.bound_of``). Read where a condition is (``condition_of``): in
    front of the value. A period never bounds a period: "within" states a deadline, and how long
    an asker has stayed is read by ``citenexus.domain.conditions``."""
    end = found[i].start
    bounds: set[tuple[str, str, float]] = set()
    words: set[str] = set()
    indices: set[int] = set()
    timed = found[i].kind in _QUANTITY_KINDS[DAYS]
    for j, other in enumerate(found[:i]):
        if other.start < start or (timed and other.kind in _QUANTITY_KINDS[DAYS]):
            continue  # "within 5 days of notice, ... 30 days later": two periods, no case
        after = text[other.end : min(end, other.end + _AFTER_CHARS)]
        bound = readings.bound_of(text[max(start, other.start - _AFTER_CHARS) : other.start], after)
        if bound is None:
            continue
        size = _size_of(other, after)
        if size is None:
            continue  # a bare number bounds nothing that can be compared
        base, magnitude, unit = size
        direction, comparator = bound
        bounds.add((base, direction, round(magnitude, 6)))
        indices.add(j)
        words |= readings.condition_words(f"{comparator} {unit}")
    return frozenset(bounds), frozenset(words), frozenset(indices)


# Cached; mutation testing mutates _readings_of_uncached (mutmut leaves decorated functions alone).
_readings_of = lru_cache(maxsize=4096)(_readings_of_uncached)


# What a yearless date's magnitude counts (month * 100 + day): a base of its own, so a date
# without a year is never compared with one that has a year.
YEARLESS_DATE = "yearless date"


def _yearless_readings(text: str, focus: frozenset[str]) -> list[Reading]:
    """ "due November 30": dates without a year, compared with each other by month and day (see
    ``_yearless_dates``)."""
    found = []
    for start, end, month, day in _yearless(text):
        # The match starts and ends at a word boundary: joined, the two keep their words apart.
        window = text[max(0, start - _CONTEXT_CHARS) : start] + _after(text, end)
        matter = frozenset(focus_words(window) & focus)
        if matter:
            found.append(
                Reading(
                    value=f"--{month:02d}-{day:02d}",
                    base=YEARLESS_DATE,
                    magnitude=float(month * 100 + day),
                    matter=matter,
                    qualifiers=readings.qualifiers_of(window),
                )
            )
    return found


# A bound asked for with a superlative. Of time: "what is the longest ...", "the least notice a
# carrier can give". Of a quantity, money or a share, when the superlative stands for what a
# clause bounds: "what's the most the carrier can charge", "the biggest fine it can face"
# (not "the most important factor", which bounds nothing).
SUPERLATIVE_TIME = (
    r"\bwhat(?:'s|\s+is|\s+are)?\s+(?:the\s+)?(?:longest|shortest)\b"
    r"|\b(?:most|maximum|least|minimum|longest|shortest)\s+(?:amount\s+of\s+)?"
    r"(?:time|notice|period|warning|days|weeks|months|years)\b"
)
SUPERLATIVES = (
    r"(?:most|maximum|max|highest|largest|biggest|greatest|least|minimum|lowest|smallest)"
)
SUPERLATIVE_AMOUNT = (
    r"\bwhat(?:'s|\s+is|\s+are)?\s+(?:the\s+)?" + SUPERLATIVES + r"\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:can|may|could|must|might|will|would|is\s+allowed\s+to)\b"
)
# Questions that ask for a value outright ("how many days", "how much can ... raise"): a unit
# stating no value of an accepted kind cannot answer them, however near its topic.
_ASKS_FOR = (
    (
        DAYS,
        r"\bhow (?:many (?:calendar |business )?(?:days|weeks|months|hours)|long|soon"
        r"|much (?:advance |prior )?(?:notice|time|longer|later|sooner|warning|more time|extra time"
        r"|additional time)|far (?:ahead|in advance))\b|\bwithin how\b|" + SUPERLATIVE_TIME,
    ),
    (
        PERCENT,
        r"\bwhat (?:" + SUPERLATIVES + r"\s+)?(?:percent|percentage|interest rate|rate)\b"
        r"|\bhow many percent",
    ),
    (
        AMOUNT,
        r"\bhow much\b(?! (?:advance |prior )?(?:notice|time|longer|later|sooner|warning|more time"
        r"|extra time|additional time)\b)|" + SUPERLATIVE_AMOUNT,
    ),
)
_ANSWERED_BY = {DAYS: (DAYS, DATE), PERCENT: (PERCENT,), AMOUNT: (AMOUNT, PERCENT)}
# What a sentence's value bonus accepts: a share answers "how much can it go up?" as a sum does.
_SCORED_BY = {AMOUNT: (AMOUNT, PERCENT)}


def answered_by(kind: str) -> tuple[str, ...]:
    """The kinds of value that earn the value bonus for a question asking for ``kind``."""
    return _SCORED_BY.get(kind, (kind,))


def _value_asked_uncached(question: str) -> str | None:
    """The kind of value a question asks for outright, or None (yes/no, how-to, why...)."""
    for kind, pattern in _ASKS_FOR:
        if re.search(pattern, question, re.IGNORECASE):
            return kind
    return None


# Cached; mutation testing mutates _value_asked_uncached (mutmut leaves decorated functions alone).
value_asked = lru_cache(maxsize=1024)(_value_asked_uncached)


def _states_value_uncached(text: str, kind: str) -> bool:
    """Whether a text states a value that could answer a question asking for ``kind``."""
    return any(values_of(text, accepted) for accepted in _ANSWERED_BY[kind])


# Cached; mutation testing mutates _states_value_uncached (mutmut leaves decorated functions alone).
states_value = cached_per_vocabulary(maxsize=16384)(_states_value_uncached)


@dataclass(frozen=True)
class Assertion:
    """A useful claim's values, credited to the unit that gives it standing."""

    claim_index: int
    key: str
    document_id: str
    tier_rank: int
    tier_name: str
    jurisdiction: str
    values: tuple[str, ...]
    readings: tuple[Reading, ...] = ()  # each value with what it is of; empty: compare values

    def read(self) -> tuple[Reading, ...]:
        """The readings compared: those given, else each value as a bare label."""
        if self.readings:
            return self.readings
        return tuple(Reading(v, readings.LABEL, 0.0, frozenset({"*"})) for v in self.values)


def question_kind(question: str) -> str | None:
    """The kind of value whose disagreement is a conflict for this question: the value asked
    for, or the yes/no of a question that asks none ("Is the training mandatory?")."""
    if _YES_NO.match(question):  # "Can it charge a fee?" asks yes or no, not the fee
        return value_asked(question) or POLARITY
    found = asked_kind(question) or value_asked(question)
    if found is None and _ASKS_MEASURE.search(question):
        return MEASURE
    return found


def claim_assertion(
    index: int,
    *,
    key: str,
    document_id: str,
    tier_rank: int,
    tier_name: str,
    jurisdiction: str,
    text: str,
    question: str,
    kind: str | None,
) -> Assertion:
    """A claim's values about the question's matter, credited to the unit ``key``."""
    found = readings_of(text, kind, question) if kind is not None else ()
    values = tuple(dict.fromkeys(r.value for r in found))
    return Assertion(index, key, document_id, tier_rank, tier_name, jurisdiction, values, found)


@dataclass(frozen=True)
class Conflict:
    kind: str
    values: tuple[tuple[str, str, str], ...]  # (value, key, tier name)
    resolved_to: str | None
    overridden: tuple[str, ...]
    losing_claims: tuple[int, ...]
    contested_claims: tuple[int, ...]  # claims on the sides of an unresolved conflict
    matter: str = ""  # what the values are of: the question's words both sides name

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "values": [{"value": v, "key": k, "tier": t} for v, k, t in self.values],
            "resolved_to": self.resolved_to,
            "overridden": list(self.overridden),
            "matter": self.matter,
        }


_Pair = tuple[Assertion, Assertion, Reading, Reading]


def _differ(kind: str, r: Reading, s: Reading) -> bool:
    if kind == POLARITY:
        return readings.polarity_disagree(r, s)
    return readings.disagree(r, s)


def _disagreements(kind: str, group: Sequence[Assertion]) -> list[_Pair]:
    """Pairs of readings from different documents (so never two of one unit) that disagree,
    unless one document also states the other's value (it names both, so it contradicts
    neither)."""
    stated: dict[str, list[Reading]] = {}
    for a in group:
        stated.setdefault(a.document_id, []).extend(a.read())
    pairs: list[_Pair] = []
    for i, x in enumerate(group):
        for y in group[i + 1 :]:
            if x.document_id == y.document_id:  # a unit's key is of one document
                continue
            for r in x.read():
                for s in y.read():
                    if not _differ(kind, r, s):
                        continue
                    if any(readings.same_value(s, t) for t in stated[x.document_id]) or any(
                        readings.same_value(r, t) for t in stated[y.document_id]
                    ):
                        continue
                    pairs.append((x, y, r, s))
    return pairs


def _conflict_in_group(kind: str, group: Sequence[Assertion], question: str) -> Conflict | None:
    pairs = _disagreements(kind, group)
    if not pairs:
        return None
    losers = {x.claim_index for x, y, _, _ in pairs if x.tier_rank < y.tier_rank}
    losers |= {y.claim_index for x, y, _, _ in pairs if y.tier_rank < x.tier_rank}
    unresolved = [
        (x, y)
        for x, y, _, _ in pairs
        if x.tier_rank == y.tier_rank and not {x.claim_index, y.claim_index} & losers
    ]
    involved = list(
        dict.fromkeys(a for x, y, _, _ in pairs for a in (x, y))
    )  # in the order claims were drafted
    involved.sort(key=lambda a: a.claim_index)
    entries = tuple(
        dict.fromkeys((r.value, a.key, a.tier_name) for a in involved for r in a.read())
    )
    winners = sorted({r.value for a in involved if a.claim_index not in losers for r in a.read()})
    matter = sorted({w for _, _, r, s in pairs for w in r.matter & s.matter} - {"*"})
    contested = sorted({a.claim_index for pair in unresolved for a in pair})
    return Conflict(
        kind,
        entries,
        None if unresolved else ", ".join(winners),
        tuple(dict.fromkeys(a.key for a in involved if a.claim_index in losers)),
        tuple(a.claim_index for a in involved if a.claim_index in losers),
        tuple(contested),
        matter_named(matter, question),
    )


def detect_conflicts(
    kind: str | None, assertions: Sequence[Assertion], question: str = ""
) -> list[Conflict]:
    """Conflicts among the assertions, one per jurisdiction group where documents disagree on
    the question's matter (``citenexus.domain.readings``: never two values of one unit, nor
    values its own words say measure different things); each names its matter in the
    ``question``'s words (``matter_named``)."""
    if kind is None:
        return []
    groups: dict[str, list[Assertion]] = {}
    for a in assertions:
        if a.values:
            groups.setdefault(a.jurisdiction, []).append(a)
    found = (_conflict_in_group(kind, groups[j], question) for j in sorted(groups))
    return [c for c in found if c is not None]


def conflict_from_dict(data: Mapping[str, Any]) -> dict[str, Any]:
    """A conflict entry as stored (already plain JSON): validated shape, copied."""
    return {
        "kind": str(data["kind"]),
        "values": [
            {"value": str(v["value"]), "key": str(v["key"]), "tier": str(v["tier"])}
            for v in data["values"]
        ],
        "resolved_to": data.get("resolved_to"),
        "overridden": [str(k) for k in data.get("overridden", [])],
        "matter": str(data.get("matter", "")),
    }

"""What a stated value is *of*, read from the words around it, so conflicts compare like with like.

A conflict is two sources answering the question's matter with different values of one kind
(docs/design.md, "Conflicts"). Two stated values are compared only when nothing in their own
words says they measure different things. Everything here is generic English:

- **role**: a look-back period ("during the preceding 12 months"), a lead time ("at least 60
  days' notice", "10 days before"), a length ("retain ... for at least three years"), a deadline
  after an event ("within 15 days after the notice is served"), or unknown. Different known roles never conflict.
- **qualifiers**: words of one contrast class that differ (adults / children, first / second,
  oral / intravenous, initial / final), different years, or different "for ..." subjects
  ("for health workers" / "for visitors").
- **exception**: a value in a rule's stated exception ("Except where ..., in which case ...",
  "Unless ...") or in a branch ("If ..., ") whose condition the other does not state alike.
- **anchor**: the event a lead time or a deadline is counted from ("six days before the intended
  entry", "30 days before the increase takes effect"): two values counted from events each named
  by two words or more, sharing none, measure different things.
- **range**: a value inside a range the other states ("between 10 and 20 days").
- **equal in other units**: 6 months and 180 days, 2 years and 24 months.
- **polarity** (questions asking no value): the same matter affirmed and denied ("may charge" /
  "may not charge"), or opposite words ("approved" / "rejected", "mandatory" / "optional").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citenexus.domain.vocabulary import cached_per_vocabulary, stem
from citenexus.text.numbers import SMALL_NUMBERS, TENS
from citenexus.text.stopwords import STOPWORDS

LOOKBACK, LEAD, DEADLINE, LENGTH = "lookback", "lead", "deadline", "length"
LABEL = "label"  # a value known only by its label (no reading): equal when the labels are

_LOOKBACK_BEFORE = re.compile(
    r"\b(?:(?:preceding|previous|past|last|prior|trailing)\s+(?:\w+\s+)?|during\s+(?:the\s+)?)$",
    re.IGNORECASE,
)
_LOOKBACK_AFTER = re.compile(r"^\s*(?:\w+\s+){0,2}?(?:preceding|prior to the)\b", re.IGNORECASE)
_LEAD_AFTER = re.compile(
    r"^\s*(?:\w+'?\s+){0,3}?(?:before|prior to|in advance|ahead)\b|^'?s?'?\s+(?:advance |prior "
    r"|written )?notice\b",
    re.IGNORECASE,
)
_LENGTH_BEFORE = re.compile(
    r"\bfor\s+(?:at least\s+|a (?:period|term) of\s+|up to\s+|not less than\s+)?$", re.IGNORECASE
)
_DEADLINE_BEFORE = re.compile(r"\b(?:within|no later than|not later than|by)\s+$", re.IGNORECASE)
_DEADLINE_AFTER = re.compile(r"^\s*(?:\w+\s+){0,1}?(?:after|of|from|following)\b", re.IGNORECASE)

_CONTRAST_CLASSES = tuple(
    frozenset(stem(w) for w in words.split())
    for words in (
        "adult adults child children minor minors infant infants senior seniors teenager",
        "first second third fourth initial subsequent final interim preliminary original renewal",
        "oral intravenous intramuscular topical inhaled subcutaneous rectal",
        "written oral verbal electronic",
        "new existing former current",
        "domestic international foreign",
        "daily weekly monthly quarterly annual yearly",
        "male female men women",
        "weekday weekdays weekend weekends",
        "minimum maximum",
        "summer winter spring autumn",
        "january february march april june july august september october november december",
    )
)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# "for health workers", "for each violation", "for the award of the MSc" (what it is of too).
_FOR_SUBJECT = re.compile(
    r"\bfor\s+(?:the\s+|a\s+|an\s+|all\s+|each\s+|any\s+)?([a-z]+(?:\s+(?!of\b)[a-z]+)?"
    r"(?:\s+of\s+(?:the\s+|a\s+|an\s+)?[a-z]+)?)"
)
# "for a civil penalty of not more than $20,000": the phrase names the value itself.
_HEAD_OF_VALUE = re.compile(
    r"(?:[a-z]+\s+)?[a-z]+\s+of\s+(?:(?:not|no)\s+(?:more|less)\s+than\s+|(?:more|less)\s+than\s+"
    r"|up\s+to\s+|at\s+(?:least|most)\s+)?[$\u20ac\u00a3]?\d"
)
_NOT_A_SUBJECT_WORDS = (
    "at least more less than up to no not period term time purpose purposes "
    "day days week weeks month months year years hour hours one two three"
)
_NOT_A_SUBJECT = frozenset(stem(w) for w in _NOT_A_SUBJECT_WORDS.split())
_EXCEPTION = re.compile(
    r"\b(?:except|exceptions?|unless|in which case|notwithstanding|other than|does not apply)\b",
    re.IGNORECASE,
)
_CONDITION = re.compile(r"\b(?:if|when|where|provided that|only if)\b([^,;.]*)", re.IGNORECASE)
# A range's ends: digits or a number word ("one to three working days"), maybe a currency in
# front and a unit between ("between 0°C and 5°C"); "and" only after "between" ("sections 3 and 4"
# is no range), "to" or a dash after "from" or alone ("7 to 9 years", "4-6 hours").
# The number words, up to twenty, are the number parser's; each is a whole word ("seventeen" is
# not "seven" and a unit "teen").
_NUMBER_WORD = {word: value for word, value in (SMALL_NUMBERS | TENS).items() if value <= 20}
_END = r"[$\u20ac\u00a3]?(\d[\d,]*(?:\.\d+)?|(?:" + "|".join(_NUMBER_WORD) + r")\b)"
_BETWEEN_UNIT = r"\s*(?:\u00b0\s*[cf]\b\s*|[a-z]+\s+)?"
# Never inside a chain of numbers joined by dashes, slashes or dots: "2026-11-30" is a date.
_RANGE = re.compile(
    r"(?<![\d/.\u2013-])\b(?:between\s+"
    + _END
    + _BETWEEN_UNIT
    + r"and|(?:from\s+)?"
    + _END
    + _BETWEEN_UNIT
    + r"(?:to|-|\u2013))\s*"
    + _END
    + r"\b(?![/.\u2013-]?\d)",
    re.IGNORECASE,
)
_ANCHOR = re.compile(
    r"^\W*(?:[\w']+\s+){0,3}?(?:before|after|prior to|following|preceding)\s+"
    r"(?:the\s+|a\s+|an\s+|its\s+|their\s+)?((?:[\w-]+\s*){1,3})",
    re.IGNORECASE,
)
# An event named by fewer words ("after receiving it") may be the other's in other words.
_ANCHOR_WORDS = 2
_DAYS_PER_MONTH = 365.25 / 12
_EQUAL_TOLERANCE = 0.02


def _words(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def role_of(before: str, after: str) -> str | None:
    """The role of a duration from the words just before and after it, or None."""
    if _LOOKBACK_BEFORE.search(before) or _LOOKBACK_AFTER.search(after):
        return LOOKBACK
    if _LEAD_AFTER.search(after):
        return LEAD
    if _LENGTH_BEFORE.search(before):
        return LENGTH
    if _DEADLINE_BEFORE.search(before) or _DEADLINE_AFTER.search(after):
        return DEADLINE
    return None


# A rate of money per unit of time right after the amount, maybe behind one "per <thing>" ("USD
# 25 per container per day", "£12 a night"): a daily charge and a flat fee are two measures. Not
# "the $30 limit is adjusted each year": the words between are not a rate's.
_RATE = re.compile(
    r"^\s*(?:per\s+[\w-]+\s+)?(?:per|a|an|each|every)\s+(hour|day|night|week|month|year)\b",
    re.IGNORECASE,
)


def rate_of(after: str) -> str:
    """The unit of time an amount is charged per, read from the words right after it ("" for
    none)."""
    match = _RATE.match(after)
    return match.group(1).lower() if match else ""


def qualifiers_of(window: str) -> frozenset[str]:
    """Contrast-class words and years the value's own words name."""
    words = _words(window)
    found = {w for cls in _CONTRAST_CLASSES for w in cls & words}
    return frozenset(found | {f"year:{y}" for y in _YEAR.findall(window)})


def subject_of(window: str) -> frozenset[str]:
    """The content words of the first "for <subject>" phrase that names no length of time and
    is not the value's own head: in "liable for a civil penalty of not more than $20,000 for
    each violation" the penalty *is* the value ("a penalty of $20,000"), and what it is for is
    each violation."""
    lowered = window.lower()
    for match in _FOR_SUBJECT.finditer(lowered):
        if _HEAD_OF_VALUE.match(lowered, match.start(1)):
            continue
        words = {stem(w) for w in match.group(1).split() if w not in STOPWORDS}
        if words and not words & _NOT_A_SUBJECT:
            return frozenset(words)
    return frozenset()


# Where a sentence's opening noun phrase ends: a modal or an auxiliary, or one of the verbs a
# sentence stating an entitlement or a charge turns on ("Part-time staff receive 15 days"). Generic
# English.
_HOLDER_END_WORDS = (
    "may might must shall should can cannot could will would is are was were be been has have "
    "had do does did need needs get gets receive receives pay pays earn earns accrue accrues "
    "qualify qualifies"
)
_HOLDER_END = frozenset(_HOLDER_END_WORDS.split())
_RELATIVE = frozenset({"who", "whom", "whose", "which", "that"})
_ASKED_BEFORE = re.compile(r"[?!]\s+")
_HOLDER_WORD = re.compile(r"[a-z][a-z'-]*|[,:]|\d[\d,.]*")


# An opening phrase that starts with a preposition and ends at a comma or colon states the case
# or manner the rest of the sentence is for ("By mouth, adult: 16 mg"; "For bridges near the
# coast, ..."). Generic English.
_CASE_OPENING = re.compile(
    r"^\s*(?:by|for|in|on|at|with|via|through|during|under|after|before)\s+([^,:;]{1,60})[,:]",
    re.IGNORECASE,
)


def case_of(sentence_before: str) -> frozenset[str]:
    """The content words of the case a value's sentence opens with ("By slow intravenous
    injection, ...": slow, intravenous, injection), or none."""
    opening = _ASKED_BEFORE.split(sentence_before)[-1]
    match = _CASE_OPENING.match(opening)
    if match is None:
        return frozenset()
    return frozenset(w for w in _words(match.group(1)) if w not in STOPWORDS)


def holder_of(sentence_before: str) -> frozenset[str]:
    """The content words of the phrase the value's sentence opens with, up to its first comma,
    colon, modal, auxiliary or entitlement verb, without a relative clause: whom or what the value is
    stated for ("Items bought in our stores may be returned within 28 days": item, bought, store;
    "A person who violates this part shall pay": person). None when the sentence opens with its
    verb or its value."""
    words: set[str] = set()
    head = True  # a relative clause ("A person who violates ...") says what the holder does
    opening = _ASKED_BEFORE.split(sentence_before)[-1]  # "Flying Economy? You can bring ..."
    for token in _HOLDER_WORD.findall(opening.lower()):
        if token in (",", ":") or token in _HOLDER_END:
            return frozenset(words)
        if token in _RELATIVE:
            head = False
        elif head and token[0].isalpha() and token not in STOPWORDS:
            words |= {stem(part) for part in token.split("-") if len(part) > 2}
    return frozenset()  # no end found before the value: the value is in the opening phrase


# Units of measure (generic, SI and common English): each unit's base and its factor to the base,
# so 1 g and 1000 mg are one value and 100,000 km and 100,000 miles are two. A temperature's
# scales are bases of their own (no factor converts them).
_MEASURES = {
    unit: (base, factor)
    for base, units in (
        ("mass:g", (("mg milligram milligrams", 0.001), ("g gram grams gramme grammes", 1.0),
                    ("kg kilo kilos kilogram kilograms", 1000.0), ("tonne tonnes", 1e6))),
        ("length:m", (("mm millimetre millimetres millimeter millimeters", 0.001),
                      ("cm centimetre centimetres centimeter centimeters", 0.01),
                      ("metre metres meter meters", 1.0),
                      ("km kilometre kilometres kilometer kilometers", 1000.0),
                      ("inch inches", 0.0254), ("foot feet ft", 0.3048),
                      ("mile miles", 1609.344))),
        ("volume:l", (("ml millilitre millilitres milliliter milliliters", 0.001),
                      ("litre litres liter liters", 1.0))),
        ("length:m/time:h", (("kph", 1000.0), ("mph", 1609.344), ("knot knots", 1852.0))),
        ("temperature:c", (("°c celsius centigrade", 1.0),)),
        ("temperature:f", (("°f fahrenheit", 1.0),)),
    )
    for words, factor in units
    for unit in words.split()
}  # fmt: skip
# Units written in two words: a qualifier that makes another unit ("nautical mile") or names the
# common one ("statute mile"), and squares and cubes of lengths (areas in m², volumes in litres).
_COMPOUND_MEASURES = {
    f"{qualifier} {unit}": (base, factor)
    for qualifier, base, units in (
        ("statute", "length:m", (("mile miles", 1609.344),)),
        ("nautical", "length:m", (("mile miles", 1852.0),)),
        ("metric", "mass:g", (("ton tons tonne tonnes", 1e6),)),
        ("short", "mass:g", (("ton tons", 907184.74),)),
        ("long", "mass:g", (("ton tons", 1016046.9088),)),
        ("square", "area:m2", (("mm millimetre millimetres millimeter millimeters", 1e-6),
                               ("cm centimetre centimetres centimeter centimeters", 1e-4),
                               ("m metre metres meter meters", 1.0),
                               ("km kilometre kilometres kilometer kilometers", 1e6),
                               ("inch inches", 0.00064516), ("foot feet ft", 0.09290304),
                               ("yard yards", 0.83612736), ("mile miles", 2589988.110336))),
        ("cubic", "volume:l", (("cm centimetre centimetres centimeter centimeters", 0.001),
                               ("m metre metres meter meters", 1000.0),
                               ("inch inches", 0.016387064), ("foot feet ft", 28.316846592))),
    )
    for words, factor in units
    for unit in words.split()
}  # fmt: skip
# Units of time a rate is stated per ("80 km/h", "15 mg per kilogram" is per a unit of the table).
_PER_TIME = {
    unit: ("time:h", factor)
    for words, factor in (("s sec second seconds", 1 / 3600), ("min minute minutes", 1 / 60),
                          ("h hr hour hours", 1.0), ("day days", 24.0))
    for unit in words.split()
}  # fmt: skip
_MEASURE_WORD = re.compile(r"\s*(?:-\s*)?(°\s*[cf]\b|[a-z]+)", re.IGNORECASE)
_NEXT_WORD = re.compile(r"[\s-]+([a-z]+)", re.IGNORECASE)
_PER = re.compile(r"\s*(?:/|per\s+|an?\s+(?=(?:hour|day|minute|second)\b))([a-z]+)", re.IGNORECASE)


def _table_unit(after: str, match: re.Match[str]) -> tuple[str, float, str, int] | None:
    """(base, factor, unit as written, where it ends) of a unit of the tables right at the start
    of ``after`` (its first word ``match``): two words first ("nautical miles", "square metres"),
    then one; a unit of the table after a word that is neither ("5 extra kilograms") is that
    unit."""
    first = re.sub(r"\s+", "", match.group(1).lower())
    following = _NEXT_WORD.match(after, match.end())
    if following is not None:
        pair = f"{first} {following.group(1).lower()}"
        if pair in _COMPOUND_MEASURES:
            return (*_COMPOUND_MEASURES[pair], pair, following.end())
    if first in _MEASURES:
        return (*_MEASURES[first], first, match.end())
    if following is not None and first not in STOPWORDS:
        second = following.group(1).lower()
        if second in _MEASURES:
            return (*_MEASURES[second], second, following.end())
    return None


def measure_of(after: str) -> tuple[str, float, str] | None:
    """(base, factor to the base, unit as written) of the unit of measure right after a bare
    number ("7 kg", "63°C", "5 nautical miles", "80 km/h", "12 characters"), or None: a unit
    from the tables, per a unit of time or of the tables if one follows ("per hour", "/h", "per
    kilogram": a rate, its own base), else the noun counted ("characters"), which is its own
    base. A stop word after the number ("3 of the ...") measures nothing."""
    match = _MEASURE_WORD.match(after)
    if match is None:
        return None
    found = _table_unit(after, match)  # "degrees Celsius" too: a unit of the table after a word
    if found is not None:
        base, factor, unit, end = found
        per = _PER.match(after, end)
        if per is not None:
            word = per.group(1).lower()
            denominator = _PER_TIME.get(word) or _MEASURES.get(word)
            if denominator is not None:
                return (f"{base}/{denominator[0]}", factor / denominator[1], f"{unit}/{word}")
        return (base, factor, unit)
    unit = match.group(1).lower()  # a degree sign's unit is in the table: only letters are left
    if unit in STOPWORDS or len(unit) < 3:
        return None
    return (f"count:{stem(unit)}", 1.0, unit)


# A quantity stated with a comparator in the value's sentence bounds the case the value is for:
# "within 5 miles of the coast, every 60 days" and "more than five miles from the coast, every
# 120 days" are two branches of one rule; "exceeding 100 square metres" and "larger than 100
# square metres" are one. Two directions only: "more than 20 kg" and "20 kg or more" differ by
# one point, which no source that words a rule differently keeps apart.
BELOW, ABOVE = "below", "above"
_BOUND_BEFORE = re.compile(
    r"\b(?:(?P<below>within|up to|at most|(?:no|not) more than|under|below|(?:less|fewer|smaller"
    r"|lower|shorter|lighter|younger|narrower) than)|(?P<above>at least|(?:no|not) less than|over"
    r"|above|beyond|exceed(?:s|ing)?|more than|\w+er than))\s+(?:(?:a|an|the)\s+)?$",
    re.IGNORECASE,
)
_BOUND_AFTER = re.compile(
    r"^(?:[\s-]*[\w\u00b0]+){0,3}?\s+(?:or|and)\s+(?:(?P<above>more|over|above|greater|larger"
    r"|higher|older)|(?P<below>less|fewer|under|below|smaller|lower|younger))\b",
    re.IGNORECASE,
)


def bound_of(before: str, after: str) -> tuple[str, str] | None:
    """(direction, the comparator's words) of a quantity with ``before`` right in front of it and
    ``after`` right behind it, when a comparator bounds it ("within", "more than", "heavier
    than", "... or more"), else None."""
    for match in (_BOUND_BEFORE.search(before), _BOUND_AFTER.match(after)):
        if match is not None:
            direction = BELOW if match.group("below") else ABOVE
            return direction, match.group(0)
    return None


def condition_words(text: str) -> frozenset[str]:
    """The words of ``text`` as a condition's words are read (``condition_of``)."""
    return frozenset(_words(text))


def condition_of(window: str) -> tuple[bool, frozenset[str]]:
    """(whether the value sits in a stated exception, the words of its condition if any)."""
    if _EXCEPTION.search(window):
        return True, frozenset(_words(window))
    words: set[str] = set()
    for match in _CONDITION.finditer(window):
        words |= _words(match.group(1))
    return False, frozenset(words)


# Words that make a value a description of practice, not a rule: "usually" anywhere in front of
# it in its sentence, "about 14 days" right in front of it ("notify the tenant about the deposit
# within 30 days" is no estimate).
_TYPICAL = re.compile(
    r"\b(?:usually|typically|normally|on average|in practice)\b"
    r"|\b(?:about|around|approximately|roughly)\s*[$\u00a3\u20ac]?$",
    re.IGNORECASE,
)


def typical_of(sentence_before: str) -> bool:
    """Whether the words of the value's sentence in front of it hedge it as typical."""
    return _TYPICAL.search(sentence_before) is not None


def anchor_of(after: str) -> frozenset[str]:
    """The content words of the event a duration is counted from ("before the intended entry":
    intend, entry), or none when no "before"/"after" follows it."""
    match = _ANCHOR.search(after)
    if match is None:
        return frozenset()
    return frozenset(w for w in _words(match.group(1)) if w not in STOPWORDS)


# A question that asks how long remains ("How long do I have before ...?", "How soon ...?"):
# the frame reads its role as a deadline (citenexus.domain.question).
ASKS_DEADLINE = re.compile(
    r"\bhow (?:long|many \w+) (?:do|does|did|will|would) \w+(?: \w+)? (?:have|get) (?:to|before|until)\b"
    r"|\bhow soon\b"
    r"|\bwithin how\b|\bdeadline\b",
    re.IGNORECASE,
)
_QUESTION_ANCHOR = re.compile(
    r"\b(?:after|following|before|prior to|preceding)\s+"
    r"(?:(?:the|a|an|its|their|my|your|our)\s+)?((?:[\w-]+\s*){1,3})",
    re.IGNORECASE,
)
_ASKING_END = re.compile(r"(?<=[.!])\s+")
_ENDS = ("before", "prior", "preceding")


def _question_anchor_uncached(question: str) -> frozenset[str]:
    """The content words of the event the question counts its asked period from ("How soon must
    the inspector send the report after the first visit?": first, visit), read in its asking
    sentence (the last one): the event behind "after", "following", "before", "prior to" or
    "preceding"; none when it names none. A period asked "before" an event in a question that
    asks how long remains (``ASKS_DEADLINE``) may end at it: "How long do I have before the
    permit is no good?" is answered by when the permit becomes invalid, so that event is none."""
    asking = _ASKING_END.split(question.strip())[-1]
    match = _QUESTION_ANCHOR.search(asking)
    if match is None or (ASKS_DEADLINE.search(asking) and match.group().lower().startswith(_ENDS)):
        return frozenset()
    return frozenset(w for w in _words(match.group(1)) if w not in STOPWORDS)


# Cached per vocabulary (``stem`` reads its synonyms): the conflict readings ask for it once per
# sentence they read of one question. Mutation testing mutates _question_anchor_uncached
# (mutmut leaves decorated functions alone).
question_anchor = cached_per_vocabulary(maxsize=2048)(_question_anchor_uncached)


def range_of(window: str) -> tuple[float, float] | None:
    """The two ends of a range the value's words state ("between 10 and 20 days")."""
    match = _RANGE.search(window)
    if match is None:
        return None
    low, high = (_end_value(g) for g in match.groups() if g is not None)
    return (min(low, high), max(low, high))


def _end_value(end: str) -> float:
    word = end.lower()
    return float(_NUMBER_WORD[word]) if word in _NUMBER_WORD else float(end.replace(",", ""))


@dataclass(frozen=True)
class Reading:
    """One stated value and what its own words say it is of."""

    value: str  # the label compared and shown ("30 days", "$25", "yes")
    base: str  # what ``magnitude`` counts: "days", "hours", "$", "%", "date", "polarity"
    magnitude: float
    matter: frozenset[str]  # the question's words the value's context names
    role: str | None = None
    qualifiers: frozenset[str] = frozenset()
    subject: frozenset[str] = frozenset()
    exception: bool = False
    condition: frozenset[str] = frozenset()
    span: tuple[float, float] | None = None  # a stated range, in the units of the raw number
    raw: float = 0.0  # the number as written (for ranges)
    anchor: frozenset[str] = frozenset()  # the event a lead time or deadline is counted from
    typical: bool = False  # a value said of what happens in practice ("usually about 14 days")
    holder: frozenset[str] = frozenset()  # whom or what the value's sentence states it for
    holder_own: frozenset[str] = frozenset()  # of those, the words the question does not name
    words: frozenset[str] = frozenset()  # the content words of the value's sentence
    rate: str = ""  # the unit of time an amount is charged per ("day" for "$25 per day")
    case: frozenset[str] = frozenset()  # the opening case its sentence states, unasked words
    # The quantities its sentence bounds its case by: (base, direction, magnitude in the base).
    bounds: frozenset[tuple[str, str, float]] = frozenset()
    actor: str = ""  # the head word of its sentence's subject, stemmed ("reminder"), if named


# The period an adjective in front of an amount charges it per: "the daily limit is £500" is
# "£500 a day".
_PERIOD_ADJECTIVES = {
    stem("daily"): "day",
    stem("weekly"): "week",
    stem("monthly"): "month",
    stem("annual"): "year",
    stem("yearly"): "year",
}


def _same_rate(a: Reading, b: Reading) -> bool:
    """Whether two amounts are charged per the same unit of time: the same rate after the value
    ("a day"), or none after one of them whose own words name that rate's period in front of it
    ("the daily limit is £500" / "up to £300 a day")."""
    if a.rate == b.rate:
        return True
    if a.rate and b.rate:
        return False
    bare, rated = (a, b) if not a.rate else (b, a)
    return any(_PERIOD_ADJECTIVES.get(w) == rated.rate for w in bare.qualifiers)


def _contrasting(a: frozenset[str], b: frozenset[str]) -> bool:
    years_a = {w for w in a if w.startswith("year:")}
    years_b = {w for w in b if w.startswith("year:")}
    if years_a and years_b and not years_a & years_b:
        return True
    for cls in _CONTRAST_CLASSES:
        x, y = a & cls, b & cls
        if x and y and not x & y:
            return True
    return False


def _held_apart(a: Reading, b: Reading) -> bool:
    """Whether the two values are stated for different holders of one kind: the sentences open
    with phrases sharing a word ("items", "employees") and each names one of its own that the
    question does not ("bought in our stores" / "ordered online"; "full-time" / "part-time")."""
    return bool(a.holder & b.holder and a.holder_own - b.holder and b.holder_own - a.holder)


def same_value(a: Reading, b: Reading) -> bool:
    """The same value, maybe written in other units (6 months = 180 days)."""
    if a.base != b.base:
        return False
    if a.value == b.value:
        return True
    if a.magnitude == b.magnitude:
        return a.base != LABEL
    if a.base != "days":  # only a month counted in days is approximate
        return False
    top = max(abs(a.magnitude), abs(b.magnitude))
    return top > 0 and abs(a.magnitude - b.magnitude) / top <= _EQUAL_TOLERANCE


def _inside(point: Reading, ranged: Reading) -> bool:
    return ranged.span is not None and ranged.span[0] <= point.raw <= ranged.span[1]


_DURATIONS = frozenset({"days", "business_days", "hours"})


def _unit_swap(a: Reading, b: Reading) -> bool:
    """The same number of two different units of time ("30 days" / "30 working days", "12 days"
    / "12 hours"): one of the two sources has the unit wrong. A number not recorded (0) is no
    number."""
    return a.base != b.base and {a.base, b.base} <= _DURATIONS and a.raw == b.raw > 0


def _one_matter(a: Reading, b: Reading) -> bool:
    """Whether two values are about one matter: the one naming fewer of the question's words
    shares at least half of its own with the other, or (a rule and a lay summary naming the
    question in other words) they share one of its words and their sentences share
    ``_SHARED_SENTENCE_WORDS`` content words ("written notice before any increase in the annual
    percentage rate takes effect" / "notice of an APR increase ... before the new rate takes
    effect")."""
    shared = a.matter & b.matter
    if len(shared) >= _SAME_MATTER * min(len(a.matter), len(b.matter)):
        return True
    return bool(shared) and len(a.words & b.words) >= _SHARED_SENTENCE_WORDS


# What opens a sentence before its subject: a label, and a clause of case or time ("If ..., ",
# "Within 30 days of ..., "); what ends the subject: the first finite or modal verb; and what
# ends its head noun phrase: a preposition or a relative word ("The fine *for* a first ...").
_OPENING = re.compile(
    r"^\W*(?:\(\w{1,4}\)\s*)*(?:(?:if|when|where|unless|before|after|once|while|within|for"
    r"|under|upon|except|during|until)\b[^,]{0,200},\s*)?",
    re.IGNORECASE,
)
_FINITE = re.compile(
    r"\b(?:shall|must|may|might|can|cannot|could|will|would|should|is|are|was|were|has|have"
    r"|had|does|do)\b",
    re.IGNORECASE,
)
_HEAD_END = re.compile(
    r"\b(?:of|for|to|in|on|at|by|with|from|that|which|who|whose|under|than)\b", re.IGNORECASE
)
_NO_HEAD = frozenset("you we it they he she i one there each any no every all".split())  # noqa: SIM905
_ACTOR_WORDS = 5  # a longer subject is read as a clause, not a name


def actor_of(sentence_before: str) -> str:
    """The head word of the subject of a value's sentence, stemmed: the last word of what comes
    before its first finite verb (after an opening label or case clause), cut at a preposition
    or relative word ("A first reminder is sent ..." gives "reminder"; "The fine for a first
    violation may not exceed ..." gives "fine"); "" for a pronoun ("You can ..."), an imperative,
    or a subject too long to be a name (generic English)."""
    text = _OPENING.sub("", sentence_before, count=1)
    verb = _FINITE.search(text)
    if verb is None:
        return ""
    phrase = text[: verb.start()]
    cut = _HEAD_END.search(phrase)
    if cut is not None:
        phrase = phrase[: cut.start()]
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", phrase)
    if not words or len(words) > _ACTOR_WORDS:
        return ""
    head = words[-1].lower()
    if head in _NO_HEAD or head in STOPWORDS or len(head) < 3:
        return ""
    return stem(head)


def _about_other_things(a: Reading, b: Reading) -> bool:
    """Whether each value's sentence is about a thing of its own: both name their subject, the
    two differ, neither sentence names the other's, and the sentences share fewer than
    ``_SHARED_SENTENCE_WORDS`` content words ("A first *reminder* is sent 10 days after ..." /
    "The first *payment* must be made within 30 days ..."); two sentences that say the rest
    alike name one thing by two words ("A *controller* shall respond to a consumer's request
    within 45 days" / "A *business* must respond to a consumer's request within 30 days")."""
    if not (a.actor and b.actor) or a.actor == b.actor:
        return False
    if a.actor in b.words or b.actor in a.words:
        return False
    return len(a.words & b.words) < _SHARED_SENTENCE_WORDS


def disagree(a: Reading, b: Reading) -> bool:
    """Whether two readings answer the same matter with values that cannot both hold."""
    if a.base != b.base and not _unit_swap(a, b):
        return False
    if not _one_matter(a, b):
        return False  # the other names at least half of what the one naming less names
    if _about_other_things(a, b):
        return False
    if a.role and b.role and a.role != b.role:
        return False
    if _contrasting(a.qualifiers, b.qualifiers) or not _same_rate(a, b):
        return False
    if a.subject and b.subject and not a.subject & b.subject:
        return False
    if _held_apart(a, b):
        return False
    if a.case and b.case and not a.case & b.case:
        return False  # each opens with a case of its own ("By mouth," / "By injection,")
    if min(len(a.anchor), len(b.anchor)) >= _ANCHOR_WORDS and not a.anchor & b.anchor:
        return False  # counted from different events, each named by its own words
    if a.typical != b.typical:
        return False  # what is usual in practice does not contradict what a rule requires
    if a.exception != b.exception or a.condition != b.condition or a.bounds != b.bounds:
        return False  # a rule's branch or exception against another branch or the plain rule
    if _inside(a, b) or _inside(b, a):
        return False
    return not same_value(a, b)


def days_of(kind_base: str, value: float) -> tuple[str, float]:
    """Durations in days (a month is a twelfth of a year), others as they are."""
    if kind_base == "months":
        return "days", value * _DAYS_PER_MONTH
    return kind_base, value


# --- polarity: a yes/no matter affirmed by one source and denied by another ---------------------

_NEGATORS = frozenset(
    {"not", "no", "never", "cannot", "can't", "nothing", "neither", "nor", "none", "non"}
)
_OPPOSITES = (
    ("approved approve approves accepted accept granted grant allowed allow permitted permit "
     "lawful legal valid eligible mandatory required compulsory obligatory included include "
     "need needs needed necessary",
     "rejected reject rejects refused refuse denied deny prohibited prohibit forbidden forbid "
     "unlawful illegal invalid ineligible optional voluntary excluded exclude unnecessary"),
)  # fmt: skip
_POSITIVE = frozenset(stem(w) for pos, _ in _OPPOSITES for w in pos.split())
_NEGATIVE = frozenset(stem(w) for _, neg in _OPPOSITES for w in neg.split())
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")
_SAME_MATTER = 0.5
_SHARED_SENTENCE_WORDS = 3


# Clauses, each with the mark that ends it: a question a source asks ("Do I need a permit? No,
# ...") states nothing, and a clause's opening "yes," or "no," answers the question before it
# rather than negating the clause ("No, a permit is not required" says no once).
_CLAUSE = re.compile(r"[^.;!?:]+(?:[.;!?:]+|$)")
_ANSWER_PARTICLE = re.compile(r"^\s*(?:yes|no)\b\s*[,;:-]", re.IGNORECASE)


def polarity_reading(text: str, question_words: frozenset[str]) -> Reading | None:
    """A claim's yes or no on its matter, or None when it shares no word with the question.

    Read on the clause that names most of the question's words ("You don't need the landlord's
    permission to sublet a room; a tenant need not obtain consent for this" says no once, not
    twice), and its matter is the question's words that clause names: what else each source
    says around it is not a second matter."""
    best: tuple[frozenset[str], list[str]] = (frozenset(), [])
    for clause in _CLAUSE.findall(text.lower().replace("n't", " not")):
        if clause.endswith("?"):  # a clause ends at its mark
            continue
        tokens = _TOKEN.findall(_ANSWER_PARTICLE.sub("", clause))
        # The question's words (``focus_of`` leaves out its stop words) this clause names; a yes
        # or no word is the answer, not the matter.
        named = frozenset(stem(t) for t in tokens if t not in _NEGATORS) & question_words
        named -= _POSITIVE | _NEGATIVE
        if len(named) > len(best[0]):
            best = (named, tokens)
    matter, tokens = best
    if not matter:
        return None
    negations = sum(1 for t in tokens if t in _NEGATORS)
    negative = sum(1 for t in tokens if stem(t) in _NEGATIVE)
    yes = (negations + negative) % 2 == 0
    return Reading(
        "yes" if yes else "no",
        "polarity",
        1.0 if yes else 0.0,
        matter,
        qualifiers=qualifiers_of(text),
        subject=subject_of(text),
        exception=_EXCEPTION.search(text) is not None,
    )


def _elsewhere(a: Reading, b: Reading) -> bool:
    """Whether ``b`` says its yes or no of something else: ``a`` names a word of the question
    that ``b`` leaves out, and ``b`` names what its rule is for, in none of the question's words
    ("may charge a *cleaning* fee" / "may not charge a fee *for using the car park*")."""
    return bool(a.matter - b.matter) and bool(b.subject) and not b.subject & b.matter


def polarity_disagree(a: Reading, b: Reading) -> bool:
    """The same matter (most of the question's words each names, the other names too, and not
    each one the other leaves out, nor one a thing of its own: ``_elsewhere``), opposite
    answers, nothing telling apart: not a rule against its stated exception ("does not apply to
    goods made to the consumer's specifications")."""
    if a.magnitude == b.magnitude or not a.matter or not b.matter:
        return False
    shared = len(a.matter & b.matter) / len(a.matter | b.matter)
    if shared < _SAME_MATTER or a.exception != b.exception:
        return False
    if a.matter - b.matter and b.matter - a.matter:
        return False  # each names something the other does not: two matters
    if _elsewhere(a, b) or _elsewhere(b, a):
        return False
    if _contrasting(a.qualifiers, b.qualifiers):
        return False
    return not (a.subject and b.subject and not a.subject & b.subject)

"""Quantities in legal text: days, dates, amounts, percentages and plain numbers, normalised.

"thirty (30) days" = "30 days" = "thirty days"; "two weeks" = 14 days; "one year" = 12 months;
"$1,500" = "1,500 dollars"; "5%" = "five percent"; "January 5, 2024" = "2024-01-05". Amounts keep
their currency ("£35", "EUR 500", "40 euros"; dollars unless another is written), and amounts in
two currencies are never the same value. Business
(court, working) days are their own kind, never converted to calendar days, and months are never
converted to days: neither conversion is exact.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, count
from operator import or_

from citenexus.text.numbers import NUMBER_WORDS, parse_number_words
from citenexus.text.sentences import sentence_spans
from citenexus.text.stopwords import STOPWORDS

DAYS, BUSINESS_DAYS, MONTHS, HOURS = "days", "business_days", "months", "hours"
DATE, AMOUNT, PERCENT, NUMBER = "date", "amount", "percent", "number"
KINDS = (DAYS, BUSINESS_DAYS, MONTHS, HOURS, DATE, AMOUNT, PERCENT, NUMBER)

_MONTHS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DATE_PATTERNS = (
    (re.compile(_MONTH + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.I), "mdy"),
    (
        re.compile(
            r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?" + _MONTH + r",?\s+(\d{4})\b", re.I
        ),
        "dmy",
    ),
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), "iso"),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), "us"),
)
_TOKEN = re.compile(
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|[A-Za-z]+|[$%()'\u2019-]|[^\sA-Za-z\d]"
)
_LEADING_DIGIT = re.compile(r"\d")
# Adverbs of multiplication say a number on their own: "twice the amount" = "two times the amount".
# ("once" is also "as soon as", and a count of one is no quantity here.)
_MULTIPLES = {"twice": 2, "thrice": 3}
MULTIPLES = frozenset(_MULTIPLES)  # the adverbs that say a number of times on their own
# An ordinal day counted from an event is a period of that many days: "no later than the 30th
# day after the tenant leaves" gives 30 days, as "within 30 days after" does. Only a day counted
# from something ("after", "following", "before", "from"): "the 1st day of each month" is a
# date in every month, no period.
_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
}
_COUNTED_FROM = frozenset({"after", "following", "before", "from"})
_NUMBER_WORDS = (NUMBER_WORDS | _MULTIPLES.keys() | _ORDINALS.keys()).__contains__
_CONTEXT_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_DIGITS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_CONTEXT_WORDS = 8

_DAY_QUALIFIERS = {"calendar": DAYS, "business": BUSINESS_DAYS}
_DAY_QUALIFIERS |= {"working": BUSINESS_DAYS, "court": BUSINESS_DAYS, "judicial": BUSINESS_DAYS}
_DAY_QUALIFIERS |= {"school": BUSINESS_DAYS}  # days a school is in session, not calendar days
# Words that say how a period is counted without changing its unit: "72 consecutive hours",
# "six full months", "five clear days", "two successive years" ("calendar" is a day's only:
# "5 calendar months" has no exact length and stays a bare number).
_NEUTRAL_QUALIFIERS = frozenset({"consecutive", "full", "clear", "successive"})
# Words in front of a period that say how it is counted, not which periods are meant: "each
# calendar month" is every month.
COUNTING_WORDS = _NEUTRAL_QUALIFIERS | {"calendar"}
_UNITS: dict[str, tuple[str, float]] = {
    "day": (DAYS, 1),
    "days": (DAYS, 1),
    "week": (DAYS, 7),
    "weeks": (DAYS, 7),
    "fortnight": (DAYS, 14),
    "month": (MONTHS, 1),
    "months": (MONTHS, 1),
    "year": (MONTHS, 12),
    "years": (MONTHS, 12),
    "hour": (HOURS, 1),
    "hours": (HOURS, 1),
    "minute": (HOURS, 1 / 60),
    "minutes": (HOURS, 1 / 60),
    "percent": (PERCENT, 1),
    "percentage": (PERCENT, 1),
    "%": (PERCENT, 1),
}
# The currency a code or symbol in front of a number, or a word after it, names; "" is the
# dollar, which every amount was before currencies were read ("pounds" is also a weight: not read).
_CURRENCY_CODES = {"usd": "", "eur": "\u20ac", "gbp": "\u00a3"}
_CURRENCY_BEFORE = _CURRENCY_CODES | {"$": "", "\u00a3": "\u00a3", "\u20ac": "\u20ac"}
_CURRENCY_AFTER = _CURRENCY_CODES | {
    "dollar": "",
    "dollars": "",
    "euro": "\u20ac",
    "euros": "\u20ac",
}
_UNITS |= {word: (AMOUNT, 1) for word in _CURRENCY_AFTER}


# A month as days, where a period is compared in months (an approximation: months are never
# converted to days where values are compared for equality).
DAYS_PER_MONTH = 30.4
_DAYS_PER = {DAYS: 1.0, HOURS: 24.0}


def in_months(quantity: Quantity) -> float | None:
    """A period's length in months (a day is 1/30.4 of one), or None for a value of another
    kind (business days included: their calendar length is unknown)."""
    if quantity.kind == MONTHS:
        return quantity.value
    per = _DAYS_PER.get(quantity.kind)
    return None if per is None else quantity.value / per / DAYS_PER_MONTH


@dataclass(frozen=True)
class Quantity:
    """One value a text asserts: its kind, its normalised value and where it is.

    ``value`` is days for durations, months for months and years, the proleptic ordinal
    (``date.toordinal()``) for dates, units of currency for amounts, and the number itself for
    percentages and plain numbers. ``context`` is the text in front of the value back to the
    previous value or the start of its sentence (its last few content words): what the value is
    *of*.
    """

    kind: str
    value: float
    start: int
    end: int
    context: str = ""
    currency: str = ""  # an amount's currency symbol; "" is the dollar

    @property
    def label(self) -> str:
        """The value written the way a reviewer reads it ("21 days", "2024-01-05", "$1,500")."""
        if self.kind == DATE:
            return dt.date.fromordinal(int(self.value)).isoformat()
        number = f"{self.value:,.2f}".rstrip("0").rstrip(".")
        if self.kind == AMOUNT:
            return f"{self.currency or '$'}{number}"
        if self.kind == PERCENT:
            return f"{number}%"
        if self.kind == NUMBER:
            return number
        return f"{number} {self.kind.replace('_', ' ')}"

    def same_value(self, other: Quantity) -> bool:
        return (
            self.kind == other.kind
            and self.currency == other.currency
            and math.isclose(self.value, other.value)
        )


def extract_quantities(text: str) -> list[Quantity]:
    """Every quantity ``text`` asserts, in order, normalised (see the module docstring).

    Dates are found first; the remaining numbers (digits or words) take the kind of the unit
    after them ("days", "weeks", "percent", "dollars") or of a "$" before them; a bare number
    is kind ``number`` (a bare number word is only taken from "two" up, since "one" is mostly a
    pronoun).
    """
    return list(_extract(text))


def _extract_uncached(text: str) -> tuple[Quantity, ...]:
    found = _dates(text)
    taken = [(q.start, q.end) for q in found]
    # The tokens' match objects and lower-cased words, built in C (a unit has hundreds of words
    # and a handful of numbers). Lower-casing ASCII text keeps every offset and every match.
    matches = list(_TOKEN.finditer(text))
    words = _TOKEN.findall(text.lower()) if text.isascii() else [m.group().lower() for m in matches]
    if taken:  # most texts state no date: skip the per-token test then
        kept = [k for k, m in enumerate(matches) if not any(s <= m.start() < e for s, e in taken)]
        matches, words = [matches[k] for k in kept], [words[k] for k in kept]
    found.extend(_numbers(words, matches))
    found.sort(key=lambda q: q.start)
    return tuple(_with_context(text, found))


# Cached; mutation testing mutates _extract_uncached (mutmut leaves decorated functions alone).
_extract = lru_cache(maxsize=4096)(_extract_uncached)


def _number_literals_uncached(text: str) -> frozenset[float]:
    """Every number written in ``text`` (digits, words, and the values of its quantities).

    A claim's bare number is supported by the same number anywhere in the passage, whatever
    it counts: a fragment cut before "days" still says 21. Cached: the numeric judge reads the
    same aligned sentences of a unit for every claim that aligns there.
    """
    values = {float(m.group().replace(",", "")) for m in _DIGITS.finditer(text)}
    values.update(q.value for q in _extract(text) if q.kind != DATE)
    return frozenset(values)


# Cached; mutation testing mutates _number_literals_uncached (mutmut leaves decorated functions alone).
number_literals = lru_cache(maxsize=4096)(_number_literals_uncached)


def _amounts_stated_uncached(text: str) -> frozenset[tuple[str, float, str]]:
    """The sums of money and the shares ``text`` states, each as (kind, value, currency): "more
    than $125" gives ("amount", 125.0, ""), "by 12 percent" ("percent", 12.0, "")."""
    return frozenset(
        (q.kind, q.value, q.currency) for q in _extract(text) if q.kind in (AMOUNT, PERCENT)
    )


# Cached: retrieval reads the same unit texts on every ask of a lane. Mutation testing mutates
# _amounts_stated_uncached (mutmut leaves decorated functions alone).
amounts_stated = lru_cache(maxsize=16384)(_amounts_stated_uncached)


_YEAR = re.compile(r"\d{4}")


def _dates(text: str) -> list[Quantity]:
    found: list[Quantity] = []
    if not _YEAR.search(text):  # every date pattern has a four-digit year
        return found
    for pattern, order in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(q.start <= m.start() < q.end for q in found):
                continue
            day = _date_of(m.groups(), order)
            if day is not None:
                found.append(Quantity(DATE, float(day.toordinal()), m.start(), m.end()))
    return found


def _date_of(groups: tuple[str | None, ...], order: str) -> dt.date | None:
    parts = [str(g) for g in groups]  # every group of every pattern takes part in its match
    try:
        if order == "mdy":
            return dt.date(int(parts[2]), _MONTHS[parts[0][:3].lower()], int(parts[1]))
        if order == "dmy":
            return dt.date(int(parts[2]), _MONTHS[parts[1][:3].lower()], int(parts[0]))
        if order == "iso":
            return dt.date(int(parts[0]), int(parts[1]), int(parts[2]))
        return dt.date(int(parts[2]), int(parts[0]), int(parts[1]))
    except ValueError:
        return None


def _numbers(words: list[str], matches: list[re.Match[str]]) -> list[Quantity]:
    """The quantities the tokens state: ``words`` lower-cased, ``matches`` where they stand."""
    found: list[Quantity] = []
    # Only a digit or a number word can start a quantity: visit those tokens alone, skipping any
    # a quantity already consumed (a unit's text has hundreds of words and a handful of numbers).
    # A digit is a decimal digit, as the tokeniser's \d reads it: "²" is a digit to isdigit()
    # and no number to float(). The test runs in C: ``map`` over compiled and set lookups.
    starts = compress(
        count(),
        map(or_, map(bool, map(_LEADING_DIGIT.match, words)), map(_NUMBER_WORDS, words)),
    )
    consumed = 0
    for i in starts:
        if i < consumed:
            continue
        parsed = _number_at(words, i)
        ordinal = _ordinal_day(words, i, parsed)
        if ordinal is not None:
            kind, days, consumed = ordinal
            found.append(Quantity(kind, days, matches[i].start(), matches[consumed - 1].end()))
            continue
        if parsed is None:
            continue
        value, j, spelled = parsed
        symbol = words[i - 1] if i > 0 and words[i - 1] in _CURRENCY_BEFORE else None
        j, value = _scale(words, j, value)
        if i > 0 and words[i - 1] == "(" and j < len(words) and words[j] == ")":
            j += 1  # "(21) days": a number repeated in brackets keeps its unit
        kind, factor, j, currency = _unit_after(words, j)
        start = matches[i - 1].start() if symbol is not None else matches[i].start()
        if symbol is not None:
            kind, factor, currency = AMOUNT, 1, _CURRENCY_BEFORE[symbol]
        consumed = j
        if kind == NUMBER and spelled and value < 2:
            continue
        end = matches[j - 1].end()
        found.append(Quantity(kind, value * factor, start, end, currency=currency))
    return found


def _ordinal_day(
    words: list[str], i: int, parsed: tuple[float, int, bool] | None
) -> tuple[str, float, int] | None:
    """``(kind, days, end)`` when ``words[i:]`` is an ordinal day counted from an event ("30th
    day after", "thirtieth business day following", "twenty-first day before"), else None;
    ``parsed`` is the number read at ``i`` (:func:`_number_at`)."""
    if words[i] in _ORDINALS:
        value, j = float(_ORDINALS[words[i]]), i + 1
    elif parsed is None:
        return None
    else:
        value, j, spelled = parsed
        if not spelled and j < len(words) and words[j] in _ORDINAL_SUFFIXES:
            j += 1
        elif spelled and j + 1 < len(words) and words[j] == "-" and words[j + 1] in _ORDINALS:
            value, j = value + _ORDINALS[words[j + 1]], j + 2  # "twenty-first"
        else:
            return None
    kind = DAYS
    if j < len(words) and words[j] in _DAY_QUALIFIERS:
        kind, j = _DAY_QUALIFIERS[words[j]], j + 1
    if j + 1 < len(words) and words[j] == "day" and words[j + 1] in _COUNTED_FROM:
        return kind, value, j + 1
    return None


def _number_at(words: list[str], i: int) -> tuple[float, int, bool] | None:
    word = words[i]
    if word[0].isdecimal():
        value, j, spelled = float(word.replace(",", "")), i + 1, False
    elif word in _MULTIPLES:
        return float(_MULTIPLES[word]), i + 1, True
    elif word in NUMBER_WORDS:
        parsed = parse_number_words(words, i)
        if parsed is None:
            return None
        value, j, spelled = float(parsed[0]), parsed[1], True
    else:
        return None
    # "thirty (30) days": the digits repeat the words.
    if j + 2 < len(words) and words[j] == "(" and words[j + 2] == ")":
        inner = words[j + 1]
        if inner[0].isdecimal() and math.isclose(float(inner.replace(",", "")), value):
            j, spelled = j + 3, False
    return value, j, spelled


def _scale(words: list[str], j: int, value: float) -> tuple[int, float]:
    if j < len(words) and words[j] in ("thousand", "million", "billion"):
        factor = {"thousand": 1e3, "million": 1e6, "billion": 1e9}[words[j]]
        return j + 1, value * factor
    return j, value


def _unit_after(words: list[str], j: int) -> tuple[str, float, int, str]:
    """The kind and factor of the unit at ``words[j:]``, the index after it, and the currency a
    currency word names ("a 5-euro fee")."""
    k = j + 1 if j < len(words) and words[j] == "-" else j
    qualifier = None
    neutral = k < len(words) and words[k] in _NEUTRAL_QUALIFIERS
    if neutral:
        k += 1
    elif k < len(words) and words[k] in _DAY_QUALIFIERS:
        qualifier = _DAY_QUALIFIERS[words[k]]
        k += 1
    if k + 1 < len(words) and words[k] == "per" and words[k + 1] == "cent":
        return PERCENT, 1, k + 2, ""
    if k < len(words) and words[k] in _UNITS:
        kind, factor = _UNITS[words[k]]
        if neutral and kind not in (DAYS, MONTHS, HOURS):
            return NUMBER, 1, j, ""  # "3 full dollars" is no period
        if qualifier is not None:
            if kind != DAYS or factor != 1:
                return NUMBER, 1, j, ""
            kind = qualifier
        currency = _CURRENCY_AFTER.get(words[k], "")
        k += 1
        # possessive "days'" / "month's"
        if k < len(words) and words[k] in ("'", "\u2019"):
            k += 2 if k + 1 < len(words) and words[k + 1] == "s" else 1
        return kind, factor, k, currency
    return NUMBER, 1, j, ""


def _with_context(text: str, found: list[Quantity]) -> list[Quantity]:
    if not found:
        return []
    starts = [s for s, _ in sentence_spans(text)]  # in text order
    out: list[Quantity] = []
    previous_end = 0
    for q in found:
        # The start of the last sentence starting at or before the value (0 if none does).
        at = bisect_right(starts, q.start)
        start = starts[at - 1] if at else 0
        begin = max(start, previous_end)
        words = _CONTEXT_WORD.findall(text, begin, q.start)
        content = [w for w in words if w.lower() not in STOPWORDS]
        context = " ".join(content[-_CONTEXT_WORDS:])
        out.append(Quantity(q.kind, q.value, q.start, q.end, context, q.currency))
        previous_end = q.end
    return out

"""Shared text helpers for the judges: number words, stopwords, light stemming, sentences.

Everything here is deterministic and pure, so the judges agree with each other about what a
word, a number and a sentence are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from citenexus.domain.vocabulary import Vocabulary, current

SMALL_NUMBERS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {"thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
NUMBER_WORDS = frozenset(SMALL_NUMBERS) | frozenset(TENS) | {"hundred"} | frozenset(SCALES)

STOPWORDS = frozenset(
    """
    a an the this that these those such said same other another any all each every either both
    some certain of to from by for with within without into onto upon on in at as about
    against between among through during over under above below before after until till than
    then and or nor but if when whenever where wherever while whether which who whom whose
    what is are was were be been being am has have had having do does did done doing it its
    it's he him his she her hers they them their theirs we us our you your i me my there here
    thereof therein thereto thereunder herein hereof hereunder hereby whereby so also only
    very just more most less least much many few fewer not no never none shall must may might
    can could will would should ought per via etc unto
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

# Words whose meaning is a role of the noun that follows (who owes whom).
ROLE_PREPOSITIONS = frozenset({"to", "from", "by", "for", "against"})
# Words skipped when looking for the role preposition in front of a noun.
DETERMINERS = frozenset(
    """
    the a an any each every such said this that these those its his her their our your
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

IRREGULAR = {
    "paid": "pay",
    "gave": "give",
    "given": "give",
    "made": "make",
    "held": "hold",
    "kept": "keep",
    "sent": "send",
    "sold": "sell",
    "bought": "buy",
    "left": "leave",
    "taken": "take",
    "took": "take",
    "written": "writ",
    "wrote": "writ",
    "write": "writ",
    "writing": "writ",
    "done": "do",
    "began": "begin",
    "begun": "begin",
    "owed": "owe",
    "owing": "owe",
    "charged": "charg",
}

_ABBREVIATIONS = frozenset(
    """
    cal civ proc stat sec secs no nos art ch subd para par pp p cl ann rev gen e.g i.e eg ie
    etc inc co corp ltd llc v vs mr mrs ms dr st jr sr u.s us jan feb mar apr jun jul aug sep
    sept oct nov dec ord reg regs fed supp a.m p.m
    """.split()  # noqa: SIM905 (a word list reads best as text)
)
_SENTENCE_END = re.compile(
    r"[.!?;]+[\"')\]]*(?=\s)|\n\s*\n|\n(?=\s*(?:[-*•]|\(?[a-z0-9]{1,3}[.)]\s))"
)
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")


def parse_number_words(words: Sequence[str], start: int) -> tuple[int, int] | None:
    """The number spelled by ``words[start:]`` and the index after it, or None.

    Accepts "twenty-one" (hyphens as separate "-" items), "one hundred and fifty",
    "two thousand five hundred". Stops at the first word that cannot continue the number.
    """
    total, current, j, last = 0, 0, start, ""
    consumed = start
    while j < len(words):
        word = words[j]
        if word == "-" and last == "tens":
            j += 1
            continue
        if word == "and" and last in ("hundred", "scale"):
            j += 1
            continue
        if word in SMALL_NUMBERS:
            if last in ("small", "teen"):
                break
            value = SMALL_NUMBERS[word]
            if last == "tens" and value >= 10:
                break
            current += value
            last = "teen" if value >= 10 else "small"
        elif word in TENS:
            if last in ("small", "teen", "tens"):
                break
            current += TENS[word]
            last = "tens"
        elif word == "hundred":
            if current == 0 or current >= 100 or last not in ("small", "teen", "tens"):
                break
            current *= 100
            last = "hundred"
        elif word in SCALES:
            if current == 0 or last == "scale":
                break
            total += current * SCALES[word]
            current = 0
            last = "scale"
        else:
            break
        j += 1
        consumed = j
    if consumed == start:
        return None
    return total + current, consumed


def stem(word: str) -> str:
    """A word's stem (see ``plain_stem``), then the lane vocabulary's synonym for it, if any:
    with "owner" → "landlord" in the active vocabulary, "owners" stems as "landlord" does."""
    vocabulary = current()
    plain = plain_stem(word)
    if not vocabulary.synonyms:
        return plain
    return vocabulary.memo("synonym_stems", _synonym_stems).get(plain, plain)


def _synonym_stems(vocabulary: Vocabulary) -> Mapping[str, str]:
    return {
        plain_stem(lay): plain_stem(term)
        for lay, term in vocabulary.synonyms
        if " " not in lay and " " not in term
    }


@lru_cache(maxsize=65536)
def plain_stem(word: str) -> str:
    """A light, deterministic stem: lower case, plurals and -ed/-ing folded.

    The rule: two inflections of one word stem alike ("vacates", "vacated", "vacating"); it
    does not try to join derivations ("require" / "requirement").
    """
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.rstrip("'")
    if w in IRREGULAR:
        return IRREGULAR[w]
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith(("sses", "shes", "ches", "xes", "zes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
        if w.endswith("i"):
            w = w[:-1] + "y"
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


_LONE_CONJUNCTIONS = frozenset({"and", "or", "and/or", "but", "then"})


@lru_cache(maxsize=4096)
def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) character spans of the sentences of ``text``.

    Splits after ``.``, ``!``, ``?`` and ``;`` followed by white space, at blank lines and before
    list items; not after common legal abbreviations ("Cal. Civ. Code"), single letters or
    numbers ("1950.5"). Leading and trailing white space is trimmed from each span.
    """
    spans: list[tuple[int, int]] = []
    begin = 0
    for match in _SENTENCE_END.finditer(text):
        head = text[begin : match.start() + 1]
        before = _WORD_BEFORE.search(head)
        if match.group().startswith(".") and before is not None:
            word = before.group(1).lower().rstrip(".")
            if word in _ABBREVIATIONS or len(word) == 1:
                continue
        spans.append((begin, match.end()))
        begin = match.end()
    spans.append((begin, len(text)))
    trimmed: list[tuple[int, int]] = []
    carried: int | None = None  # start of a lone conjunction waiting for its sentence
    for start, end in spans:
        piece = text[start:end]
        left = len(piece) - len(piece.lstrip())
        right = len(piece.rstrip())
        if right <= left:
            continue
        begin, finish = start + left, start + right
        if carried is not None:
            begin, carried = carried, None
        if piece.strip().lower() in _LONE_CONJUNCTIONS:
            # "(1) the day stated in the notice; or\n(2) one month after ..." puts "or" on its
            # own between two list items: it opens the next item, it is no sentence.
            carried = begin
            continue
        trimmed.append((begin, finish))
    if carried is not None:
        trimmed.append((carried, len(text.rstrip())))
    return tuple(trimmed)

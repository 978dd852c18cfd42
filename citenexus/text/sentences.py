"""Where sentences end in legal text: three readers, each for what it cuts.

Legal prose is full of full stops that end nothing ("Cal. Civ. Code § 1946.1", "e.g.", "U.S.",
"No. 4"), so each reader ends a sentence at a full stop only after a word that is not one of its
abbreviations (``citenexus.text.abbreviations``) nor an initial. Past that, they differ on
purpose:

- ``split_sentences`` cuts a draft into claims (and the extractive generator quotes whole such
  sentences, so a quote is one claim): a full stop ends a sentence only when the next word
  starts like one (a capital, a digit, "§", a quote or bracket, or "(b) "); "No." and "sec." are
  abbreviations only before a number. Returns the sentences, white space collapsed.
- ``sentence_spans`` is the judges' (and quantities', and conflicts'): it also ends a sentence
  at ";" and before a list item, whatever the next word, and joins a lone "or" to the item it
  opens; so a judge compares a claim with one clause of a rule, not a whole subdivision list.
  Returns character spans.
- ``sentence_spans_for_ingest`` is ingest's, for cutting a long paragraph into units and for
  finding the sentence a scope statement is: it covers every non-space character of a window
  and also cuts before a subdivision label.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from citenexus.text.abbreviations import (
    CLAIM_ABBREVIATIONS,
    CLAIM_NUMBER_ABBREVIATIONS,
    INGEST_ABBREVIATIONS,
    JUDGING_ABBREVIATIONS,
)

# --- Claims ---------------------------------------------------------------------------------

# A candidate boundary: terminal punctuation, optional closing quotes/brackets, whitespace.
_CLAIM_BOUNDARY = re.compile(r"[.!?][\"'”’)\]]*\s+")
# A sentence starts with a capital, digit or section sign (perhaps quoted or bracketed), or
# with a subdivision marker such as "(b) ".
_CLAIM_START = re.compile(r"[\"'“‘(\[]?[A-Z0-9§]|\([a-z0-9]{1,4}\)\s")
_CLAIM_WORD_BEFORE = re.compile(r"(\S+)$")
_PARAGRAPH = re.compile(r"\n\s*\n")


def _ends_claim(text: str, dot_at: int, next_at: int) -> bool:
    if not _CLAIM_START.match(text, next_at):
        return False
    if text[dot_at] != ".":
        return True
    word_match = _CLAIM_WORD_BEFORE.search(text, 0, dot_at)
    if word_match is None:  # a full stop after white space abbreviates nothing
        return True
    bare = word_match.group(1).lstrip("(\"'“‘[").lower()
    if bare in CLAIM_ABBREVIATIONS or bare == "§":
        return False
    if bare in CLAIM_NUMBER_ABBREVIATIONS and text[next_at : next_at + 1].isdigit():
        return False
    if len(bare) == 1 and bare.isalpha():  # an initial ("J. Smith", "A.")
        return False
    # Dotted abbreviations such as "U.S" or "e.g" that the list does not name.
    return not re.fullmatch(r"(?:[a-z]\.)+[a-z]", bare)


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences without breaking citations, abbreviations or decimals.

    Paragraph breaks always end a sentence; a full stop ends one only when the next word starts
    with a capital, a digit, a quote or a bracket and the word before it is not an abbreviation.
    """
    sentences: list[str] = []
    for paragraph in _PARAGRAPH.split(text):
        start = 0
        for match in _CLAIM_BOUNDARY.finditer(paragraph):
            if _ends_claim(paragraph, match.start(), match.end()):
                sentences.append(paragraph[start : match.end()])
                start = match.end()
        sentences.append(paragraph[start:])
    return [" ".join(s.split()) for s in sentences if s.strip()]


# --- Judging --------------------------------------------------------------------------------

_JUDGING_END = re.compile(
    r"[.!?;]+[\"')\]]*(?=\s)|\n\s*\n|\n(?=\s*(?:[-*•]|\(?[a-z0-9]{1,3}[.)]\s))"
)
_JUDGING_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")
_LONE_CONJUNCTIONS = frozenset({"and", "or", "and/or", "but", "then"})


def _sentence_spans_uncached(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) character spans of the sentences of ``text``.

    Splits after ``.``, ``!``, ``?`` and ``;`` followed by white space, at blank lines and before
    list items; not after common legal abbreviations ("Cal. Civ. Code"), single letters or
    numbers ("1950.5"). Leading and trailing white space is trimmed from each span.
    """
    spans: list[tuple[int, int]] = []
    begin = 0
    for match in _JUDGING_END.finditer(text):
        head = text[begin : match.start() + 1]
        before = _JUDGING_WORD_BEFORE.search(head)
        if match.group().startswith(".") and before is not None:
            word = before.group(1).lower()  # the dot that ends it is the match's first
            if word in JUDGING_ABBREVIATIONS or len(word) == 1:
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


# Cached; mutation testing mutates _sentence_spans_uncached (mutmut leaves decorated functions alone).
sentence_spans = lru_cache(maxsize=4096)(_sentence_spans_uncached)


# --- Ingest ---------------------------------------------------------------------------------

# A line that opens a numbered subdivision or a list item: (a) (1) (A) (iv) 1. 2) a. - * •
SUBDIVISION_LABEL = re.compile(
    r"[ \t]*(?:\((?:[a-z]{1,4}|[A-Z]{1,3}|\d{1,3})\)|\d{1,3}[.)]|[A-Za-z][.)]|[-*•])(?=\s)"
)
_INGEST_TERMINATOR = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n")
_LABEL_LINE = re.compile(r"\n(?=" + SUBDIVISION_LABEL.pattern + ")")
_OPENERS = "\"'“‘([§"


def lines(text: str, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    """(start, end) of each line in ``text[start:end]``, without its newline."""
    stop = len(text) if end is None else end
    position = start
    while position < stop:
        newline = text.find("\n", position, stop)
        line_end = stop if newline == -1 else newline
        yield position, line_end
        position = line_end + 1


def trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span without surrounding whitespace, or None when nothing else is in it."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def _ends_ingest_sentence(text: str, match: re.Match[str], end: int) -> bool:
    after = match.end()
    while after < end and text[after].isspace():
        after += 1
    # Only white space after it: the window's end cuts there anyway.
    if after >= end or not (
        text[after].isupper() or text[after].isdigit() or text[after] in _OPENERS
    ):
        return False
    if text[match.start()] != ".":
        return True
    word_start = match.start()
    while word_start > 0 and not text[word_start - 1].isspace() and text[word_start - 1] != "(":
        word_start -= 1
    word = text[word_start : match.start()].lower()
    return not (word in INGEST_ABBREVIATIONS or (len(word) == 1 and word.isalpha()))


def sentence_spans_for_ingest(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Trimmed sentence spans covering every non-space character of ``text[start:end]``.

    Rule: a sentence ends at . ! or ? followed by a capital, a digit or an opening mark (not
    after an abbreviation or an initial), at a blank line, and before a subdivision label.
    """
    window = text[start:end]
    cuts = {start, end}
    for match in _INGEST_TERMINATOR.finditer(window):
        if _ends_ingest_sentence(window, match, len(window)):
            cuts.add(start + match.end())
    for match in _PARAGRAPH_BREAK.finditer(window):
        cuts.add(start + match.start())
    for match in _LABEL_LINE.finditer(window):
        cuts.add(start + match.end())
    ordered = sorted(cuts)
    spans = []
    for left, right in zip(ordered, ordered[1:], strict=False):
        span = trim(text, left, right)
        if span is not None:
            spans.append(span)
    return spans


_SENTENCE_REACH = 2_000  # no sentence worth carrying is longer; bounds the work per lookup


def sentence_at(text: str, start: int, end: int, position: int) -> tuple[int, int]:
    """The ingest sentence of ``text[start:end]`` that holds ``position`` (looked for nearby)."""
    left = max(start, position - _SENTENCE_REACH)
    right = min(end, position + _SENTENCE_REACH)
    for span in sentence_spans_for_ingest(text, left, right):
        if span[0] <= position < span[1]:
            return span
    return position, position


# What stands in front of a word that opens a sentence, a quotation, a bracket or a line.
_OPENING_LEADS = frozenset(".!?:;(\"'\u201c\n")


def opens_sentence(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens the text, a sentence, a quotation, a bracket or a
    line: where it is capitalised anyway, so its capital says nothing of a name."""
    lead = text[:start].rstrip(" \t")
    return not lead or lead[-1] in _OPENING_LEADS

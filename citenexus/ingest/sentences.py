"""Sentence and line boundaries in legal text, as character offsets into the original text."""

from __future__ import annotations

import re
from collections.abc import Iterator

# A line that opens a numbered subdivision or a list item: (a) (1) (A) (iv) 1. 2) a. - * •
SUBDIVISION_LABEL = re.compile(
    r"[ \t]*(?:\((?:[a-z]{1,4}|[A-Z]{1,3}|\d{1,3})\)|\d{1,3}[.)]|[A-Za-z][.)]|[-*•])(?=\s)"
)
_TERMINATOR = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n")
_LABEL_LINE = re.compile(r"\n(?=" + SUBDIVISION_LABEL.pattern + ")")
_OPENERS = "\"'“‘([§"
# Words that end with a period without ending a sentence; compared lower-cased, periods inside
# kept ("u.s.c"). Single letters (initials, "subd. (a)") are handled apart.
_ABBREVIATIONS = frozenset(
    [
        "sec",
        "secs",
        "stat",
        "stats",
        "no",
        "nos",
        "art",
        "arts",
        "ch",
        "chs",
        "subd",
        "subds",
        "subdiv",
        "par",
        "para",
        "paras",
        "cal",
        "civ",
        "proc",
        "ann",
        "rev",
        "gen",
        "inc",
        "co",
        "corp",
        "ltd",
        "v",
        "vs",
        "e.g",
        "i.e",
        "u.s",
        "u.s.c",
        "c.f.r",
        "cfr",
        "st",
        "mr",
        "mrs",
        "ms",
        "dr",
        "jr",
        "sr",
        "et",
        "al",
        "cf",
        "pp",
        "id",
        "supp",
        "app",
        "ct",
        "fla",
        "tex",
        "prop",
        "ord",
        "reg",
        "regs",
        "fed",
        "dept",
        "govt",
        "pub",
        "amend",
        "const",
        "cl",
    ]
)


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


def _ends_sentence(text: str, match: re.Match[str], end: int) -> bool:
    after = match.end()
    while after < end and text[after].isspace():
        after += 1
    if after >= end:
        return True
    if not (text[after].isupper() or text[after].isdigit() or text[after] in _OPENERS):
        return False
    if text[match.start()] != ".":
        return True
    word_start = match.start()
    while word_start > 0 and not text[word_start - 1].isspace() and text[word_start - 1] != "(":
        word_start -= 1
    word = text[word_start : match.start()].lower()
    return not (word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()))


def sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Trimmed sentence spans covering every non-space character of ``text[start:end]``.

    Rule: a sentence ends at . ! or ? followed by a capital, a digit or an opening mark (not
    after an abbreviation or an initial), at a blank line, and before a subdivision label.
    """
    window = text[start:end]
    cuts = {start, end}
    for match in _TERMINATOR.finditer(window):
        if _ends_sentence(window, match, len(window)):
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
    """The sentence of ``text[start:end]`` that holds ``position`` (looked for nearby only)."""
    left = max(start, position - _SENTENCE_REACH)
    right = min(end, position + _SENTENCE_REACH)
    for span in sentence_spans(text, left, right):
        if span[0] <= position < span[1]:
            return span
    return position, position

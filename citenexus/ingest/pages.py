"""A PDF's pages to one text that remembers where each page lies (docs/design.md, "PDF pages").

Three things happen to the pages' raw text before they are joined:

* **Running lines are dropped.** A line near the top or bottom of a page (its first or last
  ``EDGE_LINES`` non-blank lines) that repeats on most pages is a running header or footer, not
  content: the same words (a running title), or the same words around a number that follows the
  page count (``Page 3 of 10``, ``- 3 -``, ``Tenancy Act — 3``). Glued into a unit's text, a
  running title would make every unit look alike and split sentences that cross a page.
  A legal heading ("Section 4.") never counts as a numbered running line, since statutes often
  start each page with the next section.
* **The outline becomes headings.** Each bookmark marks the line on its page that starts with its
  title as a Markdown heading of its depth (``#`` to ``######``), the one structural mark the
  segmenter reads from every format; a bookmark whose title is on no line of its page is written
  as a heading line at the top of that page. Without an outline, numbered headings ("2.3
  Security deposits") become headings of their numbering depth.
* **Pages are joined by a blank line**, and each page's place in the result is kept as a
  ``PageSpan`` (1-based physical page numbers, as a reader counts them in a viewer).

A unit's pages are then ``page_range(spans, unit.start, unit.end)``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from citenexus.ingest.outline import detect_heading

EDGE_LINES = 3
MAX_HEADING_LEVEL = 6
# Running lines are those on at least this share of pages (and on two pages at least).
RUNNING_SHARE = 0.6
_MAX_RUNNING_CHARS = 200
_DIGITS = re.compile(r"\d+")
_NUMBERED = re.compile(r"(?P<num>\d{1,3}(?:\.\d{1,3}){0,5})(?P<dot>\.?)[ \t]+(?P<title>\S.*)")
_NUMBERED_MAX_WORDS = 10
_NUMBERED_MAX_CHARS = 90


@dataclass(frozen=True)
class PageSpan:
    """Where one page's text lies in the joined text: ``text[start:end]``."""

    number: int  # 1-based physical page
    start: int
    end: int


@dataclass(frozen=True)
class OutlineEntry:
    """One bookmark of a PDF's outline: its title, depth (1 = top) and page (1-based)."""

    title: str
    level: int
    page: int


def page_range(spans: Sequence[PageSpan], start: int, end: int) -> tuple[int, int] | None:
    """The first and last page that ``text[start:end]`` touches, or None without pages."""
    if not spans or end <= start:
        return None
    starts = [s.start for s in spans]
    first = spans[max(0, bisect_right(starts, start) - 1)]
    last = spans[max(0, bisect_right(starts, end - 1) - 1)]
    return first.number, last.number


def page_label(page_start: int | None, page_end: int | None) -> str:
    """``p. 4``, ``pp. 4–5``, or ``""`` when a source has no pages."""
    if page_start is None:
        return ""
    if page_end is None or page_end == page_start:
        return f"p. {page_start}"
    return f"pp. {page_start}\u2013{page_end}"


def pdf_text(
    pages: Sequence[str],
    outline: Sequence[OutlineEntry] = (),
    *,
    normalise: Callable[[str], str] = lambda text: text,
) -> tuple[str, tuple[PageSpan, ...]]:
    """The joined text of a PDF's pages and where each page lies in it.

    Rule: running lines dropped, outline (else numbered) headings marked, pages normalised one
    by one and joined by a blank line; a page left without text has no span.
    """
    page_lines = [normalise(page).split("\n") for page in pages]
    page_lines = drop_running_lines(page_lines)
    if outline:
        page_lines = mark_outline(page_lines, outline)
    else:
        page_lines = [mark_numbered_headings(lines) for lines in page_lines]
    parts: list[str] = []
    spans: list[PageSpan] = []
    position = 0
    for number, lines in enumerate(page_lines, 1):
        body = "\n".join(line.rstrip() for line in lines).strip()
        if not body:
            continue
        if parts:
            position += 2
        spans.append(PageSpan(number, position, position + len(body)))
        parts.append(body)
        position += len(body)
    return "\n\n".join(parts), tuple(spans)


# --- running headers and footers -------------------------------------------------------------


def _key(line: str) -> str:
    return " ".join(line.split()).casefold()


def _edges(lines: Sequence[str]) -> list[int]:
    """Indices of a page's first and last ``EDGE_LINES`` non-blank lines."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return sorted(set(filled[:EDGE_LINES]) | set(filled[-EDGE_LINES:]))


def _tracks_pages(numbers: Sequence[tuple[int, list[int]]], needed: int) -> bool:
    """Some number of the line, at one position, rises with the page: ``value - page`` is
    the same on at least ``needed`` pages."""
    width = min(len(values) for _, values in numbers)
    for position in range(width):
        offsets = Counter(values[position] - page for page, values in numbers)
        if offsets.most_common(1)[0][1] >= needed:
            return True
    return False


def running_keys(pages: Sequence[Sequence[str]]) -> tuple[set[str], set[str]]:
    """(exact lines, number-blind shapes) that run across the pages' edges."""
    count = len(pages)
    if count < 2:
        return set(), set()
    needed = max(2, math.ceil(RUNNING_SHARE * count))
    exact: Counter[str] = Counter()
    shapes: dict[str, list[tuple[int, list[int]]]] = {}
    for page, lines in enumerate(pages):
        seen_exact: set[str] = set()
        seen_shape: set[str] = set()
        for index in _edges(lines):
            line = lines[index]
            key = _key(line)
            if not key or len(key) > _MAX_RUNNING_CHARS:
                continue
            if key not in seen_exact:
                seen_exact.add(key)
                exact[key] += 1
            shape = _DIGITS.sub("#", key)
            if shape != key and shape not in seen_shape and not _is_legal_heading(line):
                seen_shape.add(shape)
                values = [int(d) for d in _DIGITS.findall(key)]
                shapes.setdefault(shape, []).append((page, values))
    running = {key for key, n in exact.items() if n >= needed}
    numbered = {
        shape
        for shape, numbers in shapes.items()
        if len(numbers) >= needed and _tracks_pages(numbers, needed)
    }
    return running, numbered


def _is_legal_heading(line: str) -> bool:
    return _legal_kind(line) is not None


def drop_running_lines(pages: Sequence[Sequence[str]]) -> list[list[str]]:
    """The pages without their running headers, footers and page numbers."""
    running, numbered = running_keys(pages)
    if not running and not numbered:
        return [list(lines) for lines in pages]
    out: list[list[str]] = []
    for lines in pages:
        drop = {
            i
            for i in _edges(lines)
            if _key(lines[i]) in running
            or (_DIGITS.sub("#", _key(lines[i])) in numbered and not _is_legal_heading(lines[i]))
        }
        out.append([line for i, line in enumerate(lines) if i not in drop])
    return out


# --- headings --------------------------------------------------------------------------------


def _letters(text: str) -> str:
    """Letters and digits only, case-folded: how a bookmark title is matched to a line."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(c for c in folded if c.isalnum())


def _heading_line(level: int, text: str) -> str:
    return f"{'#' * max(1, min(level, MAX_HEADING_LEVEL))} {' '.join(text.split())}"


def mark_outline(
    pages: Sequence[Sequence[str]], outline: Sequence[OutlineEntry]
) -> list[list[str]]:
    """Each bookmark's line marked as a heading, in the outline's order within a page; then
    every other legal heading of a kind the outline marks ("Section 13." when "Section 12." is
    bookmarked) at that kind's level, so an unbookmarked section never nests in a marked one."""
    out = [list(lines) for lines in pages]
    searched_from = [0] * len(out)
    inserted_at = [0] * len(out)  # where the next unmatched bookmark of a page goes
    kind_levels: dict[str, int] = {}
    # Bookmarks are in the outline's order, which need not be the pages' (a child may point
    # at a later page than its parent's next sibling); within a page the search goes on from
    # the last bookmark found, then wraps round.
    for entry in sorted(outline, key=lambda e: e.page):
        index = entry.page - 1
        title = _letters(entry.title)
        if not 0 <= index < len(out) or not title:
            continue
        lines = out[index]
        order = [*range(searched_from[index], len(lines)), *range(searched_from[index])]
        found = next((i for i in order if _is_heading_for(lines[i], title)), None)
        if found is None:
            lines.insert(inserted_at[index], _heading_line(entry.level, entry.title))
            inserted_at[index] += 1
            searched_from[index] = max(searched_from[index], inserted_at[index])
            continue
        kind = _legal_kind(lines[found])
        if kind is not None:
            kind_levels.setdefault(kind, entry.level)
        lines[found] = _heading_line(entry.level, lines[found])
        searched_from[index] = found + 1
        inserted_at[index] = max(inserted_at[index], found + 1)
    if kind_levels:
        for lines in out:
            for i, line in enumerate(lines):
                kind = _legal_kind(line)
                if kind in kind_levels and not line.lstrip().startswith("#"):
                    lines[i] = _heading_line(kind_levels[kind], line)
    return out


def _legal_kind(line: str) -> str | None:
    """The kind of a legal heading line (part, chapter, section, …), else None."""
    heading = detect_heading(line, 0, len(line))
    if heading is None or heading.kind == "heading":
        return None
    return heading.kind


def _is_heading_for(line: str, title: str) -> bool:
    """Whether ``line`` is the heading a bookmark titled ``title`` (as ``_letters``) points at:
    the same words, or a heading line that starts with them ("Section 4" -> "Section 4. Rent").
    A sentence that merely starts with the title's word ("Deposits are ...") is not."""
    if line.lstrip().startswith("#"):
        return False
    letters = _letters(line)
    if letters == title:
        return True
    if not letters.startswith(title):
        return False
    return detect_heading(line, 0, len(line)) is not None or _numbered_heading(line) is not None


def _numbered_heading(line: str) -> int | None:
    """The depth of a numbered heading line ("2.3 Security deposits"), or None."""
    stripped = line.strip()
    match = _NUMBERED.fullmatch(stripped)
    if match is None or len(stripped) > _NUMBERED_MAX_CHARS:
        return None
    title = match.group("title")
    if not title[0].isupper() or title[-1] in ".,;:" or len(title.split()) > _NUMBERED_MAX_WORDS:
        return None
    depth = match.group("num").count(".") + 1
    if depth == 1 and not match.group("dot"):
        return None  # "12 Main Street" is an address; a one-level heading is "3. Rent"
    return depth


def mark_numbered_headings(lines: Sequence[str]) -> list[str]:
    """Numbered heading lines marked as headings of their depth.

    A one-level number ("3. Rent") is a heading only when the lines around it are not numbered
    the same way, since a run of them is a numbered list.
    """
    depths = [_numbered_heading(line) for line in lines]
    out = list(lines)
    for i, depth in enumerate(depths):
        if depth is None:
            continue
        if depth == 1:
            neighbours = [depths[j] for j in (i - 1, i + 1) if 0 <= j < len(depths)]
            if 1 in neighbours:
                continue
        out[i] = _heading_line(depth, lines[i])
    return out

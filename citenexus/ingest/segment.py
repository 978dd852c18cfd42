"""Plain text to evidence units: structure first, size second, scope always carried.

A unit never crosses a heading (see ``outline.Block``). Inside a section the atoms are the
heading line (kept with what follows it), paragraphs, and numbered subdivisions; small atoms are
packed up to ``target_chars``; an atom longer than that is cut at sentence boundaries (at word
boundaries inside a very long sentence, and through a run of more than ``target_chars`` non-space
characters), each cut repeating up to ``overlap_chars`` of the text before it. So no unit is longer
than ``max_unit_chars(target_chars, overlap_chars)`` = target + overlap.

Every unit's text is exactly ``text[start:end]`` of the text given, starts and ends with a
non-space character, and every non-space character of the text lies in some unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citenexus.domain.carried import retrieval_scope
from citenexus.ingest.outline import Block, blocks_of, parse_outline, path_of
from citenexus.ingest.scope import carried_scope, list_lead_ins, statements_by_section
from citenexus.text.sentences import SUBDIVISION_LABEL, lines, sentence_spans_for_ingest, trim

DEFAULT_TARGET_CHARS = 900
DEFAULT_OVERLAP_CHARS = 150
MIN_TARGET_CHARS = 40
HEADING_SEPARATOR = " > "
MESSAGE_TARGET_TOO_SMALL = f"target_chars must be at least {MIN_TARGET_CHARS}."
MESSAGE_BAD_OVERLAP = "overlap_chars must be at least 0 and less than half of target_chars."

Span = tuple[int, int]


@dataclass(frozen=True)
class Piece:
    """One unit cut from a text: its words, where they are, and what governs them."""

    ordinal: int
    text: str
    start: int
    end: int
    heading_path: tuple[str, ...] = ()
    scope: str = ""  # the governing scope statements, one per line

    @property
    def heading(self) -> str:
        return HEADING_SEPARATOR.join(self.heading_path)


def max_unit_chars(target_chars: int, overlap_chars: int) -> int:
    """The longest unit ``segment`` returns for these settings."""
    return target_chars + overlap_chars


def segment(
    text: str,
    *,
    target_chars: int = DEFAULT_TARGET_CHARS,
    overlap_chars: int = DEFAULT_OVERLAP_CHARS,
) -> list[Piece]:
    """The units of ``text``, in reading order, with dense ordinals from 0.

    Rule: units follow headings, subdivisions and paragraphs; each carries its heading path and
    every scope statement that governs its section (``scope.statements_by_section``).
    """
    if target_chars < MIN_TARGET_CHARS:
        raise ValueError(MESSAGE_TARGET_TOO_SMALL)
    if not 0 <= overlap_chars < target_chars // 2:
        raise ValueError(MESSAGE_BAD_OVERLAP)
    sections = parse_outline(text)
    attached = statements_by_section(text, sections)
    lead_ins = list_lead_ins(text, sections)
    heading_starts = {section.start for section in sections[1:]}
    pieces: list[Piece] = []
    for block in blocks_of(text, sections):
        path = tuple(s.title for s in path_of(sections, block.section)[1:])
        carried = carried_scope(sections, attached, block.section)
        atoms = _atoms(text, block, heading_starts)
        for start, end in _pack(text, atoms, target_chars, overlap_chars):
            # A list's items carry its lead-in when the unit does not hold the lead-in itself.
            listed = [
                statement
                for first, last, statement in lead_ins
                if first < end and start < last and start >= first and statement not in carried
            ]
            scope = "\n".join((*carried, *listed))
            pieces.append(Piece(len(pieces), text[start:end], start, end, path, scope))
    return pieces


def _atoms(text: str, block: Block, heading_starts: set[int]) -> list[Span]:
    """Paragraphs, subdivisions and heading lines of a block, trimmed; headings glued forward."""
    atoms: list[tuple[int, int, bool]] = []
    current: Span | None = None
    current_is_heading = False
    for start, end in lines(text, block.start, block.end):
        span = trim(text, start, end)
        is_heading = start in heading_starts
        opens = is_heading or current_is_heading or SUBDIVISION_LABEL.match(text, start, end)
        if current is not None and (span is None or opens):
            atoms.append((*current, current_is_heading))
            current = None
        if span is not None:
            current = span if current is None else (current[0], span[1])
            current_is_heading = is_heading
    if current is not None:
        atoms.append((*current, current_is_heading))
    return _glue_headings(atoms)


def _glue_headings(atoms: list[tuple[int, int, bool]]) -> list[Span]:
    # A heading line alone says nothing; it travels with the atom after it.
    glued: list[Span] = []
    pending: int | None = None
    for start, end, is_heading in atoms:
        if pending is None:
            pending = start
        if not is_heading:
            glued.append((pending, end))
            pending = None
    if pending is not None:
        glued.append((pending, atoms[-1][1]))
    return glued


def _pack(text: str, atoms: list[Span], target: int, overlap: int) -> list[Span]:
    units: list[Span] = []
    current: Span | None = None
    for start, end in atoms:
        if end - start > target:
            if current is not None:
                units.append(current)
                current = None
            units.extend(_split_long(text, start, end, target, overlap))
        elif current is not None and end - current[0] <= target:
            current = (current[0], end)
        else:
            if current is not None:
                units.append(current)
            current = (start, end)
    if current is not None:
        units.append(current)
    return units


_WORD = re.compile(r"\S+")


def _word_runs(text: str, start: int, end: int, target: int) -> list[Span]:
    """Pieces of at most ``target`` characters, cut between words (through over-long words)."""
    runs: list[Span] = []
    current: Span | None = None
    for match in _WORD.finditer(text, start, end):
        left, right = match.span()
        while right - left > target:
            if current is not None:
                runs.append(current)
                current = None
            runs.append((left, left + target))
            left += target
        if current is not None and right - current[0] <= target:
            current = (current[0], right)
        else:
            if current is not None:
                runs.append(current)
            current = (left, right)
    if current is not None:
        runs.append(current)
    return runs


def _split_long(text: str, start: int, end: int, target: int, overlap: int) -> list[Span]:
    """Windows over an over-long atom: whole sentences up to ``target``, plus an overlap."""
    parts: list[Span] = []
    for left, right in sentence_spans_for_ingest(text, start, end):
        parts.extend(
            _word_runs(text, left, right, target) if right - left > target else [(left, right)]
        )
    windows: list[Span] = []
    index = 0
    while index < len(parts):
        first = index
        while index + 1 < len(parts) and parts[index + 1][1] - parts[first][0] <= target:
            index += 1
        content_start, content_end = parts[first][0], parts[index][1]
        window_start = content_start
        if windows:
            window_start = _overlap_start(text, windows[-1], parts, first, overlap)
        windows.append((window_start, content_end))
        index += 1
    return windows


def _overlap_start(text: str, previous: Span, parts: list[Span], first: int, overlap: int) -> int:
    """Where a window starts so that it repeats at most ``overlap`` characters before ``first``."""
    content_start = parts[first][0]
    limit = content_start - overlap
    earliest = content_start
    for index in range(first - 1, -1, -1):
        left = parts[index][0]
        if left < limit or left <= previous[0]:
            break
        earliest = left
    if earliest < content_start:
        return earliest
    position = max(limit, previous[0] + 1)
    while position < content_start:
        if not text[position].isspace() and text[position - 1].isspace():
            return position
        position += 1
    return content_start


def embedding_text(piece: Piece, title: str = "") -> str:
    """The text to embed and index for a unit.

    Rule: the document title, the heading path, each carried scope statement the unit's own text
    does not already hold (without the items of a list it leaves out: ``retrieval_scope``), then
    the unit's text — one per line.
    """
    folded_text = " ".join(piece.text.split()).casefold()
    parts = [title.strip()] if title.strip() else []
    if piece.heading_path:
        parts.append(piece.heading)
    for statement in retrieval_scope(piece.scope).split("\n"):  # a list's items left out
        if statement.strip() and " ".join(statement.split()).casefold() not in folded_text:
            parts.append(statement.strip())
    parts.append(piece.text)
    return "\n".join(parts)

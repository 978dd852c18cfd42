"""The heading tree of a plain text: which section every character belongs to.

Headings are recognised on their own line: Markdown ``#`` lines (what the extractors write for
HTML and Markdown headings), legal markers (Title, Part, Chapter, Article, Division, Section,
Sec., §) followed by a number, and short ALL-CAPS lines. Markdown levels rank above legal
markers, which rank Title > Part > Chapter > Article > Section. An ALL-CAPS line directly
followed by another heading groups what follows (it ranks just above that heading); elsewhere it
is a sub-heading of the section it sits in, so it never cuts a section off from its scope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citenexus.text.sentences import lines, trim

_MARKDOWN = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
# A section number in digits ("1950.5", "6-1-1304", "12A"), as headings and citations write it.
ARABIC_NUMBER = r"\d+[A-Za-z]?(?:[.\-:]\d+[A-Za-z]?)*"
_NUMBER = r"(?:" + ARABIC_NUMBER + r"|[IVXLCDM]+|[A-Z])\.?"
_LEGAL = re.compile(
    r"[ \t]*(?:(?P<word>Title|Subtitle|Part|Subpart|Chapter|Subchapter|Article|Division|Section"
    r"|TITLE|SUBTITLE|PART|SUBPART|CHAPTER|SUBCHAPTER|ARTICLE|DIVISION|SECTION|Sec\.|SEC\.)[ \t]+"
    r"|(?P<mark>§§?)[ \t]*)(?P<num>" + _NUMBER + r")(?=\s|$|[—–:(-])"
)
_TITLE_END = re.compile(r"\.[ \t]*[—–-]+|[—–]|\.(?=\s)")
_KINDS = {
    "title": ("title", 10.0),
    "subtitle": ("subtitle", 10.5),
    "division": ("division", 10.7),
    "part": ("part", 11.0),
    "subpart": ("subpart", 11.5),
    "chapter": ("chapter", 12.0),
    "subchapter": ("subchapter", 12.5),
    "article": ("article", 13.0),
    "section": ("section", 14.0),
    "sec.": ("section", 14.0),
}
SECTION_LEVEL = 14.0
_SHORT_LINE = 120
_CAPS_MAX = 100


@dataclass
class Section:
    """A heading and everything under it. ``own_end`` is where its first sub-heading starts."""

    index: int
    level: float
    kind: str  # document, title, division, part, chapter, article, section or heading
    title: str
    start: int  # the heading line's start (0 for the document)
    body_start: int  # just after the heading's own words
    number_end: int  # just after the marker and number (== body_start for other headings)
    own_end: int
    end: int
    parent: int | None
    caps: bool = False  # an ALL-CAPS line, ranked by its neighbours


@dataclass(frozen=True)
class _Heading:
    level: float | None  # None: an ALL-CAPS line whose rank depends on what follows
    kind: str
    title: str
    start: int
    body_start: int
    number_end: int


def _legal_kind(title: str) -> tuple[str, float] | None:
    match = _LEGAL.match(title)
    if match is None:
        return None
    word = (match.group("word") or "section").lower()
    return _KINDS[word]


def _legal_heading(text: str, start: int, end: int) -> _Heading | None:
    line = text[start:end]
    match = _LEGAL.match(line)
    if match is None:
        return None
    rest = line[match.end() :]
    stripped = rest.lstrip()
    number = match.group("num")
    if stripped and not (number.endswith(".") or stripped[0] in "—–-:" or stripped[0].isupper()):
        return None  # "Section 8 of the act ..." is a sentence, not a heading
    number_end = start + match.end()
    # The heading's words: marker, number and a title up to its closing mark ("Notice.",
    # "Termination.—"); a short line without one is all heading; else the body starts at once.
    leads_with_title = stripped[:1].isupper() or stripped[:1] in "—–-:"
    title_end = _TITLE_END.search(line, match.end(), match.end() + 100)
    if leads_with_title and title_end is not None:
        body_start = start + title_end.end()
    elif len(line.rstrip()) <= _SHORT_LINE:
        body_start = end
    else:
        body_start = number_end
    kind, level = _legal_kind(line) or ("section", SECTION_LEVEL)
    title = " ".join(text[start:body_start].split()).rstrip("—–-: ")
    return _Heading(level, kind, title, start, body_start, number_end)


def _is_caps_title(line: str) -> bool:
    stripped = line.strip()
    if not (4 <= len(stripped) <= _CAPS_MAX) or " | " in stripped or stripped[-1] in ",;":
        return False
    letters = [c for c in stripped if c.isalpha()]
    words = re.findall(r"[^\W\d_]{3,}", stripped)
    return (
        len(letters) >= 4
        and bool(words)
        and all(not c.islower() for c in letters)
        and len(letters) * 2 >= len(stripped.replace(" ", ""))
    )


def detect_heading(text: str, start: int, end: int) -> _Heading | None:
    """The heading on the line ``text[start:end]``, if it is one."""
    line = text[start:end]
    markdown = _MARKDOWN.match(line)
    if markdown and markdown.group(2).strip():
        title = markdown.group(2).strip()
        kind = (_legal_kind(title) or ("heading", 0.0))[0]
        return _Heading(float(len(markdown.group(1))), kind, title, start, end, end)
    legal = _legal_heading(text, start, end)
    if legal is not None:
        return legal
    if _is_caps_title(line):
        return _Heading(None, "heading", " ".join(line.split()), start, end, end)
    return None


def _headings(text: str) -> list[_Heading]:
    found: list[_Heading] = []
    for start, end in lines(text):
        heading = detect_heading(text, start, end) if trim(text, start, end) else None
        if heading is not None:
            found.append(heading)
    return found


def parse_outline(text: str) -> list[Section]:
    """Every section of ``text``, the whole document first, then in reading order."""
    root = Section(0, 0.0, "document", "", 0, 0, 0, len(text), len(text), None)
    sections = [root]
    stack = [root]
    headings = _headings(text)
    for position, heading in enumerate(headings):
        level = heading.level
        if level is None:
            following = headings[position + 1] if position + 1 < len(headings) else None
            level = _caps_level(text, heading, following, stack[-1])
        while len(stack) > 1 and stack[-1].level >= level:
            stack.pop().end = heading.start
        section = Section(
            index=len(sections),
            level=level,
            kind=heading.kind,
            title=heading.title,
            start=heading.start,
            body_start=heading.body_start,
            number_end=heading.number_end,
            own_end=len(text),
            end=len(text),
            parent=stack[-1].index,
            caps=heading.level is None,
        )
        sections[-1].own_end = heading.start
        sections.append(section)
        stack.append(section)
    return sections


def _caps_level(text: str, heading: _Heading, following: _Heading | None, open_: Section) -> float:
    """Just above the heading that follows at once; else a sibling of an open ALL-CAPS
    sub-heading, else a child of the open section (a top heading when none is open)."""
    if (
        following is not None
        and following.level is not None
        and trim(text, heading.body_start, following.start) is None
    ):
        return following.level - 0.25
    if open_.caps:
        return open_.level
    return open_.level + 0.25 if open_.index else 9.0


def path_of(sections: list[Section], index: int) -> list[Section]:
    """The sections from the document down to ``sections[index]``."""
    path = []
    current: int | None = index
    while current is not None:
        path.append(sections[current])
        current = sections[current].parent
    return path[::-1]


@dataclass(frozen=True)
class Block:
    """A stretch no unit may cross: one section's heading and own body.

    A heading followed at once by a sub-heading shares its block with that sub-heading, so a
    chapter title travels with the first words under it instead of standing alone.
    """

    start: int
    end: int
    section: int


def blocks_of(text: str, sections: list[Section]) -> list[Block]:
    """The blocks of ``text`` in reading order; each holds some non-space text."""
    found: list[Block] = []
    if trim(text, 0, sections[0].own_end) is not None:
        found.append(Block(0, sections[0].own_end, 0))
    for section in sections[1:]:
        previous = sections[section.index - 1]
        glued = (
            previous.index > 0
            and found
            and found[-1].section == previous.index
            and section.parent == previous.index
            and trim(text, previous.body_start, previous.own_end) is None
        )
        if glued:
            found[-1] = Block(found[-1].start, section.own_end, section.index)
        else:
            found.append(Block(section.start, section.own_end, section.index))
    return found

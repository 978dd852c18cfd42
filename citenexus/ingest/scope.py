"""Scope statements: the sentences that say where a rule applies, carried to every unit they govern.

A rule cut off from its precondition ("This section applies only to residential tenancies")
reads as a general rule; docs/design.md#applicability forbids that severance. Two kinds of
sentence count:

* **Reach statements** name the part of the law they govern, wherever they stand in it:
  "This section / chapter / article / part / title / division applies (only) to…", "… does not
  apply…", "… shall apply…", "The provisions of this chapter apply…", "For (the) purposes of this
  section…", "As used in this chapter…". They govern the nearest enclosing heading of the kind
  they name (a section also reaches a plain heading when no Section marker encloses it); with no
  such heading — or for "this act" / "this code" — the whole document. The sentence right after
  one, when it goes on under a pronoun with a verb of reach ("It does not apply to …", "They do
  not extend to …"), is the rest of the same statement: it is carried on a line of its own under
  it (``citenexus.domain.carried``), read by applicability and left out of retrieval as a list's
  items are.
* **Lead-in statements** govern the section whose body they open (after an optional
  subdivision label): "Notwithstanding…", "Except as (otherwise) provided…", "Subject to…",
  "Unless otherwise provided…", "In a <kind of case>, …" (at most three words, then a comma; no
  field's nouns in the pattern). Deeper in
  a section they govern only their own sentence, which stays in its unit, so they are not carried.

A statement is the whole sentence, whitespace collapsed, at most ``MAX_STATEMENT_CHARS``.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from typing import Protocol

from citenexus.domain.carried import LIST_MARK, PARTS, REACH
from citenexus.ingest.outline import Section, blocks_of, parse_outline, path_of
from citenexus.text.sentences import SUBDIVISION_LABEL, lines, sentence_at

MAX_STATEMENT_CHARS = 400
# A statement that leaves out what a list names ("This section does not apply to the
# following:") is carried with the list's items, each a category it leaves out (the first
# sentence of each: a comment after it names nothing); the whole stays under this cap. A list a
# definition or an inclusion introduces is not carried: it says nothing of where a rule stops.
MAX_LIST_STATEMENT_CHARS = 1600
# The items are carried on a line of their own under the statement (citenexus.domain.carried).
EXCLUDING = re.compile(
    r"\b(?:not (?:apply|extend) to|not (?:cover|include)|not applicable|inapplicable|exclud\w*"
    r"|exempt\w*)\b",
    re.I,
)
_ITEM_END = re.compile(r"(?:[\s.;,]|\b(?:or|and)\b)+$", re.I)
_ITEM_SENTENCE_END = re.compile(r"\.\s+(?=[A-Z])")
# A real section states its scope a few times at most; past this many matches of one pattern
# the rest of a section is not searched, which bounds the work on pathological input.
MAX_MATCHES_PER_SECTION = 20
REACH_PATTERNS = (
    re.compile(REACH, re.I),
    re.compile(r"\bfor (?:the )?purposes? of this\s+" + PARTS + r"\b", re.I),
    re.compile(r"\bas used in this\s+" + PARTS + r"\b", re.I),
)
# "In a residential tenancy, ..." / "In any sale of goods, ...": a short phrase naming a kind of
# case, closed by a comma, opening a section's body. The nouns are the section's own; the
# pattern is generic English (a preposition, a determiner, at most three words, a comma).
LEAD_IN_PATTERN = re.compile(
    r"(?:notwithstanding|except as (?:otherwise )?provided|subject to|unless otherwise provided"
    r"|in (?:a|an|any|every) (?:[\w'-]+ ){0,2}[\w'-]+,)",
    re.I,
)
# A subdivision that opens by naming a kind of case and ends by introducing a list ("(b) For a
# tenancy of residential real property from month to month, the following rules govern ...:")
# governs the items listed under it, up to the next subdivision labelled as it is. An item cut
# into a unit of its own would otherwise read as a rule for every case.
LIST_LEAD_IN_PATTERN = re.compile(r"(?:for|in) (?:a|an|any|every) [^:\n]{3,}:[ \t]*$", re.I)
_REACH_KIND = {
    "section": "section",
    "chapter": "chapter",
    "subchapter": "subchapter",
    "article": "article",
    "part": "part",
    "subpart": "subpart",
    "title": "title",
    "division": "division",
}
_OPENING_PUNCTUATION = "—–-:."
# The sentence right after a reach statement that goes on about the same part under a pronoun
# ("This section applies to ... . It does not apply to ...", "They do not extend to ..."): the
# second half of one statement of scope, carried with the first. Only a pronoun subject whose
# verb is one of reach (apply, extend) is read so; "It includes ..." says what a term means.
CONTINUATION_PATTERN = re.compile(
    r"(?:it|they)\s+(?:also\s+)?(?:(?:does|do|shall|will|may)\s+)?(?:not\s+)?"
    r"(?:appl(?:y|ies)|extends?)\b",
    re.I,
)


def statement_text(raw: str) -> str:
    """A sentence as a carried statement: whitespace collapsed, cut at a word near the cap."""
    text = " ".join(raw.split())
    label = SUBDIVISION_LABEL.match(text)
    if label is not None:
        text = text[label.end() :].lstrip()
    if len(text) <= MAX_STATEMENT_CHARS:
        return text
    cut = text.rfind(" ", 0, MAX_STATEMENT_CHARS)
    return text[: cut if cut > 0 else MAX_STATEMENT_CHARS]


def listed_after(text: str, position: int, end: int, sibling: str = "") -> list[str]:
    """The items of the list that starts on the line after ``position`` (a statement closed by a
    colon), up to ``end``: each labelled line ("(1)", "2.", "(b)", "-"), its label dropped and its
    closing punctuation with it, an unlabelled line right under an item joined to it. The list
    ends at an unlabelled line after a blank one, and at a label of another style than its first
    item's ("(g)" after "(1)" ... "(8)": the next subdivision; a nested sub-list ends it too,
    which reads fewer categories, never more). With ``sibling``, the label of the line that
    introduces the list, a label of its style ends the list before any item: "(b)" after "(a)
    This part does not apply to:" is the next subdivision, not an item of an empty list."""
    newline = text.find("\n", position, end)
    if newline < 0:
        return []
    items: list[str] = []
    style = ""
    blank = False
    for start, stop in lines(text, newline + 1, end):
        line = text[start:stop]
        if not line.strip():
            blank = True
            continue
        label = SUBDIVISION_LABEL.match(line)
        if label is None:
            if blank or not items:
                break
            items[-1] = f"{items[-1]} {line.strip()}"  # an item's next line
            continue
        if sibling and _label_style(label.group()) == _label_style(sibling):
            break
        if not style:
            style = _label_style(label.group())
        elif _label_style(label.group()) != style:
            break
        body = line[label.end() :].strip()
        if body:
            items.append(body)
        blank = False
    kept = (_ITEM_SENTENCE_END.split(" ".join(item.split()))[0] for item in items)
    return [cut for item in kept if (cut := _ITEM_END.sub("", item))]


def _with_list(text: str, right: int, end: int, statement: str) -> str:
    """``statement`` with the items of the list it introduces, when it ends with a colon and
    leaves out what the list names."""
    if not statement.endswith(":") or EXCLUDING.search(statement) is None:
        return statement
    items = "; ".join(listed_after(text, right, end))
    if not items:
        return statement
    room = MAX_LIST_STATEMENT_CHARS - len(statement)
    if len(items) > room:
        cut = items.rfind(";", 0, room)
        items = items[: cut if cut > 0 else room]
    return f"{statement}\n{LIST_MARK}{items}"


# A plain heading that names a section by its number ("# Civil Code — Section 1947.12",
# "## § 12"): what "this section" under it means when no Section marker encloses the statement.
_NAMES_A_SECTION = re.compile(r"(?:\bsection|\u00a7)\s*\d", re.I)


def _reach(sections: list[Section], index: int, word: str) -> int:
    kind = _REACH_KIND.get(word.lower())
    if kind is None:
        return 0
    for section in reversed(path_of(sections, index)):
        if section.kind == kind:
            return section.index
    if kind != "section":
        return 0
    named = [s.index for s in path_of(sections, index) if _NAMES_A_SECTION.search(s.title)]
    return named[-1] if named else index


def _opening(text: str, position: int, end: int) -> int:
    while position < end:
        while position < end and (
            text[position].isspace() or text[position] in _OPENING_PUNCTUATION
        ):
            position += 1
        label = SUBDIVISION_LABEL.match(text, position, end)
        if label is None or label.end() == position:
            return position
        position = label.end()
    return position


def statements_by_section(text: str, sections: list[Section]) -> dict[int, list[str]]:
    """The statements each section is the reach of (its own, and those that name it)."""
    attached: dict[int, list[str]] = {}

    def read(start: int, end: int, position: int) -> tuple[str, int]:
        """The statement holding ``position`` (with the list it introduces), and where it ends."""
        left, right = sentence_at(text, start, end, position)
        return _with_list(text, right, end, statement_text(text[left:right])), right

    def attach(index: int, statement: str) -> None:
        if statement and statement not in attached.setdefault(index, []):
            attached[index].append(statement)

    def continued(statement: str, right: int, end: int) -> str:
        """``statement`` with the sentence after it on a line of its own, when that sentence
        goes on about the same part (``CONTINUATION_PATTERN``)."""
        position = right
        while position < end and text[position].isspace():
            position += 1
        if not statement or not CONTINUATION_PATTERN.match(text, position, end):
            return statement
        more, _ = read(position, end, position)
        return f"{statement}\n{LIST_MARK}{more}" if more else statement

    for section in sections:
        start, end = section.start, section.own_end
        for pattern in REACH_PATTERNS:
            matches = pattern.finditer(text, start, end)
            for match in itertools.islice(matches, MAX_MATCHES_PER_SECTION):
                # The heading's marker is not part of the first sentence of its body.
                left = section.number_end if match.start() >= section.number_end else start
                reach = _reach(sections, section.index, match.group(1))
                statement, right = read(left, end, match.start())
                attach(reach, continued(statement, right, end))
        for anchor in sorted({section.number_end, section.body_start}):
            position = _opening(text, anchor, end)
            if LEAD_IN_PATTERN.match(text, position, end):
                attach(section.index, read(position, end, position)[0])
    return attached


def _label_style(label: str) -> str:
    """The style of a subdivision label, so that "(b)" and "(c)" are siblings and "(1)" is not."""
    text = label.strip()
    core = text.strip("().")
    kind = "digit" if core.isdigit() else "upper" if core.isupper() else "lower"
    return f"{text[:1] == '('}{kind}{text[-1:]}"


def list_lead_ins(text: str, sections: list[Section]) -> list[tuple[int, int, str]]:
    """``(start, end, statement)`` for each list lead-in: the items from ``start`` to ``end``
    are governed by ``statement`` (``LIST_LEAD_IN_PATTERN``)."""
    found: list[tuple[int, int, str]] = []
    for section in sections:
        lines = list(re.finditer(r"[^\n]+", text[section.body_start : section.own_end]))
        for number, line in enumerate(lines):
            label = SUBDIVISION_LABEL.match(line.group())
            if label is None or not LIST_LEAD_IN_PATTERN.match(line.group(), label.end() + 1):
                continue
            style = _label_style(label.group())
            start = section.body_start + line.end() + 1
            end = section.own_end
            for later in lines[number + 1 :]:
                sibling = SUBDIVISION_LABEL.match(later.group())
                if sibling is not None and _label_style(sibling.group()) == style:
                    end = section.body_start + later.start()
                    break
            statement = statement_text(line.group())
            if start < end and statement:
                found.append((start, end, statement))
    return found


def carried_scope(
    sections: list[Section], attached: dict[int, list[str]], index: int
) -> tuple[str, ...]:
    """The statements a unit of ``sections[index]`` carries: its own and its ancestors'."""
    carried: list[str] = []
    for section in path_of(sections, index):
        for statement in attached.get(section.index, ()):
            if statement not in carried:
                carried.append(statement)
    return tuple(carried)


class _Unit(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def scope(self) -> str: ...


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _reconstruct(units: Sequence[_Unit]) -> str:
    # Gaps between units are whitespace whose kind is lost: a one-character gap is most often
    # a space inside a paragraph, a longer one a break between lines or paragraphs.
    chars: list[str | None] = [None] * max(unit.end for unit in units)
    for unit in units:
        chars[unit.start : unit.end] = unit.text
    text = "".join(c if c is not None else "\x00" for c in chars)
    return re.sub("\x00+", lambda m: " " if len(m.group()) == 1 else "\n" * len(m.group()), text)


def severance_rate(units: Sequence[_Unit], *, text: str | None = None) -> float:
    """Share of operative units that lack a scope statement governing them.

    Rule: a unit is operative when some of its words lie in a section governed by a scope
    statement; it is severed when such a statement is neither in its text nor in its ``scope``.
    The structure is read from ``text`` (the text the units were cut from); pass it. Without it
    the text is rebuilt from the units, guessing the whitespace between them, which can read
    the structure differently in rare cases.
    """
    if not units:
        return 0.0
    source = text if text is not None else _reconstruct(units)
    sections = parse_outline(source)
    attached = statements_by_section(source, sections)
    blocks = blocks_of(source, sections)
    ends = [block.end for block in blocks]
    operative = severed = 0
    for unit in units:
        governing: list[str] = []
        first = bisect.bisect_right(ends, unit.start)
        for block in blocks[first:]:
            if block.start >= unit.end:
                break
            left, right = max(block.start, unit.start), min(block.end, unit.end)
            if source[left:right].strip():
                governing.extend(carried_scope(sections, attached, block.section))
        if not governing:
            continue
        operative += 1
        held = (_folded(unit.text), _folded(unit.scope))
        if any(all(_folded(s) not in h for h in held) for s in governing):
            severed += 1
    return severed / operative if operative else 0.0

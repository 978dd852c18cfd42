"""Exclusions named by reference to a list elsewhere (docs/design.md#applicability).

"It does not apply to the entities and data that section 6-1-1304(2) excludes." leaves out what
another section lists: read alone, the statement names no category, and every question about
one of them would be answered from a rule that does not reach it. So a document's exclusion
lists are indexed by the section and subdivision that hold them (``exclusion_lists``: "(2) This
part does not apply to:" under "Section 6-1-1304." is ``6-1-1304(2)``), and a carried statement
that excludes and cites one (``cited_lists``) is carried with that list's items
(``linked_scope``), on a line of their own under it, as the items of a list under the statement
itself are (``citenexus.domain.carried``). The line names the list it was read from, so a
reviewer sees where the items come from and a later reading replaces it.

A citation matches a list by its section number and subdivision labels exactly. The lists of a
lane are gathered by its adapter (the cited section may be in another document); a citation
that two documents answer with different lists is read from the citing document's own list, or
not at all: two sections of the same number in different codes say nothing of which is meant.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Protocol

from citenexus.domain.carried import LINKED_LINE, LIST_MARK, linked_line
from citenexus.ingest.outline import ARABIC_NUMBER, Section, parse_outline, path_of
from citenexus.ingest.scope import EXCLUDING, MAX_LIST_STATEMENT_CHARS, listed_after
from citenexus.text.sentences import SUBDIVISION_LABEL, lines

_SECTION = r"(?:\bsection|\bsec\.|\u00a7)\s*(" + ARABIC_NUMBER + r")"
_SUBDIVISIONS = r"(?:\([A-Za-z0-9]{1,4}\))*"
# "section 6-1-1304(2)", "Section 1946.2(f)", "§ 12(b)(1)": a section's number and subdivisions.
_CITATION = re.compile(_SECTION + r"(" + _SUBDIVISIONS + r")", re.IGNORECASE)
# The number of the section a heading names: "Section 6-1-1304. Applicability of part.",
# "# Civil Code — Section 1947.12", "§ 12".
_HEADING_NUMBER = re.compile(_SECTION, re.IGNORECASE)


def section_of(citation: str) -> str:
    """The section number of a citation as ``cited_lists`` keys it ("6-1-1304(2)" -> "6-1-1304")."""
    return citation.partition("(")[0]


def _label(raw: str) -> str:
    """A subdivision label as a citation writes it: "(2)" for "(2)", "2." and "2)"."""
    return f"({raw.strip().strip('().')})"


def _section_number(sections: list[Section], index: int) -> str | None:
    """The number of the innermost section around ``sections[index]`` whose heading names one."""
    for section in reversed(path_of(sections, index)):
        found = _HEADING_NUMBER.search(section.title)
        if found is not None:
            return found.group(1)
    return None


def exclusion_lists(text: str) -> dict[str, list[str]]:
    """The exclusion lists of a document by citation: each labelled line that leaves out what the
    list under it names ("(2) This part does not apply to:"), under a heading that names a
    section's number, keyed by that number and the line's label (the number alone for an
    unlabelled line). A key two different lists would share is left out."""
    sections = parse_outline(text)
    found: dict[str, list[str]] = {}
    clashes: set[str] = set()
    for section in sections:
        number = _section_number(sections, section.index)
        if number is None:
            continue
        end = section.own_end  # a list never runs on into the next heading
        for start, stop in lines(text, section.body_start, end):
            line = text[start:stop].rstrip()
            if not line.endswith(":") or EXCLUDING.search(line) is None:
                continue
            label = SUBDIVISION_LABEL.match(line)
            lead = label.group() if label is not None else ""
            items = listed_after(text, start, end, lead)
            if not items:
                continue  # an empty list: a later line of the section may introduce one
            key = number + (_label(lead) if lead else "")
            if key in found and found[key] != items:
                clashes.add(key)
            found.setdefault(key, items)
    return {key: items for key, items in found.items() if key not in clashes}


def cited_lists(statement: str) -> list[str]:
    """The lists an excluding statement leaves out by citation, as ``exclusion_lists`` keys them
    ("section 6-1-1304(2) excludes" -> ``6-1-1304(2)``); none for a statement that excludes
    nothing ("applies to each controller described in section 6-1-1304(1)")."""
    if EXCLUDING.search(statement) is None:
        return []
    keys: list[str] = []
    for match in _CITATION.finditer(statement):
        key = match.group(1) + match.group(2)
        if key not in keys:
            keys.append(key)
    return keys


def resolve(
    key: str, own: Mapping[str, Sequence[str]], lane: Sequence[Mapping[str, Sequence[str]]]
) -> list[str] | None:
    """The items a citation names: the citing document's own list, else the one list the lane's
    documents agree on; None when none holds it or two disagree."""
    if key in own:
        return list(own[key])
    answers = {tuple(lists[key]) for lists in lane if key in lists}
    return list(answers.pop()) if len(answers) == 1 else None


class Lists(Protocol):
    """What a citation's items are looked up in: a mapping, or the lane's lists (its adapter)."""

    def get(self, key: str, /) -> Sequence[str] | None: ...


def linked_scope(scope: str, items_of: Lists) -> str:
    """``scope`` with each statement that excludes by citation followed by the cited lists'
    items (``items_of``: citation -> items, looked up only for the citations statements make),
    each on a line naming its citation (``linked_line``)
    after the lines that continue the statement; lines linked before are replaced, so linking
    again with the same lists changes nothing. A statement that introduces a list of its own
    (it ends with a colon) names what it leaves out there."""
    groups: list[list[str]] = []
    for line in scope.split("\n"):
        if LINKED_LINE.match(line):
            continue
        if line.startswith(LIST_MARK) and groups:
            groups[-1].append(line)
        else:
            groups.append([line])
    out: list[str] = []
    for group in groups:
        out.extend(group)
        # The statement and the sentences continuing it; the lines after a colon are items.
        citing = [group[0], *(line for before, line in pairwise(group) if not before.endswith(":"))]
        keys = [key for line in citing if not line.endswith(":") for key in cited_lists(line)]
        for key in dict.fromkeys(keys):
            items = items_of.get(key)
            if items:
                out.append(linked_line(key, items, MAX_LIST_STATEMENT_CHARS - len(citing[-1])))
    return "\n".join(out)

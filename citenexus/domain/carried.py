"""How a unit's carried scope statements are written (docs/design.md#applicability).

``Unit.scope`` holds the statements that govern a unit, one per line. What continues a
statement follows it on lines opening with ``LIST_MARK``: the items of a list it introduces
("This section does not apply to the following:"), separated by ";", and the sentence after it
that goes on about the same part ("It does not apply to ..."). Applicability reads those lines
as part of their statement (``with_list_items``); retrieval leaves them out
(``retrieval_scope``): eight categories carried into every unit of a section would outweigh the
unit's own words in its embedding, its full-text entry and its word overlap, and what a rule
leaves out is not what it is about. The full-text trigger of the unit table drops those lines
the same way (curation migration 0006).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

LIST_MARK = "\u21b3 "
# A statement of reach, in generic English: "This section applies ...", "The provisions of this
# chapter do not apply ...", "this part is inapplicable"; group 1 the part it names. Ingest
# carries such statements to the units they govern (citenexus.ingest.scope); the generator does
# not quote one as an answer unless asked about reach (citenexus.domain.answer_fit).
PARTS = r"(section|chapter|subchapter|article|part|subpart|title|division|act|code)"
REACH = (
    r"\b(?:this|the provisions of this)\s+" + PARTS + r"\b[^.;:]{0,40}?"
    r"\b(?:appl(?:y|ies)|is applicable|are applicable|is inapplicable)\b"
)
# A list another section holds, carried under a statement that excludes what it names by
# citation ("... that section 6-1-1304(2) excludes."): the mark, the citation in brackets, the
# items (citenexus.ingest.references).
LINKED_LINE = re.compile(re.escape(LIST_MARK) + r"\[([^\]\n]+)\] ")
_LINKED_JOIN = re.compile(r"\.?\n" + LINKED_LINE.pattern)


def retrieval_scope(scope: str) -> str:
    """A unit's carried statements as retrieval reads them: without the lines of list items."""
    return "\n".join(line for line in scope.split("\n") if not line.startswith(LIST_MARK))


def with_list_items(scope: str) -> str:
    """A unit's carried statements with what continues each joined to it, as applicability
    reads them: a linked list after a colon in place of the statement's closing stop ("...
    section 6-1-1304(2) excludes: The state, ...; ..."), its citation left out."""
    return _LINKED_JOIN.sub(": ", scope).replace(f"\n{LIST_MARK}", " ")


def linked_line(citation: str, items: Sequence[str], room: int) -> str:
    """The line carrying a cited list's items under the statement that cites it, its items cut
    after the last whole item within ``room`` characters (a first item longer than that, at
    ``room``)."""
    joined = "; ".join(items)
    if len(joined) > room:
        # One character more: a ";" right at the room's end closes a whole item.
        joined = joined[: room + 1].rpartition(";")[0] or joined[:room]
    return f"{LIST_MARK}[{citation}] {joined}"

"""How a unit's carried scope statements are written (docs/design.md#applicability).

``Unit.scope`` holds the statements that govern a unit, one per line. A statement that leaves
out the cases a list names ("This section does not apply to the following:") is followed by one
line holding the list's items, separated by ";", opening with ``LIST_MARK``. Applicability reads
the items as part of their statement (``with_list_items``); retrieval leaves them out
(``retrieval_scope``): eight categories carried into every unit of a section would outweigh the
unit's own words in its embedding, its full-text entry and its word overlap. The full-text
trigger of the unit table drops those lines the same way (curation migration 0006).
"""

from __future__ import annotations

LIST_MARK = "\u21b3 "


def retrieval_scope(scope: str) -> str:
    """A unit's carried statements as retrieval reads them: without the lines of list items."""
    return "\n".join(line for line in scope.split("\n") if not line.startswith(LIST_MARK))


def with_list_items(scope: str) -> str:
    """A unit's carried statements with each list's items joined to the statement before them,
    as applicability reads them."""
    return scope.replace(f"\n{LIST_MARK}", " ")

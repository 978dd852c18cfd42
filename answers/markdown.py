"""Text from documents, drafts and people, made safe to put into a Markdown memo.

The memo (``answers/export.py``) is read as CommonMark with GitHub's tables and strikethrough;
whatever a title, a claim or a reason contains must print as those characters and never open
emphasis, a link, raw HTML, a table cell, a list or a heading (docs/api.md#answer-export).
No Django here: the rules are tested without a database.
"""

from __future__ import annotations

import re
from typing import Any

# Characters CommonMark (and GFM tables, strikethrough) can read as structure anywhere in a line.
_INLINE_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~!])")
# "&amp;" would print as "&": escape an ampersand only where it would start an entity.
_ENTITY = re.compile(r"&(?=#?\w+;)")
# What would open a list, draw a rule or underline a heading at the start of a line.
_BLOCK_MARKER = re.compile(r"^([-+=])|^(\d{1,9})([.)])(?=\s|$)")


def md_text(value: Any) -> str:
    """``value`` as one line of Markdown text that renders as the same characters."""
    text = " ".join(str(value if value is not None else "").split())
    text = _INLINE_SPECIAL.sub(r"\\\1", text)
    text = _ENTITY.sub(r"\\&", text)
    return _BLOCK_MARKER.sub(
        lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3), text
    )


def md_code(value: Any) -> str:
    """``value`` as a code span, fenced with more backticks than it contains."""
    text = " ".join(str(value if value is not None else "").split())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text else ""
    return f"{fence}{pad}{text}{pad}{fence}"

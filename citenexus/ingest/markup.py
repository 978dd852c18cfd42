"""Markdown and HTML to plain text that keeps the document's structure as lines.

Headings become lines that start with ``#`` marks (one per level): the one structural mark the
segmenter reads from every format. Paragraphs are separated by a blank line, list items start
with ``- `` or their number, table rows become cells joined by `` | ``. Scripts, styles,
navigation and raw HTML never reach the text: they are dropped, not escaped.
"""

from __future__ import annotations

import re
from typing import Any

_DROPPED_TAGS = frozenset(
    [
        "script",
        "style",
        "noscript",
        "template",
        "nav",
        "iframe",
        "object",
        "embed",
        "svg",
        "canvas",
        "math",
        "button",
        "select",
        "option",
        "input",
        "textarea",
        "head",
    ]
)
_BLOCK_TAGS = frozenset(
    [
        "p",
        "div",
        "section",
        "article",
        "main",
        "header",
        "footer",
        "aside",
        "blockquote",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "caption",
        "figure",
        "figcaption",
        "address",
        "form",
        "fieldset",
        "details",
        "summary",
        "body",
        "html",
        "hr",
        "center",
        "legend",
    ]
)
_HEADINGS = {f"h{n}": n for n in range(1, 7)}


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _heading_line(level: int, text: str) -> str:
    return f"{'#' * level} {text}"


# --- Markdown ---------------------------------------------------------------------------------


def markdown_to_text(source: str) -> tuple[str, str | None]:
    """Plain text of a Markdown document and its title (the first level-1 heading)."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(source)
    blocks: list[str] = []
    title: str | None = None
    prefix = ""
    row: list[str] | None = None
    table: list[str] | None = None
    heading_level = 0
    for token in tokens:
        kind = token.type
        if kind == "heading_open":
            heading_level = int(token.tag[1])
        elif kind == "list_item_open":
            prefix = f"{token.info}{token.markup} " if token.info else "- "
        elif kind == "table_open":
            table = []
        elif kind == "table_close" and table is not None:
            blocks.append("\n".join(r for r in table if r))
            table = None
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close" and row is not None:
            (table if table is not None else blocks).append(" | ".join(c for c in row if c))
            row = None
        elif kind == "inline":
            text = _markdown_inline(token.children or [])
            if row is not None:
                row.append(_collapse(text))
            elif heading_level:
                line = _collapse(text)
                blocks.append(_heading_line(heading_level, line))
                if heading_level == 1 and title is None and line:
                    title = line
            elif text.strip():
                blocks.append(prefix + text.strip())
                prefix = ""
        elif kind == "heading_close":
            heading_level = 0
        elif kind in ("fence", "code_block") and token.content.strip():
            blocks.append(token.content.rstrip("\n"))
    return "\n\n".join(blocks), title


_RAW_OPEN = re.compile(r"<\s*(script|style|noscript|template|iframe|textarea)\b", re.I)


def _markdown_inline(children: list[Any]) -> str:
    """Inline text; raw HTML is dropped, and with it whatever a raw script or style tag holds."""
    parts: list[str] = []
    closing = ""
    for child in children:
        if closing:
            if child.type == "html_inline" and child.content.lower().startswith(closing):
                closing = ""
        elif child.type == "html_inline":
            opened = _RAW_OPEN.match(child.content)
            closing = f"</{opened.group(1).lower()}" if opened else ""
        elif child.type in ("text", "code_inline", "image"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
    return "".join(parts)


# --- HTML -------------------------------------------------------------------------------------


class _HtmlText:
    """Walks a parsed HTML tree and collects blocks of lines."""

    def __init__(self) -> None:
        self.blocks: list[list[str]] = []
        self.lines: list[str] = []
        self.inline: list[str] = []
        self.first_h1: str | None = None

    def flush_line(self) -> None:
        line = _collapse("".join(self.inline))
        self.inline = []
        if line:
            self.lines.append(line)

    def end_block(self) -> None:
        self.flush_line()
        if self.lines:
            self.blocks.append(self.lines)
            self.lines = []

    def inline_text(self, node: Any) -> str:
        saved, self.inline = self.inline, []
        self.walk_inline(node)
        text, self.inline = _collapse("".join(self.inline)), saved
        return text

    def walk_inline(self, node: Any) -> None:
        child = node.child
        while child is not None:
            if child.tag == "-text":
                self.inline.append(child.text_content or "")
            elif child.tag == "br":
                self.inline.append(" ")
            elif child.is_element_node and child.tag not in _DROPPED_TAGS:
                self.walk_inline(child)
            child = child.next

    def walk(self, node: Any) -> None:
        child = node.child
        while child is not None:
            self.visit(child)
            child = child.next

    def visit(self, node: Any) -> None:
        tag = node.tag
        if tag == "-text":
            self.inline.append(node.text_content or "")
        elif not node.is_element_node or tag in _DROPPED_TAGS:
            return
        elif tag == "br":
            self.flush_line()
        elif tag in _HEADINGS:
            self.end_block()
            text = self.inline_text(node)
            if text:
                self.blocks.append([_heading_line(_HEADINGS[tag], text)])
                if tag == "h1" and self.first_h1 is None:
                    self.first_h1 = text
        elif tag == "table":
            # One block per table, one line per row, so a table stays together in a unit.
            self.end_block()
            caption = node.css_first("caption")
            rows = [self.inline_text(caption)] if caption is not None else []
            for row in node.css("tr"):
                cells = [self.inline_text(c) for c in row.iter() if c.tag in ("td", "th")]
                rows.append(" | ".join(c for c in cells if c))
            self.blocks.append([r for r in rows if r])
        elif tag == "li":
            self.end_block()
            self.inline.append(self._list_marker(node))
            self.walk(node)
            self.end_block()
        elif tag == "pre":
            self.end_block()
            text = (node.text(deep=True, separator="") or "").strip("\n")
            if text.strip():
                self.blocks.append(text.splitlines())
        elif tag in _BLOCK_TAGS:
            self.end_block()
            self.walk(node)
            self.end_block()
        else:
            self.walk(node)

    @staticmethod
    def _list_marker(node: Any) -> str:
        parent = node.parent
        if parent is None or parent.tag != "ol":
            return "- "
        position = 1
        sibling = node.prev
        while sibling is not None:
            position += sibling.tag == "li"
            sibling = sibling.prev
        return f"{position}. "


def html_to_text(source: str) -> tuple[str, str | None]:
    """Plain text of an HTML document and its title (``<title>``, else the first ``<h1>``)."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(source)
    title_node = tree.css_first("title")
    title = _collapse(title_node.text(deep=True)) if title_node is not None else ""
    walker = _HtmlText()
    if tree.body is not None:
        walker.walk(tree.body)
    walker.end_block()
    text = "\n\n".join("\n".join(lines) for lines in walker.blocks if lines)
    return text, (title or walker.first_h1 or None)

"""Text put into a Markdown memo prints as itself: never emphasis, a link, HTML, a list or a table.

Read with markdown-it-py (CommonMark plus GitHub's tables and strikethrough), as a memo's reader
would render it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from answers.markdown import md_code, md_text

MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])
# Printable text: control characters and lone surrogates are not what documents hold.
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=80)
HOSTILE = [
    "*Rules* | [draft](http://evil.example) <script>x</script>",
    "1. A numbered opening",
    "- a dash opening",
    "# Not a heading",
    "=====",
    "---",
    "> not a quote",
    "`code` and ``more``",
    "&copy; &#169; & co",
    "a_b_c __bold__ ~~struck~~",
    "![image](x.png)",
    "line one\nline two\n\n| a | b |\n|---|---|",
    "ends with a backslash \\",
    "<https://autolink.example>",
]


def normalised(text: str) -> str:
    return " ".join(text.split())


def inline_children(tokens: list[Any]) -> list[Any]:
    return [child for t in tokens if t.type == "inline" for child in t.children or []]


def block_types(tokens: list[Any]) -> list[str]:
    return [t.type for t in tokens if t.type != "inline"]


@given(TEXT)
@example("1. A numbered opening")
def test_escaped_text_at_the_start_of_a_line_is_one_paragraph_of_the_same_characters(
    value: str,
) -> None:
    tokens = MD.parse(md_text(value))
    if not normalised(value):
        assert tokens == []
        return
    assert block_types(tokens) == ["paragraph_open", "paragraph_close"]
    children = inline_children(tokens)
    assert {c.type for c in children} <= {"text"}, [c.type for c in children]
    assert "".join(c.content for c in children) == normalised(value)


@given(TEXT)
def test_escaped_text_after_a_list_label_stays_inside_that_item(value: str) -> None:
    tokens = MD.parse(f"- **Title:** {md_text(value)}\n- next")
    assert block_types(tokens).count("bullet_list_open") == 1
    assert block_types(tokens).count("list_item_open") == 2
    first = next(t for t in tokens if t.type == "inline")
    children = [c for c in first.children or [] if c.type != "text" or c.content]
    types = [c.type for c in children]
    assert types[:3] == ["strong_open", "text", "strong_close"]
    assert set(types[3:]) <= {"text"}, types
    rest = "".join(c.content for c in children[3:])
    assert rest.strip() == normalised(value)


@given(TEXT)
def test_a_code_span_holds_exactly_the_text(value: str) -> None:
    tokens = MD.parse(f"see {md_code(value)} here")
    children = inline_children(tokens)
    codes = [c for c in children if c.type == "code_inline"]
    assert len(codes) == 1, [c.type for c in children]
    assert codes[0].content.strip() == normalised(value).strip()


def test_hostile_titles_print_as_text() -> None:
    for value in HOSTILE:
        html = MD.render(f"- {md_text(value)}")
        assert "<em>" not in html and "<strong>" not in html and "<a " not in html
        assert "<script>" not in html and "<table>" not in html and "<h1>" not in html
        assert "<ol>" not in html and "<img" not in html and "<s>" not in html
        assert html.count("<li>") == 1, (value, html)

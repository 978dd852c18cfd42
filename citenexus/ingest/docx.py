"""Word documents (.docx) to plain text that keeps their structure as lines.

The same marks as ``markup`` writes for HTML and Markdown, so segmentation and scope carrying
read a Word document's outline as they read a web page's: a heading paragraph (by its outline
level, else its style: ``Title``, ``Heading 1`` … ``Heading 9``) becomes a line of ``#`` marks
(at most six), a list paragraph starts with ``- ``, a table becomes one line per row with its
cells joined by `` | `` (a merged cell once), and paragraphs are separated by a blank line.
Running headers, footers and comments are not body text and are left out, as a PDF's running
lines are (``pages``).

Nothing is guessed about a file that is not a Word document: an OLE container is a
password-protected .docx (it holds an ``EncryptedPackage`` stream) or an old binary .doc; a
zip without ``word/document.xml`` is some other kind of file; a zip that expands past the limit
is refused before it is parsed.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from citenexus.ingest.errors import (
    ENCRYPTED_DOCX,
    MALFORMED_DOCX,
    MESSAGE_DOCX_TOO_LARGE,
    MESSAGE_LEGACY_DOC,
    MESSAGE_NOT_A_DOCX,
    TOO_LARGE,
    ExtractionError,
)

_ZIP_SIGNATURE = b"PK\x03\x04"
_OLE_SIGNATURE = bytes.fromhex("d0cf11e0a1b11ae1")
# An encrypted Office file is an OLE container whose directory names this stream (MS-OFFCRYPTO).
_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
_MAIN_PART = "word/document.xml"
_MAX_HEADING_LEVEL = 6
_BODY_TEXT_LEVEL = 9  # w:outlineLvl 9 means "body text", not a heading
_HEADING_STYLE = re.compile(r"heading\s*(\d)", re.I)
_MAX_STYLE_CHAIN = 20
_MAX_TABLE_DEPTH = 8


def docx_to_text(data: bytes, *, max_expanded_bytes: int) -> tuple[str, str | None]:
    """The text of a Word document and its title, or an ``ExtractionError`` saying why not.

    Rule: the title is the document's ``title`` property, else its first level-1 heading.
    """
    if data.startswith(_OLE_SIGNATURE):
        if _ENCRYPTED_STREAM in data:
            raise ExtractionError(ENCRYPTED_DOCX, detail="OLE container with EncryptedPackage")
        raise ExtractionError(MALFORMED_DOCX, MESSAGE_LEGACY_DOC, detail="OLE container")
    if not data.startswith(_ZIP_SIGNATURE):
        raise ExtractionError(MALFORMED_DOCX, MESSAGE_NOT_A_DOCX, detail="no zip signature")
    _check_archive(data, max_expanded_bytes)
    try:
        import docx

        document = docx.Document(io.BytesIO(data))
        blocks, first_heading = _body(document)
        title = " ".join(str(document.core_properties.title or "").split()) or first_heading
    except ExtractionError:
        raise
    except Exception as error:  # python-docx, lxml and zipfile raise many types for one bad file
        raise ExtractionError(MALFORMED_DOCX, detail=f"{type(error).__name__}: {error}") from error
    return "\n\n".join(blocks), title or None


def _check_archive(data: bytes, max_expanded_bytes: int) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
        raise ExtractionError(MALFORMED_DOCX, detail=f"zip: {error}") from error
    names = {info.filename for info in infos}
    if any(info.flag_bits & 0x1 for info in infos):
        raise ExtractionError(ENCRYPTED_DOCX, detail="password-protected zip entries")
    if _MAIN_PART not in names:
        raise ExtractionError(MALFORMED_DOCX, MESSAGE_NOT_A_DOCX, detail=f"no {_MAIN_PART}")
    # Declared sizes bound what zipfile will read, so they are what a bomb has to lie about.
    expanded = sum(info.file_size for info in infos)
    if expanded > max_expanded_bytes:
        raise ExtractionError(
            TOO_LARGE, MESSAGE_DOCX_TOO_LARGE, detail=f"{expanded} > {max_expanded_bytes} bytes"
        )


def _lines(text: str) -> str:
    """Each line of a paragraph with its spaces collapsed; soft line breaks are kept."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def _body(document: Any) -> tuple[list[str], str | None]:
    from docx.table import Table

    blocks: list[str] = []
    first_heading: str | None = None
    for block in document.iter_inner_content():
        if isinstance(block, Table):
            rows = _table_rows(block, 0)
            if rows:
                blocks.append("\n".join(rows))
            continue
        text = _lines(block.text)
        if not text:
            continue
        level = _heading_level(block)
        if level is not None:
            heading = " ".join(text.split())
            blocks.append(f"{'#' * level} {heading}")
            if level == 1 and first_heading is None:
                first_heading = heading
        elif _is_list_item(block):
            blocks.append("- " + text)
        else:
            blocks.append(text)
    return blocks, first_heading


def _xpath_values(element: Any, path: str) -> list[str]:
    if element is None:
        return []
    return [str(v) for v in element.xpath(path)]


def _styles(paragraph: Any) -> list[Any]:
    """The paragraph's style and the styles it is based on, nearest first."""
    chain: list[Any] = []
    style = paragraph.style
    while style is not None and len(chain) < _MAX_STYLE_CHAIN:
        chain.append(style)
        style = style.base_style
    return chain


def _heading_level(paragraph: Any) -> int | None:
    """1-6 for a heading paragraph (its own outline level, else its styles'), else None."""
    values = _xpath_values(paragraph._p, "./w:pPr/w:outlineLvl/@w:val")
    styles = _styles(paragraph)
    for style in styles:
        if values:
            break
        values = _xpath_values(style.element, "./w:pPr/w:outlineLvl/@w:val")
    if values and values[0].isdigit():
        level = int(values[0])
        return None if level >= _BODY_TEXT_LEVEL else min(level + 1, _MAX_HEADING_LEVEL)
    for style in styles:
        name = str(style.name or "")
        if name.casefold() == "title":
            return 1
        match = _HEADING_STYLE.fullmatch(name.strip())
        if match:
            return max(1, min(int(match.group(1)), _MAX_HEADING_LEVEL))
    return None


def _is_list_item(paragraph: Any) -> bool:
    if _xpath_values(paragraph._p, "./w:pPr/w:numPr/w:numId/@w:val"):
        return True
    return any(
        _xpath_values(style.element, "./w:pPr/w:numPr/w:numId/@w:val")
        for style in _styles(paragraph)
    )


def _table_rows(table: Any, depth: int) -> list[str]:
    """One line per row, cells joined by `` | ``; a cell merged across columns appears once."""
    rows = []
    for row in table.rows:
        seen: list[Any] = []  # the cells' elements, kept alive so identity compares them
        cells = []
        for cell in row.cells:
            if any(cell._tc is element for element in seen):
                continue
            seen.append(cell._tc)
            text = _cell_text(cell, depth)
            if text:
                cells.append(text)
        if cells:
            rows.append(" | ".join(cells))
    return rows


def _cell_text(cell: Any, depth: int) -> str:
    from docx.table import Table

    parts: list[str] = []
    for block in cell.iter_inner_content():
        if isinstance(block, Table):
            if depth < _MAX_TABLE_DEPTH:
                parts.append("; ".join(_table_rows(block, depth + 1)))
        else:
            parts.append(block.text)
    return " ".join(" ".join(part.split()) for part in parts if part.strip())

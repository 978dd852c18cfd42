"""PDF to the text of each page and its outline: PDFium first, pypdf when PDFium cannot open it.

PDFium is not thread-safe and tasks may run in a thread pool inside the web process
(docs/design.md#jobs), so every PDFium call holds one process-wide lock. A page limit and a time
budget bound the work one upload can cause; the budget is checked between pages (a single page
cannot be interrupted). Page boundaries and bookmarks are kept so citations can name their pages
(``pages.pdf_text``).
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from citenexus.ingest.errors import (
    ENCRYPTED_PDF,
    MALFORMED_PDF,
    MESSAGE_TOO_MANY_PAGES,
    MESSAGE_TOO_SLOW,
    MESSAGE_TRUNCATED_PDF,
    NO_TEXT,
    TOO_LARGE,
    ExtractionError,
)
from citenexus.ingest.pages import OutlineEntry

PDFIUM_LOCK = threading.Lock()
_PDFIUM_PASSWORD_ERROR = 4  # FPDF_ERR_PASSWORD
# Readers look for the end-of-file marker in the last 1024 bytes (PDF 1.7, implementation note).
_EOF_WINDOW = 1024
# A bookmark tree deeper or longer than this is not an outline a reader would use.
_MAX_OUTLINE_DEPTH = 8
_MAX_OUTLINE_ENTRIES = 5000


class _Unreadable(Exception):
    """PDFium could not read the file; the pypdf fallback gets a turn."""


@dataclass(frozen=True)
class PdfContent:
    """The raw text of every page, in order, with the document's title and outline."""

    pages: tuple[str, ...]
    title: str | None
    outline: tuple[OutlineEntry, ...] = ()


def read_pdf(data: bytes, *, max_pages: int, time_budget_s: float) -> PdfContent:
    """The pages, title and outline of a PDF.

    Rule: a file whose end marker is missing is truncated; a password that is needed is an
    encrypted PDF; more pages than ``max_pages`` or more time than ``time_budget_s`` is too large;
    pages without any text are a scanned PDF (``no_text``).
    """
    if b"%%EOF" not in data[-_EOF_WINDOW:]:
        raise ExtractionError(MALFORMED_PDF, MESSAGE_TRUNCATED_PDF, detail="no %%EOF marker")
    deadline = time.monotonic() + time_budget_s
    try:
        content = _with_pdfium(data, max_pages, deadline)
    except _Unreadable as pdfium_problem:
        content = _with_pypdf(data, max_pages, deadline, str(pdfium_problem))
    if not any(page.strip() for page in content.pages):
        raise ExtractionError(NO_TEXT, detail=f"{len(content.pages)} pages without text")
    return content


def _check_pages(count: int, max_pages: int) -> None:
    if count > max_pages:
        raise ExtractionError(TOO_LARGE, MESSAGE_TOO_MANY_PAGES, detail=f"{count} > {max_pages}")
    if count == 0:
        raise ExtractionError(MALFORMED_PDF, detail="no pages")


def _read_pages(count: int, deadline: float, read: Callable[[int], str]) -> list[str]:
    pages = []
    for index in range(count):
        if time.monotonic() > deadline:
            raise ExtractionError(TOO_LARGE, MESSAGE_TOO_SLOW, detail=f"stopped at page {index}")
        pages.append(read(index))
    return pages


def _with_pdfium(data: bytes, max_pages: int, deadline: float) -> PdfContent:
    import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        try:
            document = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as error:
            if getattr(error, "err_code", None) == _PDFIUM_PASSWORD_ERROR:
                raise ExtractionError(ENCRYPTED_PDF, detail=str(error)) from error
            raise _Unreadable(str(error)) from error
        try:
            _check_pages(len(document), max_pages)

            def read(index: int) -> str:
                page = document[index]
                try:
                    textpage = page.get_textpage()
                    try:
                        return str(textpage.get_text_range())
                    finally:
                        textpage.close()
                finally:
                    page.close()

            try:
                pages = _read_pages(len(document), deadline, read)
            except pdfium.PdfiumError as error:
                raise _Unreadable(str(error)) from error
            title = str(document.get_metadata_dict().get("Title", "")).strip() or None
            return PdfContent(tuple(pages), title, _pdfium_outline(document, len(pages)))
        finally:
            document.close()


def _pdfium_outline(document: Any, page_count: int) -> tuple[OutlineEntry, ...]:
    """The bookmarks that point at a page; a broken outline is no outline, not a broken PDF."""
    entries: list[OutlineEntry] = []
    try:
        for bookmark in document.get_toc(max_depth=_MAX_OUTLINE_DEPTH):
            if len(entries) >= _MAX_OUTLINE_ENTRIES:
                break
            destination = bookmark.get_dest()
            index = destination.get_index() if destination is not None else None
            title = " ".join(str(bookmark.get_title() or "").split())
            if title and index is not None and 0 <= index < page_count:
                entries.append(OutlineEntry(title, int(bookmark.level) + 1, int(index) + 1))
    except Exception:  # PDFium reports a damaged outline in several ways; the text still reads
        return ()
    return tuple(entries)


def _with_pypdf(data: bytes, max_pages: int, deadline: float, why: str) -> PdfContent:
    import pypdf

    try:
        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise ExtractionError(ENCRYPTED_PDF, detail="pypdf: a password is needed")
        _check_pages(len(reader.pages), max_pages)
        pages = _read_pages(len(reader.pages), deadline, lambda i: reader.pages[i].extract_text())
        metadata = reader.metadata
        title = str(metadata.title).strip() if metadata and metadata.title else None
    except ExtractionError:
        raise
    except Exception as error:  # pypdf raises many unrelated types for one broken file
        raise ExtractionError(
            MALFORMED_PDF, detail=f"pdfium: {why}; pypdf: {type(error).__name__}: {error}"
        ) from error
    return PdfContent(tuple(pages), title or None, _pypdf_outline(reader, len(pages)))


def _pypdf_outline(reader: Any, page_count: int) -> tuple[OutlineEntry, ...]:
    def walk(items: Any, level: int) -> Iterator[OutlineEntry]:
        if level > _MAX_OUTLINE_DEPTH:
            return
        for item in items:
            if isinstance(item, list):
                yield from walk(item, level + 1)
                continue
            index = reader.get_destination_page_number(item)
            title = " ".join(str(getattr(item, "title", "") or "").split())
            if title and index is not None and 0 <= index < page_count:
                yield OutlineEntry(title, level, int(index) + 1)

    try:
        entries = []
        for entry in walk(reader.outline, 1):
            entries.append(entry)
            if len(entries) >= _MAX_OUTLINE_ENTRIES:
                break
        return tuple(entries)
    except Exception:  # as above: a damaged outline leaves the text readable
        return ()

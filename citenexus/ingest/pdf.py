"""PDF to text: PDFium first, pypdf when PDFium cannot open the file.

PDFium is not thread-safe and tasks may run in a thread pool inside the web process
(docs/design.md#jobs), so every PDFium call holds one process-wide lock. A page limit and a time
budget bound the work one upload can cause; the budget is checked between pages (a single page
cannot be interrupted).
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable

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

_PDFIUM_LOCK = threading.Lock()
_PDFIUM_PASSWORD_ERROR = 4  # FPDF_ERR_PASSWORD
# Readers look for the end-of-file marker in the last 1024 bytes (PDF 1.7, implementation note).
_EOF_WINDOW = 1024


class _Unreadable(Exception):
    """PDFium could not read the file; the pypdf fallback gets a turn."""


def extract_pdf(
    data: bytes, *, max_pages: int, time_budget_s: float
) -> tuple[str, str | None, int]:
    """The text, title and page count of a PDF.

    Rule: a file whose end marker is missing is truncated; a password that is needed is an
    encrypted PDF; more pages than ``max_pages`` or more time than ``time_budget_s`` is too large;
    pages without any text are a scanned PDF (``no_text``).
    """
    if b"%%EOF" not in data[-_EOF_WINDOW:]:
        raise ExtractionError(MALFORMED_PDF, MESSAGE_TRUNCATED_PDF, detail="no %%EOF marker")
    deadline = time.monotonic() + time_budget_s
    try:
        pages, title = _with_pdfium(data, max_pages, deadline)
    except _Unreadable as pdfium_problem:
        pages, title = _with_pypdf(data, max_pages, deadline, str(pdfium_problem))
    text = "\n\n".join(p.strip() for p in pages if p.strip())
    if not text:
        raise ExtractionError(NO_TEXT, detail=f"{len(pages)} pages without text")
    return text, title, len(pages)


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


def _with_pdfium(data: bytes, max_pages: int, deadline: float) -> tuple[list[str], str | None]:
    import pypdfium2 as pdfium

    with _PDFIUM_LOCK:
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
            return pages, title
        finally:
            document.close()


def _with_pypdf(
    data: bytes, max_pages: int, deadline: float, why: str
) -> tuple[list[str], str | None]:
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
    return pages, title or None

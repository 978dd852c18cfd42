"""Uploaded bytes to plain text: the first step of ingest.

The type comes from the file name's extension and is checked against the content: a file that
starts with the PDF signature is read as a PDF whatever its name, and a ``.pdf`` without it is
refused; a ``.docx`` is read as a Word document (``docx``). A PDF's text keeps where each page
lies (``ExtractedText.page_spans``, see ``pages``); other formats have no pages. Text is strict
UTF-8, or UTF-16/UTF-8 with a byte-order mark. Latin-1 and cp1252 are not guessed: every byte
string decodes as Latin-1, so a guess would silently turn a mis-saved file (or a binary one) into
wrong text — and legal text read wrongly is worse than a clear refusal.
HTML may *declare* another charset in a ``<meta>`` tag; a declared charset is used, not a guess.

The result is normalised: ``\\n`` line ends, Unicode NFC, no control characters but tab and
newline. Headings are lines starting with ``#`` marks (see ``markup``).
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass
from pathlib import PurePath

from citenexus.ingest.errors import (
    EMPTY,
    MALFORMED_PDF,
    MESSAGE_BINARY,
    MESSAGE_NOT_A_PDF,
    MESSAGE_TOO_LARGE_SIZED,
    TOO_LARGE,
    UNDECODABLE,
    UNKNOWN_TYPE,
    ExtractionError,
)
from citenexus.ingest.pages import PageSpan

DEFAULT_MAX_BYTES = 20_000_000
DEFAULT_MAX_PAGES = 2_000
DEFAULT_PDF_TIME_BUDGET_S = 120.0
# A .docx is a zip: what it may expand to, as a multiple of the upload limit.
DOCX_EXPANSION = 10

_EXTENSIONS = {
    ".txt": "txt",
    ".text": "txt",
    ".md": "md",
    ".markdown": "md",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".pdf": "pdf",
    ".docx": "docx",
}
_PDF_SIGNATURE = b"%PDF-"
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]+)""", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass(frozen=True)
class ExtractedText:
    """The plain text of one uploaded file."""

    text: str
    format: str  # "txt", "md", "html", "pdf" or "docx"
    title: str | None = None
    pages: int | None = None
    page_spans: tuple[PageSpan, ...] = ()  # where each page lies in ``text`` (PDF only)


def extract_text(
    data: bytes,
    filename: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_pages: int = DEFAULT_MAX_PAGES,
    pdf_time_budget_s: float = DEFAULT_PDF_TIME_BUDGET_S,
) -> ExtractedText:
    """The text of an uploaded file, or an ``ExtractionError`` saying why there is none.

    Rule: type by extension, confirmed by content; an empty or whitespace-only result is
    ``empty``; nothing larger than ``max_bytes`` is read at all.
    """
    if not data:
        raise ExtractionError(EMPTY, detail="0 bytes")
    if len(data) > max_bytes:
        message = MESSAGE_TOO_LARGE_SIZED.format(size=len(data), limit=max_bytes)
        raise ExtractionError(TOO_LARGE, message, detail=f"{len(data)} bytes > {max_bytes}")
    kind = detect_format(data, filename)
    if kind == "pdf":
        from citenexus.ingest.pages import pdf_text
        from citenexus.ingest.pdf import read_pdf

        pdf = read_pdf(data, max_pages=max_pages, time_budget_s=pdf_time_budget_s)
        text, spans = pdf_text(pdf.pages, pdf.outline, normalise=_normalise)
        return _finish(text, "pdf", pdf.title, len(pdf.pages), spans)
    if kind == "docx":
        from citenexus.ingest.docx import docx_to_text

        text, title = docx_to_text(data, max_expanded_bytes=max_bytes * DOCX_EXPANSION)
        return _finish(text, "docx", title, None)
    if kind == "html":
        from citenexus.ingest.markup import html_to_text

        text, title = html_to_text(_normalise(decode_html(data)))
        return _finish(text, "html", title, None)
    source = _normalise(decode_text(data))
    if kind == "md":
        from citenexus.ingest.markup import markdown_to_text

        text, title = markdown_to_text(source)
        return _finish(text, "md", title, None)
    return _finish(source, "txt", None, None)


def detect_format(data: bytes, filename: str) -> str:
    """``txt``, ``md``, ``html``, ``pdf`` or ``docx``, from the extension checked against the
    content (a ``.docx`` is checked when it is opened)."""
    kind = _EXTENSIONS.get(PurePath(filename).suffix.lower())
    is_pdf = data.lstrip()[: len(_PDF_SIGNATURE)] == _PDF_SIGNATURE
    if is_pdf:
        return "pdf"
    if kind == "pdf":
        raise ExtractionError(MALFORMED_PDF, MESSAGE_NOT_A_PDF, detail="no %PDF- signature")
    if kind is None:
        raise ExtractionError(UNKNOWN_TYPE, detail=f"extension of {filename!r}")
    return kind


def decode_text(data: bytes) -> str:
    """Text from bytes: UTF-8 (a BOM is allowed), or UTF-16 with a BOM; nothing is guessed."""
    if data.startswith(codecs.BOM_UTF8):
        return _decode(data[len(codecs.BOM_UTF8) :], "utf-8")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, "utf-16")
    return _decode(data, "utf-8")


def decode_html(data: bytes) -> str:
    """Like ``decode_text``, but a charset the page declares is honoured when UTF-8 fails."""
    try:
        return decode_text(data)
    except ExtractionError:
        declared = _META_CHARSET.search(data[:4096])
        if declared is None:
            raise
        try:
            codec = codecs.lookup(declared.group(1).decode("ascii")).name
        except LookupError:
            raise ExtractionError(UNDECODABLE, detail="unknown declared charset") from None
        if codec == "utf-8":
            raise
        return _decode(data, codec)


def _decode(data: bytes, codec: str) -> str:
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as error:
        raise ExtractionError(
            UNDECODABLE, detail=f"invalid {codec} at byte {error.start}"
        ) from None
    if "\x00" in text:
        raise ExtractionError(UNDECODABLE, MESSAGE_BINARY, detail="NUL byte") from None
    return text.removeprefix("\ufeff")


def _normalise(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n").replace("\v", "\n")
    return unicodedata.normalize("NFC", _CONTROL.sub("", text))


def _finish(
    text: str,
    kind: str,
    title: str | None,
    pages: int | None,
    page_spans: tuple[PageSpan, ...] = (),
) -> ExtractedText:
    finished = _normalise(text).strip("\n")
    if not finished.strip():
        raise ExtractionError(EMPTY, detail=f"no text in the {kind} file")
    if finished != text:  # page offsets hold only for the text they were measured on
        page_spans = ()
    return ExtractedText(
        text=finished, format=kind, title=title, pages=pages, page_spans=page_spans
    )

"""Why a file could not be read, in words a curator understands.

Each code has one message constant; tests assert on the constants, and the web layer shows
``message`` as is. ``detail`` carries the technical particulars (a byte offset, a page count) for
logs and the API's ``details``.
"""

from __future__ import annotations

UNKNOWN_TYPE = "unknown_type"
EMPTY = "empty"
UNDECODABLE = "undecodable"
TOO_LARGE = "too_large"
MALFORMED_PDF = "malformed_pdf"
ENCRYPTED_PDF = "encrypted_pdf"
NO_TEXT = "no_text"
MALFORMED_DOCX = "malformed_docx"
ENCRYPTED_DOCX = "encrypted_docx"

MESSAGE_UNKNOWN_TYPE = "This kind of file cannot be read. Upload plain text (.txt), Markdown (.md), HTML (.html), PDF or Word (.docx)."
MESSAGE_EMPTY = "The file has no text in it."
MESSAGE_UNDECODABLE = "The text is not valid UTF-8 (or UTF-16 with a byte-order mark). Save it as UTF-8 and upload again."
MESSAGE_BINARY = "The file contains binary data (NUL bytes), not text."
MESSAGE_TOO_LARGE = "The file is larger than the upload limit."
# What a curator can act on: how far over the limit the file is.
MESSAGE_TOO_LARGE_SIZED = "The file is {size:,} bytes; the upload limit is {limit:,} bytes."
MESSAGE_TOO_MANY_PAGES = "The PDF has more pages than the limit for one document."
MESSAGE_TOO_SLOW = "The PDF took too long to read; split it into smaller files."
MESSAGE_NOT_A_PDF = "The file is named .pdf but is not a PDF."
MESSAGE_MALFORMED_PDF = "The PDF is damaged and cannot be read."
MESSAGE_TRUNCATED_PDF = "The PDF is incomplete (its end is missing); upload the whole file."
MESSAGE_ENCRYPTED_PDF = "The PDF is password-protected. Upload a copy without a password."
MESSAGE_NO_TEXT = (
    "The PDF has no text layer (it looks scanned). Run OCR on it, or upload the text instead."
)
MESSAGE_MALFORMED_DOCX = (
    "The Word document is damaged and cannot be read. Open it in Word, save it again as .docx "
    "and upload that."
)
MESSAGE_NOT_A_DOCX = "The file is named .docx but is not a Word document."
MESSAGE_LEGACY_DOC = (
    "This is an older Word document (.doc), not a .docx. Save it as a Word document (.docx) "
    "and upload again."
)
MESSAGE_ENCRYPTED_DOCX = (
    "The Word document is password-protected. Upload a copy without a password."
)
MESSAGE_DOCX_TOO_LARGE = "The Word document expands to more than the limit for one document."

MESSAGES: dict[str, str] = {
    UNKNOWN_TYPE: MESSAGE_UNKNOWN_TYPE,
    EMPTY: MESSAGE_EMPTY,
    UNDECODABLE: MESSAGE_UNDECODABLE,
    TOO_LARGE: MESSAGE_TOO_LARGE,
    MALFORMED_PDF: MESSAGE_MALFORMED_PDF,
    ENCRYPTED_PDF: MESSAGE_ENCRYPTED_PDF,
    NO_TEXT: MESSAGE_NO_TEXT,
    MALFORMED_DOCX: MESSAGE_MALFORMED_DOCX,
    ENCRYPTED_DOCX: MESSAGE_ENCRYPTED_DOCX,
}


class ExtractionError(ValueError):
    """A file that cannot become text: ``code`` is one of the codes above."""

    def __init__(self, code: str, message: str | None = None, detail: str = "") -> None:
        if code not in MESSAGES:
            raise ValueError(f"unknown extraction error code {code!r}")
        self.code = code
        self.message = message if message is not None else MESSAGES[code]
        self.detail = detail
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"ExtractionError({self.code!r}, {self.message!r}, detail={self.detail!r})"

"""Ingest without a framework: bytes to text, text to evidence units with their scope.

``extract_text`` reads an upload (txt, md, html, pdf) or says why it cannot; ``segment`` cuts the
text into units that follow its headings and carry the scope statements that govern them;
``embedding_text`` is what gets embedded and indexed for a unit; ``severance_rate`` measures how
many units lost their governing scope statement.
"""

from __future__ import annotations

from citenexus.ingest.errors import (
    EMPTY,
    ENCRYPTED_PDF,
    MALFORMED_PDF,
    MESSAGES,
    NO_TEXT,
    TOO_LARGE,
    UNDECODABLE,
    UNKNOWN_TYPE,
    ExtractionError,
)
from citenexus.ingest.extract import ExtractedText, detect_format, extract_text
from citenexus.ingest.scope import severance_rate
from citenexus.ingest.segment import (
    HEADING_SEPARATOR,
    Piece,
    embedding_text,
    max_unit_chars,
    segment,
)

__all__ = [
    "EMPTY",
    "ENCRYPTED_PDF",
    "HEADING_SEPARATOR",
    "MALFORMED_PDF",
    "MESSAGES",
    "NO_TEXT",
    "TOO_LARGE",
    "UNDECODABLE",
    "UNKNOWN_TYPE",
    "ExtractedText",
    "ExtractionError",
    "Piece",
    "detect_format",
    "embedding_text",
    "extract_text",
    "max_unit_chars",
    "segment",
    "severance_rate",
]

"""One PDF page as a PNG, with a cited passage highlighted where the text layer draws it.

The passage is what a citation quotes from the document's extracted text; the page's own text
layer differs from it in spacing, line ends, hyphens, dropped running lines and the ``#`` marks
of headings, so the two are compared on letters and digits alone (case-folded), and each
matched character's box is painted over like a highlighter pen (multiplied, so the print stays
legible). When the whole passage is not found in one piece each of its lines is looked for in
turn, in order; what cannot be found is simply not highlighted — the page is still shown.

PDFium is not thread-safe: every call holds ``pdf.PDFIUM_LOCK``. The PNG is encoded here with
zlib (no imaging library is needed).
"""

from __future__ import annotations

import struct
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from citenexus.ingest.pdf import PDFIUM_LOCK

DEFAULT_SCALE = 1.5  # 108 dpi: a US Letter page is 918 x 1188 pixels
MAX_SCALE = 4.0
MAX_PIXELS_PER_SIDE = 3000  # a poster-sized page is scaled down to this
HIGHLIGHT_RGB = (255, 214, 64)
_MIN_LINE_LETTERS = 3
ERR_NO_SUCH_PAGE = "the document has no page {page} (it has {count})"
ERR_UNREADABLE = "the PDF cannot be opened to draw its pages"


class PageImageError(ValueError):
    """A page that cannot be drawn: ``missing`` when the page number is out of range."""

    def __init__(self, message: str, *, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


@dataclass(frozen=True)
class PageImage:
    png: bytes
    width: int
    height: int
    highlighted_chars: int  # how many characters of the passage were found on the page


def render_page(
    data: bytes, page: int, *, highlight: str = "", scale: float = DEFAULT_SCALE
) -> PageImage:
    """Page ``page`` (1-based) of the PDF ``data`` as a PNG, ``highlight`` marked on it."""
    import pypdfium2 as pdfium

    scale = max(0.1, min(scale, MAX_SCALE))
    with PDFIUM_LOCK:
        try:
            document = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as error:
            raise PageImageError(ERR_UNREADABLE) from error
        try:
            count = len(document)
            if not 1 <= page <= count:
                raise PageImageError(ERR_NO_SUCH_PAGE.format(page=page, count=count), missing=True)
            pdf_page = document[page - 1]
            try:
                width, height = pdf_page.get_size()
                scale = min(scale, MAX_PIXELS_PER_SIDE / max(width, height, 1.0))
                bitmap = pdf_page.render(scale=scale, rev_byteorder=True)
                pixels = np.array(bitmap.to_numpy()[:, :, :3], dtype=np.uint8)
                boxes = _passage_boxes(pdf_page, highlight) if highlight.strip() else []
                convert = bitmap.get_posconv(pdf_page)
                marked = _paint(pixels, [_to_pixels(convert, box) for box in boxes])
            finally:
                pdf_page.close()
        except pdfium.PdfiumError as error:
            raise PageImageError(ERR_UNREADABLE) from error
        finally:
            document.close()
    found = len(boxes) if marked else 0
    return PageImage(encode_png(pixels), pixels.shape[1], pixels.shape[0], found)


def _to_pixels(convert: Any, box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    left, bottom, right, top = box
    corners = [convert.to_bitmap(x, y) for x in (left, right) for y in (bottom, top)]
    xs = [int(c[0]) for c in corners]
    ys = [int(c[1]) for c in corners]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def _paint(pixels: Any, rects: Sequence[tuple[int, int, int, int]]) -> bool:
    """Multiply the highlight colour into every pixel some rectangle covers (once each)."""
    if not rects:
        return False
    height, width = pixels.shape[:2]
    mask = np.zeros((height, width), dtype=bool)
    for x0, y0, x1, y1 in rects:
        mask[max(0, y0) : min(height, y1), max(0, x0) : min(width, x1)] = True
    tint = np.array(HIGHLIGHT_RGB, dtype=np.uint16)
    pixels[mask] = (pixels[mask].astype(np.uint16) * tint // 255).astype(np.uint8)
    return bool(mask.any())


def _compact(text: str) -> tuple[str, list[int]]:
    """Letters and digits of ``text``, case-folded, and the index in ``text`` of each."""
    letters: list[str] = []
    where: list[int] = []
    for index, char in enumerate(text):
        for folded in unicodedata.normalize("NFKC", char).casefold():
            if folded.isalnum():
                letters.append(folded)
                where.append(index)
    return "".join(letters), where


def passage_ranges(page_text: str, passage: str) -> list[tuple[int, int]]:
    """Where ``passage`` lies in ``page_text``, as [start, end) index ranges.

    Rule: compared on letters and digits alone; the whole passage if it is there, else each of
    its lines (of at least three letters) found in order after the one before.
    """
    page, where = _compact(page_text)
    whole, _ = _compact(passage)
    if not whole or not page:
        return []
    found = page.find(whole)
    if found >= 0:
        return [(where[found], where[found + len(whole) - 1] + 1)]
    ranges = []
    position = 0
    for line in passage.splitlines():
        letters, _ = _compact(line)
        if len(letters) < _MIN_LINE_LETTERS:
            continue
        found = page.find(letters, position)
        if found < 0:
            continue
        ranges.append((where[found], where[found + len(letters) - 1] + 1))
        position = found + len(letters)
    return ranges


def _passage_boxes(pdf_page: Any, passage: str) -> list[tuple[float, float, float, float]]:
    textpage = pdf_page.get_textpage()
    try:
        text = str(textpage.get_text_range())
        count = textpage.count_chars()
        boxes = []
        for start, end in passage_ranges(text, passage):
            for index in range(start, min(end, count)):
                left, bottom, right, top = textpage.get_charbox(index, loose=True)
                if right > left and top > bottom:  # generated line ends have no box
                    boxes.append((left, bottom, right, top))
        return boxes
    finally:
        textpage.close()


def encode_png(pixels: Any) -> bytes:
    """An 8-bit RGB PNG of an (height, width, 3) array."""
    height, width = pixels.shape[:2]
    rows = np.zeros((height, width * 3 + 1), dtype=np.uint8)  # filter byte 0 on every row
    rows[:, 1:] = pixels.reshape(height, width * 3)

    def chunk(kind: bytes, body: bytes) -> bytes:
        checksum = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", checksum)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
        + chunk(b"IEND", b"")
    )

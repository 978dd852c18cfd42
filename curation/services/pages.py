"""Pages of paginated documents at ingest: each unit's pages, and the file kept to show them.

A PDF's extraction says where each page lies in its text (``citenexus.ingest.pages``); a unit
records the first and last page its text touches, and the uploaded file is kept beside the
version (``SourceFile``) so the document page can draw a cited page with the passage marked
(docs/design.md, "PDF pages"). Formats without pages keep nothing and their units' pages are null.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from citenexus.ingest.pages import PageSpan, page_range
from common.errors import Conflict, Invalid, NotFound
from curation.models import Document, SourceFile

PAGINATED_FORMATS = frozenset({"pdf"})


def unit_pages(spans: Sequence[PageSpan], start: int, end: int) -> tuple[int | None, int | None]:
    """(page_start, page_end) of the text ``[start, end)``, or (None, None) without pages."""
    pages = page_range(spans, start, end)
    return pages if pages is not None else (None, None)


def source_file_keep(
    *,
    document: Document,
    fmt: str,
    filename: str,
    data: bytes | None,
    spans: Sequence[PageSpan],
    page_count: int | None = None,
) -> SourceFile | None:
    """Keep the file of the document's current version when it has pages (inside the caller's
    transaction, so a version and its file are written together or not at all)."""
    if data is None or fmt not in PAGINATED_FORMATS or not spans:
        return None
    source = SourceFile(
        document=document,
        version=document.version,
        filename=filename[:255],
        format=fmt,
        data=data,
        sha256=hashlib.sha256(data).hexdigest(),
        page_count=page_count or max(span.number for span in spans),
        page_spans=[[span.number, span.start, span.end] for span in spans],
    )
    source.full_clean(exclude=["data"])
    source.save()
    return source


def source_file_of(document: Document, version: int | None = None) -> SourceFile | None:
    """The kept file of a version of the document (its current one by default), if any."""
    return (
        SourceFile.objects.filter(document=document, version=version or document.version)
        .defer("data")
        .first()
    )


def spans_of(source: Any) -> list[PageSpan]:
    """The stored page spans of a kept file."""
    return [PageSpan(int(n), int(s), int(e)) for n, s, e in source.page_spans or []]


# --- a cited page as an image ----------------------------------------------------------------

ERR_NO_PAGES = "this document has no pages to show (only PDFs keep their pages)"
ERR_NO_PAGE = "this document has no page {page} (it has {count})"
ERR_NO_UNIT = "this document has no unit {unit}"
ERR_BAD_SPAN = "from and to must be character offsets in the unit's text, from < to"
ERR_BAD_NUMBER = "{name} must be a whole number"
ERR_UNREADABLE = "the stored PDF cannot be drawn"
PAGE_IMAGE_SCALE = 1.5


def page_query(query: Any) -> tuple[int | None, tuple[int, int] | None]:
    """(unit ordinal, span in the unit's text) from ``?unit=&from=&to=``; Invalid if malformed."""

    def number(name: str) -> int | None:
        raw = str(query.get(name, "") or "").strip()
        if not raw:
            return None
        if not raw.isdigit():
            raise Invalid("invalid", ERR_BAD_NUMBER.format(name=name), {"field": name})
        return int(raw)

    unit, start, end = number("unit"), number("from"), number("to")
    if start is None and end is None:
        return unit, None
    if start is None or end is None or start >= end or unit is None:
        raise Invalid("invalid", ERR_BAD_SPAN, {"field": "from"})
    return unit, (start, end)


def cited_passage(
    *, document: Document, spans: Sequence[PageSpan], page: int, unit: Any, span: Any
) -> str:
    """The part of the cited text (the unit, or ``span`` of its text) that lies on ``page``."""
    if unit is None:
        return ""
    start, end = unit.start, unit.end
    if span is not None:
        start, end = (
            unit.start + min(span[0], len(unit.text)),
            unit.start + min(span[1], len(unit.text)),
        )
    on_page = next((s for s in spans if s.number == page), None)
    if on_page is None:
        return ""
    low, high = max(start, on_page.start), min(end, on_page.end)
    return document.content[low:high] if low < high else ""


def page_image_png(*, document: Document, page: int, query: Any) -> bytes:
    """The PNG of a page of the document's current version, the cited passage marked.

    Cached on disk by file, page and passage (``CITENEXUS_PAGE_CACHE_DIR``, by default
    ``page-images`` in the data directory); callers check permission first.
    """
    from citenexus.ingest.page_image import PageImageError, render_page

    source = source_file_of(document)
    if source is None:
        raise NotFound("not_found", ERR_NO_PAGES)
    if not 1 <= page <= source.page_count:
        message = ERR_NO_PAGE.format(page=page, count=source.page_count)
        raise NotFound("not_found", message, {"page": page})
    ordinal, span = page_query(query)
    unit = None
    if ordinal is not None:
        unit = document.units.filter(current=True, ordinal=ordinal).first()
        if unit is None:
            raise NotFound("not_found", ERR_NO_UNIT.format(unit=ordinal))
    passage = cited_passage(
        document=document, spans=spans_of(source), page=page, unit=unit, span=span
    )
    key = f"{source.sha256}:{page}:{PAGE_IMAGE_SCALE}:{passage}"
    cached = _cache_path(hashlib.sha256(key.encode()).hexdigest())
    try:
        return cached.read_bytes()
    except OSError:
        pass
    data = SourceFile.objects.filter(pk=source.pk).values_list("data", flat=True).get()
    try:
        image = render_page(bytes(data), page, highlight=passage, scale=PAGE_IMAGE_SCALE)
    except PageImageError as exc:
        raise Conflict("unreadable_pdf", ERR_UNREADABLE) from exc
    _cache_write(cached, image.png)
    return image.png


def _cache_path(name: str) -> Any:
    from pathlib import Path

    from django.conf import settings

    folder = getattr(settings, "CITENEXUS_PAGE_CACHE_DIR", None) or (
        Path(settings.CITENEXUS_DATA_DIR) / "page-images"
    )
    return Path(folder) / name[:2] / f"{name}.png"


def _cache_write(path: Any, png: bytes) -> None:
    """Write through a temporary file, so a reader never sees half an image."""
    import os
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(png)
        os.replace(temporary, path)
    except OSError:  # a cache that cannot be written only costs the next request a render
        return

"""Pages of PDF documents in templates: "p. 4" labels and the page viewer of a document page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from citenexus.ingest.pages import page_label
from curation.services.pages import source_file_of

register = template.Library()


@register.filter
def pages(page_start: Any, page_end: Any = None) -> str:
    """``{{ unit.page_start|pages:unit.page_end }}`` → "p. 4", "pp. 4–5" or ""."""
    if not isinstance(page_start, int):
        return ""
    return page_label(page_start, page_end if isinstance(page_end, int) else None)


def _whole(raw: Any) -> int | None:
    text = str(raw or "").strip()
    return int(text) if text.isdigit() else None


@register.simple_tag
def page_view(document: Any, query: Any) -> dict[str, Any] | None:
    """The page to show on a document page (``?page=N&unit=&from=&to=``), or None.

    Only a PDF's current version has pages to show; the image URL carries the cited unit and
    span so the image marks them.
    """
    page = _whole(query.get("page"))
    if page is None:
        return None
    source = source_file_of(document)
    if source is None or not 1 <= page <= source.page_count:
        return None
    args = [document.lane.slug, document.document_id]
    cited = {k: query.get(k) for k in ("unit", "from", "to") if _whole(query.get(k)) is not None}
    image = reverse("document-page-image", args=[*args, page])
    here = reverse("document", args=args)

    def link(number: int) -> str | None:
        if not 1 <= number <= source.page_count:
            return None
        return f"{here}?{urlencode({'page': number})}#page-view"

    return {
        "page": page,
        "count": source.page_count,
        "src": f"{image}?{urlencode(cited)}" if cited else image,
        "unit": _whole(cited.get("unit")),
        "previous": link(page - 1),
        "next": link(page + 1),
        "close": here,
    }

"""A page of a PDF document as an image, the cited passage marked (docs/design.md#pdf-pages).

Access is the document page's own: a non-member gets 404 (lanes do not leak), a member whose
role does not let them read the lane gets 403.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from access.roles import Cap
from common.errors import ServiceError
from common.http import png_response
from curation.models import Document
from curation.services.pages import page_image_png
from curation.views.shared import page_lane


@login_required
def document_page_image(
    request: HttpRequest, slug: str, document_id: str, page: int
) -> HttpResponse:
    lane, _caps = page_lane(request, slug, Cap.READ_LANE)
    document = get_object_or_404(Document, lane=lane, document_id=document_id)
    try:
        png = page_image_png(document=document, page=page, query=request.GET)
    except ServiceError as exc:
        return HttpResponse(exc.message, status=exc.status_code, content_type="text/plain")
    return png_response(png)

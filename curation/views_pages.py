"""A page of a PDF document as an image, the cited passage marked (docs/design.md, "PDF pages").

Access is the document page's own: a non-member gets 404 (lanes do not leak), a member whose
role does not let them read the lane gets 403.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from citenexus_web.api_errors import ApiError
from curation.models import Document
from curation.roles import Cap
from curation.services.pages import page_image_png
from curation.views import page_lane, require_cap

# The image of a version never changes (a new version is a new file), but it is private.
CACHE_CONTROL = "private, max-age=3600"


def png_response(png: bytes) -> HttpResponse:
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = CACHE_CONTROL
    response["X-Content-Type-Options"] = "nosniff"
    return response


@login_required
def document_page_image(
    request: HttpRequest, slug: str, document_id: str, page: int
) -> HttpResponse:
    lane = page_lane(request, slug)
    require_cap(request, lane, Cap.READ_LANE)
    document = get_object_or_404(Document, lane=lane, document_id=document_id)
    try:
        png = page_image_png(document=document, page=page, query=request.GET)
    except ApiError as exc:
        return HttpResponse(exc.message, status=exc.status_code, content_type="text/plain")
    return png_response(png)

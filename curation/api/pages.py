"""A page of a PDF document as a PNG, the cited passage marked (API: documents, "page images")."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from access.lanes import lane_for
from access.roles import Cap
from common.errors import NotFound
from common.http import png_response
from curation.models import Document
from curation.services.pages import page_image_png

ERR_MAY_NOT_READ = "you may not read documents in this lane"
ERR_NO_DOCUMENT = "no document {document_id!r} in this lane"


class PngRenderer(BaseRenderer):
    """Lets a client ask for ``Accept: image/png``; errors still go out as the JSON error shape."""

    media_type = "image/png"
    format = "png"
    charset = None
    render_style = "binary"

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> Any:
        if isinstance(data, bytes):
            return data
        response = (renderer_context or {}).get("response")
        if response is not None:
            response["Content-Type"] = "application/json"
        return json.dumps(data).encode()


class DocumentPageImageApi(APIView):
    renderer_classes = [JSONRenderer, PngRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter("unit", int, description="ordinal of the cited unit to highlight"),
            OpenApiParameter("from", int, description="start of the cited span in the unit's text"),
            OpenApiParameter("to", int, description="end of the cited span in the unit's text"),
        ],
        responses={
            (200, "image/png"): OpenApiResponse(OpenApiTypes.BINARY, description="the page"),
            (404, "application/json"): OpenApiTypes.OBJECT,
        },
    )
    def get(self, request: Request, slug: str, document_id: str, page: int) -> HttpResponse:
        lane = lane_for(request.user, slug, Cap.READ_LANE, ERR_MAY_NOT_READ)
        document = Document.objects.filter(lane=lane, document_id=document_id).first()
        if document is None:
            raise NotFound("not_found", ERR_NO_DOCUMENT.format(document_id=document_id))
        return png_response(page_image_png(document=document, page=page, query=request.GET))

"""Authority CSV API: a curator's assertion of standing, checked against the lane's order."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.lanes import lane_for
from access.roles import Cap
from access.throttles import AUTHORITY_CSV, throttle
from common.errors import Invalid
from common.http import actor_name
from curation.services.authority_csv import authority_csv_apply

ERR_MAY_NOT_ASSIGN = "you may not assign tiers in this lane"
ERR_NO_CSV = "send the CSV as a multipart field named 'file'"
TRUE = {"1", "true", "yes", "on"}


class AuthorityCsvInput(serializers.Serializer[Any]):
    file = serializers.FileField()
    dry_run = serializers.BooleanField(required=False, default=False)
    confirm = serializers.ChoiceField(choices=["valid_rows"], required=False)


class AuthorityCsvApi(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        request={"multipart/form-data": AuthorityCsvInput},
        responses=OpenApiTypes.OBJECT,
        description=(
            "Columns: document_id and any metadata columns; the tier column is named by the "
            "lane's metadata_key. Unknown tiers or malformed rows apply nothing unless "
            "confirm=valid_rows. dry_run=true reports what would change."
        ),
    )
    def post(self, request: Request, slug: str) -> Response:
        lane = lane_for(request.user, slug, Cap.ASSIGN_TIER, ERR_MAY_NOT_ASSIGN)
        throttle(action=AUTHORITY_CSV, user=request.user, lane=lane)
        upload = request.FILES.get("file")
        if upload is None:
            raise Invalid("invalid", ERR_NO_CSV, {"field": "file"})
        confirm = request.data.get("confirm", "")
        if confirm not in ("", "valid_rows"):
            raise Invalid("invalid", "confirm must be valid_rows", {"field": "confirm"})
        result = authority_csv_apply(
            lane=lane,
            data=upload.read(),
            actor=actor_name(request),
            dry_run=str(request.data.get("dry_run", "")).lower() in TRUE,
            confirm_valid_rows=confirm == "valid_rows",
        )
        return Response(result)

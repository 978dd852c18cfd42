"""Audit API: list with filters and a cursor, verify the chain, stream exports
(docs/api.md#audit)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.chain import verify_chain
from audit.export import export_response
from audit.selectors import (
    EVENT_COLUMNS,
    AuditFilters,
    FilterError,
    audit_event_list,
    event_dict,
    iter_event_batches,
    parse_filters,
    require_audit_reader,
    snapshot_bound,
)
from common.errors import Invalid

ERR_BAD_CURSOR = "the cursor is not one this API issued"
ERR_BAD_LIMIT = "'limit' must be an integer from 1 to {max}"
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000

FILTER_PARAMS = [
    OpenApiParameter("action", str),
    OpenApiParameter("lane", str),
    OpenApiParameter("document_id", str),
    OpenApiParameter("actor", str),
    OpenApiParameter("since", OpenApiTypes.DATETIME, description="at >= since"),
    OpenApiParameter("until", OpenApiTypes.DATETIME, description="at < until"),
    OpenApiParameter("order", str, enum=["asc", "desc"], description="by id; default asc"),
]


def _filters(request: Request) -> AuditFilters:
    try:
        return parse_filters(request.query_params)
    except FilterError as exc:
        raise Invalid("invalid", str(exc), {"param": exc.param}) from exc


def encode_cursor(after: int) -> str:
    return base64.urlsafe_b64encode(json.dumps({"after": after}).encode()).decode().rstrip("=")


def decode_cursor(raw: str) -> int:
    try:
        data = json.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
        after = data["after"]
    except (binascii.Error, ValueError, TypeError, KeyError) as exc:
        raise Invalid("invalid_cursor", ERR_BAD_CURSOR, {"param": "cursor"}) from exc
    if not isinstance(after, int) or isinstance(after, bool) or after < 0:
        raise Invalid("invalid_cursor", ERR_BAD_CURSOR, {"param": "cursor"})
    return after


def _limit(request: Request) -> int:
    raw = request.query_params.get("limit")
    if not raw:
        return DEFAULT_LIMIT
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_LIMIT:
        raise Invalid("invalid", ERR_BAD_LIMIT.format(max=MAX_LIMIT), {"param": "limit"})
    return value


def _event_serializer(**kwargs: Any) -> Any:
    return inline_serializer(
        "AuditEvent",
        {
            "id": serializers.IntegerField(),
            "at": serializers.DateTimeField(),
            "actor": serializers.CharField(),
            "action": serializers.CharField(),
            "lane": serializers.CharField(),
            "document_id": serializers.CharField(),
            "details": serializers.JSONField(),
            "prev_hash": serializers.CharField(),
            "hash": serializers.CharField(),
        },
        **kwargs,
    )


class AuditListApi(APIView):  # type: ignore[misc]  # DRF ships no type information
    """Keyset pagination by id: appending events never shifts or repeats a page."""

    @extend_schema(
        parameters=[
            *FILTER_PARAMS,
            OpenApiParameter("cursor", str),
            OpenApiParameter("limit", int),
        ],
        responses=inline_serializer(
            "AuditPage",
            {
                "count": serializers.IntegerField(),
                "next": serializers.URLField(allow_null=True),
                "results": _event_serializer(many=True),
            },
        ),
    )
    def get(self, request: Request) -> Response:
        require_audit_reader(request.user)
        filters = _filters(request)
        limit = _limit(request)
        query = audit_event_list(request.user, filters)
        count = query.count()
        raw_cursor = request.query_params.get("cursor")
        if raw_cursor:
            after = decode_cursor(raw_cursor)
            query = (
                query.filter(id__gt=after) if filters.order == "asc" else query.filter(id__lt=after)
            )
        rows = list(query.values(*EVENT_COLUMNS)[: limit + 1])
        next_url = None
        if len(rows) > limit:
            rows = rows[:limit]
            params = request.query_params.copy()
            params["cursor"] = encode_cursor(rows[-1]["id"])
            next_url = request.build_absolute_uri(request.path + "?" + params.urlencode())
        return Response(
            {"count": count, "next": next_url, "results": [event_dict(r) for r in rows]}
        )


class AuditVerifyApi(APIView):  # type: ignore[misc]  # DRF ships no type information
    @extend_schema(
        responses=inline_serializer(
            "AuditVerify",
            {
                "ok": serializers.BooleanField(),
                "events": serializers.IntegerField(),
                "first_bad_id": serializers.IntegerField(allow_null=True),
                "reason": serializers.CharField(allow_null=True),
                "head_hash": serializers.CharField(),
                "checkpoints": serializers.IntegerField(),
                "first_bad_checkpoint_id": serializers.IntegerField(allow_null=True),
            },
        )
    )
    def get(self, request: Request) -> Response:
        """Recompute the whole chain (not only the caller's lanes: a chain has one head)."""
        require_audit_reader(request.user)
        return Response(verify_chain().as_dict())


class AuditExportApi(APIView):  # type: ignore[misc]  # DRF ships no type information
    """Stream the filtered log up to the newest event at the moment the export began."""

    fmt = "jsonl"

    @extend_schema(parameters=FILTER_PARAMS, responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request: Request) -> StreamingHttpResponse:
        require_audit_reader(request.user)
        filters = _filters(request)
        query = audit_event_list(request.user, filters)
        batches = iter_event_batches(
            query, upto=snapshot_bound(), descending=filters.order == "desc"
        )
        # The Django request, not DRF's wrapper: it tells whether ASGI or WSGI serves this one.
        return export_response(request._request, self.fmt, batches)

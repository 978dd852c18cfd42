"""Evaluation runs API (docs/api.md#evaluation-runs): upload a golden set and run it, list a
lane's runs, read one run, and the diff between two."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.lanes import lane_for
from access.roles import Cap
from access.throttles import EVALUATE, throttle
from common.errors import Invalid
from common.http import actor_name
from evaluations.models import EvaluationRun
from evaluations.selectors import (
    ERR_MAY_NOT_EVALUATE,
    evaluation_dict,
    evaluation_diff,
    evaluation_list,
    evaluation_readable,
    evaluation_summary,
)
from evaluations.services import ERR_GOLDEN_TOO_LARGE, MAX_GOLDEN_BYTES, evaluation_upload

ERR_NO_FILE = "send the golden CSV as a multipart field named 'file'"
ERR_BAD_KIND = "kind must be run or what_if"


class EvaluationInput(serializers.Serializer[Any]):
    file = serializers.FileField(
        help_text="a golden CSV: the columns of examples/*/golden.csv, or question, expected, "
        "expect_decision (answer|abstain) with optional correct_docs and trap_docs (|-separated)"
    )
    modes = serializers.CharField(
        required=False,
        help_text="runs to ask in, comma-separated (default strict,normal,exploratory,"
        "strict-floor-off)",
    )


def upload_bytes(upload: Any) -> bytes:
    """The uploaded file's bytes, refused before reading when it is over the limit."""
    if upload is None:
        raise Invalid("invalid", ERR_NO_FILE, {"field": "file"})
    if upload.size and upload.size > MAX_GOLDEN_BYTES:
        message = ERR_GOLDEN_TOO_LARGE.format(size=upload.size, limit=MAX_GOLDEN_BYTES)
        errors = [{"line": None, "message": message}]
        raise Invalid("invalid_golden_csv", message, {"errors": errors, "format": ""})
    return bytes(upload.read())


class LaneEvaluationsApi(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        parameters=[OpenApiParameter("kind", str, enum=["run", "what_if"], required=False)],
        responses=OpenApiTypes.OBJECT,
        description="The lane's evaluation runs (or what-ifs), newest first, with their "
        "headline numbers per mode.",
    )
    def get(self, request: Request, slug: str) -> Response:
        lane = lane_for(request.user, slug, Cap.EVALUATE, ERR_MAY_NOT_EVALUATE)
        kind = request.query_params.get("kind", EvaluationRun.Kind.RUN)
        if kind not in EvaluationRun.Kind.values:
            raise Invalid("invalid", ERR_BAD_KIND, {"param": "kind"})
        return Response([evaluation_summary(r) for r in evaluation_list(lane=lane, kind=kind)])

    @extend_schema(
        request={"multipart/form-data": EvaluationInput},
        responses={202: OpenApiTypes.OBJECT},
        description="Upload a golden set and run it as a job; a file with any problem is "
        "refused (400 invalid_golden_csv, details.errors by line) and nothing is run.",
    )
    def post(self, request: Request, slug: str) -> Response:
        lane = lane_for(request.user, slug, Cap.EVALUATE, ERR_MAY_NOT_EVALUATE)
        throttle(action=EVALUATE, user=request.user, lane=lane)
        upload = request.FILES.get("file")
        data = upload_bytes(upload)
        modes = ",".join(request.data.getlist("modes")) if "modes" in request.data else None
        run = evaluation_upload(
            lane=lane,
            data=data,
            filename=getattr(upload, "name", "") or "",
            modes=modes,
            user=request.user,
            actor=actor_name(request),
        )
        run.refresh_from_db()
        body = evaluation_summary(run)
        body["job"] = {"id": str(run.job_id), "status": run.job.status if run.job else None}
        return Response(body, status=status.HTTP_202_ACCEPTED)


class EvaluationDetailApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, evaluation_id: int) -> Response:
        run = evaluation_readable(user=request.user, evaluation_id=evaluation_id)
        return Response(evaluation_dict(run))


class EvaluationDiffApi(APIView):
    @extend_schema(
        responses=OpenApiTypes.OBJECT,
        description="The questions whose outcome changed from run {evaluation_id} (before) to "
        "run {other_id} (after), with both outcomes per mode; runs of one lane.",
    )
    def get(self, request: Request, evaluation_id: int, other_id: int) -> Response:
        before = evaluation_readable(user=request.user, evaluation_id=evaluation_id)
        after = evaluation_readable(user=request.user, evaluation_id=other_id)
        return Response(evaluation_diff(before=before, after=after))

"""Ask, verify and answers API (docs/api.md#ask-and-verify)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.lanes import lane_for, require
from access.roles import Cap
from access.throttles import ASK, VERIFY, throttle
from answers.export import MEDIA_TYPE, answer_markdown, answer_permalink, export_filename
from answers.models import Answer
from answers.selectors import answer_dict, answer_list, answer_readable
from answers.services import MODES, answer_ask, answer_review, answer_verify
from citenexus.domain.answer import SINGLE, STRATEGIES
from common.http import actor_name

ERR_MAY_NOT_ASK = "you may not ask or verify in this lane"
ERR_MAY_NOT_REVIEW = "you may not review answers in this lane"


class AskInput(serializers.Serializer[Any]):
    lane = serializers.SlugField()
    question = serializers.CharField(allow_blank=True, trim_whitespace=False)
    mode = serializers.ChoiceField(choices=MODES, required=False)
    strategy = serializers.ChoiceField(choices=STRATEGIES, required=False, default=SINGLE)


class SegmentInput(serializers.Serializer[Any]):
    text = serializers.CharField(allow_blank=True, max_length=20_000)
    citations = serializers.ListField(
        child=serializers.CharField(max_length=300), required=False, default=list, max_length=100
    )


class VerifyInput(serializers.Serializer[Any]):
    lane = serializers.SlugField()
    question = serializers.CharField(allow_blank=True, trim_whitespace=False)
    mode = serializers.ChoiceField(choices=MODES, required=False)
    segments = SegmentInput(many=True, max_length=200)


class ReviewInput(serializers.Serializer[Any]):
    verdict = serializers.ChoiceField(choices=["approve", "flag"])
    note = serializers.CharField(allow_blank=True, required=False, default="", max_length=5000)


# POST a question (ask) or a draft (verify) to a lane the user may ask in. (A comment, not a
# docstring: drf-spectacular would put a docstring into the schema of both endpoints.)
class _AnswerApi(APIView):
    Input: ClassVar[type[serializers.Serializer[Any]]]
    service: ClassVar[Callable[..., Answer]]
    action: ClassVar[str]

    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        lane = lane_for(request.user, fields.pop("lane"), Cap.ASK, ERR_MAY_NOT_ASK)
        throttle(action=self.action, user=request.user, lane=lane)
        answer = type(self).service(
            lane=lane, user=request.user, actor=actor_name(request), **fields
        )
        return Response(answer_dict(answer), status=status.HTTP_200_OK)


@extend_schema_view(post=extend_schema(request=AskInput, responses=OpenApiTypes.OBJECT))
class AskApi(_AnswerApi):
    Input = AskInput
    service = staticmethod(answer_ask)
    action = ASK


@extend_schema_view(post=extend_schema(request=VerifyInput, responses=OpenApiTypes.OBJECT))
class VerifyApi(_AnswerApi):
    Input = VerifyInput
    service = staticmethod(answer_verify)
    action = VERIFY


class AnswerDetailApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, answer_id: int) -> Response:
        return Response(answer_dict(answer_readable(user=request.user, answer_id=answer_id)))


# The answer as a Markdown memo (docs/api.md#answer-export), readable by whoever may read the
# answer (404 otherwise). The memo is always Markdown and an error always the JSON error shape,
# whatever the client's Accept header says, so no content negotiation (a client asking for
# text/markdown would otherwise get DRF's 406).
class AnswerExportApi(APIView):
    def perform_content_negotiation(
        self, request: Request, force: bool = False
    ) -> tuple[BaseRenderer, str]:
        renderer = JSONRenderer()
        return renderer, renderer.media_type

    @extend_schema(
        operation_id="answers_export_markdown",
        summary="The answer as a Markdown memo",
        responses={(200, "text/markdown"): OpenApiTypes.STR},
    )
    def get(self, request: Request, answer_id: int) -> HttpResponse:
        answer = answer_readable(user=request.user, answer_id=answer_id)
        memo = answer_markdown(
            answer=answer, permalink=answer_permalink(request, answer), exported_at=timezone.now()
        )
        response = HttpResponse(memo, content_type=MEDIA_TYPE)
        response["Content-Disposition"] = f'inline; filename="{export_filename(answer)}"'
        response["X-Content-Type-Options"] = "nosniff"
        return response


class AnswerListApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        params = request.query_params
        qs = answer_list(
            user=request.user,
            lane=params.get("lane", ""),
            status=params.get("status", ""),
            refusal_code=params.get("refusal_code", ""),
            asked_by=params.get("asked_by", ""),
        )
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(qs, request, view=self) or []
        return paginator.get_paginated_response([answer_dict(a) for a in page])


class AnswerReviewApi(APIView):
    @extend_schema(request=ReviewInput, responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, answer_id: int) -> Response:
        answer = answer_readable(user=request.user, answer_id=answer_id)
        require(request.user, Cap.REVIEW, answer.lane, ERR_MAY_NOT_REVIEW)
        data = ReviewInput(data=request.data)
        data.is_valid(raise_exception=True)
        answer = answer_review(
            answer=answer,
            verdict=data.validated_data["verdict"],
            note=data.validated_data["note"],
            actor=actor_name(request),
        )
        return Response(answer_dict(answer))

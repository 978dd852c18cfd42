"""Lanes API: create, read, update, and the precedence every member can read."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.lanes import lane_for
from access.roles import Cap, has_global_role, visible_lanes
from common.errors import Conflict, Forbidden
from common.http import actor_name
from curation.domain import lane_precedence
from curation.models import Lane
from curation.services.lanes import LANE_FIELDS, lane_create, lane_update

ERR_NOT_ADMIN = "only an admin may create lanes"
ERR_CANNOT_EDIT = "you may not edit this lane's policy"


_WORDS = {"type": "array", "items": {"type": "string"}}
VOCABULARY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "nullable": True,
    "additionalProperties": False,
    "description": (
        "The words of the lane's field, as a hint to rules that otherwise speak generic English."
        " Every key is optional; null or {} is the empty vocabulary. Phrases are plain words (a"
        " space or hyphen matches either, `*` stands for one word, the last word may be plural)."
        " Stored normalised (lower case, single spaces); a bad entry is refused with a 400"
        " `invalid_vocabulary` naming it, and nothing is saved. Admins only."
    ),
    "properties": {
        "parties": {**_WORDS, "description": "the parties, words or phrases ('data subject')"},
        "synonyms": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": (
                "lay word -> the term of art it stands for (a question using the lay word is"
                " also searched with the term; a pair of single words changes how words compare"
                " too)"
            ),
        },
        "scope_terms": {
            "type": "object",
            "additionalProperties": {"type": "object", "additionalProperties": _WORDS},
            "description": (
                "scope dimension -> {value: [phrases that name it]}, at least two values that"
                " exclude each other per dimension"
            ),
        },
        "jurisdictions": {
            "type": "object",
            "additionalProperties": _WORDS,
            "description": "jurisdiction code -> the names a question may use for it",
        },
        "status_phrases": {
            **_WORDS,
            "description": "phrases that make a duration a length of status, not a deadline",
        },
        "value_idioms": {
            **_WORDS,
            "description": "one-word nouns that turn a period into an amount",
        },
    },
    "example": {
        "parties": ["employer", "employee"],
        "synonyms": {"boss": "employer"},
        "scope_terms": {"sector": {"public": ["public sector"], "private": ["private sector"]}},
    },
}


@extend_schema_field(VOCABULARY_SCHEMA)
class VocabularyField(serializers.JSONField):
    """Any JSON here; the lane service validates it with the domain's rules (one place)."""


class LaneSerializer(serializers.ModelSerializer[Lane]):
    vocabulary = VocabularyField(required=False, allow_null=True)
    tier_order = serializers.ListField(child=serializers.CharField(max_length=100), required=False)
    policy = serializers.DictField(
        child=serializers.CharField(allow_null=True, allow_blank=False, max_length=100),
        required=False,
    )
    minimum_tier = serializers.CharField(
        allow_null=True, allow_blank=True, required=False, max_length=100
    )

    class Meta:
        model = Lane
        fields = ["slug", *LANE_FIELDS, "created_at", "updated_at"]
        read_only_fields = ["created_at", "updated_at"]
        extra_kwargs = {"slug": {"validators": []}}

    def validate_minimum_tier(self, value: str | None) -> str:
        return value or ""


class PrecedenceSerializer(serializers.Serializer[Any]):
    order = serializers.ListField(child=serializers.CharField(), help_text="highest first")
    minimum_tier = serializers.CharField(allow_null=True)
    profile = serializers.CharField()


class LaneListCreateApi(APIView):
    @extend_schema(responses=LaneSerializer(many=True))
    def get(self, request: Request) -> Response:
        lanes = visible_lanes(request.user).order_by("slug")
        return Response(LaneSerializer(lanes, many=True).data)

    @extend_schema(request=LaneSerializer, responses={201: LaneSerializer})
    def post(self, request: Request) -> Response:
        if not has_global_role(request.user, "admin"):
            raise Forbidden("forbidden", ERR_NOT_ADMIN)
        serializer = LaneSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        if Lane.objects.filter(slug=data["slug"]).exists():
            raise Conflict("conflict", f"a lane with slug {data['slug']!r} exists")
        lane = lane_create(actor=actor_name(request), **data)
        return Response(LaneSerializer(lane).data, status=status.HTTP_201_CREATED)


class LaneDetailApi(APIView):
    @extend_schema(responses=LaneSerializer)
    def get(self, request: Request, slug: str) -> Response:
        return Response(LaneSerializer(lane_for(request.user, slug)).data)

    @extend_schema(request=LaneSerializer, responses=LaneSerializer)
    def patch(self, request: Request, slug: str) -> Response:
        lane = lane_for(request.user, slug, Cap.EDIT_LANE, ERR_CANNOT_EDIT)
        serializer = LaneSerializer(lane, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        fields = dict(serializer.validated_data)
        fields.pop("slug", None)
        lane = lane_update(actor=actor_name(request), lane=lane, **fields)
        return Response(LaneSerializer(lane).data)


class LanePrecedenceApi(APIView):
    @extend_schema(
        responses=PrecedenceSerializer,
        description=(
            "The lane's tier order, highest first, its floor and profile. Weigh conflicting "
            "records by this order; a correction is weighed by its own authority."
        ),
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(lane_precedence(lane_for(request.user, slug)))

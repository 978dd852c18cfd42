"""The caller's API tokens (docs/api.md#api-tokens): list, create (the key shown once), revoke."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.models import ApiToken
from accounts.services import token_create, token_list, token_revoke
from common.http import actor_name


class TokenInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)
    expires_in_days = serializers.IntegerField(required=False, allow_null=True, min_value=1)


def token_dict(token: ApiToken) -> dict[str, Any]:
    """Everything about a token but its key, which is never stored."""
    return {
        "id": token.pk,
        "name": token.name,
        "created_at": token.created_at,
        "expires_at": token.expires_at,
        "last_used_at": token.last_used_at,
    }


class TokenListCreateApi(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response([token_dict(t) for t in token_list(user=request.user)])

    @extend_schema(request=TokenInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = TokenInput(data=request.data)
        data.is_valid(raise_exception=True)
        token, key = token_create(
            user=request.user,
            actor=actor_name(request),
            name=data.validated_data["name"],
            expires_in_days=data.validated_data.get("expires_in_days"),
        )
        return Response({**token_dict(token), "key": key}, status=status.HTTP_201_CREATED)


class TokenDetailApi(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, token_id: int) -> Response:
        token_revoke(by=request.user, actor=actor_name(request), token_id=token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)

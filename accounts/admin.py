"""API tokens in Django admin: names and dates only (keys are never stored); revoke is audited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from access.models import ApiToken
from accounts.services import token_revoke


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "user", "created_at", "expires_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "user__username")
    readonly_fields = ("user", "name", "created_at", "expires_at", "last_used_at", "revoked_at")
    exclude = ("digest",)
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request: HttpRequest, queryset: QuerySet[ApiToken]) -> None:
        for token in queryset.filter(revoked_at__isnull=True):
            token_revoke(by=request.user, actor=request.user.get_username(), token_id=token.pk)

"""Read-only admin for lanes, documents, units, corrections and jobs.

Every change of standing (a tier, a floor, a policy, a membership, a correction, an ingest) is
audited by the service that makes it; a save here would bypass that service and its audit
event (docs/design.md#roles). So the admin only browses, and each page points to where the
change is made: the lane's pages, the API or ``manage.py``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.db.models.functions import Length
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from audit.admin import NoWrites, ReadOnlyAdmin
from curation.models import (
    Correction,
    Document,
    DocumentVersion,
    EmbeddingSpace,
    EvidenceUnit,
    Job,
    JobFile,
    Lane,
    LaneMembership,
    SourceFile,
)

EDIT_ELSEWHERE = (
    "Read-only here: changes of standing are made through the lane's pages, the API or "
    "manage.py, which record each one in the audit log."
)
LANE_EDIT_ELSEWHERE = (
    "Read-only here: tier order, floor, profile, source-type policy and members are edited on "
    "the lane's settings page, which checks them against each other and audits every change."
)


class ReadOnlyInline(NoWrites, admin.TabularInline):  # type: ignore[type-arg]
    extra = 0
    can_delete = False
    show_change_link = True


class MembershipInline(ReadOnlyInline):
    model = LaneMembership
    fields = readonly_fields = ("user", "role", "created_at")


@admin.register(Lane)
class LaneAdmin(ReadOnlyAdmin):
    list_display = ("slug", "name", "kind", "profile", "minimum_tier", "default_mode", "settings")
    list_filter = ("kind", "profile", "default_mode")
    search_fields = ("slug", "name", "jurisdiction")
    fieldsets = (
        (
            None,
            {
                "description": LANE_EDIT_ELSEWHERE,
                "fields": ("settings", "slug", "name", "kind", "jurisdiction"),
            },
        ),
        (
            "Authority policy",
            {
                "fields": (
                    "profile",
                    "tier_order",
                    "minimum_tier",
                    "metadata_key",
                    "default_mode",
                    "policy",
                    "vocabulary",
                )
            },
        ),
        (None, {"fields": ("created_at", "updated_at")}),
    )
    inlines = (MembershipInline,)

    @admin.display(description="settings page")
    def settings(self, obj: Lane) -> str:
        url = reverse("lane-settings", kwargs={"slug": obj.slug})
        return format_html('<a href="{}">edit on the settings page</a>', url)


@admin.register(LaneMembership)
class LaneMembershipAdmin(ReadOnlyAdmin):
    list_display = ("lane", "user", "role", "created_at")
    list_filter = ("role", "lane")
    search_fields = ("user__username", "lane__slug")
    list_select_related = ("lane", "user")
    fields = ("lane", "user", "role", "created_at")


class CorrectionInline(ReadOnlyInline):
    model = Correction
    fields = readonly_fields = (
        "text",
        "authority",
        "active",
        "author_name",
        "created_at",
        "withdrawn_at",
    )


@admin.register(Document)
class DocumentAdmin(ReadOnlyAdmin):
    list_display = (
        "document_id",
        "lane",
        "title",
        "source_type",
        "tier",
        "version",
        "unit_count",
        "ingested_by_name",
        "ingested_at",
    )
    list_filter = ("lane", "source_type", "format")
    search_fields = ("document_id", "title", "record_id", "original_filename")
    list_select_related = ("lane",)
    show_full_result_count = False
    fieldsets = (
        (
            None,
            {
                "description": EDIT_ELSEWHERE,
                "fields": (
                    "page",
                    "lane",
                    "document_id",
                    "record_id",
                    "title",
                    "source_type",
                    "source_system",
                    "authority",
                ),
            },
        ),
        (
            "Content",
            {
                "fields": (
                    "format",
                    "original_filename",
                    "content_hash",
                    "version",
                    "unit_count",
                    "content",
                )
            },
        ),
        (None, {"fields": ("ingested_by_name", "ingested_at", "updated_at")}),
    )
    inlines = (CorrectionInline,)

    @admin.display(description="tier")
    def tier(self, obj: Document) -> str:
        return obj.tier_name()

    @admin.display(description="document page")
    def page(self, obj: Document) -> str:
        url = reverse("document", kwargs={"slug": obj.lane.slug, "document_id": obj.document_id})
        return format_html('<a href="{}">{}</a>', url, url)


@admin.register(DocumentVersion)
class DocumentVersionAdmin(ReadOnlyAdmin):
    list_display = ("document", "version", "content_hash", "created_by_name", "created_at")
    search_fields = ("document__document_id", "content_hash")
    list_select_related = ("document__lane",)
    show_full_result_count = False
    fields = (
        "document",
        "version",
        "content_hash",
        "authority",
        "created_by_name",
        "created_at",
        "content",
    )


@admin.register(EvidenceUnit)
class EvidenceUnitAdmin(ReadOnlyAdmin):
    list_display = ("key", "lane", "version", "current", "heading")
    list_filter = ("current", "lane")
    search_fields = ("document__document_id", "heading")
    list_select_related = ("document", "lane")
    show_full_result_count = False  # millions of units: no COUNT(*) on every page
    # The embedding (hundreds of floats) and the full-text vector are left out: they are
    # unreadable, and loading them for every row would make the list slow.
    fields = (
        "lane",
        "document",
        "version",
        "current",
        "ordinal",
        "start",
        "end",
        "heading",
        "scope",
        "page_start",
        "page_end",
        "authority_meta",
        "embedding_dimensions",
        "text",
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[EvidenceUnit]:
        return super().get_queryset(request).defer("embedding", "search")

    @admin.display(description="embedding")
    def embedding_dimensions(self, obj: EvidenceUnit) -> str:
        vector = EvidenceUnit.objects.filter(pk=obj.pk).values_list("embedding", flat=True).get()
        return "none" if vector is None else f"{len(vector)} dimensions"


@admin.register(Correction)
class CorrectionAdmin(ReadOnlyAdmin):
    list_display = ("id", "document", "authority", "active", "author_name", "created_at")
    list_filter = ("active", "authority")
    search_fields = ("document__document_id", "text", "author_name")
    list_select_related = ("document__lane",)
    fields = (
        "document",
        "text",
        "authority",
        "active",
        "author_name",
        "created_at",
        "withdrawn_at",
        "withdrawn_by_name",
    )

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        return [(None, {"description": EDIT_ELSEWHERE, "fields": self.fields})]


@admin.register(Job)
class JobAdmin(ReadOnlyAdmin):
    """Jobs are written by their runner; editing one by hand would race it."""

    list_display = ("id", "kind", "lane", "status", "progress", "created_by_name", "created_at")
    list_filter = ("kind", "status")
    search_fields = ("created_by_name", "error")
    list_select_related = ("lane",)
    fields = (
        "id",
        "kind",
        "lane",
        "status",
        "progress",
        "attempts",
        "error",
        "created_by_name",
        "created_at",
        "updated_at",
        "params",
        "items",
    )


@admin.register(JobFile)
class JobFileAdmin(ReadOnlyAdmin):
    """Uploads still waiting for their job; the bytes themselves are not shown."""

    list_display = ("name", "job", "index", "size")
    search_fields = ("name",)
    fields = ("job", "index", "name", "size")

    def get_queryset(self, request: HttpRequest) -> QuerySet[JobFile]:
        return super().get_queryset(request).defer("data").annotate(size_bytes=Length("data"))

    @admin.display(description="bytes")
    def size(self, obj: JobFile) -> int:
        return int(getattr(obj, "size_bytes", 0) or 0)


@admin.register(EmbeddingSpace)
class EmbeddingSpaceAdmin(ReadOnlyAdmin):
    """Changed only by ``manage.py reembed``, which moves every unit to the new embedder."""

    list_display = ("name", "dimension", "updated_at")
    fields = ("name", "dimension", "updated_at")


@admin.register(SourceFile)
class SourceFileAdmin(ReadOnlyAdmin):
    """The uploaded PDF of each document version, kept to draw cited pages; bytes not shown."""

    list_display = ("document", "version", "filename", "page_count", "size", "created_at")
    search_fields = ("document__document_id", "filename")
    list_select_related = ("document__lane",)
    fields = ("document", "version", "filename", "format", "page_count", "sha256", "size")

    def get_queryset(self, request: HttpRequest) -> QuerySet[SourceFile]:
        return super().get_queryset(request).defer("data").annotate(size_bytes=Length("data"))

    @admin.display(description="bytes")
    def size(self, obj: SourceFile) -> int:
        return int(getattr(obj, "size_bytes", 0) or 0)

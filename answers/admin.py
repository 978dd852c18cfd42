"""Read-only admin for stored answers: an answer is kept as computed, and a review verdict is
recorded (and audited) on the answer's page, never edited here."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from answers.models import Answer
from audit.admin import ReadOnlyAdmin
from curation.admin import EDIT_ELSEWHERE


@admin.register(Answer)
class AnswerAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "lane",
        "kind",
        "status",
        "refusal_code",
        "mode",
        "strategy",
        "asked_by_name",
        "created_at",
        "review_verdict",
    )
    list_filter = ("status", "kind", "mode", "strategy", "review_verdict", "lane")
    search_fields = ("question", "asked_by_name", "refusal_code")
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
                    "kind",
                    "question",
                    "mode",
                    "strategy",
                    "status",
                    "refusal_code",
                    "text",
                    "asked_by_name",
                    "created_at",
                ),
            },
        ),
        (
            "Review",
            {"fields": ("review_verdict", "review_note", "reviewed_by_name", "reviewed_at")},
        ),
        ("As computed", {"classes": ("collapse",), "fields": ("payload",)}),
    )

    @admin.display(description="answer page")
    def page(self, obj: Answer) -> str:
        url = reverse("answer", kwargs={"answer_id": obj.pk})
        return format_html('<a href="{}">{}</a>', url, url)

"""Stored answers: the full answer as computed, plus the columns reviewers filter on."""

from __future__ import annotations

from django.conf import settings
from django.db import models

# How an answer came to be (its ``kind``): asked or verified by a person or client, or computed
# by an evaluation run (docs/design.md#evaluation-runs), which reviewers' lists leave out.
ASK, VERIFY, EVALUATION = "ask", "verify", "evaluation"


class Answer(models.Model):
    class Status(models.TextChoices):
        ANSWERED = "answered"
        REFUSED = "refused"

    class Verdict(models.TextChoices):
        NONE = "", "not reviewed"
        APPROVE = "approve"
        FLAG = "flag"

    lane = models.ForeignKey("curation.Lane", on_delete=models.PROTECT, related_name="answers")
    kind = models.CharField(max_length=10, default=ASK)  # ask | verify | evaluation
    question = models.TextField()
    mode = models.CharField(max_length=12)
    strategy = models.CharField(max_length=10, default="single")
    status = models.CharField(max_length=10, choices=Status.choices)
    refusal_code = models.CharField(max_length=40, blank=True, default="", db_index=True)
    text = models.TextField(blank=True, default="")
    # Answer.to_dict() of the domain, as it was: claims, evidence, policy snapshot, candidates, draft.
    payload = models.JSONField(default=dict)
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    asked_by_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    review_verdict = models.CharField(
        max_length=10, choices=Verdict.choices, blank=True, default=""
    )
    review_note = models.TextField(blank=True, default="")
    reviewed_by_name = models.CharField(max_length=200, blank=True, default="")
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["lane", "status", "created_at"])]

    def __str__(self) -> str:
        return f"answer {self.pk} ({self.status})"

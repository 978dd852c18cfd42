"""Golden sets, evaluation runs (and what-ifs) and each question's outcome per mode."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class GoldenSet(models.Model):
    """A golden CSV as uploaded for a lane, read and checked: every question, as the domain's
    ``GoldenQuestion.to_dict()``, with the line it came from."""

    lane = models.ForeignKey("curation.Lane", on_delete=models.PROTECT, related_name="golden_sets")
    name = models.CharField(max_length=255, blank=True, default="")
    format = models.CharField(max_length=10)  # golden | simple
    sha256 = models.CharField(max_length=64)
    questions = models.JSONField(default=list)
    question_count = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"golden set {self.name or self.pk} of {self.lane_id}"


class EvaluationRun(models.Model):
    """One run of a golden set on a lane: stored, or a what-if of an unsaved policy."""

    class Kind(models.TextChoices):
        RUN = "run"
        WHAT_IF = "what_if"

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    lane = models.ForeignKey(
        "curation.Lane", on_delete=models.PROTECT, related_name="evaluation_runs"
    )
    golden_set = models.ForeignKey(GoldenSet, on_delete=models.PROTECT, related_name="runs")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.RUN)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    job = models.OneToOneField(
        "curation.Job", null=True, blank=True, on_delete=models.SET_NULL, related_name="evaluation"
    )
    # Run names in the order asked: "strict", "normal", "exploratory", "strict-floor-off".
    runs = models.JSONField(default=list)
    # The policy the questions were asked under (a what-if's: the unsaved one), per run.
    policy = models.JSONField(default=dict)
    # A what-if's saved policy, which its questions were asked under too, for comparison.
    saved_policy = models.JSONField(default=dict, blank=True)
    # Each run's report (citenexus.evaluation.Report.to_dict()), once done; a what-if's
    # ``saved_reports`` are the same under the saved policy.
    reports = models.JSONField(default=dict, blank=True)
    saved_reports = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["lane", "kind", "created_at"])]

    def __str__(self) -> str:
        return f"evaluation {self.kind} {self.pk} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class EvaluationResult(models.Model):
    """One golden question's outcome in one run (mode) of an evaluation."""

    class Side(models.TextChoices):
        OWN = "", "the run's policy"
        SAVED = "saved", "a what-if's saved policy"

    run = models.ForeignKey(EvaluationRun, on_delete=models.CASCADE, related_name="results")
    side = models.CharField(max_length=10, choices=Side.choices, blank=True, default=Side.OWN)
    mode = models.CharField(max_length=40)  # the run name
    question_id = models.CharField(max_length=200)
    line = models.PositiveIntegerField()
    status = models.CharField(max_length=10)
    refusal_code = models.CharField(max_length=40, blank=True, default="")
    cited_documents = models.JSONField(default=list, blank=True)
    trap_documents_cited = models.JSONField(default=list, blank=True)
    value_found = models.BooleanField(null=True, blank=True)
    as_expected = models.BooleanField()
    # What scoring reads of the answer (citenexus.evaluation.answer_digest), so the run can be
    # scored, and resumed, without its stored answers.
    digest = models.JSONField(default=dict)
    # The stored answer (a run's; a what-if stores none).
    answer = models.ForeignKey(
        "answers.Answer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["run", "side", "line", "mode"]
        constraints = [
            models.UniqueConstraint(
                fields=["run", "side", "mode", "question_id"], name="unique_evaluation_result"
            )
        ]
        indexes = [models.Index(fields=["run", "side", "mode"])]

    def __str__(self) -> str:
        return f"{self.question_id} [{self.mode}] of evaluation {self.run_id}"

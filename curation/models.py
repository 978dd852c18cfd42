"""Documents, evidence units, corrections and background jobs of a lane.

``Lane`` and ``LaneMembership`` are defined in ``access.models`` (below every app that scopes by
lane) and keep this app's label, tables and migrations; they are importable from here too.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from pgvector.django import VectorField

from access.models import Lane
from access.models import LaneMembership as LaneMembership  # re-exported for callers
from access.models import default_tier_order as default_tier_order  # migrations/0001 names it

document_id_validator = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$",
    "use letters, digits, '.', '_', ':' and '-' (at most 200), starting with a letter or digit",
)


class Document(models.Model):
    lane = models.ForeignKey(Lane, on_delete=models.PROTECT, related_name="documents")
    document_id = models.CharField(max_length=200, validators=[document_id_validator])
    title = models.CharField(max_length=500, blank=True, default="")
    source_type = models.CharField(max_length=100)
    source_system = models.CharField(max_length=200, blank=True, default="")
    # Curator-asserted metadata (string -> string); the tier lives under the lane's metadata_key.
    authority = models.JSONField(default=dict, blank=True)
    content = models.TextField()
    content_hash = models.CharField(max_length=64)
    format = models.CharField(max_length=10, default="txt")
    original_filename = models.CharField(max_length=255, blank=True, default="")
    version = models.PositiveIntegerField(default=1)
    unit_count = models.PositiveIntegerField(default=0)
    ingested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ingested_by_name = models.CharField(max_length=200, blank=True, default="")
    ingested_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Agents address records by an opaque id (sr_ + 32 hex) over MCP.
    record_id = models.CharField(max_length=40, unique=True, editable=False)
    # The lists of exclusions the current text holds, by citation ("6-1-1304(2)" -> items), for
    # statements elsewhere in the lane that exclude by citing them (curation/services/references.py).
    exclusion_lists = models.JSONField(default=dict, blank=True, editable=False)
    # What the current text's definitions say a term does not include (term -> what it leaves
    # out; citenexus.ingest.definitions), for the lane's vocabulary (curation/domain.py).
    narrowed_terms = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ["lane", "document_id"]
        constraints = [
            models.UniqueConstraint(fields=["lane", "document_id"], name="unique_lane_document")
        ]
        indexes = [
            models.Index(fields=["lane", "source_type"]),
            # Every ask of a lane with scope terms reads the few documents that define a term
            # (curation/domain.py): a partial index, so a lane of many documents is not scanned.
            models.Index(
                fields=["lane"], condition=~Q(narrowed_terms={}), name="document_defines_terms"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.lane.slug}/{self.document_id}"

    def save(self, *args: object, **kwargs: object) -> None:
        if not self.record_id:
            self.record_id = "sr_" + uuid.uuid4().hex
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def tier_name(self) -> str:
        return str(self.authority.get(self.lane.metadata_key, ""))


class DocumentVersion(models.Model):
    """The content of every version; old versions are retired, never deleted
    (docs/design.md#versions)."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    content = models.TextField()
    content_hash = models.CharField(max_length=64)
    authority = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by_name = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["document", "version"]
        constraints = [
            models.UniqueConstraint(fields=["document", "version"], name="unique_document_version")
        ]

    def __str__(self) -> str:
        return f"{self.document} v{self.version}"


class EvidenceUnit(models.Model):
    lane = models.ForeignKey(Lane, on_delete=models.PROTECT, related_name="units")
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="units")
    version = models.PositiveIntegerField()
    current = models.BooleanField(default=True)
    ordinal = models.PositiveIntegerField()
    text = models.TextField()
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    heading = models.CharField(max_length=1000, blank=True, default="")
    scope = models.TextField(blank=True, default="")
    # The PDF pages the unit's text lies on (1-based); null for formats without pages.
    page_start = models.PositiveIntegerField(null=True, blank=True)
    page_end = models.PositiveIntegerField(null=True, blank=True)
    authority_meta = models.JSONField(default=dict, blank=True)
    # One embedder per deployment: the column is untyped and the HNSW index casts to the
    # deployment's dimension (see curation/vector_index.py), so changing embedder is a re-embed.
    embedding = VectorField(null=True, blank=True)
    search = SearchVectorField(null=True, blank=True)

    class Meta:
        ordering = ["document", "version", "ordinal"]
        constraints = [
            models.UniqueConstraint(
                fields=["document", "version", "ordinal"], name="unique_unit_per_version"
            )
        ]
        indexes = [
            models.Index(fields=["lane", "current"], name="unit_lane_current"),
            GinIndex(fields=["search"], name="unit_search_gin"),
        ]

    def __str__(self) -> str:
        return self.key

    @property
    def key(self) -> str:
        return f"{self.document.document_id}#{self.ordinal}"


class SourceFile(models.Model):
    """The uploaded file of a paginated document version (a PDF), kept so that a cited page can
    be shown as it looks; ``page_spans`` says where each page lies in that version's content."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="source_files")
    version = models.PositiveIntegerField()
    filename = models.CharField(max_length=255, blank=True, default="")
    format = models.CharField(max_length=10)
    data = models.BinaryField()
    sha256 = models.CharField(max_length=64)
    page_count = models.PositiveIntegerField(default=0)
    # [[page, start, end], ...]: content[start:end] is the text of that page (1-based pages).
    page_spans = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["document", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["document", "version"], name="unique_source_file_per_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.filename or self.format} of {self.document} v{self.version}"


class Correction(models.Model):
    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="corrections")
    text = models.TextField()
    authority = models.CharField(max_length=100, default="human_correction")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    active = models.BooleanField(default=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by_name = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["document", "created_at", "id"]

    def __str__(self) -> str:
        return f"correction {self.pk} of {self.document}"


class Job(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=50)
    lane = models.ForeignKey(Lane, null=True, blank=True, on_delete=models.SET_NULL)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    progress = models.FloatField(default=0.0)
    error = models.TextField(blank=True, default="")
    # Per-item inputs and results of a batch: [{"name", "document_id", "status", "error", ...}]
    items = models.JSONField(default=list, blank=True)
    params = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_name = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} job {self.id} ({self.status})"

    @classmethod
    def unfinished_ids(cls, kind: str) -> list[str]:
        """One kind's jobs neither done nor failed (queued, waiting for a retry, or cut off
        mid-run), oldest first: what a starting web process resumes."""
        unfinished = cls.objects.filter(
            kind=kind, status__in=[cls.Status.PENDING, cls.Status.RUNNING]
        ).order_by("created_at")
        return [str(job_id) for job_id in unfinished.values_list("id", flat=True)]


class JobFile(models.Model):
    """An uploaded file waiting for its job; removed once ingested so nothing is kept twice."""

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="files")
    index = models.PositiveIntegerField()
    name = models.CharField(max_length=255)
    data = models.BinaryField()

    class Meta:
        ordering = ["job", "index"]

    def __str__(self) -> str:
        return f"{self.name} of job {self.job_id}"


class EmbeddingSpace(models.Model):
    """Which embedder the stored vectors come from (one row). A deployment whose embedder
    differs is refused until ``manage.py reembed`` moves every unit to the new one."""

    name = models.CharField(max_length=100)
    dimension = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.name} ({self.dimension} dimensions)"

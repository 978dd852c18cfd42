"""Lanes, their members, documents, evidence units, corrections and background jobs."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.core.validators import RegexValidator
from django.db import models
from pgvector.django import VectorField

from citenexus.domain.authority import DEFAULT_METADATA_KEY, PROFILE_VERSIONS
from citenexus.domain.levels import DEFAULT_TIER_ORDER

slug_validator = RegexValidator(
    r"^[a-z0-9][a-z0-9-]{0,62}$", "use lowercase letters, digits and hyphens (at most 63)"
)
document_id_validator = RegexValidator(
    r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$",
    "use letters, digits, '.', '_', ':' and '-' (at most 200), starting with a letter or digit",
)


def default_tier_order() -> list[str]:
    return list(DEFAULT_TIER_ORDER)


class Lane(models.Model):
    class Kind(models.TextChoices):
        OPEN = "open"
        CLOSED = "closed"

    class Mode(models.TextChoices):
        STRICT = "strict"
        NORMAL = "normal"
        EXPLORATORY = "exploratory"

    slug = models.CharField(max_length=63, unique=True, validators=[slug_validator])
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.OPEN)
    profile = models.CharField(
        max_length=20, choices=[(p, p) for p in PROFILE_VERSIONS], default="default.v1"
    )
    # Least authoritative first, as AuthorityPolicy.ordered takes it.
    tier_order = ArrayField(models.CharField(max_length=100), default=default_tier_order)
    minimum_tier = models.CharField(max_length=100, blank=True, default="")
    metadata_key = models.CharField(max_length=100, default=DEFAULT_METADATA_KEY)
    default_mode = models.CharField(max_length=12, choices=Mode.choices, default=Mode.STRICT)
    jurisdiction = models.CharField(max_length=50, blank=True, default="")
    # {source_type: tier name or null}; a closed lane refuses undeclared types
    # (docs/design.md#lanes-and-levels).
    policy = models.JSONField(default=dict, blank=True)
    # The words of the lane's field (citenexus.domain.vocabulary), stored normalised; {} for none.
    vocabulary = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


class LaneMembership(models.Model):
    class Role(models.TextChoices):
        CURATOR = "curator"
        REVIEWER = "reviewer"
        AUDITOR = "auditor"
        ADMIN = "admin"

    lane = models.ForeignKey(Lane, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lane_memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["lane", "user", "role"], name="unique_lane_user_role")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.lane}"


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

    class Meta:
        ordering = ["lane", "document_id"]
        constraints = [
            models.UniqueConstraint(fields=["lane", "document_id"], name="unique_lane_document")
        ]
        indexes = [models.Index(fields=["lane", "source_type"])]

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

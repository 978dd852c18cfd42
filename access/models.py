"""Lanes and their members: the unit every document, answer and role is scoped to.

The code lives here, below every app that scopes by lane, so that access checks (``access.roles``,
``access.lanes``) need nothing above them. The models keep the ``curation`` app label: their
tables, migrations (``curation/migrations/``) and admin pages are the ones they always had.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.core.validators import RegexValidator
from django.db import models

from citenexus.domain.authority import DEFAULT_METADATA_KEY, PROFILE_VERSIONS
from citenexus.domain.levels import DEFAULT_TIER_ORDER

slug_validator = RegexValidator(
    r"^[a-z0-9][a-z0-9-]{0,62}$", "use lowercase letters, digits and hyphens (at most 63)"
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
    # {source_type: tier name or null}; a closed lane refuses undeclared types (docs/design.md#lanes-and-levels).
    policy = models.JSONField(default=dict, blank=True)
    # The words of the lane's field (citenexus.domain.vocabulary), stored normalised; {} for none.
    vocabulary = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "curation"
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
        app_label = "curation"
        constraints = [
            models.UniqueConstraint(fields=["lane", "user", "role"], name="unique_lane_user_role")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.lane}"


class ApiToken(models.Model):
    """A named API key of one user, stored only as its SHA-256 digest (docs/design.md#api-tokens).

    Keys are 256 random bits, so a fast unsalted hash is enough: nobody can guess a key from its
    digest, and the digest is what a request's key is looked up by. Revoking keeps the row (its
    name and dates stay visible to admins) and refuses the key from then on.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "access"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"

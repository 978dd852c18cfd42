"""Adapters from curation rows to the domain's value objects. The rules stay in ``citenexus``."""

from __future__ import annotations

from typing import Any

from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.definitions import governing_definitions
from citenexus.domain.levels import LanePolicy, Precedence, precedence, validate_lane_policy
from citenexus.domain.vocabulary import Vocabulary
from curation.models import Document, Lane


def lane_policy(lane: Lane) -> LanePolicy:
    """The lane's policy, validated: raises ``LanePolicyError`` naming every bad value."""
    return validate_lane_policy(
        LanePolicy(
            kind=lane.kind,
            tier_order=tuple(lane.tier_order),
            minimum_tier=lane.minimum_tier or None,
            profile=lane.profile,
            metadata_key=lane.metadata_key,
            source_type_policy=dict(lane.policy or {}),
        )
    )


def authority_policy(lane: Lane) -> AuthorityPolicy:
    return lane_policy(lane).authority_policy()


def lane_precedence(lane: Lane) -> Precedence:
    return precedence(lane_policy(lane))


def lane_definitions(lane: Lane, vocabulary: Vocabulary) -> dict[str, str]:
    """What the lane's own law says its terms do not include (``governing_definitions``)."""
    documents = (
        Document.objects.filter(lane=lane)
        .exclude(narrowed_terms={})
        .order_by()  # no join for the documents' default order (the partial index answers)
        .values_list("authority", "narrowed_terms")
    )
    return governing_definitions(documents, authority_policy(lane), lane.jurisdiction, vocabulary)


def lane_vocabulary(lane: Lane) -> Vocabulary:
    """The lane's vocabulary for the pipeline (stored already validated and normalised), with
    the definitions its own law gives of the terms its sources are scoped by
    (``citenexus.domain.definitions``)."""
    vocabulary = Vocabulary.from_mapping(lane.vocabulary or {})
    if not vocabulary.scope_terms:
        return vocabulary  # a definition narrows a scope value; a lane without any has none
    definitions = lane_definitions(lane, vocabulary)
    return vocabulary.with_definitions(definitions) if definitions else vocabulary


def lane_snapshot(lane: Lane) -> dict[str, Any]:
    """What an audit event records of a lane's policy, before and after a change."""
    return {
        "name": lane.name,
        "kind": lane.kind,
        "profile": lane.profile,
        "tier_order": list(lane.tier_order),
        "minimum_tier": lane.minimum_tier,
        "metadata_key": lane.metadata_key,
        "default_mode": lane.default_mode,
        "jurisdiction": lane.jurisdiction,
        "policy": dict(lane.policy or {}),
        "vocabulary": dict(lane.vocabulary or {}),
    }

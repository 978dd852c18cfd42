"""The answer payload's field names, as docs/api.md lists them: one copy for every test that pins them.

The domain's ``Answer.to_dict()`` gives ``ANSWER_FIELDS`` in this order (then the pipeline's
extras); the API adds the stored answer's ``id``. Fields may be added, never renamed or dropped.
"""

from __future__ import annotations

ANSWER_FIELDS = [
    "lane",
    "question",
    "mode",
    "status",
    "refusal",
    "text",
    "claims",
    "evidence",
    "strategy",
]
API_ANSWER_FIELDS = {"id", *ANSWER_FIELDS}
CLAIM_FIELDS = {
    "text",
    "status",
    "citations",
    "supported_by",
    "attributed_to",
    "caveat",
    "violations",
    "corrections",
    "judgments",
    "judges_failed",  # added with judge failures (docs/design.md#judge-failures)
    "added_for_conflict",  # added with the undrafted sides of a conflict (design.md#conflicts)
}
EVIDENCE_FIELDS = {
    "authority_tier",
    "authority_floor_applied",
    "withheld",
    "all_claims_verified",
    "groundedness_rate",
    "citation_rate",
    "invariants_verified",
    "profile_version",
    "trust_mode",
    "minimum_tier",
    "retrieved",
    "grounded",
    "selected",
    "inapplicable",
    "conflicts",
    "unsupported_scripts",
    "timings_ms",
    "judges_failed",
}

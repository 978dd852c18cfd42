"""Plain words for what a reviewer sees: refusal codes, violations and every evidence signal."""

from __future__ import annotations

REFUSAL_MEANINGS = {
    "no_relevant_evidence": "Nothing in the lane was relevant enough to answer from. "
    "The best candidates and their scores are listed, so you can see how close they came.",
    "below_authority_floor": "Relevant evidence exists, but none of it is at or above the lane's "
    "floor, and this mode does not fall back to weaker sources. The withheld documents and their "
    "tiers are listed; a normal-mode question would use them, hedged.",
    "not_applicable": "Relevant evidence exists, but its scope or jurisdiction does not match the "
    "question (for example commercial rules for a residential question). The mismatch is listed.",
    "ungrounded": "The draft's claims are not supported by the units they cite.",
    "citation_laundering": "The draft credited a trusted source with something only a weaker "
    "source says. In strict mode that refuses the whole answer.",
    "unresolved_conflict": "Sources of equal authority disagree on the value asked for; both "
    "sides are shown instead of picking one.",
    "unsupported_script": "The question, or all of the evidence, is in a script the retrieval "
    "models cannot handle.",
    "generation_failed": "The generator failed, timed out or returned nothing usable.",
}

VIOLATION_MEANINGS = {
    "uncited": "Supported by a retrieved unit, but the claim cites nothing.",
    "misattributed": "Supported only by units the claim does not cite.",
    "laundering": "Cites a more authoritative unit than any that actually supports it.",
    "authority": "The best cited, supporting unit is below the lane's floor.",
    "unsupported": "No judged unit supports the claim.",
    "contradicted": "A cited unit contradicts the claim.",
}

STATUS_MEANINGS = {
    "kept": "kept: supported by what it cites",
    "hedged": "hedged: kept with a caveat",
    "dropped": "dropped: not part of the answer",
}

SIGNAL_MEANINGS = {
    "authority_tier": "The weakest tier among the cited units (empty when the lane is unranked).",
    "authority_floor_applied": "True only when the floor withheld grounded evidence on this call.",
    "withheld": "Documents the floor removed on this call, and those of claims dropped for authority.",
    "all_claims_verified": "Every kept claim was judged and is supported by what it cites.",
    "groundedness_rate": "Share of the judged claims that a source supports and that were not "
    "found laundering, contradicted or unsupported. A claim dropped for standing (a stronger "
    "source states another value, or its support is below the floor) is still grounded.",
    "citation_rate": "Share of the draft's claims that cite at least one unit.",
    "invariants_verified": "I1: each kept claim is attributed to a cited unit that supports it. "
    "I4: each kept claim's attributed unit meets the floor. Listed only when judged and true.",
    "profile_version": "The authority profile that ranked the sources.",
    "trust_mode": "strict drops what is below the floor; normal only reorders; exploratory "
    "leaves the order alone.",
    "minimum_tier": "The lane's floor when the answer was computed.",
    "retrieved": "Units retrieval returned (full-text and vector, fused).",
    "grounded": "Units relevant enough and applicable to the question.",
    "selected": "Grounded units kept by the authority step.",
    "inapplicable": "Relevant units excluded because their scope or jurisdiction does not match.",
    "conflicts": "Values on which selected sources disagree, and which source prevailed.",
    "unsupported_scripts": "Scripts the retrieval models could not handle.",
    "timings_ms": "Milliseconds spent in each stage.",
    "judges_failed": "Judges that erred on some pair (endpoint down, timeout, unreadable "
    "reply), with how many pairs: their verdicts are missing, and support was decided by the "
    "judges that did judge.",
}

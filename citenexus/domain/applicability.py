"""Applicability: whether a source speaks to the question's jurisdiction and subject (SPEC §9).

A source is excluded only on a conflict: the question names a jurisdiction (or, naming none,
asks about the lane's) and the source's ``jurisdiction`` metadata names another; or the question
names a scope term (residential/commercial, periodic/fixed term) and the source's ``scope``
metadata or carried scope statement names only the other side, or expressly excludes the
question's. Missing metadata never excludes, and a federal source applies in every state.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from citenexus.domain.model import Unit

REASON_JURISDICTION = "the question concerns {asked}; this source's jurisdiction is {source}"
REASON_SCOPE = "the question concerns {asked}; this source applies to {source}"
REASON_EXCLUDED = "the question concerns {asked}; this source excludes {asked}"

STATES: Mapping[str, str] = {
    "alabama": "AL",
    "alaska": "AK",
    "arizona": "AZ",
    "arkansas": "AR",
    "california": "CA",
    "colorado": "CO",
    "connecticut": "CT",
    "delaware": "DE",
    "florida": "FL",
    "georgia": "GA",
    "hawaii": "HI",
    "idaho": "ID",
    "illinois": "IL",
    "indiana": "IN",
    "iowa": "IA",
    "kansas": "KS",
    "kentucky": "KY",
    "louisiana": "LA",
    "maine": "ME",
    "maryland": "MD",
    "massachusetts": "MA",
    "michigan": "MI",
    "minnesota": "MN",
    "mississippi": "MS",
    "missouri": "MO",
    "montana": "MT",
    "nebraska": "NE",
    "nevada": "NV",
    "new hampshire": "NH",
    "new jersey": "NJ",
    "new mexico": "NM",
    "new york": "NY",
    "north carolina": "NC",
    "north dakota": "ND",
    "ohio": "OH",
    "oklahoma": "OK",
    "oregon": "OR",
    "pennsylvania": "PA",
    "rhode island": "RI",
    "south carolina": "SC",
    "south dakota": "SD",
    "tennessee": "TN",
    "texas": "TX",
    "utah": "UT",
    "vermont": "VT",
    "virginia": "VA",
    "washington": "WA",
    "west virginia": "WV",
    "wisconsin": "WI",
    "wyoming": "WY",
    "district of columbia": "DC",
    # Reporter-style abbreviations (without their full stop).
    "cal": "CA",
    "calif": "CA",
    "fla": "FL",
    "tex": "TX",
    "mass": "MA",
    "wash": "WA",
}
_CODES = frozenset(STATES.values())
# Two-letter codes that are also everyday capitalised words are matched only in metadata.
_AMBIGUOUS_CODES = frozenset({"IN", "OR", "ME", "OK", "HI", "ID", "AS"})
_NATIONWIDE = frozenset({"us", "usa", "u.s", "u.s.", "federal", "united states", "national"})
_STATE_NAMES = re.compile(
    r"\b(" + "|".join(sorted((re.escape(n) for n in STATES), key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_STATE_CODES = re.compile(r"\b([A-Z]{2})\b")

# Scope dimensions: each value is recognised by patterns; a question and a source conflict on a
# dimension when both name a value and share none.
SCOPE_TERMS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "use": {
        "residential": (r"residential", r"dwellings?", r"apartments?", r"homes?", r"housing"),
        "commercial": (
            r"commercial",
            r"business premises",
            r"retail",
            r"office space",
            r"warehouses?",
        ),
    },
    "term": {
        "a periodic or unspecified term": (
            r"month[- ]to[- ]month",
            r"week[- ]to[- ]week",
            r"periodic",
            r"unspecified term",
            r"at will",
            r"no fixed term",
            r"indefinite term",
        ),
        "a fixed or specified term": (
            r"fixed[- ]term",
            r"(?<!un)specified term",
            r"term of (?:\w+ )?years?",
            r"\w+[- ]years?[- ](?:lease|term|tenancy)",
            # "a five-year commercial lease": the hyphenated length describes the lease.
            r"\w+-years?[- ](?:\w+ ){1,2}(?:lease|term|tenancy)",
            r"lease (?:of|for) \w+ (?:months?|years?)",
        ),
    },
}
# What follows a cue in a clause is excluded: "does not apply to ...", "except ...", and a
# negated purpose such as "which the parties did not create for a fixed term". A bare "not" is
# no cue: "a term the parties have not specified, such as month to month" includes month to month.
_EXCLUSION_CUES = re.compile(
    r"\b(?:(?:does|do|shall) not apply|not applicable|(?:not|never) (?:\w+ ){0,2}for"
    r"|except|other than|excluding|excludes?)\b",
    re.IGNORECASE,
)
_CLAUSES = re.compile(r"[.;]\s+|\n")


def normalise_jurisdiction(value: str) -> str:
    """A state's two-letter code for a name or code; the lower-cased text otherwise."""
    text = value.strip().rstrip(".")
    if text.upper() in _CODES:
        return text.upper()
    return STATES.get(text.lower(), text.lower())


def jurisdictions_named(question: str) -> frozenset[str]:
    """The state codes a question names, by name, reporter abbreviation or unambiguous code."""
    found = {STATES[m.group(1).lower()] for m in _STATE_NAMES.finditer(question)}
    found |= {
        code
        for code in _STATE_CODES.findall(question)
        if code in _CODES and code not in _AMBIGUOUS_CODES
    }
    return frozenset(found)


# One compiled alternation per scope value: a unit's scope is read for every candidate of an ask.
_SCOPE_PATTERNS = {
    dimension: tuple(
        (value, re.compile(r"\b(?:" + "|".join(patterns) + r")\b", re.IGNORECASE))
        for value, patterns in values.items()
    )
    for dimension, values in SCOPE_TERMS.items()
}


def _values_in(text: str, dimension: str) -> set[str]:
    return {value for value, pattern in _SCOPE_PATTERNS[dimension] if pattern.search(text)}


@dataclass(frozen=True)
class SourceScope:
    """The scope values a source names, per dimension, and those it expressly excludes."""

    includes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    excludes: Mapping[str, frozenset[str]] = field(default_factory=dict)


@lru_cache(maxsize=16384)
def source_scope(*texts: str) -> SourceScope:
    """Read scope values from scope texts; clauses after an exclusion cue name exclusions."""
    includes: dict[str, set[str]] = {d: set() for d in SCOPE_TERMS}
    excludes: dict[str, set[str]] = {d: set() for d in SCOPE_TERMS}
    for text in texts:
        for clause in _CLAUSES.split(text):
            cue = _EXCLUSION_CUES.search(clause)
            head, tail = (clause[: cue.start()], clause[cue.end() :]) if cue else (clause, "")
            for dimension in SCOPE_TERMS:
                includes[dimension] |= _values_in(head, dimension)
                excludes[dimension] |= _values_in(tail, dimension)
    return SourceScope(
        {d: frozenset(v) for d, v in includes.items()},
        {d: frozenset(v) for d, v in excludes.items()},
    )


@dataclass(frozen=True)
class QuestionScope:
    """What a question is about: the jurisdictions it concerns and its scope values."""

    jurisdictions: frozenset[str]
    scope: Mapping[str, frozenset[str]]

    @classmethod
    def parse(cls, question: str, lane_jurisdiction: str = "") -> QuestionScope:
        """A question naming no jurisdiction is taken to ask about the lane's."""
        named = jurisdictions_named(question)
        if not named and lane_jurisdiction.strip():
            named = frozenset({normalise_jurisdiction(lane_jurisdiction)})
        scope = {d: frozenset(_values_in(question, d)) for d in SCOPE_TERMS}
        return cls(named, scope)

    def exclusion_reason(self, unit: Unit) -> str | None:
        """Why ``unit`` does not apply to this question, or None when nothing conflicts."""
        meta = unit.authority_meta
        source = meta.get("jurisdiction", "").strip()
        if self.jurisdictions and source and source.lower() not in _NATIONWIDE:
            code = normalise_jurisdiction(source)
            if code not in self.jurisdictions:
                asked = ", ".join(sorted(self.jurisdictions))
                return REASON_JURISDICTION.format(asked=asked, source=source)
        scope = source_scope(meta.get("scope", ""), unit.scope)
        for dimension, asked_values in self.scope.items():
            if not asked_values:
                continue
            asked = " and ".join(sorted(asked_values))
            if asked_values & scope.excludes[dimension]:
                return REASON_EXCLUDED.format(asked=asked)
            named = scope.includes[dimension]
            if named and not asked_values & named:
                return REASON_SCOPE.format(asked=asked, source=" and ".join(sorted(named)))
        return None

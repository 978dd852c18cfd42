"""Deterministic stand-ins for the embedder, judge and generator ports, for the domain's tests.

Kept out of the shipped package: no rule, adapter or command imports them (import-linter checks
that ``citenexus`` never imports ``tests``).

They are simple on purpose: a test that uses ``TableJudge`` states every verdict it relies on,
which is the precise way to pin violations, recovery and attribution.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.levels import LEGAL_TEMPLATE
from citenexus.domain.model import Draft, Judgment, Unit, Verdict
from citenexus.ports import Embedder, JudgeError
from citenexus.text.tokens import content_words

_NUMBER = re.compile(r"\d+(?:\.\d+)?")


@dataclass
class WordHashEmbedder:
    """Hashes stemmed content words into ``dimension`` signed buckets; L2-normalised."""

    dimension: int = 256
    name: str = "word-hash"

    def _vector(self, text: str) -> list[float]:
        vector = [0.0] * self.dimension
        for word in content_words(text):
            digest = hashlib.sha1(word.encode("utf-8")).digest()
            index = int.from_bytes(digest[:4], "big") % self.dimension
            vector[index] += 1.0 if digest[4] % 2 else -1.0
        norm = math.sqrt(sum(x * x for x in vector))
        return [x / norm for x in vector] if norm else vector

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]


@dataclass
class TableJudge:
    """Gives the verdict its table names for a (claim, key) pair, else ``default`` (None declines)."""

    table: Mapping[tuple[str, str], Verdict | None] = field(default_factory=dict)
    name: str = "table"
    default: Verdict | None = None

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        verdict = self.table.get((claim, unit.key), self.default)
        if verdict is None:
            return None
        return Judgment(unit.key, self.name, verdict, 1.0 if verdict is Verdict.ENTAILS else 0.0)


@dataclass
class ContainmentJudge:
    """Entails when the unit holds the claim's content words and numbers; contradicts when it
    holds the words but states other numbers; neutral otherwise."""

    name: str = "containment"
    threshold: float = 0.85

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        words = set(content_words(claim))
        if not words:
            return None
        present = set(content_words(unit.text))
        share = len(words & present) / len(words)
        claimed, stated = set(_NUMBER.findall(claim)), set(_NUMBER.findall(unit.text))
        if share >= self.threshold and claimed <= stated:
            verdict = Verdict.ENTAILS
        elif share >= self.threshold and claimed and stated:
            verdict = Verdict.CONTRADICTS
        else:
            verdict = Verdict.NEUTRAL
        return Judgment(unit.key, self.name, verdict, share)


# The lane template's legal order (least first); the fakes' lanes use it as a curator would.
LEGAL_TIERS = LEGAL_TEMPLATE
# ... with a floor at the general statutes, as most of the pipeline's tests ask.
FLOORED = AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute")

# A small housing lane written for tests: (document_id, text, authority metadata).
EXAMPLE_DOCUMENTS: tuple[tuple[str, str, Mapping[str, str]], ...] = (
    (
        "ca-civ-1946-1",
        "# Notice to end a periodic residential tenancy\n\n"
        "This section applies to a hiring of residential real property for an unspecified term "
        "or a periodic term such as month to month.\n\n"
        "An owner who ends a month-to-month tenancy must give the tenant written notice at least "
        "60 days before the termination date when every tenant has resided in the dwelling for "
        "one year or more. When any tenant has resided in the dwelling for less than one year, "
        "the owner must give at least 30 days' written notice.",
        {"authority_tier": "controlling-statute", "jurisdiction": "CA", "scope": "residential"},
    ),
    (
        "ca-civ-1950-5",
        "# Security deposits\n\n"
        "A landlord may deduct from a security deposit only the amounts reasonably necessary to "
        "repair damage caused by the tenant, exclusive of ordinary wear and tear. The landlord "
        "must return the remaining deposit within 21 days after the tenant moves out.",
        {"authority_tier": "statute", "jurisdiction": "CA", "scope": "residential"},
    ),
    (
        "tenant-forum-post",
        "Forum post about deposits. A landlord may keep the whole security deposit to repaint "
        "the apartment after every tenancy. My landlord returned the deposit after 45 days.",
        {"authority_tier": "secondary-blog", "jurisdiction": "CA"},
    ),
    (
        "fl-stat-83-57",
        "A tenancy without a specific duration may be ended by either party by written notice. "
        "When the tenancy is from month to month, the notice must be given not less than 30 days "
        "before the end of any monthly period.",
        {"authority_tier": "out-of-jurisdiction", "jurisdiction": "FL"},
    ),
    (
        "county-dog-licence",
        "Every dog older than four months must hold a county licence. The annual licence fee is "
        "$20 for a neutered dog.",
        {"authority_tier": "general-statute", "jurisdiction": "CA"},
    ),
)

# The question the example lane answers, and the sentence of ca-civ-1946-1 that answers it.
NOTICE = "What notice must an owner give to end a month-to-month tenancy?"
STATUTE_CLAIM = (
    "When any tenant has resided in the dwelling for less than one year, the owner must give "
    "at least 30 days' written notice."
)


@dataclass
class DownJudge:
    """A judge whose endpoint is down: every pair it is asked about raises ``JudgeError``."""

    name: str = "llm"

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        raise JudgeError("the judge's endpoint could not be reached")


@dataclass
class FixedGenerator:
    """Returns the same draft whatever it is asked; or raises ``error`` when given."""

    draft: Draft = field(default_factory=lambda: Draft(()))
    error: Exception | None = None
    name: str = "fixed"
    calls: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)

    def generate(self, question: str, units: Sequence[Unit]) -> Draft:
        self.calls.append((question, tuple(u.key for u in units)))
        if self.error is not None:
            raise self.error
        return self.draft


def memory_lane(
    documents: Iterable[tuple[str, str, Mapping[str, str]]],
    embedder: Embedder | None = None,
) -> MemoryStore:
    """A store holding each document as one unit (key ``<document_id>#0``)."""
    store = MemoryStore(embedder or WordHashEmbedder())
    for document_id, text, meta in documents:
        store.add_document(document_id, [Piece(text)], authority=meta)
    return store

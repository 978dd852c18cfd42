"""Claims: the sentence-level assertions of a draft, each carrying its segment's citations.

Where a sentence ends is ``citenexus.text.sentences.split_sentences``: a full stop ends one only
when the next word starts like a sentence and the word before it is not a known abbreviation,
an initial or a section number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from citenexus.domain.model import Draft, Segment
from citenexus.text.sentences import split_sentences


@dataclass(frozen=True)
class Claim:
    """One sentence of a draft: its position, text and the citation keys of its segment."""

    index: int
    segment_index: int
    text: str
    citations: tuple[str, ...] = ()


def split_claims(draft: Draft | Sequence[Segment]) -> list[Claim]:
    """Every sentence of every segment, in order, each carrying its segment's citations."""
    segments = draft.segments if isinstance(draft, Draft) else tuple(draft)
    claims: list[Claim] = []
    for segment_index, segment in enumerate(segments):
        for sentence in split_sentences(segment.text):
            claims.append(Claim(len(claims), segment_index, sentence, tuple(segment.citations)))
    return claims

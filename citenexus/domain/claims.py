"""Claims: the sentence-level assertions of a draft, each carrying its segment's citations.

Legal prose is full of full stops that end nothing ("Cal. Civ. Code § 1946.1", "e.g.", "U.S.",
"No. 4"), so a full stop ends a sentence only when the next word starts like a sentence and the
word before it is not a known abbreviation, an initial or a section number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citenexus.domain.model import Draft, Segment

# Lower-cased, without their final full stop. Why a list and not a model: the splitter must be
# deterministic and explainable to a reviewer who sees where a claim starts and ends.
ABBREVIATIONS = frozenset(
    {
        "cal",
        "civ",
        "proc",
        "stat",
        "stats",
        "fla",
        "tex",
        "prop",
        "gov",
        "govt",
        "bus",
        "prof",
        "pen",
        "evid",
        "fam",
        "rev",
        "ann",
        "regs",
        "reg",
        "admin",
        "cf",
        "e.g",
        "i.e",
        "etc",
        "viz",
        "vs",
        "v",
        "subd",
        "subds",
        "ed",
        "al",
        "inc",
        "co",
        "corp",
        "ltd",
        "llc",
        "dept",
        "mr",
        "mrs",
        "ms",
        "dr",
        "st",
        "jr",
        "sr",
        "approx",
        "fig",
        "u.s",
        "u.s.c",
        "c.f.r",
        "n.y",
        "d.c",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "ct",
        "app",
        "supp",
        "cir",
        "misc",
        "cert",
        "s.ct",
        "l.ed",
        "id",
        "ibid",
        "op",
        "atty",
        "gen",
    }
)

# Abbreviations that are also ordinary words ("no", "art"): only abbreviations before a number.
NUMBER_ABBREVIATIONS = frozenset(
    {
        "no",
        "nos",
        "sec",
        "secs",
        "para",
        "paras",
        "art",
        "arts",
        "ch",
        "chap",
        "cl",
        "pt",
        "p",
        "pp",
        "vol",
    }
)

# A candidate boundary: terminal punctuation, optional closing quotes/brackets, whitespace.
_BOUNDARY = re.compile(r"[.!?][\"'”’)\]]*\s+")
# A sentence starts with a capital, digit or section sign (perhaps quoted or bracketed), or
# with a subdivision marker such as "(b) ".
_SENTENCE_START = re.compile(r"[\"'“‘(\[]?[A-Z0-9§]|\([a-z0-9]{1,4}\)\s")
_WORD_BEFORE = re.compile(r"(\S+)$")
_PARAGRAPH = re.compile(r"\n\s*\n")


@dataclass(frozen=True)
class Claim:
    """One sentence of a draft: its position, text and the citation keys of its segment."""

    index: int
    segment_index: int
    text: str
    citations: tuple[str, ...] = ()


def _ends_sentence(text: str, dot_at: int, next_at: int) -> bool:
    if not _SENTENCE_START.match(text, next_at):
        return False
    if text[dot_at] != ".":
        return True
    word_match = _WORD_BEFORE.search(text, 0, dot_at)
    word = word_match.group(1) if word_match else ""
    bare = word.lstrip("(\"'“‘[").lower()
    if bare in ABBREVIATIONS or bare == "§":
        return False
    if bare in NUMBER_ABBREVIATIONS and text[next_at : next_at + 1].isdigit():
        return False
    if len(bare) == 1 and bare.isalpha():  # an initial ("J. Smith", "A.")
        return False
    # Dotted abbreviations such as "U.S" or "e.g" that the list does not name.
    return not re.fullmatch(r"(?:[a-z]\.)+[a-z]", bare)


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences without breaking citations, abbreviations or decimals.

    Paragraph breaks always end a sentence; a full stop ends one only when the next word starts
    with a capital, a digit, a quote or a bracket and the word before it is not an abbreviation.
    """
    sentences: list[str] = []
    for paragraph in _PARAGRAPH.split(text):
        start = 0
        for match in _BOUNDARY.finditer(paragraph):
            if _ends_sentence(paragraph, match.start(), match.end()):
                sentences.append(paragraph[start : match.end()])
                start = match.end()
        sentences.append(paragraph[start:])
    return [" ".join(s.split()) for s in sentences if s.strip()]


def split_claims(draft: Draft | Sequence[Segment]) -> list[Claim]:
    """Every sentence of every segment, in order, each carrying its segment's citations."""
    segments = draft.segments if isinstance(draft, Draft) else tuple(draft)
    claims: list[Claim] = []
    for segment_index, segment in enumerate(segments):
        for sentence in split_sentences(segment.text):
            claims.append(Claim(len(claims), segment_index, sentence, tuple(segment.citations)))
    return claims

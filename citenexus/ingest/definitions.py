"""Definitions that leave cases out of a defined term (docs/design.md#applicability).

A source whose scope names a term ("consumer", the curator's ``scope`` metadata or a statement
carried with it) reaches only what the lane's law means by that term. When a definition says
what the term does not include ('"Consumer" means an individual acting only in a household
context. The term does not include an individual acting as an employee or contractor of a
business.'), a question about one of the cases it leaves out is not about that term: a source
that covers only it does not reach the question. This module reads those definitions from a
document's text; the Django adapter stores them per document and gives the lane's to its
vocabulary (``Vocabulary.definitions``); ``citenexus.domain.applicability`` reads them.

A definition is a quoted term followed by "means", "includes" or "does not include", in one
paragraph or labelled line; what it leaves out is the rest of the sentence after "does not
include" / "excludes", in that sentence or in a later one of the same paragraph that opens with
the term itself, "The term", "Such term", "It" or "They". A term defined twice in one document
with different exclusions is left out: which is meant cannot be told.
"""

from __future__ import annotations

import re

from citenexus.text.sentences import split_sentences

MAX_TERM_CHARS = 60
MAX_EXCLUSION_CHARS = 600
_PARAGRAPHS = re.compile(r"\n\s*\n|\n(?=\s*\(\w{1,4}\)\s)")
_DEFINED = re.compile(
    rf"[\"\u201c](?P<term>[^\"\u201d\n]{{1,{MAX_TERM_CHARS}}})[\"\u201d]\s+"
    r"(?:means|includes|does not include)\b",
    re.IGNORECASE,
)
_LEAVES_OUT = re.compile(r"\b(?:does|do) not include\b|\bexcludes\b", re.IGNORECASE)
_SUBJECT = r"(?:the term|such term|it|they|this term)"


def _leaves_out(sentence: str, term: str, first: bool) -> str | None:
    """What ``sentence`` says ``term`` does not include: in the defining sentence (``first``)
    anywhere after the cue, in a later one only when it opens with the term or a word for it."""
    cue = _LEAVES_OUT.search(sentence)
    if cue is None:
        return None
    if not first:
        opening = sentence[: cue.start()].strip().strip('"\u201c\u201d').lower()
        if not re.fullmatch(rf"{_SUBJECT}|{re.escape(term)}[\"\u201d]?", opening):
            return None
    left = " ".join(sentence[cue.end() :].split()).rstrip(".;: ")
    return left[:MAX_EXCLUSION_CHARS] or None


def narrowing_definitions(text: str) -> dict[str, str]:
    """``{term (lower case): what its definition leaves out}`` for each defined term of ``text``
    whose definition says what it does not include (module docstring)."""
    found: dict[str, str] = {}
    clashes: set[str] = set()
    for paragraph in _PARAGRAPHS.split(text):
        defined = _DEFINED.search(paragraph)
        if defined is None:
            continue
        term = " ".join(defined.group("term").split()).lower()
        sentences = split_sentences(paragraph[defined.start() :])
        for number, sentence in enumerate(sentences):
            left = _leaves_out(sentence, term, first=number == 0)
            if left is None:
                continue
            if found.get(term, left) != left:
                clashes.add(term)
            found.setdefault(term, left)
            break
    return {term: left for term, left in found.items() if term not in clashes}

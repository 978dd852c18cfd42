"""Definitions that leave cases out of a defined term (docs/design.md#applicability).

A source whose scope names a term ("consumer", the curator's ``scope`` metadata or a statement
carried with it) reaches only what the lane's law means by that term. When a definition says
what the term does not include ('"Consumer" means an individual acting only in a household
context. The term does not include an individual acting as an employee or contractor of a
business.'), a question about one of the cases it leaves out is not about that term: a source
that covers only it does not reach the question. This module reads those definitions from a
document's text; the Django adapter stores them per document and gives the lane's to its
vocabulary (``Vocabulary.definitions``); ``citenexus.domain.applicability`` reads them.

A definition is a quoted term (double or single quotation marks) followed by "means",
"includes" or "does not include", in one paragraph: a block between blank lines, or a line
that opens with a subdivision label ("(2)", "2.", "1.2"). What it leaves out is the rest of the
sentence after "does not include", "shall not include" or "excludes", in the defining sentence
or in a later one of the same paragraph, before the next definition, that opens with the term
itself, "The term", "Such term", "It" or "They"; or what follows "is" in "A person is not a <term> if he or she is ...".
A term defined twice in one document with different exclusions is left out: which is meant
cannot be told.
"""

from __future__ import annotations

import re

from citenexus.text.sentences import split_sentences

MAX_TERM_CHARS = 60
MAX_EXCLUSION_CHARS = 600
_OPEN, _CLOSE = "\"\u201c'\u2018", "\"\u201d'\u2019"
# A paragraph: a block between blank lines, or a line opening with a label ("(2)", "2.", "2)",
# "1.2"); a hard-wrapped line that opens with a number ("18 years of age") goes on.
_PARAGRAPHS = re.compile(r"\n\s*\n|\n(?=[ \t]*(?:\(\w{1,4}\)|\d{1,3}[.)]|\d{1,3}(?:\.\d{1,3})+)\s)")
_DEFINED = re.compile(
    rf"(?<![\w{_CLOSE}])[{_OPEN}](?P<term>[^{_CLOSE}\n]{{1,{MAX_TERM_CHARS}}})[{_CLOSE}]\s+"
    r"(?:means|includes|(?:does|shall) not include)\b",
    re.IGNORECASE,
)
_LEAVES_OUT = re.compile(r"\b(?:does|do|shall|will) not include\b|\bexcludes\b", re.IGNORECASE)
_SUBJECT = r"(?:the term|such term|it|they|this term)"
_NOT_A = r"\bis not (?:a|an|the) {term}\b[^.;:]{{0,80}}?\bif (?:he or she|they|it|the person) (?:is|are)\b"


def _leaves_out(sentence: str, term: str, first: bool) -> str | None:
    """What ``sentence`` says ``term`` does not include: in the defining sentence (``first``)
    anywhere after the cue, in a later one only when it opens with the term or a word for it,
    or when it says who "is not a <term> if he or she is"."""
    cue = _LEAVES_OUT.search(sentence)
    if cue is not None and not first:
        opening = sentence[: cue.start()].strip().strip(_OPEN + _CLOSE).lower()
        if not re.fullmatch(rf"{_SUBJECT}|{re.escape(term)}[{_CLOSE}]?", opening):
            cue = None
    if cue is None:
        cue = re.search(_NOT_A.format(term=re.escape(term)), sentence, re.IGNORECASE)
    if cue is None:
        return None
    left = " ".join(sentence[cue.end() :].split()).rstrip(".;: ")
    return left[:MAX_EXCLUSION_CHARS] or None


def narrowing_definitions(text: str) -> dict[str, str]:
    """``{term (lower case): what its definition leaves out}`` for each defined term of ``text``
    whose definition says what it does not include (module docstring)."""
    found: dict[str, str] = {}
    clashes: set[str] = set()
    for paragraph in _PARAGRAPHS.split(text):
        defined_here = list(_DEFINED.finditer(paragraph))
        bounds = [d.start() for d in defined_here] + [len(paragraph)]
        for index, defined in enumerate(defined_here):
            end = bounds[index + 1]
            term = " ".join(defined.group("term").split()).lower()
            # A definition runs to the next one: "It does not include" after it is not its own.
            sentences = split_sentences(paragraph[defined.start() : end])
            for number, sentence in enumerate(sentences):
                left = _leaves_out(sentence, term, first=number == 0)
                if left is None:
                    continue
                if found.get(term, left) != left:
                    clashes.add(term)
                found.setdefault(term, left)
                break
    return {term: left for term, left in found.items() if term not in clashes}

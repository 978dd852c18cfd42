"""The question read once: what it asks for, what about, and the facts it states.

One frame per question text (cached), passed to the stages that need it instead of each stage
matching the question with patterns of its own (docs/design.md, "Answer selection"):

- ``answer_type``: what kind of answer the question asks for — a duration ("how long", "how many
  days", "how soon"), an amount ("how much"), a percentage, a date ("when", "what date"), a count
  ("how many times"), a yes/no rule ("Can ...", "Is ..."), a manner ("how must ... be served"), a
  person or body ("who"), named things of a kind ("Which web browsers ...?"), or None;
- ``value_kind`` and ``conflict_kind``: the kind of value a text must state to answer, and the
  kind whose disagreement is a conflict (``citenexus.domain.conflicts``); ``scored_kind``: the
  kind whose values earn a quoted sentence the value bonus (``citenexus.domain.relevance``): the
  value asked outright, else the kind the question names ("the fee", "the notice period");
- ``counted``: for a count ("how many times", "what number of ..."), what is counted; for a
  question asking which things of a kind ("Which web browsers ...?": the type ``named``), that
  kind, whose instances an answer names, and ``named`` the words that ask for it ("web
  browsers");
- ``role``: for a duration, whether it asks for a lead time ("how much notice", "how far
  ahead"), a deadline ("how long do I have to", "how soon", "within how many days") or neither;
- ``matter``: the content words of the asking clause (the sentence with the interrogative),
  without the interrogative and the parties: what the value is *of*;
- ``known``: what the asking clause names as already known ("Besides the residents and the
  attorney general, who else ...?"): a sentence whose answer is that is not the one asked for;
- ``facts``: the other sentences, which state the asker's situation;
- ``stated``: the facts the asker states about themselves, read in the whole question
  (``citenexus.domain.conditions.Facts``: tenure, percentages, counts of things), which pick the
  branch of a rule;
- ``jurisdictions``, ``scope`` and ``scope_words``: the places the question names, the values of
  the lane's scope dimensions it names and its words (with those of the terms of art the lane
  gives for its lay words), as applicability reads them (``citenexus.domain.applicability``;
  ``scope_in`` makes the ``QuestionScope``);
- ``amounts``: the sums of money and the shares it states ("more than $125", "by 12 percent"),
  which retrieval looks for in a unit (``citenexus.pipeline.retrieval.rerank``);
- ``terms``: the question's content words as the sentence scorer reads them, inflections folded
  (``citenexus.text.tokens.sentence_words``; the sentence scorer's word share);
  ``topic_terms``: its content words as retrieval tokenises them, without its place names (the
  reranker's overlap).

Generic English only; a lane's vocabulary adds its parties (the active one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citenexus.domain import readings
from citenexus.domain.applicability import (
    QuestionScope,
    acronyms_in,
    jurisdictions_named,
    months_stated,
    scope_values,
    without_place_names,
    words_of,
)
from citenexus.domain.conditions import Facts, stated_facts
from citenexus.domain.conflicts import DATE as CONFLICT_DATE
from citenexus.domain.conflicts import (
    SUPERLATIVE_AMOUNT,
    SUPERLATIVE_TIME,
    SUPERLATIVES,
    asked_kind,
    focus_words,
    party_stems,
    question_focus,
    question_kind,
    value_asked,
)
from citenexus.domain.vocabulary import EMPTY, Vocabulary, current, stem
from citenexus.text.quantities import amounts_stated, extract_quantities
from citenexus.text.stopwords import DETERMINERS, PREPOSITIONS
from citenexus.text.tokens import content_words, sentence_words

DURATION, AMOUNT, PERCENT, DATE, COUNT = "duration", "amount", "percent", "date", "count"
YES_NO, MANNER, PERSON, NAMED = "yes_no", "manner", "person", "named"

_TYPES = (
    (DURATION, r"\bhow (?:long|soon|far (?:ahead|in advance))\b|\bhow many (?:calendar |business )?"
     r"(?:days|weeks|months|years|hours)\b|\bwithin how\b|\bhow much (?:advance |prior )?"
     r"(?:notice|time|longer|warning)\b|" + SUPERLATIVE_TIME),
    (PERCENT, r"\bwhat (?:" + SUPERLATIVES + r"\s+)?(?:percent|percentage|share|rate)\b"
     r"|\bhow many percent\b"),
    (COUNT, r"\bhow many\b|\bwhat number of\b"),
    (AMOUNT, r"\bhow much\b|" + SUPERLATIVE_AMOUNT),
    (DATE, r"\bwhen\b|\bwhat date\b|\bwhich date\b|\bby what date\b|\bsince what date\b"),
    (PERSON, r"\bwho\b|\bwhom\b|\bwhich (?:agency|body|office|court|official)\b"),
    (NAMED, r"(?:^\s*|\b(?:in|for|of|on|to|by|from|with|under|at|about)\s+)which\s+"
     r"(?:[a-z-]+\s+)?[a-z]+s\s+[a-z]+"),
    (MANNER, r"\bhow (?:must|should|do|does|can|may|is|are)\b"
     r"|\b(?:in|by|through) what (?:form|way|manner|means|method)\b"),
    (YES_NO, r"^\s*(?:can|may|must|is|are|does|do|did|should|will|would|has|have|was|were|could)\b"),
)  # fmt: skip
_LEAD = re.compile(
    r"\bhow much (?:advance |prior )?(?:notice|warning)\b|\bhow far (?:ahead|in advance)\b"
    r"|\bin advance\b|\bbefore\b",
    re.IGNORECASE,
)
_DEADLINE = readings.ASKS_DEADLINE
_INTERROGATIVE = re.compile(r"\b(?:how|what|when|which|who|whom|whose|where|why)\b", re.IGNORECASE)
_ASKING_WORDS = frozenset(focus_words("how long much many soon far ahead advance within what when"))
_SENTENCES = re.compile(r"(?<=[.?!])\s+")
# "how many times a year", "what number of Colorado consumers": the first lower-case word after
# the count words is what is counted (a capitalised one names a place or a person).
_COUNTED = re.compile(r"\b(?i:how many|what number of)\s+((?:[A-Z][\w-]*\s+){0,3})([a-z]+)")
# "Which web browsers send ...?": the plural noun whose instances the question asks to be named.
_NAMED = re.compile(r"\b(?i:which)\s+((?:[a-z-]+\s+)??)([a-z]+s)\s+([a-z]+)")


@dataclass(frozen=True)
class QuestionFrame:
    text: str
    answer_type: str | None
    value_kind: str | None
    conflict_kind: str | None
    role: str | None
    matter: frozenset[str]
    content: frozenset[str]
    facts: str
    scored_kind: str | None = None
    counted: str = ""
    named: str = ""
    known: tuple[str, ...] = ()
    stated: Facts = Facts()
    jurisdictions: frozenset[str] = frozenset()
    scope: tuple[tuple[str, frozenset[str]], ...] = ()
    scope_words: frozenset[str] = frozenset()
    periods: tuple[float, ...] = ()  # the periods it states, in months (applicability)
    # The sums of money and shares it states ("more than $125", "by 12 percent"), each as
    # (kind, value, currency): a unit stating one is about the asker's case (retrieval).
    amounts: frozenset[tuple[str, float, str]] = frozenset()
    acronyms: frozenset[str] = frozenset()  # words it writes in capitals ("HIPAA"), lower-cased
    terms: frozenset[str] = frozenset()
    topic_terms: frozenset[str] = frozenset()
    vocabulary: Vocabulary = EMPTY

    def scope_in(self, lane_jurisdiction: str = "") -> QuestionScope:
        """What applicability compares with each source: the places named (the lane's when
        none is), the scope values named and the words (``QuestionScope.read``)."""
        return QuestionScope.read(
            self.jurisdictions,
            self.scope,
            self.scope_words,
            lane_jurisdiction,
            self.vocabulary,
            self.periods,
            self.acronyms,
        )


def named_kind(clause: str) -> re.Match[str] | None:
    """The "which ..." phrase of a question asking for things of a kind by name, its plural
    noun as group 2, or None: the noun is read as plural only when the verb behind it is one a
    plural takes ("Which web browsers *send* ...", "In which states *must* ..."), not a
    singular's verb ending in "s" ("Which notice *applies* to me?"), a preposition or a
    determiner."""
    found = _NAMED.search(clause)
    if found is None:
        return None
    verb = found.group(3)
    if verb.endswith("s") or verb in PREPOSITIONS or verb in DETERMINERS:
        return None
    return found


def _answer_type(clause: str) -> str | None:
    for name, pattern in _TYPES:
        if name == NAMED and named_kind(clause) is None:
            continue
        if re.search(pattern, clause, re.IGNORECASE):
            return name
    return None


def _asking_clause(question: str) -> tuple[str, str]:
    """(the sentence that asks, the other sentences): the last one with an interrogative or a
    question mark asks; the rest state the asker's situation."""
    parts = [p for p in _SENTENCES.split(question.strip()) if p]
    asking = next(
        (p for p in reversed(parts) if p.endswith("?") or _INTERROGATIVE.search(p)),
        parts[-1] if parts else "",
    )
    facts = " ".join(p for p in parts if p is not asking)
    return asking, facts


_KNOWN = re.compile(
    r"\b(?:besides|other than|apart from|aside from|in addition to)\s+([^,;?]+)", re.IGNORECASE
)
_ASKS_WHEN = re.compile(r"(?:^|[,;:])\W*(?:when|by when|on what date|what date|which date)\b", re.I)


def _scored_kind(question: str, asking: str) -> str | None:
    """The kind whose values earn the value bonus: a date for a question that opens with "when"
    ("when is the real deadline?" asks for a day, not for the length of the period), else the
    value asked outright, else the kind the question names."""
    if _ASKS_WHEN.search(asking):
        return CONFLICT_DATE
    return value_asked(question) or asked_kind(question)


def read_question(question: str, vocabulary: Vocabulary | None = None) -> QuestionFrame:
    """The question's frame, read with the lane's vocabulary (the active one unless given)."""
    return _read(question, current() if vocabulary is None else vocabulary)


def frame_of(question: str | QuestionFrame) -> QuestionFrame:
    """A stage's question as a frame: the frame passed down, or the text read now."""
    return question if isinstance(question, QuestionFrame) else read_question(question)


def _scope_words(question: str, vocabulary: Vocabulary) -> frozenset[str]:
    """The words an exclusion's categories are matched against: the question's own, and those of
    each term of art the lane's vocabulary gives for its lay words ("credit bureau" -> "consumer
    reporting agency"), each term read alone, so no two words run across the seam between the
    question and a term or between two terms."""
    words = words_of(question)
    for term in vocabulary.search_terms(question):
        words |= words_of(term)
    return words


def _read_uncached(question: str, vocabulary: Vocabulary) -> QuestionFrame:
    asking, facts = _asking_clause(question)
    parties = party_stems(vocabulary)
    answer_type = _answer_type(asking)
    role = None
    if answer_type == DURATION:
        if _DEADLINE.search(asking):
            role = readings.DEADLINE
        elif _LEAD.search(asking):
            role = readings.LEAD
    named = named_kind(asking) if answer_type == NAMED else None
    counted = named or (_COUNTED.search(asking) if answer_type == COUNT else None)
    return QuestionFrame(
        text=question,
        answer_type=answer_type,
        value_kind=value_asked(question),
        conflict_kind=question_kind(question),
        role=role,
        matter=frozenset(focus_words(asking) - parties - _ASKING_WORDS),
        content=question_focus(question, vocabulary),
        facts=facts,
        scored_kind=_scored_kind(question, asking),
        counted=stem(counted.group(2)) if counted else "",
        named="".join(named.group(1, 2)) if named else "",
        known=tuple(m.group(1).strip() for m in _KNOWN.finditer(asking)),
        stated=stated_facts(question, vocabulary),
        jurisdictions=jurisdictions_named(question, vocabulary),
        scope=scope_values(question, vocabulary),
        scope_words=_scope_words(question, vocabulary),
        # The periods the asker states of their case, not the one their question asks about
        # ("... 20 years ago. By what percentage ... over 12 months?"): the sentences that do
        # not ask, when there are any.
        periods=months_stated(extract_quantities(facts or question)),
        acronyms=acronyms_in(question),
        amounts=amounts_stated(question),
        terms=sentence_words(question),
        topic_terms=frozenset(content_words(without_place_names(question, vocabulary))),
        vocabulary=vocabulary,
    )


# Cached; mutation testing mutates _read_uncached (mutmut leaves decorated functions alone).
_read = lru_cache(maxsize=2048)(_read_uncached)

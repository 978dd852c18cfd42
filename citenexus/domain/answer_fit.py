"""How well a sentence answers the question asked, read through the question's frame.

The word share and bonuses of ``sentence_score`` say a sentence is *about* the question; the
frame (``citenexus.domain.question``) says what would *answer* it (docs/design.md, "Answer
selection"): a value of the kind asked whose own words name the question's matter, in the role
asked (a lead time for "how much notice", a deadline for "how long do I have to"), not a
look-back period or a deadline after another event. (A bonus for a yes/no question's rule with
its modal verb, and the matter bonus for amounts and dates, were measured and lost expected
values on the development lanes: docs/evaluation.md.)
"""

from __future__ import annotations

import re

from citenexus.domain import readings
from citenexus.domain.applicability import initials, without_place_names
from citenexus.domain.carried import REACH
from citenexus.domain.conflicts import DATE, DAYS, readings_of, values_of
from citenexus.domain.question import COUNT, MANNER, NAMED, QuestionFrame, frame_of
from citenexus.domain.relevance import VALUE_BONUS, sentence_score
from citenexus.domain.vocabulary import stem
from citenexus.text import quantities
from citenexus.text.sentences import opens_sentence
from citenexus.text.tokens import sentence_words

# What a value naming every word of the question's matter adds (a share of it for some).
MATTER_BONUS = 0.5
# A means of doing something, in generic English: "by certified or registered mail", "in
# person", "electronically", "orally", or a gerund naming the question's own verb ("by delivering
# a copy" for "How must the notice be delivered?"; "by giving notice" is how a tenancy ends, not
# how notice is delivered). "In writing" is left out: rules say a thing is done in writing far
# more often than they say how it is delivered (docs/evaluation.md, "Answer selection on texts
# the code never saw").
_MEANS = re.compile(
    r"\bby (?:[\w-]+ ){0,3}(?:mail|post|e-?mail|hand|telephone|phone|fax|courier|messenger"
    r"|delivery)\b|\bin person\b|\bpersonally\b|\belectronically\b"
    r"|\borally\b|\bverbally\b",
    re.IGNORECASE,
)
# A point in time told by an event, in generic English: "begins on the day the tenant moves out",
# "the next day that is not a holiday". What a "when" question asks for when no date answers it.
_TIME_REFERENCE = re.compile(
    r"\b(?:on|from|until|upon|by|after|before) the (?:[\w-]+ ){0,2}(?:day|date)\b"
    r"|\bnext (?:[\w-]+ )?day\b",
    re.IGNORECASE,
)
_BY_GERUND = re.compile(r"\bby (\w+ing)\b", re.IGNORECASE)
# A statement of reach opening a sentence ("This chapter applies to the operator of a website
# ...", "(a) This section does not apply to ..."), and a question asking about reach.
_REACH = re.compile(r"\W*(?:\(\w{1,4}\)\s*)?" + REACH, re.IGNORECASE)
_ASKS_REACH = re.compile(r"\b(?:appl(?:y|ies|icable)|covers?|covered|exempt\w*|exclud\w*)\b", re.I)
REACH_SHARE = 0.5
_COUNTED_WORDS = 5  # a count and what it counts: "two times", "500 or more Colorado residents"


def states_means(sentence: str, matter: frozenset[str] = frozenset()) -> bool:
    """Whether a sentence states how something is done: a means phrase, or "by" and a gerund
    whose stem is one of the question's ``matter`` words."""
    if _MEANS.search(sentence):
        return True
    return any(stem(g.lower()) in matter for g in _BY_GERUND.findall(sentence))


_TIMES = stem("times")
# "twice the deposit", "twice as much": a multiplier, not a number of times.
_MULTIPLIED = frozenset("the as that its their his her what".split())  # noqa: SIM905


def states_count(sentence: str, counted: str) -> bool:
    """Whether a sentence states a number of ``counted`` (a stem): "two times" for "times", and
    for "times" an adverb that says a number of them on its own ("not more than twice")."""
    if not counted:
        return False
    for q in quantities.extract_quantities(sentence):
        if q.kind != quantities.NUMBER:
            continue
        after = re.findall(r"[A-Za-z]+", sentence[q.end : q.end + 40])[:_COUNTED_WORDS]
        if (
            counted == _TIMES
            and sentence[q.start : q.end].lower() in quantities.MULTIPLES
            and not (after and after[0].lower() in _MULTIPLIED)
        ):
            return True
        if any(stem(w.lower()) == counted for w in after):
            return True
    return False


# Capitalised words that refer to a part of a text, not to a thing by its name ("under Section
# 5", "this Chapter").
_REFERENCES = frozenset(
    [
        "section",
        "sec",
        "chapter",
        "title",
        "part",
        "article",
        "rule",
        "act",
        "code",
        "subdivision",
        "subsection",
        "paragraph",
        "schedule",
        "appendix",
        "annex",
        "clause",
    ]
)
_NAME = re.compile(r"[A-Za-z][\w-]*")


def names_kind(frame: QuestionFrame, sentence: str) -> bool:
    """Whether a sentence names things of the kind a "which ..." question asks for ("Which web
    browsers send ...?"; the frame's ``counted``): it uses the kind's word (a stem) and a
    capitalised word inside the sentence (not its first, not behind a quotation mark or a colon)
    that the question does not use, that is no place ("a Colorado-facing site") and no
    reference to a part of a text ("Section"). "Brave and the DuckDuckGo browser send it" names
    browsers; "a setting in a web browser" names none."""
    kind = frame.counted
    if not kind or kind not in {stem(w) for w in _NAME.findall(sentence)}:
        return False
    text = without_place_names(sentence, frame.vocabulary)
    short_names = _initials(frame.text)
    for found in _NAME.finditer(text):
        word = found.group(0)
        if not word[0].isupper() or opens_sentence(text, found.start()):
            continue
        folded = word.lower()
        if folded in _REFERENCES or sentence_words(folded) & frame.terms:
            continue
        if word in short_names:
            continue  # "GPC" for the question's "Global Privacy Control"
        return True
    return False


_CAPITALISED_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")


def _initials(text: str) -> frozenset[str]:
    """The initials of each run of capitalised words in a text ("Global Privacy Control" gives
    "GPC"): the short name a source may use for a name the question spells out."""
    return frozenset(initials(run).upper() for run in _CAPITALISED_RUN.findall(text))


def _known_share(frame: QuestionFrame, sentence: str) -> float:
    """The share of the question's words a sentence names only because the question names them
    as known ("Besides the attorney general, who else ...?"). Twice it is taken back: once from
    its word share, and once more because such a sentence answers with what the asker knows."""
    if not frame.known:
        return 0.0
    asked = frame.terms
    known = {w for phrase in frame.known for w in sentence_words(phrase)}
    return 2 * len(known & sentence_words(sentence)) / len(asked) if asked else 0.0


def _type_bonus(frame: QuestionFrame, sentence: str) -> float:
    """The value bonus for the answer types that state no quantity the value readers compare:
    a count of what the question counts, a means for a manner question, things of the kind a
    "which ..." question asks for named, a day told by an event for a "when" question."""
    if frame.answer_type == COUNT and states_count(sentence, frame.counted):
        return VALUE_BONUS
    if frame.answer_type == MANNER and states_means(sentence, frame.matter):
        return VALUE_BONUS
    if frame.answer_type == NAMED and names_kind(frame, sentence):
        return VALUE_BONUS
    if (
        frame.scored_kind == DATE
        and _TIME_REFERENCE.search(sentence)
        and not values_of(sentence, DATE, about=frame.text)
    ):
        return VALUE_BONUS  # a date stated earns the value bonus in sentence_score
    return 0.0


def answer_score(question: str | QuestionFrame, sentence: str) -> float:
    """``sentence_score``, with the value bonus taken back from a value of another role, plus
    for a duration the share of the question's matter the value's own words name. The question
    is given as its text or as its frame (read once per ask by the generator)."""
    frame = frame_of(question)
    score = sentence_score(frame, sentence)
    if score == 0.0:
        return 0.0
    score += _type_bonus(frame, sentence) - _known_share(frame, sentence)
    if _REACH.match(sentence) and not _ASKS_REACH.search(frame.text):
        # A statement of where a part of the law applies says whom a rule is for, not what it
        # requires: it shares the question's words about its case and answers nothing else.
        score *= REACH_SHARE
    kind = frame.scored_kind
    if kind is not None:
        found = readings_of(sentence, kind, frame.text)
        if found and frame.role and all(r.role and r.role != frame.role for r in found):
            score -= VALUE_BONUS
        elif found and frame.matter and kind == DAYS:
            named = max(len(r.matter & frame.matter) for r in found)
            score += MATTER_BONUS * named / len(frame.matter)
        if any(r.role == readings.LOOKBACK for r in found) and frame.role is not None:
            score -= VALUE_BONUS / 2
    return max(score, 0.0)

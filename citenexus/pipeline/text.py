"""Word-level helpers shared by retrieval, reranking and the extractive generator."""

from __future__ import annotations

import re
from functools import lru_cache

from citenexus.domain.conditions import MET, UNMET, condition_fit
from citenexus.domain.conflicts import asked_kind, values_of

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "then",
        "than",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "without",
        "into",
        "onto",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "done",
        "doing",
        "have",
        "has",
        "had",
        "having",
        "can",
        "could",
        "may",
        "might",
        "must",
        "shall",
        "should",
        "will",
        "would",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "it",
        "its",
        "it's",
        "they",
        "them",
        "their",
        "he",
        "she",
        "his",
        "her",
        "we",
        "our",
        "you",
        "your",
        "i",
        "me",
        "my",
        "not",
        "no",
        "nor",
        "so",
        "such",
        "any",
        "all",
        "each",
        "every",
        "some",
        "many",
        "much",
        "more",
        "most",
        "other",
        "own",
        "same",
        "only",
        "just",
        "also",
        "very",
        "too",
        "about",
        "above",
        "below",
        "over",
        "under",
        "again",
        "further",
        "once",
        "per",
        "whether",
        "while",
        "during",
        "before",
        "after",
        "up",
        "down",
        "out",
        "off",
        "between",
        "through",
        "until",
        "upon",
        "within",
    ]
)
_TOKEN = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix strip so "tenancies"/"tenancy" and "notices"/"notice" meet."""
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("es", "e"), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + replacement
    return word


def tokens(text: str) -> list[str]:
    """Lower-cased, stemmed word tokens, stopwords included."""
    return [stem(t) for t in _TOKEN.findall(text.lower())]


def content_words(text: str) -> list[str]:
    """Stemmed tokens without stopwords or one-letter words, in order, with repeats."""
    return list(_content_words(text))


@lru_cache(maxsize=8192)
def _content_words(text: str) -> tuple[str, ...]:
    # Reranking, the generator and the removed-answer check read the same unit texts on one ask.
    return tuple(stem(t) for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS and len(t) > 1)


# The extractive generator's bonus for a sentence stating a value of the kind asked for.
VALUE_BONUS = 0.5
# ... and for a rule whose condition (tenure, a percentage) the question's facts meet
# (domain/conditions.py).
CONDITION_BONUS = 0.5


def sentence_score(question: str, sentence: str) -> float:
    """How well a sentence answers the question: content-word share plus the value bonus and
    the condition bonus; 0 for a rule whose condition the question's facts rule out."""
    asked = set(content_words(question))
    words = set(content_words(sentence))
    share = len(asked & words) / len(asked) if asked else 0.0
    if share == 0:
        return 0.0
    fit = condition_fit(question, sentence)
    if fit == UNMET:
        return 0.0
    kind = asked_kind(question)
    bonus = VALUE_BONUS if kind is not None and values_of(sentence, kind, about=question) else 0.0
    return share + bonus + (CONDITION_BONUS if fit == MET else 0.0)

"""The words retrieval and ranking compare: lower-cased, stemmed, stop words out.

``content_words`` (stemmed for retrieval) is read by full-text ranking in the in-memory store,
reranking's lexical overlap and the deep strategy's sub-questions; ``sentence_words`` (the same
stop words, the rules' stems) by the extractive generator's sentence scores. The judges read
text with their own tokeniser (``citenexus.judges.tokens``), which keeps roles, comparisons and
negations.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citenexus.text.stemming import stem_for_matching, stem_for_retrieval
from citenexus.text.stopwords import RETRIEVAL_STOPWORDS

_TOKEN = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")


def _kept_tokens(text: str) -> list[str]:
    """The lower-cased tokens both readers compare: no retrieval stop word, no single letter."""
    return [t for t in _TOKEN.findall(text.lower()) if t not in RETRIEVAL_STOPWORDS and len(t) > 1]


def content_words(text: str) -> list[str]:
    """Stemmed tokens without stopwords or one-letter words, in order, with repeats."""
    return list(_content_words(text))


@lru_cache(maxsize=8192)
def _content_words(text: str) -> tuple[str, ...]:
    # Reranking reads the same unit texts on every ask of a lane.
    return tuple(stem_for_retrieval(t) for t in _kept_tokens(text))


@lru_cache(maxsize=8192)
def sentence_words(text: str) -> frozenset[str]:
    """The distinct words a sentence scorer compares: retrieval's stop words and single letters
    out, as ``content_words``, but stemmed as the rules stem (``stem_for_matching``), which folds
    a word's inflections together ("suspended" and "suspend", "cooked" and "cook", "moving" and
    "move"); numbers are kept as they are ("1000" must not meet "100"). Retrieval keeps its own
    lighter stem: its relevance threshold was chosen with it."""
    return frozenset(
        t if any(c.isdigit() for c in t) else stem_for_matching(t) for t in _kept_tokens(text)
    )

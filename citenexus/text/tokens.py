"""The words retrieval and ranking compare: lower-cased, stemmed for retrieval, stop words out.

Used by full-text ranking in the in-memory store, reranking's lexical overlap, the deep
strategy's sub-questions and the extractive generator's sentence scores. The judges read text
with their own tokeniser (``citenexus.judges.tokens``), which keeps roles, comparisons and
negations.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citenexus.text.stemming import stem_for_retrieval
from citenexus.text.stopwords import RETRIEVAL_STOPWORDS

_TOKEN = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")


def content_words(text: str) -> list[str]:
    """Stemmed tokens without stopwords or one-letter words, in order, with repeats."""
    return list(_content_words(text))


@lru_cache(maxsize=8192)
def _content_words(text: str) -> tuple[str, ...]:
    # Reranking, the generator and the removed-answer check read the same unit texts on one ask.
    return tuple(
        stem_for_retrieval(t)
        for t in _TOKEN.findall(text.lower())
        if t not in RETRIEVAL_STOPWORDS and len(t) > 1
    )

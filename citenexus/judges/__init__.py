"""The judges that decide whether an evidence unit supports a claim
(docs/design.md#the-judges, docs/design.md#support).

Each judge returns a ``Judgment`` (entails, neutral or contradicts, with a score in [0, 1] and
the best-matching span of the unit) or None to decline. A unit supports a claim when every judge
that judged the pair said entails and at least one judged; that rule lives in the pipeline, the
judges only give verdicts.

Shipped by default: ``lexical`` (content-word coverage with order, role and comparison checks),
``numeric`` (numbers, dates, durations, amounts, percentages), ``negation`` (polarity), and
``embedding`` (similarity to the best span) when an embedder is given. ``llm`` is optional.
"""

from __future__ import annotations

from citenexus.judges.embedding import EmbeddingJudge
from citenexus.judges.lexical import LexicalJudge
from citenexus.judges.llm import LlmJudge
from citenexus.judges.negation import NegationJudge
from citenexus.judges.numeric import NumericJudge
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.ports import Embedder, Judge

__all__ = [
    "EmbeddingJudge",
    "JudgeThresholds",
    "LexicalJudge",
    "LlmJudge",
    "NegationJudge",
    "NumericJudge",
    "default_judges",
]


def default_judges(
    embedder: Embedder | None = None, *, thresholds: JudgeThresholds | None = None
) -> list[Judge]:
    """The judges shipped by default: lexical, numeric, negation, and embedding when an
    embedder is given, all sharing one set of thresholds."""
    settings = thresholds or JudgeThresholds()
    judges: list[Judge] = [
        LexicalJudge(settings),
        NumericJudge(settings),
        NegationJudge(settings),
    ]
    if embedder is not None:
        judges.append(EmbeddingJudge(embedder, settings))
    return judges

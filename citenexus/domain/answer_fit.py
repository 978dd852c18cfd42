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

from citenexus.domain import readings
from citenexus.domain.conflicts import DAYS, asked_kind, readings_of
from citenexus.domain.question import read_question
from citenexus.domain.relevance import VALUE_BONUS, sentence_score

# What a value naming every word of the question's matter adds (a share of it for some).
MATTER_BONUS = 0.5


def answer_score(question: str, sentence: str) -> float:
    """``sentence_score``, with the value bonus taken back from a value of another role, plus
    for a duration the share of the question's matter the value's own words name."""
    score = sentence_score(question, sentence)
    if score == 0.0:
        return 0.0
    frame = read_question(question)
    kind = asked_kind(question)
    if kind is not None:
        found = readings_of(sentence, kind, question)
        if found and frame.role and all(r.role and r.role != frame.role for r in found):
            score -= VALUE_BONUS
        elif found and frame.matter and kind == DAYS:
            named = max(len(r.matter & frame.matter) for r in found)
            score += MATTER_BONUS * named / len(frame.matter)
        if any(r.role == readings.LOOKBACK for r in found) and frame.role is not None:
            score -= VALUE_BONUS / 2
    return max(score, 0.0)

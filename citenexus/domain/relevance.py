"""How well a sentence answers a question: the extractive generator's choice of what to quote,
and the check that no stage removed the sentence that answers (``pipeline.responsive``).

Words are compared with their inflections folded (``citenexus.text.tokens.sentence_words``).
"""

from __future__ import annotations

from citenexus.domain.conditions import MET, UNMET, condition_fit
from citenexus.domain.conflicts import answered_by, values_of
from citenexus.domain.question import QuestionFrame, frame_of
from citenexus.text.tokens import sentence_words

# The extractive generator's bonus for a sentence stating a value of the kind asked for.
VALUE_BONUS = 0.5
# ... and for a rule whose condition (tenure, a percentage) the question's facts meet
# (domain/conditions.py).
CONDITION_BONUS = 0.5


def sentence_score(question: str | QuestionFrame, sentence: str) -> float:
    """How well a sentence answers the question (its text or its frame): content-word share plus
    the value bonus and the condition bonus; 0 for a rule whose condition the question's facts
    rule out."""
    frame = frame_of(question)
    asked = frame.terms
    words = sentence_words(sentence)
    share = len(asked & words) / len(asked) if asked else 0.0
    if share == 0:
        return 0.0
    fit = condition_fit(frame.stated, sentence)
    if fit == UNMET:
        return 0.0
    kind = frame.scored_kind
    bonus = (
        VALUE_BONUS
        if kind is not None
        and any(values_of(sentence, k, about=frame.text) for k in answered_by(kind))
        else 0.0
    )
    return share + bonus + (CONDITION_BONUS if fit == MET else 0.0)

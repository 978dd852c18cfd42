"""Did a stage remove the evidence that answers the question, leaving a draft that does not?

Grounding is not standing, and standing is not an answer. When the floor withholds the only
source that answers ("landlords must pay interest on deposits in every city" in a forum post)
the selected statutes are still *about* deposits, and an extractive draft quotes them: true,
supported, cited, and not an answer. Unit relevance cannot tell the two apart (both score
alike); the question's similarity to single sentences can, relative to each other.

Rule: embed the question, the draft's segments, and the best sentence (by the extractive
generator's word score) of each of the most relevant units a stage removed — the floor
(withheld) or applicability (inapplicable). If a removed sentence is more similar to the
question than every draft segment by at least ``margin``, the answer is refused with the code
of the stage that removed it (docs/design.md#refusal-codes: the stage that removed the usable
evidence), and the
refusal says which source answered and how far apart the two were.

The margin is a setting because similarities depend on the embedder; it was measured with
MiniLM on the example lane (docs/evaluation.md): answerable questions reach at most 0.21,
questions whose only answer is below the floor 0.24-0.49.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from citenexus.domain.model import Candidate, Draft, RefusalCode
from citenexus.domain.relevance import sentence_score
from citenexus.judges.embedding import cosine
from citenexus.ports import Embedder
from citenexus.text.sentences import split_sentences

DETAIL = (
    "{document} ({stage}) answers the question far better than the evidence that remains "
    "(similarity {removed:.2f} against {kept:.2f})"
)
MIN_SENTENCE_CHARS = 20


@dataclass(frozen=True)
class Removed:
    """The best-matching sentence a stage removed, and how it compares with the draft."""

    code: RefusalCode
    key: str
    document_id: str
    similarity: float
    draft_similarity: float

    @property
    def detail(self) -> str:
        floor = self.code is RefusalCode.BELOW_AUTHORITY_FLOOR
        stage = "withheld by the floor" if floor else "not applicable"
        return DETAIL.format(
            document=self.document_id,
            stage=stage,
            removed=self.similarity,
            kept=self.draft_similarity,
        )


def best_sentence(question: str, text: str) -> str | None:
    """The sentence of ``text`` the extractive generator would quote for the question."""
    sentences = [s for s in split_sentences(text) if len(s) >= MIN_SENTENCE_CHARS]
    if not sentences:
        return None
    return max(sentences, key=lambda s: sentence_score(question, s))


def removed_answer(
    question: str,
    draft: Draft,
    removed: Sequence[tuple[RefusalCode, Candidate]],
    embedder: Embedder,
    *,
    margin: float,
    per_stage: int = 3,
) -> Removed | None:
    """The removed evidence that answers far better than the draft, or None.

    ``removed`` pairs each removed candidate with the code of the stage that removed it, best
    first; only the first ``per_stage`` of each stage are compared, one sentence each, so the
    check costs one embedding call of at most ``1 + len(draft) + 2 * per_stage`` short texts.
    """
    drafted = [s.text for s in draft.segments if s.text.strip()]
    if not drafted or not removed:
        return None
    taken: dict[RefusalCode, int] = {}
    offers: list[tuple[RefusalCode, Candidate, str]] = []
    for code, candidate in removed:
        if taken.get(code, 0) >= per_stage:
            continue
        sentence = best_sentence(question, candidate.unit.text)
        if sentence is not None:
            taken[code] = taken.get(code, 0) + 1
            offers.append((code, candidate, sentence))
    if not offers:
        return None
    vectors = embedder.embed([question, *drafted, *(s for _, _, s in offers)])
    asked = vectors[0]
    kept = max(cosine(asked, v) for v in vectors[1 : 1 + len(drafted)])
    scored = [
        (cosine(asked, v), code, candidate)
        for v, (code, candidate, _) in zip(vectors[1 + len(drafted) :], offers, strict=True)
    ]
    best, code, candidate = max(scored, key=lambda row: row[0])
    if best - kept < margin:
        return None
    return Removed(code, candidate.key, candidate.unit.document_id, best, kept)

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

Three more readings of the same comparison, through the question's frame
(``citenexus.domain.question``; docs/design.md#removed-answer):

- **Answer type.** The question asks for a value of a kind (a duration, an amount, a percentage,
  a date); no draft segment states one about the question, and a removed sentence does. What is
  left cannot answer, and the removed source could: the refusal carries the removing stage's code.
- **Names.** The question asks which things of a kind ("Which web browsers send ...?": the
  frame's type ``named``); no draft segment names one and a sentence of a removed unit does
  (``citenexus.domain.answer_fit.names_kind``): what remains is about the kind, only the
  removed source names any.
- **Matter.** The floor's removed sentence names at least ``MATTER_LEAD`` more of the
  question's matter words (the asking clause's content words) than any draft segment, at least
  ``MATTER_RATIO`` times as many, and is more similar to the question. A sentence applicability
  left out for its **scope alone** (``Pool.out_of_scope``; never one of another place) is
  weighed the same way without the words that name the question's scope (the lane's scope
  terms: "commercial" in "a commercial lease"), and need not be the more similar (a long rule
  embeds further from a short question than a scope sentence does): what remains was kept for
  naming the scope, not the matter. A general rule that applies (a periodic-tenancy notice for a
  storefront) may name less of the question than the special rule that does not and still
  answers; a value question it answers with its value never reaches the count, and one asking
  yes or no is refused only when the draft names at most half as many matter words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from citenexus.domain.answer_fit import names_kind
from citenexus.domain.applicability import scope_patterns
from citenexus.domain.conflicts import AMOUNT, DATE, DAYS, PERCENT, focus_words, values_of
from citenexus.domain.model import Candidate, Draft, RefusalCode
from citenexus.domain.question import NAMED, QuestionFrame, frame_of
from citenexus.domain.relevance import sentence_score
from citenexus.domain.similarity import cosine
from citenexus.ports import Embedder
from citenexus.text.sentences import split_sentences

DETAIL = (
    "{document} ({stage}) answers the question far better than the evidence that remains "
    "(similarity {removed:.2f} against {kept:.2f})"
)
DETAIL_TYPE = (
    "{document} ({stage}) states {kind} value that answers the question; the evidence that "
    "remains states none"
)
DETAIL_NAMED = (
    "{document} ({stage}) names the {kind} the question asks for; the evidence that remains "
    "names none"
)
DETAIL_MATTER = (
    "{document} ({stage}) names {removed} of the question's {total} matter words, the evidence "
    "that remains at most {kept}"
)
MIN_SENTENCE_CHARS = 20
# The floor's removed sentence must name this many more of the question's matter words than
# every draft segment, and this many times as many (docs/evaluation.md, "Refusals").
MATTER_LEAD = 2
MATTER_RATIO = 2.0
# The frame's answer types that are values, as the value readers name their kinds.
VALUE_TYPES = {"duration": DAYS, "amount": AMOUNT, "percent": PERCENT, "date": DATE}
_ARTICLES = {DAYS: "a duration", AMOUNT: "an amount", PERCENT: "a percentage", DATE: "a date"}
SIMILARITY, TYPE, MATTER = "similarity", "type", "matter"
# ``Removed.kind`` of the named reading: the prefix, then the kind as the question words it.
NAMED_PREFIX = "named:"


@dataclass(frozen=True)
class Removed:
    """The best-matching sentence a stage removed, and how it compares with the draft."""

    code: RefusalCode
    key: str
    document_id: str
    similarity: float
    draft_similarity: float
    reason: str = SIMILARITY  # which reading found it: similarity, type or matter
    kind: str = ""  # the value kind asked (type)
    matter: tuple[int, int, int] = (0, 0, 0)  # (removed names, draft names, question has)

    @property
    def detail(self) -> str:
        floor = self.code is RefusalCode.BELOW_AUTHORITY_FLOOR
        stage = "withheld by the floor" if floor else "not applicable"
        if self.reason == TYPE and self.kind.startswith(NAMED_PREFIX):
            kind = self.kind.removeprefix(NAMED_PREFIX)
            return DETAIL_NAMED.format(document=self.document_id, stage=stage, kind=kind)
        if self.reason == TYPE:
            kind = _ARTICLES.get(self.kind, "a")
            return DETAIL_TYPE.format(document=self.document_id, stage=stage, kind=kind)
        if self.reason == MATTER:
            removed, kept, total = self.matter
            return DETAIL_MATTER.format(
                document=self.document_id, stage=stage, removed=removed, total=total, kept=kept
            )
        return DETAIL.format(
            document=self.document_id,
            stage=stage,
            removed=self.similarity,
            kept=self.draft_similarity,
        )


def best_sentence(question: str | QuestionFrame, text: str) -> str | None:
    """The sentence of ``text`` the extractive generator would quote for the question (its text
    or its frame)."""
    sentences = [s for s in split_sentences(text) if len(s) >= MIN_SENTENCE_CHARS]
    if not sentences:
        return None
    return max(sentences, key=lambda s: sentence_score(question, s))


def removed_answer(
    question: str | QuestionFrame,
    draft: Draft,
    removed: Sequence[tuple[RefusalCode, Candidate]],
    embedder: Embedder,
    *,
    margin: float,
    per_stage: int = 3,
    out_of_scope: frozenset[str] = frozenset(),
) -> Removed | None:
    """The removed evidence that answers far better than the draft, or None.

    ``removed`` pairs each removed candidate with the code of the stage that removed it, best
    first; only the first ``per_stage`` of each stage are compared, one sentence each, so the
    check costs one embedding call of at most ``1 + len(draft) + 2 * per_stage`` short texts.
    The question is given as its text or as its frame (``citenexus.domain.question``).
    """
    check = RemovedCheck.of(
        question, draft, removed, per_stage=per_stage, out_of_scope=out_of_scope
    )
    return None if check is None else check.decide(embedder.embed(check.texts), margin=margin)


@dataclass(frozen=True)
class RemovedCheck:
    """The texts ``removed_answer`` embeds, and the decision on their vectors: split in two so
    the ask can embed them while it judges the draft (``citenexus.pipeline.background``)."""

    frame: QuestionFrame
    drafted: tuple[str, ...]
    offers: tuple[tuple[RefusalCode, Candidate, str], ...]
    # The keys applicability removed for their scope alone (``Pool.out_of_scope``).
    out_of_scope: frozenset[str] = frozenset()

    @classmethod
    def of(
        cls,
        question: str | QuestionFrame,
        draft: Draft,
        removed: Sequence[tuple[RefusalCode, Candidate]],
        *,
        per_stage: int = 3,
        out_of_scope: frozenset[str] = frozenset(),
    ) -> RemovedCheck | None:
        """The check of ``draft`` against ``removed``, or None when there is nothing to compare;
        ``out_of_scope`` names the removed candidates applicability left out for their scope
        alone (the matter reading weighs those, without the question's scope words)."""
        frame = frame_of(question)
        drafted = tuple(s.text for s in draft.segments if s.text.strip())
        if not drafted or not removed:
            return None
        taken: dict[RefusalCode, int] = {}
        offers: list[tuple[RefusalCode, Candidate, str]] = []
        for code, candidate in removed:
            if taken.get(code, 0) >= per_stage:
                continue
            sentence = best_sentence(frame, candidate.unit.text)
            if sentence is not None:
                taken[code] = taken.get(code, 0) + 1
                offers.append((code, candidate, sentence))
        if not offers:
            return None
        return cls(frame, drafted, tuple(offers), out_of_scope)

    @property
    def texts(self) -> list[str]:
        """What to embed: the question, the draft's segments, the removed sentences."""
        return [self.frame.text, *self.drafted, *(s for _, _, s in self.offers)]

    def decide(self, vectors: Sequence[Sequence[float]], *, margin: float) -> Removed | None:
        """The removed evidence that answers far better than the draft, from the vectors of
        ``texts``, or None."""
        frame, drafted, offers = self.frame, self.drafted, self.offers
        asked = vectors[0]
        kept = max(cosine(asked, v) for v in vectors[1 : 1 + len(drafted)])
        scored = [
            (cosine(asked, v), code, candidate)
            for v, (code, candidate, _) in zip(vectors[1 + len(drafted) :], offers, strict=True)
        ]
        best, code, candidate = max(scored, key=lambda row: row[0])
        if best - kept >= margin:
            return Removed(code, candidate.key, candidate.unit.document_id, best, kept)
        sentences = [s for _, _, s in offers]
        return (
            _type_answered(frame, drafted, scored, sentences, kept, self.out_of_scope)
            or _named_answered(frame, drafted, scored, kept)
            or _matter_answered(frame, drafted, scored, sentences, kept, self.out_of_scope)
        )


def asked_value_kind(question: str | QuestionFrame) -> str | None:
    """The value kind the question's frame asks for (a duration, an amount, a percentage, a
    date), or None for a yes/no, manner, person or open question."""
    answer_type = frame_of(question).answer_type
    return VALUE_TYPES.get(answer_type) if answer_type else None


def _drafted_in_kind(frame: QuestionFrame, drafted: Sequence[str], kind: str) -> bool:
    """Whether a draft segment states a value of ``kind`` about the question."""
    return any(values_of(text, kind, about=frame.text) for text in drafted)


def _type_answered(
    frame: QuestionFrame,
    drafted: Sequence[str],
    scored: Sequence[tuple[float, RefusalCode, Candidate]],
    sentences: Sequence[str],
    kept: float,
    out_of_scope: frozenset[str] = frozenset(),
) -> Removed | None:
    """A removed sentence that states the kind of value asked when no draft segment does. One
    that applicability left out for its scope alone comes first: the rule that would answer does
    not reach the question's case, which a source below the floor stating the value does not
    change (a unit removed for its scope is evidence the case is governed elsewhere)."""
    kind = asked_value_kind(frame)
    if kind is None or _drafted_in_kind(frame, drafted, kind):
        return None
    stating = [
        row
        for row, sentence in zip(scored, sentences, strict=True)
        if values_of(sentence, kind, about=frame.text)
    ]
    if not stating:
        return None
    governed = [row for row in stating if row[2].key in out_of_scope]
    similarity, code, candidate = max(governed or stating, key=lambda row: row[0])
    return Removed(
        code, candidate.key, candidate.unit.document_id, similarity, kept, TYPE, kind=kind
    )


def _named_answered(
    frame: QuestionFrame,
    drafted: Sequence[str],
    scored: Sequence[tuple[float, RefusalCode, Candidate]],
    kept: float,
) -> Removed | None:
    """A removed unit with a sentence naming things of the kind a "which ..." question asks for
    ("Brave and the DuckDuckGo browser send it" for "Which web browsers send ...?") when no
    draft segment names one: what remains is about the kind ("a setting in a web browser"), and
    only the removed source answers. Every sentence of the unit is read, not only the one
    offered: the naming sentence need not share the most words with the question."""
    if frame.answer_type != NAMED:
        return None
    if any(names_kind(frame, text) for text in drafted):
        return None
    naming = [
        row
        for row in scored
        if any(names_kind(frame, sentence) for sentence in split_sentences(row[2].unit.text))
    ]
    if not naming:
        return None
    similarity, code, candidate = max(naming, key=lambda row: row[0])
    return Removed(
        code,
        candidate.key,
        candidate.unit.document_id,
        similarity,
        kept,
        TYPE,
        kind=NAMED_PREFIX + frame.named,
    )


def _matter_answered(
    frame: QuestionFrame,
    drafted: Sequence[str],
    scored: Sequence[tuple[float, RefusalCode, Candidate]],
    sentences: Sequence[str],
    kept: float,
    out_of_scope: frozenset[str] = frozenset(),
) -> Removed | None:
    """A removed sentence that names far more of the question's matter than the draft, when the
    draft does not already state the kind of value asked about the question: one the floor
    withheld, or one applicability left out for its scope alone. For the latter the words that
    name the question's scope ("a *commercial* lease") are not counted: the draft's sources were
    kept for naming them, and naming them says nothing about the matter asked ("may the tenant
    repair and deduct?"). A general rule that applies and names less of the question still
    answers a value question (its value), so that case never reaches the count."""
    matter = frame.matter
    if not matter:
        return None
    kind = asked_value_kind(frame)
    if kind is not None and _drafted_in_kind(frame, drafted, kind):
        return None
    asked = {
        RefusalCode.BELOW_AUTHORITY_FLOOR: matter,
        RefusalCode.NOT_APPLICABLE: matter - scope_named(frame),
    }
    drafted_words = [focus_words(text) for text in drafted]  # read once, weighed per candidate
    best: Removed | None = None
    for (similarity, code, candidate), sentence in zip(scored, sentences, strict=True):
        if code is RefusalCode.NOT_APPLICABLE:
            if candidate.key not in out_of_scope:
                continue
        elif similarity <= kept:
            continue
        words = asked[code]
        named = max(len(found & words) for found in drafted_words)
        removed = len(focus_words(sentence) & words)
        if removed < named + MATTER_LEAD or removed < MATTER_RATIO * named:
            continue
        if best is None or removed > best.matter[0]:
            best = Removed(
                code,
                candidate.key,
                candidate.unit.document_id,
                similarity,
                kept,
                MATTER,
                matter=(removed, named, len(words)),
            )
    return best


def scope_named(frame: QuestionFrame) -> frozenset[str]:
    """The question's words that name a value of one of the lane's scope dimensions: "commercial"
    in "a commercial lease", "month" in "month to month" (the phrases applicability reads)."""
    words: set[str] = set()
    for _, values in scope_patterns(frame.vocabulary):
        for _, pattern in values:
            for match in pattern.finditer(frame.text):
                words |= focus_words(match.group())
    return frozenset(words)

"""The extractive generator: the answer is sentences taken from the selected units.

Deterministic and offline. Each unit offers its sentence most related to the question (share of
the question's content words it contains, plus a bonus when it states a value of the kind the
question asks for); the best of these, down to half the top score, become the draft's segments,
each citing its own unit, most relevant first. Word scores tie often (a share of a few words);
with an embedder, a tie is broken by meaning — the tied sentence whose embedding is nearest the
question's — instead of by position (docs/design.md, "Answer selection").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from citenexus.domain.answer_fit import answer_score
from citenexus.domain.model import Draft, Segment, Unit
from citenexus.domain.question import QuestionFrame, read_question
from citenexus.domain.similarity import cosine
from citenexus.ports import Embedder, GenerationError
from citenexus.text.quantities import extract_quantities
from citenexus.text.sentences import split_sentences
from citenexus.text.tokens import sentence_words

ERR_NO_UNITS = "no evidence was handed to the generator"
ERR_NOTHING_RELATED = "no sentence of the selected evidence relates to the question"
MIN_SHARE = 0.5
# A line that states nothing — a title ("COLORADO PRIVACY ACT"), a heading ("Consumer personal
# data rights.") — shares the question's words without answering it. A statement has at least
# this many words or a number, and is not written in capitals only.
MIN_STATEMENT_WORDS = 5
_DIGIT = re.compile(r"\d")
# The labels that open a subdivision ("(2)", "(a)(1)", "3.", "iv)") number the list, not the
# rule: "(2) Notice to residents." is a heading, though it holds a digit.
_LABELS = re.compile(r"^(?:\s*(?:\(\s*[0-9a-zA-Z]{1,4}\s*\)|[0-9]{1,3}\.(?!\d)|[ivxIVX]{1,4}\)))+")
# A sentence that opens by pointing back ("The same rule applies when ...", "Such a notice ...")
# says nothing on its own: it is quoted with the sentence before it, which it refers to.
_BACK_REFERENCE = re.compile(
    r"^\W*(?:the same|such|these|those|it|they|the foregoing)\b", re.IGNORECASE
)


def states_something(sentence: str) -> bool:
    """Whether a sentence can be a claim: not a title or a heading (generic English), and not a
    question, which asks rather than states ("Can I sue a company that breaks the law?"). A
    subdivision's opening label ("(2)", "(a)(1)", "3.") counts as neither a word nor a number."""
    if sentence.lstrip().startswith("#") or sentence.rstrip().endswith("?"):
        return False
    letters = [c for c in sentence if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return False
    body = _LABELS.sub("", sentence)
    return len(body.split()) >= MIN_STATEMENT_WORDS or bool(_DIGIT.search(body))


def statement_scores(
    frame: QuestionFrame,
    sentences: Sequence[str],
    score: Callable[[QuestionFrame, str], float] = answer_score,
) -> list[tuple[float, int]]:
    """Each sentence that can be a claim (``states_something``), scored against the question,
    with its index: what the generator quotes from, and what judging reads a unit it did not
    quote by (docs/design.md#conflicts)."""
    return [(score(frame, s), i) for i, s in enumerate(sentences) if states_something(s)]


# A sentence that goes on about what the sentence before it named: "the", at most two words,
# the thing named, then its verb ("... the tenant may ask for an initial inspection. The
# inspection may take place no earlier than two weeks before ...").
_GOES_ON = re.compile(
    r"^\W*the\s+(?:[\w-]+\s+){0,2}?([\w-]+)\s+(?:may|must|shall|is|are|will|can)\b",
    re.IGNORECASE,
)


def goes_on(sentence: str, following: str) -> bool:
    """Whether ``following`` continues ``sentence`` with a value: it opens with "the" and a noun
    ``sentence`` names (``_GOES_ON``, words compared with their inflections folded) and states a
    quantity. Such a sentence gives the rule's value, extension or measure ("The controller may
    extend that period once by 45 additional days ..."), so it is quoted with the sentence it
    continues; one stating no quantity is not (generic English)."""
    opening = _GOES_ON.match(following)
    if opening is None or not extract_quantities(following):
        return False
    return bool(sentence_words(opening.group(1)) & sentence_words(sentence))


# A lead-in that makes its list one rule: a quantifier over "the following" ("may choose either
# of the following remedies:", "if all of the following are true:"), a colon, then the first
# item's label. Quoted alone, that first item would state one remedy of two, or one condition
# of three, as the whole rule. A list the lead-in does not quantify ("the following definitions
# apply:", "for the following purposes:") is a set of rules, each quotable alone.
_WHOLE_LIST = re.compile(
    r"\b(?:either|all|any|both|each|one|none|neither)\s+of\s+the\s+following\b[^:]*:\s*"
    r"\((1|a|i)\)\s",
    re.IGNORECASE,
)
_ITEM_LABEL = re.compile(r"\(([0-9]{1,2}|[a-zA-Z]|[ivxIVX]{1,5})\)\s")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
# A list quoted whole is quoted only up to this length: a longer one is left as it was, its
# first item under the lead-in (the answer cites the unit, where a reviewer reads the rest).
MAX_WHOLE_LIST_CHARS = 1200


def _next_label(label: str, first: str) -> str:
    """The label after ``label`` in a list whose first label is ``first``: "2" after "1", "b"
    after "a", "ii" after "i" (a list opening with "i" counts in roman numerals), in the case
    the list writes them."""
    if label.isdigit():
        return str(int(label) + 1)
    if first.lower() == "i":
        lower = label.lower()
        following = _ROMAN[_ROMAN.index(lower) + 1] if lower in _ROMAN[:-1] else ""
        return following.upper() if label.isupper() else following
    return chr(ord(label) + 1)


def whole_list(sentences: Sequence[str], index: int) -> int:
    """How many sentences after the one at ``index`` continue the list its lead-in makes one
    rule of (``_WHOLE_LIST``): each opens with the next label. 0 when the sentence holds no such
    lead-in, when the items all stand in it already, or when the whole list would be longer
    than ``MAX_WHOLE_LIST_CHARS``."""
    sentence = sentences[index]
    lead = _WHOLE_LIST.search(sentence)
    if lead is None:
        return 0
    first = label = lead.group(1)
    for inline in _ITEM_LABEL.finditer(sentence, lead.end()):
        if inline.group(1) == _next_label(label, first):
            label = inline.group(1)
    count = 0
    length = len(sentence)
    for following in sentences[index + 1 :]:
        item = _ITEM_LABEL.match(following)
        if item is None or item.group(1) != _next_label(label, first):
            break
        label = item.group(1)
        count += 1
        length += len(following) + 1
    return count if length <= MAX_WHOLE_LIST_CHARS else 0


def with_referent(sentences: Sequence[str], index: int) -> str:
    """The sentence at ``index``, after the sentence it points back to if it opens by pointing
    back; with the rest of its list when it quotes a list's first item under a lead-in that makes
    the list one rule (``whole_list``: "either of the following remedies: (1) ..."); else before
    the next sentence if that goes on about it with a value (``goes_on``). Generic English."""
    sentence = sentences[index]
    if index > 0 and _BACK_REFERENCE.match(sentence):
        sentence = f"{sentences[index - 1]} {sentence}"
    items = whole_list(sentences, index)
    if items:
        return " ".join([sentence, *sentences[index + 1 : index + 1 + items]])
    if index + 1 < len(sentences) and goes_on(sentences[index], sentences[index + 1]):
        sentence = f"{sentence} {sentences[index + 1]}"
    return sentence


@dataclass
class ExtractiveGenerator:
    name: str = "extractive"
    max_sentences: int = 3
    # Breaks ties in the word score by meaning: of sentences that score alike, the one whose
    # embedding is nearest the question's (docs/design.md, "Answer selection"). None: the first.
    embedder: Embedder | None = None

    def score(self, question: str | QuestionFrame, sentence: str) -> float:
        return answer_score(question, sentence)

    def generate(self, question: str, units: Sequence[Unit]) -> Draft:
        """One segment per chosen sentence, citing the unit it was taken from."""
        if not units:
            raise GenerationError(ERR_NO_UNITS)
        frame = read_question(question)  # read once, scored against every sentence
        rows: list[tuple[Unit, list[str], float, list[int]]] = []  # the sentences tied best
        for unit in units:
            sentences = split_sentences(unit.text)
            scored = statement_scores(frame, sentences, self.score)
            best = max((score for score, _ in scored), default=0.0)
            if best > 0:
                rows.append((unit, sentences, best, [i for score, i in scored if score == best]))
        if not rows:
            raise GenerationError(ERR_NOTHING_RELATED)
        nearness = self._nearness(question, self._ties(rows))
        offers: list[tuple[float, float, int, str, str]] = []
        for order, (unit, sentences, best, tied) in enumerate(rows):
            # A unit's tied sentences are embedded all or none: the default is never compared
            # with a cosine.
            index = max(tied, key=lambda i: nearness.get(sentences[i], 0.0))
            near = nearness.get(sentences[index], 0.0)
            offers.append((best, near, order, with_referent(sentences, index), unit.key))
        offers.sort(key=lambda o: (-o[0], -o[1], o[2]))
        top = offers[0][0]
        chosen = [o for o in offers if o[0] >= MIN_SHARE * top][: self.max_sentences]
        return Draft(
            tuple(Segment(text, (key,)) for _, _, _, text, key in chosen), generator=self.name
        )

    def _ties(self, rows: Sequence[tuple[Unit, list[str], float, list[int]]]) -> list[str]:
        """The sentences whose tie can change the draft: those tied at their unit's best score,
        or whose unit's best equals another's, in a unit that can be quoted (its best score
        reaches half the top score and the ``max_sentences``-th best, ties at that place
        included)."""
        bests = sorted((best for _, _, best, _ in rows), reverse=True)
        cutoff = max(bests[min(len(bests), self.max_sentences) - 1], MIN_SHARE * bests[0])
        quotable = [best for _, _, best, _ in rows if best >= cutoff]
        return [
            sentences[i]
            for _, sentences, best, tied in rows
            if best >= cutoff and (len(tied) > 1 or quotable.count(best) > 1)
            for i in tied
        ]

    def _nearness(self, question: str, sentences: Sequence[str]) -> dict[str, float]:
        """Each sentence's embedding cosine to the question (one call), or nothing without an
        embedder or with no tie to break. An embedder that returns another number of vectors
        than it was given texts is an error, not a tie broken at random."""
        if self.embedder is None or not sentences:
            return {}
        vectors = self.embedder.embed([question, *sentences])
        return {s: cosine(vectors[0], v) for s, v in zip(sentences, vectors[1:], strict=True)}

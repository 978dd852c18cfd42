"""Align a claim with the part of a unit it most plausibly comes from.

The unit is searched in regions of one to ``max_sentences`` consecutive sentences. The region
that contains the most of the claim's content words wins (ties: the best in-order match, then
the fewest sentences, then the tightest span). Inside it, claim and unit content tokens are
paired by a longest common subsequence, so a faithful copy or compression pairs every word in
order; claim words the subsequence leaves out are paired with the nearest occurrence, so a
rearrangement shows up as pairs out of order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from citenexus.domain.vocabulary import cached_per_vocabulary
from citenexus.judges.tokens import CONTENT, MODAL, Token, tokenize
from citenexus.text.sentences import sentence_spans
from citenexus.text.stopwords import DETERMINERS


@dataclass(frozen=True)
class Alignment:
    """A claim aligned with a unit: which claim tokens pair with which unit tokens."""

    claim: tuple[Token, ...]
    unit: tuple[Token, ...]
    pairs: tuple[tuple[int, int], ...]  # (claim token index, unit token index), claim order
    content: int  # the claim's content tokens
    covered: int  # of which present in the region or the unit's heading/title
    in_order: int  # pairs in the longest common subsequence
    region: tuple[int, int]  # unit token indexes [lo, hi) of the chosen sentences
    region_chars: tuple[int, int]

    @property
    def coverage(self) -> float:
        return self.covered / self.content if self.content else 0.0

    @cached_property
    def home(self) -> frozenset[int]:
        """The sentences holding the most of the claim's paired words (``home_sentences``)."""
        return _home_sentences(self)

    @cached_property
    def quoted(self) -> frozenset[int]:
        """The sentences the claim quotes (``quoted_sentences``)."""
        return _quoted_sentences(self)

    @property
    def span(self) -> tuple[int, int] | None:
        """Character span of the unit from the first to the last paired token."""
        if not self.pairs:
            return None
        positions = [u for _, u in self.pairs]
        return self.unit[min(positions)].start, self.unit[max(positions)].end


@cached_per_vocabulary(maxsize=8192)
def offered_keys(text: str) -> frozenset[str]:
    """Every key the content tokens of a passage (or a heading) offer to a claim's words."""
    # Only content tokens offer keys (``Token.keys``), so no token needs testing.
    return frozenset(k for t in tokenize(text) for k in t.keys)


@cached_per_vocabulary(maxsize=4096)
def align(claim: str, unit_text: str, context: str = "", max_sentences: int = 3) -> Alignment:
    """The best alignment of ``claim`` with ``unit_text`` (see the module docstring).

    ``context`` (the unit's heading and title) can cover a claim word but never pairs with it:
    "Under Civil Code 1950.5, ..." is covered by a unit headed "Civil Code 1950.5".
    """
    claim_tokens = tokenize(claim)
    unit_tokens, regions = _layout(unit_text, max_sentences)
    wanted = [i for i, t in enumerate(claim_tokens) if t.is_content]
    claim_keys = [(i, claim_tokens[i].key) for i in wanted]
    context_keys = offered_keys(context)
    best: tuple[tuple[int, int, int, int], Alignment] | None = None
    scanned: list[tuple[int, int, list[int], int]] = []
    for lo, hi, region_keys in regions:
        found = [i for i, key in claim_keys if key in region_keys]
        covered = len(found) + sum(
            1 for _, key in claim_keys if key not in region_keys and key in context_keys
        )
        scanned.append((lo, hi, found, covered))
    # Only a region covering the most claim words can win (coverage leads the comparison), so
    # only those are paired. Exact ties go to the region first in the text.
    most = max((covered for *_, covered in scanned), default=0)
    contenders = [(index, row) for index, row in enumerate(scanned) if row[3] == most]
    # Pairing is the costly part. A region's in-order count is at most the claim words it
    # contains (len(found)), so regions are paired most-promising first, and one that cannot
    # beat the best so far, even on that bound, is skipped: same result, fewer pairings.
    contenders.sort(key=lambda item: (-len(item[1][2]), item[1][1] - item[1][0], item[0]))
    best_index = -1
    for index, (lo, hi, found, covered) in contenders:
        if best is not None and (len(found), -(hi - lo)) < best[0][1:3]:
            continue
        pairs, in_order = _pair(claim_tokens, unit_tokens, found, lo, hi)
        chars = (unit_tokens[lo].start, unit_tokens[hi - 1].end) if hi > lo else (0, 0)
        candidate = Alignment(
            claim_tokens, unit_tokens, pairs, len(wanted), covered, in_order, (lo, hi), chars
        )
        spread = candidate.span[1] - candidate.span[0] if candidate.span else 0
        key = (covered, in_order, -(hi - lo), -spread)
        if best is None or key > best[0] or (key == best[0] and index < best_index):
            best, best_index = (key, candidate), index
    if best is None:
        return Alignment(claim_tokens, unit_tokens, (), len(wanted), 0, 0, (0, 0), (0, 0))
    return best[1]


Region = tuple[int, int, frozenset[str]]


@cached_per_vocabulary(maxsize=4096)
def _layout(text: str, max_sentences: int) -> tuple[tuple[Token, ...], tuple[Region, ...]]:
    """A unit's tokens and its regions with the keys their content tokens offer.

    Read once per unit, not once per claim: a unit is aligned with every claim of an answer.
    """
    tokens = tokenize(text)
    bounds = _sentence_bounds(text, tokens)
    offered = [frozenset(key for token in tokens[lo:hi] for key in token.keys) for lo, hi in bounds]
    regions: list[Region] = []
    for first in range(len(bounds)):
        for last in range(first, min(first + max_sentences, len(bounds))):
            keys = frozenset().union(*offered[first : last + 1])
            regions.append((bounds[first][0], bounds[last][1], keys))
    return tokens, tuple(regions)


def _sentence_bounds(text: str, tokens: tuple[Token, ...]) -> list[tuple[int, int]]:
    """Token ranges of the sentences of ``text`` (and of any tokens after the last one)."""
    bounds: list[tuple[int, int]] = []
    k = 0
    for _, end in sentence_spans(text):
        lo = k
        while k < len(tokens) and tokens[k].start < end:
            k += 1
        if k > lo:
            bounds.append((lo, k))
    if k < len(tokens):
        bounds.append((k, len(tokens)))
    return bounds


def _pair(
    claim: tuple[Token, ...], unit: tuple[Token, ...], found: list[int], lo: int, hi: int
) -> tuple[tuple[tuple[int, int], ...], int]:
    positions = [k for k in range(lo, hi) if unit[k].keys]  # content tokens (``Token.keys``)
    matched = _lcs([claim[i].key for i in found], [unit[k].keys for k in positions])
    paired = _tighten(claim, unit, [(found[a], positions[b]) for a, b in matched])
    in_order = len(paired)
    for index, i in enumerate(found):
        if i in paired:
            continue
        before = max((paired[j] for j in found[:index] if j in paired), default=-1)
        after = min((paired[j] for j in found[index + 1 :] if j in paired), default=hi)
        options = [k for k in positions if claim[i].key in unit[k].keys]
        paired[i] = min(
            options, key=lambda k: (0 if before < k < after else 1, _gap(k, before, after))
        )
    _prefer_neighbours(claim, unit, found, paired, positions)
    _prefer_home(claim, unit, found, paired, positions)
    return tuple(sorted(paired.items())), in_order


def _prefer_home(
    claim: tuple[Token, ...],
    unit: tuple[Token, ...],
    found: list[int],
    paired: dict[int, int],
    positions: list[int],
) -> None:
    """Re-pair a word paired outside the sentence that holds most of the claim's words with its
    use in that sentence, when there is one: a claim that moves a clause ("Before bringing an
    action, the Attorney General may give ... an opportunity to cure an alleged violation")
    quotes the "violation" of its own sentence, not the one of the next that the longest
    subsequence reached for."""
    counts = _sentence_counts(unit, paired.values())
    if not counts:
        return
    home = max(counts, key=lambda start: (counts[start], -start))
    if sum(1 for n in counts.values() if n == counts[home]) > 1:
        return  # two sentences hold as many: no one sentence is the claim's
    at_home = {k for k in positions if sentence_of(unit, k) == home}  # read once, not per word
    used = set(paired.values())
    for index, i in enumerate(found):
        if paired[i] in at_home:
            continue
        before = max((paired[j] for j in found[:index] if paired[j] in at_home), default=-1)
        after = min(
            (paired[j] for j in found[index + 1 :] if paired[j] in at_home), default=len(unit)
        )
        options = [
            k
            for k in positions
            if k not in used
            and before < k < after
            and k in at_home
            and claim[i].key in unit[k].keys
        ]
        if options:
            used.discard(paired[i])
            paired[i] = options[0]
            used.add(options[0])


def _prefer_neighbours(
    claim: tuple[Token, ...],
    unit: tuple[Token, ...],
    found: list[int],
    paired: dict[int, int],
    positions: list[int],
) -> None:
    """Re-pair a repeated word with the occurrence next to its claim neighbours' pairs.

    A claim that moves "after the tenant vacates" to its end still quotes the "tenant" next to
    "vacates", not the "tenant" the longest subsequence reached for; a word's negations and
    comparisons are read at the occurrence the claim quotes.
    """
    rank = {k: r for r, k in enumerate(positions)}

    def adjacency(index: int, k: int) -> int:
        score = 0
        if index > 0 and found[index - 1] in paired:
            score += rank[k] - rank[paired[found[index - 1]]] == 1
        if index + 1 < len(found) and found[index + 1] in paired:
            score += rank[paired[found[index + 1]]] - rank[k] == 1
        return score

    for _ in range(2):
        changed = False
        for index, i in enumerate(found):
            options = [k for k in positions if claim[i].key in unit[k].keys]
            if len(options) < 2:
                continue
            best = max(options, key=lambda k: (adjacency(index, k), k == paired[i]))
            if adjacency(index, best) > adjacency(index, paired[i]):
                paired[i] = best
                changed = True
        if not changed:
            break


def _tighten(
    claim: tuple[Token, ...], unit: tuple[Token, ...], pairs: list[tuple[int, int]]
) -> dict[int, int]:
    """Move each in-order pair to the last matching occurrence before its successor.

    The subsequence takes the earliest occurrence of a repeated word ("the dwelling unit ...
    show the unit"); the occurrence next to the words that follow it is the one the claim
    quotes, and the one whose negations and comparisons apply.
    """
    for k in range(len(pairs) - 2, -1, -1):
        c, u = pairs[k]
        floor = pairs[k - 1][1] if k > 0 else -1
        ceiling = pairs[k + 1][1]
        for q in range(ceiling - 1, u, -1):
            if q > floor and unit[q].is_content and claim[c].key in unit[q].keys:
                if _possessive(unit[q]) != _possessive(claim[c]) and _possessive(
                    unit[u]
                ) == _possessive(claim[c]):
                    continue  # "the Attorney General may, in the Attorney General's discretion"
                pairs[k] = (c, q)
                break
    return dict(pairs)


def _possessive(token: Token) -> bool:
    return token.word.endswith(("'s", "\u2019s"))


def _gap(k: int, before: int, after: int) -> int:
    if k <= before:
        return before - k
    if k >= after:
        return k - after
    return 0


def _lcs(a: list[str], b: list[frozenset[str]]) -> list[tuple[int, int]]:
    """Index pairs of a longest common subsequence of ``a`` and ``b``, where ``a[i]`` matches
    ``b[j]`` when it is one of its keys (earliest matches)."""
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below, word = table[i], table[i + 1], a[i]
        for j in range(m - 1, -1, -1):
            if word in b[j]:
                row[j] = below[j + 1] + 1
            else:  # max() without the call: the loop runs for every cell of every pairing
                down, right = below[j], row[j + 1]
                row[j] = down if down >= right else right
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if a[i] in b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


_ENDS = frozenset({".", ";", "!", "?", "\n"})


def sentence_of(tokens: tuple[Token, ...], index: int) -> int:
    """The start of the sentence holding the token at ``index`` (its first token's index)."""
    k = index
    while k > 0 and tokens[k - 1].word not in _ENDS:
        k -= 1
    return k


def home_sentences(alignment: Alignment) -> frozenset[int]:
    """``alignment.home``: computed once per alignment (alignments are cached)."""
    return alignment.home


def _home_sentences(alignment: Alignment) -> frozenset[int]:
    """The sentences of the passage holding the most of the claim's paired words (their starts).

    A claim word paired into another sentence (a word the claim shares with a neighbouring
    sentence about something else: "at no cost" and that sentence's "administrative costs")
    stands there in another matter, so its polarity says nothing about the claim.
    """
    counts = _sentence_counts(alignment.unit, (u for _, u in alignment.pairs))
    most = max(counts.values(), default=0)
    home = {start for start, n in counts.items() if n == most}
    # A sentence that goes on about a home sentence's subject by a word for it ("The term
    # does not include ...", "It does not apply ...") is the same statement continued: a
    # definition and what it leaves out are one rule (``continues``).
    tokens = alignment.unit
    for start in sorted(home):
        at = start
        while at > 0 and continues(tokens, at):
            at = sentence_of(tokens, at - 1)  # the sentence it goes on from
            if at not in counts:
                break
            home.add(at)
        at = sentence_end(tokens, start)
        while at in counts and continues(tokens, at):
            home.add(at)
            at = sentence_end(tokens, at)
    return frozenset(home)


# The words a sentence opens with when it goes on about the subject of the one before it.
_BACK_REFERENCES = (("the", "term"), ("such", "term"), ("this", "term"), ("it",), ("they",))


def continues(tokens: tuple[Token, ...], start: int) -> bool:
    """Whether the sentence whose first token is at ``start`` opens with a word for the subject
    of the sentence before it ("The term", "Such term", "This term", "It", "They")."""
    words = tuple(t.word for t in tokens[start : start + 2])
    return any(words[: len(opening)] == opening for opening in _BACK_REFERENCES)


# A sentence holding at least this share of a claim's paired words is one the claim quotes.
QUOTED_SHARE = 0.25


def quoted_sentences(alignment: Alignment) -> frozenset[int]:
    """``alignment.quoted``: computed once per alignment (alignments are cached)."""
    return alignment.quoted


def _quoted_sentences(alignment: Alignment) -> frozenset[int]:
    """The sentences (their starts) a claim quotes: those holding the most of its paired words
    (``home_sentences``), and any other holding at least ``QUOTED_SHARE`` of them, since a
    claim that joins two sentences quotes both. A sentence sharing only a stray word or two
    with the claim (the list item before, "unless the law requires the processor to keep the
    data") is not quoted."""
    counts = _sentence_counts(alignment.unit, (u for _, u in alignment.pairs))
    enough = QUOTED_SHARE * len(alignment.pairs)
    return alignment.home | {start for start, n in counts.items() if n >= enough}


def _sentence_counts(tokens: tuple[Token, ...], positions: Iterable[int]) -> dict[int, int]:
    """How many of ``positions`` each sentence holds, by the sentence's first token."""
    counts: dict[int, int] = {}
    for k in positions:
        start = sentence_of(tokens, k)
        counts[start] = counts.get(start, 0) + 1
    return counts


def sentence_end(tokens: tuple[Token, ...], index: int) -> int:
    """The index just past the sentence holding the token at ``index`` (past its end mark, or
    the text's end)."""
    k = index + 1
    while k < len(tokens) and tokens[k - 1].word not in _ENDS:
        k += 1
    return k


def sentence_chars(alignment: Alignment, start: int) -> tuple[int, int]:
    """The character span of the passage sentence whose first token is at ``start``."""
    unit = alignment.unit
    return unit[start].start, unit[sentence_end(unit, start) - 1].end


@dataclass(frozen=True)
class Predicate:
    """A claim that opens "<subject> [of <noun>] <modal> [not] <verb>" (or "<subject> is [not]
    <participle>"): token indexes; ``modal`` is the copula's for the second form."""

    subject: tuple[int, ...]  # the head words ("notice")
    of: tuple[int, ...]  # the words of its "of" phrases ("hearing" in "notice of the hearing")
    modal: int
    verb: int


_AUXILIARY_WORDS = frozenset({"be", "been", "not", "to", "have", "also", "only"})


_LEADING = frozenset({"if", "when", "whenever", "where", "unless", "once", "after", "before"})
# A leading phrase ("In setting the amount of a penalty, the court shall ...", "Within 30 days
# after ..., the landlord shall ...") puts the subject behind its comma as a condition does.
_LEADING |= {"in", "within", "on", "for", "during", "upon", "at", "under", "instead", "until"}


def claim_predicate(tokens: tuple[Token, ...]) -> Predicate | None:
    """The claim's subject, its modal and the verb the modal governs, if it has them.

    The subject opens the claim, or opens its main clause after a leading condition or phrase
    ("When the tenant's interest is transferred, the tenant shall ..."); a relative clause after the
    subject ("A tenant who intends to end a tenancy shall give ...") is stepped over.
    """
    found = _predicate_at(tokens, 0)
    if found is None and tokens and tokens[0].word in _LEADING:
        comma = next((k for k, t in enumerate(tokens) if t.word == ","), None)
        if comma is not None:
            found = _predicate_at(tokens, comma + 1)
    return found


_RELATIVES = frozenset({"who", "that", "which"})
_SENTENCE_ENDS = frozenset({".", ";", "!", "?"})
# A claim that states its rule with a copula ("A consumer is not required to comply ...") has a
# subject as surely as one with a modal; the verb is the participle behind it.
_COPULAS = frozenset({"is", "are", "was", "were"})


def _predicate_at(tokens: tuple[Token, ...], start: int) -> Predicate | None:
    k = _skip_determiners(tokens, start)
    subject, k = _content_run(tokens, k)
    of: list[int] = []
    while subject and k < len(tokens) and tokens[k].word == "of":
        words, after = _content_run(tokens, _skip_determiners(tokens, k + 1))
        if not words:
            break
        of.extend(words)
        k = after
    if subject and k < len(tokens) and tokens[k].word in _RELATIVES:
        while k < len(tokens) and tokens[k].kind != MODAL and tokens[k].word not in _SENTENCE_ENDS:
            k += 1
    if not subject or k >= len(tokens):
        return None
    if tokens[k].kind != MODAL and tokens[k].word not in _COPULAS:
        return None
    verb = k + 1
    while verb < len(tokens) and tokens[verb].word in _AUXILIARY_WORDS:
        verb += 1
    if verb >= len(tokens) or tokens[verb].kind != CONTENT:
        return None
    return Predicate(tuple(subject), tuple(of), k, verb)


def _skip_determiners(tokens: tuple[Token, ...], k: int) -> int:
    while k < len(tokens) and tokens[k].word in DETERMINERS:
        k += 1
    return k


def content_run_before(tokens: tuple[Token, ...], k: int) -> list[int]:
    """The run of content words that ends at ``k``, nearest first ("The senior member may":
    from "member", [member, senior]); empty when ``k`` is no content word."""
    run: list[int] = []
    while k >= 0 and tokens[k].is_content:
        run.append(k)
        k -= 1
    return run


def _content_run(tokens: tuple[Token, ...], k: int) -> tuple[list[int], int]:
    run: list[int] = []
    while k < len(tokens) and tokens[k].is_content:
        run.append(k)
        k += 1
    return run, k


def governing_modal(tokens: tuple[Token, ...], verb: int) -> int | None:
    """The modal directly in front of a verb ("may rescind", "shall not be required")."""
    k = verb - 1
    while k >= 0 and tokens[k].word in _AUXILIARY_WORDS:
        k -= 1
    return k if k >= 0 and tokens[k].kind == MODAL else None

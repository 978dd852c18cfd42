"""The negation judge: the claim and the passage say the same thing is so, or is not so.

It speaks only about the sentences the claim aligns to (``align``), and only when they hold at
least ``negation_min_coverage`` of the claim's content words: a "not" in a sentence about
another matter says nothing about the claim, so below that share the judge declines
(docs/design.md#the-judges). From ``negation_agree_min_coverage`` up to that share it speaks
only to agree: a claim and a passage that deny the same head ("cannot raise prices on ... a
product" / "shall not increase the price of ... a product") agree however reworded the rest
is, while a difference of polarity there may be a neighbouring rule's.

Each word's polarity is the parity of the negation markers whose scope covers it ("not", "no",
"never", "without", "except", "unless", "beyond", "prohibited"; scopes in
``tokens.negation_counts``). Over the words the claim shares with the passage:

- a word whose polarity differs contradicts ("may not sublet" / "may sublet"; "damage beyond
  ordinary wear and tear" / "ordinary wear and tear"; "is prohibited" / "is permitted") when it
  is the head of a negation in either text (the first content word a marker governs, or a
  negative word itself): what a negation denies is its head, and a paraphrase that moves the
  end of a scope ("may not demand a deposit larger than one month's rent" for "shall not
  demand, however labelled, security greater than one month's rent") denies the same thing;
- a negation one text lays over a whole statement of the other contradicts too, whatever its
  head (``_scope_flips``: "may no longer sue ... for damage" / "may still sue ... for damage");
  "beyond the limit" and "exceeds the limit" are not compared by parity (``_beyond_for_more``);
- otherwise, a claim that obliges ("shall", "must") where the passage only permits ("may") is
  neutral (the modal in front of the same verb when both texts have one);
- otherwise, a claim that denies a word the passage narrows with a word the claim leaves out
  ("do not apply to rentals" for "do not apply to transient rentals") is neutral (``_widened``);
  a claim that narrows the word its own way, past a determiner ("may not raise the rent" for
  "may not increase rent"), does not deny it more widely (``_narrowed``);
- otherwise the judge entails when a marker touches the shared words (in the claim, or over
  them in the passage), and declines when none does: it has nothing to say.

"No person may operate" denies the predicate as "a person may not operate" does
(``tokens.negated_subject``), so does "never" in front of an auxiliary ("never has to provide
more than 30 days' notice" as "does not have to"; ``_denies_predicate``), and "absent evidence
to the contrary" is an exception like "without". A flip on a word the passage also uses,
unpaired and with the claim's polarity, in the same sentences is no flip (``_agrees_elsewhere``):
the alignment paired the other use. Nor is a flip on a word the claim puts between two
neighbours the passage has side by side ("the first fire drill" for "the first drill"): it is
paired with another use of it ("... by the fire marshal"), whose polarity is not the claim's
(``_inserted_stray``).

Dropping a whole exception ("... unless the tenant consents") keeps the polarity of what is
left, so a compression that drops it is not contradicted here.

A flip inside the claim's condition ("When the owner ends a tenancy for an at-fault cause" against
"for a no-fault cause") states the rule of another case, not the opposite of this one: neutral,
as a comparison reversed there is for the lexical judge. A flip on a word inside the passage's
condition ("If the landlord raises the rent, ...") is neutral too: a condition asserts nothing to
deny. A condition turned into its exception
("if the tenant objects" / "unless the tenant objects") still contradicts.

A requirement ("shall not end the tenancy without just cause") is not the opposite of a duty
("must have just cause to end it"): a flip on it against a text that states no exception of its
own is neutral (``_requirement_flip``). When a change of voice pairs a verb both texts deny ("may
not be used by a tenant" / "a tenant may not use"), the words that moved across the "not" with
the voice prove nothing; when each text denies words the other does not, around verbs the aligner
could not pair ("are not counted in the three days" / "the three days do not include"), the
judge declines (``_unpaired_passive_denial``).

Two exceptions of one rule are not compared by parity (``_excepted``): "may not process unless
it first obtains consent" and "shall not process without first obtaining consent" say the same,
though the "not" of the one reaches over "without" and the other's stops at "unless"; the rule's
own words ("process") still are. A case that denies itself ("when the parties have not agreed
otherwise") is such an exception, and an exception of the claim read against a plain statement
of the passage ("..., unless the parties have agreed otherwise" / "Parties commonly agree that
...") is neutral: an exception asserts nothing a statement could deny. So is a passage's
"unless" or "except" clause read against a claim's plain statement ("valid unless the party who
challenges it shows that it was unreasonable" / "must show that it was reasonable"); a
passage's "without" is a manner, which a claim's "with" still denies.

A claim that orders two steps with "before" ("must obtain consent before it collects") against
a passage that requires one "without first" doing it ("shall not collect ... without first
obtaining consent") states the same order from the other end: the judge declines and the
lexical judge reads the order (``_step_before``). A passive denial of a verb the passage does
not use is declined also when only the claim's subject moved across the "not"
(``_unpaired_passive_denial``).
"""

from __future__ import annotations

from collections.abc import Sequence

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges.align import (
    Alignment,
    claim_predicate,
    governing_modal,
    home_sentences,
    quoted_sentences,
    sentence_of,
)
from citenexus.judges.lexical import align_claim, in_condition, voice_pair
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import (
    BOUNDARY,
    COMPARATOR,
    GE,
    MODAL,
    NEGATOR,
    OBLIGATION,
    PERMISSION,
    STOP,
    Token,
    negated_subject,
    text_negation_counts,
)
from citenexus.text.stopwords import BE_FORMS, DETERMINERS

NAME = "negation"


class NegationJudge:
    """Polarity of the claim against the aligned passage (module docstring)."""

    name = NAME

    def __init__(self, thresholds: JudgeThresholds | None = None) -> None:
        self.thresholds = thresholds or JudgeThresholds()

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        alignment = align_claim(claim, unit, self.thresholds)
        if not alignment.pairs:
            return None
        if alignment.coverage < self.thresholds.negation_min_coverage:
            if alignment.coverage < self.thresholds.negation_agree_min_coverage:
                return None
            # Less of the claim in these sentences: both denying the same thing still agrees,
            # but a difference may be another matter's (module docstring).
            found = self._read(claim, unit, alignment)
            return found if found is not None and found.verdict is Verdict.ENTAILS else None
        return self._read(claim, unit, alignment)

    def _read(self, claim: str, unit: Unit, alignment: Alignment) -> Judgment | None:
        scope = self.thresholds.negation_max_scope
        # The alignment's tokens are ``tokenize`` of the claim and of the unit's text.
        claim_counts = text_negation_counts(claim, scope)
        unit_counts = text_negation_counts(unit.text, scope)
        span = alignment.span
        claim_heads = _heads(alignment.claim, {c for c, _ in alignment.pairs})
        unit_heads = _heads(alignment.unit, {u for _, u in alignment.pairs})
        home = home_sentences(alignment)
        flips = [
            (c, u)
            for c, u in alignment.pairs
            if claim_counts[c] % 2 != unit_counts[u] % 2
            and not _beyond_for_more(alignment, c, u)
            and (c in claim_heads or u in unit_heads)
            and sentence_of(alignment.unit, u) in home
            and not (_excepted(alignment.claim, c) and _excepted(alignment.unit, u))
            and not _agrees_elsewhere(alignment, c, claim_counts, unit_counts)
            and not _inserted_stray(alignment, c)
        ]
        flips += _predicate_flips(alignment, claim_counts, unit_counts)
        flips += _scope_flips(alignment, claim_counts, unit_counts)
        voiced = voice_pair(alignment)
        if voiced is not None and claim_counts[voiced[0]] % 2 and unit_counts[voiced[1]] % 2:
            # "may not be used by a tenant" / "a tenant may not use": both deny the verb, and
            # the words that moved across the "not" with the voice prove nothing.
            flips = []
        elif any(not claim_counts[c] for c, _ in flips) and _unpaired_passive_denial(alignment):
            # Each text denies words the other does not, around verbs the aligner could not
            # pair: "are not counted in the three days" / "the three days do not include".
            return None
        if flips:
            c, u = flips[0]
            token = alignment.unit[u]
            where = (token.start, token.end)
            if all(
                (in_condition(alignment.claim, c) or in_condition(alignment.unit, u))
                and not _excepted(alignment.claim, c)
                and not _excepted(alignment.unit, u)
                for c, u in flips
            ):
                # "When the owner ends a tenancy for an at-fault cause, ..." against "... for a
                # no-fault cause, ...": the rule of another case, not the opposite of this one.
                return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.0, where)
            if all(
                _exception_against_statement(alignment, claim_counts, unit_counts, c, u)
                for c, u in flips
            ):
                # "..., unless the parties have agreed otherwise" against "Parties commonly agree
                # that ...": an exception asserts nothing that a statement could deny.
                return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.0, where)
            if all(_requirement_flip(alignment, claim_counts, unit_counts, c, u) for c, u in flips):
                if _step_before(alignment):
                    # "must obtain consent before it collects" against "shall not collect
                    # without first obtaining consent": one order of two steps, said from each
                    # end; the lexical judge reads the order.
                    return None
                # "shall not end the tenancy without just cause" against "must have just cause
                # to end it": a requirement, which parity cannot compare with a duty.
                return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.0, where)
            return Judgment(unit.key, NAME, Verdict.CONTRADICTS, 0.0, where)
        if _obliges_where_passage_permits(alignment):
            return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.5, span)
        if _widened(alignment, claim_counts, unit_counts):
            return Judgment(unit.key, NAME, Verdict.NEUTRAL, 0.5, span)
        # Agreement needs a shared word negated in both texts: where no marker touches the
        # shared words, nothing agrees and the judge declines (it has nothing to say).
        # Only in a sentence the claim quotes: an "unless the law requires" of the list item
        # before, sharing two stray words with the claim, says nothing of "need not require".
        quoted = quoted_sentences(alignment)
        agreed = any(
            claim_counts[c] % 2
            and unit_counts[u] % 2
            and (c in claim_heads or u in unit_heads)
            and sentence_of(alignment.unit, u) in quoted
            for c, u in alignment.pairs
        )
        if not agreed:
            return None  # the claim's negation is about a word the passage does not negate
        return Judgment(unit.key, NAME, Verdict.ENTAILS, 1.0, span)


def _inserted_stray(alignment: Alignment, c: int) -> bool:
    """Whether the claim word at ``c`` stands between two claim words paired side by side in the
    passage, and is itself paired elsewhere: a word of the claim's own put between them ("the
    first *fire* drill" for "the first drill"), paired with another use of it ("... by the fire
    marshal"). Its polarity there is that other use's."""
    order = [k for k, _ in alignment.pairs]
    index = order.index(c)
    if index == 0 or index + 1 == len(order):
        return False
    paired = dict(alignment.pairs)
    # Side by side, the neighbours leave no place between them for the word's own pair.
    return paired[order[index + 1]] == paired[order[index - 1]] + 1


def _exception_against_statement(
    alignment: Alignment, claim_counts: Sequence[int], unit_counts: Sequence[int], c: int, u: int
) -> bool:
    """Whether one text's word stands in an exception and the other's in a plain statement,
    outside any condition: "..., unless the parties have agreed otherwise" against "Parties
    commonly agree that ..."; "valid unless the party who challenges it shows that it was
    unreasonable" against "must show that it was reasonable" (on the passage's side only an
    "unless" or "except" clause: "may keep a dog without consent" is denied by "with
    consent"). An exception asserts nothing a statement could deny."""
    claim, unit = alignment.claim, alignment.unit
    if claim_counts[c] == 1 and _excepted(claim, c):
        return not _excepted(unit, u) and not in_condition(unit, u)
    if unit_counts[u] == 1 and _in_clause_exception(unit, u):
        return not _excepted(claim, c) and not in_condition(claim, c)
    return False


_CLAUSE_EXCEPTIONS = frozenset({"unless", "except"})


def _in_clause_exception(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the word stands in an "unless ..." or "except ..." clause: the nearest marker in
    front of it in its clause is one of them. ("Without consent" is a manner, which a claim
    "with consent" does deny.)"""
    for token in reversed(tokens[:index]):
        if token.word in _CLAUSE_EXCEPTIONS:
            return True
        if token.word in _CLAUSE_BREAKS:
            return False
    return False


_EXCEPTIONS = frozenset({"unless", "without", "absent", "except"})
_NEGATIONS = frozenset({"not", "no", "never"})
_EXCEPTION_ENDS = frozenset({",", ";", ":", ".", "!", "?", "\n"})
_CLAUSE_BREAKS = _EXCEPTIONS | _NEGATIONS | _EXCEPTION_ENDS


def _agrees_elsewhere(
    alignment: Alignment, c: int, claim_counts: Sequence[int], unit_counts: Sequence[int]
) -> bool:
    """Whether the claim's word at ``c`` stands again, unpaired, in the home sentences with the
    claim's polarity. The alignment pairs a word with one of its uses; when the passage uses it
    twice ("for any reason or for no reason", "... a biometric identifier, unless the biometric
    identifier is strictly necessary"), a claim that moves a clause or words ("for any reason or
    for none", "Unless a biometric identifier is strictly necessary, ...") may be paired with the
    other use. The passage then says what the claim says as well as its opposite: a parity flip
    on this word proves nothing."""
    keys = alignment.claim[c].keys
    used = {u for _, u in alignment.pairs}
    home = home_sentences(alignment)
    unit = alignment.unit
    return any(
        k not in used
        and unit[k].is_content
        and keys & unit[k].keys
        and unit_counts[k] % 2 == claim_counts[c] % 2
        and sentence_of(unit, k) in home
        for k in range(len(unit))
    )


def _excepted(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the word at ``index`` stands in an exception ("unless it first obtains consent",
    "without first obtaining consent", "except with consent"): the nearest marker in front of it
    in its clause is "unless", "without" or "except". Word parity cannot compare two
    exceptions: "may not process unless it first obtains consent" and "shall not process without
    first obtaining consent" say the same, though "not" reaches over "without" and stops at
    "unless". Two exceptions of the same rule are compared by the rule's own words instead. A
    case that denies itself ("when the parties have not agreed otherwise") is an exception too
    (``_denies_itself``)."""
    k = index - 1
    while k >= 0:
        word = tokens[k].word
        if word in _EXCEPTIONS:
            return True
        if word in _NEGATIONS or word in _EXCEPTION_ENDS:
            return False
        if word in _CASE_OPENERS:
            return _denies_itself(tokens, k)
        k -= 1
    return False


# A case that denies ("when the parties have not agreed otherwise") is an exception, as "unless
# the parties have agreed otherwise" is.
_CASE_OPENERS = frozenset({"if", "when", "where", "whenever"})
# A clause inside the case ("when it determines that misuse has not occurred"): its "not"
# denies that clause, not the case.
_EMBEDDING = frozenset({"that", "which", "who", "whether"})


def _denies_itself(tokens: tuple[Token, ...], opener: int) -> bool:
    """Whether the case a condition opens at ``opener`` is denied: a "not" or a "never" in its
    clause before any clause inside it."""
    for token in tokens[opener + 1 :]:
        if token.word in _EXCEPTION_ENDS or token.word in _EMBEDDING:
            return False
        if token.word in _NEGATIONS:
            return True
    return False


def _unpaired_passive_denial(alignment: Alignment) -> bool:
    """Whether the claim denies a passive verb the passage does not use ("are not counted",
    "is not terminated by") where the passage's home sentences deny a verb the claim does not
    use ("do not include", "does not end"): the two may say the same in two voices, and which
    words stand under each "not" cannot be compared."""
    paired = {c for c, _ in alignment.pairs}
    used = {u for _, u in alignment.pairs}
    claim = alignment.claim
    denied = [_denied_verb(claim, k) for k in range(len(claim)) if claim[k].word == "not"]
    passive = any(
        verb is not None and verb not in paired and claim[verb].word.endswith("ed")
        for verb in denied
    )
    if not passive:
        return False
    home = home_sentences(alignment)
    unit = alignment.unit
    denied = [
        _denied_verb(unit, k)
        for k in range(len(unit))
        if unit[k].word == "not" and sentence_of(unit, k) in home
    ]
    return any(verb is not None and verb not in used for verb in denied)


def _step_before(alignment: Alignment) -> bool:
    """Whether the claim orders two steps with "before" where the passage's aligned sentences
    require one "without first" doing it."""
    if not any(token.word == "before" for token in alignment.claim):
        return False
    unit = alignment.unit
    lo, hi = alignment.region
    return any(unit[k].word == "first" and unit[k - 1].word == "without" for k in range(lo + 1, hi))


def _denied_verb(tokens: tuple[Token, ...], k: int) -> int | None:
    """The verb a "not" after a modal or an auxiliary denies ("may not be *used*", "do not
    *include*"), or None when the "not" denies no predicate."""
    if k == 0 or tokens[k - 1].word not in _PREDICATE_LEADS:
        return None
    j = k + 1
    while j < len(tokens) and tokens[j].word in BE_FORMS:
        j += 1
    return j if j < len(tokens) and tokens[j].is_content else None


_REQUIRES = frozenset({"without", "absent"})


def _requirement_flip(
    alignment: Alignment, claim_counts: Sequence[int], unit_counts: Sequence[int], c: int, u: int
) -> bool:
    """Whether a flip is a requirement read against a text that states no exception.

    "Shall not V ... without X" denies V only where X is missing: it says V needs X, which is
    what "must X before V" or "may V only with X" say without any negation. Its "not" covers V
    and the other text's V is free, yet the two may agree. Where the other text states an
    exception of its own ("may V without X"), the two still compare word by word: that one
    contradicts. The judge cannot tell a requirement from a duty by parity, so such a flip is
    neutral, never a contradiction and never support (docs/design.md#the-judges)."""
    if claim_counts[c] % 2:
        negated, counts, index, other = alignment.claim, claim_counts, c, _home_words(alignment)
    else:
        negated, counts, index, other = alignment.unit, unit_counts, u, alignment.claim
    if not _requires(negated, counts, index):
        return False
    return not any(token.word in _EXCEPTIONS for token in other)


def _home_words(alignment: Alignment) -> tuple[Token, ...]:
    """The passage's tokens in the claim's home sentences."""
    home = home_sentences(alignment)
    unit = alignment.unit
    return tuple(unit[k] for k in range(len(unit)) if sentence_of(unit, k) in home)


def _requires(tokens: tuple[Token, ...], counts: Sequence[int], index: int) -> bool:
    """Whether the negated word at ``index`` has a "without" or "absent" behind it in the same
    negation scope ("shall not *end* the tenancy without just cause")."""
    for k in range(index + 1, len(tokens)):
        if not counts[k]:
            return False
        if tokens[k].word in _REQUIRES:
            return True
    return False


def _widened(alignment: Alignment, claim_counts: Sequence[int], unit_counts: Sequence[int]) -> bool:
    """Whether the claim denies more than the passage: a word both texts negate ("do not apply
    to *rentals*") that the passage narrows with a word right in front of it which the claim
    leaves out ("do not apply to *transient* rentals"; a word the claim says elsewhere, "unless
    impersonation was *involved*" for "unless the offence *involved* impersonation", it keeps).
    Leaving a modifier out is a faithful compression where a text asserts, but where it denies,
    the claim then denies it of every such thing (docs/design.md#the-judges)."""
    # A word paired with the claim's is one the claim says: its keys meet the claim's.
    said = {key for token in alignment.claim if token.is_content for key in token.keys}
    home = home_sentences(alignment)
    for c, u in alignment.pairs:
        if not (claim_counts[c] % 2 and unit_counts[u] % 2) or u == 0:
            continue
        if sentence_of(alignment.unit, u) not in home:
            continue
        before = alignment.unit[u - 1]
        if not before.is_content or not unit_counts[u - 1] % 2:
            continue
        if before.keys & said:
            continue  # the claim says it, there or elsewhere ("unless impersonation was involved")
        if before.word in _PREPOSITION_PARTICIPLES:
            continue  # "any entity or data ..., including data maintained ...": an example
            # of what is denied, not a narrower word
        if _narrowed(alignment.claim, c):
            continue  # the claim narrows the word its own way
        return True
    return False


# Participles that work as prepositions: the noun behind one is not narrowed by it.
_PREPOSITION_PARTICIPLES = frozenset(
    {"including", "excluding", "concerning", "regarding", "following", "pending"}
)


def _narrowed(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a content word stands right in front of the word at ``index``, past its
    determiners ("raise *the* rent" narrows "rent" as "increase rent" does)."""
    k = index - 1
    while k >= 0 and tokens[k].word in DETERMINERS:
        k -= 1
    return k >= 0 and tokens[k].is_content


def _predicate_flips(
    alignment: Alignment, claim_counts: Sequence[int], unit_counts: Sequence[int]
) -> list[tuple[int, int]]:
    """The claim's verb against the passage's use of it whose sentence names the claim's subject.

    A passage may use the claim's verb twice, of two subjects ("a deposit is returned at the end;
    pet rent is not returned"): the alignment pairs the verb with one of them, but the claim
    ("pet rent is returned") speaks of the subject it names. An occurrence of the verb in the
    aligned sentences, behind every word of the claim's subject in its own sentence, whose
    polarity differs from the claim's verb is a flip, unless the verb the claim is paired with
    already stands behind its subject, or the occurrence is paired with a word of the claim.
    """
    predicate = claim_predicate(alignment.claim)
    if predicate is None:
        return []
    verb = alignment.claim[predicate.verb]
    subject = {alignment.claim[c].key for c in predicate.subject}
    lo, hi = alignment.region
    unit = alignment.unit
    paired = dict(alignment.pairs)
    if predicate.verb in paired and _names_before(unit, paired[predicate.verb], subject):
        return []  # the verb the claim is paired with is already its subject's
    used = set(paired.values())
    flips = []
    for k in range(lo, hi):
        if k in used or not unit[k].is_content or verb.key not in unit[k].keys:
            continue
        if claim_counts[predicate.verb] % 2 == unit_counts[k] % 2:
            continue
        if _names_before(unit, k, subject):
            flips.append((predicate.verb, k))
    return flips


def _scope_flips(
    alignment: Alignment, claim_counts: Sequence[int], unit_counts: Sequence[int]
) -> list[tuple[int, int]]:
    """The pairs of a negation one text adds over a whole statement of the other.

    In the passage's home sentences, at least two shared words stand under a negation in one
    text, and every one of them stands free of it in the other: "a landlord ... may no longer
    sue the tenant separately for damage" against "may still sue the tenant separately for
    damage"; "has no right to have inaccuracies corrected" against "may have inaccuracies
    corrected". The head of the negation may be a word the other text lacks ("longer") or one
    it states in a heading ("Right to correction."), so no head is compared; a paraphrase that
    only moves the end of a scope keeps its head under the negation in both texts, and so has
    a shared word negated in both (docs/design.md#the-judges).

    Not read: a "no" behind a preposition ("at no cost", "with no fee"), which denies its noun,
    not the statement ("free of charge" says the same); a negation whose head the other text
    lacks ("never discards" may say what "keeps" says: an opposite in one word; "no longer" is
    one marker, its head the verb behind it); and a negated verb ("do not include") paired
    outside the home sentences, whose denial is about what the passage says elsewhere.
    """
    home = home_sentences(alignment)
    pairs = [
        (c, u)
        for c, u in alignment.pairs
        if sentence_of(alignment.unit, u) in home
        and not (_excepted(alignment.claim, c) or _excepted(alignment.unit, u))
        and not _beyond_for_more(alignment, c, u)
    ]
    texts = (alignment.claim, alignment.unit)
    for side, (negated, free) in enumerate(
        ((claim_counts, unit_counts), (unit_counts, claim_counts))
    ):
        covered = [pair for pair in pairs if negated[pair[side]] % 2]
        if len(covered) < 2 or any(free[pair[1 - side]] % 2 for pair in covered):
            continue
        paired = {pair[side]: pair[1 - side] for pair in alignment.pairs}
        if _statement_negation(texts[side], covered[0][side], paired, home, alignment, side):
            return covered
    return []


_NOUN_LEADS = frozenset({"at", "for", "with", "of", "in", "on", "by", "to", "from"})


def _statement_negation(
    tokens: tuple[Token, ...],
    first: int,
    paired: dict[int, int],
    home: frozenset[int],
    alignment: Alignment,
    side: int,
) -> bool:
    """Whether the marker nearest in front of ``first`` denies a statement (``_scope_flips``)."""
    k = first  # a word under a negation has its marker in front of it, or is one itself
    while k >= 0 and not tokens[k].negates:
        k -= 1
    if k < 0:
        return False  # a subject its predicate denies ("... is prohibited"): read by parity
    marker = tokens[k]
    lead = tokens[k - 1].word if k > 0 else ""
    if marker.norm == "no" and lead in _NOUN_LEADS:
        return False
    head = k if marker.is_content else _head_after(tokens, k)
    if head not in paired:
        return False  # "never discards" may say what "keeps" says: an opposite in one word
    if marker.norm != "not" or lead not in _PREDICATE_LEADS:
        return True
    where = paired[head] if side == 0 else head
    return sentence_of(alignment.unit, where) in home


def _head_after(tokens: tuple[Token, ...], k: int) -> int:
    """The first content word behind the marker at ``k`` ("no longer" is one marker), or -1."""
    for j in range(k + 1, len(tokens)):
        if tokens[j].is_content and not (tokens[j].word == "longer" and tokens[k].norm == "no"):
            return j
    return -1


def _beyond_for_more(alignment: Alignment, c: int, u: int) -> bool:
    """Whether one text puts the word "beyond" what the other says it exceeds: "goes *beyond*
    the limit" for "*exceeds* the limit" ("more than", "over"). "Beyond" denies its word
    ("damage beyond ordinary wear and tear" is not ordinary wear and tear), "exceeds" compares
    with it; both say the same of it."""
    return {_in_front(alignment.claim, c), _in_front(alignment.unit, u)} == {"beyond", GE}


def _in_front(tokens: tuple[Token, ...], index: int) -> str:
    """What stands right in front of a word, past its determiners: "beyond", a comparison's
    direction (``GE`` for "exceeds", "more than"), or ""."""
    k = index - 1
    while k >= 0 and tokens[k].kind == STOP:
        k -= 1
    if k < 0:
        return ""
    if tokens[k].kind == COMPARATOR:
        return tokens[k].direction
    return "beyond" if tokens[k].word == "beyond" else ""


def _names_before(tokens: tuple[Token, ...], index: int, keys: set[str]) -> bool:
    """Whether every key is offered by a content word in front of ``index`` in its sentence."""
    start = sentence_of(tokens, index)
    before = {key for j in range(start, index) if tokens[j].is_content for key in tokens[j].keys}
    return keys <= before


def _heads(tokens: tuple[Token, ...], paired: set[int]) -> set[int]:
    """The heads of the text's negations: each negative content word ("prohibited"), the first
    content word of each marker's clause ("no cost" heads "cost"), and for a negated predicate
    the first word it shares with the other text ("shall not, without consent, sublet" heads
    "sublet")."""
    heads: set[int] = set()
    for i, token in enumerate(tokens):
        if not token.negates:
            continue
        if token.is_content:
            heads.add(i)
            continue
        predicate = _denies_predicate(tokens, i)
        aside = predicate and i + 1 < len(tokens) and tokens[i + 1].word == ","
        start = i + 2 if aside else i + 1
        modal = negated_subject(tokens, i)
        if modal is not None:  # "No person may operate": the head is the predicate's verb
            predicate, start = True, modal + 1
        for j in range(start, len(tokens)):
            other = tokens[j]
            if aside:  # "shall not, over any 12-month period, increase": the aside is no head
                aside = other.word != ","
                continue
            if other.is_content and (j in paired or not predicate):
                heads.add(j)
                break
            if other.kind == MODAL or other.word in _SENTENCE_ENDS:
                break
            if other.kind == BOUNDARY and not predicate:
                break
    return heads


def _denies_predicate(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether the marker at ``i`` denies a predicate: a "not" behind a modal or an auxiliary
    ("may not sublet"), or a "never" in front of one ("never has to give" says what "does not
    have to give" says). A "never" in front of a verb ("never discards") heads that verb, so an
    opposite in one word ("keeps") is not read as its denial."""
    if tokens[i].norm == "not":
        return i > 0 and tokens[i - 1].word in _PREDICATE_LEADS
    if tokens[i].norm == "never":
        return i + 1 < len(tokens) and tokens[i + 1].word in _PREDICATE_LEADS
    return False


# A "not" after a modal or an auxiliary negates the predicate: its head is the verb the two
# texts share, past words only one of them has ("is not required to give" / "must give").
_PREDICATE_LEADS = frozenset(
    ["shall", "must", "may", "can", "will", "should", "might", "could", "would", "is", "are"]
    + ["was", "were", "be", "been", "does", "do", "did", "has", "have", "had", "need"]
)


_SENTENCE_ENDS = frozenset({".", ";", "!", "?", "\n"})


def _obliges_where_passage_permits(alignment: Alignment) -> bool:
    """Whether the claim says "must" where the passage only says "may".

    When the claim's verb is governed by a modal in both texts, those two modals are compared;
    otherwise the claim's modals are compared with those of the aligned sentences.
    """
    predicate = claim_predicate(alignment.claim)
    paired = dict(alignment.pairs)
    if predicate is not None and predicate.verb in paired:
        modal = governing_modal(alignment.unit, paired[predicate.verb])
        if modal is not None:
            claim_mode = _modes(alignment.claim[predicate.modal : predicate.modal + 2])
            passage_mode = _modes(alignment.unit[modal : modal + 2])
            return OBLIGATION in claim_mode and passage_mode == {PERMISSION}
    lo, hi = alignment.region
    claim_modes = _modes(alignment.claim)
    return OBLIGATION in claim_modes and _modes(alignment.unit[lo:hi]) == {PERMISSION}


def _modes(tokens: tuple[Token, ...]) -> set[str]:
    """The unnegated modal strengths of a text ("may not" is a prohibition, not a permission)."""
    modes: set[str] = set()
    for i, token in enumerate(tokens):
        if token.kind != MODAL or not token.direction:
            continue
        negated = i + 1 < len(tokens) and tokens[i + 1].kind == NEGATOR
        if not negated:
            modes.add(token.direction)
    return modes

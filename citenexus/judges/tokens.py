"""The judges' tokeniser: content words, quantities, comparisons, negations, modals, boundaries.

A quantity becomes one token whose norm carries its kind and normalised value ("days=21"), so
"thirty days" and "30 days" align. Comparison phrases ("not less than", "within" before a
quantity, "before", "after") become one token with a direction, ``le`` or ``ge``, and are never
read as negations. Negation markers open a scope over the words after them up to a clause
boundary; "prohibited" and "forbidden" are the word "permit" under a negation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from citenexus.domain.vocabulary import Vocabulary, cached_per_vocabulary, current, stem
from citenexus.text.quantities import DATE, NUMBER, Quantity, extract_quantities
from citenexus.text.stopwords import BE_FORMS, STOPWORDS

CONTENT, STOP, QUANTITY, COMPARATOR, NEGATOR, MODAL, BOUNDARY = (
    "content",
    "stop",
    "quantity",
    "comparator",
    "negator",
    "modal",
    "boundary",
)
LE, GE = "le", "ge"
OBLIGATION, PERMISSION = "obligation", "permission"

# Paragraph breaks and list items end a clause even without punctuation (a heading line).
_WORD = re.compile(
    r"\b[AaPp]\.[Mm]\.|[A-Za-z]+(?:['\u2019][A-Za-z]+)?|[,;:.()!?\[\]]"
    r"|\n[ \t]*\n|\n(?=[ \t]*(?:[-*\u2022]|\(?[a-z0-9]{1,3}[.)])\s)"
)

_LETTERS = re.compile(r"[A-Za-z]+")
_NUMERALS = re.compile(r"\d[\d,]*(?:\.\d+)?")

# Longest phrases first; "post" phrases bound the value in front of them ("30 days or more").
_COMPARATORS: tuple[tuple[tuple[str, ...], str, bool], ...] = tuple(
    sorted(
        [
            (tuple(p.split()), d, post)
            for p, d, post in [
                ("not less than", GE, False),
                ("no less than", GE, False),
                ("not fewer than", GE, False),
                ("no fewer than", GE, False),
                ("at least", GE, False),
                ("a minimum of", GE, False),
                ("minimum of", GE, False),
                ("more than", GE, False),
                ("greater than", GE, False),
                ("longer than", GE, False),
                ("in excess of", GE, False),
                ("exceeds", GE, False),
                ("exceed", GE, False),
                ("exceeding", GE, False),
                ("not earlier than", GE, False),
                ("no earlier than", GE, False),
                ("later than", GE, False),
                ("after", GE, False),
                ("or more", GE, True),
                ("or longer", GE, True),
                ("or later", GE, True),
                ("not more than", LE, False),
                ("no more than", LE, False),
                ("not to exceed", LE, False),
                ("not exceed", LE, False),
                ("does not exceed", LE, False),
                ("may not exceed", LE, False),
                ("shall not exceed", LE, False),
                ("must not exceed", LE, False),
                ("at most", LE, False),
                ("a maximum of", LE, False),
                ("maximum of", LE, False),
                ("less than", LE, False),
                ("fewer than", LE, False),
                ("shorter than", LE, False),
                ("not later than", LE, False),
                ("no later than", LE, False),
                ("earlier than", LE, False),
                ("prior to", LE, False),
                ("before", LE, False),
                ("or less", LE, True),
                ("or fewer", LE, True),
                ("or earlier", LE, True),
            ]
        ],
        key=lambda item: -len(item[0]),
    )
)
# Comparison words that only compare when a quantity follows ("within 21 days", not
# "within the premises"; "under $500", not "under this section").
_QUANTITY_COMPARATORS = {
    ("within",): LE,
    ("up", "to"): LE,
    ("under",): LE,
    ("below",): LE,
    ("over",): GE,
    ("above",): GE,
}
# The letters two forms of one word share ("terminat-e", "terminat-ion", "retaliat-ory",
# "retaliat-ion"): readings that ask whether a text says a word "in any form of its stem"
# compare this many letters of the words' keys.
STEM_LETTERS = 6
_NEGATORS = frozenset(
    [
        "not",
        "no",
        "never",
        "without",
        "absent",  # "absent evidence to the contrary": without it
        "neither",
        "nor",
        "none",
        "nothing",
        "nobody",
        "cannot",
        "except",
        "unless",
        "beyond",
        "non",
    ]
)
_CLAUSE_NEGATORS = frozenset({"except", "unless"})
# Prepositions that deny the phrase they govern ("damage beyond ordinary wear and tear"), not
# the clause's predicate behind it.
_PHRASE_NEGATORS = frozenset({"beyond", "without", "absent"})
# Verbs that say an act did not happen: "an insurer that fails to pay" is not one that pays.
_NEGATIVE_VERBS = frozenset(
    """fail fails failed failing failure refuse refuses refused refusing refusal
    neglect neglects neglected neglecting omit omits omitted omitting
    withhold withholds withheld withholding
    decline declines declined declining""".split()  # noqa: SIM905
)
_NEGATIVE_WORDS = {
    "prohibited": "permit",
    "prohibit": "permit",
    "prohibits": "permit",
    "forbidden": "permit",
    "forbid": "permit",
    "forbids": "permit",
}
_MODALS = {"shall": OBLIGATION, "must": OBLIGATION, "may": PERMISSION, "can": PERMISSION}
_MODALS |= {"will": "", "should": "", "might": "", "could": "", "would": ""}
_BOUNDARY_WORDS = frozenset(
    [
        "but",
        "if",
        "when",
        "whenever",
        "where",
        "whereas",
        "which",
        "who",
        "whom",
        "whose",
        "provided",
        "however",
        "although",
        "while",
    ]
)
# "non" negates one word; a negative verb its own verb and object ("fails to pay a claim").
_SHORT_SCOPES = {"non": 1} | {verb: 2 for verb in _NEGATIVE_VERBS}
_SOFT_BOUNDARIES = frozenset({",", "(", ")", "[", "]"})
_OPENING_BRACKETS = frozenset({"(", "["})
_AUXILIARIES = frozenset(
    ["is", "are", "was", "were", "be", "been", "does", "do", "did", "has", "have", "had"]
)
_CONTRACTIONS = {"cannot": "can", "can't": "can", "won't": "will", "shan't": "shall"}


class Token(NamedTuple):
    """One token: its normalised form, character span, kind, and direction for comparisons.

    A named tuple, not a frozen dataclass: a lane's texts make millions of tokens, and a tuple
    is built several times faster; it is as immutable.
    """

    norm: str
    start: int
    end: int
    kind: str
    direction: str = ""  # le / ge for comparators; obligation / permission for modals
    post: bool = False  # a comparator that bounds the value before it ("or more")
    negates: bool = False  # a negation marker (negators, and content words like "prohibited")
    word: str = ""  # the lower-cased surface word (role prepositions are read from it)
    key: str = ""  # what this token must find in a passage when it is a claim's token
    keys: frozenset[str] = frozenset()  # what this token offers as a passage's token (content only)

    @property
    def is_content(self) -> bool:
        return self.kind in (CONTENT, QUANTITY)


@cached_per_vocabulary(maxsize=4096)
def tokenize(text: str) -> tuple[Token, ...]:
    """The judges' tokens of ``text`` (see the module docstring), in text order."""
    text = text.replace("\u2019", "'")
    quantities = extract_quantities(text)
    words = _WORDS.of(current())
    raw: list[Token] = []
    append = raw.append
    q_index = 0
    next_start = quantities[0].start if quantities else len(text) + 1
    for m in _WORD.finditer(text):
        start = m.start()
        if start >= next_start:
            while q_index < len(quantities) and quantities[q_index].end <= start:
                append(_quantity_token(text, quantities[q_index]))
                q_index += 1
            next_start = quantities[q_index].start if q_index < len(quantities) else len(text) + 1
            if start >= next_start:
                continue  # inside a quantity
        word = m.group()
        found = words.get(word)
        if found is None:
            found = _WORDS.put(words, word, _word_tokens(word))
        # A word's tokens stand at offset 0: shift them to where the word stands. Built as
        # tuples directly, the tokenizer's hottest line (a unit has hundreds of words).
        for t in found:
            append(_new(Token, (t[0], start + t[1], start + t[2], *t[3:])))
    for q in quantities[q_index:]:
        append(_quantity_token(text, q))
    return tuple(_merge_comparators(_abbreviation_dots(text, raw)))


_new = tuple.__new__
# A full stop inside a dotted abbreviation ("C.R.S", "U.S"), or followed by a comma, a
# semicolon, a colon or a lower-case word ("C.R.S., excludes", "U.S. law"), ends no sentence.
_NOT_AN_END = re.compile(r"\.(?:[A-Za-z0-9]|[ \t]*[,;:]|[ \t]+[a-z])")


def _abbreviation_dots(text: str, raw: list[Token]) -> list[Token]:
    """The tokens with every full stop that ends no sentence (``_NOT_AN_END``) made a plain
    stop word, so the judges' walks to a sentence's edge do not stop inside a citation ("They
    do not apply to the data that section 6-1-1304(2), C.R.S., excludes")."""
    for k, t in enumerate(raw):
        if t.word == "." and _NOT_AN_END.match(text, t.start):
            raw[k] = t._replace(norm="", kind=STOP, word="")
    return raw


class _WordCache:
    """Each distinct word's tokens (``_word_tokens``), per vocabulary: a plain dict read once per
    word of a text, without the per-call cost of a cached function's wrapper. Bounded like an
    LRU cache would be, by starting afresh when full."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self.by_vocabulary: dict[Vocabulary, dict[str, tuple[Token, ...]]] = {}

    def of(self, vocabulary: Vocabulary) -> dict[str, tuple[Token, ...]]:
        found = self.by_vocabulary.get(vocabulary)
        if found is None:
            if len(self.by_vocabulary) >= _VOCABULARIES:
                self.by_vocabulary.clear()
            found = self.by_vocabulary[vocabulary] = {}
        return found

    def put(
        self, words: dict[str, tuple[Token, ...]], word: str, tokens: tuple[Token, ...]
    ) -> tuple[Token, ...]:
        if len(words) >= self.maxsize:
            words.clear()
        words[word] = tokens
        return tokens

    def cache_clear(self) -> None:
        self.by_vocabulary.clear()


_VOCABULARIES = 16  # lanes whose words are kept at once
_WORDS = _WordCache(maxsize=65536)


def _quantity_token(text: str, q: Quantity) -> Token:
    """A quantity as one token. In a passage it also offers its surface words and numbers, so
    a claim cut inside it ("(21) days", "January 1,") still finds them; in a claim a bare
    number looks for its value whatever the passage counts with it."""
    # An amount's currency is part of its kind: "£35" is not "$35".
    norm, key, keys = _quantity_keys(text[q.start : q.end], q.kind + q.currency, q.value)
    return Token(norm, q.start, q.end, QUANTITY, key=key, keys=keys)


@cached_per_vocabulary(maxsize=16384)
def _quantity_keys(surface: str, kind: str, value: float) -> tuple[str, str, frozenset[str]]:
    """A quantity token's norm, key and keys, read once per wording of a value ("21 days")."""
    norm = f"{kind}={value:g}"
    keys = {norm}
    keys.update(stem(w) for w in _LETTERS.findall(surface))
    keys.update(f"#{float(d.replace(',', '')):g}" for d in _NUMERALS.findall(surface))
    if kind != DATE:
        keys.add(f"#{value:g}")
    key = f"#{value:g}" if kind == NUMBER else norm
    return norm, key, frozenset(keys)


def _word_tokens(word: str) -> tuple[Token, ...]:
    """A word's tokens at offset 0; the tokenizer shifts them to where the word stands.

    A lane repeats its vocabulary endlessly: the tokenizer reads each distinct word once per
    vocabulary through ``_WORDS``, which saves most of its time on a text it has not seen.
    """
    start, end = 0, len(word)
    lower = word.lower()
    if not word[0].isalpha():
        norm = "\n" if word.isspace() else lower
        return (Token(norm, start, end, BOUNDARY, word=norm),)
    if lower in _CONTRACTIONS:
        modal = _CONTRACTIONS[lower]
        return (
            Token(modal, start, end, MODAL, _MODALS.get(modal, ""), word=modal),
            Token("not", start, end, NEGATOR, negates=True, word="not"),
        )
    if lower.endswith("n't"):
        base = lower[:-3]
        return (
            _word_tokens(base)[0] if base else Token("", start, end, STOP),
            Token("not", end - 3, end, NEGATOR, negates=True, word="not"),
        )
    if lower in _NEGATIVE_WORDS:
        norm = _NEGATIVE_WORDS[lower]
        keys = frozenset({norm})
        return (Token(norm, start, end, CONTENT, negates=True, word=lower, key=norm, keys=keys),)
    if lower in _NEGATORS or lower in _NEGATIVE_VERBS:
        return (Token(lower, start, end, NEGATOR, negates=True, word=lower),)
    if lower in ("a.m.", "p.m."):
        norm = lower.replace(".", "")
        return (Token(norm, start, end, CONTENT, word=norm, key=norm, keys=frozenset({norm})),)
    if lower in _MODALS:
        return (Token(lower, start, end, MODAL, _MODALS[lower], word=lower),)
    if lower in _BOUNDARY_WORDS:
        return (Token(lower, start, end, BOUNDARY, word=lower),)
    if lower in STOPWORDS or lower.endswith("'s") and lower[:-2] in STOPWORDS:
        return (Token(lower, start, end, STOP, word=lower),)
    norm = stem(lower)
    return (Token(norm, start, end, CONTENT, word=lower, key=norm, keys=frozenset({norm})),)


def _merge_comparators(raw: list[Token]) -> list[Token]:
    out: list[Token] = []
    i = 0
    while i < len(raw):
        if raw[i].word not in _COMPARATOR_FIRST_WORDS:
            out.append(raw[i])
            i += 1
            continue
        merged = _comparator_at(raw, i) or _negated_comparator_at(raw, i)
        if merged is None:
            out.append(raw[i])
            i += 1
            continue
        length, direction, post = merged
        first, last = raw[i], raw[i + length - 1]
        norm = " ".join(t.word for t in raw[i : i + length])
        out.append(Token(norm, first.start, last.end, COMPARATOR, direction, post, word=norm))
        i += length
    return out


def _by_first_word(
    phrases: Sequence[tuple[tuple[str, ...], str, bool]],
) -> dict[str, list[tuple[tuple[str, ...], str, bool]]]:
    index: dict[str, list[tuple[tuple[str, ...], str, bool]]] = {}
    for entry in phrases:
        index.setdefault(entry[0][0], []).append(entry)
    return index


def _comparator_at(raw: list[Token], i: int) -> tuple[int, str, bool] | None:
    """The comparator phrase starting at ``raw[i]``, if any; phrases are tried in their listed
    order (only those whose first word is ``raw[i]``'s, which is what makes tokenizing fast)."""
    word = raw[i].word
    for phrase, direction, post in _COMPARATORS_BY_WORD.get(word, ()):
        if _matches(raw, i, phrase):
            return len(phrase), direction, post
    for phrase, direction, _ in _QUANTITY_COMPARATORS_BY_WORD.get(word, ()):
        after = i + len(phrase)
        if _matches(raw, i, phrase) and after < len(raw) and raw[after].kind == QUANTITY:
            return len(phrase), direction, False
    return None


def _negated_comparator_at(raw: list[Token], i: int) -> tuple[int, str, bool] | None:
    """A comparison a "not" reverses, with a "be" between them or none: "shall not be greater
    than the cost" bounds the fee from above, as "shall not exceed the cost" does. The "not"
    denies the comparison, not the statement, so it opens no negation scope."""
    if raw[i].word != "not":
        return None
    j = i + 1
    if j < len(raw) and raw[j].word in _NEGATED_COPULAS:
        j += 1
    if j >= len(raw) or raw[j].word not in _COMPARATOR_FIRST_WORDS:
        return None
    found = _comparator_at(raw, j)
    if found is None or found[2]:
        return None
    length, direction, _ = found
    return j - i + length, GE if direction == LE else LE, False


_NEGATED_COPULAS = frozenset({"be", "been"})
_COMPARATORS_BY_WORD = _by_first_word(_COMPARATORS)
_QUANTITY_COMPARATORS_BY_WORD = _by_first_word(
    [(phrase, direction, False) for phrase, direction in _QUANTITY_COMPARATORS.items()]
)
_COMPARATOR_FIRST_WORDS = frozenset(_COMPARATORS_BY_WORD) | frozenset(_QUANTITY_COMPARATORS_BY_WORD)


def _matches(raw: list[Token], i: int, phrase: tuple[str, ...]) -> bool:
    if i + len(phrase) > len(raw):
        return False
    return all(raw[i + k].word == w for k, w in enumerate(phrase))


@cached_per_vocabulary(maxsize=4096)
def text_negation_counts(text: str, max_scope: int) -> tuple[int, ...]:
    """``negation_counts`` of ``tokenize(text)``, read once per text: a unit's counts are the same
    for every claim judged against it."""
    return tuple(negation_counts(tokenize(text), max_scope))


def negation_counts(tokens: tuple[Token, ...], max_scope: int) -> list[int]:
    """How many negation markers cover each token.

    A marker covers the tokens after it up to a clause boundary (";", ".", a clause word such as
    "if" or "which", a modal verb, "except"/"unless"), at most ``max_scope`` content tokens. A
    comma or bracket also ends the scope, except for a negated predicate ("shall not, without
    consent, sublet"), which reaches over them to its verb; a marker inside a condition ("if
    it is not served personally, the notice period ...") stops at the condition's comma, and a
    denying preposition ("beyond", "without", "absent") at the verb behind its phrase ("an
    increase beyond the cap is void"). "non"
    covers one word and a negative verb ("fails to pay a claim", "withholds consent") two; a
    "nor" inside a denial ("do not cover X, nor Y") goes on denying and adds nothing; a
    negative content word ("prohibited") also covers itself. The "from" of a hindrance in front
    of a gerund ("prevents the parties from agreeing") is a marker too (``_hindered``), and a
    predicate that denies its subject covers the subject (``_denied_subjects``: "Use of the
    sink for food preparation is prohibited."), and the "of" of "free of" denies its phrase as
    "without" does (``_privative``).
    """
    counts = [0] * len(tokens)
    hindered = _hindered(tokens)
    privative = _privative(tokens)
    for k in _denied_subjects(tokens, max_scope):
        counts[k] += 1
    for i, token in enumerate(tokens):
        if not token.negates and i not in hindered and i not in privative:
            continue
        if either_way(tokens, i):
            continue
        if token.norm == "nor" and counts[i] % 2:
            continue  # "do not cover X, nor Y": a "nor" inside a denial goes on denying
        if token.kind == CONTENT:
            counts[i] += 1
        reach = _SHORT_SCOPES.get(token.norm, max_scope)
        be = _passive_be(tokens, i) if token.norm in _NEGATIVE_VERBS else None
        if be is not None:
            # "consent ... is unreasonably withheld by a landlord": what is withheld is the
            # subject, not the agent behind "by".
            for k in _passive_subject(tokens, be, reach):
                counts[k] += 1
            continue
        predicate = token.norm == "not" and _after_verb(tokens, i)
        start = i + 1
        modal = negated_subject(tokens, i)
        if modal is not None:
            # "No person may operate": the "no" denies the predicate, as "may not" would.
            predicate, start = True, modal + 1
        condition = _in_condition(tokens, i)
        phrase = token.norm in _PHRASE_NEGATORS or i in privative
        seen = 0
        outside = 0  # content words seen outside an aside
        aside = False
        for j in range(start, len(tokens)):
            other = tokens[j]
            if condition and other.norm == ",":
                break  # "If it is not served personally, the notice period ...": the
                # condition ends at its comma, and so does a negation inside it
            if other.kind == MODAL or other.norm in _CLAUSE_NEGATORS or other.norm == "until":
                break
            if phrase and other.word in _AUXILIARIES:
                break  # "an increase beyond that limit is void": the phrase ends at its verb
            if other.kind == BOUNDARY:
                if predicate and other.norm in _SOFT_BOUNDARIES:
                    # "shall not, without consent, sublet", "may not (in any case) enter" and
                    # "do not include Saturdays, Sundays, or holidays" reach over their asides
                    # and lists; "does not replace, any injunction" ends at the comma right
                    # behind its verb.
                    if other.norm != ",":
                        aside = other.norm in _OPENING_BRACKETS
                        continue
                    if aside or not seen:
                        aside = not aside
                        continue
                    if outside != 1 or not tokens[j - 1].is_content:
                        continue
                break
            counts[j] += 1
            if other.is_content:
                seen += 1
                outside += not aside
                if seen >= reach:
                    break
    return counts


# A clause that ends on a denial of its subject's act: "Use of the sink for food preparation is
# prohibited." says what "The sink may not be used for food preparation" says.
_DENYING_PREDICATES = frozenset({"prohibited", "forbidden"})
_COPULAS = frozenset({"is", "are", "was", "were", "be"})
_CLAUSE_ENDS = frozenset({".", ";", "!", "?", ":"})


def _denied_subjects(tokens: tuple[Token, ...], max_scope: int) -> list[int]:
    """The tokens of each clause's subject that a predicate behind it denies
    (``_denial_of_subject``: "<subject> is prohibited.", "<subject> fall outside ...",
    "<subject> is excluded from ..."). The subject runs back from the predicate to the clause's
    start (a boundary other than a comma or a relative pronoun, or a modal), over the commas of
    a list ("Use of the sink for food preparation, utensil washing, or ... is prohibited") and
    over the subject's own relative clause ("Coaches who have paid ... fall outside ..."), at
    most ``max_scope`` content words; a condition in front ("If the member leaves, subletting
    is prohibited") ends it at the comma behind the condition."""
    covered: list[int] = []
    for i in range(len(tokens)):
        start = _denial_of_subject(tokens, i)
        if start is None:
            continue
        subject: list[int] = []
        comma = None  # how much of the subject lies behind the last comma crossed
        seen = 0
        for j in range(start, -1, -1):
            other = tokens[j]
            if other.word == ",":
                comma = len(subject)
                continue
            if other.word in _RELATIVES:
                subject.append(j)  # "Coaches who have paid the fee fall outside ...": its own
                continue  # relative clause is part of the subject
            if other.kind == BOUNDARY or other.kind == MODAL:
                if comma is not None and other.word in _CONDITION_OPENERS:
                    subject = subject[:comma]
                break
            subject.append(j)
            seen += other.is_content
            if seen >= max_scope:
                break
        covered.extend(subject)
    return covered


_RELATIVES = frozenset({"who", "whom", "whose", "which"})
# Predicates that put their subject out of what they name: "X falls outside the definition",
# "X are excluded from this part", "X is exempt from the rule".
_OUTSIDE_VERBS = frozenset({"fall", "falls", "fell", "lie", "lies"})
_OUT_OF = {"excluded": "from", "exempt": "from", "exempted": "from"}


def _denial_of_subject(tokens: tuple[Token, ...], i: int) -> int | None:
    """Where the subject that the predicate at ``i`` denies ends (the index to walk back from),
    or None: "<subject> is prohibited." (or "forbidden", the clause ending there), "<subject>
    fall(s) outside ...", "<subject> is excluded from ..." / "exempt from ..."."""
    if i == 0:
        return None
    word, before = tokens[i].word, tokens[i - 1].word
    after = tokens[i + 1].word if i + 1 < len(tokens) else ""
    if word in _DENYING_PREDICATES and before in _COPULAS and (not after or after in _CLAUSE_ENDS):
        return i - 2
    if word in _OUTSIDE_VERBS and after == "outside":
        return i - 1
    if _OUT_OF.get(word) == after and before in _COPULAS:
        return i - 2
    return None


def either_way(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether the marker at ``i`` is the "not" of "whether or not", which denies nothing: "applies
    to any controller, whether or not the controller meets the thresholds" says it applies in
    both cases."""
    return (
        tokens[i].norm == "not"
        and i >= 2
        and tokens[i - 1].word == "or"
        and tokens[i - 2].word == "whether"
    )


_SUBJECT_WORDS = 6  # at most this many words between "no" and the modal of its clause


def negated_subject(tokens: tuple[Token, ...], i: int) -> int | None:
    """The index of the modal verb when the marker at ``i`` is a "no" that opens its clause's
    subject ("No person may operate ...", "..., and no deposit shall exceed ..."), else None.

    "No X may V" says what "X may not V" says: the negation is the predicate's, not the
    subject's, so the two wordings compare alike. The subject is a few content or stop words
    ("or" / "and" join two) with no boundary, comparison or number in between; the modal may
    not be negated itself ("no person may not ..." is not read).
    """
    if tokens[i].norm != "no":
        return None
    if i > 0 and tokens[i - 1].kind != BOUNDARY and tokens[i - 1].word not in ("and", "or"):
        return None  # "there is no fee the tenant must pay" denies the fee
    for j in range(i + 1, min(len(tokens), i + 2 + _SUBJECT_WORDS)):
        other = tokens[j]
        if other.kind == MODAL:
            named = j > i + 1 and tokens[j - 1].kind == CONTENT
            free = j + 1 >= len(tokens) or tokens[j + 1].kind != NEGATOR
            return j if named and free else None
        if other.kind not in (CONTENT, STOP):
            return None
    return None


# Verbs that keep someone from an act: "prevents the parties from agreeing" does not let them
# agree ("nothing prevents them from agreeing" does). "prohibit" and "forbid" negate on their own.
_HINDRANCES = frozenset(
    """prevent prevents prevented preventing preclude precludes precluded precluding
    bar bars barred barring stop stops stopped stopping restrain restrains restrained
    restraining hinder hinders hindered hindering""".split()  # noqa: SIM905
)


_PASSIVE_BE = BE_FORMS | {"being"}


def _passive_be(tokens: tuple[Token, ...], i: int) -> int | None:
    """Where the form of "be" stands that makes the verb at ``i``, a participle, passive (past
    adverbs in "-ly" and "not"): "is unreasonably withheld", "was refused"; None when there is
    none ("is withholding the refund" is active)."""
    if tokens[i].word.endswith("ing"):
        return None
    k = i - 1
    while k >= 0 and (tokens[k].word.endswith("ly") or tokens[k].word == "not"):
        k -= 1
    return k if k >= 0 and tokens[k].word in _PASSIVE_BE else None


def _passive_subject(tokens: tuple[Token, ...], be: int, reach: int) -> list[int]:
    """The words that open the subject of the clause of a passive's "be" (at ``be``), at most
    ``reach`` (its first run of content words past determiners): "consent" in "When consent to
    a transfer is withheld", "claim" in "A claim absent a receipt was refused" (what is refused
    is the claim, not the receipt)."""
    start = be
    while start > 0 and not _opens_clause(tokens[start - 1]):
        start -= 1
    while start < be and not tokens[start].is_content:
        start += 1
    found: list[int] = []
    while start < be and tokens[start].is_content and len(found) < reach:
        found.append(start)
        start += 1
    return found


def _opens_clause(token: Token) -> bool:
    """Whether a clause starts right behind ``token``: a boundary, a modal, a comma."""
    return token.kind in (BOUNDARY, MODAL) or token.norm in _SOFT_BOUNDARIES


def _privative(tokens: tuple[Token, ...]) -> set[int]:
    """The "of" / "from" of "free of" / "free from" ("free of symptoms for 24 hours", "free from
    defects"): a denying preposition, as "without" is, covering the phrase it governs."""
    return {
        i
        for i, token in enumerate(tokens)
        if i > 0 and token.word in _PRIVATIVE_PREPOSITIONS and tokens[i - 1].word == "free"
    }


_PRIVATIVE_PREPOSITIONS = frozenset({"of", "from"})


def _hindered(tokens: tuple[Token, ...]) -> set[int]:
    """The "from" of a hindrance in front of a gerund ("prevents a tenant *from* acting"): a
    negation marker, since what it introduces is kept from happening."""
    found: set[int] = set()
    for i, token in enumerate(tokens[:-1]):
        if token.word != "from" or not tokens[i + 1].word.endswith("ing"):
            continue
        k = i - 1
        while k >= 0 and tokens[k].kind != BOUNDARY:
            if tokens[k].word in _HINDRANCES:
                found.add(i)
                break
            k -= 1
    return found


_CONDITION_WORDS = frozenset({"if", "when", "whenever", "where"})
# What opens a condition in front of a clause's subject: the condition words and "provided".
_CONDITION_OPENERS = _CONDITION_WORDS | {"provided"}


def _in_condition(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether the token at ``i`` stands in a conditional clause ("if ..., "): the last clause
    boundary in front of it is a condition word."""
    k = i - 1
    while k >= 0 and tokens[k].kind != BOUNDARY:
        k -= 1
    return k >= 0 and tokens[k].norm in _CONDITION_WORDS


def _after_verb(tokens: tuple[Token, ...], i: int) -> bool:
    return i > 0 and (tokens[i - 1].kind == MODAL or tokens[i - 1].word in _AUXILIARIES)

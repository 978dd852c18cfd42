"""A lane's vocabulary: the words of one field, kept out of the rules (docs/design.md, "Lane
vocabulary").

The rules in this package speak generic English: comparators, negation, modal verbs, numbers,
dates and stop words. Whatever belongs to one field — who the parties are, which lay word means
which term of art, the scope values a question can name, the names of the lane's jurisdictions,
the phrases that make a duration a length of status, and nouns that turn a period into an amount
— is configuration a lane's admin writes. Every rule must still work with an empty vocabulary; the
vocabulary only sharpens it.

A vocabulary is immutable and hashable, so cached rules can key on it. The one a call uses is set
for the duration of that call with :func:`active` (as a translation is activated for a request)
and read with :func:`current`; rules that are handed one explicitly use that one.

Phrases are plain words, never regular expressions: a space or hyphen matches either, the last
word may take a plural ``s``, and ``*`` stands for any one word ("* year lease" matches
"five-year lease").
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import re
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ParamSpec, TypeVar

from citenexus.text.stemming import stem_for_matching

P = ParamSpec("P")
R = TypeVar("R")

MAX_ENTRIES = 200
MAX_PHRASE_CHARS = 80
KEYS = ("parties", "synonyms", "scope_terms", "jurisdictions", "status_phrases", "value_idioms")

ERR_NOT_OBJECT = "vocabulary must be an object with the keys {keys}"
ERR_UNKNOWN_KEY = "vocabulary has an unknown key {key!r}; known keys: {keys}"
ERR_NOT_LIST = "vocabulary.{where} must be a list of words or phrases"
ERR_NOT_MAPPING = "vocabulary.{where} must be an object"
ERR_BAD_PHRASE = (
    "vocabulary.{where}: {value!r} is not a word or phrase (letters, digits, spaces, hyphens,"
    " apostrophes, commas, full stops, & and /, at most {max} characters)"
)
ERR_BAD_WORD = "vocabulary.{where}: {value!r} must be one word"
ERR_TOO_MANY = "vocabulary.{where} has more than {max} entries"
ERR_SELF_SYNONYM = "vocabulary.synonyms: {value!r} is mapped to itself"
ERR_ONE_VALUE = "vocabulary.scope_terms.{where} needs at least two values that exclude each other"
ERR_DUPLICATE = "vocabulary.{where}: {value!r} is given twice (names are compared in lower case)"

_PHRASE = re.compile(r"^[\w*][\w .,&/'\u2019*-]*$", re.UNICODE)
_WORD = re.compile(r"^[\w'\u2019-]+$", re.UNICODE)


class VocabularyError(ValueError):
    """A vocabulary that cannot be saved; the message names the entry."""


def _phrase(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise VocabularyError(ERR_BAD_PHRASE.format(where=where, value=value, max=MAX_PHRASE_CHARS))
    text = " ".join(value.split()).lower()
    if not text or len(text) > MAX_PHRASE_CHARS or not _PHRASE.match(text) or text == "*":
        raise VocabularyError(ERR_BAD_PHRASE.format(where=where, value=value, max=MAX_PHRASE_CHARS))
    return text


def _word(value: Any, where: str) -> str:
    text = _phrase(value, where)
    if not _WORD.match(text):
        raise VocabularyError(ERR_BAD_WORD.format(where=where, value=value))
    return text


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise VocabularyError(ERR_NOT_LIST.format(where=where))
    if len(value) > MAX_ENTRIES:
        raise VocabularyError(ERR_TOO_MANY.format(where=where, max=MAX_ENTRIES))
    return value


def _mapping(value: Any, where: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise VocabularyError(ERR_NOT_MAPPING.format(where=where))
    if len(value) > MAX_ENTRIES:
        raise VocabularyError(ERR_TOO_MANY.format(where=where, max=MAX_ENTRIES))
    return value


def _unique(items: Iterator[str] | list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def _once(name: str, seen: list[tuple[str, Any]], where: str, value: Any) -> str:
    """A key of an object, refused when another key already normalised to it (one would be lost
    in the stored form)."""
    if any(key == name for key, _ in seen):
        raise VocabularyError(ERR_DUPLICATE.format(where=where, value=value))
    return name


def phrase_pattern(phrase: str) -> str:
    """The regular expression for a vocabulary phrase: spaces and hyphens alike, ``*`` one word,
    an optional plural on the last word."""
    parts = []
    for word in re.split(r"[\s-]+", phrase.strip()):
        parts.append(r"[\w']+" if word == "*" else re.escape(word))
    body = r"[\s-]+".join(parts)
    if phrase.strip().endswith("*"):
        return body
    return body + r"(?:s|es)?"


def _whole(*phrases: str) -> re.Pattern[str]:
    """Vocabulary phrases as one case-insensitive alternation of whole phrases, in the order
    given."""
    return re.compile(r"\b(?:" + "|".join(phrase_pattern(p) for p in phrases) + r")\b", re.I)


def compile_phrases(phrases: tuple[str, ...]) -> re.Pattern[str] | None:
    """One case-insensitive alternation of whole phrases, longest first; None for no phrases."""
    if not phrases:
        return None
    return _whole(*sorted(phrases, key=len, reverse=True))


@dataclass(frozen=True)
class Vocabulary:
    """The words of a lane's field. Empty by default; every field is optional.

    A party may be a phrase ("data subject"); its last word stands for it where words are
    compared. A synonym changes how words compare only when both sides are single words
    ("owner" = "landlord"); every pair, phrases included, also gives retrieval the term of art
    for the lay word a question uses (``search_terms``: "fingerprint" is searched as
    "biometric identifier" too).
    """

    parties: tuple[str, ...] = ()
    synonyms: tuple[tuple[str, str], ...] = ()
    scope_terms: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...] = ()
    jurisdictions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    status_phrases: tuple[str, ...] = ()
    value_idioms: tuple[str, ...] = ()
    # Not configuration: what the lane's own documents say a defined term does not include
    # ((term, what it leaves out), read by citenexus.ingest.definitions and given by the lane's
    # adapter, ``with_definitions``). Never stored on the lane nor shown as its vocabulary.
    definitions: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_mapping(cls, data: Any) -> Vocabulary:
        """Validate a vocabulary as stored on a lane (JSON); raise VocabularyError naming the
        first bad entry. ``None`` and ``{}`` are the empty vocabulary."""
        if data is None:
            return EMPTY
        if not isinstance(data, Mapping):
            raise VocabularyError(ERR_NOT_OBJECT.format(keys=", ".join(KEYS)))
        for key in data:
            if key not in KEYS:
                raise VocabularyError(ERR_UNKNOWN_KEY.format(key=key, keys=", ".join(KEYS)))
        parties = _unique(_phrase(w, "parties") for w in _list(data.get("parties", []), "parties"))
        synonyms: list[tuple[str, str]] = []
        for lay, term in _mapping(data.get("synonyms", {}), "synonyms").items():
            pair = (
                _once(_phrase(lay, "synonyms"), synonyms, "synonyms", lay),
                _phrase(term, "synonyms"),
            )
            if pair[0] == pair[1]:
                raise VocabularyError(ERR_SELF_SYNONYM.format(value=lay))
            synonyms.append(pair)
        dimensions: list[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]]] = []
        for dimension, values in _mapping(data.get("scope_terms", {}), "scope_terms").items():
            name = _once(_phrase(dimension, "scope_terms"), dimensions, "scope_terms", dimension)
            where = f"scope_terms.{name}"
            entries: list[tuple[str, tuple[str, ...]]] = []
            for value, phrases in _mapping(values, where).items():
                value_name = _once(_phrase(value, where), entries, where, value)
                words = [_phrase(p, f"{where}.{value_name}") for p in _list(phrases, where)]
                entries.append((value_name, _unique(words)))
            if len(entries) < 2:
                raise VocabularyError(ERR_ONE_VALUE.format(where=name))
            dimensions.append((name, tuple(entries)))
        places: list[tuple[str, tuple[str, ...]]] = []
        for code, names in _mapping(data.get("jurisdictions", {}), "jurisdictions").items():
            label = _once(_phrase(code, "jurisdictions").upper(), places, "jurisdictions", code)
            where = f"jurisdictions.{label}"
            places.append((label, _unique(_phrase(n, where) for n in _list(names, where))))
        status = _unique(
            _phrase(p, "status_phrases")
            for p in _list(data.get("status_phrases", []), "status_phrases")
        )
        idioms = _unique(
            _word(w, "value_idioms") for w in _list(data.get("value_idioms", []), "value_idioms")
        )
        return cls(parties, tuple(synonyms), tuple(dimensions), tuple(places), status, idioms)

    def to_mapping(self) -> dict[str, Any]:
        """The JSON form, as stored on a lane and kept in an answer's policy snapshot."""
        return {
            "parties": list(self.parties),
            "synonyms": dict(self.synonyms),
            "scope_terms": {d: {v: list(p) for v, p in values} for d, values in self.scope_terms},
            "jurisdictions": {code: list(names) for code, names in self.jurisdictions},
            "status_phrases": list(self.status_phrases),
            "value_idioms": list(self.value_idioms),
        }

    def with_definitions(self, definitions: Mapping[str, str]) -> Vocabulary:
        """This vocabulary with the lane's narrowing definitions (term -> what it leaves out),
        in the order of their terms."""
        return dataclasses.replace(self, definitions=tuple(sorted(definitions.items())))

    def __hash__(self) -> int:
        # Rules key their caches on the active vocabulary on every call (``stem`` among them):
        # hash the nested tuples once, not per lookup. Equal vocabularies hash alike.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((*(getattr(self, key) for key in KEYS), self.definitions))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __bool__(self) -> bool:
        return any(getattr(self, key) for key in KEYS)

    @cached_property
    def synonym_map(self) -> Mapping[str, str]:
        return dict(self.synonyms)

    @cached_property
    def synonym_stems(self) -> Mapping[str, str]:
        """The single-word synonyms by their matching stems: what ``stem`` maps a stem to."""
        return {
            stem_for_matching(lay): stem_for_matching(term)
            for lay, term in self.synonyms
            if " " not in lay and " " not in term
        }

    @cached_property
    def _lay_patterns(self) -> tuple[tuple[re.Pattern[str], str, re.Pattern[str]], ...]:
        """Each synonym as (its lay side's pattern, its term, the term's pattern): whole phrases,
        matched as ``compile_phrases`` matches them (``_whole``)."""
        return tuple((_whole(lay), term, _whole(term)) for lay, term in self.synonyms)

    def search_terms(self, question: str) -> tuple[str, ...]:
        """The terms of art for the lay words ``question`` uses, each once, in the vocabulary's
        order, leaving out a term the question already writes: what retrieval searches for
        besides the question's own words (``searched_text``). Words are matched as vocabulary
        phrases are (a space or a hyphen alike, a plural on the last word); a term holding "*"
        is a pattern, not words to search, and is never added."""
        found: list[str] = []
        for lay, term, written in self._lay_patterns:
            if term in found or "*" in term or not lay.search(question):
                continue  # a term with "*" is a pattern, not words to search
            if written.search(question) is None:
                found.append(term)
        return tuple(found)

    @cached_property
    def status_pattern(self) -> re.Pattern[str] | None:
        return compile_phrases(self.status_phrases)

    @cached_property
    def idiom_pattern(self) -> re.Pattern[str] | None:
        """A value idiom right after a period: "one month's rent" is money, not time."""
        if not self.value_idioms:
            return None
        words = "|".join(re.escape(w) for w in sorted(self.value_idioms, key=len, reverse=True))
        return re.compile(r"(?:'s|\u2019s|s'|s\u2019)?\s+(?:" + words + r")\b", re.I)


EMPTY = Vocabulary()

_ACTIVE: ContextVar[Vocabulary] = ContextVar("citenexus_vocabulary", default=EMPTY)


def current() -> Vocabulary:
    """The vocabulary of the call in progress (empty outside one)."""
    return _ACTIVE.get()


@contextlib.contextmanager
def active(vocabulary: Vocabulary) -> Iterator[Vocabulary]:
    """Use ``vocabulary`` for the rules run inside this block, then restore the previous one."""
    token = _ACTIVE.set(vocabulary)
    try:
        yield vocabulary
    finally:
        _ACTIVE.reset(token)


def cached_per_vocabulary(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``lru_cache`` keyed on the active vocabulary too: for a function whose result depends on
    it indirectly (through ``stem``'s synonyms), so one lane's reading never serves another's."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.lru_cache(maxsize=maxsize)
        def keyed(vocabulary: Vocabulary, *args: Any, **kwargs: Any) -> R:
            return function(*args, **kwargs)

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            # The wrapped functions take strings and ints: hashable, as lru_cache needs.
            return keyed(_ACTIVE.get(), *args, **kwargs)  # type: ignore[arg-type]

        call.cache_clear = keyed.cache_clear  # type: ignore[attr-defined]
        return call

    return decorate


def stem(word: str) -> str:
    """A word's stem as the rules and judges compare it: ``stem_for_matching``, then the active
    vocabulary's synonym for it, if any: with "owner" → "landlord" in the active vocabulary,
    "owners" stems as "landlord" does."""
    vocabulary = current()
    plain = stem_for_matching(word)
    if not vocabulary.synonyms:
        return plain
    return vocabulary.synonym_stems.get(plain, plain)


def searched_text(question: str, vocabulary: Vocabulary) -> str:
    """What retrieval embeds and searches the full text with: the question, then in brackets
    the lane's terms of art for the lay words it uses ("... fingerprint data? (biometric
    identifier)"), so that a unit written in the terms the asker does not know is found
    (docs/design.md#retrieval-and-grounding). Only retrieval reads it: the question's frame,
    the word overlap, the generator and the judges read the question as asked."""
    terms = vocabulary.search_terms(question)
    return f"{question} ({'; '.join(terms)})" if terms else question

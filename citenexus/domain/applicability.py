"""Applicability: whether a source speaks to the question's jurisdiction and subject
(docs/design.md, "Applicability").

A source is excluded only on a conflict:

* **Jurisdiction.** The question names a jurisdiction (or, naming none, asks about the lane's)
  and the source's ``jurisdiction`` names another. Names are read from a table of US states,
  countries and places with law of their own inside one (provinces, Australian states, the UK's
  nations: geography, not any field's words) and from the lane vocabulary's ``jurisdictions``.
  A nationwide US source (``US``, ``federal``) applies in every state, not in another country;
  a country's source applies in its provinces (``WITHIN``).
* **Scope.** The question names a value of one of the lane vocabulary's scope dimensions and the
  source's ``scope`` metadata or carried scope statement names only other values of it, or
  expressly excludes the question's.
* **Exclusion statements, in any lane.** A carried statement such as "This part does not apply
  to financial institutions" excludes a question that names what follows the cue ("a financial
  institution"), read word by word with no vocabulary at all; a list carried with its statement
  (``citenexus.domain.carried``) is read entry by entry, and an entry bounded in time is read
  against the periods the question states.

Missing metadata never excludes by itself. With an empty vocabulary only jurisdictions and
exclusion statements can exclude.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from citenexus.domain.carried import with_list_items
from citenexus.domain.model import Unit
from citenexus.domain.vocabulary import (
    EMPTY,
    Vocabulary,
    cached_per_vocabulary,
    compile_phrases,
    stem,
)
from citenexus.text.quantities import Quantity, extract_quantities, in_months
from citenexus.text.stopwords import STOPWORDS

REASON_JURISDICTION = "the question concerns {asked}; this source's jurisdiction is {source}"
REASON_SCOPE = "the question concerns {asked}; this source applies to {source}"
REASON_EXCLUDED = "the question concerns {asked}; this source excludes {asked}"
REASON_STATEMENT = "the question concerns {asked}; this source excludes it: \u201c{statement}\u201d"
REASON_DEFINED = (
    "the question concerns {asked}; this source applies to {source}, and the definition of"
    " \u201c{term}\u201d does not include it: \u201c{statement}\u201d"
)
NATIONWIDE_US = "US"

STATES: Mapping[str, str] = {
    "alabama": "AL",
    "alaska": "AK",
    "arizona": "AZ",
    "arkansas": "AR",
    "california": "CA",
    "colorado": "CO",
    "connecticut": "CT",
    "delaware": "DE",
    "florida": "FL",
    "georgia": "GA",
    "hawaii": "HI",
    "idaho": "ID",
    "illinois": "IL",
    "indiana": "IN",
    "iowa": "IA",
    "kansas": "KS",
    "kentucky": "KY",
    "louisiana": "LA",
    "maine": "ME",
    "maryland": "MD",
    "massachusetts": "MA",
    "michigan": "MI",
    "minnesota": "MN",
    "mississippi": "MS",
    "missouri": "MO",
    "montana": "MT",
    "nebraska": "NE",
    "nevada": "NV",
    "new hampshire": "NH",
    "new jersey": "NJ",
    "new mexico": "NM",
    "new york": "NY",
    "north carolina": "NC",
    "north dakota": "ND",
    "ohio": "OH",
    "oklahoma": "OK",
    "oregon": "OR",
    "pennsylvania": "PA",
    "rhode island": "RI",
    "south carolina": "SC",
    "south dakota": "SD",
    "tennessee": "TN",
    "texas": "TX",
    "utah": "UT",
    "vermont": "VT",
    "virginia": "VA",
    "washington": "WA",
    "west virginia": "WV",
    "wisconsin": "WI",
    "wyoming": "WY",
    "district of columbia": "DC",
    # Reporter-style abbreviations (without their full stop).
    "cal": "CA",
    "calif": "CA",
    "fla": "FL",
    "tex": "TX",
    "mass": "MA",
    "wash": "WA",
}
_CODES = frozenset(STATES.values())
# Countries and unions, by the names and short forms a question uses; normalised to one name.
COUNTRIES: Mapping[str, str] = {
    "united states": NATIONWIDE_US,
    "united states of america": NATIONWIDE_US,
    "usa": NATIONWIDE_US,
    "u.s": NATIONWIDE_US,
    "u.s.a": NATIONWIDE_US,
    "us": NATIONWIDE_US,
    "federal": NATIONWIDE_US,
    "national": NATIONWIDE_US,
    "nationwide": NATIONWIDE_US,
    "european union": "european union",
    "eu": "european union",
    "europe": "european union",
    "united kingdom": "united kingdom",
    "uk": "united kingdom",
    "britain": "united kingdom",
    "great britain": "united kingdom",
    "england": "united kingdom",
    "canada": "canada",
    "mexico": "mexico",
    "australia": "australia",
    "new zealand": "new zealand",
    "japan": "japan",
    "china": "china",
    "india": "india",
    "brazil": "brazil",
    "germany": "germany",
    "france": "france",
    "italy": "italy",
    "spain": "spain",
    "ireland": "ireland",
    "netherlands": "netherlands",
    "switzerland": "switzerland",
    "sweden": "sweden",
    "norway": "norway",
    "denmark": "denmark",
    "singapore": "singapore",
    "south korea": "south korea",
    "korea": "south korea",
    "south africa": "south africa",
    "argentina": "argentina",
    "austria": "austria",
    "belgium": "belgium",
    "portugal": "portugal",
    "greece": "greece",
    "poland": "poland",
    "finland": "finland",
    "iceland": "iceland",
    "luxembourg": "luxembourg",
    "czech republic": "czech republic",
    "czechia": "czech republic",
    "hungary": "hungary",
    "romania": "romania",
    "russia": "russia",
    "ukraine": "ukraine",
    "israel": "israel",
    "egypt": "egypt",
    "nigeria": "nigeria",
    "kenya": "kenya",
    "saudi arabia": "saudi arabia",
    "united arab emirates": "united arab emirates",
    "pakistan": "pakistan",
    "indonesia": "indonesia",
    "malaysia": "malaysia",
    "philippines": "philippines",
    "thailand": "thailand",
    "vietnam": "vietnam",
    "taiwan": "taiwan",
    "hong kong": "hong kong",
    "chile": "chile",
    "colombia": "colombia",
    "peru": "peru",
    # Places with law of their own inside a country (provinces, states, nations): each its own
    # jurisdiction, and within its country (``WITHIN``). "Victoria" is also a name: not read.
    "scotland": "scotland",
    "wales": "wales",
    "northern ireland": "northern ireland",
    "ontario": "ontario",
    "quebec": "quebec",
    "british columbia": "british columbia",
    "alberta": "alberta",
    "manitoba": "manitoba",
    "saskatchewan": "saskatchewan",
    "nova scotia": "nova scotia",
    "new brunswick": "new brunswick",
    "newfoundland": "newfoundland and labrador",
    "newfoundland and labrador": "newfoundland and labrador",
    "prince edward island": "prince edward island",
    "yukon": "yukon",
    "nunavut": "nunavut",
    "northwest territories": "northwest territories",
    "new south wales": "new south wales",
    "queensland": "queensland",
    "tasmania": "tasmania",
    "western australia": "western australia",
    "south australia": "south australia",
    "northern territory": "northern territory",
    "australian capital territory": "australian capital territory",
}
# The country each place of ``COUNTRIES`` with law of its own lies in: a country's own law
# applies in it, as a nationwide US source applies in every state.
WITHIN: Mapping[str, str] = {
    **dict.fromkeys(("scotland", "wales", "northern ireland"), "united kingdom"),
    **dict.fromkeys(
        (
            "ontario",
            "quebec",
            "british columbia",
            "alberta",
            "manitoba",
            "saskatchewan",
            "nova scotia",
            "new brunswick",
            "newfoundland and labrador",
            "prince edward island",
            "yukon",
            "nunavut",
            "northwest territories",
        ),
        "canada",
    ),
    **dict.fromkeys(
        (
            "new south wales",
            "queensland",
            "tasmania",
            "western australia",
            "south australia",
            "northern territory",
            "australian capital territory",
        ),
        "australia",
    ),
}
# Short forms matched in a question only as written in capitals ("US", "EU", "UK").
_COUNTRY_CODES = {
    "US": NATIONWIDE_US,
    "USA": NATIONWIDE_US,
    "EU": "european union",
    "UK": "united kingdom",
}
_COUNTRY_NAMES = re.compile(
    r"\b("
    + "|".join(
        sorted((re.escape(n) for n in COUNTRIES if len(n) > 3 or "." in n), key=len, reverse=True)
    )
    + r")\b",
    re.IGNORECASE,
)
# Two-letter codes that are also everyday capitalised words are matched only in metadata.
_AMBIGUOUS_CODES = frozenset({"IN", "OR", "ME", "OK", "HI", "ID", "AS"})
_STATE_NAMES = re.compile(
    r"\b(" + "|".join(sorted((re.escape(n) for n in STATES), key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_STATE_CODES = re.compile(r"\b([A-Z]{2})\b")

# What follows a cue in a clause is excluded: "does not apply to ...", "except ...", and a
# negated purpose such as "which the parties did not create for a fixed term". A bare "not" is
# no cue: "a term the parties have not specified, such as month to month" includes month to month.
# Nor is a cross-reference: "Except as provided in subsection (2), this part applies to a
# controller that conducts business ..." names what the part covers, not what it leaves out.
_EXCLUSION_CUES = re.compile(
    r"\b(?:(?:does|do|shall) not apply|not applicable|(?:not|never) (?:\w+ ){0,2}for"
    r"|except(?! as (?:otherwise )?provided)|other than|excluding|excludes?)\b",
    re.IGNORECASE,
)
_CLAUSES = re.compile(r"[.;]\s+|\n")
_LISTED = re.compile(r":[^;]*;")  # a colon, then the first of a list's items
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])|\n")
# Read without a vocabulary, only a statement of reach names an excluded category: "does not
# apply to", "is not applicable to", "excludes". ("Except as provided in ..." names no category.)
_STATEMENT_CUES = re.compile(
    r"\b(?:(?:does|do|shall|will) not (?:apply|extend) to|(?:is|are) (?:not applicable|inapplicable)"
    r" to|does not (?:cover|include)|excludes?|excluding)\b",
    re.IGNORECASE,
)


def normalise_jurisdiction(value: str, vocabulary: Vocabulary = EMPTY) -> str:
    """One spelling per jurisdiction: a code of the lane's vocabulary, a state's two-letter code,
    ``US`` for a nationwide US source, a country's name; the lower-cased text otherwise."""
    text = value.strip().rstrip(".")
    for code, names in vocabulary.jurisdictions:
        if text.upper() == code or text.lower() in names:
            return code
    if text.upper() in _CODES:
        return text.upper()
    lowered = text.lower()
    return STATES.get(lowered) or COUNTRIES.get(lowered) or lowered


def _vocabulary_names_uncached(vocabulary: Vocabulary) -> tuple[tuple[str, re.Pattern[str]], ...]:
    found = []
    for code, names in vocabulary.jurisdictions:
        pattern = compile_phrases(names)
        if pattern is not None:
            found.append((code, pattern))
    return tuple(found)


# Cached; mutmut mutates _vocabulary_names_uncached (it leaves decorated functions alone).
_vocabulary_names = lru_cache(maxsize=64)(_vocabulary_names_uncached)


def jurisdictions_named(question: str, vocabulary: Vocabulary = EMPTY) -> frozenset[str]:
    """The jurisdictions a question names: by the lane vocabulary's names, a state's name,
    reporter abbreviation or unambiguous code, or a country's name."""
    found = {code for code, pattern in _vocabulary_names(vocabulary) if pattern.search(question)}
    found |= {STATES[m.group(1).lower()] for m in _STATE_NAMES.finditer(question)}
    found |= {
        code
        for code in _STATE_CODES.findall(question)
        if code in _CODES and code not in _AMBIGUOUS_CODES
    }
    found |= {
        normalise_jurisdiction(m.group(1), vocabulary) for m in _COUNTRY_NAMES.finditer(question)
    }
    found |= {
        normalise_jurisdiction(_COUNTRY_CODES[code], vocabulary)
        for code in re.findall(r"\b(USA|US|EU|UK)\b", question)
    }
    return frozenset(found)


def _without_place_names_uncached(question: str, vocabulary: Vocabulary = EMPTY) -> str:
    """The question with every jurisdiction name it contains blanked out, as
    :func:`jurisdictions_named` reads them.

    Where a question asks is for applicability to decide, not relevance: "How quickly must a
    company in Japan report a breach?" is about breach reports wherever it is asked, and a
    corpus that never writes "Japan" must still find its breach rule relevant, so that the
    refusal says the rule does not apply (``not_applicable``) rather than that nothing was found.
    """
    spans = [
        m.span() for _, pattern in _vocabulary_names(vocabulary) for m in pattern.finditer(question)
    ]
    spans += [m.span() for m in _STATE_NAMES.finditer(question)]
    spans += [
        m.span()
        for m in _STATE_CODES.finditer(question)
        if m.group(1) in _CODES and m.group(1) not in _AMBIGUOUS_CODES
    ]
    spans += [m.span() for m in _COUNTRY_NAMES.finditer(question)]
    spans += [m.span() for m in re.finditer(r"\b(?:USA|US|EU|UK)\b", question)]
    if not spans:
        return question
    chars = list(question)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


# Cached; mutmut mutates _without_place_names_uncached (it leaves decorated functions alone).
without_place_names = lru_cache(maxsize=1024)(_without_place_names_uncached)


def applies_in(source: str, asked: Iterable[str], vocabulary: Vocabulary = EMPTY) -> bool:
    """Whether a source of jurisdiction ``source`` applies to a question about ``asked``: it is
    one of them (in any spelling), or a country's law and every one asked about is that country
    or a place within it (nationwide US law and the states; Canada and its provinces)."""
    code = normalise_jurisdiction(source, vocabulary)
    wanted = {normalise_jurisdiction(a, vocabulary) for a in asked}
    if code in wanted:
        return True
    if code == NATIONWIDE_US:
        return wanted <= _CODES | {NATIONWIDE_US}
    return bool(wanted) and all(w == code or WITHIN.get(w) == code for w in wanted)


Dimensions = tuple[tuple[str, tuple[tuple[str, re.Pattern[str]], ...]], ...]


def _scope_patterns_uncached(vocabulary: Vocabulary) -> Dimensions:
    """One compiled alternation per scope value of the lane's vocabulary (its name included:
    a document's ``scope`` metadata names values as the vocabulary does)."""
    dimensions = []
    for dimension, values in vocabulary.scope_terms:
        compiled = []
        for value, phrases in values:
            pattern = compile_phrases((value, *phrases))
            assert pattern is not None  # the value's own name is a phrase
            compiled.append((value, pattern))
        dimensions.append((dimension, tuple(compiled)))
    return tuple(dimensions)


# Cached; mutmut mutates _scope_patterns_uncached (it leaves decorated functions alone).
scope_patterns = lru_cache(maxsize=64)(_scope_patterns_uncached)


def _values_in(text: str, values: tuple[tuple[str, re.Pattern[str]], ...]) -> set[str]:
    return {value for value, pattern in values if pattern.search(text)}


def scope_values(
    question: str, vocabulary: Vocabulary = EMPTY
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The values of each of the vocabulary's scope dimensions a question names (a dimension it
    names none of maps to the empty set)."""
    return tuple((d, frozenset(_values_in(question, v))) for d, v in scope_patterns(vocabulary))


@dataclass(frozen=True)
class SourceScope:
    """The scope values a source names, per dimension, those it expressly excludes, and the
    statements with an exclusion cue (what follows the cue, and the whole statement)."""

    includes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    excludes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    exclusions: tuple[tuple[str, str], ...] = ()


def _heads_and_tails(text: str) -> Iterator[tuple[str, str]]:
    """Each clause of ``text`` cut at its exclusion cue: what it names as within its reach, and
    what it leaves out. A statement with its list ("does not apply to the following: a ...; b
    ...") is one clause: every item is left out, not only the first."""
    for sentence in _SENTENCES.split(text):
        cue = _EXCLUSION_CUES.search(sentence)
        if cue is not None and _LISTED.search(sentence, cue.end()):
            yield sentence[: cue.start()], sentence[cue.end() :]
            continue
        for clause in _CLAUSES.split(sentence):
            cue = _EXCLUSION_CUES.search(clause)
            yield (clause[: cue.start()], clause[cue.end() :]) if cue else (clause, "")


def _source_scope_uncached(*texts: str, vocabulary: Vocabulary = EMPTY) -> SourceScope:
    """Read scope values from scope texts; clauses after an exclusion cue name exclusions."""
    dimensions = scope_patterns(vocabulary)
    includes: dict[str, set[str]] = {d: set() for d, _ in dimensions}
    excludes: dict[str, set[str]] = {d: set() for d, _ in dimensions}
    exclusions: list[tuple[str, str]] = []
    for text in map(with_list_items, texts):
        for sentence in _SENTENCES.split(text):
            reach = _STATEMENT_CUES.search(sentence)
            if reach is not None:
                exclusions.append((sentence[reach.end() :], " ".join(sentence.split())))
        for head, tail in _heads_and_tails(text):
            for dimension, values in dimensions:
                includes[dimension] |= _values_in(head, values)
                excludes[dimension] |= _values_in(tail, values)
    # A value the source names as within its reach (its curator's ``scope``, or a statement's
    # head) is not excluded by a mention inside an exclusion: "does not apply to data of an
    # individual acting as a contractor of a business" leaves out a narrower case of a chapter
    # that "applies only to a person that conducts business"; it does not exclude business.
    return SourceScope(
        {d: frozenset(v) for d, v in includes.items()},
        {d: frozenset(v - includes[d]) for d, v in excludes.items()},
        tuple(exclusions),
    )


# Cached; mutmut mutates _source_scope_uncached (it leaves decorated functions alone).
source_scope = lru_cache(maxsize=16384)(_source_scope_uncached)


# What an exclusion names is read item by item: "nonprofit organizations, state agencies, or
# employee data" names three. Words too general to name a category are not evidence of one.
_ITEMS = re.compile(r",|;|\bor\b|\band\b|\bnor\b", re.IGNORECASE)
_GENERAL = frozenset(
    stem(w)
    for w in """
    section chapter part article title division subchapter act code law rule rules provision
    provisions person persons party parties any other such following described defined purpose
    purposes applies apply case cases extent time
    """.split()  # noqa: SIM905 (a word list reads best as text)
)
_MAX_ITEM_WORDS = 4


def _words(text: str) -> list[str]:
    return [
        stem(w)
        for w in re.findall(r"[a-z][a-z'-]*", text.lower())
        if w not in STOPWORDS and len(w) > 2
    ]


def words_of(text: str) -> frozenset[str]:
    """What an exclusion statement's categories are matched against: the text's stemmed words,
    and each two of them running (stop words aside) joined by a space ("car facility")."""
    words = _words(text)
    return frozenset(words) | frozenset(f"{a} {b}" for a, b in pairwise(words))


_LABEL = re.compile(r"^[\s:;,-]*(?:\(\w{1,4}\)\s*)?(?:(?:a|an|the|any)\s+)?", re.IGNORECASE)


# In a list carried with its statement (entries cut at ";"), an entry names its category first
# ("Housing in a nonprofit hospital"), then may name others, each opening with a determiner
# (", a licensed care facility, or an adult residential facility"); a piece after a comma that
# opens otherwise continues or qualifies what came before ("to the extent the data is
# collected", "used within that role") and names nothing. Nor does a piece that opens with a
# relative or conditional word, or that denies ("that is not owned by a corporation"): it
# names the case the entry leaves in.
_DETERMINERS = frozenset("a an the any another other such each every".split())  # noqa: SIM905
_QUALIFIER = re.compile(
    r"(?:that|which|who|whom|whose|where|when|if|unless|provided|whether|insofar|to the extent)\b",
    re.IGNORECASE,
)
# What opens a piece before its category: a conjunction, and the "to" an inline list repeats
# ("does not apply to a bank; to a nonprofit organization; or to ...").
_LEAD = re.compile(r"\s*(?:(?:or|and)\s+)*(?:to\s+(?!the extent\b))?", re.IGNORECASE)
_DENIALS = re.compile(r"\b(?:not|never|nor)\b", re.IGNORECASE)  # "no more than two" denies nothing


_WHO_IS = re.compile(r"\s(?:who|that|which) (?:is|are) (?:a|an)\s+", re.IGNORECASE)


def _written(piece: str) -> str:
    """A piece as a reason quotes it: after its last colon, without a label, a leading
    determiner or closing punctuation."""
    return _LABEL.sub("", " ".join(piece.split()).rpartition(":")[2]).rstrip(".:;, ")


# A series of bare nouns ("as an employee, owner, director, officer, or contractor of a
# business"): pieces of one or two words without a determiner, closed by a piece that opens
# with "or" / "and" and a noun.
_DETERMINER = r"(?:a|an|the|any|another|other|such|each|every)\b"
_LINKS = frozenset("of for in on at to by with from under within".split())  # noqa: SIM905
_CONJUNCTION = re.compile(rf"\s*(?:or|and)\s+(?!{_DETERMINER})", re.IGNORECASE)
_BARE = re.compile(rf"\s*(?!{_DETERMINER})[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?\s*$", re.I)


def _series(pieces: list[str]) -> dict[int, str]:
    """The members of each series of bare nouns among an entry's pieces (cut at commas), by
    piece, as written with the words that close the series: in "an employee, owner, director,
    officer, or contractor of a business" the closing piece's words from its preposition on ("of
    a business") go with every member ("owner of a business", ..., "contractor of a business");
    in "employees, agents, or independent contractors" there are none.
    A series has a member before its closing piece, so a lone ", or used within that role"
    names nothing; nor does a closing piece that qualifies or denies."""
    members: dict[int, str] = {}
    for close, piece in enumerate(pieces):
        opening = _CONJUNCTION.match(piece)
        if opening is None or _QUALIFIER.match(piece, opening.end()):
            continue
        last = piece[opening.end() :].split()
        if _DENIALS.search(" ".join(last)):
            continue
        first = close
        while (
            first and _BARE.match(pieces[first - 1]) and not _CONJUNCTION.match(pieces[first - 1])
        ):
            first -= 1
        # The closing words are what follows the last member's noun from its preposition on
        # ("contractor of a business"); a member of two words ("independent contractors")
        # has none.
        at = next((k for k, word in enumerate(last) if word.lower() in _LINKS), len(last))
        shared = last[at:]
        for number in range(first, close):
            members[number] = " ".join([*pieces[number].split(), *shared])
        if first < close:
            members[close] = " ".join(last)
    return members


def _list_items(entries: list[str]) -> list[tuple[list[str], str, int]]:
    """``(words, written, entry)`` for each category a list's entries name."""
    items = []
    for entry, text in enumerate(entries):
        pieces = text.split(",")
        series = _series(pieces)
        for number, piece in enumerate(pieces):
            if number in series:
                written = _written(series[number])
                if words := [w for w in _words(written) if w not in _GENERAL]:
                    items.append((words, written, entry))
                continue
            opening = _LEAD.sub("", piece, count=1)  # it matches at the start, if only ""
            leading = opening.lower().split()
            if not leading or (number and leading[0] not in _DETERMINERS):
                continue
            written = _written(opening)
            if _QUALIFIER.match(opening) or _DENIALS.search(written):
                continue
            # "a foreign national who is a diplomat or consular official": the category is
            # what the person or thing is, not the head it shares with what the term covers.
            written = _WHO_IS.split(written, maxsplit=1)[-1]
            words = [w for w in _words(written) if w not in _GENERAL]
            # One word set off in a longer entry ("The state, a state agency, ...") is too
            # general alone; an entry of one word ("Employees.") is its category.
            if words and (len(words) > 1 or len(pieces) == 1):
                items.append((words, written, entry))
    return items


def _excluded_items_uncached(tail: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The categories named after an exclusion cue: each item's first few words of substance,
    with the item as written (for the reason a reviewer reads).

    One statement names an item per piece cut at commas and conjunctions ("employees or
    contractors" names two); a list carried with its statement is read entry by entry
    (``_list_items``), and a word in two of its entries is the list's topic, not a category:
    "personal data maintained by a consumer reporting agency" and "data maintained for
    employment records" are told apart by their other words."""
    entries = [entry for entry in tail.split(";") if entry.strip()]
    if len(entries) < 2:
        items = []
        for item in _ITEMS.split(tail):
            words = [w for w in _words(item) if w not in _GENERAL]
            if words:
                written = _LABEL.sub("", " ".join(item.split())).rstrip(".:;, ")
                items.append((tuple(words[:_MAX_ITEM_WORDS]), written))
        return tuple(items)
    return _listed(entries)


def _listed(entries: list[str]) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The categories a list's entries name (``_list_items``), each with its first few words of
    substance that are not the list's topic (a word in two entries)."""
    listed = _list_items(entries)
    found_in: dict[str, set[int]] = {}
    for words, _, entry in listed:
        for word in words:
            found_in.setdefault(word, set()).add(entry)
    shared = {word for word, where in found_in.items() if len(where) > 1}
    return tuple(
        (tuple(([w for w in words if w not in shared] or words)[:_MAX_ITEM_WORDS]), written)
        for words, written, _ in listed
    )


# Cached; mutmut mutates _excluded_items_uncached (it leaves decorated functions alone).
_excluded_items = cached_per_vocabulary(maxsize=16384)(_excluded_items_uncached)


def _names_excluded(
    question_words: frozenset[str], tail: str, periods: tuple[float, ...] = ()
) -> str | None:
    """The excluded category the question names, if any: every word of an item of one or two
    words ("financial institution"), or two words running in a longer one that run in the
    question too ("licensed care facility" in "a licensed residential care facility"): two of
    its words apart in the question ("housing ... tenant") name nothing. An item bounded in
    time that the question's stated periods (``periods``, months) all fall outside does not
    name the question's case (``_outside_bounds``)."""
    for item, written in _excluded_items(tail):
        if _named(item, question_words) and not _outside_bounds(written, periods):
            return written
    return None


def _named(item: tuple[str, ...], question_words: frozenset[str]) -> bool:
    """Whether the question names a category: every word of the item, or two of its words
    running that run in the question too (``words_of`` joins those with a space)."""
    return set(item) <= question_words or any(
        f"{a} {b}" in question_words for a, b in pairwise(item)
    )


# A name of three or more capitalised words or parts ("Health Insurance Portability and
# Accountability Act", "Gramm-Leach-Bliley Act"), which a question may write by its initials.
_NAME = re.compile(r"\b[A-Z][\w'-]*(?:\s+(?:(?:and|of|for|the|on|in|to)\s+)*[A-Z][\w'-]*)+")
_NAME_LINKS = frozenset("and of for the on in to".split())  # noqa: SIM905
_MIN_INITIALS = 3
_ACRONYM = re.compile(rf"\b[A-Z]{{{_MIN_INITIALS},8}}\b")


def acronyms_in(question: str) -> frozenset[str]:
    """The words a question writes in capitals, three to eight letters ("HIPAA", "FCRA"),
    lower-cased: what may name an excluded category by its initials. A question written all in
    capitals sets none apart."""
    if question.isupper():
        return frozenset()
    return frozenset(word.lower() for word in _ACRONYM.findall(question))


def initials(name: str) -> str:
    """A name's initials, lower-cased, each part of a hyphenated word counted ("Gramm-Leach-
    Bliley Act" -> "glba"); the small words that join a name ("and", "of") are not."""
    return "".join(
        part[0]
        for word in name.split()
        if word not in _NAME_LINKS
        for part in word.split("-")
        if part
    ).lower()


def _named_by_initials(acronyms: frozenset[str], tail: str) -> str | None:
    """The excluded category a question names by the initials of a name its entry holds ("a
    hospital that keeps records under HIPAA" and "Protected health information ... maintained
    under the federal "Health Insurance Portability and Accountability Act of 1996""): the
    entry's category as written (``_written``), or the name itself in a statement without a
    list. Initials of fewer than three letters name nothing ("Title V")."""
    if not acronyms:
        return None
    entries = [entry for entry in tail.split(";") if entry.strip()]
    for entry in entries:
        for name in _NAME.findall(entry):
            if len(found := initials(name)) >= _MIN_INITIALS and found in acronyms:
                return _written(entry.split(",")[0]) if len(entries) > 1 else name
    return None


# A period an item bounds: "within the previous 15 years" (at most), "more than 30 days" (over).
_AT_MOST_BEFORE = re.compile(
    r"\b(?:within(?: the (?:previous|past|last|first))?|less than|fewer than|under|no more than"
    r"|not more than|at most|up to)\s+$",
    re.IGNORECASE,
)
_AT_LEAST_BEFORE = re.compile(
    r"\b(?:more than|over|at least|longer than|exceeding)\s+$", re.IGNORECASE
)


def months_stated(values: Iterable[Quantity]) -> tuple[float, ...]:
    """The periods among ``values`` in months (``quantities.in_months``): what an item bounded
    in time is compared with."""
    return tuple(m for m in map(in_months, values) if m is not None)


def _outside_bounds(written: str, periods: tuple[float, ...]) -> bool:
    """Whether the question states periods and every one falls outside a period ``written``
    bounds: "Housing that received a certificate of occupancy within the previous 15 years"
    does not name a building that received it 20 years ago."""
    if not periods:
        return False
    for bound in extract_quantities(written):
        limit = in_months(bound)
        if limit is None:
            continue
        before = written[: bound.start]
        if _AT_MOST_BEFORE.search(before) and all(p > limit for p in periods):
            return True
        if _AT_LEAST_BEFORE.search(before) and all(p <= limit for p in periods):
            return True
    return False


JURISDICTION, SCOPE = "jurisdiction", "scope"


@dataclass(frozen=True)
class Exclusion:
    """Why a source does not apply: ``kind`` is what conflicts (``jurisdiction``: the source is
    of another place; ``scope``: its scope or an exclusion statement leaves the question's
    subject out), ``reason`` the sentence a reviewer reads."""

    kind: str
    reason: str


@dataclass(frozen=True)
class QuestionScope:
    """What a question is about: the jurisdictions it concerns, its scope values, its words,
    and the lane vocabulary they were read with."""

    jurisdictions: frozenset[str]
    scope: Mapping[str, frozenset[str]]
    vocabulary: Vocabulary = EMPTY
    words: frozenset[str] = frozenset()
    # The question names a jurisdiction the lane's own law does not cover: another place.
    elsewhere: bool = False
    # The periods the question states, in months (``months_stated``).
    periods: tuple[float, ...] = ()
    # The words it writes in capitals, lower-cased (``acronyms_in``): a name by its initials.
    acronyms: frozenset[str] = frozenset()

    @classmethod
    def parse(
        cls, question: str, lane_jurisdiction: str = "", vocabulary: Vocabulary = EMPTY
    ) -> QuestionScope:
        """A question naming no jurisdiction is taken to ask about the lane's. Read as the
        question frame reads it (``QuestionFrame.scope_in``): one reading of a question."""
        # The frame's module builds on this one; imported here, where it is used, not at load.
        from citenexus.domain.question import read_question

        return read_question(question, vocabulary).scope_in(lane_jurisdiction)

    @classmethod
    def read(
        cls,
        named: frozenset[str],
        scope: Iterable[tuple[str, frozenset[str]]],
        words: frozenset[str],
        lane_jurisdiction: str = "",
        vocabulary: Vocabulary = EMPTY,
        periods: tuple[float, ...] = (),
        acronyms: frozenset[str] = frozenset(),
    ) -> QuestionScope:
        """The scope of a question already read (``citenexus.domain.question``): the
        jurisdictions it names, its scope values per dimension, its words, the periods it
        states and the words it writes in capitals."""
        lane = normalise_jurisdiction(lane_jurisdiction, vocabulary)  # "" for none
        # Another place: one the lane's own law does not cover (a state is no other place
        # for a nationwide lane), and whose law does not reach the lane's own place either (the
        # country is no other place for a state's lane: its federal law applies there too).
        elsewhere = bool(
            named
            and lane
            and not applies_in(lane, named, vocabulary)
            and not all(applies_in(place, {lane}, vocabulary) for place in named)
        )
        if not named and lane:
            named = frozenset({lane})
        return cls(named, dict(scope), vocabulary, words, elsewhere, periods, acronyms)

    def exclusion_reason(self, unit: Unit) -> str | None:
        """Why ``unit`` does not apply to this question, or None when nothing conflicts."""
        found = self.exclusion(unit)
        return found.reason if found is not None else None

    def exclusion(self, unit: Unit) -> Exclusion | None:
        """What excludes ``unit`` from this question (its place or its scope), or None.

        The place is read first: a source of another jurisdiction is excluded for that, whatever
        its scope says."""
        meta = unit.authority_meta
        source = meta.get("jurisdiction", "").strip()
        if (
            self.jurisdictions
            and source
            and not applies_in(source, self.jurisdictions, self.vocabulary)
        ):
            asked = ", ".join(sorted(self.jurisdictions))
            return Exclusion(JURISDICTION, REASON_JURISDICTION.format(asked=asked, source=source))
        reason = self._scope_reason(unit)
        return Exclusion(SCOPE, reason) if reason is not None else None

    def _scope_reason(self, unit: Unit) -> str | None:
        meta = unit.authority_meta
        scope = source_scope(meta.get("scope", ""), unit.scope, vocabulary=self.vocabulary)
        for dimension, asked_values in self.scope.items():
            if not asked_values:
                continue
            asked = " and ".join(sorted(asked_values))
            # Both were read with this vocabulary: the source's scope has every dimension. A
            # question naming a value the source covers as well as one it leaves out ("my
            # employer's online store; as a customer of that store ...") is not left out.
            named = scope.includes[dimension]
            if asked_values & scope.excludes[dimension] and not asked_values & named:
                return REASON_EXCLUDED.format(asked=asked)
            if named and not asked_values & named:
                return REASON_SCOPE.format(asked=asked, source=" and ".join(sorted(named)))
        for tail, statement in scope.exclusions:
            category = _names_excluded(self.words, tail, self.periods) or _named_by_initials(
                self.acronyms, tail
            )
            if category is not None:
                return REASON_STATEMENT.format(
                    asked=category, statement=_quoted(statement, category)
                )
        # Last: a source's own statement names what it leaves out more closely than a
        # definition of the term it is scoped by.
        return self._defined_out(scope)

    def _defined_out(self, scope: SourceScope) -> str | None:
        """Why a source is left out by what its scope values' definitions do not include: in a
        dimension the question names no value of, every value the source names is a defined term
        whose definition leaves out a case the question names ("an employee, owner, director,
        officer, or contractor of a company" for "I work as an independent contractor for a
        company"). A source that also names a value the definitions do not narrow still applies.
        """
        definitions = self.vocabulary.definitions
        if not definitions:
            return None
        for dimension, values in scope_patterns(self.vocabulary):
            if self.scope.get(dimension):
                continue  # the question names a value: read above
            named = scope.includes[dimension]  # read with this vocabulary: every dimension
            found = [
                _narrowed(pattern, definitions, self.words)
                for value, pattern in values
                if value in named
            ]
            narrowed = [reading for reading in found if reading is not None]
            if found and len(narrowed) == len(found):
                term, category, left_out = narrowed[0]
                return REASON_DEFINED.format(
                    asked=category,
                    source=" and ".join(sorted(named)),
                    term=term,
                    statement=_quoted(left_out, category),
                )
        return None


def _narrowed(
    pattern: re.Pattern[str], definitions: tuple[tuple[str, str], ...], words: frozenset[str]
) -> tuple[str, str, str] | None:
    """``(term, category, what it leaves out)`` when the definition of a term that is one of a
    scope value's phrases (``pattern``, matching the whole term) leaves out a category the
    question's ``words`` name: what it leaves out is read as an entry of an exclusion list is
    (``_list_items``: the first piece, pieces opening with a determiner, a series of bare nouns),
    and an item is named as ``_names_excluded`` names one."""
    for term, left_out in definitions:
        if pattern.fullmatch(term) is None:
            continue
        for item, written in _defined_items(left_out):
            if _named(item, words):
                return term, written, left_out
    return None


def _defined_items_uncached(left_out: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The categories a definition leaves out, read as a list's entries are (``_listed``): its
    entries cut at ";" ("any of the following: (a) candidates ...; (b) independent consultants,
    ..."), or the whole as one entry. Never piece by piece at every comma and "or", as one
    statement is: "a company, partnership, or other business" would name "other business"."""
    return _listed([entry for entry in left_out.split(";") if entry.strip()])


# Cached; mutmut mutates _defined_items_uncached (it leaves decorated functions alone).
_defined_items = cached_per_vocabulary(maxsize=4096)(_defined_items_uncached)


# A reason quotes the statement whole when it is short; a long one (a list carried with its
# items) is quoted to its colon, then the item the question names.
SHOWN_STATEMENT_CHARS = 300


def _quoted(statement: str, category: str) -> str:
    if len(statement) <= SHOWN_STATEMENT_CHARS:
        return statement
    head, colon, _ = statement.partition(":")
    return f"{head[:SHOWN_STATEMENT_CHARS]}{colon} \u2026 {category}"

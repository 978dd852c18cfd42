"""Does the claim state the passage's rule for more cases, or for someone else, than it does?

A claim can keep nearly every word of its passage and still say more: it adds a phrase of free
choice where the passage has none ("for whatever reason", "however it is delivered"), puts
"any" or "every" in front of a thing the passage restricts ("any website" for "a website
directed to children", "in any year" for "during the preceding calendar year"), or in front
of a thing the passage says it "does not apply to" ("every employee" where the section "does
not apply to employees covered by a collective agreement"), offers with
"or" an alternative the passage does not name ("residential or commercial" for "residential"),
stops its quote on a word the passage goes on to restrict ("for purposes of profiling" where
the passage says "profiling in furtherance of decisions that ..."), or names the owner where
the passage names what is owned ("the consent of a known child" for "the consent of a known
child's parent"), makes the rule take effect "immediately" where the passage sets another
time, or keeps a relative clause without the words in front of its verb ("that violates" for
"that continues to violate").
Each is a change of scope or of party, not a paraphrase, so the lexical judge says neutral on
it at any coverage (docs/design.md#the-judges). The words read here are generic English:
determiners, free-choice words, coordinators, the possessive and a few adverbs of time.
"""

from __future__ import annotations

import os

from citenexus.judges.align import Alignment, content_run_before, home_sentences, sentence_of
from citenexus.judges.tokens import MODAL, QUANTITY, STEM_LETTERS, Token
from citenexus.text.quantities import COUNTING_WORDS
from citenexus.text.stopwords import BE_FORMS

# Words of free choice that widen a rule to every case when they open a phrase of their own
# (behind a comma or a preposition): "for whatever reason", ", however it is delivered".
# "return whatever remains" (a pronoun object) is not read.
FREE_CHOICE = frozenset({"whatever", "however", "whichever", "regardless", "whoever", "wherever"})
_FREE_LEADS = frozenset({",", "for", "in", "of", "by", "at", "on", "from", "to", "with"})
UNIVERSALS = frozenset({"any", "every", "all", "each"})
# What opens a restriction behind a noun: a relative clause, "with ...", "in ...", or a
# participle ("a website directed to children", "a vessel carrying cargo"), read from its
# "-ed" or "-ing" ending.
_RESTRICTIVES = frozenset({"that", "which", "who", "whose", "with", "in"})
# Phrases behind a thing that restrict which thing it is: "the purposes *of* permitting access",
# "a tenancy *from* month to month".
_THING_PHRASES = frozenset({"of", "from"})
_COORDINATORS = frozenset({"and", "or"})
_AUXILIARIES = frozenset(
    {"is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "to"}
)
_PHRASE_ENDS = frozenset({".", ";", "!", "?", "\n", ","})


def widened(alignment: Alignment) -> bool:
    """Whether the claim states the rule for more cases, or another party, than its passage."""
    return (
        free_choice_added(alignment)
        or universal_on_restricted(alignment)
        or universal_excepted(alignment)
        or restriction_cut_off(alignment)
        or alternative_added(alignment)
        or possessor_named(alignment)
        or timing_added(alignment)
        or clause_verb_qualified(alignment)
    )


def free_choice_added(alignment: Alignment) -> bool:
    """Whether the claim opens a phrase with a free-choice word ("for whatever reason", ", however
    it is delivered", "in whatever context") where the passage's aligned sentences use none."""
    claim = alignment.claim
    if not any(
        i > 0 and token.word in FREE_CHOICE and claim[i - 1].word in _FREE_LEADS
        for i, token in enumerate(claim)
    ):
        return False
    # A passage with a free-choice phrase of its own ("security, however labelled") is
    # paraphrased, not widened, by another ("whatever it is called").
    lo, hi = alignment.region
    return not any(alignment.unit[k].word in FREE_CHOICE for k in range(lo, hi))


def universal_on_restricted(alignment: Alignment) -> bool:
    """Whether the claim says "any" / "every" / "all" / "each" of a thing that the passage
    restricts: words in front of the thing the claim leaves out ("the preceding calendar year"
    as "any year"), or a restriction behind it none of whose words the claim keeps ("a website
    or online service directed to children" as "any website or online service"). A passage that
    says "any" of the thing too is not read; nor is a thing the passage does not restrict ("a
    tenant" as "any tenant"). "A remedy of any kind" says "any remedy" (``_kind_of``); "infants
    of any age" widens a thing the passage gives a value of that attribute ("under 18 months of
    age": ``_valued``)."""
    paired = dict(alignment.pairs)
    used = set(paired.values())
    claim, unit = alignment.claim, alignment.unit
    for i, token in enumerate(claim):
        if token.word not in UNIVERSALS:
            continue
        head = _kind_of(claim, i)
        if head is None:
            head = _head(claim, i + 1)
        if head is None or head not in paired:
            continue
        uses = _uses_at_home(alignment, head, used)
        if any(_said_of_any(unit, u) and not _front_left_out(unit, u, claim) for u in uses):
            continue  # the passage says "any" of it too
        if any(_restricted(unit, u, used, claim) for u in uses):
            return True
        if i > 0 and claim[i - 1].word in _VALUE_OF and any(_valued(unit, u) for u in uses):
            return True  # "infants *of any age*" for "infants under 18 months *of age*"
        if _restriction_continues(alignment, head, used):
            return True
    return False


# What a claim says when it makes an exception of its own ("every employee, unless ...").
_OWN_EXCEPTIONS = frozenset({"unless", "except", "excluding", "exempt", "but"})


def universal_excepted(alignment: Alignment) -> bool:
    """Whether the claim says "every" / "any" / "all" / "each" of a thing that the passage, in
    any of its sentences, says it does not apply to: "Every employee who works more than 6 hours
    ... is entitled to a meal period" against a section that "does not apply to employees covered
    by a collective bargaining agreement". The claim states the rule for cases the passage
    leaves out. A thing the passage names with a word in front that the claim does not say is
    another kind ("It does not apply to *turbine* engines" against "every BO-360 series
    engine"). A claim that makes an exception of its own is not read."""
    claim, unit = alignment.claim, alignment.unit
    if any(token.word in _OWN_EXCEPTIONS for token in claim) or _not_apply_to(claim):
        return False  # the claim makes an exception, or states what the rule leaves out
    heads = set()
    for i, token in enumerate(claim):
        if token.word in UNIVERSALS:
            head = _head(claim, i + 1)
            if head is not None and claim[head].key:
                heads.add(claim[head].key)
    if not heads:
        return False
    said = _stems_said(claim)
    for k in _not_apply_to(unit):
        for member in _excepted_phrase(unit, k + 3):
            for n, j in enumerate(member):
                if unit[j].key in heads and all(
                    unit[i].key[:STEM_LETTERS] in said for i in member[:n]
                ):
                    return True
    return False


def _not_apply_to(tokens: tuple[Token, ...]) -> list[int]:
    """Where "not apply to" stands in the text (the index of its "not")."""
    return [
        k
        for k in range(len(tokens) - 2)
        if (tokens[k].word, tokens[k + 1].word, tokens[k + 2].word) == ("not", "apply", "to")
    ]


def _excepted_phrase(unit: tuple[Token, ...], start: int) -> list[list[int]]:
    """The words of the noun phrase that opens at ``start``, one list per thing it joins with
    "and" / "or": what a "does not apply to" names ("employees covered by ...", "the entities
    and data that ..."), not the words of the clauses that restrict it."""
    j = start
    while j < len(unit) and not unit[j].is_content and unit[j].word not in _PHRASE_ENDS:
        j += 1
    members: list[list[int]] = []
    words: list[int] = []
    while j < len(unit) and unit[j].is_content:
        words.append(j)
        if j + 2 < len(unit) and unit[j + 1].word in _COORDINATORS and unit[j + 2].is_content:
            members.append(words)
            words = []
            j += 2
        else:
            j += 1
    return [*members, words] if words else members


def _restriction_continues(alignment: Alignment, head: int, used: set[int]) -> bool:
    """Whether the passage goes on restricting the thing past the phrase the claim quotes of it:
    "every hiring of real property" for "a hiring of real property *other than lodgings* ...",
    "every controller that is subject to the Act" for "controllers that are subject to the Act
    *and that process personal data for* ...". The claim's phrase is the word with its "of"
    phrase (up to the verb) or its relative clause (up to the clause's end); behind the
    passage's use of the phrase's last quoted word stands "other than ..." or "and that / who /
    which ..." with a word the claim does not quote."""
    paired = dict(alignment.pairs)
    last = max(c for c in range(head, _phrase_end(alignment.claim, head) + 1) if c in paired)
    k = paired[last] + 1
    following = [token.word for token in alignment.unit[k : k + 2]]
    if following == ["other", "than"]:
        return _restricted_behind(alignment.unit, k - 1, used, frozenset({"other"}))
    if following[:1] == ["and"] and following[1:] and following[1] in _RELATIVES:
        return _restricted_behind(alignment.unit, k, used)
    return False


def _phrase_end(claim: tuple[Token, ...], head: int) -> int:
    """The last token of the phrase that restricts the claim's word at ``head``: a relative
    clause runs to the clause's end, an "of" phrase to the verb (a modal or a form of "be");
    the word itself when neither follows it."""
    opener = [token.word for token in claim[head + 1 : head + 2]]
    if opener != ["of"] and not (opener and opener[0] in _RELATIVES):
        return head
    relative = opener != ["of"]
    end = head + 1
    for k in range(head + 2, len(claim)):
        token = claim[k]
        if token.word in _PHRASE_ENDS:
            break
        if not relative and (token.kind == MODAL or token.word in BE_FORMS):
            break
        end = k
    return end


def _uses_at_home(alignment: Alignment, head: int, used: set[int]) -> list[int]:
    """The passage word the claim's ``head`` is paired with and, when that use only modifies
    another noun the claim does not quote ("that processing *activity*"), the other uses of it
    in the sentences that hold most of the claim's words: a claim that says "any processing"
    widens "processing that presents a heightened risk" though the aligner paired the other."""
    paired = dict(alignment.pairs)
    unit = alignment.unit
    after = paired[head] + 1
    if not (after < len(unit) and unit[after].is_content and after not in used):
        return [paired[head]]
    home = home_sentences(alignment)
    key = alignment.claim[head].key
    others = [
        k
        for k in range(len(unit))
        if k != paired[head]
        and unit[k].is_content
        and key in unit[k].keys
        and sentence_of(unit, k) in home
    ]
    return [paired[head], *others]


def _said_of_any(unit: tuple[Token, ...], u: int) -> bool:
    """Whether "any" (or "every", "all", "each") stands in front of the word's own phrase."""
    k = u - 1 - len(content_run_before(unit, u - 1))
    return k >= 0 and unit[k].word in UNIVERSALS


def _restricted(unit: tuple[Token, ...], u: int, used: set[int], claim: tuple[Token, ...]) -> bool:
    """A word restricting the thing in front of it, left out, or a restriction behind it. A
    front word the claim puts in front of the thing itself, elsewhere, is not left out: "A
    controller handling *biometric* identifiers must ... delete each identifier" says "each" of
    the biometric identifiers it named (``_named_before``)."""
    return any(
        j not in used and not _named_before(claim, unit[j], unit[u]) for j in _front(unit, u)
    ) or _restricted_behind(unit, u, used, _THING_PHRASES)


def _valued(unit: tuple[Token, ...], u: int) -> bool:
    """Whether the passage gives the thing at ``u`` a value: "2 years *of age*", "5 tonnes *in
    weight*" (a number and a unit word the value readers do not know). A claim's "of any age"
    says it of every value the passage leaves out."""
    if u < 2 or unit[u - 1].word not in _VALUE_OF:
        return False
    value = u - 2
    if unit[value].kind != QUANTITY and value > 0:
        value -= 1  # the unit word behind a bare number
    return unit[value].kind == QUANTITY


_VALUE_OF = frozenset({"of", "in"})


def _front(unit: tuple[Token, ...], u: int) -> list[int]:
    """The content words in front of the thing at ``u`` that may restrict it, nearest first, up
    to a verb ("that may *compromise* biometric identifiers": "biometric" alone)."""
    front: list[int] = []
    for j in content_run_before(unit, u - 1):
        if _verb_behind(unit, j):
            break
        front.append(j)
    return front


def _named_before(claim: tuple[Token, ...], word: Token, thing: Token) -> bool:
    """Whether the claim has ``word`` (in any form of its stem) among the words in front of
    ``thing`` (likewise) somewhere: the thing as the claim first names it."""
    stem, head = word.key[:STEM_LETTERS], thing.key[:STEM_LETTERS]
    return any(
        token.key[:STEM_LETTERS] == head
        and any(claim[j].key[:STEM_LETTERS] == stem for j in content_run_before(claim, i - 1))
        for i, token in enumerate(claim)
    )


def _front_left_out(unit: tuple[Token, ...], u: int, claim: tuple[Token, ...]) -> bool:
    """Whether a word in front of the thing restricts it and the claim says it nowhere: "every
    *residential* building" says "every" of residential buildings only, not of "any building";
    "each retaliatory act" is "every act of retaliation" (a word of one stem), and "each
    *calendar* month" or "any *single* month" is every month (``_NOT_RESTRICTING``)."""
    said = _stems_said(claim)
    return any(
        unit[j].key[:STEM_LETTERS] not in said and unit[j].word not in _NOT_RESTRICTING
        for j in _front(unit, u)
    )


def _stems_said(claim: tuple[Token, ...]) -> set[str]:
    """The stems (``STEM_LETTERS`` letters of each key) of the claim's content words: a word the
    claim says "in any form of its stem"."""
    return {t.key[:STEM_LETTERS] for t in claim if t.is_content}


# Words in front of a thing that pick out none of its kind: how a period is counted ("each
# calendar month") and emphasis ("in any single month", "on any given day").
_NOT_RESTRICTING = COUNTING_WORDS | {"single", "given"}


_KINDS = frozenset({"kind", "kinds", "sort", "sorts", "type", "types", "nature", "description"})


def _kind_of(claim: tuple[Token, ...], i: int) -> int | None:
    """The thing "any" stands for in "<thing> of any kind" ("a remedy of any kind" is "any
    remedy"): the content word in front of "of", or None when ``i`` is not such an "any"."""
    if i < 2 or i + 1 >= len(claim) or claim[i - 1].word != "of":
        return None
    if claim[i + 1].word not in _KINDS or not claim[i - 2].is_content:
        return None
    return i - 2


def restriction_cut_off(alignment: Alignment) -> bool:
    """Whether the claim ends its quote on a word the passage restricts right behind it
    ("for purposes of profiling" where the passage goes on "profiling in furtherance of
    decisions that produce legal ... effects"), keeping none of the restriction's words: the
    claim states the rule for everything the word names."""
    if not alignment.pairs:
        return False
    used = {p for _, p in alignment.pairs}
    _, u = max(alignment.pairs)  # the pair of the claim's last quoted word
    if any(p > u for p in used):
        return False  # the claim quotes what follows ("... in any of the following cases: 1.
        # When the tenant continues in possession ..."): its quote does not end there
    if not _restricted_behind(alignment.unit, u, used):
        return False
    # A contiguous fragment of the passage is a quote, and support.
    unit = alignment.unit
    return any(k not in used and unit[k].is_content for k in range(min(used), max(used)))


def _head(claim: tuple[Token, ...], start: int) -> int | None:
    """The last word of the noun phrase from ``start``, over coordinated words ("website or
    online service" ends at "service"), or None when no content word follows."""
    j = start
    while j < len(claim) and not claim[j].is_content:
        if claim[j].word in _PHRASE_ENDS:
            return None
        j += 1
    if j == len(claim):
        return None
    while True:
        if j + 1 < len(claim) and claim[j + 1].is_content:
            j += 1
        elif j + 2 < len(claim) and claim[j + 1].word in _COORDINATORS and claim[j + 2].is_content:
            j += 2
        else:
            return j


def _restricted_behind(
    unit: tuple[Token, ...], u: int, used: set[int], more: frozenset[str] = frozenset()
) -> bool:
    """Whether the passage's word at ``u`` is followed by a restriction (a relative clause, a
    "with" / "in" phrase, a participle, and the words in ``more``: "of" and "from" for a thing
    the claim says "any" of, "the purposes of permitting access ...", "a tenancy from month to
    month") up to the next quoted word or the
    phrase's end, with a content word and none of its words quoted."""
    opener = u + 1
    if opener >= len(unit) or _verb_behind(unit, u):
        return False
    word = unit[opener]
    if (
        word.word not in _RESTRICTIVES
        and word.word not in more
        and not (word.is_content and word.word.endswith(("ed", "ing")))
    ):
        return False
    stop = min((p for p in used if p > u), default=len(unit))
    k = opener
    while k < stop and unit[k].word not in _PHRASE_ENDS:
        if unit[k].is_content:
            return True
        k += 1
    return False


def _verb_behind(unit: tuple[Token, ...], u: int) -> bool:
    """Whether the word at ``u`` is a verb by what stands in front of it ("is deposited", "may
    collect", "to file"): what follows a verb ("deposited in the mail") says where or how, it
    does not restrict a thing."""
    if u == 0:
        return False
    before = unit[u - 1]
    return before.kind == MODAL or before.word in _AUXILIARIES


def alternative_added(alignment: Alignment) -> bool:
    """Whether the claim offers, with "or", an alternative to a word of the passage that the
    passage's aligned sentences never use ("residential or commercial" for "residential",
    "written or oral" for "written", "the sale of personal data, or fraud prevention" for "...,
    or profiling"): a case the rule does not cover. The aligner pairs every claim word its
    sentences use (``citenexus.judges.align``), so of the two words around the "or" (past a
    comma, determiners and prepositions) one paired and one not is exactly that, unless the
    unpaired one is another form of a word the passage uses there ("deliver personally or send"
    for "by personal delivery or by first-class mail": ``_variant_in``). "And" is not read: it
    as often joins two predicates ("is marked on the outside and logged in the records", the
    second in other words) as two things."""
    claim = alignment.claim
    paired = {c for c, _ in alignment.pairs}
    for i, token in enumerate(claim):
        if token.word != "or":
            continue
        before, after = _word_before(claim, i), _word_after(claim, i)
        if before is None and after in paired and i and _preposition_added(alignment, claim[i - 1]):
            return True  # "whether during or outside working hours" for "outside working hours"
        if before is None or after is None or (before in paired) == (after in paired):
            continue
        loose = after if before in paired else before
        if _takes_object(claim, after) or _takes_object(claim, loose):
            continue  # a second predicate ("..., or treat the breach as ..."), not a thing
        if _variant_in(alignment, claim[loose].word):
            continue
        return True
    return False


def _preposition_added(alignment: Alignment, token: Token) -> bool:
    """Whether the claim's word right in front of an "or" is a preposition the aligned sentences
    never use: "during or outside working hours" offers "during" as a case of its own where
    the passage says "outside working hours"."""
    lo, hi = alignment.region
    offered = {alignment.unit[q].word for q in range(lo, hi)}
    return token.word in _OR_ALTERNATIVES and token.word not in offered


# Prepositions that are a case of their own when joined by "or" ("during or outside", "on or
# before", "inside or outside").
_OR_ALTERNATIVES = frozenset(
    {"during", "outside", "inside", "before", "after", "within", "beyond", "on", "off", "in"}
)

# Stepped over between "or" and the words it joins: "data, or fraud prevention", "an
# association or a political party"; a preposition only where it repeats the one in front of
# the other word ("by email or by text message").
_OR_DETERMINERS = frozenset({"a", "an", "the", "any", "each", "every", "other"})
_OR_PREPOSITIONS = frozenset({"by", "in", "at", "on", "for", "to", "from", "with", "of"})
# A word followed by one of these has an object: "or make it less available", "or limit the
# availability": a second predicate, not a second thing.
_OBJECTS = _OR_DETERMINERS | {"it", "its", "them", "their", "his", "her", "this", "that", "these"}


def _word_before(tokens: tuple[Token, ...], i: int) -> int | None:
    """The content word in front of "or" at ``i`` (past a comma and determiners), or None."""
    k = i - 1
    if k >= 0 and tokens[k].word == ",":
        k -= 1
    while k >= 0 and tokens[k].word in _OR_DETERMINERS:
        k -= 1
    return k if k >= 0 and tokens[k].is_content else None


def _word_after(tokens: tuple[Token, ...], i: int) -> int | None:
    """The content word behind "or" at ``i`` (past determiners, and past a preposition that
    repeats the one in front of the word before the "or"), or None."""
    k = i + 1
    if k < len(tokens) and tokens[k].word in _OR_PREPOSITIONS:
        before = _word_before(tokens, i)
        if not before or tokens[before - 1].word != tokens[k].word:
            return None
        k += 1
    while k < len(tokens) and tokens[k].word in _OR_DETERMINERS:
        k += 1
    return k if k < len(tokens) and tokens[k].is_content else None


def _takes_object(tokens: tuple[Token, ...], k: int) -> bool:
    """Whether the word at ``k`` is followed by a determiner or pronoun (a verb with its object)."""
    return k + 1 < len(tokens) and tokens[k + 1].word in _OBJECTS


_VARIANT_PREFIX = 5  # letters two forms of one word share at least ("personal", "personally")


def _variant_in(alignment: Alignment, word: str) -> bool:
    """Whether the passage's aligned sentences use another form of ``word``: one starting with
    the same letters for all but the last one of the shorter of the two, and at least
    ``_VARIANT_PREFIX`` of them ("personally" / "personal", "delivering" / "delivery"; not
    "personnel" / "personal")."""
    lo, hi = alignment.region
    for k in range(lo, hi):
        other = alignment.unit[k].word
        if not alignment.unit[k].is_content or other == word:
            continue
        shared = len(os.path.commonprefix([word, other]))
        if shared >= _VARIANT_PREFIX and shared >= min(len(word), len(other)) - 1:
            return True
    return False


# Words that make a rule take effect at once; a passage that times its rule with one of them,
# or "without (unreasonable) delay" / "as soon as", is not read.
TIMING = frozenset({"immediately", "promptly", "forthwith", "instantly"})
_TIMED = TIMING | {"delay", "soon"}


def timing_added(alignment: Alignment) -> bool:
    """Whether the claim makes the rule take effect at once ("*Immediately* after either party
    gives notice, ...") where the passage's aligned sentences set no such time ("*Within a
    reasonable time* after either party gives notice, ..."): the claim binds sooner than the
    passage does."""
    if not any(token.word in TIMING for token in alignment.claim):
        return False
    lo, hi = alignment.region
    return not any(alignment.unit[k].word in _TIMED for k in range(lo, hi))


def clause_verb_qualified(alignment: Alignment) -> bool:
    """Whether the claim keeps a relative clause of the passage but drops the words the passage
    puts in front of the clause's first kept word: "a controller that violates this chapter" for
    "a controller that *continues to* violate this chapter", "who fails" for "who *knowingly*
    fails". Both texts open the clause with the same relative word right behind the same word;
    the claim goes straight on to a word of the passage's clause, and the passage has a content
    word before it that the claim does not quote. (A claim that adds such a word narrows the
    rule and is not read; nor is one that puts a word of its own there, "that *it* covers" for
    "that *the assessment* covers".)"""
    paired = dict(alignment.pairs)
    used = set(paired.values())
    claim, unit = alignment.claim, alignment.unit
    for i, token in enumerate(claim):
        if token.word not in _RELATIVES or i - 1 not in paired or i + 1 not in paired:
            continue
        opener = paired[i - 1] + 1
        if opener >= len(unit) or unit[opener].word != token.word:
            continue
        first = paired[i + 1]
        if any(unit[k].is_content and k not in used for k in range(opener + 1, first)):
            return True
    return False


_RELATIVES = frozenset({"that", "who", "which"})


def possessor_named(alignment: Alignment) -> bool:
    """Whether the claim names the owner where the passage names what is owned: the passage's
    "a known child's parent or lawful guardian" quoted as "a known child", the owned word
    ("parent") nowhere in the claim. The claim puts another party in the rule."""
    claim, unit = alignment.claim, alignment.unit
    owners = [
        u
        for c, u in alignment.pairs
        if unit[u].word.endswith("'s") and not claim[c].word.endswith("'s")
    ]
    if not owners:
        return False
    said = {t.key for t in claim if t.is_content}
    used = {u for _, u in alignment.pairs}
    return any(
        u + 1 < len(unit)
        and unit[u + 1].is_content
        and u + 1 not in used
        and unit[u + 1].key not in said
        for u in owners
    )

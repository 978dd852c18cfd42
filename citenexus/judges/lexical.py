"""The lexical judge: the claim's words are the passage's words, in the passage's roles.

Coverage alone is not support, and low coverage is not proof against it: a faithful paraphrase
uses other words. So lexical speaks only where its words let it tell (docs/design.md#the-judges):

- below ``lexical_decline_coverage`` of the claim's content words in the aligned span, the
  passage does not say what the claim says: neutral;
- a claim that states the rule for more cases or for another party than the passage ("for
  whatever reason", "any" of a thing the passage restricts, a quote stopped before the
  passage's restriction, an alternative the passage never names, the owner for what is owned:
  ``citenexus.judges.generality``) is neutral at any coverage;
- a claim that quantifies a condition the other way ("if any ..." for "if every ...":
  ``quantifier_changed``; also in a "who" clause behind the rule's subject, where "a" asks for
  one case as "any" does: ``_relative_quantifier_changed``), quotes a condition without one of
  the parts it joins with "and" (``dropped_conjunct``), or makes a condition of what "whether
  or not" says does not matter (``either_way_narrowed``) is neutral at any coverage;
- a claim whose subject is nowhere in the passage's sentences (a rule about someone the passage
  does not name, even when a heading holds the word; for a claim stated without a modal, the
  subject in front of a verb the passage gives another subject: ``_plain_subject_missing``),
  or that names what the passage never names (``unnamed``: "Under Texas law, ..."), is neutral
  at any coverage; so is one that
  states plainly what the passage names only as left out (``excepted_quoted``: "residential
  premises" for "premises other than residential premises");
- a claim word whose generic opposite stands, unpaired, in the aligned sentences contradicts
  (``antonym_swapped``), unless one of the two is denied and the other is not ("is invalid" /
  "is not valid");
- from there up to ``lexical_min_coverage`` (the paraphrase zone) it cannot tell: it declines,
  and the other judges decide, unless the claim says more than the passage (``widened``), leaves
  out the condition of the sentence that holds most of its words (``dropped_condition`` read on
  that sentence alone: a reworded claim pairs stray words in the sentences around it), or its
  subject is another of the passage's parties (``subject_moved``, not for a passive): neutral;
- at or above ``lexical_min_coverage`` it rules, and says entails only when
- no two paired words swap sides of a third (``crossing``): "the landlord must pay the tenant"
  against "the tenant must pay the landlord", or "deposit 60 days, notice 30 days" against
  "deposit 30 days, notice 60 days". Moving a phrase as a block ("Within 21 days, the
  landlord ...") crosses nothing and is allowed, and so does moving a whole clause to the other
  side of the rest at a comma (``_clause_moved``: a fronted condition), or its clauses put in
  another order, each whole (``_clauses_permuted``);
- no paired word changes its role preposition ("from the tenant" / "to the tenant"), and the
  claim's subject is not, in the passage, the object of something (``subject_moved``; a claim
  stated with a copula, "A consumer is not required to ...", has a subject too);
- no two words trade roles, each paired where its own phrase stands (``slot_swapped``: "tell
  the attorney general that the consumer ..." for "tell the consumer that the consumer may
  contact the attorney general");
- no claim word stands in the slot of another of the passage's words (``substituted``): "a
  default by the landlord in the payment of rent" against "a default by the tenant ...", or,
  for the claim's first word, read from its right neighbour, "A tenant who fails to ..."
  against "An owner who fails to ..."; nor a modifier moved into the slot of another in front
  of the same word (``_modifier_swapped``: "monthly rent makes a week-to-week tenancy" for
  "weekly rent makes a week-to-week tenancy, monthly rent a month-to-month tenancy");
- the claim does not leave out the condition its sentence puts on the rule
  (``dropped_condition``), also behind a "when ..." clause, and also when it quotes only the
  parties of a case that opens the sentence ("When the landlord has told the tenant ..., the
  landlord may ..."); a contiguous fragment is support;
- the claim does not drop the adverb of manner from a condition it quotes
  (``condition_loosened``: "If a landlord withholds consent" for "If a landlord breaches a
  lease by unreasonably withholding consent");
- the claim does not set its rule a condition read from another sentence where the rule's own
  sentence sets one, unquoted (``condition_moved``), nor put a word of its own between two
  words the passage has side by side, outside its own case (``inserted``: "written consent"
  for "consent");
- every comparison the claim makes is made, in the same direction, in front of the same word
  of the passage: a reversed one ("at most" for "at least", "before" for "after") contradicts,
  one the passage does not make is neutral ("before" is made by a step the passage's sentence
  requires "without first" doing: ``_done_first``). A comparison reversed inside the claim's
  condition ("if ... for less than one year" against "if ... for one year or more") states the
  rule of another case, not the opposite of this one: neutral.

A claim in the passive voice ("... shall be given to the tenant by the landlord"), or a verb
passive in one text and active in the other (``voice_pair``: "are not included" / "do not
include"), moves its agent behind the verb, which the order and subject checks read as a
rearrangement; there they decline instead of saying neutral, and the negation and numeric judges
still speak. A passive both texts keep ("a signal, sent by a tool ...": ``_agent_kept``) is no
change of voice. The agent a passive keeps must be the subject of the passage's active verb
(``agent_swapped``: "The repair may be arranged by the landlord" against "The tenant may arrange
for the repair" is neutral). In the paraphrase zone a reversed comparison is neutral too.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from citenexus.domain.conflicts import party_stems
from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges.align import (
    Alignment,
    align,
    claim_predicate,
    content_run_before,
    governing_modal,
    offered_keys,
    sentence_end,
    sentence_of,
)
from citenexus.judges.generality import widened
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import (
    BOUNDARY,
    COMPARATOR,
    CONTENT,
    GE,
    LE,
    MODAL,
    NEGATOR,
    QUANTITY,
    STEM_LETTERS,
    Token,
    either_way,
    tokenize,
)
from citenexus.text.quantities import NUMBER
from citenexus.text.sentences import opens_sentence
from citenexus.text.stopwords import DETERMINERS, PREPOSITIONS, ROLE_PREPOSITIONS

_COORDINATORS = frozenset({"and", "or", "then"})
_RELATIVES = frozenset({"who", "that", "which"})

NAME = "lexical"


class LexicalJudge:
    """Coverage of the claim's content words, with order, role and comparison checks."""

    name = NAME

    def __init__(self, thresholds: JudgeThresholds | None = None) -> None:
        self.thresholds = thresholds or JudgeThresholds()

    def screen(self, claim: str, unit: Unit) -> Judgment | None:
        """A neutral verdict when ``unit`` cannot entail ``claim`` whatever the alignment, else None.

        Alignment coverage counts the claim's content words found in one window of the unit
        (or its heading and title); the whole unit bounds every window. Below
        ``lexical_decline_coverage`` even on the whole unit, lexical says neutral, so the unit
        cannot support the claim (support needs every verdict to be entails). The support matrix
        uses this to skip the full judges on units a claim does not cite.
        """
        wanted = [t.key for t in tokenize(claim) if t.is_content]
        if not wanted:
            return None  # judge() declines these; nothing to screen
        offered = offered_keys(unit.text) | offered_keys(f"{unit.heading} {unit.title}".strip())
        bound = sum(1 for key in wanted if key in offered) / len(wanted)
        if bound >= self.thresholds.lexical_decline_coverage:
            return None
        return Judgment(unit.key, NAME, Verdict.NEUTRAL, bound)

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        alignment = align_claim(claim, unit, self.thresholds)
        if alignment.content == 0:
            return None
        if unnamed(claim, alignment.claim, unit):
            return Judgment(unit.key, NAME, Verdict.NEUTRAL, alignment.coverage / 2, None)
        coverage = alignment.coverage
        verdict = lexical_verdict(alignment, self.thresholds)
        if verdict is None:
            return None
        score = 0.0 if verdict is Verdict.CONTRADICTS else coverage
        if verdict is Verdict.NEUTRAL and coverage >= self.thresholds.lexical_min_coverage:
            score = coverage / 2  # well covered but rearranged: report it as weak
        return Judgment(unit.key, NAME, verdict, score, alignment.span)


def unnamed(claim: str, tokens: tuple[Token, ...], unit: Unit) -> bool:
    """Whether the claim names something the passage never names: a capitalised word inside a
    sentence ("Under Texas law, ...", "the Colorado Privacy Act"), or opening one as a name
    ("Eastvale's wage code ...", "Marlow County operators ...": ``_name_at_opening``), that
    neither the passage nor its heading or title holds. A paraphrase rewords what a passage
    says, it does not bring in a name (a place, a statute, a body) of its own: the claim is
    about another thing, and the passage cannot tell whether the rule holds there
    (docs/design.md#the-judges)."""
    offered: frozenset[str] | None = None
    for token in tokens:
        if not token.is_content or not token.word.removesuffix("'s").isalpha():
            continue
        text = claim[token.start : token.end]
        if not text[:1].isupper():
            continue
        if opens_sentence(claim, token.start) and not _name_at_opening(claim, token):
            continue  # a sentence's or a quotation's first word is capitalised anyway
        if offered is None:
            offered = offered_keys(unit.text) | offered_keys(f"{unit.heading} {unit.title}")
        if not token.keys & offered:
            return True
    return False


# What shows a capitalised opening word to be a name all the same, besides the possessive
# ("Eastvale's wage code"): a capitalised word behind it ("Marlow County's food code",
# "Riverton County operators"). An opening common noun takes neither ("Employers must ...",
# "Payment of ...").
_NAME_GOES_ON = re.compile(r"\s+[A-Z][a-z]")


def _name_at_opening(claim: str, token: Token) -> bool:
    """Whether ``token``, the capitalised word opening a sentence of ``claim``, is a name: a
    possessive, or followed by another capitalised word (``_NAME_GOES_ON``)."""
    return token.word.endswith("'s") or _NAME_GOES_ON.match(claim, token.end) is not None


def align_claim(claim: str, unit: Unit, thresholds: JudgeThresholds) -> Alignment:
    """The claim aligned with the unit, the unit's heading and title counting as cover."""
    context = f"{unit.heading} {unit.title}".strip()
    return align(claim, unit.text, context, thresholds.align_max_sentences)


def lexical_verdict(alignment: Alignment, thresholds: JudgeThresholds) -> Verdict | None:
    """Entails, neutral, contradicts, or None to decline (rules in the module docstring)."""
    if alignment.coverage < thresholds.lexical_decline_coverage:
        return Verdict.NEUTRAL
    if antonym_swapped(alignment):
        return Verdict.CONTRADICTS
    if excepted_quoted(alignment):
        return Verdict.NEUTRAL
    if dropped_limit(alignment) or party_swapped(alignment) or order_reversed(alignment):
        return Verdict.NEUTRAL
    if quantifier_changed(alignment) or dropped_conjunct(alignment):
        return Verdict.NEUTRAL
    if either_way_narrowed(alignment):
        return Verdict.NEUTRAL
    if agent_swapped(alignment):
        return Verdict.NEUTRAL
    if subject_missing(alignment):
        return Verdict.NEUTRAL
    if alignment.coverage < thresholds.lexical_min_coverage:
        if widened(alignment):
            return Verdict.NEUTRAL
        if dropped_condition(alignment, densest=True):
            return Verdict.NEUTRAL
        if comparison_verdict(alignment) is Verdict.CONTRADICTS:
            return Verdict.NEUTRAL  # a comparison reversed: no support, too little to refute
        # Another party's duty, whatever the words; a passive moves its subject on purpose.
        moved = subject_moved(alignment) and not voice_changed(alignment)
        return Verdict.NEUTRAL if moved else None
    comparison = comparison_verdict(alignment)
    if comparison is Verdict.CONTRADICTS:
        return Verdict.CONTRADICTS
    if widened(alignment):
        return Verdict.NEUTRAL
    if (
        crossing(alignment)
        or role_changed(alignment)
        or subject_moved(alignment)
        or substituted(alignment)
        or slot_swapped(alignment)
    ):
        return None if voice_changed(alignment) else Verdict.NEUTRAL
    if comparison is Verdict.NEUTRAL or dropped_condition(alignment):
        return Verdict.NEUTRAL
    if inserted(alignment) or condition_moved(alignment):
        return Verdict.NEUTRAL
    if dropped_restriction(alignment) or condition_loosened(alignment):
        return Verdict.NEUTRAL
    return Verdict.ENTAILS


def _excepted_here(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the word stands right behind "other than" (past determiners): "premises *other
    than* residential premises" names what the rule leaves out."""
    k = index
    while k > 0 and tokens[k - 1].word in DETERMINERS:
        k -= 1
    return [t.word for t in tokens[max(k - 2, 0) : k]] == ["other", "than"]


def excepted_quoted(alignment: Alignment) -> bool:
    """Whether the claim states, plainly, what the passage names only as left out: "a tenancy
    of residential premises" for "a tenancy of any premises *other than* residential premises".
    A claim that leaves it out too ("other than residential premises") is not read."""
    return any(
        _excepted_here(alignment.unit, u) and not _excepted_here(alignment.claim, c)
        for c, u in alignment.pairs
    )


def condition_loosened(alignment: Alignment) -> bool:
    """Whether the claim quotes a condition of the passage but drops the adverb that qualifies
    a word it quotes there: "If a landlord withholds consent to a transfer, ..." for "If a
    landlord breaches a lease by *unreasonably* withholding consent to a transfer, ...". A
    condition without its manner ("unreasonably", "knowingly", "substantially") is met in more
    cases, so the claim states the rule for more cases than the passage does. Words left out
    elsewhere in a condition ("misuse *of the information*", "tenant *or resident*") are how a
    compression reads, and are not read."""
    paired = {u for _, u in alignment.pairs}
    unit = alignment.unit
    lo, hi = alignment.region
    for k in range(lo, hi):
        if unit[k].word not in _CONDITION_OPENERS:
            continue
        clause, _ = _clause(unit, k, hi - 1)
        if any(
            q not in paired and _adverb(unit[q].word) and _quoted_behind(unit, q, paired)
            for q in clause
        ):
            return True
    return False


def _quoted_behind(unit: tuple[Token, ...], q: int, paired: set[int]) -> bool:
    """Whether the word right behind ``q`` is quoted, or is a negative verb ("unreasonably
    *withholding* consent"), which is no content word to pair, with a quoted word behind it."""
    k = q + 1
    if k < len(unit) and unit[k].kind == NEGATOR and unit[k].word.isalpha():
        k += 1
    return k in paired


def _adverb(word: str) -> bool:
    """Whether a word reads as an adverb of manner ("unreasonably", "knowingly"): "-ly" on a
    stem of more than three letters ("only", "early", "apply" are not)."""
    return word.endswith("ly") and len(word) > 5 and word[-3] not in "aeiou"


# Generic English opposites (no field's words): a claim word whose opposite stands, unpaired,
# in the sentence it aligns to says the other thing ("whichever is higher" / "lower").
_OPPOSITES = {
    frozenset(pair)
    for pair in (
        ("higher", "lower"),
        ("greater", "lesser"),
        ("earlier", "later"),
        ("earliest", "latest"),
        ("first", "last"),
        ("minimum", "maximum"),
        ("increase", "decrease"),
        ("longer", "shorter"),
        ("valid", "void"),
        ("valid", "invalid"),
        ("permitted", "prohibited"),
        ("allowed", "prohibited"),
        ("required", "optional"),
        ("mandatory", "optional"),
        ("include", "exclude"),
        ("includes", "excludes"),
        ("public", "confidential"),
        ("larger", "smaller"),
        ("largest", "smallest"),
        ("highest", "lowest"),
        ("greatest", "least"),
        ("lawful", "unlawful"),
        ("enforceable", "unenforceable"),
        ("approved", "rejected"),
        ("approved", "denied"),
        ("granted", "denied"),
        ("accepted", "rejected"),
        ("easier", "harder"),
        ("easy", "hard"),
        ("inside", "outside"),
        ("within", "outside"),
    )
}


def antonym_swapped(alignment: Alignment) -> bool:
    """Whether a claim word left unpaired has its opposite, unpaired, in the aligned sentences;
    or whether the passage says a claim word's opposite exactly where the claim says the word
    (behind the same paired word and the same function words: "the attorney general is public"
    against "the attorney general is confidential and is exempt from public inspection", where
    "public" pairs with another use of the word). An opposite denied where the claim's word is
    not ("is not valid" / "is invalid"), or the other way round, says the same thing."""
    paired = dict(alignment.pairs)
    paired_unit = set(paired.values())
    lo, hi = alignment.region
    unit = alignment.unit
    offered = [k for k in range(lo, hi) if k not in paired_unit]
    previous: int | None = None  # the last paired content word of the claim so far
    for c, token in enumerate(alignment.claim):
        opposites = _opposites_of(token.word)
        if (
            c not in paired
            and opposites
            and any(
                unit[k].word in opposites
                and _denied_here(unit, k) == _denied_here(alignment.claim, c)
                for k in offered
            )
        ):
            return True
        if opposites and previous is not None:
            slot = _slot(alignment.claim, alignment.unit, previous, c, paired[previous])
            if (
                slot is not None
                and slot not in paired_unit
                and alignment.unit[slot].word in opposites
            ):
                return True
        if token.is_content and c in paired:
            previous = c
    return False


def _denied_here(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a negation stands right in front of the word, past a form of "be" ("is *not*
    valid", "*not* be valid")."""
    k = index - 1
    if k >= 0 and tokens[k].word in _BE:
        k -= 1
    return k >= 0 and tokens[k].kind == NEGATOR


# Built once at import, where no test could see a change to it (make mutation mutates only
# functions, and runs their tests after the import).
_OPPOSITES_BY_WORD: dict[str, frozenset[str]] = {
    word: frozenset().union(*(pair - {word} for pair in _OPPOSITES if word in pair))
    for pair in _OPPOSITES
    for word in pair
}
_NO_OPPOSITES: frozenset[str] = frozenset()


def _opposites_of(word: str) -> frozenset[str]:
    """The generic opposites of a word (none for an empty word): looked up, since it is asked
    for every token of every claim judged."""
    return _OPPOSITES_BY_WORD.get(word, _NO_OPPOSITES)


# Generic English words that limit how far a rule reaches: how often ("once"), to whom alone
# ("exclusive"). Not "only": "may claim only the amounts needed for X" still entails "may claim
# the amounts needed for X".
_LIMITS = frozenset({"once", "twice", "exclusive", "exclusively"})
# A claim saying "only" / "solely" states a limit of its own ("Only the attorney general may
# enforce" for "the attorney general has exclusive authority to enforce").
_OWN_LIMITS = _LIMITS | {"only", "solely", "sole"}


def party_swapped(alignment: Alignment) -> bool:
    """Whether the claim names a party where the passage names another: a party word of the
    claim (a generic one, "person", or one of the lane's vocabulary) paired away from the place
    its claim neighbours mark, where the passage has, between those neighbours in one sentence,
    another party, paired or not: left unpaired ("the address of the *tenant* who owes the
    rent" against "the address of the *person* to whom the rent is to be paid", the tenant named
    elsewhere), or paired with a word the claim names elsewhere, both texts naming both parties
    in swapped places ("the *seller* bears the burden" against "it is the *buyer* who must
    prove ... what the seller kept"). When the claim's next word was paired in a later
    sentence, the place runs to the end of the sentence holding the claim's previous word, if
    that sentence is one of the claim's home sentences.
    Read in the paraphrase zone too: whatever the other words, the rule is about someone else.
    A passive claim moves its agent on purpose and is not read here.
    """
    claim, unit = alignment.claim, alignment.unit
    if passive(claim):
        return False  # "shall be informed by the controller" moves its agent on purpose
    parties = party_stems()
    paired = dict(alignment.pairs)
    content = [c for c in range(len(claim)) if claim[c].is_content and c in paired]
    for index in range(1, len(content) - 1):
        c = content[index]
        if claim[c].key not in parties:
            continue
        left, right = paired[content[index - 1]], paired[content[index + 1]]
        if right <= left:
            continue
        sentence = sentence_of(unit, left)
        if sentence != sentence_of(unit, right):
            if sentence not in alignment.home:
                continue
            # The right neighbour was read further on: the slot runs to the sentence's end.
            right = sentence_end(unit, left)
        if left < paired[c] < right:
            continue
        for k in range(left + 1, right):
            other = unit[k]
            # Whatever it is paired with, a claim word it pairs stands outside the claim's place
            # (the claim's only word there is its own party, paired away from it).
            if other.is_content and other.key in parties and claim[c].key not in other.keys:
                return True
    return _unpaired_party_swapped(alignment, parties)


def _unpaired_party_swapped(alignment: Alignment, parties: frozenset[str]) -> bool:
    """Whether a party word of the claim that the passage's sentences never use stands where the
    passage, between the words paired on each side of it in one sentence, names another party
    the claim leaves unpaired: "a person who acquires the *tenant's* interest" for "a person who
    acquires the *landlord's* interest"."""
    claim, unit = alignment.claim, alignment.unit
    paired = dict(alignment.pairs)
    used = set(paired.values())
    content = [c for c in range(len(claim)) if claim[c].is_content]
    for index, c in enumerate(content):
        if c in paired or claim[c].key not in parties:
            continue
        left = next((paired[b] for b in reversed(content[:index]) if b in paired), None)
        right = next((paired[a] for a in content[index + 1 :] if a in paired), None)
        # (Paired out of order, right <= left, the stretch between them is empty.)
        if left is None or right is None or sentence_of(unit, left) != sentence_of(unit, right):
            continue
        if any(
            unit[k].is_content and unit[k].key in parties and k not in used
            for k in range(left + 1, right)
        ):
            return True
    return False


def inserted(alignment: Alignment) -> bool:
    """Whether the claim puts a word of its own between two words the passage has side by side
    ("the consumer's *written* consent" for "the consumer's consent"): a qualifier the passage
    does not state, which changes what the rule asks for. Not inside the claim's condition
    ("Once a member has paid *full* dues, ..."): a narrower case is still one the rule covers."""
    paired = dict(alignment.pairs)
    claim = alignment.claim
    content = [c for c in range(len(claim)) if claim[c].is_content]
    for i in range(1, len(content) - 1):
        left, middle, right = content[i - 1], content[i], content[i + 1]
        if middle in paired or left not in paired or right not in paired:
            continue
        if paired[right] == paired[left] + 1 and not _in_case(claim, middle):
            return True
    return False


def _in_case(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the token at ``index`` stands in a clause that sets a case ("if ...", "once
    ...", "when ..."), read back to the clause's start."""
    k = index - 1
    while k >= 0 and tokens[k].word not in _CLAUSE_ENDS:
        if tokens[k].word in _CONDITIONS or tokens[k].word in _LEADING_OPENERS:
            return True
        k -= 1
    return False


def condition_moved(alignment: Alignment) -> bool:
    """Whether the claim sets its rule a condition read from another sentence, where the
    sentence that states the rule sets it one of its own, unquoted: "is enforceable *if it was
    set before the tenancy began*" against "is enforceable only if the requirements of (d) are
    met. A court considers ... whether the charge was set before the tenancy began". The claim
    states the rule for the cases of another sentence's words, not for the passage's."""
    claim, unit = alignment.claim, alignment.unit
    opener = next((i for i, t in enumerate(claim) if t.word in _CONDITION_OPENERS), None)
    if opener is None:
        return False
    clause, end = _clause(claim, opener, len(claim) - 1)
    paired = dict(alignment.pairs)
    parties = party_stems()
    condition = [c for c in clause if c in paired and claim[c].key not in parties]
    if not condition or 2 * len(condition) < len(clause):
        return False  # the claim words its condition itself: not read here
    # The rule the condition is set on: the quoted word next to it (in front of a trailing
    # condition, behind a fronted one), not a party.
    rule = range(opener - 1, -1, -1) if opener else range(end, len(claim))
    word = next((c for c in rule if c in paired and claim[c].key not in parties), None)
    if word is None:
        return False
    sentence = sentence_of(unit, paired[word])
    if sentence in {sentence_of(unit, paired[c]) for c in condition}:
        return False
    used = set(paired.values())
    k = sentence
    while k < len(unit) and unit[k].word not in _SENTENCE_ENDS:
        if unit[k].word in _CONDITION_OPENERS:
            own, _ = _clause(unit, k, len(unit) - 1)
            if own and not used.intersection(own):
                return True
        k += 1
    return False


_RESTRICTIVES = frozenset({"that", "who", "whose", "whom", "which", "with"})


def dropped_restriction(alignment: Alignment) -> bool:
    """Whether the claim drops the restriction the passage puts on the rule's subject.

    A rule binds its subject only as far as the passage restricts it: "A controller *that sells
    personal data* shall disclose ...", "the owner of a building *with an elevator* may post
    ...". A claim whose subject runs straight into its modal, where the passage has between the
    same subject and the same verb a restrictive clause or phrase ("that", "who", "which",
    "with", no comma in front) none of whose words the claim keeps, states the rule of every
    such subject: a scope change. A claim that restricts its subject in its own words, or
    restates a word of the restriction elsewhere, is not read here.
    """
    predicate = claim_predicate(alignment.claim)
    if predicate is None:
        return False
    end = max(predicate.subject + predicate.of)
    if predicate.modal != end + 1:
        return False  # the claim restricts its subject itself
    paired = dict(alignment.pairs)
    if end not in paired or predicate.verb not in paired:
        return False
    unit = alignment.unit
    start, verb = paired[end], paired[predicate.verb]
    if not start + 1 < verb or unit[start + 1].word not in _RESTRICTIVES:
        return False
    if sentence_of(unit, start) != sentence_of(unit, verb):
        return False
    words = [k for k in range(start + 1, verb) if unit[k].is_content]
    if not words or set(paired.values()).intersection(words):
        return False
    # A restriction the claim restates elsewhere in its own words ("A tenant who intends to
    # terminate a tenancy shall give notice" read as "... notice before termination") is kept.
    said = [t.key for t in alignment.claim if t.is_content and len(t.key) >= STEM_LETTERS]
    return not any(
        len(unit[k].key) >= STEM_LETTERS
        and any(key[:STEM_LETTERS] == unit[k].key[:STEM_LETTERS] for key in said)
        for k in words
    )


def dropped_limit(alignment: Alignment) -> bool:
    """Whether the claim leaves out a limit the passage puts inside the words it quotes.

    A passage word that limits the rule ("may extend that period *once* by 45 days", "have
    *exclusive* authority to enforce"), standing between two of the claim's paired words in one
    sentence, is a scope the claim drops when the claim states no limit of its own: "may extend
    that period by 45 days as often as it likes", "consumers and the attorney general share the
    authority" say more than the passage. A bounded count is such a limit too, when the claim
    counts nothing: "notify *more than 1,000* Colorado residents" quoted as "notify Colorado
    residents". Also in the paraphrase zone, where lexical otherwise declines: a dropped limit
    is a scope change however the rest is worded.
    """
    if any(t.word in _OWN_LIMITS for t in alignment.claim):
        return False
    # A claim that counts nothing steps over the passage's bounded count of what it quotes; one
    # that states no value and no comparison at all, over any bound the passage sets.
    counted = not any(_is_count(t) for t in alignment.claim)
    bare = not any(t.kind in (QUANTITY, COMPARATOR) for t in alignment.claim)
    positions = sorted({u for _, u in alignment.pairs})
    paired = set(positions)
    unit = alignment.unit
    for left, right in zip(positions, positions[1:], strict=False):
        between = range(left + 1, right)
        if any(unit[k].word in _SENTENCE_ENDS for k in between):
            continue
        if any(unit[k].word in _LIMITS for k in between):
            return True
        if counted and any(_bounded_count(unit, k, paired) for k in between):
            return True
        if bare and any(_bound(unit, k) for k in between):
            return True
        if _qualified_alternative(unit, left, right):
            return True
    return _trailing_only(alignment, positions[-1]) if positions else False


# Words with which a claim says a thing does not matter, as "whether or not" does.
_EITHER_WAY = frozenset({"whether", "regardless", "irrespective", "even"})


def either_way_narrowed(alignment: Alignment) -> bool:
    """Whether the claim quotes what the passage says does not matter as if it did: "applies only
    to controllers that *meet the thresholds*" for "applies to any controller, *whether or not*
    the controller meets the thresholds". The claim quotes a word of the clause behind
    "whether or not" (a party word aside) and says with none of "whether", "regardless",
    "irrespective" or "even" that the thing is beside the point."""
    if any(t.word in _EITHER_WAY for t in alignment.claim):
        return False
    paired = {u for _, u in alignment.pairs}
    parties = party_stems()
    unit = alignment.unit
    inside = False  # in the clause behind a "whether or not"
    # Only the aligned sentences hold paired words, and a clause ends with its sentence.
    lo, hi = alignment.region
    for q in range(lo, hi):
        token = unit[q]
        if either_way(unit, q):
            inside = True
        elif token.word in _CLAUSE_ENDS or token.word in _SENTENCE_ENDS:
            inside = False
        elif inside and q in paired and token.key not in parties:
            return True
    return False


# In a condition, "any" and "some" ask for one case; "every", "all" and "each" for all of them.
_ONE = frozenset({"any", "some"})
_ALL = frozenset({"every", "all", "each"})


def quantifier_changed(alignment: Alignment) -> bool:
    """Whether a condition quantifies a word the other way in the claim than in the passage:
    "if *any* tenant or resident has resided there a year or more" for "if *every* tenant or
    resident has ...". In a condition "any" is met by one case and "every" only by all, so the
    claim states the rule of other cases. In a rule's own clause the two say the same ("any
    tenant may ..." / "every tenant may ..."), so only a word inside a condition, in either
    text, is read."""
    paired = dict(alignment.pairs)
    claim, unit = alignment.claim, alignment.unit
    for i, token in enumerate(claim):
        mine = _quantifier(token.word)
        if not mine:
            continue
        head = next((j for j in range(i + 1, len(claim)) if claim[j].is_content), None)
        if head is None or head not in paired:
            continue
        u = paired[head]
        # The word in front of the paired word's phrase (its modifiers stepped over).
        theirs = next((_quantifier(t.word) for t in reversed(unit[:u]) if not t.is_content), "")
        if theirs and theirs != mine and (in_condition(claim, i) or in_condition(unit, u)):
            return True
    return _relative_quantifier_changed(alignment)


def _relative_quantifier_changed(alignment: Alignment) -> bool:
    """Whether a relative clause that picks out the rule's subject ("A student *who withdraws
    from all courses* ...") quantifies a word the other way in the claim ("who withdraws from
    a course"). Such a clause sets the rule's case as a condition does, and there "a" asks,
    like "any", for one case."""
    paired = dict(alignment.pairs)
    claim, unit = alignment.claim, alignment.unit
    for c, u in paired.items():
        mine = _case_quantifier(claim, c)
        theirs = _case_quantifier(unit, u)
        if mine and theirs and mine != theirs:
            return True
    return False


def _case_quantifier(tokens: tuple[Token, ...], index: int) -> str:
    """How the word at ``index`` is quantified ("one" or "all") when it stands in a relative
    clause opened by "who" right after the word the clause restricts, else ""."""
    # At index 0 the word in front is the text's last, but no clause can open before the word,
    # so the walk below finds none.
    front = tokens[index - 1].word
    found = _quantifier(front) or ("one" if front in _INDEFINITES else "")
    if not found:
        return ""
    for k in range(index - 2, 0, -1):
        if tokens[k].word in _CLAUSE_ENDS:
            return ""
        if tokens[k].word == "who" and tokens[k - 1].is_content:
            return found
    return ""


_INDEFINITES = frozenset({"a", "an"})


def _quantifier(word: str) -> str:
    """ "one" for "any" or "some", "all" for "every", "all" or "each", else ""."""
    if word in _ONE:
        return "one"
    return "all" if word in _ALL else ""


# Adverbs that put the claim's act after (or before) another without naming it ("... and
# conduct the assessment afterward"), and the passage words that order two acts.
_ORDER_ADVERBS = {"afterward": GE, "afterwards": GE, "thereafter": GE, "subsequently": GE}
_ORDER_ADVERBS |= {"beforehand": LE, "previously": LE}
_ORDER_WORDS = {"before": LE, "prior to": LE, "after": GE}


def order_reversed(alignment: Alignment) -> bool:
    """Whether the claim orders its act with an adverb ("may begin the activity and conduct
    the assessment *afterward*") that the sentences holding most of its words order only the
    other way ("shall conduct an assessment *before* it begins"): the adverb has no word of
    its own to compare in front of, so the comparison checks never see it."""
    claimed = {_ORDER_ADVERBS[t.word] for t in alignment.claim if t.word in _ORDER_ADVERBS}
    if len(claimed) != 1:
        return False
    home = alignment.home
    unit = alignment.unit
    stated = {
        _ORDER_ADVERBS.get(t.word) or _ORDER_WORDS[t.word]
        for k, t in enumerate(unit)
        if (t.word in _ORDER_ADVERBS or t.word in _ORDER_WORDS) and sentence_of(unit, k) in home
    }
    return bool(stated) and not claimed <= stated


def _is_count(token: Token) -> bool:
    """Whether the token is a bare count ("1,000", "five"), not a duration, amount or date."""
    return token.kind == QUANTITY and token.norm.startswith(f"{NUMBER}=")


def _bounded_count(unit: tuple[Token, ...], k: int, paired: set[int]) -> bool:
    """Whether the passage token at ``k`` is a count with a bound on it, in front of a word the
    claim quotes ("more than 1,000 residents", "500 or more residents"): a limit on who or what
    the rule is about. A count of something the claim does not quote ("before 8 a.m.") limits
    another part of the sentence."""
    if not _is_count(unit[k]):
        return False
    counted = k + 1  # the word the count is of, behind a bound that follows it
    if counted < len(unit) and unit[counted].kind == COMPARATOR and unit[counted].post:
        counted += 1
    elif not (k > 0 and unit[k - 1].kind == COMPARATOR and not unit[k - 1].post):
        return False
    return counted in paired


def _bound(unit: tuple[Token, ...], k: int) -> bool:
    """Whether the passage token at ``k`` is a comparison in front of a value ("exceeding two
    months' rent", "more than $500"): a bound on the rule."""
    token = unit[k]
    if token.kind != COMPARATOR or token.post or k + 1 >= len(unit):
        return False
    return unit[k + 1].kind == QUANTITY


def _qualified_alternative(unit: tuple[Token, ...], left: int, right: int) -> bool:
    """Whether the claim steps from one quoted word to the next over an "or" that opens an
    alternative with a case of its own, which the claim drops: "... within three years after
    the date the violation occurred *or, for a series of related violations,* within three
    years after the date of the last violation": an "or" followed by a phrase set off by
    commas, none of it quoted, the first alternative left out too. The claim states the
    second alternative for every case. Picking an alternative with no case of its own ("by
    personal delivery or by first-class mail" as "by first-class mail") is not read here."""
    for o in range(left + 1, right - 1):
        if unit[o].word != "or" or unit[o + 1].word != ",":
            continue
        close = next((k for k in range(o + 2, right) if unit[k].word == ","), None)
        before = any(unit[k].is_content for k in range(left + 1, o))
        case = close is not None and any(unit[k].is_content for k in range(o + 2, close))
        if before and case:
            return True
    return False


def _trailing_only(alignment: Alignment, last: int) -> bool:
    """Whether the passage goes on, right behind the claim's last quoted word (``last``, the
    greatest paired index), with an "only ..." phrase none of whose words the claim keeps ("may
    require consent as a condition of employment *only for the purposes of* ...": the claim
    drops the restriction). "Only" in front of quoted words ("may claim only the amounts
    needed") restricts words the claim keeps, and is not read here; a claim saying "only" of
    its own never reaches here (``dropped_limit``)."""
    unit = alignment.unit
    k = last + 1
    if k >= len(unit) or unit[k].word != "only":
        return False
    # ``last`` is the last quoted word, so none of the words behind it is quoted.
    j = k + 1
    while j < len(unit) and unit[j].word not in _SENTENCE_ENDS:
        if unit[j].is_content:
            return True
        j += 1
    return False


_CONDITION_OPENERS = frozenset({"if", "unless", "provided"})
_CLAUSE_ENDS = frozenset({",", ".", ";", ":", "\n"})


def _densest(unit: tuple[Token, ...], positions: Sequence[int]) -> list[int]:
    """The positions that stand in the sentence holding most of them (the first such sentence
    on a tie)."""
    sentences: dict[int, list[int]] = {}
    for position in positions:
        sentences.setdefault(sentence_of(unit, position), []).append(position)
    return max(sentences.values(), key=len)


def dropped_condition(alignment: Alignment, densest: bool = False) -> bool:
    """Whether the claim leaves out the condition its sentence puts on the rule.

    A claim that states no condition of its own, aligned to a sentence that holds the rule only
    "if ..." / "unless ..." / "provided ...", in a clause none of whose words the claim kept,
    states the rule more widely than the passage does (a scope change, not a compression).
    With ``densest`` (the paraphrase zone, where a reworded claim also pairs stray words in the
    sentences around its own) only the sentence holding most of the claim's pairs is read: a
    condition of the next sentence is not this rule's. A party word paired in the condition
    ("if the buyer cancels", the claim naming the buyer elsewhere) quotes none of it: parties
    are in nearly every clause.
    """
    if any(t.word in _CONDITION_OPENERS or t.word == "only" for t in alignment.claim):
        return False
    # Words paired away from their neighbours (another use of the word) keep no clause.
    positions = sorted(u for c, u in alignment.pairs if _kept_in_order(alignment, c))
    if densest and positions:
        positions = _densest(alignment.unit, positions)
    if not positions:
        return False
    region_lo, region_hi = alignment.region
    unit = alignment.unit
    first, last = positions[0], positions[-1]
    start = first
    while start > region_lo and unit[start - 1].word not in _SENTENCE_ENDS:
        start -= 1
    end = last
    while end + 1 < region_hi and unit[end + 1].word not in _SENTENCE_ENDS:
        end += 1
    paired = set(positions)
    parties = party_stems()
    # The first word the claim quotes that is not a party: a party word paired inside an
    # opening condition ("When the landlord has told the tenant ..., the landlord may ...") may
    # stand for the same party in the rule, and quotes none of the condition.
    own = [u for u in positions if unit[u].key not in parties]
    for k in range(start, first):
        opens = unit[k].word in _LEADING_OPENERS and _opens(unit, start, k)
        if opens and _leads_in(unit, k, first, paired):
            return True
        if opens and own and _opening_clause_unquoted(unit, k, own[0], paired, parties):
            return True
    for k in range(start, end + 1):
        if unit[k].word not in _CONDITION_OPENERS:
            continue
        if k < first and _leads_in(unit, k, first, paired):
            return True
        clause, j = _clause(unit, k, end)
        # A party word is in nearly every clause: one paired there keeps no condition.
        if not clause or any(u in paired and unit[u].key not in parties for u in clause):
            continue
        if first < k < last:
            # A condition standing between the quoted words ("liable for actual damages and,
            # *if the landlord acted with malice*, for punitive damages ..."), none of its
            # clause quoted: the claim steps over it and states what follows for every case.
            return True
        # Only a condition on the claim's own predicate: one right behind the quoted words
        # ("... before the termination date if every tenant ..."), or one that opens the
        # sentence and leads straight into them ("If ..., the landlord shall ..."), not one of
        # a coordinated predicate ("... and may be charged only if ...").
        between = range(last + 1, k) if k > last else range(j, first)
        if not any(unit[b].is_content for b in between) or _behind_time_clause(unit, last, k):
            return True
    return False


def dropped_conjunct(alignment: Alignment) -> bool:
    """Whether the claim quotes a condition of the passage but leaves out one of the things it
    joins with "and": "If the tenant remains in possession after the term expires, the tenancy
    continues ..." for "If the tenant remains in possession after the term expires *and the
    landlord accepts rent*, ...". A condition met only when both are is met more often by one:
    the claim states the rule for more cases. ("Or" joins alternatives: quoting one of them
    states the rule for fewer cases, which the passage does say.) A party word paired in a
    part quotes none of it, as for ``dropped_condition``."""
    paired = {u for _, u in alignment.pairs}
    parties = party_stems()
    # The open condition's parts, split at "and": for each content word, whether it is quoted.
    parts: list[list[bool]] | None = None
    # Only the aligned sentences hold paired words, and a condition ends with its sentence.
    lo, hi = alignment.region
    for q in range(lo, hi):
        token = alignment.unit[q]
        if token.word in _CONDITION_OPENERS:
            parts = [[]]
        elif parts is None:
            continue
        elif token.word in _CLAUSE_ENDS or token.word in _SENTENCE_ENDS:
            if _part_left_out(parts):
                return True
            parts = None
        elif token.word == "and":
            parts.append([])
        elif token.is_content:
            parts[-1].append(q in paired and token.key not in parties)
    return parts is not None and _part_left_out(parts)


def _part_left_out(parts: list[list[bool]]) -> bool:
    """Whether some part of a condition has a quoted word and another, with words of its own,
    has none."""
    return any(any(part) for part in parts) and any(part and not any(part) for part in parts)


def _clause(unit: tuple[Token, ...], opener: int, end: int) -> tuple[list[int], int]:
    """The content words of the clause a condition opens at ``opener`` (up to a clause end, at
    most to ``end``), and the index where that clause stops."""
    clause = []
    j = opener + 1
    while j <= end and unit[j].word not in _CLAUSE_ENDS:
        if unit[j].is_content:
            clause.append(j)
        j += 1
    return clause, j


# A clause opening the sentence with one of these ("After a tenant has occupied the property for
# 12 months, the owner shall not ...", "When the owner ends a tenancy for a no-fault just cause,
# the owner shall ...") sets the case the rule holds in, as "if" does; inside a sentence they
# may only date the rule ("within 14 days after the tenant has vacated"), so only there.
_LEADING_OPENERS = frozenset({"when", "whenever", "where", "once", "after"})


def _opens(unit: tuple[Token, ...], start: int, k: int) -> bool:
    """Whether the token at ``k`` opens its sentence (behind a list number such as "(a)" at
    most)."""
    return all(
        not unit[j].is_content or (j > 0 and len(unit[j].word) <= 2 and unit[j - 1].word == "(")
        for j in range(start, k)
    )


def _leads_in(unit: tuple[Token, ...], opener: int, first: int, paired: set[int]) -> bool:
    """Whether a condition opening at ``opener`` runs, over commas of its own, up to the comma
    right in front of the quoted words ("If the increase, added to ..., is more than 10
    percent ..., the landlord shall give ..."), none of its words quoted."""
    k = first - 1
    while k > opener and unit[k].word in DETERMINERS:
        k -= 1
    if k <= opener or unit[k].word != ",":
        return False
    # No sentence end inside: the caller's opener stands in the quoted words' sentence.
    inside = range(opener + 1, k)
    return any(unit[j].is_content for j in inside) and not paired.intersection(inside)


def _opening_clause_unquoted(
    unit: tuple[Token, ...], opener: int, first: int, paired: set[int], parties: frozenset[str]
) -> bool:
    """Whether the clause that opens the sentence at ``opener`` and ends at the last comma in
    front of ``first`` (the first quoted word that is not a party) has words of its own and
    none quoted but party words: the claim states the rule that follows without its case, or
    without the part of its case in front of the words it quotes ("When the lender has told the
    borrower in writing, within 90 days, that the note is for sale, ..." quoted from "that the
    note is for sale" on states the rule for more cases too)."""
    commas = [k for k in range(opener + 1, first) if unit[k].word == ","]
    if not commas:
        return False
    inside = range(opener + 1, commas[-1])
    words = [j for j in inside if unit[j].is_content]
    return bool(words) and not any(j in paired and unit[j].key not in parties for j in words)


_TIME_OPENERS = frozenset({"when", "whenever"})


def _behind_time_clause(unit: tuple[Token, ...], last: int, opener: int) -> bool:
    """Whether the condition at ``opener`` follows the quoted words with only a "when ..." clause
    between ("deduct it from the rent when the rent next falls due, provided that ..."): both
    qualify the same predicate, so dropping both states the rule more widely."""
    if opener <= last + 1 or unit[last + 1].word not in _TIME_OPENERS:
        return False
    return all(
        unit[b].word not in _CLAUSE_ENDS or unit[b].word == "," for b in range(last + 1, opener)
    )


_SENTENCE_ENDS = frozenset({".", ";", "!", "?", "\n"})


def subject_missing(alignment: Alignment) -> bool:
    """Whether the claim's subject ("The tenant must repair ...") is nowhere in the passage: a
    paraphrase rewords what is done, but a rule about someone the passage never names is not
    its rule, however many other words they share. A pronoun in front of the passage's modal
    ("you can ask") names the subject too."""
    predicate = claim_predicate(alignment.claim)
    if predicate is None:
        return _plain_subject_missing(alignment)
    paired = dict(alignment.pairs)
    if any(c in paired for c in predicate.subject):
        return False
    # A passage that states the rule of a pronoun ("For an unfurnished place, you can ask for
    # ...") names its subject by the pronoun: the claim may name whom it stands for.
    verb = paired.get(predicate.verb)
    modal = governing_modal(alignment.unit, verb) if verb is not None else None
    head = modal - 1 if modal is not None else None
    return not (head is not None and head >= 0 and alignment.unit[head].word in _PRONOUNS)


_PRONOUNS = frozenset({"you", "we", "they", "he", "she", "it", "i", "one"})


def _plain_subject_missing(alignment: Alignment) -> bool:
    """Whether a claim stated without a modal ("Companies publish the list ...") opens with a
    subject the passage nowhere names in front of a verb the passage gives another subject
    ("Our office publishes the list ..."): the claim's first words are its subject and its
    verb, the verb is paired, and the word in front of the verb's pair is a content word (the
    passage's own subject) that the claim does not say."""
    claim, unit = alignment.claim, alignment.unit
    if any(token.kind == MODAL for token in claim):
        # "An enrolled voter in the County ... can ask": a modal the predicate reading did not
        # reach (a phrase stands between the subject and it); the second word is no verb.
        return False
    k = 0
    while k < len(claim) and claim[k].word in DETERMINERS:
        k += 1
    if k + 1 >= len(claim) or not (claim[k].is_content and claim[k + 1].is_content):
        return False
    paired = dict(alignment.pairs)
    verb = paired.get(k + 1)
    if k in paired or verb is None or verb == 0 or not unit[verb - 1].is_content:
        return False
    offered = {key for token in unit for key in token.keys}
    said = {token.key for token in claim if token.is_content}
    return claim[k].key not in offered and unit[verb - 1].key not in said


_BE = frozenset({"be", "been", "being", "is", "are", "was", "were"})


def passive(tokens: tuple[Token, ...]) -> bool:
    """Whether the claim names its agent behind a passive verb ("is held by the landlord")."""
    words = [t.word for t in tokens]
    return "by" in words and any(w in _BE for w in words[: words.index("by")])


def _agent_kept(alignment: Alignment) -> bool:
    """Whether every "by" the claim puts behind a verb stands behind the same verb in the
    passage ("a signal, *sent by* a tool ..." for "a signal, *sent by* a platform ..."): the
    claim keeps the passage's passive, it does not turn an active rule around."""
    paired = dict(alignment.pairs)
    unit = alignment.unit
    agents = [i for i, token in enumerate(alignment.claim) if token.word == "by"]
    return bool(agents) and all(
        i - 1 in paired and [t.word for t in unit[paired[i - 1] + 1 : paired[i - 1] + 2]] == ["by"]
        for i in agents
    )


def voice_changed(alignment: Alignment) -> bool:
    """Whether the claim is passive where the passage is not: it names its agent behind a
    passive verb, or puts its rule in the passive without one ("the applicant must be given a
    copy" for "the landlord shall give the applicant a copy"). Its subject is then not the
    passage's agent, which the order and subject checks cannot read. A claim passive where
    the passage is passive too ("may be charged once") is read as usual."""
    if (passive(alignment.claim) and not _agent_kept(alignment)) or voice_pair(
        alignment
    ) is not None:
        return True
    tokens = alignment.claim
    predicate = claim_predicate(tokens)
    if predicate is None or tokens[predicate.modal].kind != MODAL:
        return False
    k = predicate.modal
    words = [t.word for t in tokens]
    # The verb, a content word, stands behind the modal's auxiliaries: behind "be", k + 2 is a
    # word of the claim.
    if not (words[k + 1] == "be" and _participle(words[k + 2])):
        return False
    paired = dict(alignment.pairs)
    verb = paired.get(predicate.verb)
    # Unpaired ("given" for "give"), the verb's voice in the passage cannot be read: decline.
    return verb is None or alignment.unit[verb - 1].word not in _BE


def agent_swapped(alignment: Alignment) -> bool:
    """Whether a passive claim names as its agent someone other than the subject of the verb the
    passage puts in the active ("The repair may be arranged by the landlord" against "The
    tenant may arrange for the repair"; "may not be treated by the tenant" against "a landlord
    may not treat"). Voice changes are declined by the order and subject readings
    (``voice_changed``); the agent is what a passive keeps of the roles, so it is read here."""
    claim, unit = alignment.claim, alignment.unit
    paired = dict(alignment.pairs)
    for i, token in enumerate(claim):
        if token.word != "by" or i == 0 or i - 1 not in paired:
            continue
        verb = i - 1
        if not (_participle(claim[verb].word) and _behind_be(claim, verb)):
            continue
        agent = _skip_determiners_at(claim, i + 1)
        if agent is None or _behind_be(unit, paired[verb]):
            continue
        subject = _active_subject(unit, paired[verb])
        if not subject:
            continue
        if not any(claim[agent].keys & unit[k].keys for k in subject):
            return True
    return False


def _skip_determiners_at(tokens: tuple[Token, ...], k: int) -> int | None:
    """The first content word from ``k`` on, past determiners, or None."""
    while k < len(tokens) and tokens[k].word in DETERMINERS:
        k += 1
    return k if k < len(tokens) and tokens[k].is_content else None


def _active_subject(tokens: tuple[Token, ...], verb: int) -> list[int]:
    """The content words right in front of an active verb's modal ("The tenant may arrange":
    "tenant"), and, when a relative clause ends there, those in front of its "who" / "which"
    ("An inspector who finds a machine ... without lockout may issue": "inspector" as
    well as "lockout"); none when the verb has no modal right in front of it."""
    modal = governing_modal(tokens, verb)
    if modal is None:
        return []
    head = _relative_head(tokens, modal - 1)
    run = content_run_before(tokens, modal - 1)
    return run if head is None else run + content_run_before(tokens, head)


def _relative_head(tokens: tuple[Token, ...], k: int) -> int | None:
    """The word in front of the relative pronoun ("who", "which": a clause boundary; "that" is
    none, it may join a reported statement) that opens the clause ``k`` stands in ("An owner
    who intends to end a tenancy": from "tenancy", "owner"), or None when the clause opens
    otherwise."""
    while k >= 0 and tokens[k].kind != BOUNDARY:
        k -= 1
    return k - 1 if k > 0 and tokens[k].word in _RELATIVES else None


def voice_pair(alignment: Alignment) -> tuple[int, int] | None:
    """The first pair of words where one text has the verb as a passive participle ("are not
    included") and the other has it active ("do not include"): the one turned the other's
    object into its subject. None when there is no such pair."""
    claim, unit = alignment.claim, alignment.unit
    uses = Counter(u for _, u in alignment.pairs)
    for c, u in alignment.pairs:
        if uses[u] > 1:
            continue  # a passage word two claim words quote: which voice is the claim's?
        if _passive_against(claim, c, unit, u) or _passive_against(unit, u, claim, c):
            return c, u
    return None


def _passive_against(
    tokens: tuple[Token, ...], index: int, other: tuple[Token, ...], at: int
) -> bool:
    return (
        _participle(tokens[index].word)
        and _behind_be(tokens, index)
        and not _behind_be(other, at)
        and not other[at].word.endswith("ing")  # "before filing it" names the act
    )


def _behind_be(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether a form of "be" stands right in front of the word, a "not" between them or none."""
    k = index - 1
    if k >= 0 and tokens[k].word == "not":
        k -= 1
    return k >= 0 and tokens[k].word in _BE


_IRREGULAR_PARTICIPLES = frozenset(
    [
        "given",
        "made",
        "paid",
        "sent",
        "held",
        "kept",
        "told",
        "brought",
        "taken",
        "shown",
        "done",
        "known",
        "found",
        "put",
        "set",
    ]
)


def _participle(word: str) -> bool:
    return word.endswith("ed") or word in _IRREGULAR_PARTICIPLES


def crossing(alignment: Alignment) -> bool:
    """Whether two paired words sit on opposite sides of a third in claim and passage.

    For a pivot p, some word paired before p in the claim lies after p in the passage and
    some word paired after p in the claim lies before it. A clause moved whole to the other side
    of the rest (``_clause_moved``) is no crossing.
    """
    pairs = alignment.pairs
    positions = [u for _, u in pairs]
    norms = [alignment.claim[c].norm for c, _ in pairs]
    if not _crosses(positions, norms):
        return False
    # One word paired outside the sentences holding most of the claim ("*Once* a tenant has
    # ..." paired with the "once" of the next sentence) is another use of it, not a role.
    home = [k for k, (_, u) in enumerate(pairs) if sentence_of(alignment.unit, u) in alignment.home]
    if len(home) == len(pairs) - 1 and not _crosses(
        [positions[k] for k in home], [norms[k] for k in home]
    ):
        return False
    return not (_clause_moved(alignment, positions, norms) or _clauses_permuted(alignment))


def _crosses(positions: list[int], norms: list[str]) -> bool:
    for k in range(1, len(positions) - 1):
        pivot = positions[k]
        before = any(positions[a] > pivot and norms[a] != norms[k] for a in range(k))
        after = any(
            positions[b] < pivot and norms[b] != norms[k] for b in range(k + 1, len(positions))
        )
        if before and after:
            return True
    return False


def _clause_moved(alignment: Alignment, positions: list[int], norms: list[str]) -> bool:
    """Whether the claim moves a whole clause to the other side of the rest: "If it cannot
    authenticate a request ..., a controller is not required to comply with it" for "A
    controller is not required to comply with a request that it cannot authenticate ...". The
    claim's pairs fall into two runs at a comma, the second wholly in front of the first in the
    passage, with at least two words in each and no crossing inside either."""
    pairs = alignment.pairs
    for split in range(2, len(pairs) - 1):
        if min(positions[:split]) <= max(positions[split:]):
            continue
        gap = alignment.claim[pairs[split - 1][0] + 1 : pairs[split][0]]
        if not any(token.word == "," for token in gap):
            continue
        return not (
            _crosses(positions[:split], norms[:split]) or _crosses(positions[split:], norms[split:])
        )
    return False


# Words that open a clause of their own inside a sentence: a condition, a time, an exception.
_CLAUSE_OPENERS = frozenset(
    {"if", "unless", "when", "whenever", "where", "before", "after", "while", "provided"}
)


def _clauses_permuted(alignment: Alignment) -> bool:
    """Whether the claim puts the passage's clauses in another order, each kept whole: "Before
    processing ... again, a controller must refresh consent if the consumer has not interacted
    ..." for "If a consumer has not interacted ..., the controller shall refresh consent before
    processing ... again". The claim is cut at its commas and clause openers; no piece crosses
    inside (two words of a phrase may swap: "the claimed amount" for "the amount of the claim"),
    at least two pieces hold two paired words, and no piece's pairs fall among another's in the
    passage. A role swap ("the buyer pays the seller") stays inside one piece, so it still
    crosses."""
    claim = alignment.claim
    cuts = [i for i, t in enumerate(claim) if t.word in _CLAUSE_ENDS or t.word in _CLAUSE_OPENERS]
    # A passage word two claim words are paired with ("the consumer's sensitive data ... the
    # consumer's consent") is where one of them stands, not both: neither places its piece.
    uses = Counter(u for _, u in alignment.pairs)
    pairs = [(c, u) for c, u in alignment.pairs if uses[u] == 1]
    pieces: list[list[tuple[int, str]]] = [[] for _ in range(len(cuts) + 1)]
    for c, u in pairs:
        pieces[bisect_right(cuts, c)].append((u, claim[c].norm))
    # At least two clauses of two words; a lone word between two cuts ("after the date") must
    # not fall inside another piece either.
    if sum(1 for piece in pieces if len(piece) >= 2) < 2:
        return False
    spans = []
    for piece in pieces:
        positions = [u for u, _ in piece]
        if not positions:
            continue
        if _crosses(positions, [n for _, n in piece]):
            break  # placed by the claim's pairing, a piece crosses: place the pieces anew
        spans.append((min(positions), max(positions)))
    else:
        if _disjoint(spans):
            return True
    placed = _placed(alignment, cuts)
    return placed is not None and _disjoint(placed)


def _disjoint(spans: list[tuple[int, int]]) -> bool:
    """Whether no two of the token spans touch or overlap."""
    spans = sorted(spans)
    return all(left[1] < right[0] for left, right in zip(spans, spans[1:], strict=False))


def _placed(alignment: Alignment, cuts: list[int]) -> list[tuple[int, int]] | None:
    """Each claim piece's words (its paired words, between two ``cuts``) placed on their own:
    the narrowest stretch of the aligned sentences that holds them all in the piece's order,
    or None when one piece's words are not there in order, or when no word stands in two
    pieces.

    A claim that repeats a word in two clauses ("Unless it is necessary to provide a good or
    service, a controller may not refuse that good or service") quotes each clause's own use
    of it; the pairing of the whole claim gives both to one clause, and reads a crossing."""
    claim, unit = alignment.claim, alignment.unit
    lo, hi = alignment.region
    pieces: list[list[str]] = [[] for _ in range(len(cuts) + 1)]
    for c, _ in alignment.pairs:
        pieces[bisect_right(cuts, c)].append(claim[c].key)
    keys = [key for piece in pieces for key in set(piece)]
    if len(set(keys)) == len(keys):
        return None  # no word in two clauses: the claim's pairing placed every word already
    spans = []
    for piece in pieces:
        if not piece:
            continue
        span = _narrowest(piece, unit, lo, hi)
        if span is None:
            return None
        spans.append(span)
    return spans


def _narrowest(
    keys: list[str], unit: tuple[Token, ...], lo: int, hi: int
) -> tuple[int, int] | None:
    """The narrowest token span of ``unit[lo:hi]`` holding ``keys`` in order, or None."""
    best: tuple[int, int] | None = None
    for start in range(lo, hi):
        if keys[0] not in unit[start].keys:
            continue
        k, end = 1, start
        for q in range(start + 1, hi):
            if k == len(keys):
                break
            if keys[k] in unit[q].keys:
                k, end = k + 1, q
        if k == len(keys) and (best is None or end - start < best[1] - best[0]):
            best = (start, end)
    return best


def substituted(alignment: Alignment) -> bool:
    """Whether the claim puts one of the passage's words into the slot of another.

    A claim word paired outside the place its neighbours mark in the passage, where the passage
    has, between the same function words, a content word the claim left out: "a default by the
    landlord in the payment of rent" against "a default by the tenant in the payment of rent"
    (the landlord is named elsewhere in the passage), or "given on the date it is received"
    against "given on the date it is deposited in the mail" (the passage receives notices
    elsewhere). The words on each side of the slot must be the same in both texts, so a phrase
    moved as a block (a reordering) is not a substitution.
    """
    claim, unit = alignment.claim, alignment.unit
    paired = dict(alignment.pairs)
    used = set(paired.values())
    content = [c for c in range(len(claim)) if claim[c].is_content and c in paired]
    if len(content) > 1 and _first_substituted(alignment, content[0], content[1], used):
        return True
    for index, c in enumerate(content):
        if index == 0:
            continue
        before = content[index - 1]
        after = content[index + 1] if index + 1 < len(content) else None
        left = paired[before]
        right = paired[after] if after is not None else None
        if right is not None and right <= left:
            continue  # the neighbours are not in order: crossing reads that
        if left < paired[c] and (right is None or paired[c] < right):
            continue  # paired where its neighbours put it
        if right is not None and after == c + 1 and _modifier_swapped(claim, unit, c, right, used):
            return True  # "*monthly* rent makes ..." for "*weekly* rent makes ..., monthly rent"
        slot = _slot(claim, unit, before, c, left)
        if slot is None or slot in used or claim[c].key in unit[slot].keys:
            continue
        if after is None or _frame(claim, c, after) == _frame(unit, slot, right or slot):
            return True
    return False


def _modifier_swapped(
    claim: tuple[Token, ...], unit: tuple[Token, ...], c: int, right: int, used: set[int]
) -> bool:
    """Whether the passage puts, right in front of the word the claim's ``c`` stands in front
    of, another content word the claim does not quote: the claim moved a modifier from
    elsewhere into that word's slot ("monthly rent makes a week-to-week tenancy" for "weekly
    rent makes a week-to-week tenancy, monthly rent a month-to-month tenancy")."""
    slot = right - 1  # ``right`` is a paired word behind a paired neighbour: never 0
    return slot not in used and unit[slot].is_content and claim[c].key not in unit[slot].keys


def slot_swapped(alignment: Alignment) -> bool:
    """Whether the claim puts a word where the passage has another that the claim names
    elsewhere: "it shall tell *the attorney general* that the consumer has concerns" for "it
    shall tell *the consumer* that the consumer may contact the attorney general", or "the
    risks to the rights of *the controller*" for "the risks to the rights of *the consumer*, as
    mitigated by ... the controller". Right behind a word both texts pair, behind the same
    function words, the passage's word is left unpaired while the claim uses it in another
    place: the two have traded roles, though each is paired where its own phrase stands
    (``substituted`` reads a word paired out of its place)."""
    claim, unit = alignment.claim, alignment.unit
    paired = dict(alignment.pairs)
    used = set(paired.values())
    keys = {claim[c].key for c in paired}
    content = [c for c in range(len(claim)) if claim[c].is_content and c in paired]
    for before, c in zip(content, content[1:], strict=False):
        if not _frame(claim, before, c):
            continue  # a modifier of the claim's own ("written notice"), no slot of a role
        slot = _slot(claim, unit, before, c, paired[before])
        if slot is None or slot in used or claim[c].key in unit[slot].keys:
            continue
        if slot < paired[c] and all(unit[q].is_content for q in range(slot, paired[c])):
            continue  # a modifier of the word the claim pairs ("the security breach"), dropped
        if unit[slot].key in keys and unit[slot].key not in unit[paired[c]].keys:
            return True
    return False


def _first_substituted(alignment: Alignment, first: int, after: int, used: set[int]) -> bool:
    """Whether the claim's first paired word stands in the slot of another word of the passage,
    read from its right neighbour: "A *tenant* who fails to make the payment ..." against "An
    *owner* who fails to make the payment ..." (the tenant is named elsewhere in the passage).
    The words between the slot and the neighbour must be the same function words in both texts,
    and there must be some: a claim word right in front of its neighbour may be a modifier of
    the claim's own."""
    claim, unit = alignment.claim, alignment.unit
    paired = dict(alignment.pairs)
    frame = _frame(claim, first, after)
    right = paired[after]
    k = right - 1 - len(frame)
    if not frame or k < 0 or not unit[k].is_content or _frame(unit, k, right) != frame:
        return False
    if k in used or claim[first].key in unit[k].keys:
        return False
    # Paired in front of the slot, in its sentence, the word is where the claim says it is
    # ("A landlord generally cannot charge" for "A landlord cannot charge").
    where = paired[first]
    return where > right or sentence_of(unit, where) != sentence_of(unit, k)


def _slot(
    claim: tuple[Token, ...], unit: tuple[Token, ...], before: int, c: int, left: int
) -> int | None:
    """The passage's content word standing after ``left`` behind the same function words as
    the claim word ``c`` stands behind its neighbour ``before``; None when there is none."""
    frame = _frame(claim, before, c)
    k = left + 1 + len(frame)
    if k >= len(unit) or not unit[k].is_content:
        return None
    return k if _frame(unit, left, k) == frame else None


def _frame(tokens: tuple[Token, ...], start: int, end: int) -> tuple[str, ...]:
    """The words strictly between two tokens."""
    return tuple(t.word for t in tokens[start + 1 : end])


def role_changed(alignment: Alignment) -> bool:
    """Whether a paired word carries a different role preposition in claim and passage."""
    for c, u in alignment.pairs:
        claim_role = _role_of(alignment.claim, c)
        unit_role = _role_of(alignment.unit, u)
        if claim_role and unit_role and claim_role != unit_role:
            return True
    return False


def subject_moved(alignment: Alignment) -> bool:
    """Whether the claim's subject is not, in the passage, the subject of the claim's verb.

    For a claim that opens "<subject> <modal> <verb>": each subject word must stand in the
    passage where a subject stands (at a clause start or after "and"/"or", not after a
    preposition, verb or modal: "... may not exceed five percent of the monthly rent" does not
    make "the monthly rent" a subject), and the words of its "of" phrase must follow "of" there
    too ("notice of the fee increase" is not "notice of the hearing ... any fee increase"); and
    when the passage's verb has its own modal, the
    subject in front of that modal must be the claim's ("the buyer may rescind" does not let
    the seller rescind). The claim's subject right in front of the passage's verb is its
    subject unless a preposition stands in front of it ("a provider that keeps data on behalf
    of a covered entity shall notify" does not make the entity notify).
    """
    predicate = claim_predicate(alignment.claim)
    if predicate is None:
        return False
    paired = dict(alignment.pairs)
    kept = {paired[c] for c in predicate.subject if c in paired}
    of = {paired[c] for c in predicate.of if c in paired}
    head = (
        _head_of_verb(alignment.unit, paired[predicate.verb]) if predicate.verb in paired else None
    )
    if head in kept:
        # "the ... renewal is due": the claim's subject right in front of its verb, unless it
        # stands inside the relative clause of another subject the claim names elsewhere
        return _relative_subject_named(alignment, head, kept, set(predicate.subject))
    if any(not _subject_like(alignment.unit, u, kept) for u in kept):
        return True
    if any(not _after_of(alignment.unit, u, of) for u in of):
        return True
    kept |= of
    if predicate.verb not in paired or not kept:
        return False
    verb_sentence = sentence_of(alignment.unit, paired[predicate.verb])
    if sum(1 for u in paired.values() if sentence_of(alignment.unit, u) == verb_sentence) == 1:
        # "The notice must give the date" against "The notice shall state the date", a lone
        # "give" standing in the sentence before: the passage says the verb in other words,
        # and that sentence's subject is not this one's.
        return False
    modal = governing_modal(alignment.unit, paired[predicate.verb])
    if modal is None:
        return False
    # "An owner who intends to end a tenancy shall give": the owner gives.
    relative = _relative_head(alignment.unit, modal - 1)
    head = modal - 1 if relative is None else relative
    if head < 0 or not alignment.unit[head].is_content or head in kept:
        return False
    run = set(content_run_before(alignment.unit, head))
    if kept & run:
        return False
    # The same word standing again in front of the modal is the claim's subject said twice ("If
    # a court finds ..., the court may award" for "A court that finds ... may award").
    named = {alignment.claim[c].key for c in predicate.subject if c in paired}
    if any(named & alignment.unit[k].keys for k in run):
        return False
    return _subject_like(alignment.unit, head, run)


_VERB_CHAIN = frozenset({"not", "be", "been", "is", "are", "was", "were", "to", "also", "only"})


def _head_of_verb(tokens: tuple[Token, ...], verb: int) -> int | None:
    """The word in front of a verb's modal or copula ("renewal" in "the renewal is due"), or
    None when the verb has neither."""
    k = verb - 1
    while k >= 0 and (tokens[k].kind == MODAL or tokens[k].word in _VERB_CHAIN):
        k -= 1
    return k if 0 <= k < verb - 1 else None


def _subject_like(tokens: tuple[Token, ...], index: int, phrase: set[int]) -> bool:
    k = index - 1
    while k >= 0 and (tokens[k].word in DETERMINERS or k in phrase):
        k -= 1
    if k < 0:
        return True
    before = tokens[k]
    return before.kind == BOUNDARY or before.word in _COORDINATORS or _enumerator(tokens, k)


def _enumerator(tokens: tuple[Token, ...], k: int) -> bool:
    """Whether the token at ``k`` numbers a list item ("(1) The tenant may ..."): a bare number
    right after an opening bracket, which starts a clause like a boundary ("1." and "(a)" end
    in a boundary of their own)."""
    token = tokens[k]
    return token.norm.startswith(f"{NUMBER}=") and k > 0 and tokens[k - 1].word == "("


def _relative_subject_named(
    alignment: Alignment, head: int, kept: set[int], subject: set[int]
) -> bool:
    """Whether the words in front of the passage's verb stand behind a preposition inside a
    relative clause ("a provider that keeps data on behalf of a covered entity shall notify")
    whose own subject, the words in front of "that" / "who" / "which", the claim names outside
    its subject ("a covered entity must notify its provider"): the claim swaps the two."""
    tokens = alignment.unit
    k = head - 1
    while k >= 0 and (tokens[k].word in DETERMINERS or k in kept):
        k -= 1
    if k < 0 or tokens[k].word not in PREPOSITIONS:
        return False
    while k >= 0 and tokens[k].word not in _RELATIVES:
        if tokens[k].kind == BOUNDARY or tokens[k].kind == MODAL:
            return False
        k -= 1
    named = {u: c for c, u in alignment.pairs}
    k -= 1
    while k >= 0 and tokens[k].is_content:
        if k in named and named[k] not in subject:
            return True
        k -= 1
    return False


def _after_of(tokens: tuple[Token, ...], index: int, phrase: set[int]) -> bool:
    k = index - 1
    while k >= 0 and (tokens[k].word in DETERMINERS or k in phrase):
        k -= 1
    return k >= 0 and tokens[k].word == "of"


def _role_of(tokens: tuple[Token, ...], index: int) -> str:
    k = index - 1
    while k >= 0 and tokens[k].word in DETERMINERS:
        k -= 1
    if k >= 0 and tokens[k].word in ROLE_PREPOSITIONS:
        return tokens[k].word
    return ""


def comparison_verdict(alignment: Alignment) -> Verdict | None:
    """Contradicts when a claim comparison is reversed in the passage, neutral when the passage
    has none in front of the same word, None when all agree (or the claim compares nothing).

    The passage may make the claim's comparison in front of another use of the word, in the
    aligned sentences ("... solely to respond once ..., and shall delete that information after
    responding"): the aligner may pair the claim's "responding" with "respond once", and the
    claim quotes the other use (``_made_elsewhere``)."""
    paired = dict(alignment.pairs)
    verdict: Verdict | None = None
    for i, token in enumerate(alignment.claim):
        if token.kind != COMPARATOR:
            continue
        anchor = _anchor(alignment.claim, i, token.post)
        if anchor is None or anchor not in paired:
            continue  # what it bounds is not in the passage: coverage and numeric decide
        found = _comparator_near(alignment.unit, paired[anchor], set(paired.values()))
        if found is None:
            if token.word == "before" and _done_first(alignment, paired[anchor]):
                continue
            if not _made_elsewhere(alignment, anchor, token):
                verdict = Verdict.NEUTRAL
        elif found.direction != token.direction:
            if (
                in_condition(alignment.claim, i)
                or not _in_place(alignment, anchor)  # another use of the word, maybe
                or _made_elsewhere(alignment, anchor, token)
            ):
                verdict = Verdict.NEUTRAL  # another case, or another use of the word
                continue
            return Verdict.CONTRADICTS
    return verdict


# What leads "first" used of a step that comes before another ("without first obtaining",
# "must first give", "has first been conducted"), not of a place in a series ("the first day").
_FIRST_LEADS = frozenset(
    {"without", "must", "shall", "should", "will", "has", "have", "had", "been", "be", "to"}
)


def _done_first(alignment: Alignment, u: int) -> bool:
    """Whether the sentence of the passage word ``u`` has another quoted word done "first"
    ("shall not collect ... without first obtaining consent"): the claim's "before" ("must
    obtain consent before it collects") states the same order from the other end."""
    unit = alignment.unit
    used = {p for _, p in alignment.pairs}
    sentence = sentence_of(unit, u)
    for k in range(sentence + 1, sentence_end(unit, u)):
        if unit[k].word != "first" or unit[k - 1].word not in _FIRST_LEADS:
            continue
        following = next((j for j in range(k + 1, len(unit)) if unit[j].is_content), None)
        if following is not None and following != u and following in used:
            return True
    return False


def _in_place(alignment: Alignment, c: int) -> bool:
    """Whether the claim word ``c`` is paired between the pairs of its paired claim neighbours
    ("before any rent increase" paired with the "rent" of an earlier clause is not)."""
    paired = dict(alignment.pairs)
    order = [k for k, _ in alignment.pairs]
    index = order.index(c)
    before = paired[order[index - 1]] if index > 0 else -1
    after = paired[order[index + 1]] if index + 1 < len(order) else len(alignment.unit)
    return before < paired[c] < after


def _kept_in_order(alignment: Alignment, c: int) -> bool:
    """Whether the claim word ``c`` quotes the passage where it stands: in place between its
    neighbours' pairs, or in the longest run of pairs that keeps the claim's order (``_chain``),
    so that a neighbour paired far off ("declines to *act* on a request" paired with the
    passage's later "reasons for not *acting*") does not put it out of place ("if a controller
    does not take action on a *request*"). A party word (in nearly every clause) is placed by
    its neighbours alone."""
    if _in_place(alignment, c):
        return True
    return alignment.claim[c].key not in party_stems() and c in _chain(alignment.pairs)


def _chain_uncached(pairs: tuple[tuple[int, int], ...]) -> frozenset[int]:
    """The claim words of the longest run of pairs, in claim order, whose passage positions rise
    (the first such run found, earliest pairs kept on ties)."""
    ordered = sorted(pairs)
    # best[i]: (length, previous index) of the longest rising run ending at pair i.
    best: list[tuple[int, int]] = []
    for i, (_, u) in enumerate(ordered):
        length, previous = 1, -1
        for j in range(i):
            if ordered[j][1] < u and best[j][0] + 1 > length:
                length, previous = best[j][0] + 1, j
        best.append((length, previous))
    if not best:
        return frozenset()
    i = max(range(len(best)), key=lambda k: (best[k][0], -k))
    chain = set()
    while i >= 0:
        chain.add(ordered[i][0])
        i = best[i][1]
    return frozenset(chain)


# Cached per alignment's pairs; mutmut mutates _chain_uncached (it leaves decorated functions alone).
_chain = lru_cache(maxsize=1024)(_chain_uncached)


def _made_elsewhere(alignment: Alignment, anchor: int, comparison: Token) -> bool:
    """Whether the aligned sentences make the claim's comparison, in its direction, in front of
    another occurrence of the word it bounds ("before January 1, 2027 ... on and after January
    1, 2027"): the claim may quote that one."""
    key = alignment.claim[anchor].key
    lo, hi = alignment.region
    for k in range(lo, hi):
        if k == dict(alignment.pairs)[anchor] or key not in alignment.unit[k].keys:
            continue
        found = _comparator_near(alignment.unit, k, set())
        if found is not None and found.direction == comparison.direction:
            return True
    return False


_CONDITIONS = frozenset({"if", "when", "whenever", "where", "unless", "provided"})


def in_condition(tokens: tuple[Token, ...], index: int) -> bool:
    """Whether the token at ``index`` stands in a conditional clause ("if ... one year or more")."""
    k = index - 1
    # "unless" is a negator, not a boundary: the walk stops at it as at a boundary.
    while k >= 0 and tokens[k].kind != BOUNDARY and tokens[k].word not in _CONDITIONS:
        k -= 1
    return k >= 0 and tokens[k].word in _CONDITIONS


def _anchor(tokens: tuple[Token, ...], index: int, post: bool) -> int | None:
    """The content token a comparison bounds: the next one (or, for "or more", the previous)."""
    step = -1 if post else 1
    k = index + step
    while 0 <= k < len(tokens):
        token = tokens[k]
        if token.is_content:
            return k
        if token.kind in (BOUNDARY, COMPARATOR):
            return None
        k += step
    return None


_RELATIVE_LINKS = frozenset({"which", "whom"})


def _linked(tokens: tuple[Token, ...], k: int) -> bool:
    """Whether the relative pronoun at ``k`` follows a preposition ("on which", "to whom"), so
    its clause qualifies the noun in front of it, not a new sentence."""
    # A comma is a boundary token (every token that is not a word is).
    return k > 0 and tokens[k - 1].kind not in (BOUNDARY, CONTENT)


def _comparator_near(tokens: tuple[Token, ...], index: int, paired: set[int]) -> Token | None:
    """The comparison bounding the unit token at ``index``: the nearest one in front of it in
    its clause, stepping over words the claim dropped ("before the date of termination" for
    "before termination") but not over a word the claim kept; else one right behind it
    ("30 days or more")."""
    k = index - 1
    while k >= 0:
        token = tokens[k]
        if token.kind == COMPARATOR:
            return token
        if token.is_content and k in paired:
            break
        # "30 days after the date on which it determined": a relative clause names the thing
        # the comparison bounds; any other clause boundary ends the search.
        if token.kind == BOUNDARY and not (token.word in _RELATIVE_LINKS and _linked(tokens, k)):
            break
        k -= 1
    after = index + 1
    if after < len(tokens) and tokens[after].kind == COMPARATOR and tokens[after].post:
        return tokens[after]
    return None

"""Readings of what a passage leaves out of its rule, and of what a text denies
(docs/design.md#the-judges): a sentence that goes on about the one before it by a word for its
subject ("The term does not include ...") is the same statement; "every" said of a thing the
passage restricts by a word in front of it, or of a thing it "does not apply to"; a claim
without a modal that gives the passage's verb another subject; a "who" clause quantified the
other way; a share of another whole; a word the claim puts between two side-by-side neighbours;
a predicate that denies its subject ("... is prohibited.", "... fall outside ..."). Each
reading is shown with the faithful claims it must leave alone, in fields no example lane
covers (a library, a club, a harbour, a pool, an engine maker)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge, NegationJudge, NumericJudge
from citenexus.judges.align import continues, home_sentences, sentence_of
from citenexus.judges.generality import (
    _excepted_phrase,
    _not_apply_to,
    universal_excepted,
    universal_on_restricted,
)
from citenexus.judges.lexical import (
    _case_quantifier,
    _plain_subject_missing,
    _relative_quantifier_changed,
    subject_missing,
)
from citenexus.judges.negation import _inserted_stray, _statement_negation
from citenexus.judges.numeric import (
    _bound_at_range_end,
    _range_end,
    _share_of_another,
    _whole_of,
)
from citenexus.judges.tokens import _denied_subjects, tokenize
from citenexus.text.quantities import extract_quantities
from tests.support.judging import aligned, passage, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()
NUMERIC = NumericJudge()

MEMBER = (
    '(2) "Member" means a person who has paid the annual fee and lives in the county. The term '
    "does not include a person acting as a coach, a referee, or a volunteer of the club.\n\n"
    '(3) "Guest" means a person a member brings to an event.'
)


# A sentence continued by a word for its subject.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The term does not include a coach.", True),
        ("Such term includes a coach.", True),
        ("This term covers a coach.", True),
        ("It does not include a coach.", True),
        ("They do not include coaches.", True),
        ("This section does not apply to coaches.", False),
        ("The club does not include coaches.", False),
        ("Terms vary.", False),
        ("Such a term is void.", False),
    ],
)
def test_a_sentence_continues_the_one_before_it_by_a_word_for_its_subject(
    text: str, expected: bool
) -> None:
    assert continues(tokenize(text), 0) is expected


def test_what_a_definition_leaves_out_is_read_with_the_definition() -> None:
    """The claim's words are spread over the definition and the sentence that says what the
    term does not include; the second continues the first, so the "not" there is the claim's
    matter and the negation judge reads the flip."""
    claim = "A member includes a person who lives in the county acting as a volunteer."
    alignment = aligned(claim, MEMBER)
    tokens = alignment.unit
    starts = {sentence_of(tokens, u) for _, u in alignment.pairs}
    assert len(starts) == 2
    assert home_sentences(alignment) == frozenset(starts)
    assert verdict(NEGATION, claim, MEMBER) is Verdict.CONTRADICTS
    # the definition restated is not contradicted
    faithful = "A member does not include a person acting as a volunteer of the club."
    assert verdict(NEGATION, faithful, MEMBER) is not Verdict.CONTRADICTS


def test_a_sentence_that_opens_otherwise_stays_out_of_the_home() -> None:
    """ "This section does not apply ..." is a statement of its own, not the definition's."""
    text = (
        '"Member" means a person who has paid the annual fee and lives in the county. This '
        "section does not apply to a person acting as a volunteer of the club."
    )
    claim = "A member includes a person who lives in the county acting as a volunteer."
    alignment = aligned(claim, text)
    assert len(home_sentences(alignment)) == 1
    assert verdict(NEGATION, claim, text) is None


def test_a_continuing_sentence_holding_none_of_the_claim_is_not_home() -> None:
    text = (
        '"Member" means a person who has paid the annual fee and lives in the county. It '
        "excludes coaches."
    )
    alignment = aligned("A member is a person who has paid the annual fee.", text)
    assert len(home_sentences(alignment)) == 1


def test_a_chain_of_continuing_sentences_is_followed() -> None:
    text = (
        '"Member" means a person who has paid the annual fee. It includes a life member. '
        "It does not include a volunteer of the club."
    )
    claim = (
        "A member, who has paid the annual fee, includes a life member and a volunteer of the club."
    )
    alignment = aligned(claim, text)
    starts = {sentence_of(alignment.unit, u) for _, u in alignment.pairs}
    assert home_sentences(alignment) == frozenset(starts)
    assert len(starts) == 3


# "Every" of a thing restricted by a word in front of it.

SPRINKLERS = (
    "(a) A sprinkler system shall be installed throughout every residential building that is "
    "more than 3 stories above grade. (b) The owner shall have each system inspected once a year."
)


def test_every_of_a_thing_the_passage_says_every_of_only_as_restricted_widens() -> None:
    claim = "Any building more than 3 stories above grade must be sprinklered throughout."
    assert universal_on_restricted(aligned(claim, SPRINKLERS))
    assert verdict(LEXICAL, claim, SPRINKLERS) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    "claim",
    [
        # the restricting word kept
        "Every residential building more than 3 stories above grade must have sprinklers "
        "installed throughout.",
        # a word of the same stem ("residential" / "residence")
        "Any building used as a residence and more than 3 stories above grade must be "
        "sprinklered throughout.",
    ],
)
def test_every_said_as_the_passage_says_it_is_faithful(claim: str) -> None:
    assert not universal_on_restricted(aligned(claim, SPRINKLERS))


def test_every_of_a_period_counted_another_way_is_faithful() -> None:
    text = "A member shall pay the fee on the first day of each calendar month."
    claim = "A member shall pay the fee on the first day of each month."
    assert not universal_on_restricted(aligned(claim, text))
    assert verdict(LEXICAL, claim, text) is Verdict.ENTAILS
    text = "A member may borrow a boat for 2 days in any single week."
    assert not universal_on_restricted(
        aligned("A member may borrow a boat for 2 days in any week.", text)
    )
    text = "A member may borrow a boat for 2 days in each consecutive week."
    assert not universal_on_restricted(
        aligned("A member may borrow a boat for 2 days in each week.", text)
    )


def test_every_of_a_thing_the_passage_says_every_of_unrestricted_is_faithful() -> None:
    text = "A sprinkler system shall be installed throughout every building of the harbour."
    claim = "Any building of the harbour must have a sprinkler system installed throughout."
    assert not universal_on_restricted(aligned(claim, text))


# "Every" of a thing the passage says it does not apply to.

BREAKS = (
    "(a) An employer shall give a worker who works more than 6 hours in a shift an unpaid meal "
    "break of at least 30 minutes. (b) This section does not apply to workers covered by a "
    "collective agreement that provides meal breaks."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Every worker who works more than 6 hours in a shift is entitled to an unpaid meal break "
        "of at least 30 minutes.",
        "All workers who work more than 6 hours in a shift get an unpaid meal break of at least "
        "30 minutes.",
    ],
)
def test_every_of_a_thing_the_passage_does_not_apply_to_widens(claim: str) -> None:
    assert universal_excepted(aligned(claim, BREAKS))
    assert verdict(LEXICAL, claim, BREAKS) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        # the claim makes the exception itself
        (
            "Every worker who works more than 6 hours in a shift is entitled to an unpaid meal "
            "break of at least 30 minutes unless a collective agreement provides meal breaks.",
            BREAKS,
        ),
        # no universal in the claim
        (
            "A worker who works more than 6 hours in a shift is entitled to an unpaid meal break "
            "of at least 30 minutes.",
            BREAKS,
        ),
        # the passage leaves out another thing; the claim's word stands only in its clause
        (
            "Every employer must give a meal break of at least 30 minutes to a worker covered "
            "by no agreement.",
            "(a) An employer shall give a meal break of at least 30 minutes. (b) This section "
            "does not apply to agreements that an employer signs.",
        ),
        # the claim states the exclusion itself, with a universal inside it
        (
            "This section does not apply to any worker covered by a collective agreement that "
            "provides meal breaks.",
            BREAKS,
        ),
        # "not apply" without "to"
        (
            "Every worker is entitled to a meal break of at least 30 minutes.",
            "A worker is entitled to a meal break of at least 30 minutes. Workers who do not "
            "apply get none.",
        ),
        # "apply to" without "not"
        (
            "Every worker is entitled to a meal break of at least 30 minutes.",
            "This section applies to workers. A worker is entitled to a meal break of at least "
            "30 minutes.",
        ),
    ],
)
def test_every_of_a_thing_the_passage_does_not_leave_out_is_not_read(claim: str, text: str) -> None:
    assert not universal_excepted(aligned(claim, text))


def test_a_universal_with_no_thing_behind_it_is_not_read() -> None:
    assert not universal_excepted(aligned("Workers are entitled to two meal breaks each.", BREAKS))
    # "every" of a count: the count's token has no word to compare
    assert not universal_excepted(aligned("A meal break is due every 6 hours.", BREAKS))


def test_what_a_does_not_apply_to_names_is_its_noun_phrase() -> None:
    def words(text: str) -> list[list[str]]:
        tokens = tokenize(text)
        return [[tokens[k].word for k in member] for member in _excepted_phrase(tokens, 3)]

    assert words("does not apply to the entities and data that section 4 excludes.") == [
        ["entities"],
        ["data"],
    ]
    assert words("does not apply to workers covered by an agreement.") == [["workers", "covered"]]
    assert words("does not apply to turbine engines or gliders") == [
        ["turbine", "engines"],
        ["gliders"],
    ]
    assert words("does not apply to.") == []
    assert words("does not apply to") == []


def test_a_thing_the_passage_names_with_a_word_the_claim_does_not_say_is_another_kind() -> None:
    text = (
        "This section applies to all BX-360 series engines. It does not apply to turbine "
        "engines. (a) The time between overhauls for every BX-360 series engine is 1,800 hours."
    )
    claim = "The time between overhauls for every BX-360 series engine is 1,800 hours."
    assert not universal_excepted(aligned(claim, text))
    assert verdict(LEXICAL, claim, text) is Verdict.ENTAILS
    # the word in front said by the claim: the claim's engines are the excluded ones
    said = "The time between overhauls for every turbine engine is 1,800 hours."
    assert universal_excepted(aligned(said, text))
    # a second exclusion of the claim's own kind is still read
    both = text.replace(
        "turbine engines.", "turbine engines. It does not apply to engines in storage."
    )
    assert universal_excepted(aligned(claim, both))


# A claim without a modal that gives the passage's verb another subject.

LIST = (
    "A signal tells every harbour you enter that you opt out. Our office publishes the list of "
    "recognized signals."
)


def test_a_plain_claim_whose_subject_the_passage_never_names_is_neutral() -> None:
    claim = "Clerks publish the list of recognized signals."
    alignment = aligned(claim, LIST)
    assert _plain_subject_missing(alignment)
    assert subject_missing(alignment)
    assert verdict(LEXICAL, claim, LIST) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    "claim",
    [
        # the passage's own subject
        "Our office publishes the list of recognized signals.",
        "The office publishes the list of recognized signals.",
        # the claim names the passage's subject too
        "Clerks publish the office's list of recognized signals.",
        # a subject the passage names elsewhere
        "Signals publish the list of recognized signals.",
        # no verb paired behind the subject
        "Clerks compile the list of recognized signals.",
        # the claim's second word is no content word
        "Clerks of the office publish the list of recognized signals.",
    ],
)
def test_a_plain_claim_that_keeps_or_names_the_subject_is_not_read(claim: str) -> None:
    assert not _plain_subject_missing(aligned(claim, LIST))


def test_a_claim_with_a_modal_is_no_plain_claim() -> None:
    # "An enrolled voter in the county can ask ...": a phrase between the subject and its modal
    # hides the modal from the predicate reading, and "voter" is no verb.
    text = "(a) A registered voter in the county may apply for a postal ballot."
    claim = "An enrolled voter in the county can ask for a postal ballot."
    assert not _plain_subject_missing(aligned(claim, text))
    assert verdict(LEXICAL, claim, text) is not Verdict.NEUTRAL


def test_a_verb_opening_the_passage_or_behind_no_content_word_is_not_read() -> None:
    assert not _plain_subject_missing(aligned("Clerks publish the list.", "Publish the list."))
    text = "The office shall publish the list."
    assert not _plain_subject_missing(aligned("Clerks publish the list.", text))
    assert not _plain_subject_missing(aligned("Clerks", text))
    assert not _plain_subject_missing(aligned("The", text))


def test_the_subject_is_read_past_every_determiner_and_at_the_claims_end() -> None:
    # two determiners in front of the subject
    assert _plain_subject_missing(aligned("Each of the clerks publish the list.", LIST)) is False
    assert _plain_subject_missing(aligned("Every such clerk publishes the list.", LIST))
    assert _plain_subject_missing(
        aligned("The clerks publish the list of recognized signals.", LIST)
    )
    # a claim of two words
    assert _plain_subject_missing(aligned("Clerks publish", LIST))
    # no subject word in front of the verb
    assert not _plain_subject_missing(
        aligned("Who publishes the list of recognized signals?", LIST)
    )
    # the passage's subject opens it
    assert _plain_subject_missing(aligned("Clerks publish the list.", "Office publishes the list."))
    assert not _plain_subject_missing(aligned("Clerks publish the list.", "Publish the rules"))


def test_not_apply_to_is_found_at_the_texts_end() -> None:
    assert _not_apply_to(tokenize("does not apply to")) == [1]
    assert _not_apply_to(tokenize("It does not apply to boats. It does not apply")) == [2]
    assert _not_apply_to(tokenize("not apply for it")) == []


def test_the_excepted_phrase_ends_where_its_coordination_does() -> None:
    def words(text: str) -> list[list[str]]:
        tokens = tokenize(text)
        return [[tokens[k].word for k in member] for member in _excepted_phrase(tokens, 3)]

    assert words("does not apply to entities and data") == [["entities"], ["data"]]
    assert words("does not apply to workers or") == [["workers"]]
    assert words("does not apply to workers and") == [["workers"]]


# A relative clause that sets the rule's case, quantified the other way.

WITHDRAWALS = (
    "(c) A member who withdraws from all clubs in a season shall notify the registrar in "
    "writing within 7 days. (d) A member who leaves a club may keep the badge."
)


@pytest.mark.parametrize(
    "claim",
    [
        "Any member who withdraws from a club must notify the registrar in writing within 7 days.",
        "A member who withdraws from any club must notify the registrar in writing within 7 days.",
    ],
)
def test_a_case_quantified_the_other_way_in_a_relative_clause_is_neutral(claim: str) -> None:
    alignment = aligned(claim, WITHDRAWALS)
    assert _relative_quantifier_changed(alignment)
    assert verdict(LEXICAL, claim, WITHDRAWALS) is Verdict.NEUTRAL


@pytest.mark.parametrize(
    "claim",
    [
        # the same quantifier
        "A member who withdraws from all clubs in a season must notify the registrar in writing "
        "within 7 days.",
        "A member who withdraws from every club in a season must notify the registrar in writing "
        "within 7 days.",
        # "a" against "a"
        "Any member who leaves a club may keep the badge.",
    ],
)
def test_a_case_quantified_the_same_way_is_not_read(claim: str) -> None:
    assert not _relative_quantifier_changed(aligned(claim, WITHDRAWALS))


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [
        ("a member who withdraws from all clubs", 6, "all"),
        ("a member who withdraws from a club", 6, "one"),
        ("a member who withdraws from any club", 6, "one"),
        ("a member who withdraws from each club", 6, "all"),
        # no relative clause, or one the clause's end cuts off
        ("a member withdraws from all clubs", 5, ""),
        ("a member who sings, withdraws from all clubs", 7, ""),
        # "who" with no word in front of it to restrict
        ("who withdraws from all clubs", 4, ""),
        ("who all clubs", 2, ""),
        # the word is not quantified
        ("a member who withdraws from the club", 6, ""),
        ("a member who withdraws from clubs", 5, ""),
        ("clubs", 0, ""),
        ("clubs who withdraw from all", 0, ""),
        # "who" right behind the word's own neighbour, first in the text's second token, or
        # an odd number of words away
        ("people who all agree", 3, "all"),
        ("members who withdraw from all clubs", 5, "all"),
        ("a member who withdraws all clubs", 5, "all"),
        # "who" behind no content word ("those who ...")
        ("those who withdraw from all clubs", 5, ""),
    ],
)
def test_how_a_word_in_a_relative_clause_is_quantified(
    text: str, index: int, expected: str
) -> None:
    assert _case_quantifier(tokenize(text), index) == expected


# A share of another whole.

ATTENDANCE = (
    "(a) A student must attend at least half of the school day to take part in an event. (b) A "
    "student who misses more than 10 percent of instructional days in a term is chronically "
    "absent."
)


def test_a_share_of_another_whole_is_neutral() -> None:
    claim = "A student who misses more than 10 percent of practices may not take part in an event."
    span = _share_of_another(claim, ATTENDANCE)
    assert span is not None and ATTENDANCE[span[0] : span[1]] == "10 percent"
    reading = NUMERIC.judge(
        "A student who misses more than 10 percent of practices is chronically absent.",
        passage(ATTENDANCE),
    )
    assert reading is not None and reading.verdict is Verdict.NEUTRAL
    assert reading.span == span
    assert (reading.key, reading.judge, reading.score) == ("d#1", "numeric", 0.0)
    # a value of another kind, or a share without its whole, read first
    for claim in (
        "Within 30 days, a student who misses 10 percent of practices is benched.",
        "More than 5 percent, or 10 percent of practices, is too many.",
    ):
        assert _share_of_another(claim, ATTENDANCE) == span


@pytest.mark.parametrize(
    ("claim", "text"),
    [
        # the same whole, in another form of its stem
        ("A student who misses 10 percent of instruction is chronically absent.", ATTENDANCE),
        ("A student who misses 10% of the instructional days is chronically absent.", ATTENDANCE),
        # the claim's share has no whole
        ("More than 10 percent is too many absences.", ATTENDANCE),
        # one of the passage's uses has the claim's whole
        (
            "A student who misses 10 percent of practices is benched.",
            ATTENDANCE + " A student who misses 10 percent of practices is benched.",
        ),
        # the passage's share has no whole
        ("A student who misses 10 percent of practices is benched.", "Missing 10 percent is bad."),
        # another value
        ("A student who misses 20 percent of practices is benched.", ATTENDANCE),
        # not a share
        (
            "A student who misses 10 days of practices is benched.",
            "A student who misses 10 days of school.",
        ),
    ],
)
def test_a_share_of_the_same_whole_or_without_one_is_not_read(claim: str, text: str) -> None:
    assert _share_of_another(claim, text) is None


def test_the_whole_is_read_to_three_words_past_a_determiner() -> None:
    assert _whole_of("10 percent of the lowest rent charged in a year", 10) == frozenset(
        {"lowest", "rent", "charg"}
    )
    assert _whole_of("10 percent of  practices", 10) == frozenset({"practi"})
    assert _whole_of("10 percent, of practices", 10) == frozenset()
    assert _whole_of("10 percent of", 10) == frozenset()


# A word the claim puts between two words the passage has side by side, paired with another use.

DRILLS = (
    "(b) Generally, the first drill of each season shall be held within 10 days after training "
    "begins, and no exception to this timing may be granted by the fire marshal."
)


def test_a_word_put_between_two_neighbours_carries_no_polarity_of_its_other_use() -> None:
    claim = "The first fire drill of each season must be held within 10 days after training begins."
    alignment = aligned(claim, DRILLS)
    fire = next(c for c, _ in alignment.pairs if alignment.claim[c].word == "fire")
    assert _inserted_stray(alignment, fire)
    assert verdict(NEGATION, claim, DRILLS) is not Verdict.CONTRADICTS


def test_a_word_paired_in_place_or_between_words_apart_is_not_stray() -> None:
    claim = "The first drill of each season must be held within 10 days after training begins."
    alignment = aligned(claim, DRILLS)
    assert not any(_inserted_stray(alignment, c) for c, _ in alignment.pairs)
    # the first and last paired words have only one neighbour
    first, last = alignment.pairs[0][0], alignment.pairs[-1][0]
    assert not _inserted_stray(alignment, first)
    assert not _inserted_stray(alignment, last)
    # a denial the claim's word really carries still contradicts
    denied = "No exception to the timing of the first drill may be granted by the fire marshal."
    granted = "An exception to the timing of the first drill may be granted by the fire marshal."
    assert verdict(NEGATION, granted, denied) is Verdict.CONTRADICTS


# A clause that ends on a denial of its subject's act.


def _denied(text: str) -> list[str]:
    tokens = tokenize(text)
    return [tokens[k].word for k in sorted(_denied_subjects(tokens, 20))]


def test_a_denying_predicate_at_the_clauses_end_covers_its_subject() -> None:
    assert _denied("Use of a pool for diving, racing, or games is prohibited.") == [
        "use",
        "of",
        "a",
        "pool",
        "for",
        "diving",
        "racing",
        "or",
        "games",
    ]
    assert _denied("A member may swim. Diving is forbidden; racing is free.") == ["diving"]
    # what the negation judge then reads: the nominalised claim agrees with the modal denial
    text = "(c) A pool may not be used for diving, racing, or games."
    claim = "Use of a pool for diving, racing, or games is prohibited."
    assert verdict(NEGATION, claim, text) is not Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a condition in front ends the subject at its comma
        ("If the member leaves, subletting is prohibited.", ["subletting"]),
        ("When it rains, diving is forbidden.", ["diving"]),
        # a clause that goes on past the predicate is not read
        ("Subletting is prohibited unless the owner agrees.", []),
        ("Subletting is prohibited by the rules.", []),
        # no copula in front
        ("The rules prohibited subletting.", []),
        ("Prohibited.", []),
        # a modal or a clause word ends the subject
        ("Members may be told diving is prohibited", ["be", "told", "diving"]),
        ("A pool which members use is forbidden.", ["a", "pool", "which", "members", "use"]),
        ("Members swim; the pool is forbidden.", ["the", "pool"]),
        # at the text's end without a full stop
        ("Diving is prohibited", ["diving"]),
        # a comma with no condition in front
        ("Diving, racing is prohibited.", ["diving", "racing"]),
    ],
)
def test_what_a_denying_predicate_covers(text: str, expected: list[str]) -> None:
    assert _denied(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Guests and coaches fall outside this rule.", ["guests", "and", "coaches"]),
        ("A guest falls outside the definition of member.", ["a", "guest"]),
        ("Coaches are excluded from the ballot.", ["coaches"]),
        ("A coach is exempt from the fee.", ["a", "coach"]),
        ("Coaches were exempted from the fee.", ["coaches"]),
        # the same words that deny nothing of a subject
        ("Coaches fall behind the rule.", []),
        ("Coaches are excluded.", []),
        ("Coaches excluded from the ballot.", []),
        ("Coaches who pay are excluded from the ballot.", ["coaches", "who", "pay"]),
        ("The fee is exempt.", []),
        ("Outside the club, coaches fall.", []),
        ("Fall outside the rule.", []),
    ],
)
def test_predicates_that_put_their_subject_out(text: str, expected: list[str]) -> None:
    assert _denied(text) == expected


def test_a_subject_put_out_agrees_with_what_the_passage_does_not_include() -> None:
    text = (
        "The definition of a member covers every person who has paid the fee. It does not "
        "include coaches or referees."
    )
    claim = "Coaches and referees who have paid the fee fall outside the definition of a member."
    assert verdict(NEGATION, claim, text) is not Verdict.CONTRADICTS
    # said of the subject, the denial is read: "fall within" it is not
    within = "Coaches and referees who have paid the fee fall within the definition of a member."
    assert verdict(NEGATION, within, text) is Verdict.CONTRADICTS


def test_a_subject_denied_by_its_predicate_has_no_marker_in_front() -> None:
    """The scope reading looks in front of a denied word for its marker; a subject denied by
    the predicate behind it has none, and the reading says no statement is denied."""
    tokens = tokenize("Use of the pool is prohibited.")
    alignment = aligned("Use of the pool is prohibited.", "Use of the pool is prohibited.")
    assert not _statement_negation(tokens, 0, {0: 0}, frozenset({0}), alignment, 0)


def test_the_denied_subject_is_at_most_the_scope_long() -> None:
    tokens = tokenize("Diving racing games are prohibited.")
    assert [tokens[k].word for k in sorted(_denied_subjects(tokens, 2))] == ["racing", "games"]


# A bound at the other end of the passage's range.

FEES = (
    "Outside coaches charge a club somewhere between $200 and $400 to run a clinic. Lessons "
    "run from 10 days to 20 days."
)


@pytest.mark.parametrize(
    ("claim", "stated"),
    [
        ("A club that breaks the rules may be fined up to $200 per breach.", "$200"),
        ("A club that breaks the rules may be fined at least $400 per breach.", "$400"),
        ("A course lasts at most 10 days.", "10 days"),
        # the first value is bare, the second bounded against the range
        ("A club pays $50 a month and a fine of no more than $200.", "$200"),
    ],
)
def test_a_bound_at_the_other_end_of_the_passages_range_is_neutral(claim: str, stated: str) -> None:
    span = _bound_at_range_end(claim, FEES)
    assert span is not None and FEES[span[0] : span[1]] == stated
    reading = NUMERIC.judge(claim, passage(FEES))
    if reading is not None:  # the values all matched: the range reading speaks
        assert reading.verdict is Verdict.NEUTRAL


@pytest.mark.parametrize(
    "claim",
    [
        # the bound at its own end of the range
        "Outside coaches charge at least $200 to run a clinic.",
        "Outside coaches charge up to $400 to run a clinic.",
        # a bare value
        "Outside coaches charge $200 to run a clinic.",
        # another value
        "A club may be fined up to $300.",
    ],
)
def test_a_bound_at_its_own_end_or_a_bare_value_is_not_read(claim: str) -> None:
    assert _bound_at_range_end(claim, FEES) is None


def test_a_bound_against_a_value_no_range_holds_or_held_elsewhere_too_is_not_read() -> None:
    assert _bound_at_range_end("A fine of up to $200.", "The fine is $200.") is None
    text = FEES + " A club may be fined up to $200."
    assert _bound_at_range_end("A club may be fined up to $200.", text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("between $200 and $400", ["ge", "le"]),
        ("from 10 to 20 days", ["ge", "le"]),
        ("From 10 through 20 days", ["ge", "le"]),
        # joined but opened by no range word, or opened but not joined
        ("pay $200 and $400", ["", ""]),
        ("between $200, or $400", ["", ""]),
        ("between $200 and then $400", ["", ""]),
        ("$200", [""]),
    ],
)
def test_which_end_of_a_range_a_value_is(text: str, expected: list[str]) -> None:
    stated = extract_quantities(text)
    assert [_range_end(text, q, stated) for q in stated] == expected

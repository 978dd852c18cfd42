"""Four readings of whom and where a passage's words belong (docs/design.md#the-judges):

- the subject of an active verb whose subject carries a relative clause ("An inspector who finds
  a machine ... without lockout may issue") is the word in front of "who", not the last word of
  the clause, so a passive claim naming that word as its agent keeps the roles;
- the words in front of a thing that may restrict it stop at a verb ("a protocol for an incident
  that may *compromise* stored recordings"), and a front word the claim itself puts in front of
  the thing elsewhere ("A club that keeps *stored* recordings ... each recording") is not left
  out by "each";
- "of any age" widens a thing the passage gives a value of that attribute ("under 18 months of
  age");
- a word of a condition is quoted in place when it stands in the longest run of pairs that keeps
  the claim's order, whatever its neighbour was paired with; a party word only by its neighbours.

Each reading is shown with the cases it must still catch, in fields no example lane covers (a
harbour, a sports club, a nursery)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import LexicalJudge
from citenexus.judges.generality import _front, _named_before, _valued, universal_on_restricted
from citenexus.judges.lexical import (
    _active_subject,
    _chain_uncached,
    _kept_in_order,
    _relative_head,
    agent_swapped,
    dropped_condition,
    subject_moved,
)
from citenexus.judges.tokens import tokenize
from tests.support.judging import aligned, paired, verdict

LEXICAL = LexicalJudge()

HARBOUR = (
    "(a) A vessel owner shall keep a current insurance certificate on board. (b) A harbour "
    "officer who finds a vessel moored without a permit may issue a removal order. (c) The "
    "owner may appeal the order to the harbour board within 10 days."
)


def words(text: str, indexes: list[int]) -> list[str]:
    tokens = tokenize(text)
    return [tokens[k].word for k in indexes]


def index_of(text: str, word: str, occurrence: int = 1) -> int:
    found = [k for k, t in enumerate(tokenize(text)) if t.word == word]
    return found[occurrence - 1]


# The subject of an active verb behind a relative clause.


def test_the_relative_head_is_the_word_in_front_of_who() -> None:
    text = "A harbour officer who finds a vessel moored without a permit may issue an order."
    tokens = tokenize(text)
    head = _relative_head(tokens, index_of(text, "may") - 1)
    assert head is not None and tokens[head].word == "officer"


@pytest.mark.parametrize("relative", ["who", "which"])
def test_a_relative_pronoun_opens_the_clause(relative: str) -> None:
    text = f"A harbour officer {relative} finds a vessel moored may issue an order."
    tokens = tokenize(text)
    head = _relative_head(tokens, index_of(text, "may") - 1)
    assert head is not None and tokens[head].word == "officer"


def test_that_opens_no_clause_it_may_be_a_conjunction() -> None:
    # "that" also joins a reported statement ("finds that the owner may appeal"): it is no
    # clause boundary, so it names no relative head.
    text = "A harbour officer that finds a vessel moored may issue an order."
    assert _relative_head(tokenize(text), index_of(text, "may") - 1) is None


def test_a_clause_opened_otherwise_has_no_relative_head() -> None:
    text = "If the board agrees, the owner may appeal the order."
    assert _relative_head(tokenize(text), index_of(text, "may") - 1) is None
    text = "The owner may appeal the order."
    assert _relative_head(tokenize(text), index_of(text, "may") - 1) is None


def test_a_relative_pronoun_opening_the_text_has_no_word_in_front() -> None:
    text = "who finds a vessel may issue an order."
    assert _relative_head(tokenize(text), index_of(text, "may") - 1) is None


def test_the_active_subject_holds_both_the_clause_end_and_its_head() -> None:
    text = "A harbour officer who finds a vessel moored without a permit may issue an order."
    subject = _active_subject(tokenize(text), index_of(text, "issue"))
    assert set(words(text, subject)) == {"permit", "officer", "harbour"}
    # no relative clause: the words in front of the modal alone
    text = "The harbour officer may issue an order."
    subject = _active_subject(tokenize(text), index_of(text, "issue"))
    assert words(text, subject) == ["officer", "harbour"]
    # no modal: no subject to read
    assert _active_subject(tokenize("The officer issues an order."), 2) == []


def test_a_passive_claim_naming_the_relative_head_as_agent_keeps_the_roles() -> None:
    claim = "A removal order may be issued by a harbour officer who finds a vessel moored without a permit."
    alignment = aligned(claim, HARBOUR)
    assert not agent_swapped(alignment)
    assert verdict(LEXICAL, claim, HARBOUR) is not Verdict.NEUTRAL


def test_a_passive_claim_naming_another_agent_is_still_swapped() -> None:
    claim = "A removal order may be issued by the vessel owner who finds a vessel moored without a permit."
    assert agent_swapped(aligned(claim, HARBOUR))
    assert verdict(LEXICAL, claim, HARBOUR) is Verdict.NEUTRAL


def test_the_relative_head_still_makes_a_moved_subject() -> None:
    # "the owner may appeal": the board does not; the subject reading is unchanged by the
    # shared helper.
    claim = "The harbour board may appeal the order to the owner within 10 days."
    assert verdict(LEXICAL, claim, HARBOUR) is Verdict.NEUTRAL


# The words in front of a thing, up to a verb; a front word the claim says itself.

ARCHIVE = (
    "(3) Policy and deletion. A club that keeps stored recordings of its members shall adopt a "
    "written policy that sets a retention schedule and a protocol for an incident that may "
    "compromise stored recordings. Under that policy, the club shall permanently delete a "
    "stored recording within 24 months after the member leaves."
)


def test_the_front_of_a_thing_stops_at_a_verb() -> None:
    text = "a protocol for an incident that may compromise stored recordings."
    tokens = tokenize(text)
    assert words(text, _front(tokens, index_of(text, "recordings"))) == ["stored"]
    text = "to file stored recordings."
    assert words(text, _front(tokenize(text), index_of(text, "recordings"))) == ["stored"]
    text = "the stored recordings of a club."
    assert words(text, _front(tokenize(text), index_of(text, "recordings"))) == ["stored"]
    # at the text's start, nothing is in front
    assert _front(tokenize("Recordings are kept."), 0) == []


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("A club keeping stored recordings must delete each recording.", True),
        ("A club keeping recordings that are stored must delete each recording.", False),
        ("A club must delete each stored file and each recording.", False),
    ],
)
def test_a_front_word_named_before_the_thing(claim: str, expected: bool) -> None:
    tokens = tokenize(claim)
    text = "a stored recording"
    unit = tokenize(text)
    assert _named_before(tokens, unit[1], unit[2]) is expected


def test_each_of_the_thing_the_claim_named_with_its_front_word_is_not_widened() -> None:
    claim = (
        "A club keeping stored recordings of its members must adopt a written policy with a "
        "retention schedule and an incident protocol, and must permanently delete each recording "
        "within 24 months after the member leaves."
    )
    assert not universal_on_restricted(aligned(claim, ARCHIVE))


def test_each_of_the_thing_without_its_front_word_anywhere_is_still_widened() -> None:
    claim = (
        "A club must adopt a written policy with a retention schedule and must permanently "
        "delete each recording within 24 months after the member leaves."
    )
    assert universal_on_restricted(aligned(claim, ARCHIVE))
    assert verdict(LEXICAL, claim, ARCHIVE) is Verdict.NEUTRAL


def test_a_relative_pronoun_right_in_front_of_the_modal_opens_the_clause() -> None:
    text = "The harbour officer who may issue an order shall sign it."
    subject = _active_subject(tokenize(text), index_of(text, "issue"))
    assert set(words(text, subject)) == {"officer", "harbour"}


def test_a_subject_said_elsewhere_is_moved_from_a_relative_head() -> None:
    # "who may issue": the officer issues, not the clerk the passage names before.
    text = (
        "A clerk shall record each order. The harbour officer who may issue an order shall sign it."
    )
    assert subject_moved(aligned("A clerk may issue an order.", text))
    assert not subject_moved(aligned("A harbour officer may issue an order.", text))


# "Of any age" against a passage that gives the thing a value.

RATIO = (
    "(a) A licensed nursery in the Borough of Fenmarsh shall keep at least 1 carer for every 3 "
    "infants under 18 months of age. (b) The nursery shall record each carer's hours."
)


def test_of_any_attribute_widens_a_thing_the_passage_gives_a_value() -> None:
    claim = "A licensed nursery shall keep at least 1 carer for every 3 infants of any age."
    assert universal_on_restricted(aligned(claim, RATIO))
    assert verdict(LEXICAL, claim, RATIO) is Verdict.NEUTRAL


def test_the_same_value_kept_is_not_widened() -> None:
    claim = (
        "A licensed nursery shall keep at least 1 carer for every 3 infants under 18 months of age."
    )
    assert not universal_on_restricted(aligned(claim, RATIO))
    assert verdict(LEXICAL, claim, RATIO) is Verdict.ENTAILS


@pytest.mark.parametrize(
    ("text", "word", "expected"),
    [
        ("infants under 18 months of age", "age", True),
        ("18 months of age", "age", True),
        ("5 tonnes in weight", "weight", True),
        # a word in front that is no value, and nothing in front of it to read
        ("tonnes in weight 5", "weight", False),
        ("vehicles over 5 tonnes in weight", "weight", True),
        # no value in front: "the age of the infant" names no value of it
        ("the age of the infant", "age", False),
        ("the infant's age", "age", False),
        # a value, but not "of" / "in" between: another phrase
        ("18 months for age checks", "age", False),
        # at the text's start there is nothing in front
        ("age is recorded", "age", False),
        ("of age", "age", False),
    ],
)
def test_valued(text: str, word: str, expected: bool) -> None:
    assert _valued(tokenize(text), index_of(text, word)) is expected


def test_of_any_opening_the_claim_widens_too() -> None:
    claim = "Of any age, infants need at least 1 carer for every 3 of them."
    assert universal_on_restricted(aligned(claim, RATIO))


def test_a_universal_opening_the_claim_has_no_word_in_front() -> None:
    # "Any" opens the claim: nothing stands in front of it to make it "of any age", whatever
    # word ends the claim.
    claim = "Any age is one the nursery records the hours of"
    assert not universal_on_restricted(aligned(claim, RATIO))


# Words in place: the longest run of pairs that keeps the claim's order.


@pytest.mark.parametrize(
    ("pairs", "chain"),
    [
        ((), set()),
        (((0, 1), (1, 2), (2, 3)), {0, 1, 2}),
        # one word paired far off leaves the run of the others
        (((0, 5), (1, 30), (2, 8), (3, 10)), {0, 2, 3}),
        # given in any order, read in the claim's order
        (((2, 8), (0, 5), (3, 10), (1, 30)), {0, 2, 3}),
        # equal runs: the first found, earliest pairs kept
        (((0, 5), (1, 3)), {0}),
        (((0, 5), (1, 3), (2, 4)), {1, 2}),
        # equal positions do not rise
        (((0, 5), (1, 5)), {0}),
        # two predecessors of one length: the first is kept
        (((0, 1), (1, 0), (2, 5)), {0, 2}),
    ],
)
def test_chain(pairs: tuple[tuple[int, int], ...], chain: set[int]) -> None:
    assert _chain_uncached(pairs) == chain


APPEALS = (
    "(b) If a club does not take action on a request, it shall tell the member, within the same "
    "week, the reasons for not acting and how to appeal the decision. (c) A club shall keep a "
    "record of every request."
)
PARTIES = Vocabulary.from_mapping({"parties": ["club", "member"]})


def test_a_word_next_to_one_paired_far_off_stays_in_place() -> None:
    # "act" pairs with the later "reasons for not acting": "request", the one word of the
    # condition that is no party's, is still in place, so the condition is quoted, not dropped.
    claim = (
        "When a club declines to act on a request, it must tell the member, within the same "
        "week, why it did not act and how the decision can be appealed."
    )
    with active(PARTIES):
        alignment = aligned(claim, APPEALS)
        assert not dropped_condition(alignment)


def test_a_party_word_is_placed_by_its_neighbours_alone() -> None:
    # Claim order fee, club, notice, term; passage order notice, term, fee, club. The longest
    # rising run is fee-club: it places "fee", but "club", a party word (in nearly every
    # clause), only its neighbours could place, and they do not.
    alignment = paired(
        "fee club notice term", "notice term fee club", [(0, 2), (1, 3), (2, 0), (3, 1)]
    )
    assert _kept_in_order(alignment, 0)
    assert _kept_in_order(alignment, 1)  # no parties named: the run places it
    with active(PARTIES):
        assert _kept_in_order(alignment, 0)
        assert not _kept_in_order(alignment, 1)
    # "notice" is neither between its neighbours' pairs nor in the run; "term" is between
    # "notice" and the passage's end
    assert not _kept_in_order(alignment, 2)
    assert _kept_in_order(alignment, 3)

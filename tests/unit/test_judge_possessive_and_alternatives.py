"""Two readings of the lexical judge (docs/design.md#the-judges):

- the aligner does not move a word from its plain use to a possessive one ("the Auditor may, in
  the Auditor's discretion, give"): the claim's subject is the plain one;
- an "or" in the claim offers no new case where the passage words alternatives of its own among
  the words the claim's clause is paired with.
"""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.align import _possessive
from citenexus.judges.generality import (
    _takes_object,
    _variant_in,
    _word_after,
    _word_before,
    alternative_added,
)
from citenexus.judges.tokens import tokenize
from tests.support.judging import aligned, verdict

JUDGE = LexicalJudge()

DISCRETION = (
    "(a) The Auditor has exclusive authority to review the accounts.\n\n"
    "(b) The Auditor may, in the Auditor's discretion, give a member an opportunity to explain "
    "an alleged shortfall before opening a review."
)


def test_the_plain_use_of_a_word_is_kept_over_its_possessive() -> None:
    claim = (
        "Before opening a review, the Auditor may give a member an opportunity to explain an "
        "alleged shortfall."
    )
    alignment = aligned(claim, DISCRETION)
    auditor = next(u for c, u in alignment.pairs if alignment.claim[c].word == "auditor")
    assert alignment.unit[auditor].word == "auditor"
    assert verdict(JUDGE, claim, DISCRETION) is Verdict.ENTAILS


def test_a_possessive_claim_word_is_still_moved_to_the_possessive() -> None:
    claim = "In the Auditor's discretion, the Auditor may give a member an opportunity."
    alignment = aligned(claim, DISCRETION)
    words = [(alignment.claim[c].word, alignment.unit[u].word) for c, u in alignment.pairs]
    assert ("auditor's", "auditor's") in words


def test_possessive_reads_both_apostrophes() -> None:
    assert _possessive(tokenize("the Auditor's")[1])
    assert _possessive(tokenize("the Auditor\u2019s")[1])
    assert not _possessive(tokenize("the Auditors")[1])


SEND = (
    "Within 21 days, the manager shall send the member, by personal delivery or by first-class "
    "mail with the postage prepaid, an itemized statement of the charges."
)


def test_an_or_whose_loose_word_is_another_form_of_a_passage_word_adds_no_case() -> None:
    claim = (
        "Within 21 days, the manager must deliver personally or send by prepaid first-class mail "
        "an itemized statement of the charges."
    )
    alignment = aligned(claim, SEND)
    assert _variant_in(alignment, "personally")  # "personal delivery"
    assert not alternative_added(alignment)


def test_an_or_set_off_by_commas_against_a_single_case_adds_one() -> None:
    passage = (
        "A monthly membership, or a membership from month to month, of residential premises may "
        "be ended by the club only by written notice."
    )
    claim = (
        "A monthly membership of any premises, residential or commercial, may be ended by the "
        "club only by written notice."
    )
    assert alternative_added(aligned(claim, passage))


RIGHTS = (
    "A member may opt out of the use of the member's data for (I) advertising, (II) the sale of "
    "the data, or (III) profiling."
)


def test_an_alternative_swapped_into_the_passages_own_list_is_added() -> None:
    claim = (
        "A member may opt out of the use of the member's data for advertising, the sale of the "
        "data, or fraud prevention."
    )
    alignment = aligned(claim, RIGHTS)
    assert alternative_added(alignment)
    faithful = (
        "A member may opt out of the use of the member's data for advertising, the sale of the "
        "data, or profiling."
    )
    assert not alternative_added(aligned(faithful, RIGHTS))


def test_a_determiner_or_a_repeated_preposition_is_stepped_over() -> None:
    passage = "The club may not expel a member for joining a members' association."
    claim = "The club may not expel a member for joining a members' association or a party."
    assert alternative_added(aligned(claim, passage))
    notice = "Notice may be given by email."
    assert alternative_added(aligned("Notice may be given by email or by letter.", notice))
    # A preposition that repeats none in front of the other word is not stepped over.
    assert not alternative_added(aligned("Notice may be given by email or to the office.", notice))


def test_an_or_that_joins_a_second_predicate_adds_no_case() -> None:
    passage = (
        "A club shall not increase the fee of, or reduce the availability of, a service based "
        "solely on a member's complaint."
    )
    claim = (
        "A club may not raise the fee of a service, or make it less available, based solely on "
        "a member's complaint."
    )
    assert not alternative_added(aligned(claim, passage))


def test_the_words_around_or() -> None:
    tokens = tokenize("the sale of data, or the fraud prevention")
    i = [t.word for t in tokens].index("or")
    assert tokens[_word_before(tokens, i)].word == "data"
    assert tokens[_word_after(tokens, i)].word == "fraud"
    assert _word_before(tokenize("or fraud"), 0) is None
    assert _word_before(tokenize("the or fraud"), 1) is None  # only a determiner in front
    assert _word_after(tokenize("data or"), 1) is None
    assert _word_after(tokenize("data or the"), 1) is None
    assert _word_after(tokenize("data or ,"), 1) is None
    by = tokenize("by email or by letter")
    assert by[_word_after(by, 2)].word == "letter"
    assert _word_after(tokenize("email or by letter"), 1) is None  # nothing in front of email
    assert _word_after(tokenize("or by letter"), 0) is None  # no word in front at all


def test_takes_object_reads_a_determiner_or_pronoun_behind_the_word() -> None:
    tokens = tokenize("make it less available")
    assert _takes_object(tokens, 0)
    assert not _takes_object(tokenize("fraud prevention"), 0)
    assert not _takes_object(tokenize("fraud"), 0)


def test_variant_in_needs_a_long_shared_beginning() -> None:
    alignment = aligned("The member may deliver personally.", SEND)
    assert _variant_in(alignment, "delivering")  # "delivery": all but the last letters
    assert not _variant_in(alignment, "personnel")  # "person..." shared, then apart
    assert not _variant_in(alignment, "mailbox")  # "mail": fewer than five letters shared
    assert not _variant_in(alignment, "send")  # the word itself is no other form

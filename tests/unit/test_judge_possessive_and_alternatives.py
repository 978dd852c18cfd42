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
from citenexus.judges.generality import _offers_or, alternative_added
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


def test_an_or_that_words_the_passages_own_alternatives_adds_no_case() -> None:
    claim = (
        "Within 21 days, the manager must deliver personally or send by prepaid first-class mail "
        "an itemized statement of the charges."
    )
    alignment = aligned(claim, SEND)
    i = [t.word for t in alignment.claim].index("or")
    assert _offers_or(alignment, i)
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
    alignment = aligned(claim, passage)
    i = [t.word for t in alignment.claim].index("or")
    assert not _offers_or(alignment, i)
    assert alternative_added(alignment)


def test_an_or_whose_clause_has_no_pairs_offers_nothing() -> None:
    alignment = aligned("Blue or green, the fee is due.", "The fee is due.")
    i = [t.word for t in alignment.claim].index("or")
    assert not _offers_or(alignment, i)

"""A comparison the claim makes in front of a word the passage uses twice, a denied word the claim
narrows past a determiner, and "never" in front of an auxiliary (docs/design.md#the-judges).

The texts are of no field the example lanes hold: the readings are generic English.
"""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge, NegationJudge
from citenexus.judges.lexical import comparison_verdict
from tests.support.judging import aligned, heads, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()

# -- a comparison in front of the other use of a word ----------------------------------------

LIBRARY = (
    "A library may lend a reader's rare books to another library. A library may also lend a "
    "member's rare maps solely to answer once a written request from the member, and shall "
    "recall those maps after answering."
)


def test_a_comparison_made_in_front_of_the_other_use_of_the_word_agrees() -> None:
    # "after answering" is the passage's too, in front of the second "answering"; the aligner
    # pairs the claim's "answering" with the first ("to answer once"), which has none.
    claim = (
        "Solely to answer once a written request from a member, a library may lend the "
        "member's rare maps, and after answering it must recall those maps."
    )
    assert comparison_verdict(aligned(claim, LIBRARY)) is None
    assert verdict(LEXICAL, claim, LIBRARY) is Verdict.ENTAILS


def test_a_comparison_the_passage_makes_nowhere_is_still_neutral() -> None:
    text = LIBRARY.replace("after answering", "when answering is done")
    claim = (
        "Solely to answer once a written request from a member, a library may lend the "
        "member's rare maps, and after answering it must recall those maps."
    )
    assert comparison_verdict(aligned(claim, text)) is Verdict.NEUTRAL
    assert verdict(LEXICAL, claim, text) is not Verdict.ENTAILS


def test_a_reversed_comparison_in_front_of_the_other_use_still_counts() -> None:
    # The passage says "before answering" in front of the second use: the claim's "after" is
    # said nowhere in its direction.
    text = LIBRARY.replace("after answering", "before answering")
    claim = (
        "Solely to answer once a written request from a member, a library may lend the "
        "member's rare maps, and after answering it must recall those maps."
    )
    assert comparison_verdict(aligned(claim, text)) is not None
    assert verdict(LEXICAL, claim, text) is not Verdict.ENTAILS


# -- a denied word narrowed past a determiner -------------------------------------------------

CLUB = (
    "A club may not increase dues, reduce access, or bring an action to expel a member because "
    "the member has lawfully joined a members' council."
)


def test_a_denied_word_the_claim_narrows_past_its_determiner_agrees() -> None:
    claim = (
        "Because a member lawfully joined a members' council, a club may not raise the dues, "
        "cut access, or bring an action to expel the member."
    )
    assert verdict(NEGATION, claim, CLUB) is Verdict.ENTAILS


def test_a_denied_word_left_unnarrowed_is_still_wider() -> None:
    # "the dues" behind a preposition is narrowed by nothing: the claim denies all dues changes
    # where the passage denies an increase.
    claim = "A club may not act on the dues because a member lawfully joined a members' council."
    assert verdict(NEGATION, claim, CLUB) is Verdict.NEUTRAL


# -- "never" in front of an auxiliary ---------------------------------------------------------

NOTICE = (
    "(d) A member may leave the club by giving written notice at least as long as the billing "
    "period. A member is never required to give more than 30 days' notice."
)


def test_never_in_front_of_an_auxiliary_denies_the_predicate() -> None:
    # "provide" for "give": the two denials agree on the words behind the verb, as "does not
    # have to provide" would.
    claim = "A member never has to provide more than 30 days' notice."
    assert verdict(NEGATION, claim, NOTICE) is Verdict.ENTAILS


def test_never_in_front_of_an_auxiliary_still_contradicts_an_assertion() -> None:
    text = "(d) A member is required to give more than 30 days' notice."
    claim = "A member never has to give more than 30 days' notice."
    assert verdict(NEGATION, claim, text) is Verdict.CONTRADICTS


def test_never_in_front_of_a_verb_heads_that_verb() -> None:
    # "never discards" may say what "keeps" says: the verb is the head, and no shared word is
    # denied in both texts, so the judge has nothing to say.
    text = "A club shall keep its records for three years."
    claim = "A club never discards its records within three years."
    assert verdict(NEGATION, claim, text) is None


# -- the edges of the readings (mutation tests) -----------------------------------------------


def test_a_never_that_ends_the_text_heads_nothing() -> None:
    assert heads("Tenants may sublet, never", "Tenants may sublet.") == ([], [])


def test_a_never_in_front_of_need_at_the_end_is_a_denied_predicate() -> None:
    # "need" is an auxiliary here: a denied predicate's head must be a word both texts share,
    # and nothing follows it.
    assert heads("Tenants never need", "Tenants pay rent.") == ([], [])


def test_a_step_done_first_does_not_end_the_reading_of_the_claims_comparisons() -> None:
    # "before it collects" is read as the passage's "without first obtaining"; the claim's
    # "within 30 days" has no comparison in the passage, and is still read.
    text = (
        "A controller shall not collect data without first obtaining consent. A controller "
        "shall answer a request in 30 days."
    )
    claim = (
        "A controller must obtain consent before it collects data, and must answer a request "
        "within 30 days."
    )
    assert comparison_verdict(aligned(claim, text)) is Verdict.NEUTRAL

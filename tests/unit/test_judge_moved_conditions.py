"""A claim that states a rule without the case the passage sets it, with a case read from another
sentence, with a qualifier the passage does not state, or "any" of what the passage restricts
with "of ..."; and the negation judge on an exception read against a plain statement, and on a
passive denial against an active one (docs/design.md#the-judges)."""

from __future__ import annotations

from citenexus.domain.model import Judgment, Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import LexicalJudge, NegationJudge
from citenexus.judges.generality import universal_on_restricted
from citenexus.judges.lexical import condition_moved, dropped_condition, inserted
from tests.support.judging import aligned, passage, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()

# -- a leading "When ..." clause whose only quoted words are the parties ---------------------

SALE = (
    "(f) When the lender has told the borrower in writing, within the previous 90 days, that "
    "the note is for sale, the lender may give notice of an inspection to a prospective buyer "
    "orally, in person or by telephone, at least 24 hours beforehand."
)


PARTIES = Vocabulary.from_mapping({"parties": ["lender", "borrower"]})


def test_a_leading_case_quoted_only_by_its_parties_is_dropped() -> None:
    claim = (
        "A lender may notify a borrower orally, in person or by telephone, of an inspection "
        "by a prospective buyer."
    )
    with active(PARTIES):
        assert dropped_condition(aligned(claim, SALE), densest=True)
        assert verdict(LEXICAL, claim, SALE) is Verdict.NEUTRAL


def test_a_leading_case_quoted_by_words_that_are_no_parties_is_kept() -> None:
    # Without the lane's parties, "lender" and "borrower" are words of the case: quoted.
    claim = (
        "A lender may notify a borrower orally, in person or by telephone, of an inspection "
        "by a prospective buyer."
    )
    assert not dropped_condition(aligned(claim, SALE), densest=True)


def test_a_leading_case_the_claim_quotes_is_kept() -> None:
    claim = (
        "A lender who has told the borrower in writing that the note is for sale may notify a "
        "prospective buyer orally, in person or by telephone, of an inspection."
    )
    assert not dropped_condition(aligned(claim, SALE), densest=True)


def test_a_leading_clause_without_a_comma_of_its_own_is_not_read() -> None:
    rule = "When asked the lender may give notice of an inspection orally."
    claim = "The lender may give notice of an inspection orally."
    assert not dropped_condition(aligned(claim, rule))


# -- a condition read from another sentence ---------------------------------------------------

FEE = (
    "(e) A fee that a club charges because dues are paid late is a penalty within the meaning "
    "of this section. Such a fee is enforceable against the member only if the requirements of "
    "subdivision (d) are met. A court considers the club's actual costs of handling late "
    "payments and whether the fee was set before the membership began."
)


def test_a_condition_taken_from_another_sentence_is_no_support() -> None:
    claim = (
        "A fee that a club charges for late payment of dues is enforceable against the member "
        "if it was set before the membership began."
    )
    assert condition_moved(aligned(claim, FEE))
    assert verdict(LEXICAL, claim, FEE) is Verdict.NEUTRAL


def test_the_rule_s_own_condition_is_no_move() -> None:
    claim = (
        "A fee that a club charges for late dues is enforceable against the member only if the "
        "requirements of subdivision (d) are met."
    )
    assert not condition_moved(aligned(claim, FEE))


def test_a_condition_in_the_claim_s_own_words_is_not_read() -> None:
    claim = "Such a fee is enforceable against the member if a judge approves it."
    assert not condition_moved(aligned(claim, FEE))


def test_a_condition_moved_where_the_rule_sets_none_is_not_read() -> None:
    rule = "A fee is payable by the member. The fee was set before the membership began."
    claim = "A fee is payable by the member if it was set before the membership began."
    assert not condition_moved(aligned(claim, rule))


# -- a qualifier put between two words the passage has side by side ----------------------------

CONSENT = (
    "A club shall not publish a member's photograph without first obtaining the member's "
    "consent, and shall not sell a photograph."
)


def test_a_qualifier_the_passage_does_not_state_is_no_support() -> None:
    claim = (
        "A club shall not publish a member's photograph without first obtaining the member's "
        "written consent, and shall not sell a photograph."
    )
    assert inserted(aligned(claim, CONSENT))
    assert verdict(LEXICAL, claim, CONSENT) is Verdict.NEUTRAL


def test_the_passage_s_own_words_are_no_insertion() -> None:
    claim = (
        "A club shall not publish a member's photograph without first obtaining the member's "
        "consent, and shall not sell a photograph."
    )
    assert not inserted(aligned(claim, CONSENT))
    assert verdict(LEXICAL, claim, CONSENT) is Verdict.ENTAILS


def test_a_qualifier_inside_the_claim_s_case_narrows_it_and_is_not_read() -> None:
    rule = "After a member has paid dues for two seasons, the club shall not expel the member."
    claim = "Once a member has paid full dues for two seasons, the club shall not expel the member."
    assert not inserted(aligned(claim, rule))


# -- "any" of what the passage restricts with an "of" phrase ----------------------------------

PURPOSES = (
    "A club may require a member's consent to the use of photographs only for the purposes of "
    "publishing the yearbook and announcing results."
)


def test_any_purpose_for_the_purposes_of_a_list_is_a_widening() -> None:
    claim = "A club may require a member's consent to the use of photographs for any purpose."
    assert universal_on_restricted(aligned(claim, PURPOSES))


def test_any_purpose_where_the_claim_keeps_the_of_phrase_is_not_read() -> None:
    claim = (
        "A club may require a member's consent to the use of photographs for any of the "
        "purposes of publishing the yearbook and announcing results."
    )
    assert not universal_on_restricted(aligned(claim, PURPOSES))


# -- negation: an exception against a statement ----------------------------------------------

DUES = (
    "When the members have not agreed otherwise, dues are payable at the end of each season. "
    "Members commonly agree that dues are paid in advance, and such an agreement controls."
)


def test_an_exception_agrees_with_a_case_that_denies_itself() -> None:
    claim = "At the end of each season dues fall due, unless the members have agreed otherwise."
    assert verdict(NEGATION, claim, DUES) is Verdict.ENTAILS


def test_an_exception_is_not_denied_by_a_statement_about_the_same_words() -> None:
    rule = (
        "Dues are payable at the end of each season. Members commonly agree that dues are paid "
        "in advance, and such an agreement controls."
    )
    claim = "At the end of each season dues fall due, unless the members have agreed otherwise."
    assert verdict(NEGATION, claim, rule) is Verdict.NEUTRAL


def test_a_case_denied_inside_a_clause_of_its_own_is_no_exception() -> None:
    rule = (
        "Unless the review finds that the dues have not been paid, the club shall renew the "
        "membership."
    )
    claim = (
        "The club must renew the membership even when the review finds that the dues have not "
        "been paid."
    )
    assert verdict(NEGATION, claim, rule) is Verdict.CONTRADICTS


def test_a_denied_statement_still_contradicts() -> None:
    claim = "Members do not commonly agree that dues are paid in advance."
    assert verdict(NEGATION, claim, DUES) is Verdict.CONTRADICTS


# -- negation: a passive denial against an active one ------------------------------------------

TRANSFER = (
    "The transfer of the owner's share in the club, or a sale of the club, does not end a "
    "membership for an unspecified term."
)


def test_a_passive_denial_of_another_verb_is_declined() -> None:
    claim = (
        "A membership for an unspecified term is not terminated by the owner's transfer of its "
        "share in the club or by a sale of the club."
    )
    assert verdict(NEGATION, claim, TRANSFER) is None


def test_a_passive_denial_of_what_the_passage_states_freely_still_contradicts() -> None:
    rule = (
        "A member who receives a notice of increase and chooses to leave instead of paying the "
        "new dues may do so by giving notice, and is not liable for the increased dues."
    )
    claim = "A member who receives a notice of increase is not allowed to leave instead of paying the new dues."
    assert verdict(NEGATION, claim, rule) is Verdict.CONTRADICTS


def test_a_fronted_condition_taken_from_another_sentence_is_no_support() -> None:
    claim = (
        "If the fee was set before the membership began, such a fee is enforceable against "
        "the member."
    )
    assert condition_moved(aligned(claim, FEE))


def test_a_word_of_the_rule_read_in_a_neighbouring_sentence_moves_nothing() -> None:
    rule = (
        "A club may end the membership by giving written notice at least 30 days before the "
        "end date if the member has belonged for less than one year. A club may also give "
        "notice at least 30 days before the end date if all of the following are true."
    )
    claim = (
        "If the member has belonged for less than a year, the club may end the membership with "
        "written notice given at least 30 days before the end date."
    )
    assert not condition_moved(aligned(claim, rule))


def test_the_case_ends_at_the_comma_in_front_of_the_first_quoted_word_of_the_rule() -> None:
    # A comma inside the rule ("notice, orally") is not the end of the case.
    rule = "When the lender has told the borrower, the lender may give notice, orally or by phone."
    claim = "A lender may give notice, orally or by phone."
    with active(PARTIES):
        assert dropped_condition(aligned(claim, rule), densest=True)


def test_an_exception_against_a_statement_is_reported_with_its_place() -> None:
    rule = (
        "Dues are payable at the end of each season. Members commonly agree that dues are paid "
        "in advance, and such an agreement controls."
    )
    claim = "At the end of each season dues fall due, unless the members have agreed otherwise."
    unit = passage(rule)
    judgment = NEGATION.judge(claim, unit)
    start = rule.index("Members")
    assert judgment == Judgment(unit.key, "negation", Verdict.NEUTRAL, 0.0, (start, start + 7))

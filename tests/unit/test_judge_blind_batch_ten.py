"""The readings a tenth batch of judge pairs written blind led to (docs/evaluation.md "The
judges on two more blind batches"; docs/design.md#the-judges): "outside" against "within",
"decline" as a negative verb, a restriction that goes on past the phrase a claim quotes, what
"other than" leaves out stated plainly, a passive both texts keep, a modifier moved into the
slot of another, "nor" inside a denial, an "unless" clause against a plain statement, and a
quote that goes on past a restriction.

The texts are of no field the example lanes hold: the readings are generic English.
"""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge, NegationJudge
from citenexus.judges.generality import _phrase_end, restriction_cut_off, universal_on_restricted
from citenexus.judges.lexical import (
    _agent_kept,
    _excepted_here,
    antonym_swapped,
    excepted_quoted,
    substituted,
    voice_changed,
)
from citenexus.judges.negation import _exception_against_statement, _in_clause_exception
from citenexus.judges.tokens import Token, text_negation_counts, tokenize
from tests.support.judging import aligned, verdict

LEXICAL = LexicalJudge()
NEGATION = NegationJudge()


def counts(text: str) -> dict[str, int]:
    return dict(zip([t.word for t in tokenize(text)], text_negation_counts(text, 20), strict=False))


# -- "outside" against "within" ---------------------------------------------------------------


def test_outside_is_the_opposite_of_within() -> None:
    text = "A member's records are exempt to the extent they are kept and used within the club."
    claim = "A member's records are exempt only when they are used outside the club."
    assert antonym_swapped(aligned(claim, text))


# -- "decline" as a negative verb -------------------------------------------------------------


def test_declining_to_enforce_is_refusing_to_enforce() -> None:
    text = "If a rule was unfair when made, the board may refuse to enforce the rule."
    claim = "If a rule was unfair when made, the board may decline to enforce the rule."
    assert verdict(NEGATION, claim, text) is Verdict.ENTAILS
    assert counts("The board declines to enforce the rule.")["enforce"] == 1


# -- a restriction that goes on past the quoted phrase ----------------------------------------


def test_every_over_a_phrase_the_passage_restricts_further_with_other_than() -> None:
    text = "A loan of farm equipment other than tractors is presumed to last one season."
    claim = "Every loan of farm equipment is presumed to last one season."
    assert universal_on_restricted(aligned(claim, text))


def test_every_over_a_relative_clause_the_passage_adds_to_with_and_that() -> None:
    text = (
        "This part applies to lenders that are licensed in the state and that lend to "
        "consumers for household purposes."
    )
    claim = "This part applies to every lender that is licensed in the state."
    assert universal_on_restricted(aligned(claim, text))


def test_every_over_the_whole_restriction_is_kept() -> None:
    text = (
        "This part applies to lenders that are licensed in the state and that lend to "
        "consumers for household purposes."
    )
    claim = (
        "This part applies to every lender that is licensed in the state and that lends to "
        "consumers for household purposes."
    )
    assert not universal_on_restricted(aligned(claim, text))


def test_a_phrase_with_nothing_behind_it_is_not_restricted_further() -> None:
    text = "A loan of farm equipment is presumed to last one season."
    claim = "Every loan of farm equipment is presumed to last one season."
    assert not universal_on_restricted(aligned(claim, text))


# -- what "other than" leaves out, stated plainly ---------------------------------------------


def test_a_claim_about_what_other_than_leaves_out_is_not_supported() -> None:
    text = "A lease of any premises other than farm premises may be ended on one month's notice."
    claim = "A lease of farm premises may be ended on one month's notice."
    assert excepted_quoted(aligned(claim, text))
    assert verdict(LEXICAL, claim, text) is Verdict.NEUTRAL


def test_a_claim_that_leaves_it_out_too_is_read_as_usual() -> None:
    text = "A lease of any premises other than farm premises may be ended on one month's notice."
    claim = "A lease of premises other than farm premises may be ended on one month's notice."
    assert not excepted_quoted(aligned(claim, text))


def test_other_than_read_past_a_determiner() -> None:
    text = "Any vehicle other than the owner's car may be towed."
    claim = "The owner's car may be towed."
    assert excepted_quoted(aligned(claim, text))


# -- a passive both texts keep ----------------------------------------------------------------

SIGNAL = (
    "A beacon is a signal, sent by a lamp or horn that a captain chooses, that tells every "
    "harbour the captain enters that the captain asks for a pilot."
)


def test_a_passive_the_passage_has_too_is_no_change_of_voice() -> None:
    claim = "A beacon is a signal, sent by a lamp that a captain chooses, asking for a pilot."
    alignment = aligned(claim, SIGNAL)
    assert _agent_kept(alignment)
    assert not voice_changed(alignment)


def test_roles_swapped_inside_a_kept_passive_are_read() -> None:
    claim = (
        "A beacon is a signal, sent by a lamp that a harbour chooses, that tells every captain "
        "that the harbour asks for a pilot."
    )
    assert verdict(LEXICAL, claim, SIGNAL) is Verdict.NEUTRAL


def test_a_passive_the_passage_does_not_have_is_a_change_of_voice() -> None:
    text = "The captain shall light the lamp before entering the harbour."
    claim = "The lamp shall be lit by the captain before entering the harbour."
    assert not _agent_kept(aligned(claim, text))
    assert voice_changed(aligned(claim, text))


# -- a modifier moved into the slot of another ------------------------------------------------


def test_a_modifier_moved_into_another_ones_slot_is_substituted() -> None:
    text = (
        "Where the lease is silent, the term follows the rent: daily rent makes a day-to-day "
        "term, yearly rent a year-to-year term."
    )
    claim = "Where the lease is silent, yearly rent makes a day-to-day term."
    assert substituted(aligned(claim, text))
    assert verdict(LEXICAL, claim, text) is Verdict.NEUTRAL


def test_the_modifier_in_its_own_slot_is_kept() -> None:
    text = (
        "Where the lease is silent, the term follows the rent: daily rent makes a day-to-day "
        "term, yearly rent a year-to-year term."
    )
    claim = "Where the lease is silent, daily rent makes a day-to-day term."
    assert not substituted(aligned(claim, text))


# -- "nor" inside a denial --------------------------------------------------------------------


def test_nor_inside_a_denial_goes_on_denying() -> None:
    found = counts("These rules do not cover a state board, nor data kept for payroll.")
    assert found["data"] == 1


def test_nor_on_its_own_denies() -> None:
    assert counts("Nor does the rule cover payroll data.")["rule"] == 1


# -- an "unless" clause against a plain statement ---------------------------------------------


def test_an_unless_clause_of_the_passage_asserts_nothing_a_statement_denies() -> None:
    text = (
        "A fee fixed in advance is valid unless the party who challenges it shows that it was "
        "unreasonable when the contract was made."
    )
    claim = "The party who relies on a fee fixed in advance must show that it was reasonable."
    assert verdict(NEGATION, claim, text) is not Verdict.CONTRADICTS


def test_a_manner_denied_with_without_is_still_contradicted() -> None:
    text = "A member may bring a guest without notice."
    claim = "A member may bring a guest with notice."
    assert verdict(NEGATION, claim, text) is Verdict.CONTRADICTS


# -- a quote that goes on past a restriction --------------------------------------------------


def test_a_claim_that_quotes_the_case_a_restriction_points_to_is_not_cut_off() -> None:
    text = (
        "A member is in breach in any of the following cases:\n"
        "1. When the member keeps a boat in the harbour after the season ends without leave."
    )
    claim = (
        "A member who keeps a boat in the harbour after the season ends without leave is in breach."
    )
    assert not restriction_cut_off(aligned(claim, text))


def test_a_quote_that_ends_on_a_restricted_word_is_still_cut_off() -> None:
    text = "A member may be fined for mooring in the harbour without a permit issued by the club."
    claim = "A member may be fined for mooring without a permit."
    assert restriction_cut_off(aligned(claim, text))


# -- the edges of the readings (mutation tests) -----------------------------------------------


def _claim(text: str) -> tuple[Token, ...]:
    return tokenize(text)


def _index(tokens: tuple[Token, ...], word: str) -> int:
    return next(i for i, t in enumerate(tokens) if t.word == word)


def test_the_phrase_of_a_word_with_nothing_behind_it_is_the_word() -> None:
    tokens = _claim("every loan")
    assert _phrase_end(tokens, _index(tokens, "loan")) == _index(tokens, "loan")


def test_the_phrase_of_a_word_followed_by_another_word_is_the_word() -> None:
    tokens = _claim("every loan agreement is void")
    assert _phrase_end(tokens, _index(tokens, "loan")) == _index(tokens, "loan")


def test_an_of_phrase_runs_to_the_verb() -> None:
    tokens = _claim("every loan of farm equipment is presumed to last")
    assert _phrase_end(tokens, _index(tokens, "loan")) == _index(tokens, "equipment")


def test_an_of_phrase_runs_to_a_modal() -> None:
    tokens = _claim("every loan of farm equipment may last")
    assert _phrase_end(tokens, _index(tokens, "loan")) == _index(tokens, "equipment")


def test_a_one_word_of_phrase_ends_on_its_word() -> None:
    tokens = _claim("every loan of equipment is void")
    assert _phrase_end(tokens, _index(tokens, "loan")) == _index(tokens, "equipment")


def test_a_relative_clause_runs_past_its_verb_to_the_clause_end() -> None:
    tokens = _claim("every lender that is licensed in the state, and every bank")
    assert _phrase_end(tokens, _index(tokens, "lender")) == _index(tokens, "state")


def test_a_relative_clause_runs_to_the_texts_end() -> None:
    tokens = _claim("every lender that is licensed in the state")
    assert _phrase_end(tokens, _index(tokens, "lender")) == len(tokens) - 1


def test_an_opener_that_ends_the_text_is_its_own_phrase() -> None:
    tokens = _claim("every lender that")
    assert _phrase_end(tokens, _index(tokens, "lender")) == _index(tokens, "that")


def test_every_over_a_word_the_passage_restricts_with_other_than() -> None:
    text = "Loans other than farm loans are presumed to last one season."
    claim = "Every loan is presumed to last one season."
    assert universal_on_restricted(aligned(claim, text))


def test_other_than_with_nothing_behind_it_restricts_nothing() -> None:
    text = "The rule covers loans other than"
    claim = "The rule covers every loan"
    assert not universal_on_restricted(aligned(claim, text))


def test_and_that_with_nothing_behind_it_restricts_nothing() -> None:
    text = "The rule covers lenders that are licensed and that"
    claim = "The rule covers every lender that is licensed"
    assert not universal_on_restricted(aligned(claim, text))


def test_and_followed_by_no_relative_restricts_nothing() -> None:
    text = "The rule covers lenders that are licensed and banks that lend to consumers."
    claim = "The rule covers every lender that is licensed."
    assert not universal_on_restricted(aligned(claim, text))


def test_a_last_word_and_ends_the_text() -> None:
    text = "The rule covers lenders that are licensed and"
    claim = "The rule covers every lender that is licensed"
    assert not universal_on_restricted(aligned(claim, text))


def test_a_by_that_opens_the_claim_keeps_no_agent() -> None:
    text = "The lamp is sent by the harbour."
    claim = "By the harbour the lamp is sent."
    assert not _agent_kept(aligned(claim, text))


def test_an_agent_behind_the_claims_first_word_is_read() -> None:
    text = "A lamp sent by the harbour warns ships."
    claim = "Sent by the harbour, a lamp warns ships."
    assert _agent_kept(aligned(claim, text))


def test_a_verb_that_ends_the_passage_keeps_no_agent() -> None:
    text = "The warning lamp is sent"
    claim = "The warning lamp is sent by the harbour."
    assert not _agent_kept(aligned(claim, text))


def test_other_than_at_the_texts_start_is_read() -> None:
    tokens = tokenize("other than farm premises")
    assert _excepted_here(tokens, _index(tokens, "farm"))


def test_other_than_past_two_determiners_is_read() -> None:
    tokens = tokenize("premises other than any such farm premises")
    assert _excepted_here(tokens, _index(tokens, "farm"))


def test_than_without_other_is_not_read() -> None:
    tokens = tokenize("premises larger than farm premises")
    assert not _excepted_here(tokens, _index(tokens, "farm"))


def test_other_without_than_is_not_read() -> None:
    tokens = tokenize("premises other farm premises")
    assert not _excepted_here(tokens, _index(tokens, "farm"))


def test_a_word_at_the_texts_start_is_not_excepted() -> None:
    tokens = tokenize("farm premises other than")
    assert not _excepted_here(tokens, 0)


def test_an_unless_clause_is_read_back_to_its_marker() -> None:
    tokens = tokenize("valid unless the member shows that it was unfair")
    assert _in_clause_exception(tokens, _index(tokens, "unfair"))


def test_an_except_clause_is_read() -> None:
    tokens = tokenize("valid except where the member shows that it was unfair")
    assert _in_clause_exception(tokens, _index(tokens, "unfair"))


def test_a_without_in_front_ends_the_reading() -> None:
    tokens = tokenize("unless a member keeps a dog without notice")
    assert not _in_clause_exception(tokens, _index(tokens, "notice"))


def test_a_not_in_front_ends_the_reading() -> None:
    tokens = tokenize("unless a member does not give notice")
    assert not _in_clause_exception(tokens, _index(tokens, "notice"))


def test_a_clause_end_in_front_ends_the_reading() -> None:
    tokens = tokenize("unless a member objects, the board gives notice")
    assert not _in_clause_exception(tokens, _index(tokens, "notice"))


def test_a_word_with_no_marker_in_front_is_not_excepted() -> None:
    tokens = tokenize("the board gives notice")
    assert not _in_clause_exception(tokens, _index(tokens, "notice"))


def test_the_unless_clause_is_the_word_itself_not_behind_it() -> None:
    tokens = tokenize("notice unless waived")
    assert not _in_clause_exception(tokens, 0)


def test_an_unless_clause_of_the_claim_against_a_condition_of_the_passage_is_no_pair() -> None:
    # The passage's word stands in its condition ("If the members have agreed ..."): the
    # condition reading, not this one, speaks for it.
    claim = "The board may act, unless the members have agreed otherwise."
    text = "If the members have agreed that dues are paid, the board may act."
    alignment = aligned(claim, text)
    claim_counts = text_negation_counts(claim, 20)
    unit_counts = text_negation_counts(text, 20)
    c = _index(alignment.claim, "agreed")
    u = _index(alignment.unit, "agreed")
    assert not _exception_against_statement(alignment, claim_counts, unit_counts, c, u)


def test_a_clause_set_off_by_a_comma_restricts_nothing() -> None:
    # ", which lend to consumers" describes the lenders; it does not pick some of them.
    text = "The rule covers lenders that are licensed, which lend to consumers."
    claim = "The rule covers every lender that is licensed."
    assert not universal_on_restricted(aligned(claim, text))


def test_a_word_at_the_texts_start_is_never_excepted_whatever_ends_the_text() -> None:
    assert not _excepted_here(tokenize("other than the"), 0)

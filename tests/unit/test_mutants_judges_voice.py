"""Cases that pin the edges of the second session's judge readings (voice, agents, requirements,
alternatives, "any X" on another use), written against the mutants `make mutation` made of them:
docs/design.md#the-judges says what each reading is for."""

from __future__ import annotations

import dataclasses

from citenexus.domain.model import Judgment, Verdict
from citenexus.judges import JudgeThresholds, NegationJudge
from citenexus.judges.generality import (
    _restricted,
    _takes_object,
    _uses_at_home,
    _variant_in,
    _word_before,
    alternative_added,
)
from citenexus.judges.lexical import (
    _active_subject,
    _behind_be,
    agent_swapped,
    lexical_verdict,
    subject_moved,
    voice_changed,
    voice_pair,
)
from citenexus.judges.negation import (
    _denied_verb,
    _requires,
    _unpaired_passive_denial,
)
from citenexus.judges.tokens import negation_counts, tokenize
from tests.support.judging import aligned, paired, passage, verdict

NEGATION = NegationJudge()


# --- the agent of a passive claim -------------------------------------------------------------

REPAIR = "(1) The member may arrange for the repair and deduct its cost from the fee."


def test_the_subject_run_reaches_the_first_word_and_every_word_of_it() -> None:
    assert _active_subject(tokenize("Members may arrange it."), 2) == [0]
    assert _active_subject(tokenize("The senior member may arrange it."), 4) == [2, 1]


def test_a_be_word_at_the_start_is_read() -> None:
    assert _behind_be(tokenize("Is paid"), 1)
    assert _behind_be(tokenize("Is not paid"), 2)
    assert not _behind_be(tokenize("paid"), 0)


def test_a_participle_not_behind_be_names_no_agent() -> None:
    claim = "The fee paid by the manager is refunded."
    assert not agent_swapped(aligned(claim, "The member may pay the fee, which is refunded."))


def test_an_agent_without_a_determiner_is_read() -> None:
    assert agent_swapped(aligned("The repair may be arranged by managers.", REPAIR))


def test_each_by_of_the_claim_is_read() -> None:
    deduct = (
        "(1) The member may deduct the cost of the repair from the fee. The fee is due by Monday."
    )
    # The first "by" is no agent (not a participle); the second swaps the roles.
    claim = "The fee, which is due by Monday, may be deducted by the manager."
    assert agent_swapped(aligned(claim, deduct))
    # The first "by" has no agent behind it.
    claim = "The cost is deducted by, and the repair is arranged by the manager."
    assert agent_swapped(aligned(claim, REPAIR))
    # The first "by" stands behind a verb the passage has with no modal in front of it.
    claim = "The fee is refunded by the club; the repair may be arranged by the manager."
    assert agent_swapped(aligned(claim, "The club refunds the fee. " + REPAIR))


# --- voice ------------------------------------------------------------------------------------


def test_a_modal_passive_whose_verb_the_passage_says_otherwise_is_a_change_of_voice() -> None:
    # "handed" is paired with nothing: its voice in the passage cannot be read, so it declines.
    alignment = aligned(
        "The applicant must be handed a copy of the rules.",
        "The manager shall give the applicant a copy of the rules.",
    )
    assert voice_pair(alignment) is None
    assert voice_changed(alignment)


def test_a_modal_passive_whose_passage_verb_is_passive_too_is_no_change() -> None:
    alignment = aligned(
        "The applicant must be handed a copy of the rules.",
        "The applicant shall be handed a copy of the rules.",
    )
    assert not voice_changed(alignment)


def test_a_modal_without_be_is_no_passive() -> None:
    alignment = aligned(
        "The applicant must receive a copy of the rules.",
        "The manager shall give the applicant a copy of the rules.",
    )
    assert not voice_changed(alignment)


def test_a_voice_pair_after_a_word_two_claim_words_quote_is_found() -> None:
    claim = "The fee and the fee may not be waived by the manager."
    alignment = aligned(claim, "The manager may not waive the fee.")
    uses = [u for _, u in alignment.pairs]
    assert uses.count(uses[0]) == 2
    assert voice_pair(alignment) is not None


# --- the lone verb of another sentence --------------------------------------------------------

NOTICE = (
    "The manager shall give the member reasonable written notice of the intent to enter. "
    "The notice shall state the date, the approximate time, and the purpose of the entry."
)


def test_a_lone_verb_of_another_sentence_brings_no_subject() -> None:
    claim = "The notice must give the date, the approximate time and the purpose of the entry."
    assert not subject_moved(aligned(claim, NOTICE))


def test_a_verb_of_the_home_sentence_keeps_its_subject() -> None:
    # "give" stands in the notice's sentence, behind the manager: the manager gives.
    passage_text = (
        "The notice is posted in the hall, and the manager shall give the date, the approximate "
        "time and the purpose."
    )
    claim = "The notice must give the date, the approximate time and the purpose."
    assert subject_moved(aligned(claim, passage_text))


# --- negation: voice, requirements and unpaired denials ---------------------------------------

FEE_RULE = (
    "(d) Until a manager complies with this section, the following rules apply:\n"
    "(1) Notices may be served on the person who signed the membership agreement.\n"
    "(2) The manager may not treat a member's failure to pay the fee as a default during the "
    "period of non-compliance if the member did not know where or how to pay."
)
FEE_CLAIM = (
    "Until a manager complies with this section, a member's failure to pay the fee may not be "
    "treated by the manager as a default during the period of non-compliance if the member did "
    "not know where or how to pay."
)


def test_words_moved_across_a_denial_by_a_change_of_voice_are_no_flip() -> None:
    assert verdict(NEGATION, FEE_CLAIM, FEE_RULE) is Verdict.ENTAILS


def test_the_voice_rule_needs_both_texts_to_deny_the_verb() -> None:
    claim = FEE_CLAIM.replace("may not be treated", "may be treated")
    assert verdict(NEGATION, claim, FEE_RULE) is Verdict.CONTRADICTS


def test_a_requirement_flip_is_reported_with_its_place() -> None:
    rule = "A club shall not expel a member without holding a hearing."
    claim = "A club must hold a hearing to expel a member."
    unit = passage(rule)
    judgment = NEGATION.judge(claim, unit)
    start = rule.index("expel")
    assert judgment == Judgment(unit.key, "negation", Verdict.NEUTRAL, 0.0, (start, start + 5))


def test_an_exception_only_outside_the_home_sentence_leaves_the_requirement() -> None:
    rule = "The club must hold a hearing to expel a member. A guest may leave without notice."
    claim = "The club shall not expel a member without a hearing."
    assert verdict(NEGATION, claim, rule) is Verdict.NEUTRAL


def test_a_denial_that_runs_to_the_end_of_the_text_requires_nothing() -> None:
    tokens = tokenize("The owner shall not end the tenancy")
    words = [t.word for t in tokens]
    assert _requires(tokens, negation_counts(tokens, 20), words.index("end")) is False


def test_denied_verb_at_the_edges_of_the_text() -> None:
    assert _denied_verb(tokenize("it may not be"), 2) is None
    assert _denied_verb(tokenize("it may not"), 2) is None
    assert _denied_verb(tokenize("not used is"), 0) is None  # nothing in front of the "not"
    assert _denied_verb(tokenize("is not used"), 1) == 2


DAYS = "The three days do not include Saturdays and are not extended."


def test_a_claim_denying_a_paired_verb_is_no_unpaired_denial() -> None:
    claim = "Saturdays are not included in the three days."
    assert not _unpaired_passive_denial(aligned(claim, DAYS))


def test_a_claim_with_a_not_that_denies_no_verb_is_read_safely() -> None:
    assert not _unpaired_passive_denial(aligned("Members, not guests, are counted.", DAYS))


def test_a_claim_that_denies_nothing_is_no_unpaired_denial() -> None:
    assert not _unpaired_passive_denial(aligned("The three days include Saturdays.", DAYS))


def test_only_a_not_of_the_passage_is_read_as_its_denial() -> None:
    claim = "Saturdays are not counted in the three days."
    assert not _unpaired_passive_denial(aligned(claim, "The three days may exclude weekends."))
    # A "not" that denies no verb ("not the weeks"), against a claim verb nothing pairs.
    assert not _unpaired_passive_denial(
        aligned(claim, "The three days, not the weeks, include Saturdays.")
    )


def test_one_direction_of_flips_is_still_a_contradiction() -> None:
    rule = (
        "A member who receives a notice may move out instead of paying the new fee, and is not "
        "liable for the increased fee."
    )
    claim = (
        "A member who receives a notice is not allowed to move out instead of paying the new fee."
    )
    assert verdict(NEGATION, claim, rule) is Verdict.CONTRADICTS


# --- alternatives and "any" -------------------------------------------------------------------


def test_an_object_at_the_end_of_the_claim_is_read() -> None:
    assert _takes_object(tokenize("make it"), 0)


def test_every_or_of_the_claim_is_read() -> None:
    hall = "Members or guests may hire the hall for private events."
    claim = "Members or guests may hire the hall for private or public events."
    assert alternative_added(aligned(claim, hall))
    fee = (
        "A club shall not increase the fee of, or reduce the availability of, a hall for private "
        "events."
    )
    claim = "A club may not raise the fee, or make it less available, for private or public events."
    assert alternative_added(aligned(claim, fee))


def test_variant_in_reads_five_shared_letters_the_region_and_skips_the_word_itself() -> None:
    alignment = aligned("The notice may be sent by email.", "The notice may be emailed.")
    assert _variant_in(alignment, "email")  # "emailed": five letters shared
    send = aligned(
        "The statement is sent.", "The manager shall send an itemized statement of the charges."
    )
    assert not _variant_in(send, "statement")  # the word itself is no other form of it
    before = (
        "Deliveries are logged. Nothing else. The hall is open. The notice is posted. The notice "
        "is kept."
    )
    region = aligned("The notice is posted and kept.", before)
    assert region.region[0] > 0
    assert not _variant_in(region, "delivery")  # "Deliveries" stands before the region


def test_a_use_at_the_end_of_the_passage_is_read_alone() -> None:
    alignment = aligned("A club must assess any processing", "A club shall assess that processing")
    processing = next(c for c, _ in alignment.pairs if alignment.claim[c].word == "processing")
    assert _uses_at_home(alignment, processing, {u for _, u in alignment.pairs}) == [
        dict(alignment.pairs)[processing]
    ]


def test_restricted_reads_only_the_words_right_in_front() -> None:
    tokens = tokenize("members of proposed fees")
    claim = tokenize("members of fees")
    assert not _restricted(tokens, 3, {2}, claim)
    assert _restricted(tokens, 3, set(), claim)
    # a front word the claim puts in front of the thing itself is not left out
    assert not _restricted(tokens, 3, set(), tokenize("proposed fees of members"))


# --- the densest reading in the paraphrase zone -----------------------------------------------


def test_the_zone_reads_only_the_densest_sentence_for_a_dropped_condition() -> None:
    rule = (
        "(a) After a member has paid dues for two seasons, the club shall not expel the member "
        "without a hearing. If a second member joins the household before the first member "
        "reaches two seasons, the rule applies once either member has paid dues for two seasons."
    )
    claim = "Once a member has paid full dues for two seasons, the club cannot expel the member."
    thresholds = JudgeThresholds()
    alignment = aligned(claim, rule, thresholds)
    assert thresholds.lexical_decline_coverage <= alignment.coverage
    assert lexical_verdict(alignment, thresholds) is not Verdict.NEUTRAL


def test_a_word_under_two_markers_in_the_claim_is_not_the_claims_denial() -> None:
    # "consent" stands under "not" and "without" (an even count): the passage's side is the
    # negated one for that flip, and the passage requires nothing there.
    claim = "A club shall not process data without consent absent an emergency."
    assert verdict(NEGATION, claim, "A club may process data with no consent.") is (
        Verdict.CONTRADICTS
    )


def test_a_verb_denied_twice_is_no_denial_for_the_voice_rule() -> None:
    rule = "The manager may not waive the fee."
    claim = "The fee may not be not waived by the manager."
    assert voice_pair(aligned(claim, rule)) is not None
    assert verdict(NEGATION, claim, rule) is Verdict.CONTRADICTS
    twice = "The manager may not not waive the fee."
    once = "The fee may not be waived by the manager."
    assert voice_pair(aligned(once, twice)) is not None
    assert verdict(NEGATION, once, twice) is Verdict.CONTRADICTS


def test_the_word_before_or_past_determiners() -> None:
    assert _word_before(tokenize("fees the or"), 2) == 0
    assert _word_before(tokenize("red blue green the or"), 4) == 2


def test_the_zone_reads_the_densest_sentence_of_a_stretched_alignment() -> None:
    """An alignment in the paraphrase zone whose pairs run into the next sentence's "If ...":
    only the densest sentence is read there, so the next sentence's condition drops nothing."""
    seasons = (
        "(a) After a member has regularly and fully paid dues for two seasons, the club shall "
        "not expel the member without a hearing, and the club shall state the grounds in the "
        "written notice of expulsion. If a second member joins the household before the first "
        "member reaches two seasons, the rule applies once either member has paid dues for two "
        "seasons."
    )
    claim = (
        "Once a member has paid full dues regularly for two seasons, the club cannot expel the "
        "member without first holding a hearing."
    )
    thresholds = JudgeThresholds()
    alignment = aligned(claim, seasons, thresholds)
    units = [t.word for t in alignment.unit]
    pairs = sorted(alignment.pairs)
    applies = len(units) - 1 - units[::-1].index("applies")
    stretched = paired(claim, seasons, [*pairs[1:-2], (pairs[-1][0], applies)])
    zone = dataclasses.replace(stretched, content=stretched.content + 3)
    assert thresholds.lexical_decline_coverage <= zone.coverage < thresholds.lexical_min_coverage
    assert lexical_verdict(zone, thresholds) is None

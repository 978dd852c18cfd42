"""The lexical judge: coverage of the claim's content words, in the passage's order and roles."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import JudgeThresholds, LexicalJudge

DEPOSIT = (
    "Within 21 days after the tenant vacates the premises, the landlord shall return the "
    "security deposit to the tenant. The landlord may deduct unpaid rent from the deposit."
)
JUDGE = LexicalJudge()


def unit(text: str = DEPOSIT, heading: str = "") -> Unit:
    return Unit(document_id="ca-civ-1950.5", ordinal=3, text=text, heading=heading)


def verdict(claim: str, text: str = DEPOSIT) -> Verdict:
    judgment = JUDGE.judge(claim, unit(text))
    assert judgment is not None
    return judgment.verdict


def test_it_declines_a_claim_without_content_words() -> None:
    assert JUDGE.judge("It shall be so.", unit()) is None
    assert JUDGE.judge("", unit()) is None


def test_a_verbatim_sentence_entails_with_full_coverage_and_its_span() -> None:
    claim = "the landlord shall return the security deposit to the tenant"
    judgment = JUDGE.judge(claim, unit())
    assert judgment is not None
    assert (judgment.verdict, judgment.score, judgment.judge) == (Verdict.ENTAILS, 1.0, "lexical")
    assert judgment.key == "ca-civ-1950.5#3"
    assert judgment.span is not None
    start, end = judgment.span
    assert DEPOSIT[start:end] == "landlord shall return the security deposit to the tenant"


def test_a_verbatim_two_item_list_quote_entails_across_its_lone_or() -> None:
    # The unit puts "or" alone between two items; a quote of the whole list is still verbatim.
    text = (
        "(a) A monthly tenancy may be ended by either party giving notice.\n\n"
        "(b) The tenancy ends on whichever of the following days is later:\n"
        "(1) the day stated in the notice; or\n(2) one month after the notice is given.\n\n"
        "(c) A weekly tenancy ends one week after notice."
    )
    claim = (
        "(b) The tenancy ends on whichever of the following days is later: (1) the day stated "
        "in the notice; or (2) one month after the notice is given."
    )
    judgment = JUDGE.judge(claim, unit(text))
    assert judgment is not None
    assert (judgment.verdict, judgment.score) == (Verdict.ENTAILS, 1.0)


def test_inflection_case_and_punctuation_do_not_matter() -> None:
    assert verdict("THE LANDLORD -- SHALL RETURN; THE SECURITY DEPOSITS!") is Verdict.ENTAILS


def test_a_missing_content_word_puts_the_claim_in_the_paraphrase_zone_where_lexical_declines() -> (
    None
):
    assert JUDGE.judge("The landlord shall return the pet deposit.", unit()) is None


def test_a_claim_whose_words_are_mostly_absent_is_neutral() -> None:
    judgment = JUDGE.judge("The landlord shall paint the hallway every spring.", unit())
    assert judgment is not None
    assert judgment.verdict is Verdict.NEUTRAL
    assert judgment.score < JudgeThresholds().lexical_decline_coverage


def test_a_paraphrase_about_a_party_the_passage_never_names_is_neutral() -> None:
    judgment = JUDGE.judge("The buyer shall return the security deposit promptly.", unit())
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL


def test_a_lower_threshold_lets_one_missing_word_through() -> None:
    lenient = LexicalJudge(JudgeThresholds(lexical_min_coverage=0.7))
    judgment = lenient.judge("The landlord shall return the pet deposit.", unit())
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS


def test_words_of_the_heading_count_as_covered() -> None:
    claim = "Under Civil Code 1950.5, the landlord shall return the security deposit."
    judgment = JUDGE.judge(claim, unit(heading="Civil Code 1950.5"))
    assert judgment is not None and judgment.verdict is Verdict.ENTAILS


def test_a_claim_made_of_words_from_distant_sentences_is_not_covered() -> None:
    text = (
        "The tenant shall pay rent monthly. Pets are allowed. Parking is assigned. "
        "Smoking is banned. Guests may stay a week. The landlord shall repair the roof."
    )
    strict = LexicalJudge(JudgeThresholds(align_max_sentences=1))
    judgment = strict.judge("The tenant shall repair the roof.", unit(text))
    assert judgment is None or judgment.verdict is not Verdict.ENTAILS


@pytest.mark.parametrize(
    "claim",
    [
        "The tenant shall return the security deposit to the landlord.",
        "The tenant may deduct unpaid rent from the landlord.",
    ],
)
def test_swapping_who_does_what_to_whom_is_neutral(claim: str) -> None:
    assert verdict(claim) is Verdict.NEUTRAL


def test_moving_a_phrase_as_a_block_is_still_support() -> None:
    claim = (
        "The landlord shall return the security deposit within 21 days after the tenant vacates."
    )
    assert verdict(claim) is Verdict.ENTAILS


def test_changing_the_role_preposition_of_a_party_is_neutral() -> None:
    claim = "The landlord shall return the security deposit from the tenant."
    assert verdict(claim) is Verdict.NEUTRAL


def test_an_object_of_the_passage_made_the_claims_subject_is_neutral() -> None:
    text = "A late fee may not exceed five percent of the monthly rent and may be charged once."
    assert verdict("The monthly rent may be charged once.", text) is Verdict.NEUTRAL
    assert verdict("A late fee may be charged once.", text) is Verdict.ENTAILS


@pytest.mark.parametrize(
    ("passage", "claim"),
    [
        (
            "Notice must be given at least 30 days ahead.",
            "Notice must be given at most 30 days ahead.",
        ),
        (
            "Notice must be given not less than 30 days ahead.",
            "Notice must be given no more than 30 days ahead.",
        ),
        ("The fee may not exceed $50 per applicant.", "The fee must exceed $50 per applicant."),
        ("Rent is due before the fifth day.", "Rent is due after the fifth day."),
        (
            "Notice must be given 30 days or more ahead.",
            "Notice must be given less than 30 days ahead.",
        ),
    ],
)
def test_a_reversed_comparison_contradicts(passage: str, claim: str) -> None:
    assert verdict(claim, passage) is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("passage", "claim"),
    [
        (
            "Notice must be given 30 days or more ahead.",
            "Notice must be given at least 30 days ahead.",
        ),
        (
            "Notice must be given not less than 30 days ahead.",
            "Notice must be given at least 30 days ahead.",
        ),
        (
            "The deposit is returned within 21 days.",
            "The deposit is returned no later than 21 days.",
        ),
        (
            "Notice must be given before the date of termination.",
            "Notice must be given before termination.",
        ),
    ],
)
def test_the_same_comparison_in_other_words_entails(passage: str, claim: str) -> None:
    assert verdict(claim, passage) is Verdict.ENTAILS


def test_a_comparison_the_passage_does_not_make_is_neutral() -> None:
    passage = "Notice must be given 30 days ahead."
    assert verdict("Notice must be given at least 30 days ahead.", passage) is Verdict.NEUTRAL


def test_dropping_a_comparison_the_passage_makes_is_allowed() -> None:
    passage = "Notice must be given at least 30 days ahead."
    assert verdict("Notice must be given 30 days ahead.", passage) is Verdict.ENTAILS


def test_a_contradiction_scores_zero_and_a_rearrangement_scores_low() -> None:
    reversed_ = JUDGE.judge(
        "Notice is due at most 30 days ahead.", unit("Notice is due at least 30 days ahead.")
    )
    swapped = JUDGE.judge("The tenant shall return the security deposit to the landlord.", unit())
    assert reversed_ is not None and reversed_.score == 0.0
    assert swapped is not None and swapped.score == 0.5


def test_a_heading_line_in_the_unit_text_does_not_make_the_subject_an_object() -> None:
    text = "# Security deposits\n\nA landlord may deduct unpaid rent from the deposit."
    assert verdict("A landlord may deduct unpaid rent from the deposit.", text) is Verdict.ENTAILS


def test_a_verb_another_party_is_the_subject_of_is_neutral() -> None:
    text = "The seller shall disclose the defect, and the buyer may rescind the contract."
    assert verdict("The seller may rescind the contract.", text) is Verdict.NEUTRAL
    assert verdict("The buyer may rescind the contract.", text) is Verdict.ENTAILS


def test_an_of_phrase_in_the_subject_must_be_an_of_phrase_in_the_passage() -> None:
    text = (
        "The board shall act before any fee increase, and notice of the hearing must be published."
    )
    assert verdict("Notice of the fee increase must be published.", text) is Verdict.NEUTRAL
    assert verdict("Notice of the hearing must be published.", text) is Verdict.ENTAILS


def test_the_screen_passes_a_unit_that_could_entail_and_stops_one_that_cannot() -> None:
    claim = "The landlord shall return the deposit within 21 days."
    could = unit("Within 21 days the landlord shall return the deposit to the tenant.")
    assert JUDGE.screen(claim, could) is None
    assert JUDGE.judge(claim, could) is not None
    cannot = unit("The landlord may keep the deposit.")
    stopped = JUDGE.screen(claim, cannot)
    assert stopped is not None
    assert stopped.verdict is Verdict.NEUTRAL and stopped.key == cannot.key
    assert 0.0 < stopped.score < JudgeThresholds().lexical_min_coverage
    found = JUDGE.judge(claim, cannot)
    assert found is not None and found.verdict is not Verdict.ENTAILS  # what the screen promises


def test_the_screen_counts_heading_words_as_align_does_and_declines_wordless_claims() -> None:
    claim = "Civil Code 1950.5 requires the deposit back within 21 days."
    headed = unit(
        "Deposit back within 21 days; requires nothing more.", heading="Civil Code 1950.5"
    )
    assert JUDGE.screen(claim, headed) is None
    assert JUDGE.screen("It is so.", unit()) is None  # no content words: judge() declines


@pytest.mark.parametrize("coverage", [0.5, 0.9, 1.0])
def test_the_screen_never_stops_a_unit_the_judge_would_find_entailing(coverage: float) -> None:
    judge = LexicalJudge(JudgeThresholds(lexical_min_coverage=coverage))
    for claim in (
        "The landlord shall return the deposit within 21 days.",
        "A tenant may terminate with thirty days notice.",
        "The landlord must give 24 hours notice before entry.",
    ):
        for text in (
            DEPOSIT,
            "A tenant may terminate with 30 days' notice.",
            "Entry needs 24 hours notice.",
        ):
            u = unit(text)
            found = judge.judge(claim, u)
            if found is not None and found.verdict is Verdict.ENTAILS:
                assert judge.screen(claim, u) is None


def test_of_regions_that_tie_the_first_in_the_text_wins_and_a_tighter_one_beats_it() -> None:
    from citenexus.judges.align import align

    sentence = "The landlord shall return the security deposit."
    text = f"{sentence} The tenant shall pay rent. {sentence}"
    first = align("landlord return security deposit", text)
    assert first.region_chars == (0, len(sentence))
    # A later single sentence holding every claim word beats an earlier pair of sentences
    # that needs both of its sentences to hold them.
    spread = "The landlord shall return it. The security deposit is held. " + sentence
    tight = align("landlord return security deposit", spread)
    assert spread[tight.region_chars[0] : tight.region_chars[1]] == sentence

"""The rules with and without a lane vocabulary: generic English works alone; a vocabulary only
adds the words of its field, and one lane's reading never leaks into another's."""

from __future__ import annotations

from citenexus.domain.conditions import MET, UNMET, tenure_conditions, tenure_facts, tenure_fit
from citenexus.domain.conflicts import (
    AMOUNT,
    DAYS,
    GENERIC_PARTIES,
    _party_stems,
    focus_of,
    party_stems,
    question_focus,
    values_of,
)
from citenexus.domain.vocabulary import EMPTY, Vocabulary, active, stem
from citenexus.judges.align import align
from tests.support.vocabularies import TENANCY

WAGES = Vocabulary.from_mapping(
    {
        "parties": ["employer", "employee", "data subject"],
        "synonyms": {"boss": "employer"},
        "status_phrases": ["been employed", "worked there"],
        "value_idioms": ["wages"],
    }
)


def test_generic_party_words_need_no_vocabulary_and_a_lane_adds_its_own() -> None:
    assert party_stems(EMPTY) == GENERIC_PARTIES
    wage_parties = party_stems(WAGES)
    with active(WAGES):  # the lane's lay synonym ("boss") stems as its party term does
        assert {stem("employer"), stem("employee"), stem("boss")} <= wage_parties
    assert stem("subject") in wage_parties  # a phrase party is compared by its head word
    assert stem("landlord") not in wage_parties
    assert stem("landlord") in party_stems(TENANCY)


def test_what_a_lane_reads_never_depends_on_the_vocabulary_active_when_it_was_first_read() -> None:
    # Cached readings are keyed on a vocabulary: computing one while another lane's vocabulary
    # is active must not store that lane's stems under this key.
    question = "Can the boss keep the pay?"
    for first in (EMPTY, WAGES, TENANCY):
        _party_stems.cache_clear()
        question_focus.cache_clear()
        focus_of.cache_clear()  # type: ignore[attr-defined]
        with active(first):
            parties, focus = party_stems(WAGES), question_focus(question, WAGES)
            plain_focus = question_focus(question, EMPTY)
        assert parties == GENERIC_PARTIES | {stem("employer"), stem("employee"), stem("subject")}
        assert stem("boss") not in parties  # "boss" is read as "employer" in this lane
        assert focus == {stem("keep"), stem("pay")}  # the boss is a party, so not a focus word
        assert plain_focus == {stem("boss"), stem("keep"), stem("pay")}
    focus_of.cache_clear()  # type: ignore[attr-defined]
    boss, employer = stem("boss"), stem("employer")
    with active(EMPTY):
        assert boss in focus_of(question)
    with active(WAGES):  # the same question, read again in the wages lane
        assert boss not in focus_of(question)
        assert employer in focus_of(question)


def test_a_value_idiom_turns_a_period_into_an_amount_only_where_the_lane_says_so() -> None:
    text = "The deposit may not exceed one month's rent."
    assert values_of(text, DAYS, vocabulary=EMPTY) == ("1 months",)
    assert values_of(text, AMOUNT, vocabulary=EMPTY) == ()
    assert values_of(text, DAYS, vocabulary=TENANCY) == ()
    assert values_of(text, AMOUNT, vocabulary=TENANCY) == ("1 months of rent",)
    pay = "The penalty is two weeks' wages."
    assert values_of(pay, AMOUNT, vocabulary=WAGES) == ("14 days of wages",)
    assert values_of(pay, DAYS, vocabulary=WAGES) == ()


def test_a_stay_is_read_in_generic_english_and_a_status_through_the_lanes_phrases() -> None:
    lived = "I have lived here for three years."
    assert len(tenure_facts(lived, EMPTY)) == 1
    employed = "I have been employed there for three years."
    assert tenure_facts(employed, EMPTY) == ()
    assert len(tenure_facts(employed, WAGES)) == 1
    rule = "An employee who has been employed for one year or more is owed two weeks."
    with active(WAGES):
        assert tenure_fit(employed, rule) == MET
        assert tenure_fit("I have been employed there for five months.", rule) == UNMET
    with active(EMPTY):
        assert tenure_fit(employed, rule) is None
        # A vocabulary handed over explicitly is used instead of the active one.
        assert len(tenure_conditions(rule, WAGES)) == 1
        assert tenure_conditions(rule) == ()


def test_synonyms_apply_only_while_their_lane_is_active_and_caches_keep_lanes_apart() -> None:
    claim, passage = "The boss must pay within 3 days.", "The employer must pay within 3 days."
    with active(EMPTY):
        assert stem("boss") == "boss"
        plain = align(claim, passage)
    with active(WAGES):
        assert stem("boss") == stem("employer")
        lane = align(claim, passage)
    with active(EMPTY):
        assert align(claim, passage) == plain  # not the wage lane's cached reading
    assert len(lane.pairs) > len(plain.pairs)

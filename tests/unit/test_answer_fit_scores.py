"""The extractive score of a sentence, term by term, with exact values (domain/relevance.py and
domain/answer_fit.py): word share, the value bonus (0.5) for a value of the kind asked about the
question, the type bonus (0.5) for a count, a means or a day told by an event, the known share
taken back twice, the role penalty (0.5), the look-back penalty (0.25) and the matter bonus (0.5
times the share of the question's matter the value's own words name).

test_answer_types.py says which sentence wins for each answer type; these pin how much each
term weighs, so a reviewer's quoted sentence cannot change without a test saying so.
"""

from __future__ import annotations

import pytest

from citenexus.domain.answer_fit import answer_score, states_count, states_means
from citenexus.domain.conflicts import DAYS, PERCENT, readings_of, values_of
from citenexus.domain.readings import LOOKBACK
from citenexus.domain.relevance import sentence_score

DEPOSIT = "How many days does a landlord have to return the deposit?"  # 4 terms, all matter
NOTICE = "How much notice must the landlord give before the tenancy ends?"  # a lead time


# --- sentence_score: word share and the value bonus -------------------------------------------


def test_the_value_bonus_is_half_a_point_for_a_value_of_the_kind_asked() -> None:
    # day, deposit, landlord, return: 4 of 4 words (the value names "days") plus the bonus
    assert sentence_score(DEPOSIT, "The landlord shall return the deposit within 21 days.") == 1.5
    # 3 of 4 words, no value
    assert sentence_score(DEPOSIT, "The landlord shall return the deposit promptly.") == 0.75


def test_a_value_about_something_else_earns_no_bonus() -> None:
    question = "What share of visits carry an opt-out signal?"
    sentence = "A signal is honored; separately, interest runs at 12 percent a year."
    assert values_of(sentence, PERCENT) and not values_of(sentence, PERCENT, about=question)
    assert sentence_score(question, sentence) == pytest.approx(0.2)  # 1 of 5 words, no bonus


def test_a_share_earns_the_value_bonus_for_a_question_asking_how_much() -> None:
    # "how much can ... go up" is answered by a percentage as by a sum; a date answers neither
    question = "What is the most the fee can go up in a year?"
    # every content word, and the bonus
    assert sentence_score(question, "The fee may not go up by more than 10 percent a year.") == 1.5
    # every content word, no bonus
    assert sentence_score(question, "The fee may go up once a year, on January 1, 2026.") == 1.0


# --- answer_score: the terms the frame adds ---------------------------------------------------


def test_the_matter_bonus_is_half_a_point_times_the_share_of_the_matter_the_value_names() -> None:
    # the value's words name deposit, landlord and return: 3 of the 4 matter words
    sentence = "The landlord shall return the deposit within 21 days."
    assert answer_score(DEPOSIT, sentence) == pytest.approx(1.5 + 0.5 * 3 / 4)


def test_a_value_in_the_role_asked_keeps_its_bonus_and_earns_the_matter_bonus() -> None:
    sentence = "The landlord must give notice at least 60 days before the tenancy ends."
    assert [r.role for r in readings_of(sentence, DAYS, NOTICE)] == ["lead"]
    # 5 of 5 words, the value bonus, and the value names all 5 matter words
    assert answer_score(NOTICE, sentence) == pytest.approx(1.0 + 0.5 + 0.5)


def test_a_value_of_another_role_loses_its_bonus() -> None:
    sentence = "The tenant has 60 days after the notice to move out of the unit."
    assert [r.role for r in readings_of(sentence, DAYS, NOTICE)] == ["deadline"]
    assert sentence_score(NOTICE, sentence) == pytest.approx(0.7)
    assert answer_score(NOTICE, sentence) == pytest.approx(0.2)


def test_a_sentence_without_a_value_is_not_charged_for_the_role() -> None:
    sentence = "The landlord must give notice in writing before the tenancy ends."
    assert answer_score(NOTICE, sentence) == sentence_score(NOTICE, sentence) == 1.0


def test_a_look_back_period_costs_a_quarter_point_more_when_a_role_is_asked() -> None:
    sentence = (
        "The landlord must give notice of any increase during the 12 months before the tenancy "
        "ends."
    )
    assert [r.role for r in readings_of(sentence, DAYS, NOTICE)] == [LOOKBACK]
    # 1.5, less the role penalty (a look-back is not a lead time), less the look-back penalty
    assert answer_score(NOTICE, sentence) == pytest.approx(1.5 - 0.5 - 0.25)


def test_a_look_back_period_costs_nothing_when_no_role_is_asked() -> None:
    question = "How long is the period for rent increases?"  # a duration, no role
    sentence = "The cap counts every increase during the 12 months before the new increase."
    assert [r.role for r in readings_of(sentence, DAYS, question)] == [LOOKBACK]
    # 1 of 4 words (increase), the value bonus, and 1 of 3 matter words named
    assert answer_score(question, sentence) == pytest.approx(0.25 + 0.5 + 0.5 * 1 / 3)


def test_words_the_question_names_as_known_are_taken_back_twice() -> None:
    question = "Besides the attorney general, who else may enforce the act?"  # 6 words
    # attorney, enforce, act: 3 of 6; "attorney" is known, taken back 2 x 1/6
    sentence = "District attorneys may enforce the act."
    assert answer_score(question, sentence) == pytest.approx(3 / 6 - 2 / 6)
    # naming the known body in full takes back more than it shares: never below 0
    assert answer_score(question, "The attorney general may enforce the act.") == 0.0


# --- the type bonus ---------------------------------------------------------------------------


def test_a_means_named_by_the_questions_own_verb_earns_the_type_bonus() -> None:
    question = "How must the notice be delivered?"
    assert states_means("The notice is given by delivering a copy.", frozenset({"deliver"}))
    # "delivering" is the question's "delivered" (inflections fold): share 1, bonus 0.5
    assert answer_score(question, "The notice is given by delivering a copy to the tenant.") == 1.5
    # another gerund is not a means of delivering
    assert answer_score(question, "The notice is given by posting a copy on the door.") == 0.5


def test_a_day_told_by_an_event_earns_the_type_bonus_when_no_date_answers() -> None:
    question = "When does the deposit period begin?"
    by_event = (
        "The deposit period begins on the day the tenant moves out; the rules were adopted on "
        "January 1, 2020."
    )
    # the date is about the rules' adoption, not the period: the day told by an event answers
    assert answer_score(question, by_event) == 1.5


@pytest.mark.parametrize(
    ("sentence", "counts"),
    [
        ("A consumer may request a copy two times a year.", True),
        # an amount before the count is skipped, not the end of the search
        ("For a fee of $5, a consumer may request a copy two times a year.", True),
        # what is counted may be capitalised
        ("A consumer may request a copy two Times a year.", True),
        # a number of something else
        ("A consumer may request a copy two years after the first request.", False),
        # what is counted must start within 40 characters of the number ("ti" at 38-39 is
        # not "tim")
        ("A consumer may request two extraordinarily complicated peculiar times.", False),
        ("A consumer may request two extraordinarily complicated quaint times.", True),
        # an adverb says a number of times on its own (blind development question X01 of
        # 2026-12-07: "not more than twice in any 12-month period" answers "how many times")
        ("A consumer may request a copy not more than twice a year.", True),
        ("A consumer may request a copy Thrice a year.", True),
        ("A consumer may request a copy twice.", True),
        # ... but a multiplier is no number of times
        ("A consumer may recover twice the fee paid for a copy.", False),
        ("A consumer may recover twice as much as the fee.", False),
        ("A consumer may recover twice its fee.", False),
    ],
)
def test_a_count_of_what_the_question_counts(sentence: str, counts: bool) -> None:
    assert states_count(sentence, "tim") is counts
    question = "How many times a year may a consumer request a copy?"
    share = sentence_score(question, sentence)
    assert answer_score(question, sentence) == pytest.approx(share + (0.5 if counts else 0.0))


def test_an_adverb_of_times_counts_only_times() -> None:
    assert not states_count("A consumer may request a copy twice a year.", "day")
    assert not states_count("A consumer may request a copy twice a year.", "")


# --- a statement of reach answers only a question about reach -------------------------------

CONSENT = "What must a game website get before it collects a child's email address?"
REACH = (
    "This chapter applies to the operator of a website directed to children that collects "
    "email addresses."
)
RULE = "(2) Obtain verifiable parental consent before it collects an email address from a child;"


def test_a_statement_of_reach_scores_half_unless_the_question_asks_about_reach() -> None:
    # website, collect, child, email, address: 5 of 7 words (get, game are not named) ...
    plain = sentence_score(CONSENT, REACH)
    assert answer_score(CONSENT, REACH) == pytest.approx(plain / 2)
    # ... so the rule naming fewer of them is quoted first
    assert answer_score(CONSENT, RULE) > answer_score(CONSENT, REACH)
    labelled = "(a) This section does not apply to a website for adults that collects email."
    assert answer_score(CONSENT, labelled) == pytest.approx(sentence_score(CONSENT, labelled) / 2)
    for asking in (
        "Does the chapter apply to a game website that collects a child's email address?",
        "Is a game website that collects a child's email address covered?",
        "Is a game website that collects a child's email address exempt?",
    ):
        assert answer_score(asking, REACH) == pytest.approx(sentence_score(asking, REACH))
    # A rule that names its chapter further in is no statement of reach.
    inner = "An operator shall, under this chapter, obtain consent before it collects an email."
    assert answer_score(CONSENT, inner) == pytest.approx(sentence_score(CONSENT, inner))

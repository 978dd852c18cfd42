"""The question read once (citenexus/domain/question.py): answer type, role, matter and facts,
and answer selection through it (citenexus/domain/answer_fit.py)."""

from __future__ import annotations

import pytest

from citenexus.domain import readings
from citenexus.domain.answer_fit import answer_score
from citenexus.domain.conflicts import AMOUNT, DATE, DAYS, POLARITY
from citenexus.domain.question import AMOUNT as AMOUNT_TYPE
from citenexus.domain.question import (
    COUNT,
    DURATION,
    MANNER,
    PERCENT,
    PERSON,
    YES_NO,
    read_question,
)
from citenexus.domain.question import DATE as DATE_TYPE
from citenexus.text.quantities import amounts_stated


@pytest.mark.parametrize(
    ("question", "answer_type"),
    [
        ("How long may the vendor take to reply?", DURATION),
        ("How many days does the company have to answer?", DURATION),
        ("How soon must the carrier be told?", DURATION),
        ("How much does the inspection cost?", AMOUNT_TYPE),
        ("What percentage of the deposit may be kept?", PERCENT),
        # a superlative that bounds a share asks for the share
        ("By what maximum percentage may the owner increase the rate over 12 months?", PERCENT),
        ("What minimum share of the fund must be held in cash?", PERCENT),
        ("When is the annual report due?", DATE_TYPE),
        ("How many times a year can I ask for a copy?", COUNT),
        ("Can the company charge a fee for a second copy?", YES_NO),
        ("How must the notice be delivered?", MANNER),
        ("Who may enforce the act?", PERSON),
        ("Tell me about the act.", None),
        # a superlative asked for with what it bounds
        ("What's the most my landlord can raise the rent over a year?", AMOUNT_TYPE),
        ("What is the biggest fine a retailer can face per violation?", AMOUNT_TYPE),
        ("What is the least a carrier must pay?", AMOUNT_TYPE),
        ("What is the longest the gym may keep that fingerprint data?", DURATION),
        ("What is the minimum notice a landlord must give?", DURATION),
        ("What is the shortest period an inspection can be deferred?", DURATION),
        ("What is the most important factor?", None),  # bounds nothing
    ],
)
def test_each_answer_type_is_read_from_the_asking_clause(
    question: str, answer_type: str | None
) -> None:
    assert read_question(question).answer_type == answer_type


def test_the_kinds_the_stages_compare_come_from_one_reading() -> None:
    frame = read_question("How many days does the company have to answer a request?")
    assert (frame.value_kind, frame.conflict_kind) == (DAYS, DAYS)
    frame = read_question("How much is the late fee?")
    assert (frame.value_kind, frame.conflict_kind) == (AMOUNT, AMOUNT)
    assert read_question("Is the training mandatory?").conflict_kind == POLARITY
    assert read_question("When is the report due?").conflict_kind == DATE
    frame = read_question("What is the maximum a controller may charge for a second copy?")
    assert (frame.value_kind, frame.scored_kind, frame.conflict_kind) == (AMOUNT, AMOUNT, AMOUNT)
    frame = read_question("What is the longest a controller may keep the data?")
    assert (frame.value_kind, frame.conflict_kind) == (DAYS, DAYS)


def test_stated_facts_are_kept_apart_from_the_asking_clause() -> None:
    frame = read_question(
        "I have worked there for three years. My employer is closing the site. "
        "How much notice must my employer give?"
    )
    assert "three years" in frame.facts
    assert frame.role == readings.LEAD
    assert "notic" in frame.matter or "notice" in frame.matter
    assert "year" not in frame.matter


def test_a_deadline_question_and_a_lead_time_question_ask_for_different_roles() -> None:
    assert read_question("How long does the company have to hand it over?").role == (
        readings.DEADLINE
    )
    assert read_question("How far ahead do I have to tell them?").role == readings.LEAD
    assert read_question("How long must the records be kept?").role is None


def test_a_lead_time_question_prefers_the_lead_time_over_a_deadline_after_another_event() -> None:
    question = "How much notice must the owner give before the contract ends?"
    lead = "The owner shall give written notice at least 60 days before the contract ends."
    deadline = "The owner shall pay the fee within 15 days after the notice is served."
    assert answer_score(question, lead) > answer_score(question, deadline)


def test_a_look_back_period_is_not_the_notice_asked_for() -> None:
    question = "How much notice must the employer give before the layoff?"
    notice = "The employer must give at least 60 days' notice before the layoff."
    lookback = (
        "The count includes employees who worked during the preceding 12 months before the notice."
    )
    assert answer_score(question, notice) > answer_score(question, lookback)


def test_a_value_naming_the_question_matter_beats_one_naming_another() -> None:
    question = "How much is the fine for late filing?"
    fine = "The fine for late filing is $200."
    fee = "The filing fee for the application is $75."
    assert answer_score(question, fine) > answer_score(question, fee)


def test_a_length_of_keeping_is_not_the_deadline_asked_for() -> None:
    question = (
        "If the regulator asks for the assessment, how long does the company have to hand it over?"
    )
    deadline = (
        "The company shall give the assessment to the regulator within 30 days after the request."
    )
    length = (
        "The company shall keep the assessment for at least three years after the activity ends."
    )
    assert answer_score(question, deadline) > answer_score(question, length)


def test_a_sentence_sharing_no_word_scores_nothing() -> None:
    assert answer_score("How much is the fine for late filing?", "Nothing here.") == 0.0


def test_the_asking_clause_is_the_last_one_that_asks_wherever_it_stands() -> None:
    # A yes/no question asks with its mark alone, before the facts as well as after them.
    frame = read_question("Can the landlord raise the rent? I moved in last year.")
    assert frame.facts == "I moved in last year."
    assert {"rais", "rent"} <= frame.matter and "mov" not in frame.matter
    two = read_question("I moved in last year. I pay rent monthly. How much notice is owed?")
    assert two.facts == "I moved in last year. I pay rent monthly."


def test_a_statement_without_a_question_is_its_own_asking_clause() -> None:
    frame = read_question("Tell me the deposit rule.")
    assert frame.facts == "" and "deposit" in frame.matter
    assert read_question("").matter == frozenset() and read_question("").facts == ""


@pytest.mark.parametrize(
    ("question", "amounts"),
    [
        (
            "If the landlord spends more than $125 fixing things, do I get proof?",
            {("amount", 125.0, "")},
        ),
        ("My rent goes up by 12 percent. How much notice do I get?", {("percent", 12.0, "")}),
        (
            "The fee was €30 and then 5%. Is that allowed?",
            {("amount", 30.0, "€"), ("percent", 5.0, "")},
        ),
        # durations, counts and dates are no sums of money or shares
        ("I have lived here for two years with 3 roommates since May 1, 2024. Can I stay?", set()),
    ],
)
def test_the_frame_reads_the_sums_of_money_and_shares_a_question_states(
    question: str, amounts: set[tuple[str, float, str]]
) -> None:
    assert read_question(question).amounts == amounts
    assert amounts_stated(question) == amounts

"""What a value in a claim is about and what its own words say of it (docs/design.md#conflicts):
the words around it that decide whether it answers the question, and the reading compared."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import (
    AMOUNT,
    DATE,
    DAYS,
    YEARLESS_DATE,
    Assertion,
    claim_assertion,
    conflict_from_dict,
    detect_conflicts,
    focus_words,
    matter_named,
    readings_of,
    values_of,
)
from citenexus.domain.readings import DEADLINE, LABEL, Reading, disagree, subject_of
from citenexus.domain.vocabulary import stem

REFUND = "How many days for a refund?"
DEPOSIT = "How many days to return the deposit?"


def test_the_words_after_a_value_count_up_to_the_end_of_its_clause() -> None:
    assert values_of("The tenant must pay within 30 days before the refund.", DAYS, REFUND) == (
        "30 days",
    )
    # After a comma the next clause is about something else.
    assert values_of("The tenant must pay within 30 days, then the refund.", DAYS, REFUND) == ()


def test_a_value_in_a_short_opening_phrase_is_about_the_rest_of_its_sentence() -> None:
    opening = "Pay within 30 days, then the landlord makes the refund; the rest is later."
    assert values_of(opening, DAYS, REFUND) == ("30 days",)
    # With two content words or more before it, the value has words of its own.
    two_words = "Tenant pays 30 days, then the landlord makes the refund."
    assert len(focus_words("Tenant pays")) == 2
    assert values_of(two_words, DAYS, REFUND) == ()
    # The rest of the sentence ends at its full stop or semicolon.
    assert values_of("Pay within 30 days; the landlord makes the refund.", DAYS, REFUND) == ()


def test_a_pronoun_opening_the_text_still_points_at_its_sentence() -> None:
    # "It" is the text's first word: the clause from it to the value is still read.
    assert values_of("It sets the fee at $10 or $30.", AMOUNT, "How much is the fee?") == (
        "$10",
        "$30",
    )


def test_a_value_opening_the_text_keeps_every_word_before_it() -> None:
    (reading,) = readings_of("Within 30 days the landlord must return the deposit.", DAYS, DEPOSIT)
    assert reading.role == DEADLINE  # "Within", the text's first word, is read whole
    assert reading.matter == {"return", "deposit"}


def test_a_values_own_words_stop_at_the_values_beside_it() -> None:
    text = "Within 5 days of notice, the landlord owes the deposit 30 days later."
    first, second = readings_of(text, DAYS, DEPOSIT)
    assert (first.value, first.role) == ("5 days", DEADLINE)
    assert (second.value, second.role) == ("30 days", None)  # "Within" is the 5 days' word
    text = "Return the deposit within 30 days or within 10 days before the deposit hearing."
    first, second = readings_of(text, DAYS, DEPOSIT)
    assert first.anchor == frozenset()  # "before the deposit hearing" is the 10 days' anchor
    assert second.anchor == {"deposit", "hear"}


def test_a_values_qualifiers_are_the_words_between_its_neighbours() -> None:
    text = (
        "Written notice of the deposit return within 30 days, or within 10 days for an oral "
        "deposit request."
    )
    written, oral = readings_of(text, DAYS, DEPOSIT)
    assert written.qualifiers == {"writ"}
    assert oral.qualifiers == {"oral"}


def test_a_pronoun_in_the_previous_sentence_does_not_lend_its_words() -> None:
    assert values_of("Is it capped? $30 per applicant.", AMOUNT, "How much is the cap?") == ()


def test_a_condition_and_a_range_are_read_from_the_values_own_sentence() -> None:
    text = (
        "If the tenant asks, the deposit is due. The landlord returns the deposit within 30 days."
    )
    (reading,) = readings_of(text, DAYS, DEPOSIT)
    assert reading.condition == frozenset()
    text = "The landlord returns the deposit within 30 days. Fees run between 10 and 20 dollars."
    assert readings_of(text, DAYS, DEPOSIT)[0].span is None


RENEWAL = "When is the renewal due?"


def test_a_yearless_date_is_a_day_of_the_month_that_exists() -> None:
    assert values_of("Renewal is due November 1.", DATE, RENEWAL) == ("--11-01",)
    # The text's first word is read whole.
    assert values_of("Renewal falls on November 1.", DATE, "When is the renewal?") == ("--11-01",)
    assert values_of("Renewal is due November 32, or rather November 30.", DATE, RENEWAL) == (
        "--11-30",
    )
    (reading,) = readings_of("Renewal is due November 32, or rather November 30.", DATE, RENEWAL)
    assert (reading.value, reading.base) == ("--11-30", YEARLESS_DATE)
    (first,) = readings_of("Renewal is due November 1.", DATE, RENEWAL)
    assert first.value == "--11-01"
    assert first.matter == {"renewal", "due"}  # the text's first word is read whole


def test_a_yearless_dates_reading_keeps_the_years_its_words_name() -> None:
    (reading,) = readings_of("The renewal for 2025 is due November 30.", DATE, RENEWAL)
    assert reading.qualifiers == {"renewal", "year:2025"}


def assertion(
    index: int, doc: str, rank: int, *values: str, key: str = "", found: tuple[Reading, ...] = ()
) -> Assertion:
    return Assertion(index, key or f"{doc}#0", doc, rank, f"tier{rank}", "CA", tuple(values), found)


def test_every_claim_of_a_disagreeing_document_is_named_in_the_conflict() -> None:
    statute = [assertion(i, "statute", 5, "60 days", key=f"statute#{i}") for i in (0, 1)]
    (conflict,) = detect_conflicts(DAYS, [*statute, assertion(2, "blog", 1, "30 days")])
    assert [key for _, key, _ in conflict.values] == ["statute#0", "statute#1", "blog#0"]
    assert conflict.losing_claims == (2,)
    # The weaker document first; its claims after the first are compared with every other one.
    found = [
        assertion(0, "blog", 1, "30 days"),
        *(assertion(i, "statute", 5, "60 days", key=f"statute#{i}") for i in (1, 2, 3)),
    ]
    (conflict,) = detect_conflicts(DAYS, found)
    assert [key for _, key, _ in conflict.values] == [
        "blog#0",
        "statute#1",
        "statute#2",
        "statute#3",
    ]
    assert conflict.resolved_to == "60 days"
    assert conflict.overridden == ("blog#0",)


def test_the_weaker_side_loses_whichever_claim_comes_first() -> None:
    (conflict,) = detect_conflicts(
        DAYS, [assertion(0, "blog", 1, "30 days"), assertion(1, "statute", 5, "60 days")]
    )
    assert (conflict.resolved_to, conflict.losing_claims) == ("60 days", (0,))


def test_a_claim_that_lost_to_a_stronger_source_leaves_an_equal_rank_disagreement_resolved() -> (
    None
):
    found = [
        assertion(0, "code", 9, "60 days"),
        assertion(1, "statute", 5, "60 days"),
        assertion(2, "rule", 5, "30 days"),
    ]
    (conflict,) = detect_conflicts(DAYS, found)
    assert conflict.resolved_to == "60 days"
    assert conflict.losing_claims == (2,)
    assert conflict.contested_claims == ()


def days(value: float, *matter: str) -> Reading:
    return Reading(f"{value:g} days", "days", value, frozenset(matter))


def test_each_reading_of_a_claim_is_compared_with_each_of_the_others() -> None:
    # The other claim's first reading is of another matter: its second still disagrees.
    found = [
        assertion(0, "statute", 5, "60 days", found=(days(60, "deposit"),)),
        assertion(1, "blog", 1, "5 days", "30 days", found=(days(5, "fee"), days(30, "deposit"))),
    ]
    (conflict,) = detect_conflicts(DAYS, found)
    assert conflict.losing_claims == (1,)
    # A value the first document also states is no disagreement, but the next one still is.
    found = [
        assertion(0, "statute", 5, "60 days", found=(days(60, "deposit"),)),
        assertion(1, "statute", 5, "20 days", key="statute#1", found=(days(20, "deposit"),)),
        assertion(
            2, "blog", 1, "20 days", "30 days", found=(days(20, "deposit"), days(30, "deposit"))
        ),
    ]
    (conflict,) = detect_conflicts(DAYS, found)
    assert conflict.losing_claims == (2,)


def test_a_conflicts_matter_names_every_word_both_sides_share() -> None:
    found = [
        assertion(0, "statute", 5, "60 days", found=(days(60, "deposit", "return"),)),
        assertion(1, "blog", 1, "30 days", found=(days(30, "deposit", "return"),)),
    ]
    (conflict,) = detect_conflicts(DAYS, found)
    assert conflict.matter == "deposit, return"


def test_a_claim_without_an_asked_kind_asserts_nothing() -> None:
    made = claim_assertion(
        0,
        key="statute#0",
        document_id="statute",
        tier_rank=5,
        tier_name="statute",
        jurisdiction="CA",
        text="The landlord returns the deposit within 30 days.",
        question=DEPOSIT,
        kind=None,
    )
    assert (made.values, made.readings) == ((), ())


def test_a_stored_conflict_reads_back_with_its_resolution_and_defaults_for_older_entries() -> None:
    (conflict,) = detect_conflicts(
        DAYS,
        [
            assertion(0, "statute", 5, "60 days", found=(days(60, "deposit"),)),
            assertion(1, "blog", 1, "30 days", found=(days(30, "deposit"),)),
        ],
    )
    stored = conflict.to_dict()
    assert stored["resolved_to"] == "60 days"
    assert stored["overridden"] == ["blog#0"]
    assert stored["matter"] == "deposit"
    assert conflict_from_dict(stored) == stored
    older = {"kind": "days", "values": stored["values"]}
    assert conflict_from_dict(older) == {
        **stored,
        "resolved_to": None,
        "overridden": [],
        "matter": "",
    }


def test_bare_values_are_compared_as_labels() -> None:
    (read,) = assertion(0, "statute", 5, "60 days").read()
    assert (read.value, read.base, read.matter) == ("60 days", LABEL, frozenset({"*"}))


# "for <noun> of <value>": the phrase names the value itself, so what it is for comes after.
PENALTY = "What is the maximum civil penalty for each violation?"


def test_a_for_phrase_naming_the_value_itself_is_not_what_the_value_is_for() -> None:
    assert subject_of("liable for a civil penalty of not more than $20,000 for each violation") == {
        "violation"
    }
    assert subject_of("liable for a fee of at least $10 for members") == {stem("members")}
    assert subject_of("liable for a fine of up to $500 for late filing") == subject_of(
        "the fine for late filing is $200"
    )
    # "of" followed by no value is part of the subject, not the value's head
    assert subject_of("for each violation of this part") == {"violation"}
    # with nothing else after it, the value's own head leaves no subject
    assert subject_of("liable for a penalty of $500") == frozenset()


def test_two_penalties_for_each_violation_disagree_whatever_verb_leads_to_them() -> None:
    (high,) = readings_of(
        "A firm that breaks the rule is liable for a civil penalty of not more than $20,000 for "
        "each violation.",
        AMOUNT,
        PENALTY,
    )
    (low,) = readings_of(
        "A firm that breaks the rule shall pay a civil penalty of not more than $10,000 for each "
        "such violation.",
        AMOUNT,
        PENALTY,
    )
    assert high.subject == low.subject == {"violation"}
    assert disagree(high, low)
    # a penalty for another subject still does not
    (other,) = readings_of(
        "A firm is liable for a civil penalty of not more than $5,000 for each late report.",
        AMOUNT,
        PENALTY,
    )
    assert not disagree(high, other)


def test_a_conflicts_matter_is_named_in_the_questions_words() -> None:
    # The readings compare stems ("notic", "lat"); the reviewer reads the question's words.
    found = [
        assertion(0, "statute", 5, "60 days", found=(days(60, stem("notice"), stem("late")),)),
        assertion(1, "blog", 1, "30 days", found=(days(30, stem("notice"), stem("late")),)),
    ]
    question = "How much notice is late notice for a late payment?"
    (conflict,) = detect_conflicts(DAYS, found, question)
    # the stems ("lat", "notic") named as the question first writes them, in its order
    assert conflict.matter == "notice, late"
    assert conflict.to_dict()["matter"] == "notice, late"


@pytest.mark.parametrize(
    ("stems", "question", "named"),
    [
        ([stem("notice")], "How much notice must the owner give?", "notice"),
        # in the question's order, each stem once, as first written
        (
            [stem("renewal"), stem("brightwater")],
            "When is Brightwater's renewal due? Renewals lapse.",
            "brightwater, renewal",
        ),
        # a stem the question does not hold (a lane term for its lay word) is kept as it is
        ([stem("notice"), "lessor"], "How much notice?", "notice, lessor"),
        ([stem("fee")], "Is the fee due?", "fee"),
        ([], "How much notice?", ""),
    ],
)
def test_matter_named(stems: list[str], question: str, named: str) -> None:
    assert matter_named(stems, question) == named


def test_matter_named_reads_words_of_three_letters_or_more() -> None:
    # A word of three letters is a matter word, named where the question has it ("fee" before
    # "notice"); a two-letter word is none, so its stem comes after the named ones.
    assert matter_named(["fee", stem("notice")], "Is the fee a notice?") == "fee, notice"
    assert matter_named(["ox", "fee"], "Is an ox fee due?") == "fee, ox"
    # a stop word is none either
    assert matter_named(["the", "fee"], "Is the fee due?") == "fee, the"

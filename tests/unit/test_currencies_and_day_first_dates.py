"""Amounts keep their currency, and a date without a year may be written day first
(docs/design.md, "Conflicts about the same matter"): a corpus outside the United States states
fees in pounds or euros and deadlines as "30 April"."""

from __future__ import annotations

import pytest

from citenexus.domain.conflicts import (
    values_of,
)
from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NumericJudge
from citenexus.text.quantities import (
    AMOUNT,
    DAYS,
    NUMBER,
    PERCENT,
    Quantity,
    extract_quantities,
)
from scripts.conflict_pairs import unresolved


@pytest.mark.parametrize(
    ("text", "label", "currency"),
    [
        ("a fee of $35", "$35", ""),
        ("a fee of 35 dollars", "$35", ""),
        ("a fee of USD 35", "$35", ""),
        ("a fee of 35 USD", "$35", ""),
        ("a fee of \u00a335", "\u00a335", "\u00a3"),
        ("a fee of GBP 35", "\u00a335", "\u00a3"),
        ("a fee of 35 GBP", "\u00a335", "\u00a3"),
        ("a fee of \u20ac35", "\u20ac35", "\u20ac"),
        ("a fee of EUR 35", "\u20ac35", "\u20ac"),
        ("a fee of 35 euros", "\u20ac35", "\u20ac"),
        ("a fee of 35 euro", "\u20ac35", "\u20ac"),
        ("a fee of 35 EUR", "\u20ac35", "\u20ac"),
        ("a 35-euro fee", "\u20ac35", "\u20ac"),
        ("a 35-dollar fee", "$35", ""),
    ],
)
def test_an_amount_keeps_its_currency(text: str, label: str, currency: str) -> None:
    (amount,) = extract_quantities(text)
    assert (amount.kind, amount.value, amount.label, amount.currency) == (
        AMOUNT,
        35.0,
        label,
        currency,
    )
    assert text[amount.start : amount.end].replace("a fee of ", "") in text


def test_a_symbol_in_front_starts_the_amount() -> None:
    (amount,) = extract_quantities("pay \u00a3 40 now")
    assert (amount.start, amount.end) == (4, 8)


def test_only_amounts_carry_a_currency() -> None:
    kinds = {(q.kind, q.currency) for q in extract_quantities("within 14 days, 5 euros, 3 rooms")}
    assert kinds == {(DAYS, ""), (AMOUNT, "\u20ac"), (NUMBER, "")}
    # "per cent", and a day qualifier on another unit ("3 business weeks" is a bare number)
    kinds = {(q.kind, q.currency) for q in extract_quantities("5 per cent or 3 business weeks")}
    assert kinds == {(PERCENT, ""), (NUMBER, "")}


def test_amounts_in_two_currencies_are_never_the_same_value() -> None:
    pound = Quantity(AMOUNT, 35.0, 0, 3, currency="\u00a3")
    dollar = Quantity(AMOUNT, 35.0, 0, 3)
    assert not pound.same_value(dollar)
    assert pound.same_value(Quantity(AMOUNT, 35.0, 5, 9, "other words", "\u00a3"))


def test_the_numeric_judge_reads_the_currency() -> None:
    unit = Unit("tariff", 1, "The fee is \u00a335 per applicant.")
    judge = NumericJudge()
    same = judge.agreement("The fee is \u00a335.", unit)
    other = judge.agreement("The fee is $35.", unit)
    assert same is not None and same.verdict is Verdict.ENTAILS
    assert other is not None and other.verdict is Verdict.CONTRADICTS


def test_two_fees_in_one_currency_conflict_and_in_two_do_not() -> None:
    question = "How much is the late fee on a library book?"
    pounds = "The late fee on a library book is \u00a32."
    assert unresolved(question, pounds, "A library book returned late costs a late fee of \u00a35.")
    assert not unresolved(question, pounds, "The late fee on a library book is \u20ac5.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("file the return by 30 April of the following year", ("--04-30",)),
        ("file the return by the 30th of April", ("--04-30",)),
        ("file the return by April 30", ("--04-30",)),
        ("file the return by 30 April 2026", ("2026-04-30",)),  # a full date: the parser reads it
        ("file the return by 32 April", ()),  # no such day
        ("file the return by 0 April", ()),
        ("file the return by 31 July or 30 April", ("--07-31", "--04-30")),
    ],
)
def test_a_date_without_a_year_may_be_written_day_first(text: str, expected: tuple) -> None:
    assert values_of(text, "date", "file return") == expected


def test_two_day_first_deadlines_conflict() -> None:
    question = "By what date must an individual file the annual tax return?"
    assert unresolved(
        question,
        "An individual shall file the annual tax return on or before 30 April of the next year.",
        "Your annual tax return must be filed by 31 July of the next year.",
    )
    assert not unresolved(
        question,
        "An individual shall file the annual tax return on or before 30 April of the next year.",
        "Your annual tax return must be filed by April 30 of the next year.",
    )


def test_a_spelled_one_is_no_quantity_and_what_follows_is_still_read() -> None:
    found = extract_quantities("one member may pay \u20ac20 within 30 days")
    assert [(q.kind, q.value, q.currency) for q in found] == [
        (AMOUNT, 20.0, "\u20ac"),
        (DAYS, 30.0, ""),
    ]

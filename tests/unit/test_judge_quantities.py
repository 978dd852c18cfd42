"""Extracting and normalising the quantities a text asserts (days, dates, amounts, percents)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.text import quantities
from citenexus.text.numbers import NUMBER_WORDS, parse_number_words
from citenexus.text.quantities import Quantity, extract_quantities, number_literals

ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def in_words(n: int) -> str:
    """English words for 0 <= n < 1,000,000 ("twenty-one", "one hundred and five")."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("-" + ONES[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        return ONES[n // 100] + " hundred" + (" and " + in_words(rest) if rest else "")
    rest = n % 1000
    return in_words(n // 1000) + " thousand" + (" " + in_words(rest) if rest else "")


def only(text: str) -> Quantity:
    found = extract_quantities(text)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("within 30 days", "days", 30),
        ("within thirty days", "days", 30),
        ("within thirty (30) days", "days", 30),
        ("within twenty-one calendar days", "days", 21),
        ("within 21 consecutive days", "days", 21),
        ("within two weeks", "days", 14),
        ("a 30-day notice", "days", 30),
        ("60 days' written notice", "days", 60),
        ("within 10 business days", "business_days", 10),
        ("within five court days", "business_days", 5),
        ("two months' rent", "months", 2),
        ("for one year", "months", 12),
        ("at least 24 hours' notice", "hours", 24),
        ("a fee of $1,500", "amount", 1500),
        ("a fee of 1,500 dollars", "amount", 1500),
        ("a fee of $1,500.50", "amount", 1500.5),
        ("one hundred and fifty dollars", "amount", 150),
        ("a fine of $2 million", "amount", 2_000_000),
        ("5% of the rent", "percent", 5),
        ("five percent of the rent", "percent", 5),
        ("5 per cent of the rent", "percent", 5),
        ("12.5 percent", "percent", 12.5),
        ("on January 5, 2024", "date", dt.date(2024, 1, 5).toordinal()),
        ("on Jan. 5, 2024", "date", dt.date(2024, 1, 5).toordinal()),
        ("on 5 January 2024", "date", dt.date(2024, 1, 5).toordinal()),
        ("on the 5th day of January, 2024", "date", dt.date(2024, 1, 5).toordinal()),
        ("on 2024-01-05", "date", dt.date(2024, 1, 5).toordinal()),
        ("on 01/05/2024", "date", dt.date(2024, 1, 5).toordinal()),
        ("Section 1950.5 applies", "number", 1950.5),
        ("two tenants", "number", 2),
    ],
)
def test_it_extracts_and_normalises_each_kind_of_quantity(
    text: str, kind: str, value: float
) -> None:
    quantity = only(text)
    assert (quantity.kind, quantity.value) == (kind, value)
    assert text[quantity.start : quantity.end].strip()


def test_the_same_date_written_four_ways_has_one_value() -> None:
    values = {
        only(text).value
        for text in ("January 5, 2024", "2024-01-05", "5 January 2024", "01/05/2024")
    }
    assert len(values) == 1


def test_calendar_days_and_plain_days_compare_by_value() -> None:
    assert only("21 calendar days").same_value(only("21 days"))
    assert not only("21 calendar days").same_value(only("30 days"))


def test_business_days_months_and_days_are_never_the_same_value() -> None:
    assert not only("10 business days").same_value(only("10 days"))
    assert not only("one month").same_value(only("30 days"))


def test_one_on_its_own_is_a_pronoun_not_a_number() -> None:
    assert extract_quantities("one of the tenants may terminate") == []
    assert only("one year").value == 12


def test_an_impossible_date_is_not_a_date() -> None:
    assert all(q.kind != "date" for q in extract_quantities("on February 30, 2024"))


def test_text_without_quantities_has_none() -> None:
    assert extract_quantities("The landlord shall maintain the premises.") == []
    assert extract_quantities("") == []


def test_each_value_carries_the_item_it_is_attached_to() -> None:
    found = extract_quantities(
        "The deposit must be returned within 30 days, and notice must be given 60 days ahead."
    )
    assert [(q.value, q.context) for q in found] == [
        (30, "deposit returned"),
        (60, "notice given"),
    ]


def test_a_quantity_labels_itself_for_a_reviewer() -> None:
    assert only("twenty-one days").label == "21 days"
    assert only("January 5, 2024").label == "2024-01-05"
    assert only("$1,500").label == "$1,500"
    assert only("five percent").label == "5%"
    assert only("10 business days").label == "10 business days"


@pytest.mark.parametrize(
    ("text", "value", "span"),
    [
        ("may recover twice the amount withheld", 2.0, "twice"),
        ("up to two times the amount withheld", 2.0, "two"),
        ("inspected twice a year", 2.0, "twice"),
        ("a penalty of thrice the unpaid sum", 3.0, "thrice"),
        ("up to three times the amount withheld", 3.0, "three"),
    ],
)
def test_an_adverb_of_multiplication_states_its_number(text: str, value: float, span: str) -> None:
    found = only(text)
    assert (found.kind, found.value, text[found.start : found.end]) == (
        quantities.NUMBER,
        value,
        span,
    )


def test_once_is_no_quantity() -> None:
    # "once" is also "as soon as", and a count of one is no value here.
    assert extract_quantities("Once the tenant vacates, the landlord shall act once.") == []


def test_number_literals_include_digits_words_and_date_parts() -> None:
    literals = number_literals("On January 5, 2024, twenty-one tenants paid $1,500.")
    assert {5.0, 2024.0, 21.0, 1500.0} <= literals


@pytest.mark.parametrize(
    ("words", "value", "consumed"),
    [
        (["twenty", "-", "one"], 21, 3),
        (["one", "hundred", "and", "fifty"], 150, 4),
        (["two", "thousand", "five", "hundred"], 2500, 4),
        (["twenty", "twenty"], 20, 1),
        (["one", "two"], 1, 1),
        (["hundred"], None, 0),
        (["days"], None, 0),
        # where one number stops and the next begins
        (["twenty", "ten"], 20, 1),
        (["twenty", "eleven"], 20, 1),
        (["eleven", "five"], 11, 1),
        (["five", "twenty"], 5, 1),
        (["eleven", "twenty"], 11, 1),
        (["twenty", "one", "two"], 21, 2),
        # "hundred" multiplies one to ninety-nine, once
        (["twenty", "hundred"], 2000, 2),
        (["nineteen", "hundred", "and", "five"], 1905, 4),
        (["one", "hundred", "hundred"], 100, 2),
        (["one", "hundred", "five", "hundred"], 105, 3),
        (["one", "hundred", "zero", "hundred"], 100, 3),
        (["zero", "hundred"], 0, 1),
        # scales add up, "and" may follow one, and a scale needs a number before it
        (["two", "thousand", "and", "five"], 2005, 4),
        (["one", "million", "two", "thousand"], 1_002_000, 4),
        (["two", "thousand", "million"], 2000, 2),
        (["thousand"], None, 0),
        (["and", "five"], None, 0),
        (["-", "one"], None, 0),
        (["five", "-", "one"], 5, 1),
    ],
)
def test_number_words_parse_until_they_stop_making_a_number(
    words: list[str], value: int | None, consumed: int
) -> None:
    expected = None if value is None else (value, consumed)
    assert parse_number_words(words, 0) == expected


@given(st.integers(min_value=2, max_value=999_999))
def test_any_number_in_words_is_the_same_quantity_as_in_digits(n: int) -> None:
    spelled = extract_quantities(f"within {in_words(n)} days")
    digits = extract_quantities(f"within {n:,} days")
    assert [(q.kind, q.value) for q in spelled] == [("days", n)]
    assert spelled[0].same_value(digits[0])


def plain_extract(text: str) -> tuple[Quantity, ...]:
    """The extraction written plainly (one tuple per token, lower-cased one by one): the fast
    path (match objects and lower-cased words built in C) must find exactly these quantities."""
    found = quantities._dates(text)
    taken = [(q.start, q.end) for q in found]
    tokens = [(m.group().lower(), m.start(), m.end()) for m in quantities._TOKEN.finditer(text)]
    tokens = [t for t in tokens if not any(s <= t[1] < e for s, e in taken)]
    words = [t[0] for t in tokens]
    consumed = 0
    for i, word in enumerate(words):
        if i < consumed or not (word[0].isdecimal() or word in NUMBER_WORDS):
            continue
        parsed = quantities._number_at(words, i)
        if parsed is None:
            continue
        value, j, spelled = parsed
        before = words[i - 1] if i > 0 else ""
        symbol = before in quantities._CURRENCY_BEFORE
        j, value = quantities._scale(words, j, value)
        if i > 0 and words[i - 1] == "(" and j < len(words) and words[j] == ")":
            j += 1
        kind, factor, j, currency = quantities._unit_after(words, j)
        start = tokens[i - 1][1] if symbol else tokens[i][1]
        if symbol:
            kind, factor = quantities.AMOUNT, 1
            currency = quantities._CURRENCY_BEFORE[before]
        consumed = j
        if kind == quantities.NUMBER and spelled and value < 2:
            continue
        found.append(Quantity(kind, value * factor, start, tokens[j - 1][2], currency=currency))
    found.sort(key=lambda q: q.start)
    return tuple(quantities._with_context(text, found))


QUANTITY_WORDS = st.sampled_from(
    [
        "within",
        "21",
        "days",
        "thirty",
        "(30)",
        "$1,500",
        "ten",
        "thousand",
        "dollars",
        "\u00a3",
        "EUR",
        "euros",
        "-",
        "euro",
        "GBP",
        "usd",
        "10%",
        "per",
        "cent",
        "2",
        "business",
        "days",
        "January",
        "5,",
        "2024",
        "2024-01-05",
        "one",
        "month's",
        "rent",
        "ÉTAT",
        "İstanbul",
        "²",
        "three",
        "hundred",
        "and",
        "five",
        "hours",
        "weeks",
        "-",
        "(",
        ")",
        "$",
        "1.5",
        "years",
        "Thirty",
        "DAYS",
        "Two",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(QUANTITY_WORDS | st.text(max_size=5), max_size=30).map(" ".join))
def test_the_fast_extraction_finds_what_the_plain_one_finds(text: str) -> None:
    assert quantities._extract.__wrapped__(text) == plain_extract(text)

"""The value readers behind conflicts, each path pinned (docs/design.md, "Conflicts about the same
matter"): mutation testing reaches them now that their caches wrap plain functions. A value idiom
makes a period a sum of money, an unknown kind reads nothing, a stated exception is kept, an
amount's base is its currency, a date has no role, anchor or range, the number as written is
kept for ranges, only amounts have a rate, and a value about nothing does not stop the reading."""

from __future__ import annotations

from citenexus.domain.conflicts import AMOUNT, DATE, DAYS, party_stems, readings_of, values_of
from citenexus.domain.vocabulary import Vocabulary, active, stem

WAGES = Vocabulary(value_idioms=("wages",))
AWARD = "How much is the award for a late payment?"


def test_an_unknown_kind_reads_no_value() -> None:
    assert values_of("Notice is due within 30 days.", "no such kind") == ()
    assert readings_of("Notice is due within 30 days.", "no such kind", "How much notice?") == ()


def test_a_period_followed_by_a_value_idiom_is_an_amount_of_it() -> None:
    text = "The award for a late payment is two weeks' wages."
    with active(WAGES):
        assert [r.value for r in readings_of(text, AMOUNT, AWARD)] == ["14 days of wages"]
        assert values_of(text, AMOUNT, vocabulary=WAGES) == ("14 days of wages",)
        # Asked for a duration, the same words state none.
        assert readings_of(text, DAYS, "How long is the award for a late payment?") == ()
        assert values_of(text, DAYS, vocabulary=WAGES) == ()


def test_asked_for_an_amount_a_date_is_no_amount() -> None:
    text = "The award for a late payment is $500, paid on January 5, 2025 for the award."
    assert [r.value for r in readings_of(text, AMOUNT, AWARD)] == ["$500"]


def test_a_value_in_a_stated_exception_is_marked_so() -> None:
    text = "Except where the buyer agrees otherwise, the seller must refund within 30 days."
    (found,) = readings_of(text, DAYS, "How long does the seller have to refund?")
    assert found.exception is True
    (plain,) = readings_of(
        "The seller must refund within 30 days.", DAYS, "How long does the seller have to refund?"
    )
    assert plain.exception is False


def test_an_amounts_base_is_its_currency() -> None:
    (found,) = readings_of("The screening fee is at most $30.", AMOUNT, "How much is the fee?")
    assert found.base == "$"


def test_a_date_has_no_role_anchor_or_range() -> None:
    question = "When is the annual report due?"
    text = "The annual report is due no later than January 5, 2025 before a meeting of 9 to 12."
    (found,) = (r for r in readings_of(text, DATE, question) if r.base == "date")
    assert (found.role, found.anchor, found.span) == (None, frozenset(), None)


def test_the_number_as_written_is_kept_beside_the_days_it_counts() -> None:
    (found,) = readings_of(
        "The office must answer within 2 weeks of the request.",
        DAYS,
        "How long does the office have to answer a request?",
    )
    assert (found.magnitude, found.raw) == (14.0, 2.0)


def test_only_an_amount_has_a_rate() -> None:
    (found,) = readings_of(
        "Staff work on site 5 days per week.", DAYS, "How many days do staff work on site?"
    )
    assert found.rate == ""
    (charged,) = readings_of("Parking costs $5 per day.", AMOUNT, "How much does parking cost?")
    assert charged.rate == "day"


def test_a_value_about_nothing_does_not_stop_the_reading() -> None:
    text = "Within 10 days the office closes; tenants then get 30 days of notice."
    assert [r.value for r in readings_of(text, DAYS, "How much notice do tenants get?")] == [
        "30 days"
    ]


def test_a_range_is_read_within_forty_characters_of_the_value() -> None:
    question = "At what temperature should chilled food be stored?"
    near = "Chilled food is stored between 0°C and 5°C."
    assert {r.span for r in readings_of(near, "measure", question)} == {(0.0, 5.0)}

    def spans_of_four(text: str) -> list[tuple[float, float] | None]:
        return [r.span for r in readings_of(text, "measure", question) if r.value == "4 °c"]

    # A range starting 41 characters before the value is out of reach ...
    head, tail = "between 1 and 9 hours ", " chilled food at "
    middle = head + "z" * (41 - len(head) - len(tail)) + tail
    assert len(middle) == 41
    assert spans_of_four(f"Chilled food takes {middle}4°C.") == [None]
    shorter = head + "z" * (40 - len(head) - len(tail)) + tail
    assert spans_of_four(f"Chilled food takes {shorter}4°C.") == [(1.0, 9.0)]

    # ... and so is one ending 41 characters after the number ("°C" is read after it).
    def following(length: int) -> str:
        return "°C " + "y" * (length - len("°C  between 1 and 9")) + " between 1 and 9"

    assert len(following(41)) == 41 and len(following(40)) == 40
    assert spans_of_four(f"Keep chilled food at 4{following(41)}") == [None]
    assert spans_of_four(f"Keep chilled food at 4{following(40)}") == [(1.0, 9.0)]


def test_lay_synonyms_of_a_party_are_parties_and_others_are_not() -> None:
    vocabulary = Vocabulary(
        parties=("landlord",), synonyms=(("owner", "landlord"), ("cost", "price"))
    )
    with active(vocabulary):
        price, landlord = stem("price"), stem("owner")
    parties = party_stems(vocabulary)
    assert landlord in parties
    assert price not in parties

"""A list's lead-in that names a kind of case governs the list's items (docs/design.md#applicability):
an item cut into a unit of its own still carries the case it is for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.ingest import segment
from citenexus.ingest.outline import parse_outline
from citenexus.ingest.scope import list_lead_ins

LEAD_IN = (
    "For a vehicle registered for commercial use in this state, the following fees apply to a "
    "renewal:"
)
TEXT = f"""Section 12.

(a) Every owner of a vehicle shall renew its registration each year before it expires. The
registration office shall send a reminder at least 30 days before the registration expires.

(b) {LEAD_IN}
(1) If the vehicle weighs 10,000 pounds or less, the fee is $120 for each year of registration.
(2) If the vehicle weighs more than 10,000 pounds, the fee is $480 for each year of registration.
(3) A renewal made after the registration expires costs an additional $25 late fee.

(c) A renewal may be made by mail, and a renewal made by mail is timely if it is postmarked on or
before the day the registration expires.
"""


def pieces(target: int = 120) -> list:
    return segment(TEXT, target_chars=target, overlap_chars=20)


def test_each_item_of_a_list_carries_the_case_its_lead_in_names() -> None:
    items = [p for p in pieces() if p.text.lstrip().startswith(("(1)", "(2)", "(3)"))]
    assert len(items) == 3
    assert all(LEAD_IN in p.scope.split("\n") for p in items)


def test_the_lead_in_governs_its_items_only_up_to_the_next_sibling_subdivision() -> None:
    after = [p for p in pieces() if "(c)" in p.text and "(3)" not in p.text]
    before = [p for p in pieces() if "(a)" in p.text]
    assert after and before
    assert all(LEAD_IN not in p.scope for p in [*after, *before])


def test_a_unit_that_holds_the_lead_in_itself_does_not_carry_it_again() -> None:
    whole = segment(TEXT, target_chars=900, overlap_chars=150)
    holding = [p for p in whole if LEAD_IN.split(",")[0] in p.text]
    assert holding and all(LEAD_IN not in p.scope for p in holding)


def test_a_list_introduced_without_naming_a_kind_of_case_is_not_a_scope_statement() -> None:
    text = "Section 3.\n\n(a) The notice shall state the following:\n(1) the date;\n(2) the fee.\n"
    assert list_lead_ins(text, parse_outline(text)) == []
    assert all(p.scope == "" for p in segment(text, target_chars=40, overlap_chars=5))


@settings(max_examples=40, deadline=None)
@given(
    items=st.integers(min_value=1, max_value=6),
    kind=st.sampled_from(["a vessel of more than 20 meters", "any employee hired abroad"]),
    target=st.sampled_from([60, 120, 400]),
)
def test_every_unit_that_starts_among_the_items_carries_the_lead_in(
    items: int, kind: str, target: int
) -> None:
    lead_in = f"For {kind}, these rules govern the inspection:"
    listed = "\n".join(
        f"({n}) Inspection step number {n} is recorded in the log within {n} days."
        for n in range(1, items + 1)
    )
    text = f"Section 1.\n\n(a) {lead_in}\n{listed}\n\n(b) Records are kept for five years.\n"
    start = text.index("(1)")
    end = text.index("(b) Records")
    for piece in segment(text, target_chars=target, overlap_chars=10):
        governed = start <= piece.start < end
        assert (lead_in in piece.scope.split("\n")) == governed, piece

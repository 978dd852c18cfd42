"""A full stop ends a sentence for the judges only where one ends: not inside a dotted
abbreviation ("C.R.S.", "U.S.") nor in front of a comma, semicolon, colon or lower-case word.
A "not" behind such a stop is in the claim's own sentence (docs/design.md#the-judges)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NegationJudge
from citenexus.judges.tokens import STOP, tokenize


def _stops(text: str) -> list[str]:
    """Each full stop of ``text`` as the tokeniser reads it: "end" or "inside"."""
    return [
        "end" if t.word == "." else "inside" for t in tokenize(text) if text[t.start : t.end] == "."
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The data that section 12(2), C.R.S., excludes.", ["inside", "inside", "inside", "end"]),
        ("Federal U.S. law governs.", ["inside", "inside", "end"]),
        ("It is listed in the Code. art; it ends.", ["inside", "end"]),
        ("It is listed in the Code.: see below.", ["inside", "end"]),
        ("See Cal. Civ. Code.", ["end", "end", "end"]),
        ("No. Only the board may act.", ["end", "end"]),
        ("Within 30 days. 5 more follow.", ["end", "end"]),
        ("It ends here.\tthen more.", ["inside", "end"]),
    ],
)
def test_a_full_stop_ends_a_sentence_only_where_one_ends(text: str, expected: list[str]) -> None:
    assert _stops(text) == expected


def test_a_stop_inside_an_abbreviation_is_a_plain_stop_word() -> None:
    inside = [t for t in tokenize("Under C.R.S. law") if t.kind == STOP and not t.word]
    assert len(inside) == 3
    assert all(t.norm == "" for t in inside)


PASSAGE = (
    "Rule 7.01 Scope. Parts 7 and 8 apply to members that are subject to the Club Act. They do "
    "not apply to the persons and records that section 6-1-1304(2), C.R.S., excludes, including "
    "records kept for payroll purposes."
)


def test_a_denial_behind_a_citation_is_read_in_the_claims_sentence() -> None:
    claim = "The rules in Part 7 apply to records that a member keeps for payroll purposes."
    reading = NegationJudge().judge(claim, Unit("club-rules", 1, PASSAGE))
    assert reading is not None and reading.verdict is Verdict.CONTRADICTS

"""Properties of the text judges over fragments and altered numbers of realistic units."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import default_judges
from citenexus.judges.tokens import COMPARATOR, QUANTITY, tokenize
from citenexus.text.quantities import extract_quantities
from tests.unit.test_judge_combined import (
    APPLICATION_FEE,
    CAP,
    DEPOSIT,
    EFFECTIVE,
    ENTRY,
    HABITABILITY,
    LATE_FEE,
    NOTICE,
    PENALTY,
    RENT,
    STATEMENT,
    SUBLET,
    supports,
)

JUDGES = default_judges()
ALL_UNITS = [
    DEPOSIT,
    NOTICE,
    ENTRY,
    RENT,
    LATE_FEE,
    SUBLET,
    CAP,
    EFFECTIVE,
    PENALTY,
    HABITABILITY,
    STATEMENT,
    APPLICATION_FEE,
]
# Units in which no fragment can start inside a negation, a comparison phrase or a noun phrase
# that reads as a subject once cut loose ("... terminate a periodic tenancy shall give ...").
PLAIN_UNITS = [DEPOSIT, RENT, EFFECTIVE, PENALTY, HABITABILITY, STATEMENT, APPLICATION_FEE]
NEGATED_UNITS = [ENTRY, SUBLET, CAP]
CASES = st.sampled_from([str.upper, str.lower, str.swapcase, str.title])
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def unit_of(text: str) -> Unit:
    return Unit(document_id="ca-civ", ordinal=7, text=text)


def fragment(text: str, starts: list[int], data: st.DataObject) -> str:
    words = text.split()
    start = data.draw(st.sampled_from(starts))
    length = data.draw(st.integers(min_value=8, max_value=max(8, len(words) - start)))
    # A cut inside a comparison and its value ("penalty of up | to twice the amount", "of up to
    # | twice the amount") leaves a claim with half a comparison: no claim a writer makes.
    end = start + length
    cut = " ".join(words[start:end])
    at = text.index(cut) + len(cut)
    assume(not any(lo < at < hi for lo, hi in _comparisons(text)))
    return cut


def _comparisons(text: str) -> list[tuple[int, int]]:
    """Where ``text`` compares a value: a comparator token through the quantity after it."""
    tokens = tokenize(text)
    return [
        (token.start, after.end)
        for token, after in zip(tokens, tokens[1:], strict=False)
        if token.kind == COMPARATOR and after.kind == QUANTITY
    ]


@FAST
@given(st.sampled_from(ALL_UNITS), CASES, st.data())
def test_a_fragment_of_eight_words_from_a_clause_start_is_supported(
    text: str, case: object, data: st.DataObject
) -> None:
    words = text.split()
    starts = [i for i in range(len(words) - 7) if i == 0 or words[i - 1][-1] in ",;."]
    cut = fragment(text, starts, data)
    # A fragment that stops right before its own condition ("... and may be charged" | "only
    # if rent remains unpaid ...") severs the condition from the rule: not support
    # (docs/design.md#support; tested in test_judge_same_matter.py).
    rest = text[text.index(cut) + len(cut) :].split()
    assume(not rest or rest[0] not in _CONDITION_OPENERS)
    claim = case(cut)  # type: ignore[operator]
    assert supports(JUDGES, claim, unit_of(text)), claim


_CONDITION_OPENERS = frozenset({"if", "unless", "provided", "only"})


@FAST
@given(st.sampled_from(PLAIN_UNITS), CASES, st.data())
def test_a_fragment_of_eight_words_from_anywhere_in_a_plain_unit_is_supported(
    text: str, case: object, data: st.DataObject
) -> None:
    starts = list(range(len(text.split()) - 7))
    claim = case(fragment(text, starts, data))  # type: ignore[operator]
    assert supports(JUDGES, claim, unit_of(text)), claim


@FAST
@given(st.sampled_from(NEGATED_UNITS), st.data())
def test_a_fragment_that_starts_right_after_its_negation_is_not_supported(
    text: str, data: st.DataObject
) -> None:
    words = text.split()
    after_not = words.index("not") + 1
    length = data.draw(st.integers(min_value=8, max_value=len(words) - after_not))
    claim = " ".join(words[after_not : after_not + length])
    assert not supports(JUDGES, claim, unit_of(text)), claim


def respelled(kind: str, value: float, shift: int) -> str:
    """A different value of the same kind, written as a claim would write it."""
    if kind == "date":
        return (dt.date.fromordinal(int(value)) + dt.timedelta(days=shift)).strftime("%B %d, %Y")
    other = int(value) + shift
    return {
        "days": f"{other} days",
        "business_days": f"{other} business days",
        "months": f"{other} months",
        "hours": f"{other} hours",
        "amount": f"${other:,}",
        "percent": f"{other}%",
    }.get(kind, str(other))


UNITS_WITH_VALUES = [u for u in ALL_UNITS if any(q.kind != "number" for q in extract_quantities(u))]


@FAST
@given(
    st.sampled_from(UNITS_WITH_VALUES),
    st.integers(min_value=1, max_value=400).flatmap(lambda n: st.sampled_from([n, -n])),
    CASES,
    st.data(),
)
def test_a_claim_with_a_value_changed_is_never_supported(
    text: str, shift: int, case: object, data: st.DataObject
) -> None:
    quantities = [q for q in extract_quantities(text) if q.kind != "number"]
    target = data.draw(st.sampled_from(quantities))
    if target.kind != "date" and target.value + shift <= 0:
        shift = abs(shift)
    claim = text[: target.start] + respelled(target.kind, target.value, shift) + text[target.end :]
    claim = case(claim)  # type: ignore[operator]
    verdicts = [j.judge(claim, unit_of(text)) for j in JUDGES]
    assert not supports(JUDGES, claim, unit_of(text)), claim
    numeric = [v for v in verdicts if v is not None and v.judge == "numeric"]
    assert numeric and numeric[0].verdict is Verdict.CONTRADICTS, (claim, verdicts)

"""The negation judge's rules of the judges branch, each read as a reviewer reads a judgment: the
verdict, the score, and the span of the passage it points at (docs/design.md#the-judges).

Each case pins the whole judgment, so a rule that returns another verdict, score, key or span
for the same pair fails here (issue 16 item 5: the judges are mutation-tested)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges import JudgeThresholds, NegationJudge

JUDGE = NegationJudge()
NO_FAULT = "When the seller ends a contract for a no-fault reason, the seller shall refund the fee."
CAMPSITES = "(4) This section does not apply to seasonal rentals by campsites."
PET = "Pet rent is not returned; a deposit is returned to the tenant at the end of the tenancy."
SUBLET = "The tenant may not sublet the unit unless the landlord agrees in writing."


def unit_of(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=3, text=text)


def judged(claim: str, text: str, judge: NegationJudge = JUDGE) -> tuple[Judgment | None, str]:
    """The judgment and the words of the passage its span points at."""
    unit = unit_of(text)
    judgment = judge.judge(claim, unit)
    span = judgment.span if judgment is not None else None
    return judgment, text[span[0] : span[1]] if span else ""


@pytest.mark.parametrize(
    ("claim", "text", "verdict", "score", "words"),
    [
        # A flip inside the claim's condition: the rule of another case, pointed at the flipped word.
        (
            "When the seller ends a contract for an at-fault reason, the seller shall refund the fee.",
            NO_FAULT,
            Verdict.NEUTRAL,
            0.0,
            "fault",
        ),
        # The rule itself denied: contradicts, pointed at the verb the claim denies.
        (
            "When the seller ends a contract for a no-fault reason, the seller shall not refund the fee.",
            NO_FAULT,
            Verdict.CONTRADICTS,
            0.0,
            "refund",
        ),
        # "must" where the passage only says "may": neutral over the aligned words.
        ("The tenant must pay the fee.", "The tenant may pay the fee.", Verdict.NEUTRAL, 0.5, None),
        # A denial widened by a dropped modifier: neutral over the aligned words.
        (
            "This section does not apply to rentals by campsites.",
            CAMPSITES,
            Verdict.NEUTRAL,
            0.5,
            "section does not apply to seasonal rentals by campsites",
        ),
        # The same denial with its modifier: entails over the aligned words.
        (
            "This section does not apply to seasonal rentals by campsites.",
            CAMPSITES,
            Verdict.ENTAILS,
            1.0,
            "section does not apply to seasonal rentals by campsites",
        ),
        # A negative word both texts use: entails.
        (
            "Smoking is prohibited in the common areas.",
            "Smoking is prohibited in the common areas.",
            Verdict.ENTAILS,
            1.0,
            "Smoking is prohibited in the common areas",
        ),
        # An exception moved in front of the rule is the same exception.
        (
            "Unless the landlord agrees in writing, the tenant may not sublet the unit.",
            SUBLET,
            Verdict.ENTAILS,
            1.0,
            "tenant may not sublet the unit unless the landlord agrees in writing",
        ),
    ],
)
def test_each_rule_gives_its_whole_judgment(
    claim: str, text: str, verdict: Verdict, score: float, words: str | None
) -> None:
    judgment, spanned = judged(claim, text)
    assert judgment is not None
    assert (judgment.key, judgment.judge) == (unit_of(text).key, "negation")
    assert (judgment.verdict, judgment.score) == (verdict, score)
    if words is not None:
        assert spanned == words
    else:
        assert spanned == "tenant may pay the fee"


def test_the_claims_verb_said_of_its_subject_elsewhere_is_read_there() -> None:
    # The alignment pairs "returned" with the deposit's "returned"; the claim's subject, pet
    # rent, has its own "returned" in front, which the passage denies.
    claim = "Pet rent is returned to the tenant at the end of the tenancy."
    judgment, spanned = judged(claim, PET)
    assert judgment == Judgment(unit_of(PET).key, "negation", Verdict.CONTRADICTS, 0.0, (16, 24))
    assert spanned == "returned"


def test_a_coverage_equal_to_the_floor_is_judged() -> None:
    # Every content word of the claim is aligned (coverage 1.0): a floor of 1.0 still judges.
    strict = NegationJudge(JudgeThresholds(negation_min_coverage=1.0))
    judgment, spanned = judged(
        "The tenant must pay the fee.", "The tenant may pay the fee.", strict
    )
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL
    assert spanned == "tenant may pay the fee"


GOOD_CAUSE = "A landlord may not refuse a request without good cause."


def test_a_double_negation_is_read_by_its_parity() -> None:
    # "good cause" stands under "not" and "without": twice negated, it is asserted. The claim that
    # states the rule verbatim is supported over the whole rule ...
    judgment, spanned = judged(GOOD_CAUSE, GOOD_CAUSE)
    assert judgment == Judgment(unit_of(GOOD_CAUSE).key, "negation", Verdict.ENTAILS, 1.0, (2, 54))
    assert spanned == "landlord may not refuse a request without good cause"
    # ... and the claim that drops "without" flips the once-negated cause: contradicted there.
    judgment, spanned = judged("A landlord may not refuse a request with good cause.", GOOD_CAUSE)
    assert judgment is not None and judgment.verdict is Verdict.CONTRADICTS
    assert spanned == "good"

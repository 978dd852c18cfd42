"""In the paraphrase zone the lexical judge cannot rule on the words, but a claim whose subject
is another of the passage's parties states someone else's duty: neutral, unless the claim only
turned the sentence into the passive (docs/design.md, "The judges")."""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.judges import JudgeThresholds, LexicalJudge
from citenexus.judges.lexical import subject_moved, voice_changed
from tests.support.judging import aligned, verdict

JUDGE = LexicalJudge()
THRESHOLDS = JudgeThresholds()
DUTY = (
    "Every treasurer of the club, and every person who keeps accounts for the treasurer, shall "
    "report to the member in the ledger the dues owed and the sums collected at each meeting, "
    "with the date."
)
REPORT = (
    "Section 4. Every treasurer of the club shall report the sums collected at each meeting to "
    "the members within ten days after the meeting, and a club with more than fifty members "
    "shall also report them to the federation."
)


def read(claim: str, passage: str) -> tuple[float, bool, bool, Verdict | None]:
    alignment = aligned(claim, passage, THRESHOLDS)
    said = verdict(JUDGE, claim, passage)
    return alignment.coverage, subject_moved(alignment), voice_changed(alignment), said


def in_zone(coverage: float) -> bool:
    return THRESHOLDS.lexical_decline_coverage <= coverage < THRESHOLDS.lexical_min_coverage


def test_a_role_swap_in_the_paraphrase_zone_is_neutral() -> None:
    coverage, moved, passive, verdict = read(
        "Every member of the club shall report to the treasurer, in the ledger or in a signed "
        "memo, the sums collected at each meeting.",
        DUTY,
    )
    assert in_zone(coverage) and moved and not passive
    assert verdict is Verdict.NEUTRAL


def test_a_passive_in_the_paraphrase_zone_is_declined() -> None:
    coverage, moved, passive, verdict = read(
        "The members must be told by every treasurer of the club, within ten days after the "
        "meeting, the sums collected.",
        REPORT,
    )
    assert in_zone(coverage) and moved and passive
    assert verdict is None


def test_a_paraphrase_that_keeps_its_subject_is_declined_in_the_zone() -> None:
    coverage, moved, _, verdict = read(
        "The sums gathered at each gathering shall be reported in writing to the members in the "
        "ledger by every treasurer of the club.",
        DUTY,
    )
    assert in_zone(coverage) and not moved
    assert verdict is None

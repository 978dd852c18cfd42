"""A claim value with nothing in front of it names no item, so it cannot be tied to another of the
passage's values (citenexus/judges/numeric.py, ``_attached_elsewhere``). The property test of
fragments finds this only on some draws; this pins it."""

from __future__ import annotations

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import NumericJudge
from tests.support.judging import verdict

JUDGE = NumericJudge()


def test_a_value_that_opens_the_claim_is_matched_where_the_passage_states_it() -> None:
    passage = "The notice period is 30 days, and the cure period is 10 days."
    reading = JUDGE.agreement("30 days is the notice period.", Unit("doc", 0, passage))
    assert reading is not None and reading.verdict is Verdict.ENTAILS


def test_a_value_behind_another_item_is_still_read_as_attached_elsewhere() -> None:
    passage = "The notice period is 30 days, and the cure period is 10 days."
    assert verdict(JUDGE, "The cure period is 30 days.", passage) is Verdict.CONTRADICTS

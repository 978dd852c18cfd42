"""A judge that errs on a pair is left out like a decline and named with its error
(docs/design.md#judge-failures)."""

from __future__ import annotations

from citenexus.domain.model import JudgeFailure, Judgment, Unit, Verdict
from citenexus.domain.support import judge_pair_reporting
from citenexus.ports import JudgeError

UNIT = Unit(document_id="doc", ordinal=1, text="The landlord shall return the deposit.")


class Failing:
    name = "llm"

    def __init__(self, error: JudgeError) -> None:
        self.error = error

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        raise self.error


class Entailing:
    name = "lexical"

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        return Judgment(unit.key, self.name, Verdict.ENTAILS, 1.0)


class Declining:
    name = "numeric"

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        return None


def test_an_erring_judge_is_named_with_its_message_and_the_others_still_judge() -> None:
    judges = [Failing(JudgeError("endpoint down")), Declining(), Entailing()]
    verdicts, failures = judge_pair_reporting("a claim", UNIT, judges)
    assert verdicts == (Judgment("doc#1", "lexical", Verdict.ENTAILS, 1.0),)
    assert failures == (JudgeFailure("doc#1", "llm", "endpoint down"),)


def test_an_error_without_a_message_is_named_by_its_kind() -> None:
    _, failures = judge_pair_reporting("a claim", UNIT, [Failing(JudgeError())])
    assert failures == (JudgeFailure("doc#1", "llm", "JudgeError"),)

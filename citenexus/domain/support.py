"""The support matrix: every claim judged against every grounded candidate and every unit it cites.

A unit *supports* a claim when every judge that judged the pair said ``entails`` and at least one
judged (a judge may decline by returning None). A cited unit *contradicts* a claim when some judge
said ``contradicts``; such a unit can never also support the claim, because support needs every
verdict to be ``entails``, so "contradicted" is exactly "cited, not supporting, and some judge
said contradicts".

A judge that errs on a pair (``JudgeError``: endpoint down, timeout, unreadable reply) is
counted as not having judged it, like one that declines, and the failure is kept with the claim
so the answer can say so (docs/design.md#the-judges).

Grounded candidates the authority floor removed are judged too
(docs/design.md#retrieval-and-grounding): otherwise a claim that only a withheld forum post
supports would look unsupported instead of laundered.

A *screen* may stand in for the judges on a unit the claim does not cite, when it proves the unit
cannot support the claim (the lexical judge's bound on coverage): its verdict is recorded instead
and the outcome is the same, because only support is read from uncited units. For the same
reason the judges of an uncited unit stop at the first verdict that is not ``entails``: that
verdict already denies support, so the judges after it could change nothing that is read (and,
as for a screened unit, cannot err on it). Cited units are always judged in full, since their
verdicts are shown and may contradict (docs/design.md#judging).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from citenexus.domain.claims import Claim
from citenexus.domain.model import JudgeFailure, Judgment, Unit, Verdict
from citenexus.ports import Judge, JudgeError


def supports(judgments: Sequence[Judgment]) -> bool:
    """True when at least one judge judged the pair and every one that did said entails."""
    return bool(judgments) and all(j.verdict is Verdict.ENTAILS for j in judgments)


def contradicts(judgments: Sequence[Judgment]) -> bool:
    """True when some judge that judged the pair said contradicts."""
    return any(j.verdict is Verdict.CONTRADICTS for j in judgments)


@dataclass(frozen=True)
class ClaimSupport:
    """What the judges found for one claim.

    ``judgments`` holds, per unit key, the verdicts of the judges that did not decline.
    ``supported_by`` lists the units that support the claim, excluding ``ineligible`` ones (units
    cited but not applicable to the question: judged and shown, never counted as support).
    ``contradicted_by`` lists the cited units that contradict it.
    """

    claim: Claim
    judgments: Mapping[str, tuple[Judgment, ...]] = field(default_factory=dict)
    supported_by: tuple[str, ...] = ()
    contradicted_by: tuple[str, ...] = ()
    ineligible: Mapping[str, str] = field(default_factory=dict)
    failures: tuple[JudgeFailure, ...] = ()

    @property
    def citations(self) -> tuple[str, ...]:
        return self.claim.citations

    @property
    def judged(self) -> bool:
        """Some judge gave a verdict on some pair of this claim."""
        return any(self.judgments.values())

    @property
    def declined(self) -> bool:
        """There were units to judge it against, and every judge declined every pair.

        A claim with no unit at all to be judged against is not "declined": nothing supports it.
        """
        return bool(self.judgments) and not self.judged

    @property
    def citations_judged(self) -> bool:
        """Some judge gave a verdict on a unit this claim cites."""
        return any(self.judgments.get(key) for key in self.citations)

    @property
    def cited_supporting(self) -> tuple[str, ...]:
        return tuple(key for key in self.supported_by if key in self.citations)


def judge_pair(claim: str, unit: Unit, judges: Sequence[Judge]) -> tuple[Judgment, ...]:
    """Every verdict the judges gave on one (claim, unit) pair; declined judges are left out."""
    return judge_pair_reporting(claim, unit, judges)[0]


def judge_pair_reporting(
    claim: str, unit: Unit, judges: Sequence[Judge], *, for_support: bool = False
) -> tuple[tuple[Judgment, ...], tuple[JudgeFailure, ...]]:
    """The verdicts on one pair, and the judges that erred on it (left out like declines).

    ``for_support``: only whether the unit supports the claim will be read (an uncited unit), so
    judging stops at the first verdict that is not ``entails``, which already denies support.
    """
    verdicts: list[Judgment] = []
    failures: list[JudgeFailure] = []
    for judge in judges:
        try:
            judgment = judge.judge(claim, unit)
        except JudgeError as error:
            failures.append(JudgeFailure(unit.key, judge.name, str(error) or type(error).__name__))
            continue
        if judgment is not None:
            verdicts.append(judgment)
            if for_support and judgment.verdict is not Verdict.ENTAILS:
                break
    return tuple(verdicts), tuple(failures)


Screen = Callable[[str, Unit], Judgment | None]


def claim_support(
    claim: Claim,
    units: Mapping[str, Unit],
    judges: Sequence[Judge],
    *,
    ineligible: Mapping[str, str] | None = None,
    screen: Screen | None = None,
) -> ClaimSupport:
    """Judge one claim against ``units`` (grounded candidates and its cited units, by key)."""
    ineligible = ineligible or {}
    judgments: dict[str, tuple[Judgment, ...]] = {}
    failures: list[JudgeFailure] = []
    for key, unit in units.items():
        cited = key in claim.citations
        screened = None if screen is None or cited else screen(claim.text, unit)
        if screened is not None:
            judgments[key] = (screened,)
            continue
        judgments[key], failed = judge_pair_reporting(
            claim.text, unit, judges, for_support=not cited
        )
        failures.extend(failed)
    supported_by = tuple(
        key for key, found in judgments.items() if key not in ineligible and supports(found)
    )
    contradicted_by = tuple(
        key for key in claim.citations if key in judgments and contradicts(judgments[key])
    )
    relevant_ineligible = {k: v for k, v in ineligible.items() if k in judgments}
    return ClaimSupport(
        claim, judgments, supported_by, contradicted_by, relevant_ineligible, tuple(failures)
    )


def support_matrix(
    claims: Sequence[Claim],
    grounded: Sequence[Unit],
    cited: Mapping[str, Unit],
    judges: Sequence[Judge],
    *,
    ineligible: Mapping[str, str] | None = None,
    screen: Screen | None = None,
) -> list[ClaimSupport]:
    """Judge every claim against every grounded unit plus the units that claim cites.

    ``cited`` maps every resolvable citation key of the draft to its unit; keys a claim cites that
    are absent from it (unknown keys) are simply not judged.
    """
    rows: list[ClaimSupport] = []
    for claim in claims:
        units: dict[str, Unit] = {unit.key: unit for unit in grounded}
        for key in claim.citations:
            if key in cited:
                units.setdefault(key, cited[key])
        rows.append(claim_support(claim, units, judges, ineligible=ineligible, screen=screen))
    return rows

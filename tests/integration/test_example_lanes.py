"""Each example lane's strict-mode headline numbers, pinned: a change that lowers one fails here.

The lanes are scored by ``manage.py evaluate --all --lanes NAME --modes strict`` with the
deployment's embedder (MiniLM) and its production ground threshold and removed-answer margin, as
``manage.py evaluate`` runs by default, not the test suite's hashing embedder.

To pin a new lane: run ``manage.py evaluate --all --lanes NAME --modes strict`` on a development
database, and add its strict column here. Raise a pin when a change raises the number; lower one
only with a reason in the commit. A held-out lane is pinned like the others (a pin guards against
regressions; it is not used to choose between two variants of the code).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

import citenexus_web.settings as deployment
from curation.bootstrap import reset

pytestmark = pytest.mark.django_db

# {lane folder under examples/: {"at_least": {rate: value}, "at_most": {count: value}}}
# Strict mode, measured 2026-12-04 at the settings chosen on the development lanes (ground 0.47,
# removed-answer margin 0.3, elsewhere margin 0.08, hand-over margin 0.2;
# scripts/choose_thresholds.py) with each lane's vocabulary from its lane.json.
# aviation-maintenance is the held-out lane: pinned against regressions, never used to choose
# (run once at the chosen settings: unchanged).
STRICT_PINS = {
    # expected values stated / answerable; refused / unanswerable; expected code / coded
    # Codes raised by the scope refusal code (W04 not_applicable, was below_authority_floor);
    # C05 (tenancy, a value) and C05 (privacy, unresolved_conflict) by the hand-over margin;
    # C06 (privacy, unresolved_conflict) by superlatives read as asking for an amount; W05
    # (tenancy, not_applicable) by the cosine bar (2026-12-06, third session). Tenancy lowered
    # 27 -> 26 on 2026-12-06 (fifth session): the generator breaks ties in its word score by
    # meaning, chosen on the development lanes with the blind answer-selection set's development
    # half (+7 answering sentences quoted first there; tenancy A05's tie between the itemized
    # statement and the receipts sentence of one unit goes the other way, 0.460 against 0.477;
    # docs/evaluation.md, "Answer selection on texts the code never saw"). Back to 27 on
    # 2026-12-06 (sixth session): pronouns and contractions ("I've", "myself", "don't") are
    # retrieval stop words, so a lay question's words are not diluted by them (A31 answered).
    # Tenancy 23 -> 24 refused, with the right code, on 2026-12-06 (eighth session): W06 refused
    # not_applicable, a source left out for its scope naming far more of the question's matter
    # than what remains, the scope's own words not counted (pipeline/responsive.py).
    # Privacy 25 -> 26 refused, with the right code, on 2026-12-06 (ninth session): F01 ("Which
    # web browsers send ...?") refused below_authority_floor, the withheld blog naming browsers
    # and what remains naming none (the frame's type "named"; pipeline/responsive.py).
    # 2026-12-07 (eleventh session): 22 development questions written blind (ids R01-R11 in
    # each lane: scope exclusions, jurisdictions held and lacked, hard negatives for the scope
    # reading; docs/evaluation.md, "A blind batch of refusal questions"). Read blind, tenancy
    # 6/11 and privacy 6/11 as expected (5/11 before privacy R08's code was corrected); after
    # the readings they led to (places inside a country, an ordinal day counted from an event,
    # a carried exclusion list read entry by entry) tenancy 8/11 and privacy 7/11: tenancy
    # (27, 39), (32, 33), (32, 33); privacy
    # (29, 37), (32, 37), (31, 37). The questions they still miss are listed there. Then six
    # more written blind (ids H01-H03 in each lane), answerable questions naming words of an
    # exclusion list but not its category: 5/6 read right blind; "this section" under a heading
    # that names the section reaches all of it, and an item bounded in time ("within the
    # previous 15 years") does not name a case the asker puts outside it: tenancy H01, H02 and
    # privacy H01-H03 answered with their values, tenancy H03 answered without it (another
    # sentence of the rent cap quoted): tenancy (29, 42), privacy (32, 40). Then ten more
    # written blind to measure, no code changed for them (ids X01-X05): tenancy 3/5 values,
    # privacy 4/4 values, and privacy X05, an equal-tier conflict, answered instead of refused:
    # tenancy (32, 47), privacy (36, 44), (32, 38), (31, 38). Then tenancy X01 ("How many times
    # in a year ...?") read after it was measured: "twice" says a number of times on its own
    # (domain/answer_fit.states_count): tenancy (33, 47).
    # Privacy 32 -> 33 refused, 31 -> 32 with the right code, on 2026-12-07 (twelfth session):
    # R01 (a hospital's records "under HIPAA") refused not_applicable: the rights statute's "They
    # do not extend to any entity or data that section 6-1-1304(2) excludes" carried and linked
    # to the list in the definitions statute, the entry named by its initials, and the rule left
    # out for its scope naming the code before the blog the floor withheld
    # (docs/evaluation.md, "Exclusions by citation"). Privacy 36 -> 37 values the same day:
    # A11 answered, the most relevant selected unit always handed over (pipeline/pool.py).
    # 37 -> 38 with A15: the country is no other place for a state's lane, and a statement of
    # reach answers only a question about reach (domain/answer_fit.py).
    # Tenancy 33 -> 35 on 2026-12-07 (thirteenth session): a superlative before "percentage"
    # ("By what maximum percentage may ...") asks for a share, and a share earns the value bonus
    # for a question asking how much (H03, A25; docs/evaluation.md, "A share answers how much").
    # Tenancy 35 -> 36 on 2026-12-07 (fourteenth session): a sentence that goes on about the
    # quoted one with a value is quoted after it (A09: "The inspection may take place no earlier
    # than two weeks before ..."; generators/extractive.goes_on).
    # Tenancy 36 -> 37 on 2026-12-07 (fifteenth session): the first item of a list whose
    # lead-in quantifies it ("either of the following remedies: (1) ...") is quoted with the
    # rest of the list (X04: "(2) The tenant may vacate the premises ..."; generators/
    # extractive.whole_list).
    # 37 -> 38 the same day: a unit stating the sum of money the question states gains
    # weight_amount in the rerank (A08: "more than $125" finds "(g) If a deduction ... exceeds
    # $125, the landlord shall attach copies of receipts"; pipeline/retrieval.rerank).
    "law-authority": ((38, 47), (32, 33), (32, 33)),
    # Privacy 33 -> 34 refused, 32 -> 33 with the right code (thirteenth session): X05's
    # equal-tier statutes ($20,000 / $10,000) are both sides of the conflict though the draft
    # quoted one (pipeline/judging.py, _undrafted_assertions).
    # Privacy 38 -> 40 on 2026-12-07 (fourteenth session): retrieval searches a question with
    # the lane's terms for its lay words, so a "vendor" is searched as a "processor" too (A06,
    # A07; citenexus/domain/vocabulary.searched_text).
    # 40 -> 41 the same day: "If I ask again ..." rules out a rule set for "the first request"
    # and meets one for "a second or later request" (K05; domain/conditions.occurrence_fit).
    # Privacy 34 -> 35 refused, 33 -> 34 with the right code, on 2026-12-07 (sixteenth session):
    # R04 ("I work as an independent contractor for a Colorado company") refused not_applicable:
    # the definition of "consumer" does not include "... or contractor of a company", and every
    # source left is scoped to consumers (citenexus/domain/definitions.py).
    "privacy-law": ((41, 44), (35, 38), (34, 38)),
    # Held out: measured once after the answer-selection and applicability work was merged.
    # Lowered 32 -> 31 on 2026-12-06 (third session), reported, not chosen on: the conflict kind
    # for questions asking a frequency ("How often should it be inspected?") compares measures,
    # and B04 is now refused unresolved_conflict ("5 statute miles" read as a count of "statute",
    # the 60-day branch's condition not read); docs/evaluation.md, "Conflicts: holders, measures".
    # Back to 32 in the fourth session: two-word units and bounded cases, chosen on a blind batch
    # of conflict pairs (docs/evaluation.md, "Qualified units, bounded cases").
    # Lowered 32 -> 31 on 2026-12-06 (eighth session), reported, not chosen on: B01 is refused
    # not_applicable in every mode by the removed-answer check's scope reading (chosen on the
    # development lanes: tenancy W06). Applicability leaves the inspection rule that answers B01
    # out for its scope (the misreading the retrieval `applicable` ranking showed in the seventh
    # session), and the new reading then finds that rule naming more of the question's matter
    # than what remains; docs/evaluation.md, "A source left out for its scope".
    # Lowered 31 -> 30 on 2026-12-07 (thirteenth session), reported, not chosen on: with the
    # selected units the draft does not quote read as sides of a conflict (chosen on the
    # development lanes: privacy X05, C05), A15 is refused unresolved_conflict: the torque
    # manual's "10 hours" and the bulletin's "25 hours" share only the word "first", which the
    # readings' matter test takes for the same matter (docs/evaluation.md, thirteenth session).
    "aviation-maintenance": ((30, 42), (27, 31), (25, 31)),
    "renewal": ((2, 2), (0, 0), (0, 0)),
}
# Expected values stated by a claim citing an expected document / answerable, strict; measured
# 2026-12-04 when the metric was added (development lanes; the held-out lane is not pinned on it,
# so it was not run to pin it).
# Tenancy 24 -> 23 with A05 (above), 23 -> 24 with A31.
# 2026-12-07: the blind batches' answerable questions: tenancy (29, 47), privacy (34, 44);
# privacy 35 with A11 (twelfth session: the hand-over's best unit always drafted from), 36 with
# A15 (federal law no other place; a statement of reach answers only reach).
# Tenancy 30 with A25 (thirteenth session).
# Privacy 38 with A06, A07 (fourteenth session: the lane's terms searched with lay words), 39
# with K05 (an asker's "again" against a rule's "first request"); tenancy 31 with A09 and
# privacy 40 (the sentence that goes on about the quoted one with a value quoted after it).
# Tenancy 32 with X04 (fifteenth session: a quantified list quoted whole), 33 with A08 (the
# question's sum of money found in the rule).
FROM_DOCUMENT_PINS = {"law-authority": (33, 47), "privacy-law": (40, 44), "renewal": (2, 2)}
PINS: dict[str, dict[str, dict[str, float]]] = {
    name: {
        "at_least": {
            "expected_value_rate": value[0] / value[1] if value[1] else 1.0,
            "abstain_when_no_evidence": abstain[0] / abstain[1] if abstain[1] else 1.0,
            "refusal_code_accuracy": code[0] / code[1] if code[1] else 1.0,
        },
        "at_most": {"out_of_jurisdiction_citations": 0, "wrong_jurisdiction_citations": 0},
    }
    for name, (value, abstain, code) in STRICT_PINS.items()
}
for name, (stated, answerable) in FROM_DOCUMENT_PINS.items():
    PINS[name]["at_least"]["expected_value_from_document_rate"] = stated / answerable


@pytest.fixture
def minilm(settings: Any) -> Iterator[None]:
    """The embedder, threshold and margin ``manage.py evaluate`` uses outside the tests."""
    settings.CITENEXUS_EMBEDDER = "minilm"
    settings.CITENEXUS_EMBED_DIMENSION = 384
    settings.CITENEXUS_GROUND_THRESHOLD = deployment.CITENEXUS_GROUND_THRESHOLD
    settings.CITENEXUS_REMOVED_ANSWER_MARGIN = deployment.CITENEXUS_REMOVED_ANSWER_MARGIN
    settings.CITENEXUS_RELATIVE_MARGIN = deployment.CITENEXUS_RELATIVE_MARGIN
    settings.CITENEXUS_ELSEWHERE_MARGIN = deployment.CITENEXUS_ELSEWHERE_MARGIN
    settings.CITENEXUS_HANDOVER_MARGIN = deployment.CITENEXUS_HANDOVER_MARGIN
    settings.CITENEXUS_MIN_COSINE = deployment.CITENEXUS_MIN_COSINE
    reset()
    yield
    reset()


def test_the_production_settings_are_the_minilm_ones() -> None:
    """The pins were measured with MiniLM's threshold; another embedder's would not compare."""
    if deployment.CITENEXUS_EMBEDDER != "minilm":
        pytest.skip("CITENEXUS_EMBEDDER is set in the environment")
    assert deployment.CITENEXUS_GROUND_THRESHOLD > 0.25  # not the hashing embedder's scale


@pytest.mark.parametrize("name", sorted(PINS))
def test_strict_mode_holds_the_pinned_numbers(name: str, minilm: None, tmp_path: Path) -> None:
    output = tmp_path / "evaluation.json"
    call_command(
        "evaluate",
        "--all",
        "--lanes",
        name,
        "--modes",
        "strict",
        "--output",
        str(output),
        stdout=StringIO(),
        stderr=StringIO(),
    )
    report = json.loads(output.read_text())["lanes"][name]["reports"]["strict"]
    pins = PINS[name]
    below = {
        metric: (report[metric], round(pin, 4))
        for metric, pin in pins["at_least"].items()
        if report[metric] < round(pin, 4)
    }
    above = {
        metric: (report[metric], pin)
        for metric, pin in pins["at_most"].items()
        if report[metric] > pin
    }
    assert (below, above) == ({}, {}), f"{name} strict, (measured, pinned): {report['fractions']}"

"""`make mutation` fails on a surviving mutant unless it is listed, with its reason, as equivalent
(scripts/mutation_gate.py; docs/design.md#judges-that-decline-and-the-judge-benchmark)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.mutation_gate import EQUIVALENTS, read_equivalents, read_results, verdict

LINES = [
    "    citenexus.domain.support.x_supports__mutmut_1: killed",
    "    citenexus.domain.support.x_supports__mutmut_2: survived",
    "    citenexus.domain.support.x_supports__mutmut_3: timeout",
    "    citenexus.judges.lexical.x_substituted__mutmut_7: no tests",
    "    citenexus.judges.lexical.x_substituted__mutmut_8: killed",
    "    citenexus.judges.lexical.x_substituted__mutmut_9: not checked",
    "Running mutation testing",
    "",
]


def test_it_reads_every_mutant_and_its_status_and_nothing_else() -> None:
    results = read_results(LINES)
    assert len(results) == 6
    assert results["citenexus.judges.lexical.x_substituted__mutmut_7"] == "no tests"


def test_a_survivor_not_listed_fails_and_one_listed_passes() -> None:
    results = read_results(LINES)
    unexplained, stale, counts = verdict(results, {})
    assert unexplained == [
        "citenexus.domain.support.x_supports__mutmut_2: survived",
        "citenexus.judges.lexical.x_substituted__mutmut_7: no tests",
    ]
    assert stale == []
    listed = {
        "citenexus.domain.support.x_supports__mutmut_2": "sorting equal ranks either way",
        "citenexus.judges.lexical.x_substituted__mutmut_7": "unreachable branch",
    }
    unexplained, _, counts = verdict(results, listed)
    assert unexplained == []
    support = counts["citenexus.domain.support"]
    assert (support["killed"], support["equivalent"], support["total"]) == (2, 1, 3)
    assert counts["citenexus.judges.lexical"]["not run"] == 1


def test_a_listed_name_that_no_longer_survives_is_reported_stale() -> None:
    results = read_results(LINES)
    listed = {
        "citenexus.domain.support.x_supports__mutmut_1": "killed now",
        "citenexus.domain.support.x_supports__mutmut_99": "renamed away",
    }
    _, stale, _ = verdict(results, listed)
    assert stale == [
        "citenexus.domain.support.x_supports__mutmut_1",
        "citenexus.domain.support.x_supports__mutmut_99",
    ]


def test_one_module_can_be_judged_alone() -> None:
    unexplained, _, counts = verdict(read_results(LINES), {}, module="citenexus.judges.lexical")
    assert set(counts) == {"citenexus.judges.lexical"}
    assert unexplained == ["citenexus.judges.lexical.x_substituted__mutmut_7: no tests"]


def test_an_equivalent_without_a_reason_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "equivalents.toml"
    path.write_text('[equivalent]\n"a.b.x_f__mutmut_1" = " "\n', encoding="utf-8")
    with pytest.raises(ValueError, match="need a reason"):
        read_equivalents(path)


def test_the_shipped_list_gives_every_equivalent_a_reason() -> None:
    for name, reason in read_equivalents(EQUIVALENTS).items():
        assert "__mutmut_" in name and reason.strip(), name

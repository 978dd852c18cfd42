"""The support matrix: support needs every judge that judged to say entails."""

from __future__ import annotations

from citenexus.domain.claims import Claim
from citenexus.domain.model import JudgeFailure, Judgment, Unit, Verdict
from citenexus.domain.support import (
    claim_support,
    contradicts,
    judge_pair,
    judge_pair_reporting,
    support_matrix,
    supports,
)
from tests.support.fakes import DownJudge, TableJudge

E, N, C = Verdict.ENTAILS, Verdict.NEUTRAL, Verdict.CONTRADICTS


def j(verdict: Verdict, judge: str = "t") -> Judgment:
    return Judgment("u#0", judge, verdict, 0.5)


def unit(key: str) -> Unit:
    document_id, ordinal = key.split("#")
    return Unit(document_id, int(ordinal), f"text of {key}")


def test_support_needs_at_least_one_verdict() -> None:
    assert supports([]) is False


def test_support_needs_every_verdict_to_entail() -> None:
    assert supports([j(E), j(E, "u")]) is True
    assert supports([j(E), j(N, "u")]) is False
    assert supports([j(N), j(E, "u")]) is False
    assert supports([j(E), j(C, "u")]) is False


def test_contradiction_needs_one_contradicting_verdict() -> None:
    assert contradicts([j(E), j(C)]) is True
    assert contradicts([j(E), j(N)]) is False
    assert contradicts([]) is False


def test_declining_judges_are_left_out_of_a_pair() -> None:
    judges = [TableJudge({("c", "u#0"): E}, name="a"), TableJudge(name="b")]
    (only,) = judge_pair("c", unit("u#0"), judges)
    assert (only.judge, only.verdict) == ("a", E)


def test_a_pair_every_judge_declines_supports_nothing() -> None:
    row = claim_support(Claim(0, 0, "c", ("u#0",)), {"u#0": unit("u#0")}, [TableJudge()])
    assert row.supported_by == ()
    assert row.judged is False
    assert row.declined is True
    assert row.citations_judged is False


def test_a_claim_with_no_unit_to_judge_against_is_not_declined() -> None:
    row = claim_support(Claim(0, 0, "c"), {}, [TableJudge()])
    assert row.judged is False
    assert row.declined is False


def test_one_dissenting_judge_withholds_support() -> None:
    judges = [TableJudge({("c", "u#0"): E}, name="a"), TableJudge({("c", "u#0"): N}, name="b")]
    row = claim_support(Claim(0, 0, "c", ("u#0",)), {"u#0": unit("u#0")}, judges)
    assert row.supported_by == ()
    assert row.judged is True


def test_only_cited_units_can_contradict_a_claim() -> None:
    judge = TableJudge({("c", "a#0"): C, ("c", "b#0"): C})
    units = {"a#0": unit("a#0"), "b#0": unit("b#0")}
    row = claim_support(Claim(0, 0, "c", ("a#0",)), units, [judge])
    assert row.contradicted_by == ("a#0",)


def test_ineligible_units_are_judged_but_never_count_as_support() -> None:
    judge = TableJudge({("c", "a#0"): E, ("c", "b#0"): E})
    units = {"a#0": unit("a#0"), "b#0": unit("b#0")}
    row = claim_support(
        Claim(0, 0, "c", ("a#0",)), units, [judge], ineligible={"a#0": "wrong state"}
    )
    assert row.supported_by == ("b#0",)
    assert row.judgments["a#0"][0].verdict is E
    assert row.ineligible == {"a#0": "wrong state"}
    assert row.cited_supporting == ()


def test_every_claim_is_judged_against_every_grounded_unit_and_its_own_citations() -> None:
    judge = TableJudge(default=N)
    claims = [Claim(0, 0, "one", ("cited#0",)), Claim(1, 1, "two", ("other#0", "unknown#9"))]
    cited = {"cited#0": unit("cited#0"), "other#0": unit("other#0")}
    rows = support_matrix(claims, [unit("g#0"), unit("g#1")], cited, [judge])
    assert sorted(rows[0].judgments) == ["cited#0", "g#0", "g#1"]
    assert sorted(rows[1].judgments) == ["g#0", "g#1", "other#0"]


def test_a_cited_grounded_unit_is_judged_once() -> None:
    judge = TableJudge({("c", "g#0"): E})
    (row,) = support_matrix(
        [Claim(0, 0, "c", ("g#0",))], [unit("g#0")], {"g#0": unit("g#0")}, [judge]
    )
    assert row.supported_by == ("g#0",)
    assert row.cited_supporting == ("g#0",)
    assert row.citations_judged is True


def test_the_matrix_passes_ineligible_units_on_to_every_claim() -> None:
    judge = TableJudge(default=E)
    (row,) = support_matrix(
        [Claim(0, 0, "c", ("a#0",))],
        [unit("g#0")],
        {"a#0": unit("a#0")},
        [judge],
        ineligible={"a#0": "other state"},
    )
    assert row.supported_by == ("g#0",)
    assert row.ineligible == {"a#0": "other state"}


def test_a_screen_stands_in_for_the_judges_on_uncited_units_only() -> None:
    """The screened verdict is recorded instead of judging; a cited unit is always judged."""
    judge = TableJudge(default=E)  # would say every unit supports every claim
    screened: list[str] = []

    def screen(claim: str, u: Unit) -> Judgment | None:
        screened.append(u.key)
        return None if u.key == "pass#0" else Judgment(u.key, "screen", N, 0.1)

    claim = Claim(0, 0, "c", ("cited#0",))
    grounded = [unit("stop#0"), unit("pass#0"), unit("cited#0")]
    (row,) = support_matrix([claim], grounded, {"cited#0": unit("cited#0")}, [judge], screen=screen)
    assert screened == ["stop#0", "pass#0"]  # the cited unit never reaches the screen
    assert row.judgments["stop#0"] == (Judgment("stop#0", "screen", N, 0.1),)
    assert row.judgments["pass#0"] == (Judgment("pass#0", "table", E, 1.0),)
    assert row.supported_by == ("pass#0", "cited#0")
    assert row.judged and not row.declined
    (unscreened,) = support_matrix([claim], grounded, {"cited#0": unit("cited#0")}, [judge])
    assert unscreened.supported_by == ("stop#0", "pass#0", "cited#0")


def test_a_screen_that_lets_everything_through_changes_nothing() -> None:
    judge = TableJudge({("c", "g#0"): E, ("c", "g#1"): C})
    claims = [Claim(0, 0, "c", ("g#1",))]
    grounded = [unit("g#0"), unit("g#1")]
    plain = support_matrix(claims, grounded, {}, [judge])
    passed = support_matrix(claims, grounded, {}, [judge], screen=lambda c, u: None)
    assert plain == passed
    assert claim_support(claims[0], {"g#0": unit("g#0")}, [judge], screen=lambda c, u: None) == (
        claim_support(claims[0], {"g#0": unit("g#0")}, [judge])
    )


def test_a_judge_that_errs_is_left_out_of_the_pair_and_recorded() -> None:
    judges = [TableJudge({("c", "u#0"): E}, name="a"), DownJudge()]
    verdicts, failures = judge_pair_reporting("c", unit("u#0"), judges)
    assert [(v.judge, v.verdict) for v in verdicts] == [("a", E)]
    assert failures == (JudgeFailure("u#0", "llm", "the judge's endpoint could not be reached"),)


def test_support_from_the_other_judges_stands_when_one_errs_and_the_failure_is_kept() -> None:
    judges = [TableJudge({("c", "u#0"): E, ("c", "u#1"): E}, name="a"), DownJudge()]
    units = {"u#0": unit("u#0"), "u#1": unit("u#1")}
    row = claim_support(Claim(0, 0, "c", ("u#0",)), units, judges)
    assert row.supported_by == ("u#0", "u#1")
    assert [(f.key, f.judge) for f in row.failures] == [("u#0", "llm"), ("u#1", "llm")]


def test_a_pair_only_an_erring_judge_would_judge_supports_nothing() -> None:
    row = claim_support(Claim(0, 0, "c", ("u#0",)), {"u#0": unit("u#0")}, [DownJudge()])
    assert row.supported_by == ()
    assert row.declined is True
    assert len(row.failures) == 1


def test_a_screened_unit_is_not_judged_so_no_judge_can_err_on_it() -> None:
    def screen(claim: str, u: Unit) -> Judgment:
        return Judgment(u.key, "lexical", N, 0.0)

    row = claim_support(Claim(0, 0, "c"), {"u#0": unit("u#0")}, [DownJudge()], screen=screen)
    assert row.failures == ()


class CountingJudge:
    """A TableJudge that counts the pairs it is asked about."""

    def __init__(self, name: str, table: dict[tuple[str, str], Verdict | None]) -> None:
        self.inner = TableJudge(table, name=name)
        self.name = name
        self.asked: list[str] = []

    def judge(self, claim: str, u: Unit) -> Judgment | None:
        self.asked.append(u.key)
        return self.inner.judge(claim, u)


def test_an_uncited_units_judges_stop_at_the_first_verdict_that_denies_support() -> None:
    first = CountingJudge("first", {("c", "deny#0"): N, ("c", "keep#0"): E, ("c", "skip#0"): None})
    second = CountingJudge("second", {("c", "deny#0"): E, ("c", "keep#0"): E, ("c", "skip#0"): C})
    units = {k: unit(k) for k in ("deny#0", "keep#0", "skip#0")}
    row = claim_support(Claim(0, 0, "c"), units, [first, second])
    # "deny" is settled by the first judge's neutral; a decline ("skip") passes to the next judge.
    assert second.asked == ["keep#0", "skip#0"]
    assert row.judgments["deny#0"] == (Judgment("deny#0", "first", N, 0.0),)
    assert [j.judge for j in row.judgments["keep#0"]] == ["first", "second"]
    assert [j.verdict for j in row.judgments["skip#0"]] == [C]
    assert row.supported_by == ("keep#0",)


def test_a_cited_unit_is_judged_by_every_judge_whatever_the_first_says() -> None:
    first = CountingJudge("first", {("c", "u#0"): C})
    second = CountingJudge("second", {("c", "u#0"): N})
    row = claim_support(Claim(0, 0, "c", ("u#0",)), {"u#0": unit("u#0")}, [first, second])
    assert second.asked == ["u#0"]
    assert [j.verdict for j in row.judgments["u#0"]] == [C, N]
    assert row.contradicted_by == ("u#0",)


def test_stopping_early_changes_no_support_and_no_shown_judgment() -> None:
    """Against judging every pair in full: the same support, contradiction and declines, and
    the same judgments on every unit a claim cites or that supports it."""
    verdicts = {"E": E, "N": N, "C": C, "None": None}
    table = {}
    for a, first_verdict in verdicts.items():
        for b, second_verdict in verdicts.items():
            table[("c", f"{a}-{b}#0")] = (first_verdict, second_verdict)
    first = TableJudge({k: v[0] for k, v in table.items()}, name="first")
    second = TableJudge({k: v[1] for k, v in table.items()}, name="second")
    units = {k: unit(k) for _, k in table}
    claims = [Claim(0, 0, "c", ("E-N#0", "C-E#0", "None-None#0")), Claim(1, 0, "c")]
    for claim in claims:
        early = claim_support(claim, units, [first, second])
        full = {k: judge_pair("c", u, [first, second]) for k, u in units.items()}
        assert early.supported_by == tuple(k for k, found in full.items() if supports(found))
        assert early.contradicted_by == tuple(k for k in claim.citations if contradicts(full[k]))
        shown = set(claim.citations) | set(early.supported_by)
        assert {k: early.judgments[k] for k in shown} == {k: full[k] for k in shown}
        assert early.declined == (not any(full.values()))


def test_a_judge_after_a_denial_of_an_uncited_unit_is_not_asked_so_cannot_err() -> None:
    judges = [TableJudge({("c", "u#0"): N}, name="a"), DownJudge()]
    row = claim_support(Claim(0, 0, "c"), {"u#0": unit("u#0")}, judges)
    assert row.failures == ()
    cited = claim_support(Claim(0, 0, "c", ("u#0",)), {"u#0": unit("u#0")}, judges)
    assert [(f.key, f.judge) for f in cited.failures] == [("u#0", "llm")]

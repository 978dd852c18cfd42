"""Fail `make mutation` on any surviving mutant that is not a known equivalent (issue 16).

Reads what ``mutmut results --all true`` reports for every mutant of the modules listed in
pyproject.toml (``[tool.mutmut] only_mutate``) and the known-equivalent mutants, each with the
reason it cannot change a result, in scripts/mutation_equivalents.toml. Prints killed/total per
module and exits 1 when a mutant survived (or no test reached it, or it ran suspiciously) without
being listed there. A listed name that no longer survives is reported so the list stays honest;
mutmut numbers mutants by position, so a change to a module can rename its equivalents.

    .venv/bin/mutmut run                                # every module (make mutation), or
    .venv/bin/mutmut run "citenexus.judges.lexical*"    # one module
    .venv/bin/python scripts/mutation_gate.py [--module citenexus.judges.lexical]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENTS = ROOT / "scripts" / "mutation_equivalents.toml"
# A mutant the tests detected: they failed, or it hung them until the time limit.
DETECTED = frozenset({"killed", "timeout", "caught by type check"})
NOT_RUN = "not checked"


def read_results(lines: Iterable[str]) -> dict[str, str]:
    """``{mutant name: status}`` from the lines ``mutmut results --all true`` prints."""
    results: dict[str, str] = {}
    for line in lines:
        name, sep, status = line.strip().rpartition(": ")
        if sep and name and "__mutmut_" in name:
            results[name] = status
    return results


def read_equivalents(path: Path = EQUIVALENTS) -> dict[str, str]:
    """``{mutant name: reason}``; a name listed without a reason is an error."""
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    equivalents = data.get("equivalent", {})
    empty = sorted(name for name, reason in equivalents.items() if not str(reason).strip())
    if empty:
        raise ValueError(f"equivalent mutants need a reason: {', '.join(empty)}")
    return {name: str(reason) for name, reason in equivalents.items()}


def module_of(name: str) -> str:
    """``citenexus.judges.lexical`` for ``citenexus.judges.lexical.x_substituted__mutmut_3``."""
    return name.split("__mutmut_")[0].rsplit(".", 1)[0]


def verdict(
    results: dict[str, str], equivalents: dict[str, str], module: str | None = None
) -> tuple[list[str], list[str], dict[str, Counter[str]]]:
    """The unexplained survivors, the listed names that no longer survive, and counts per
    module (``killed``, ``equivalent``, ``total``)."""
    unexplained: list[str] = []
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in sorted(results.items()):
        if module is not None and module_of(name) != module:
            continue
        tally = counts[module_of(name)]
        tally["total"] += 1
        if status in DETECTED:
            tally["killed"] += 1
        elif status == NOT_RUN:
            tally["not run"] += 1
        elif name in equivalents:
            tally["equivalent"] += 1
        else:
            unexplained.append(f"{name}: {status}")
    stale = sorted(
        name
        for name in equivalents
        if (module is None or module_of(name) == module)
        and results.get(name, "missing") in DETECTED | {"missing"}
    )
    return unexplained, stale, counts


def mutmut_results() -> list[str]:
    mutmut = Path(sys.executable).with_name("mutmut")
    command = [str(mutmut), "results", "--all", "true"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--module", help="judge one module only (after a run of its mutants)")
    args = parser.parse_args(argv)
    results = read_results(mutmut_results())
    if not results:
        print("no mutation results: run mutmut first")
        return 1
    unexplained, stale, counts = verdict(results, read_equivalents(), args.module)
    print("| module | killed / total | equivalent (listed) | not run |")
    print("|---|---|---|---|")
    for module, tally in sorted(counts.items()):
        print(
            f"| {module} | {tally['killed']} / {tally['total']} | {tally['equivalent']} "
            f"| {tally['not run']} |"
        )
    for name in stale:
        print(f"listed as equivalent but not a survivor (renamed or killed?): {name}")
    not_run = sum(tally["not run"] for tally in counts.values())
    if unexplained:
        print(f"{len(unexplained)} surviving mutants are not listed as equivalent:")
        print("\n".join(f"    {line}" for line in unexplained))
    if not_run:
        print(f"{not_run} mutants were not run")
    return 1 if unexplained or not_run else 0


if __name__ == "__main__":
    raise SystemExit(main())

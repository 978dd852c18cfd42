"""How the definitions that leave cases out read on text nobody tuned them on.

tests/fixtures/definition_items.jsonl holds items a helper wrote without reading the project
(docs/evaluation.md, sixteenth session): a definitions document in a field of its own, the term
a rule is scoped to, a question, and whether the rule still applies to the asker ("applies") or
the definition leaves the asker's case out ("excluded"), labelled from the text before anything
ran. For each item the script reads the document's definitions
(``citenexus.ingest.definitions``), gives them to a vocabulary whose one scope dimension holds
the term and another value, and asks applicability whether a unit scoped to the term applies
(``QuestionScope.exclusion_reason``). It prints each item's outcome and the totals:

    .venv/bin/python scripts/definition_quality.py [--items PATH] [--show]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.domain.applicability import QuestionScope  # noqa: E402
from citenexus.domain.model import Unit  # noqa: E402
from citenexus.domain.vocabulary import Vocabulary, active  # noqa: E402
from citenexus.ingest.definitions import narrowing_definitions  # noqa: E402

ITEMS = ROOT / "tests" / "fixtures" / "definition_items.jsonl"


def judge(item: dict[str, object]) -> tuple[bool, str | None]:
    """Whether the item's term was read as narrowed, and the exclusion reason (None: applies)."""
    term = str(item["term"])
    phrases = [p for p in map(str, item["term_phrases"]) if p != term]  # type: ignore[attr-defined]
    vocabulary = Vocabulary.from_mapping(
        {
            "scope_terms": {
                "subject": {
                    term: phrases,
                    str(item["other_value"]): list(map(str, item["other_phrases"])),  # type: ignore[call-overload]
                }
            }
        }
    )
    definitions = narrowing_definitions(str(item["document"]))
    narrowed = vocabulary.with_definitions(definitions)
    unit = Unit("rule", 1, "A rule scoped to the term.", authority_meta={"scope": term})
    with active(narrowed):
        scope = QuestionScope.parse(str(item["question"]), "", narrowed)
        return term in definitions, scope.exclusion_reason(unit)


def read_items(path: Path = ITEMS) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=Path, default=ITEMS)
    parser.add_argument("--show", action="store_true", help="print each item's reason")
    args = parser.parse_args()
    items = read_items(args.items)
    counts = {"excluded": [0, 0], "applies": [0, 0]}
    read = [0, 0]
    for item in items:
        found, reason = judge(item)
        said = "excluded" if reason else "applies"
        expected = item["expected"]
        counts[expected][0] += said == expected
        counts[expected][1] += 1
        if expected == "excluded":
            read[0] += found
            read[1] += 1
        mark = "ok  " if said == expected else "MISS"
        print(
            f"{mark} {item['id']} {item['field']:<24} expected {expected:<8} -> {said}"
            f"{'' if found else ' (term not read as narrowed)'}"
        )
        if args.show and reason:
            print(f"       {reason[:300]}")
    excluded, applies = counts["excluded"], counts["applies"]
    print()
    print(f"definitions read for the excluded items: {read[0]}/{read[1]}")
    print(f"excluded as expected (recall):           {excluded[0]}/{excluded[1]}")
    print(f"applies as expected (no wrong exclusion): {applies[0]}/{applies[1]}")


if __name__ == "__main__":
    main()

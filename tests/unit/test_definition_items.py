"""The blind definition items (tests/fixtures/definition_items.jsonl, scripts/
definition_quality.py): whole as written, and read at least as well as when the readings they
led to were made (docs/evaluation.md, sixteenth session). Written without reading the project;
first run 5/18 excluded, 12/12 applies, 12/18 definitions read."""

from __future__ import annotations

import re

from scripts.definition_quality import judge, read_items


def test_every_item_quotes_its_term_and_the_case_it_leaves_out() -> None:
    items = read_items()
    assert len(items) == 30 and len({item["id"] for item in items}) == 30
    for item in items:
        document, term = str(item["document"]), str(item["term"])
        quoted = rf"[\"'\u201c\u2018]{re.escape(term)}[\"'\u201d\u2019]"
        assert re.search(quoted, document, re.IGNORECASE), item["id"]
        assert item["expected"] in ("excluded", "applies"), item["id"]
        if item["expected"] == "excluded":
            assert str(item["left_out_case"]) in document, item["id"]


def test_the_items_read_as_measured() -> None:
    outcomes = [(item["expected"], judge(item)) for item in read_items()]
    excluded = [reason is not None for expected, (_, reason) in outcomes if expected == "excluded"]
    applies = [reason is None for expected, (_, reason) in outcomes if expected == "applies"]
    read = [found for expected, (found, _) in outcomes if expected == "excluded"]
    assert sum(read) == len(read) == 18
    assert sum(excluded) >= 7  # of 18
    assert all(applies) and len(applies) == 12  # no rule left out for an asker it reaches

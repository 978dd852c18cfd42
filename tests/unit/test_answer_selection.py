"""The answer-selection set (scripts/answer_selection.py; docs/evaluation.md, "Answer selection on
texts the code never saw"): 100 items in sixteen fields, written blind before the generator ran
on them. Its shape is checked here, and the generator's measured totals are pinned, with the
MiniLM embedder breaking its ties as deployed: a change that quotes fewer answering sentences
fails here. The held-out split is pinned so that a regression shows, never to choose on.
"""

from __future__ import annotations

from collections import Counter

import pytest

from citenexus.embedders.minilm import MiniLMEmbedder
from scripts.answer_selection import TYPES, read_items, score, split_of, totals

# Measured 2026-12-06 (fifth session). Blind first run (ties to the first sentence, as then):
# dev 17 / 23 of 50, held-out 17 / 23 of 50. Then, chosen on the dev split and the development
# lanes: ties broken by meaning (24 / 31), "electronically", "orally" and "in what form" read as
# a manner (26 / 33); hours of work and ages read as facts against a rule's conditions (27 / 34);
# "72 consecutive hours", "10 school days" read as periods (28 / 34); "how long do I have before"
# read as a deadline (29 / 35). The held-out half, run to report only: 26 / 31 after the
# conditions (blind, 17 / 23). Sixth session: the sentence scorer folds inflections
# (``sentence_words``): dev 31 / 36; held out, run once afterwards to report, 27 / 33.
# Later sessions' readings raised the dev half to 33 / 38 unpinned; fourteenth session: an
# asker's "again" against a rule set for one occurrence (domain/conditions.occurrence_fit),
# 34 / 38; held out, run once afterwards, 27 / 33.
DEV_FIRST_AT_LEAST = 34
DEV_DRAFTED_AT_LEAST = 38
HELD_OUT_FIRST_AT_LEAST = 27
HELD_OUT_DRAFTED_AT_LEAST = 33


@pytest.fixture(scope="module")
def selected() -> dict[str, dict[str, int]]:
    items = read_items()
    embedder = MiniLMEmbedder()
    return {
        split: totals(score([i for i in items if split_of(i["id"]) == split], embedder))
        for split in ("dev", "held-out")
    }


def test_every_item_has_one_answering_phrase_in_two_to_four_units() -> None:
    items = read_items()
    assert len({i["id"] for i in items}) == len(items)
    for item in items:
        assert 2 <= len(item["units"]) <= 4, item["id"]
        text = " ".join(unit["text"] for unit in item["units"])
        assert text.count(item["answer"]) == 1, item["id"]
        assert item["type"] in TYPES, item["id"]


def test_both_splits_hold_fifty_items_and_every_answer_type() -> None:
    items = read_items()
    for split in ("dev", "held-out"):
        chosen = [i for i in items if split_of(i["id"]) == split]
        assert len(chosen) == 50
        assert set(Counter(i["type"] for i in chosen)) == set(TYPES)


def test_the_generator_holds_its_measured_totals(selected: dict[str, dict[str, int]]) -> None:
    assert selected["dev"]["first"] >= DEV_FIRST_AT_LEAST
    assert selected["dev"]["drafted"] >= DEV_DRAFTED_AT_LEAST
    assert selected["held-out"]["first"] >= HELD_OUT_FIRST_AT_LEAST
    assert selected["held-out"]["drafted"] >= HELD_OUT_DRAFTED_AT_LEAST
    assert selected["dev"]["first"] <= selected["dev"]["drafted"]

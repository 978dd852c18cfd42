"""The blind list and amount items (tests/fixtures/list_amount_items.jsonl, scripts/
list_amount_quality.py) are whole: every phrase an answer must contain stands in its passage
or its answering unit, word for word, so the measure reads what the writer meant."""

from __future__ import annotations

from scripts.list_amount_quality import read_items


def test_every_item_names_phrases_its_text_holds() -> None:
    items = read_items()
    assert {item["kind"] for item in items} == {"list", "amount"}
    assert len({item["id"] for item in items}) == len(items)
    for item in items:
        text = item["passage"] if item["kind"] == "list" else item["units"][item["answer_unit"]]
        assert item["must_contain"], item["id"]
        for phrase in item["must_contain"]:
            assert phrase in text, (item["id"], phrase)


def test_each_amount_item_has_three_units_and_names_one() -> None:
    for item in read_items():
        if item["kind"] == "amount":
            assert len(item["units"]) == 3 and item["answer_unit"] in (0, 1, 2), item["id"]

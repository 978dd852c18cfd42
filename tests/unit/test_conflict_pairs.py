"""The conflict test set: true conflicts found, hard negatives left alone (docs/design.md,
"Conflicts"). The scorer is tests/support/conflict_pairs.py; scripts/conflict_quality.py prints
each pair. Pinned at the measured precision and recall: a change that lowers either fails here.
"""

from __future__ import annotations

from collections import Counter

import pytest

from citenexus.domain.conflicts import (
    DAYS,
    POLARITY,
    claim_assertion,
    detect_conflicts,
    question_kind,
)
from scripts.conflict_pairs import predict, read_pairs, score

# Measured 2026-12-05 on all 161 pairs: the 41 written by hand (2026-12-01; the detector before
# matters were read: precision 7/17, recall 7/15; since then 15/16, 15/15) and two batches of 60
# written blind on 2026-12-05 (B.., D..; docs/evaluation.md, "Conflicts between sources worded
# differently"): precision 36/45, recall 36/63; on 2026-12-06 the holder reading (values stated
# for "items bought in our stores" and "items ordered online" are two rules) 36/41, the measure
# kind 41/46 and 41/63; then a third batch of 40 written blind (E.., run once before being
# added: precision 6/7, recall 6/18), all 201 pairs: 47/53, 47/81; then a source's own question
# and an opening "no," read as such, and "for the award of the MSc" as the MSc's: 49/55, 49/81;
# a holder phrase read after a question before it ("Flying Economy? You can ..."): 50/56, 50/81;
# one matter also when the sentences share three words and one of the question's: 52/58, 52/81.
# A fourth batch of 30 written blind on 2026-12-06 (F.., qualified units and bounded conditions;
# run once before being added: precision 4/6, recall 4/16), then two-word units, rates, bounds and
# more questions read as asking a measure: the batch 10/10, 10/16; all 231 pairs 62/68, 62/97.
# 2026-12-06 (sixth session): a period adjective in front of an amount is its rate ("the daily
# limit is £500" / "£300 a day"; E14): 63/69, 63/97.
# 2026-12-07 (thirteenth session): a fifth batch of 18 written blind (G.., twelve values of one
# kind whose sentences share a word of the question but answer another matter, six true
# conflicts worded apart; run once before any change: precision 6/15, recall 6/6), all 249
# pairs 69/84, 69/103. Then two sentences about things of their own (each subject's head word
# differs, neither sentence names the other's, fewer than three content words shared) are no
# conflict (readings.actor_of): 68/79, 68/103 (four hard negatives gained, B24 lost: "CCTV
# recordings" / "CCTV footage" name one thing in two words and share too little else).
# 2026-12-07 (sixteenth session): a value named only by the event the question counts its
# period from ("after the first visit"), and not counted from it, is no reading: 68/78 (G05);
# and a lead time's event ("before taking parental leave"): 68/77 (G07).
PRECISION_AT_LEAST = 68 / 77
RECALL_AT_LEAST = 68 / 103
HAND_WRITTEN = ("T", "N")  # the first 41 pairs: every hard negative there is left alone
HARD_NEGATIVES = {
    "subject",
    "route",
    "stage",
    "equal_units",
    "range",
    "exception",
    "period",
    "currency",
    "lookback_vs_notice",
    "one_unit",
    "different_matter",
    "condition",
}


def test_the_set_holds_true_conflicts_of_each_kind_and_every_kind_of_hard_negative() -> None:
    pairs = read_pairs()
    true = Counter(p["category"] for p in pairs if p["conflict"])
    false = {p["category"] for p in pairs if not p["conflict"]}
    assert {"value", "negation", "antonym"} <= set(true)
    assert sum(true.values()) >= 15
    assert false >= HARD_NEGATIVES
    assert len({p["id"] for p in pairs}) == len(pairs)


def test_the_detector_holds_its_measured_precision_and_recall() -> None:
    _, totals = score(read_pairs())
    assert totals["precision"] >= PRECISION_AT_LEAST
    assert totals["recall"] >= RECALL_AT_LEAST


@pytest.mark.parametrize("category", sorted(HARD_NEGATIVES - {"subject"}))
def test_each_kind_of_hard_negative_is_no_conflict(category: str) -> None:
    pairs = [p for p in read_pairs() if p["id"].startswith(HAND_WRITTEN)]
    scored, _ = score([p for p in pairs if p["category"] == category])
    assert scored
    assert [s.pair_id for s in scored if s.predicted] == []


def test_a_true_conflict_names_the_matter_both_sides_answer() -> None:
    scored, _ = score([p for p in read_pairs() if p["id"] == "T01"])
    (result,) = scored
    assert result.predicted
    assert "request" in result.matter


def _claim(index: int, key: str, document: str, text: str, question: str) -> object:
    return claim_assertion(
        index,
        key=key,
        document_id=document,
        tier_rank=3,
        tier_name="rule",
        jurisdiction="",
        text=text,
        question=question,
        kind=question_kind(question),
    )


def test_no_value_of_one_unit_conflicts_with_another_value_of_that_unit() -> None:
    question = "How long does the customer have to return the item?"
    found = [
        _claim(
            0, "policy#3", "policy", "The customer may return the item within 30 days.", question
        ),
        _claim(
            1,
            "policy#3",
            "policy",
            "The customer may return the item within 90 days if the item is defective.",
            question,
        ),
        _claim(2, "faq#1", "faq", "You may return the item within 30 days.", question),
    ]
    assert detect_conflicts(DAYS, found) == []  # type: ignore[arg-type]


def test_two_values_of_one_unit_under_two_keys_of_one_document_do_not_conflict() -> None:
    question = "How long does the customer have to return the item?"
    found = [
        _claim(
            0, "policy#3", "policy", "The customer may return the item within 30 days.", question
        ),
        _claim(
            1, "policy#4", "policy", "The customer may return the item within 60 days.", question
        ),
    ]
    assert detect_conflicts(DAYS, found) == []  # type: ignore[arg-type]


def test_a_yes_no_question_compares_what_the_sources_affirm_and_deny() -> None:
    question = "Is the safety training mandatory for new staff?"
    assert question_kind(question) == POLARITY
    found = [
        _claim(
            0, "policy#1", "policy", "The safety training is mandatory for new staff.", question
        ),
        _claim(1, "wiki#1", "wiki", "The safety training is optional for new staff.", question),
    ]
    (conflict,) = detect_conflicts(POLARITY, found)  # type: ignore[arg-type]
    assert conflict.resolved_to is None
    assert {v for v, _, _ in conflict.values} == {"yes", "no"}
    assert "safety" in conflict.matter


def test_a_yes_no_question_about_a_value_asks_for_its_yes_or_no() -> None:
    assert question_kind("Can the company charge a fee for a second copy?") == POLARITY
    assert question_kind("How many days does the company have to answer?") == DAYS
    assert question_kind("How soon must the carrier be told?") == DAYS


def test_dates_without_a_year_about_the_same_matter_conflict() -> None:
    question = "When is the renewal due?"
    found = [
        _claim(0, "call#0", "call", "Sarah said the renewal is due November 30.", question),
        _claim(
            1,
            "contract#0",
            "contract",
            "The contract sets the renewal date at December 31.",
            question,
        ),
    ]
    (conflict,) = detect_conflicts(question_kind(question), found)  # type: ignore[arg-type]
    assert {v for v, _, _ in conflict.values} == {"--11-30", "--12-31"}
    assert conflict.matter == "renewal"


def test_lead_times_counted_from_different_events_do_not_conflict() -> None:
    # Both are notice "before" something; what each is counted from is named by its own words.
    question = "If the owner mails a notice of a visit, how far in advance must it be mailed?"
    pair = {
        "question": question,
        "a": {
            "document": "visits",
            "unit": "v3",
            "text": "A notice that is mailed at least six days before the intended visit is "
            "presumed reasonable.",
        },
        "b": {
            "document": "increases",
            "unit": "r2",
            "text": "The owner shall mail notice at least 30 days before the increase takes effect.",
        },
    }
    assert predict(pair) == (False, "")
    # the same event in other words: still a conflict
    pair["b"]["text"] = "A notice must be mailed at least 10 days before the intended visit."
    assert predict(pair)[0] is True


def test_an_event_named_by_one_word_is_not_told_apart() -> None:
    # "after receiving it" may be "after receipt of the request" in other words (pair T01)
    question = "How many days does the company have to answer a request?"
    pair = {
        "question": question,
        "a": {
            "document": "law",
            "unit": "s1",
            "text": "The company shall answer a request "
            "within 45 days after receipt of the request.",
        },
        "b": {
            "document": "faq",
            "unit": "f1",
            "text": "The company must answer a request within 30 days after receiving it.",
        },
    }
    assert predict(pair)[0] is True

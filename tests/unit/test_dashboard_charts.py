"""The dashboard's chart geometry (reporting.charts): plain numbers in, SVG coordinates out."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from reporting.charts import (
    BAR_WIDTH,
    REFUSAL_DAYS,
    refusal_chart,
    review_chart,
    tier_bars,
    window_days,
)

TODAY = dt.date(2026, 3, 14)


def test_the_window_is_fourteen_days_oldest_first_ending_today():
    days = window_days(TODAY)
    assert len(days) == REFUSAL_DAYS
    assert days[0] == TODAY - dt.timedelta(days=REFUSAL_DAYS - 1) and days[-1] == TODAY


def test_tier_bars_go_highest_first_with_unknown_names_last():
    lane = SimpleNamespace(tier_order=["low", "mid", "high"])
    chart = tier_bars(lane, {"high": 1, "low": 4, "": 2, "typo": 1})
    assert [(b["label"], b["count"]) for b in chart["bars"]] == [
        ("high", 1),
        ("mid", 0),
        ("low", 4),
        ("(no tier / unknown)", 3),
    ]
    assert chart["bars"][2]["width"] == BAR_WIDTH  # the longest bar spans the chart
    assert chart["total"] == 8


def test_refusals_stack_by_code_and_ignore_days_outside_the_window():
    days = window_days(TODAY)
    rows = [
        {"day": TODAY, "refusal_code": "ungrounded", "n": 2},
        {"day": TODAY, "refusal_code": "below_authority_floor", "n": 1},
    ]
    chart = refusal_chart(rows, days)
    last = chart["columns"][-1]
    assert [s["code"] for s in last["stack"]] == ["below_authority_floor", "ungrounded"]
    assert last["total"] == 3 and chart["total"] == 3 and chart["top"] == 3
    assert [item["code"] for item in chart["legend"]] == ["below_authority_floor", "ungrounded"]


def test_reviews_count_flagged_and_approved_per_day():
    days = window_days(TODAY)
    earlier = TODAY - dt.timedelta(days=3)
    rows = [
        {"day": TODAY, "review_verdict": "flag", "n": 2},
        {"day": TODAY, "review_verdict": "approve", "n": 1},
        {"day": earlier, "review_verdict": "flag", "n": 1},
        {"day": TODAY - dt.timedelta(days=30), "review_verdict": "flag", "n": 9},
    ]
    chart = review_chart(rows, days)
    assert (chart["flagged"], chart["approved"], chart["busiest"]) == (3, 1, 2)
    assert [c["day"] for c in chart["reviewed_days"]] == [earlier, TODAY]

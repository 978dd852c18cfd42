"""The dashboard's charts as plain SVG coordinates: no chart library, no request elsewhere.

Each function takes counts (from the apps' selectors) and returns what the template draws.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

REFUSAL_DAYS = 14
BAR_WIDTH = 360
CODE_COLOURS = {
    "no_relevant_evidence": "#8a6d3b",
    "below_authority_floor": "#b03a2e",
    "not_applicable": "#6c3483",
    "ungrounded": "#1f618d",
    "citation_laundering": "#111111",
    "unresolved_conflict": "#d35400",
    "unsupported_script": "#117a65",
    "generation_failed": "#5d6d7e",
}
REVIEW_VERDICTS = ("flag", "approve")  # drawn left to right in each day's pair


def tier_bars(lane: Any, counts: Mapping[str, int]) -> dict[str, Any]:
    """Documents per tier of one lane, highest tier first; names outside the order last."""
    order = list(reversed(lane.tier_order))
    rows = [(name, counts.get(name, 0)) for name in order]
    other = sum(n for name, n in counts.items() if name not in lane.tier_order)
    if other:
        rows.append(("(no tier / unknown)", other))
    top = max([n for _, n in rows] + [1])
    bars = [
        {"label": name, "count": n, "y": i * 26, "width": round(BAR_WIDTH * n / top, 1)}
        for i, (name, n) in enumerate(rows)
    ]
    return {"lane": lane, "bars": bars, "height": len(bars) * 26 + 4, "total": sum(counts.values())}


def window_days(today: dt.date) -> list[dt.date]:
    """The dashboard's days, oldest first: the refusal and review charts share one window."""
    return [today - dt.timedelta(days=REFUSAL_DAYS - 1 - i) for i in range(REFUSAL_DAYS)]


def refusal_chart(rows: Iterable[Mapping[str, Any]], days: list[dt.date]) -> dict[str, Any]:
    """Refusals per day, stacked by refusal code; ``rows`` hold ``day``, ``refusal_code``, ``n``."""
    per_day: dict[Any, dict[str, int]] = {d: {} for d in days}
    for r in rows:
        per_day.setdefault(r["day"], {})[r["refusal_code"]] = r["n"]
    top = max([sum(v.values()) for v in per_day.values()] + [1])
    height, slot = 160, 34
    columns = []
    for i, day in enumerate(days):
        y = float(height)
        stack = []
        for code, n in sorted(per_day[day].items()):
            h = round(height * n / top, 1)
            y -= h
            stack.append(
                {
                    "code": code,
                    "n": n,
                    "y": round(y, 1),
                    "h": h,
                    "colour": CODE_COLOURS.get(code, "#444"),
                }
            )
        columns.append(
            {"day": day, "x": i * slot + 30, "stack": stack, "total": sum(per_day[day].values())}
        )
    codes = sorted({c for v in per_day.values() for c in v})
    return {
        "columns": columns,
        "legend": [{"code": c, "colour": CODE_COLOURS.get(c, "#444")} for c in codes],
        "height": height,
        "width": REFUSAL_DAYS * slot + 40,
        "top": top,
        "total": sum(c["total"] for c in columns),
    }


def review_chart(rows: Iterable[Mapping[str, Any]], days: list[dt.date]) -> dict[str, Any]:
    """Flagged and approved answers per day of review; ``rows`` hold ``day``,
    ``review_verdict``, ``n``."""
    per_day: dict[Any, dict[str, int]] = {d: dict.fromkeys(REVIEW_VERDICTS, 0) for d in days}
    for r in rows:
        if r["day"] in per_day:
            per_day[r["day"]][r["review_verdict"]] = r["n"]
    busiest = max(n for counts in per_day.values() for n in counts.values())
    top = max(busiest, 1)
    # Bars stop short of the top so the tallest one's count above it stays inside the chart.
    height, headroom, slot, bar = 160, 14, 34, 12
    columns = []
    for i, day in enumerate(days):
        bars = []
        for j, verdict in enumerate(REVIEW_VERDICTS):
            n = per_day[day][verdict]
            h = round((height - headroom) * n / top, 1)
            bars.append(
                {
                    "verdict": verdict,
                    "n": n,
                    "x": 2 + j * (bar + 1),
                    "y": round(height - h, 1),
                    "h": h,
                    "count_x": 2 + j * (bar + 1) + bar / 2,
                    "count_y": round(height - h - 3, 1),
                }
            )
        columns.append({"day": day, "x": i * slot + 30, "bars": bars, **per_day[day]})
    return {
        "columns": columns,
        "reviewed_days": [c for c in columns if c["flag"] or c["approve"]],
        "height": height,
        "width": REFUSAL_DAYS * slot + 40,
        "bar": bar,
        "busiest": busiest,
        "flagged": sum(c["flag"] for c in columns),
        "approved": sum(c["approve"] for c in columns),
    }

"""The Evaluations tab's chart: a lane's headline numbers over its runs, as plain SVG
coordinates (no chart library, no script: the page draws it server-side, as the dashboard's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# (report key, legend label, CSS class of the line): the headline first.
CHART_METRICS = (
    ("expected_value_rate", "expected value stated", "series-value"),
    ("abstain_when_no_evidence", "refused when it should", "series-abstain"),
    ("refusal_code_accuracy", "with the expected refusal code", "series-code"),
)
CHART_RUNS = 20  # the most recent runs drawn
WIDTH, HEIGHT = 560, 180
LEFT, RIGHT, TOP, BOTTOM = 40, 16, 10, 30


def chart_mode(runs: Sequence[Any], default_mode: str) -> str:
    """The mode the chart follows: strict when the runs asked it, else the lane's default."""
    asked = {run for r in runs for run in r.reports}
    for mode in ("strict", default_mode):
        if mode in asked:
            return mode
    return next(iter(sorted(asked)), default_mode)


def headline_chart(runs: Sequence[Any], mode: str) -> dict[str, Any]:
    """Lines of the headline rates, one point per finished run that asked ``mode``, oldest
    first; ``runs`` are evaluation runs (newest first, as listed)."""
    drawn = [r for r in runs if mode in r.reports][:CHART_RUNS][::-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / (len(drawn) - 1) if len(drawn) > 1 else 0.0
    xs = [round(LEFT + (i * step if len(drawn) > 1 else plot_w / 2), 1) for i in range(len(drawn))]
    series = []
    for key, label, css in CHART_METRICS:
        dots = []
        for x, run in zip(xs, drawn, strict=True):
            value = float(run.reports[mode].get(key, 0.0))
            y = round(TOP + (1.0 - value) * plot_h, 1)
            dots.append({"x": x, "y": y, "value": value, "run": run})
        points = " ".join(f"{d['x']},{d['y']}" for d in dots)
        series.append({"key": key, "label": label, "css": css, "points": points, "dots": dots})
    gridlines = []
    for share in (0.0, 0.5, 1.0):
        y = round(TOP + (1.0 - share) * plot_h, 1)
        label = f"{round(share * 100)}%"
        gridlines.append({"y": y, "label": label, "text_x": LEFT - 4, "text_y": y + 4})
    return {
        "mode": mode,
        "series": series,
        "runs": [{"x": x, "run": run} for x, run in zip(xs, drawn, strict=True)],
        "gridlines": gridlines,
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "label_y": HEIGHT - 10,
    }

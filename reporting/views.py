"""The auditors' dashboard: documents per tier, refusals and reviews per day, per lane.

The same readers as the audit log (global auditors and admins; 403 for anyone else), over the
lanes they audit.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from access.roles import Cap, lanes_with
from answers.selectors import (
    answer_refusals_per_day,
    answer_review_summary,
    answer_reviews_per_day,
)
from audit.selectors import require_audit_reader
from common.http import page_errors
from curation.selectors import tier_counts
from reporting.charts import (
    BAR_WIDTH,
    REVIEW_VERDICTS,
    refusal_chart,
    review_chart,
    tier_bars,
    window_days,
)


def dashboard_data(user: Any) -> dict[str, Any]:
    lanes = list(lanes_with(user, Cap.READ_AUDIT))
    days = window_days(timezone.now().date())
    return {
        "tier_charts": [tier_bars(lane, tier_counts(lane=lane)) for lane in lanes],
        "refusals": refusal_chart(answer_refusals_per_day(lanes=lanes, since=days[0]), days),
        "reviews": review_chart(
            answer_reviews_per_day(lanes=lanes, since=days[0], verdicts=REVIEW_VERDICTS), days
        ),
        "review": answer_review_summary(lanes=lanes),
        "bar_width": BAR_WIDTH,
    }


@login_required
def audit_dashboard(request: HttpRequest) -> HttpResponse:
    with page_errors():
        require_audit_reader(request.user)
    return render(request, "reporting/dashboard.html", dashboard_data(request.user))

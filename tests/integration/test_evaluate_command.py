"""manage.py evaluate on the renewal example: the documentary record outweighs the call."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from curation.services.examples import example_lane_load

pytestmark = pytest.mark.django_db

RENEWAL = Path(settings.BASE_DIR) / "examples" / "renewal"


def test_evaluate_reports_every_mode_and_the_floor_off(tmp_path: Path) -> None:
    lane, counts = example_lane_load(folder=RENEWAL, actor="test")
    assert counts == {"created": 2}
    output = tmp_path / "report.json"
    out = StringIO()
    call_command(
        "evaluate", lane.slug, str(RENEWAL / "golden.csv"), "--output", str(output), stdout=out
    )
    table = out.getvalue()
    assert "answer_when_grounded" in table and "strict-floor-off" in table
    report = json.loads(output.read_text())
    assert set(report) == {"strict", "normal", "exploratory", "strict-floor-off"}
    for run in report.values():
        assert run["total"] == 2
        assert run["wrong_jurisdiction_citations"] == 0
        assert run["citation_rate"] == 1.0

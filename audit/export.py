"""Streaming CSV and JSON Lines renderings of the audit log (one row in memory at a time)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import Any

from audit.selectors import EVENT_COLUMNS, event_dict
from audit.services import canonical_json

# A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: str) -> str:
    """Prefix a single quote to a cell a spreadsheet would read as a formula."""
    return "'" + cell if cell.startswith(FORMULA_TRIGGERS) else cell


class _Line:
    """A write-only file for csv.writer that hands back what it was given."""

    def write(self, value: str) -> str:
        return value


def csv_row(event: dict[str, Any]) -> list[str]:
    cells = []
    for name in EVENT_COLUMNS:
        value = event[name]
        text = canonical_json(value) if name == "details" else str(value)
        cells.append(neutralise(text))
    return cells


def csv_lines(rows: Iterable[dict[str, Any]]) -> Iterator[str]:
    writer = csv.writer(_Line())
    yield writer.writerow(EVENT_COLUMNS)
    for row in rows:
        yield writer.writerow(csv_row(event_dict(row)))


def jsonl_lines(rows: Iterable[dict[str, Any]]) -> Iterator[str]:
    for row in rows:
        yield json.dumps(event_dict(row), ensure_ascii=False, sort_keys=True) + "\n"

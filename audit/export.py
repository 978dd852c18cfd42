"""Streaming CSV and JSON Lines renderings of the audit log (one batch in memory at a time).

One source renders the lines, a batch of rows at a time; two thin adapters serve it. Under WSGI
the response iterates it synchronously. Under ASGI a synchronous iterator would be drained into
memory before the first byte is sent (Django's StreamingHttpResponse.__aiter__ lists it), so
there the response gets an asynchronous iterator that fetches and renders each batch in the
request's thread and hands it to the event loop as one chunk.
"""

from __future__ import annotations

import csv
import itertools
import json
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, StreamingHttpResponse

from audit.hashing import canonical_json
from audit.selectors import EVENT_COLUMNS, event_dict

Row = dict[str, Any]
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "jsonl": "application/x-ndjson; charset=utf-8",
}
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


def jsonl_line(row: Row) -> str:
    return json.dumps(event_dict(row), ensure_ascii=False, sort_keys=True) + "\n"


def export_chunks(fmt: str, batches: Iterable[list[Row]]) -> Iterator[list[str]]:
    """Each batch of rows as its lines; a CSV export starts with a chunk holding the header."""
    if fmt == "csv":
        writer = csv.writer(_Line())
        yield [writer.writerow(EVENT_COLUMNS)]
        for rows in batches:
            yield [writer.writerow(csv_row(event_dict(row))) for row in rows]
    else:
        for rows in batches:
            yield [jsonl_line(row) for row in rows]


def lines_sync(chunks: Iterator[list[str]]) -> Iterator[str]:
    """For WSGI: line by line, the next batch fetched when the last one is sent."""
    return itertools.chain.from_iterable(chunks)


async def lines_async(chunks: Iterator[list[str]]) -> AsyncIterator[str]:
    """For ASGI: a batch at a time, fetched and rendered off the event loop.

    thread_sensitive=True runs each step in the request's own thread, so the queries use the
    connection the view opened and Django closes at the end of the request. ``next`` gets a
    default because a StopIteration cannot cross into the awaiting coroutine.
    """

    def next_chunk() -> list[str] | None:
        return next(chunks, None)

    step = sync_to_async(next_chunk, thread_sensitive=True)
    while (lines := await step()) is not None:
        yield "".join(lines)


def export_response(
    request: HttpRequest, fmt: str, batches: Iterable[list[Row]]
) -> StreamingHttpResponse:
    """The export as an attachment, streamed the way the server in front of Django needs."""
    chunks = export_chunks(fmt, batches)
    served_by_asgi = isinstance(request, ASGIRequest)
    lines: Iterator[str] | AsyncIterator[str] = (
        lines_async(chunks) if served_by_asgi else lines_sync(chunks)
    )
    response = StreamingHttpResponse(lines, content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="audit.{fmt}"'
    response["Cache-Control"] = "no-store"
    return response

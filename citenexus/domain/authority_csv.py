"""Plan a curator's authority CSV against a lane before anything is written
(docs/design.md#asserting-tiers, docs/design.md#where-a-tier-comes-from).

A curator's CSV asserts authority metadata per document: a required ``document_id`` column and
any metadata columns, the tier among them under the lane's ``metadata_key``. Planning reads the
whole file and reports every problem at once (unknown tiers, unknown documents, malformed rows,
whole-file faults) together with the changes it would make, so nothing is applied until the
file is known to be good, or the curator confirms applying only its valid rows.

``authority_rank`` and every other column are opaque metadata here: ranking comes from the
lane's order alone, so they are stored as given and never checked against anything. Values that
look like spreadsheet formulas are stored as given too; neutralising them is the export's job.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from citenexus.domain.levels import closest_tier

DOCUMENT_ID_COLUMN = "document_id"
DEFAULT_MAX_ROWS = 100_000
DEFAULT_MAX_BYTES = 20_000_000

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
# Line breaks arrive inside quoted cells (a multi-line label) and tabs are ordinary text; every
# other control character is invisible in a review screen and unsafe to store.
_ALLOWED_CONTROLS = frozenset("\t\n\r")

ERR_TOO_LARGE = "the file is {size} bytes; the limit is {limit} bytes"
ERR_NOT_UTF8 = (
    "the file is not UTF-8 text: the byte at offset {offset} (0x{byte:02x}) cannot be decoded; "
    "save it as CSV UTF-8"
)
ERR_UTF16 = (
    "the file is UTF-16 text (it starts with a UTF-16 byte order mark); only UTF-8 is read: "
    "save it as CSV UTF-8"
)
ERR_EMPTY_FILE = "the file is empty"
ERR_NO_HEADER = "the first line must be a header naming the columns, but it is blank"
ERR_EMPTY_HEADER_NAME = "header column {column} has no name"
ERR_DUPLICATE_HEADER = "the header names column {name!r} more than once"
ERR_MISSING_DOCUMENT_ID_COLUMN = "the header has no {column!r} column"
HINT_DID_YOU_MEAN = "; did you mean {suggestion!r}?"
ERR_HEADER_CONTROL_CHARACTER = "a header name contains a control character (U+{code:04X})"
ERR_TOO_MANY_ROWS = "the file has more than {limit} rows"
ERR_MALFORMED_ROW = "malformed CSV row: {detail}"
ERR_TOO_MANY_CELLS = "the row has {got} cells but the header names {expected} columns"
ERR_MISSING_DOCUMENT_ID = "the row has no document_id"
ERR_DUPLICATE_DOCUMENT = "document {document_id!r} is already listed on line {first_line}"
ERR_CONTROL_CHARACTER = (
    "column {column!r} contains a control character (U+{code:04X}); "
    "only tabs and line breaks are allowed"
)


@dataclass(frozen=True)
class RowChange:
    """One row's effect on one document: metadata and tier before and after."""

    line: int
    document_id: str
    before: dict[str, str] = field(hash=False)
    after: dict[str, str] = field(hash=False)
    tier_before: str | None
    tier_after: str | None


@dataclass(frozen=True)
class UnknownTier:
    """A tier value outside the lane's order, with the closest known tier if one is close."""

    line: int
    document_id: str
    value: str
    closest: str | None


@dataclass(frozen=True)
class UnknownDocument:
    """A row naming a document the lane does not hold."""

    line: int
    document_id: str


@dataclass(frozen=True)
class LineError:
    """A row that cannot be used, and why."""

    line: int
    message: str


@dataclass(frozen=True)
class CsvPlan:
    """What a CSV would change in a lane, and every problem found in it.

    ``changes`` may include rows whose tier is unknown, so a reviewer sees what the file asks;
    ``valid_changes`` are the ones that may be applied. Lines are 1-based file lines, the
    header being line 1; a row spanning several lines is numbered by its first.
    """

    changes: tuple[RowChange, ...] = ()
    unchanged: tuple[str, ...] = ()
    unknown_tiers: tuple[UnknownTier, ...] = ()
    unknown_documents: tuple[UnknownDocument, ...] = ()
    errors: tuple[LineError, ...] = ()
    file_errors: tuple[str, ...] = ()

    @property
    def is_valid(self) -> bool:
        """True when the whole file may be applied: no problem of any kind."""
        return not (self.unknown_tiers or self.unknown_documents or self.errors or self.file_errors)

    @property
    def valid_changes(self) -> tuple[RowChange, ...]:
        """The changes of rows with no problem: what ``confirm=valid_rows`` applies."""
        bad_lines = {problem.line for problem in self.unknown_tiers}
        bad_lines |= {problem.line for problem in self.unknown_documents}
        bad_lines |= {problem.line for problem in self.errors}
        return tuple(change for change in self.changes if change.line not in bad_lines)

    def to_dict(self, confirmed: bool = False) -> dict[str, Any]:
        """The API's answer for this plan.

        ``applied`` counts what is (or, on a dry run, would be) applied: every change of a valid
        file, only the valid rows' changes when the curator confirmed ``valid_rows``, else none.
        ``changes`` then lists the applied changes, or all of them as a preview when nothing is
        confirmed. Whole-file errors appear in ``errors`` with ``line`` null.
        """
        applied = self.valid_changes if confirmed or self.is_valid else ()
        listed = applied if confirmed else self.changes
        return {
            "applied": len(applied),
            "unchanged": len(self.unchanged),
            "unknown_tiers": [
                {
                    "line": u.line,
                    "document_id": u.document_id,
                    "value": u.value,
                    "closest": u.closest,
                }
                for u in self.unknown_tiers
            ],
            "unknown_documents": [
                {"line": u.line, "document_id": u.document_id} for u in self.unknown_documents
            ],
            "errors": [{"line": None, "message": message} for message in self.file_errors]
            + [{"line": e.line, "message": e.message} for e in self.errors],
            "changes": [
                {
                    "line": c.line,
                    "document_id": c.document_id,
                    "tier_before": c.tier_before,
                    "tier_after": c.tier_after,
                    "before": dict(c.before),
                    "after": dict(c.after),
                }
                for c in listed
            ],
            "valid": self.is_valid,
        }


def _decode(data: bytes) -> tuple[str | None, str | None]:
    """The file's text, or the reason it cannot be read; offsets count the file's own bytes."""
    if data.startswith(_UTF16_BOMS):
        # Named for what it is: decoded as UTF-8 it would fail on its first byte, 0xff or 0xfe.
        return None, ERR_UTF16
    skip = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
    try:
        # Codec names are case-insensitive, so mutmut's "UTF-8" is this same codec.
        return data[skip:].decode("utf-8"), None  # pragma: no mutate
    except UnicodeDecodeError as error:
        offset = skip + error.start
        return None, ERR_NOT_UTF8.format(offset=offset, byte=data[offset])


def _control_character(value: str) -> str | None:
    for char in value:
        if char not in _ALLOWED_CONTROLS and unicodedata.category(char) == "Cc":
            return char
    return None


def _header_problems(header: Sequence[str]) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for position, name in enumerate(header, start=1):
        char = _control_character(name)
        if char is not None:
            problems.append(ERR_HEADER_CONTROL_CHARACTER.format(code=ord(char)))
        elif not name:
            problems.append(ERR_EMPTY_HEADER_NAME.format(column=position))
        elif name in seen:
            problems.append(ERR_DUPLICATE_HEADER.format(name=name))
        seen.add(name)
    if DOCUMENT_ID_COLUMN not in header:
        message = ERR_MISSING_DOCUMENT_ID_COLUMN.format(column=DOCUMENT_ID_COLUMN)
        suggestion = closest_tier(DOCUMENT_ID_COLUMN, [name for name in header if name])
        if suggestion is None:
            # difflib misses a name that differs only in case ("Document_ID"), the likeliest slip.
            folded = [name for name in header if name.casefold() == DOCUMENT_ID_COLUMN]
            suggestion = folded[0] if folded else None
        if suggestion is not None:
            message += HINT_DID_YOU_MEAN.format(suggestion=suggestion)
        problems.append(message)
    return list(dict.fromkeys(problems))


def _rows(reader: Any) -> Iterator[tuple[int, list[str] | None, str | None]]:
    """Each record as (first line, cells, None), or (first line, None, parse error)."""
    previous_end = reader.line_num
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            yield previous_end + 1, None, str(error)
        else:
            yield previous_end + 1, cells, None
        previous_end = reader.line_num


@dataclass
class _Collector:
    metadata_key: str
    tier_order: Sequence[str]
    documents: Mapping[str, Mapping[str, str]]
    changes: list[RowChange] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    unknown_tiers: list[UnknownTier] = field(default_factory=list)
    unknown_documents: list[UnknownDocument] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    first_line: dict[str, int] = field(default_factory=dict)

    def add_row(self, line: int, header: Sequence[str], cells: Sequence[str]) -> None:
        if len(cells) > len(header):
            message = ERR_TOO_MANY_CELLS.format(got=len(cells), expected=len(header))
            self.errors.append(LineError(line, message))
            return
        # Short rows are padded with empty cells: every header name, document_id too, is a key.
        row = {name: cell.strip() for name, cell in zip_longest(header, cells, fillvalue="")}
        bad = [(name, c) for name, value in row.items() if (c := _control_character(value))]
        for name, char in bad:
            message = ERR_CONTROL_CHARACTER.format(column=name, code=ord(char))
            self.errors.append(LineError(line, message))
        document_id = row.pop(DOCUMENT_ID_COLUMN)
        if bad:
            return
        if not document_id:
            self.errors.append(LineError(line, ERR_MISSING_DOCUMENT_ID))
            return
        if document_id in self.first_line:
            first = self.first_line[document_id]
            message = ERR_DUPLICATE_DOCUMENT.format(document_id=document_id, first_line=first)
            self.errors.append(LineError(line, message))
            return
        self.first_line[document_id] = line
        self._plan_row(line, document_id, {k: v for k, v in row.items() if v})

    def _plan_row(self, line: int, document_id: str, assertion: dict[str, str]) -> None:
        tier = assertion.get(self.metadata_key)
        tier_known = tier is None or tier in self.tier_order
        if not tier_known and tier is not None:
            closest = closest_tier(tier, self.tier_order)
            self.unknown_tiers.append(UnknownTier(line, document_id, tier, closest))
        current = self.documents.get(document_id)
        if current is None:
            self.unknown_documents.append(UnknownDocument(line, document_id))
            return
        before = dict(current)
        after = before | assertion
        if after != before:
            tier_before = before.get(self.metadata_key) or None
            tier_after = after.get(self.metadata_key) or None
            self.changes.append(
                RowChange(line, document_id, before, after, tier_before, tier_after)
            )
        elif tier_known:
            self.unchanged.append(document_id)

    def plan(self) -> CsvPlan:
        return CsvPlan(
            changes=tuple(self.changes),
            unchanged=tuple(self.unchanged),
            unknown_tiers=tuple(self.unknown_tiers),
            unknown_documents=tuple(self.unknown_documents),
            errors=tuple(self.errors),
        )


def plan_authority_csv(
    data: bytes,
    *,
    metadata_key: str,
    tier_order: Sequence[str],
    documents: Mapping[str, Mapping[str, str]],
    max_rows: int = DEFAULT_MAX_ROWS,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> CsvPlan:
    """What applying the authority CSV ``data`` to a lane would change, and every problem in it.

    ``documents`` maps each document of the lane to its current authority metadata. The file
    is UTF-8 (a BOM is allowed; anything else is refused, UTF-16 by name); its first line is the header, names kept
    case-sensitive but stripped. An empty cell leaves a value as it is; a short row is padded
    with empty cells; blank lines are skipped. A tier outside ``tier_order``, a document the
    lane does not hold, a malformed row, a second row for one document, a row with more cells
    than the header and a control character other than tab or line break are each reported
    per line. A fault of the whole file (encoding, size, header, row count) yields only
    ``file_errors``.
    """
    if len(data) > max_bytes:
        return CsvPlan(file_errors=(ERR_TOO_LARGE.format(size=len(data), limit=max_bytes),))
    text, decode_error = _decode(data)
    if text is None:
        return CsvPlan(file_errors=(decode_error or ERR_EMPTY_FILE,))
    if not text.strip():
        return CsvPlan(file_errors=(ERR_EMPTY_FILE,))
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records = _rows(reader)
    _, header_cells, header_error = next(records)
    if header_cells is None:
        return CsvPlan(file_errors=(ERR_MALFORMED_ROW.format(detail=header_error),))
    header = [name.strip().lstrip("\ufeff").strip() for name in header_cells]
    if not any(header):
        return CsvPlan(file_errors=(ERR_NO_HEADER,))
    problems = _header_problems(header)
    if problems:
        return CsvPlan(file_errors=tuple(problems))
    collector = _Collector(metadata_key, tier_order, documents)
    row_count = 0
    for line, cells, parse_error in records:
        if cells is not None and not any(cell.strip() for cell in cells):
            continue
        row_count += 1
        if row_count > max_rows:
            return CsvPlan(file_errors=(ERR_TOO_MANY_ROWS.format(limit=max_rows),))
        if cells is None:
            collector.errors.append(LineError(line, ERR_MALFORMED_ROW.format(detail=parse_error)))
        else:
            collector.add_row(line, header, cells)
    return collector.plan()


# Shared with the golden question reader (citenexus/evaluation/golden.py): one way to decode an
# uploaded CSV and to number its records by line.
csv_text = _decode
csv_records = _rows

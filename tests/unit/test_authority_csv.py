"""Planning a curator's authority CSV before it is applied
(docs/design.md#asserting-tiers, docs/api.md#authority-csv)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.domain.authority_csv import (
    ERR_CONTROL_CHARACTER,
    ERR_DUPLICATE_DOCUMENT,
    ERR_DUPLICATE_HEADER,
    ERR_EMPTY_FILE,
    ERR_EMPTY_HEADER_NAME,
    ERR_HEADER_CONTROL_CHARACTER,
    ERR_MALFORMED_ROW,
    ERR_MISSING_DOCUMENT_ID,
    ERR_MISSING_DOCUMENT_ID_COLUMN,
    ERR_NO_HEADER,
    ERR_NOT_UTF8,
    ERR_TOO_LARGE,
    ERR_TOO_MANY_CELLS,
    ERR_TOO_MANY_ROWS,
    ERR_UTF16,
    HINT_DID_YOU_MEAN,
    CsvPlan,
    LineError,
    UnknownDocument,
    UnknownTier,
    plan_authority_csv,
)
from citenexus.domain.levels import LEGAL_TEMPLATE

KEY = "authority_tier"
SEED_CSV = (
    "document_id,authority_tier,authority_rank,label\n"
    "01-ca-civ-1946_1-statute,controlling-statute,1,CA Civil Code 1946.1 \u2014 controlling statute\n"
    "05-nolo-month-to-month-blog,secondary-blog,5,Nolo self-help summary (non-binding)\n"
    "06-florida-83_57-statute,out-of-jurisdiction,9,Fla. Stat. 83.57 \u2014 wrong state\n"
)
SEED_DOCUMENTS: dict[str, dict[str, str]] = {
    "01-ca-civ-1946_1-statute": {},
    "05-nolo-month-to-month-blog": {KEY: "statute"},
    "06-florida-83_57-statute": {KEY: "out-of-jurisdiction", "authority_rank": "9"},
}


def plan(
    text: str | bytes,
    documents: Mapping[str, Mapping[str, str]] | None = None,
    **limits: int,
) -> CsvPlan:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return plan_authority_csv(
        data,
        metadata_key=KEY,
        tier_order=LEGAL_TEMPLATE,
        documents=SEED_DOCUMENTS if documents is None else documents,
        **limits,
    )


def test_the_seed_sample_plans_a_change_for_every_row_that_differs() -> None:
    result = plan(SEED_CSV)

    assert result.is_valid
    assert [c.document_id for c in result.changes] == [
        "01-ca-civ-1946_1-statute",
        "05-nolo-month-to-month-blog",
        "06-florida-83_57-statute",
    ]
    first, second, third = result.changes
    assert (first.line, first.tier_before, first.tier_after) == (2, None, "controlling-statute")
    assert first.after == {
        KEY: "controlling-statute",
        "authority_rank": "1",
        "label": "CA Civil Code 1946.1 \u2014 controlling statute",
    }
    assert (second.tier_before, second.tier_after) == ("statute", "secondary-blog")
    assert (third.tier_before, third.tier_after) == ("out-of-jurisdiction", "out-of-jurisdiction")
    assert third.after["label"] == "Fla. Stat. 83.57 \u2014 wrong state"
    assert result.valid_changes == result.changes


def test_authority_rank_is_opaque_metadata_stored_as_given() -> None:
    result = plan("document_id,authority_rank\n05-nolo-month-to-month-blog,not a number\n")

    assert result.is_valid
    (change,) = result.changes
    assert change.after["authority_rank"] == "not a number"
    assert change.tier_before == change.tier_after == "statute"


def test_a_row_that_changes_nothing_is_listed_as_unchanged() -> None:
    result = plan(
        "document_id,authority_tier,authority_rank\n06-florida-83_57-statute,out-of-jurisdiction,9\n"
    )

    assert result.changes == ()
    assert result.unchanged == ("06-florida-83_57-statute",)
    assert result.to_dict()["unchanged"] == 1


def test_an_empty_cell_leaves_the_stored_value_as_it_is() -> None:
    result = plan("document_id,authority_tier,label\n06-florida-83_57-statute,,new label\n")

    (change,) = result.changes
    assert change.after == {KEY: "out-of-jurisdiction", "authority_rank": "9", "label": "new label"}


def test_a_short_row_counts_its_missing_cells_as_empty() -> None:
    result = plan("document_id,authority_tier,label\n06-florida-83_57-statute\n")

    assert result.is_valid
    assert result.unchanged == ("06-florida-83_57-statute",)


def test_values_and_header_names_are_stripped_but_header_case_is_kept() -> None:
    result = plan(
        " document_id , authority_tier ,Label\n 05-nolo-month-to-month-blog ,  statute , x \n"
    )

    assert result.is_valid
    (change,) = result.changes
    assert change.after == {KEY: "statute", "Label": "x"}


def test_a_typo_in_a_tier_is_reported_with_the_closest_tier() -> None:
    result = plan("document_id,authority_tier\n05-nolo-month-to-month-blog,statue\n")

    assert not result.is_valid
    assert result.unknown_tiers == (
        UnknownTier(2, "05-nolo-month-to-month-blog", "statue", "statute"),
    )
    assert result.valid_changes == ()
    assert result.to_dict()["unknown_tiers"] == [
        {
            "line": 2,
            "document_id": "05-nolo-month-to-month-blog",
            "value": "statue",
            "closest": "statute",
        }
    ]


def test_a_tier_like_nothing_in_the_order_has_no_closest_tier() -> None:
    result = plan("document_id,authority_tier\n05-nolo-month-to-month-blog,zzzz\n")

    assert result.unknown_tiers == (UnknownTier(2, "05-nolo-month-to-month-blog", "zzzz", None),)


def test_tier_names_are_case_sensitive() -> None:
    result = plan("document_id,authority_tier\n05-nolo-month-to-month-blog,Statute\n")

    assert [u.value for u in result.unknown_tiers] == ["Statute"]


def test_the_tier_column_is_the_one_the_lane_names() -> None:
    data = b"document_id,level,authority_tier\n05-nolo-month-to-month-blog,statue,anything\n"

    result = plan_authority_csv(
        data,
        metadata_key="level",
        tier_order=LEGAL_TEMPLATE,
        documents=SEED_DOCUMENTS,
    )

    assert [u.value for u in result.unknown_tiers] == ["statue"]
    assert result.changes[0].after["authority_tier"] == "anything"


def test_a_document_the_lane_does_not_hold_is_reported() -> None:
    result = plan(
        "document_id,authority_tier\nghost,statute\n05-nolo-month-to-month-blog,statute\n"
    )

    assert result.unknown_documents == (UnknownDocument(2, "ghost"),)
    assert not result.is_valid
    assert [c.document_id for c in result.valid_changes] == []
    assert result.unchanged == ("05-nolo-month-to-month-blog",)


def test_only_rows_without_problems_are_valid_changes() -> None:
    result = plan(
        "document_id,authority_tier\n"
        "01-ca-civ-1946_1-statute,statute\n"
        "05-nolo-month-to-month-blog,statue\n"
        "ghost,statute\n"
    )

    assert [c.line for c in result.changes] == [2, 3]
    assert [c.line for c in result.valid_changes] == [2]


def test_a_second_row_for_one_document_is_an_error_naming_the_first_line() -> None:
    result = plan(
        "document_id,authority_tier\n"
        "05-nolo-month-to-month-blog,secondary-blog\n"
        "05-nolo-month-to-month-blog,statute\n"
    )

    message = ERR_DUPLICATE_DOCUMENT.format(document_id="05-nolo-month-to-month-blog", first_line=2)
    assert result.errors == (LineError(3, message),)
    assert [c.line for c in result.valid_changes] == [2]


def test_a_row_without_a_document_id_is_an_error() -> None:
    result = plan("document_id,authority_tier\n ,statute\n")

    assert result.errors == (LineError(2, ERR_MISSING_DOCUMENT_ID),)


def test_a_row_with_more_cells_than_the_header_is_an_error() -> None:
    result = plan("document_id,authority_tier\n05-nolo-month-to-month-blog,statute,extra\n")

    assert result.errors == (LineError(2, ERR_TOO_MANY_CELLS.format(got=3, expected=2)),)
    assert result.changes == ()


def test_formula_looking_values_are_stored_as_given() -> None:
    result = plan("document_id,label,note,other,at\n01-ca-civ-1946_1-statute,=1+1,+x,-y,@SUM(A1)\n")

    assert result.is_valid
    assert result.changes[0].after == {
        "label": "=1+1",
        "note": "+x",
        "other": "-y",
        "at": "@SUM(A1)",
    }


def test_a_nul_byte_in_a_cell_is_an_error() -> None:
    result = plan("document_id,label\n01-ca-civ-1946_1-statute,a\x00b\n")

    assert result.errors == (LineError(2, ERR_CONTROL_CHARACTER.format(column="label", code=0)),)
    assert result.changes == ()


def test_other_control_characters_are_errors_but_tabs_are_not() -> None:
    result = plan(
        "document_id,label\n01-ca-civ-1946_1-statute,a\x1bb\n05-nolo-month-to-month-blog,a\tb\n"
    )

    assert result.errors == (LineError(2, ERR_CONTROL_CHARACTER.format(column="label", code=0x1B)),)
    assert result.changes[0].after["label"] == "a\tb"


def test_quotes_and_line_breaks_inside_cells_are_read_and_lines_count_file_lines() -> None:
    result = plan(
        "document_id,label\n"
        '01-ca-civ-1946_1-statute,"first line\nsecond, with ""quotes"""\n'
        "ghost,x\n"
    )

    assert result.changes[0].after["label"] == 'first line\nsecond, with "quotes"'
    assert result.changes[0].line == 2
    assert result.unknown_documents == (UnknownDocument(4, "ghost"),)


def test_a_malformed_quote_is_an_error_on_its_line_and_later_rows_are_still_read() -> None:
    result = plan('document_id,label\n01-ca-civ-1946_1-statute,"a"b\nghost,x\n')

    assert len(result.errors) == 1
    assert result.errors[0].line == 2
    assert result.errors[0].message.startswith(ERR_MALFORMED_ROW.format(detail=""))
    assert result.unknown_documents == (UnknownDocument(3, "ghost"),)


def test_blank_lines_are_skipped_but_keep_line_numbers() -> None:
    result = plan("document_id,label\n\n ,  \nghost,x\n")

    assert result.errors == ()
    assert result.unknown_documents == (UnknownDocument(4, "ghost"),)


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    result = plan(b"\xef\xbb\xbf" + SEED_CSV.encode("utf-8"))

    assert result.is_valid
    assert len(result.changes) == 3


def test_utf16_is_refused_by_name_in_either_byte_order() -> None:
    # Only UTF-8 is read (with or without its BOM); a spreadsheet's "Unicode text" is UTF-16.
    for data in (SEED_CSV.encode("utf-16-le"), SEED_CSV.encode("utf-16-be")):
        for bom in (b"\xff\xfe", b"\xfe\xff"):
            result = plan(bom + data)
            assert result.file_errors == (ERR_UTF16,)
            assert not result.is_valid and result.changes == ()


def test_latin1_bytes_are_refused_naming_the_byte_offset() -> None:
    data = "document_id,label\nghost,caf\u00e9\n".encode("latin-1")

    result = plan(data)

    offset = data.index(b"\xe9")
    assert result.file_errors == (ERR_NOT_UTF8.format(offset=offset, byte=0xE9),)
    assert not result.is_valid


def test_the_offset_of_a_bad_byte_counts_the_byte_order_mark() -> None:
    result = plan(b"\xef\xbb\xbfdocument_id\n\xff\n")

    assert result.file_errors == (ERR_NOT_UTF8.format(offset=15, byte=0xFF),)


def test_a_utf16_byte_order_mark_alone_is_named_not_reported_as_a_bad_byte() -> None:
    assert plan(b"\xff\xfed\x00o\x00\x00\xdc").file_errors == (ERR_UTF16,)
    assert plan(b"\xfe\xff").file_errors == (ERR_UTF16,)


def test_an_empty_file_is_refused() -> None:
    for data in (b"", b"\xef\xbb\xbf", b"\n \r\n"):
        assert plan(data).file_errors == (ERR_EMPTY_FILE,)


def test_a_file_whose_first_line_is_blank_has_no_header() -> None:
    assert plan("\ndocument_id\nghost\n").file_errors == (ERR_NO_HEADER,)
    assert plan(" , \nghost\n").file_errors == (ERR_NO_HEADER,)


def test_a_header_without_document_id_is_refused_with_a_suggestion() -> None:
    missing = ERR_MISSING_DOCUMENT_ID_COLUMN.format(column="document_id")

    assert plan("doc_id,authority_tier\nx,statute\n").file_errors == (
        missing + HINT_DID_YOU_MEAN.format(suggestion="doc_id"),
    )
    assert plan("Document_ID,authority_tier\nx,statute\n").file_errors == (
        missing + HINT_DID_YOU_MEAN.format(suggestion="Document_ID"),
    )
    assert plan("label\nx\n").file_errors == (missing,)


def test_duplicate_and_empty_header_names_are_refused() -> None:
    result = plan("document_id,label, label ,\nx,a,b,\n")

    assert result.file_errors == (
        ERR_DUPLICATE_HEADER.format(name="label"),
        ERR_EMPTY_HEADER_NAME.format(column=4),
    )
    assert result.changes == ()


def test_a_control_character_in_a_header_name_is_refused() -> None:
    result = plan("document_id,la\x07bel\nx,a\n")

    assert result.file_errors == (ERR_HEADER_CONTROL_CHARACTER.format(code=7),)


def test_a_cell_beyond_the_csv_field_limit_is_a_malformed_row_not_a_crash() -> None:
    huge = "x" * (csv.field_size_limit() + 1)

    result = plan(f"document_id,label\n01-ca-civ-1946_1-statute,{huge}\nghost,x\n")

    assert [e.line for e in result.errors] == [2]
    assert result.errors[0].message.startswith(ERR_MALFORMED_ROW.format(detail=""))
    assert result.unknown_documents == (UnknownDocument(3, "ghost"),)


def test_a_file_over_the_byte_limit_is_refused_before_it_is_read() -> None:
    data = SEED_CSV.encode("utf-8")

    result = plan(data, max_bytes=10)

    assert result.file_errors == (ERR_TOO_LARGE.format(size=len(data), limit=10),)


def test_a_file_over_the_row_limit_is_refused() -> None:
    assert plan(SEED_CSV, max_rows=3).is_valid
    assert plan(SEED_CSV, max_rows=2).file_errors == (ERR_TOO_MANY_ROWS.format(limit=2),)


def test_the_default_row_limit_is_one_hundred_thousand() -> None:
    rows = "".join(f"d{i}\n" for i in range(100_001))

    result = plan("document_id\n" + rows, {})

    assert result.file_errors == (ERR_TOO_MANY_ROWS.format(limit=100_000),)


def test_to_dict_applies_nothing_from_an_invalid_file_unless_confirmed() -> None:
    result = plan("document_id,authority_tier\n01-ca-civ-1946_1-statute,statute\nghost,statute\n")

    preview = result.to_dict()
    assert preview["applied"] == 0
    assert preview["valid"] is False
    assert [c["line"] for c in preview["changes"]] == [2]
    assert preview["unknown_documents"] == [{"line": 3, "document_id": "ghost"}]

    confirmed = result.to_dict(confirmed=True)
    assert confirmed["applied"] == 1
    assert confirmed["changes"][0] == {
        "line": 2,
        "document_id": "01-ca-civ-1946_1-statute",
        "tier_before": None,
        "tier_after": "statute",
        "before": {},
        "after": {KEY: "statute"},
    }


def test_to_dict_counts_every_change_of_a_valid_file_and_lists_file_errors_without_a_line() -> None:
    assert plan(SEED_CSV).to_dict()["applied"] == 3
    assert plan(b"").to_dict()["errors"] == [{"line": None, "message": ERR_EMPTY_FILE}]


def test_the_caller_documents_are_never_modified() -> None:
    documents = {"01-ca-civ-1946_1-statute": {KEY: "statute"}}

    plan("document_id,authority_tier\n01-ca-civ-1946_1-statute,secondary-blog\n", documents)

    assert documents == {"01-ca-civ-1946_1-statute": {KEY: "statute"}}


def test_a_malformed_row_reports_the_reason_the_csv_reader_gives() -> None:
    result = plan('document_id,label\n01-ca-civ-1946_1-statute,"a"b\n')

    assert result.errors == (
        LineError(2, ERR_MALFORMED_ROW.format(detail="',' expected after '\"'")),
    )


def test_a_malformed_header_is_a_file_error_with_the_reason() -> None:
    result = plan('document_id,"la"bel\n01-ca-civ-1946_1-statute,x\n')

    assert result.file_errors == (ERR_MALFORMED_ROW.format(detail="',' expected after '\"'"),)
    assert result.changes == ()


def test_a_short_row_that_stops_before_the_document_id_column_has_no_document_id() -> None:
    result = plan("label,document_id\nx\n")

    assert result.errors == (LineError(2, ERR_MISSING_DOCUMENT_ID),)
    assert result.unknown_documents == ()


def test_a_header_differing_only_in_case_is_suggested_where_difflib_sees_no_likeness() -> None:
    missing = ERR_MISSING_DOCUMENT_ID_COLUMN.format(column="document_id")

    assert plan("label,DOCUMENT_ID\nx,y\n").file_errors == (
        missing + HINT_DID_YOU_MEAN.format(suggestion="DOCUMENT_ID"),
    )


def test_a_repeated_byte_order_mark_is_dropped_but_nothing_else_is_stripped_from_names() -> None:
    data = b"\xef\xbb\xbf" + "\ufeffdocument_id,Xref\n01-ca-civ-1946_1-statute,1\n".encode()

    result = plan(data)

    assert result.is_valid
    (change,) = result.changes
    assert change.after == {"Xref": "1"}


def test_a_file_of_exactly_the_byte_limit_is_read() -> None:
    data = SEED_CSV.encode("utf-8")

    result = plan(data, max_bytes=len(data))

    assert result.is_valid
    assert len(result.changes) == 3


def test_old_mac_line_endings_are_read_as_line_breaks() -> None:
    result = plan("document_id,label\r01-ca-civ-1946_1-statute,x\rghost,y\r")

    assert result.changes[0].after == {"label": "x"}
    assert result.unknown_documents == (UnknownDocument(3, "ghost"),)


def test_a_line_break_inside_a_quoted_cell_is_stored_as_written() -> None:
    result = plan('document_id,label\r\n01-ca-civ-1946_1-statute,"first\r\nsecond"\r\nghost,y\r\n')

    assert result.changes[0].after == {"label": "first\r\nsecond"}
    assert result.unknown_documents == (UnknownDocument(4, "ghost"),)


def test_to_dict_confirmed_lists_only_the_changes_it_applies() -> None:
    result = plan(
        "document_id,authority_tier\n"
        "01-ca-civ-1946_1-statute,statute\n"
        "05-nolo-month-to-month-blog,statue\n"
    )

    assert [c["line"] for c in result.to_dict()["changes"]] == [2, 3]
    confirmed = result.to_dict(confirmed=True)
    assert confirmed["applied"] == 1
    assert [c["document_id"] for c in confirmed["changes"]] == ["01-ca-civ-1946_1-statute"]


def test_to_dict_lists_row_errors_with_their_line_after_file_errors() -> None:
    result = plan(
        "document_id,authority_tier\n ,statute\n05-nolo-month-to-month-blog,statute,extra\n"
    )

    assert result.to_dict()["errors"] == [
        {"line": 2, "message": ERR_MISSING_DOCUMENT_ID},
        {"line": 3, "message": ERR_TOO_MANY_CELLS.format(got=3, expected=2)},
    ]
    file_and_row_errors = CsvPlan(file_errors=("whole file",), errors=(LineError(4, "row"),))
    assert file_and_row_errors.to_dict()["errors"] == [
        {"line": None, "message": "whole file"},
        {"line": 4, "message": "row"},
    ]


# --- property: applying the valid changes settles them -------------------------------------

KNOWN_IDS = ("a", "b", "c", "d")
ids = st.sampled_from((*KNOWN_IDS, "ghost", "", " a "))
tiers = st.sampled_from((*LEGAL_TEMPLATE, "statue", "", "Statute"))
labels = st.sampled_from(("", "x", "y", "=1+1", "two\nlines", 'q"uote', "bad\x00"))
rows = st.lists(st.tuples(ids, tiers, labels), max_size=12)
stored = st.dictionaries(
    st.sampled_from(KNOWN_IDS),
    st.dictionaries(st.sampled_from((KEY, "label")), st.sampled_from((*LEGAL_TEMPLATE, "x"))),
)


def csv_bytes(records: list[tuple[str, str, str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["document_id", KEY, "label"])
    writer.writerows(records)
    return out.getvalue().encode("utf-8")


@settings(max_examples=200, deadline=None)
@given(records=rows, documents=stored)
def test_applying_the_valid_changes_then_replanning_yields_no_valid_change(
    records: list[tuple[str, str, str]], documents: dict[str, dict[str, str]]
) -> None:
    data = csv_bytes(records)
    everyone = {doc: dict(documents.get(doc, {})) for doc in KNOWN_IDS}

    first = plan(data, everyone)

    assert set(first.valid_changes) <= set(first.changes)
    assert first.file_errors == ()
    for change in first.valid_changes:
        assert everyone[change.document_id] == change.before
        everyone[change.document_id] = change.after
    second = plan(data, everyone)
    assert second.valid_changes == ()
    assert len(second.changes) == len(first.changes) - len(first.valid_changes)
    if first.is_valid:
        assert second.changes == ()
        assert second.to_dict()["applied"] == 0

"""Word documents: headings become the outline, tables become rows, bad files are refused."""

from __future__ import annotations

import io
import zipfile

import pytest

from citenexus.ingest import ExtractionError, extract_text, segment
from citenexus.ingest import errors as e
from tests.fixtures.docx import build_docx, encrypted_docx, legacy_doc


def refusal(data: bytes, name: str = "act.docx", **options: int) -> ExtractionError:
    with pytest.raises(ExtractionError) as caught:
        extract_text(data, name, **options)  # type: ignore[arg-type]
    return caught.value


def test_headings_tables_and_lists_keep_their_structure_as_lines():
    result = extract_text(build_docx(), "act.docx")
    assert (result.format, result.title, result.page_spans) == (
        "docx",
        "Residential Tenancies Act",
        (),
    )
    assert result.text.split("\n\n") == [
        "# Residential Tenancies Act",
        "# Part 1. Deposits",
        "This part applies only to residential tenancies.",
        "## Return of deposits",
        "A landlord shall return the security deposit within 21 days after the tenancy ends.",
        "## Maximum deposits",
        "Premises | Maximum deposit\nUnfurnished | two months' rent\nFurnished | three months' rent",
        "- The deposit is held in trust.",
        "# Part 2. Notice",
        "A landlord shall give 30 days' written notice.",
    ]


def test_the_headings_are_the_outline_segmentation_and_scope_use():
    pieces = segment(extract_text(build_docx(), "act.docx").text)
    by_path = {p.heading_path: p for p in pieces}
    deposits = by_path[("Part 1. Deposits", "Return of deposits")]
    assert "21 days" in deposits.text
    assert deposits.scope == "This part applies only to residential tenancies."
    table = by_path[("Part 1. Deposits", "Maximum deposits")]
    assert "Furnished | three months' rent" in table.text
    notice = by_path[("Part 2. Notice",)]
    assert notice.scope == ""  # part 1's statement of reach does not govern part 2


def test_the_title_property_names_the_document():
    assert extract_text(build_docx(title="Tenancy Act (consolidated)"), "a.docx").title == (
        "Tenancy Act (consolidated)"
    )


def test_a_cell_merged_across_columns_is_read_once():
    text = extract_text(build_docx(merged_header=True), "act.docx").text
    assert "Maximum deposits by premises\nUnfurnished | two months' rent" in text


def test_a_truncated_docx_is_refused_as_damaged():
    data = build_docx()
    error = refusal(data[: len(data) // 2])
    assert (error.code, error.message) == (e.MALFORMED_DOCX, e.MESSAGE_MALFORMED_DOCX)


def test_a_docx_whose_xml_is_broken_is_refused_as_damaged():
    source = zipfile.ZipFile(io.BytesIO(build_docx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as broken:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "word/document.xml":
                data = data[: len(data) // 2]
            broken.writestr(info, data)
    error = refusal(out.getvalue())
    assert (error.code, error.message) == (e.MALFORMED_DOCX, e.MESSAGE_MALFORMED_DOCX)


def test_a_file_named_docx_that_is_not_one_is_refused():
    error = refusal(b"Just some text saved with the wrong name.")
    assert (error.code, error.message) == (e.MALFORMED_DOCX, e.MESSAGE_NOT_A_DOCX)
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as other:
        other.writestr("xl/workbook.xml", "<workbook/>")
    error = refusal(archive.getvalue())
    assert (error.code, error.message) == (e.MALFORMED_DOCX, e.MESSAGE_NOT_A_DOCX)


def test_a_password_protected_docx_is_refused():
    error = refusal(encrypted_docx())
    assert (error.code, error.message) == (e.ENCRYPTED_DOCX, e.MESSAGE_ENCRYPTED_DOCX)


def test_an_old_binary_doc_named_docx_is_refused_saying_what_to_do():
    error = refusal(legacy_doc())
    assert (error.code, error.message) == (e.MALFORMED_DOCX, e.MESSAGE_LEGACY_DOC)


def test_a_docx_that_expands_past_the_limit_is_refused_before_it_is_parsed():
    data = build_docx(padding=2_000_000)
    error = refusal(data, max_bytes=len(data) + 1_000)
    assert (error.code, error.message) == (e.TOO_LARGE, e.MESSAGE_DOCX_TOO_LARGE)
    assert extract_text(data, "act.docx").format == "docx"  # the default limit admits it


def test_a_docx_with_no_text_is_empty():
    assert refusal(build_docx(empty=True)).code == e.EMPTY

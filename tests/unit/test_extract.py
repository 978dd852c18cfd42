"""Extraction: bytes of a txt, md, html or pdf upload to plain text, or a clear refusal."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from citenexus.ingest import ExtractionError, extract_text
from citenexus.ingest import errors as e
from tests.fixtures.pdfs import NOTICE_PAGES, build_pdf, encrypt_pdf

FIXTURES = Path(__file__).parent.parent / "fixtures"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def refusal(data: bytes, filename: str, **options: object) -> ExtractionError:
    with pytest.raises(ExtractionError) as caught:
        extract_text(data, filename, **options)  # type: ignore[arg-type]
    return caught.value


# --- plain text -------------------------------------------------------------------------------


def test_utf8_text_is_read_with_unix_line_ends():
    result = extract_text(b"Section 1.\r\nThe tenant \xc2\xa7 pays.\rEnd.", "law.txt")
    assert result.text == "Section 1.\nThe tenant \u00a7 pays.\nEnd."
    assert (result.format, result.title, result.pages) == ("txt", None, None)


def test_a_utf8_byte_order_mark_is_dropped():
    assert extract_text(codecs.BOM_UTF8 + b"Hello", "a.txt").text == "Hello"


def test_utf16_with_a_byte_order_mark_is_read():
    assert extract_text(fixture("utf16.txt"), "utf16.txt").text == "Section 1. \u00a7 1946 notice."


def test_utf16_big_endian_is_read():
    data = codecs.BOM_UTF16_BE + "\u00a7 83.57 Notice".encode("utf-16-be")
    assert extract_text(data, "a.txt").text == "\u00a7 83.57 Notice"


def test_cp1252_text_is_refused_not_guessed():
    error = refusal(fixture("cp1252.txt"), "cp1252.txt")
    assert (error.code, error.message) == (e.UNDECODABLE, e.MESSAGE_UNDECODABLE)
    assert "byte 11" in error.detail


def test_nul_bytes_are_refused_as_binary():
    error = refusal(b"Section 1.\x00\x00 text", "a.txt")
    assert (error.code, error.message) == (e.UNDECODABLE, e.MESSAGE_BINARY)


def test_a_binary_file_named_txt_is_refused():
    assert refusal(fixture("binary.txt"), "binary.txt").code == e.UNDECODABLE


def test_nul_characters_in_utf16_are_refused():
    data = codecs.BOM_UTF16_LE + "ab\x00cd".encode("utf-16-le")
    assert refusal(data, "a.txt").message == e.MESSAGE_BINARY


def test_text_is_normalised_to_nfc_and_loses_control_characters():
    result = extract_text("Cafe\u0301\x07 owes\x0crent".encode(), "a.txt")
    assert result.text == "Caf\u00e9 owes\nrent"


def test_an_empty_file_is_refused():
    error = refusal(fixture("empty.txt"), "empty.txt")
    assert (error.code, error.message) == (e.EMPTY, e.MESSAGE_EMPTY)


def test_a_whitespace_only_file_is_empty():
    assert refusal(fixture("whitespace.md"), "whitespace.md").code == e.EMPTY


def test_a_file_over_the_limit_is_refused_before_reading():
    error = refusal(b"x" * 101, "a.txt", max_bytes=100)
    expected = e.MESSAGE_TOO_LARGE_SIZED.format(size=101, limit=100)
    assert (error.code, error.message) == (e.TOO_LARGE, expected)
    assert "101 bytes" in error.message and "limit is 100 bytes" in error.message


@pytest.mark.parametrize("name", ["contract.doc", "scan.png", "noextension", "law.txt.exe"])
def test_unknown_extensions_are_refused(name):
    error = refusal(b"some bytes", name)
    assert (error.code, error.message) == (e.UNKNOWN_TYPE, e.MESSAGE_UNKNOWN_TYPE)


def test_the_extension_is_case_insensitive():
    assert extract_text(b"Hello", "LAW.TXT").format == "txt"


def test_error_codes_each_have_a_message():
    assert set(e.MESSAGES) == {
        "unknown_type", "empty", "undecodable", "too_large", "malformed_pdf", "encrypted_pdf",
        "no_text", "malformed_docx", "encrypted_docx",
    }  # fmt: skip
    with pytest.raises(ValueError):
        ExtractionError("nonsense")


# --- markdown ---------------------------------------------------------------------------------


def test_markdown_keeps_headings_as_marked_lines_and_strips_markup():
    result = extract_text(fixture("fl_rental.md"), "fl_rental.md")
    assert result.format == "md"
    assert result.title == "Florida Residential Landlord and Tenant Act"
    lines = result.text.splitlines()
    assert "### § 83.56 Termination of rental agreement" in lines
    assert "Some emphasis and a link survive as plain words." in lines
    assert "1. If the tenant materially fails" in result.text
    assert "month to month | 30 days" in lines
    assert "*" not in result.text and "](" not in result.text


def test_markdown_drops_raw_html_and_scripts():
    source = (
        b"# T\n\nText <script>steal()</script> and <b>bold</b>.\n\n<script>\nevil()\n</script>\n"
    )
    text = extract_text(source, "a.md").text
    assert "steal" not in text and "evil" not in text and "<" not in text
    assert "bold" in text


def test_markdown_without_a_level_one_heading_has_no_title():
    assert extract_text(b"## Part\n\nBody.", "a.markdown").title is None


# --- html -------------------------------------------------------------------------------------


def test_html_keeps_headings_paragraphs_and_list_items_as_lines():
    result = extract_text(fixture("ny_rent.html"), "ny_rent.html")
    assert result.format == "html"
    assert result.title == "Real Property Law § 226-c"
    lines = result.text.splitlines()
    assert lines[0] == "# Real Property Law"
    assert "## § 226-c. Notice of rent increase or non-renewal" in lines
    assert (
        "- (a) thirty days' notice if the tenant has occupied the unit for less than one year;"
        in lines
    )
    assert "under 1 year | 30 days" in lines


def test_html_never_lets_scripts_styles_navigation_or_comments_into_the_text():
    text = extract_text(fixture("ny_rent.html"), "ny_rent.html").text
    for leak in ("SCRIPT-LEAK", "STYLE-LEAK", "NAV-LEAK", "NOSCRIPT-LEAK", "COMMENT-LEAK"):
        assert leak not in text
    assert "written notice as follows:" in text


def test_html_title_falls_back_to_the_first_h1():
    result = extract_text(b"<body><h1>Rent  <i>Act</i></h1><p>x</p></body>", "a.htm")
    assert result.title == "Rent Act"


def test_html_in_a_declared_single_byte_charset_is_read():
    data = '<meta charset="windows-1252"><p>\u00a7 1946 \u201cnotice\u201d</p>'.encode("cp1252")
    assert extract_text(data, "a.html").text == "\u00a7 1946 \u201cnotice\u201d"


def test_html_that_is_not_utf8_and_declares_nothing_is_refused():
    assert refusal("<p>\u00a7 1946</p>".encode("cp1252"), "a.html").code == e.UNDECODABLE


def test_html_with_only_a_script_is_empty():
    assert refusal(b"<html><script>x()</script></html>", "a.html").code == e.EMPTY


# --- pdf --------------------------------------------------------------------------------------


def test_a_pdf_is_read_page_by_page_with_its_title():
    result = extract_text(fixture("notice.pdf"), "notice.pdf")
    assert (result.format, result.pages, result.title) == ("pdf", 2, "Notice of termination")
    pages = result.text.split("\n\n")
    assert [page.splitlines() for page in pages] == NOTICE_PAGES


def test_a_pdf_is_sniffed_whatever_its_name():
    assert extract_text(fixture("notice.pdf"), "notice.txt").format == "pdf"


def test_a_dot_pdf_that_is_not_a_pdf_is_malformed():
    error = refusal(fixture("not_a_pdf.pdf"), "not_a_pdf.pdf")
    assert (error.code, error.message) == (e.MALFORMED_PDF, e.MESSAGE_NOT_A_PDF)


def test_an_encrypted_pdf_is_refused():
    error = refusal(fixture("encrypted.pdf"), "encrypted.pdf")
    assert (error.code, error.message) == (e.ENCRYPTED_PDF, e.MESSAGE_ENCRYPTED_PDF)


def test_a_pdf_with_an_empty_user_password_is_read():
    data = encrypt_pdf(build_pdf([["Readable by anyone."]]), "")
    assert extract_text(data, "a.pdf").text == "Readable by anyone."


def test_a_truncated_pdf_is_refused():
    error = refusal(fixture("truncated.pdf"), "truncated.pdf")
    assert (error.code, error.message) == (e.MALFORMED_PDF, e.MESSAGE_TRUNCATED_PDF)


def test_a_pdf_with_garbage_inside_is_malformed():
    data = b"%PDF-1.4\n" + b"garbage " * 50 + b"\n%%EOF\n"
    error = refusal(data, "a.pdf")
    assert (error.code, error.message) == (e.MALFORMED_PDF, e.MESSAGE_MALFORMED_PDF)


def test_a_page_tree_that_loops_forever_is_malformed():
    assert refusal(fixture("cyclic.pdf"), "cyclic.pdf").code == e.MALFORMED_PDF


def test_a_pdf_over_the_page_limit_is_refused():
    error = refusal(fixture("notice.pdf"), "notice.pdf", max_pages=1)
    assert (error.code, error.message) == (e.TOO_LARGE, e.MESSAGE_TOO_MANY_PAGES)


def test_a_declared_page_count_is_not_trusted():
    result = extract_text(build_pdf([["One real page."]], count=10**9), "a.pdf", max_pages=5)
    assert (result.pages, result.text) == (1, "One real page.")


def test_a_pdf_over_the_time_budget_is_refused():
    error = refusal(fixture("notice.pdf"), "notice.pdf", pdf_time_budget_s=-1.0)
    assert (error.code, error.message) == (e.TOO_LARGE, e.MESSAGE_TOO_SLOW)


def test_a_scanned_pdf_without_text_is_refused():
    error = refusal(fixture("scanned.pdf"), "scanned.pdf")
    assert (error.code, error.message) == (e.NO_TEXT, e.MESSAGE_NO_TEXT)


def test_pypdf_reads_the_pdf_when_pdfium_cannot(monkeypatch):
    import pypdfium2

    def refuse(*args: object, **kwargs: object) -> None:
        raise pypdfium2.PdfiumError("Failed to load document (PDFium: Data format error).")

    monkeypatch.setattr(pypdfium2, "PdfDocument", refuse)
    result = extract_text(fixture("notice.pdf"), "notice.pdf")
    assert (result.pages, result.title) == (2, "Notice of termination")
    assert "(c) A tenant may give notice equal to one rental period." in result.text


def test_the_pypdf_fallback_also_refuses_an_encrypted_pdf(monkeypatch):
    import pypdfium2

    def refuse(*args: object, **kwargs: object) -> None:
        raise pypdfium2.PdfiumError("Failed to load document")

    monkeypatch.setattr(pypdfium2, "PdfDocument", refuse)
    assert refusal(fixture("encrypted.pdf"), "encrypted.pdf").code == e.ENCRYPTED_PDF


def test_pdfs_can_be_read_from_many_threads_at_once():
    from concurrent.futures import ThreadPoolExecutor

    data = fixture("notice.pdf")
    with ThreadPoolExecutor(max_workers=4) as pool:
        texts = set(pool.map(lambda _: extract_text(data, "n.pdf").text, range(16)))
    assert len(texts) == 1

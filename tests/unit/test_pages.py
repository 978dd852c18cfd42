"""PDF pages: page boundaries kept, running lines dropped, outline headings, a cited page drawn."""

from __future__ import annotations

import pytest

from citenexus.ingest import extract_text, segment
from citenexus.ingest.page_image import PageImageError, passage_ranges, render_page
from citenexus.ingest.pages import (
    OutlineEntry,
    PageSpan,
    drop_running_lines,
    mark_numbered_headings,
    mark_outline,
    page_label,
    page_range,
    pdf_text,
)
from tests.fixtures.pdfs import ACT_BODY, ACT_HEADER, build_act_pdf, build_pdf
from tests.support.png import highlighted_pixels


def test_each_page_keeps_its_place_in_the_joined_text():
    pages = ["First page.\r\nStill the first.", "   ", "Third page."]
    text, spans = pdf_text(pages)
    assert text == "First page.\nStill the first.\n\nThird page."
    assert [s.number for s in spans] == [1, 3]  # the blank page has no span
    assert [text[s.start : s.end] for s in spans] == [
        "First page.\nStill the first.",
        "Third page.",
    ]


def test_a_pdf_keeps_its_page_spans_through_extraction():
    result = extract_text(build_act_pdf(outline=False), "act.pdf")
    assert result.pages == 4
    assert [s.number for s in result.page_spans] == [1, 2, 3, 4]
    for span, lines in zip(result.page_spans, ACT_BODY, strict=True):
        assert result.text[span.start : span.end].splitlines() == lines


def test_formats_without_pages_have_no_page_spans():
    assert extract_text(b"Section 1. Rent.", "a.txt").page_spans == ()
    assert extract_text(b"<h1>Act</h1><p>Rent.</p>", "a.html").page_spans == ()


def test_the_running_title_and_page_numbers_are_dropped():
    text = extract_text(build_act_pdf(outline=False), "act.pdf").text
    assert ACT_HEADER not in text
    assert "Page 1 of 4" not in text and "of 4" not in text
    assert all(line in text for page in ACT_BODY for line in page)


@pytest.mark.parametrize(
    "footer",
    ["- {n} -", "{n}", "Tenancy Act 2024 \u2014 page {n}", "p. {n}"],
)
def test_a_footer_whose_number_follows_the_pages_is_dropped(footer):
    bodies = ["Rent is due.", "Deposits are held.", "Notice is given.", "Repairs.", "Entry."]
    pages = [[body, footer.format(n=n + 4)] for n, body in enumerate(bodies, 1)]
    assert drop_running_lines(pages) == [[body] for body in bodies]


def test_a_line_on_only_a_few_pages_is_kept():
    pages = [["Notice.", "Rent is due."], ["Notice.", "More."], ["A."], ["B."], ["C."]]
    assert drop_running_lines(pages) == pages


def test_sections_that_start_each_page_are_not_taken_for_page_numbers():
    bodies = ["Rent is due.", "Deposits are held.", "Notice is given.", "Repairs."]
    pages = [[f"Section {n}. Rule.", body] for n, body in enumerate(bodies, 1)]
    assert drop_running_lines(pages) == pages


def test_a_running_line_in_the_middle_of_a_page_is_content():
    middle = ["a", "b", "c", "Running words", "d", "e", "f"]
    pages = [["Running words", "x"], ["Running words", "y"], middle]
    kept = drop_running_lines(pages)
    assert kept[:2] == [["x"], ["y"]] and kept[2] == middle


def test_a_single_page_has_nothing_running():
    assert drop_running_lines([["Title", "Body", "1"]]) == [["Title", "Body", "1"]]


def _headings(data: bytes) -> list[tuple[str, ...]]:
    return [p.heading_path for p in segment(extract_text(data, "act.pdf").text)]


def test_the_outline_becomes_the_units_headings():
    assert _headings(build_act_pdf()) == [
        ("Part 1. General provisions", "Section 1. Short title."),
        ("Part 1. General provisions", "Section 2. Application."),
        ("Part 1. General provisions", "Rent and receipts", "Section 3. Rent."),
        ("Part 1. General provisions", "Rent and receipts", "Section 4. Receipts."),
        ("Part 2. Deposits", "Security deposits", "Section 12. Return of security deposit."),
        ("Part 2. Deposits", "Security deposits", "Section 13. Interest on deposits."),
    ]


def test_without_the_outline_a_plain_line_is_not_a_heading():
    paths = _headings(build_act_pdf(outline=False))
    assert not any("Rent and receipts" in path for path in paths)
    assert not any("Security deposits" in path for path in paths)


def test_the_outline_is_read_by_pypdf_when_pdfium_cannot_open_the_file(monkeypatch):
    import pypdfium2

    def refuse(*args: object, **kwargs: object) -> None:
        raise pypdfium2.PdfiumError("Failed to load document (PDFium: Data format error).")

    monkeypatch.setattr(pypdfium2, "PdfDocument", refuse)
    assert ("Part 1. General provisions", "Rent and receipts", "Section 3. Rent.") in _headings(
        build_act_pdf()
    )


def test_a_bookmark_is_not_matched_to_a_sentence_that_starts_with_its_title():
    pages = [["Deposits are returned within 21 days.", "More text."]]
    marked = mark_outline(pages, [OutlineEntry("Deposits", 2, 1)])
    assert marked == [["## Deposits", "Deposits are returned within 21 days.", "More text."]]


def test_a_bookmark_on_a_page_that_does_not_exist_is_ignored():
    pages = [["Body."]]
    assert mark_outline(pages, [OutlineEntry("Ghost", 1, 7)]) == [["Body."]]


def test_unbookmarked_sections_take_the_level_of_a_bookmarked_one():
    pages = [["Section 1. Rent.", "Pay.", "Section 2. Deposits.", "Return."]]
    marked = mark_outline(pages, [OutlineEntry("Section 1. Rent", 2, 1)])
    assert marked == [["## Section 1. Rent.", "Pay.", "## Section 2. Deposits.", "Return."]]


def test_numbered_headings_become_headings_of_their_depth():
    lines = [
        "2. Deposits",
        "2.3 Security deposits",
        "A landlord holds it in trust.",
        "1. Rent",
        "2. Deposit",
        "12 Main Street",
        "3. A landlord shall return it within 21 days.",
    ]
    assert mark_numbered_headings(lines) == [
        "# 2. Deposits",
        "## 2.3 Security deposits",
        "A landlord holds it in trust.",
        "1. Rent",  # a run of numbered lines is a list
        "2. Deposit",
        "12 Main Street",  # an address, not a heading
        "3. A landlord shall return it within 21 days.",  # a sentence
    ]


def test_a_unit_records_the_pages_it_lies_on():
    pages = ["Section 1. Rent.\nRent is due monthly", "in advance.\n\nSection 2. Deposits."]
    text, spans = pdf_text(pages)
    pieces = segment(text)
    ranges = [page_range(spans, p.start, p.end) for p in pieces]
    assert ranges == [(1, 2), (2, 2)]
    assert [page_label(*r) for r in ranges] == ["pp. 1\u20132", "p. 2"]


def test_page_labels():
    assert page_label(4, 4) == "p. 4"
    assert page_label(4, None) == "p. 4"
    assert page_label(4, 5) == "pp. 4\u20135"
    assert page_label(None, None) == ""
    assert page_range((), 0, 10) is None
    assert page_range((PageSpan(2, 0, 5),), 3, 3) is None


# --- a cited page drawn ----------------------------------------------------------------------


def test_a_page_is_drawn_with_the_cited_passage_highlighted():
    data = build_act_pdf()
    plain = render_page(data, 3)
    marked = render_page(
        data, 3, highlight="A landlord shall return the security deposit to the tenant within"
    )
    assert (plain.width, plain.height) == (918, 1188)
    assert plain.highlighted_chars == 0 and highlighted_pixels(plain.png) == 0
    assert marked.highlighted_chars >= 50
    assert highlighted_pixels(marked.png) > 1000


def test_a_passage_is_found_despite_spacing_heading_marks_and_case():
    page = "RESIDENTIAL TENANCIES ACT\r\nSection 12. Return of\r\nsecurity deposit.\r\nPage 3"
    ranges = passage_ranges(page, "### Section 12. Return of security deposit.")
    assert len(ranges) == 1
    start, end = ranges[0]
    assert page[start:end] == "Section 12. Return of\r\nsecurity deposit"


def test_a_passage_not_on_the_page_in_one_piece_is_found_line_by_line():
    page = "Rent is due.\nSome other words.\nInterest is payable yearly."
    ranges = passage_ranges(page, "# Inserted heading\nRent is due.\nInterest is payable")
    assert [page[s:e] for s, e in ranges] == ["Rent is due", "Interest is payable"]


def test_a_page_that_does_not_exist_is_refused():
    with pytest.raises(PageImageError) as refused:
        render_page(build_pdf([["One page."]]), 2)
    assert refused.value.missing
    with pytest.raises(PageImageError) as unreadable:
        render_page(b"%PDF-1.4 not really", 1)
    assert not unreadable.value.missing

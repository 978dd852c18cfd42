"""Segmentation: text to units that follow the document's structure, with exact offsets."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from citenexus.ingest import Piece, extract_text, max_unit_chars, segment, severance_rate
from citenexus.ingest.segment import MESSAGE_BAD_OVERLAP, MESSAGE_TARGET_TOO_SMALL

FIXTURES = Path(__file__).parent.parent / "fixtures"
CORPORA = ["ca_tenancy.txt", "tx_property.txt", "fl_rental.md", "ny_rent.html", "notice.pdf"]


def corpus(name: str) -> str:
    return extract_text((FIXTURES / name).read_bytes(), name).text


def heading_of(pieces: list[Piece], fragment: str) -> tuple[str, ...]:
    return next(p.heading_path for p in pieces if fragment in p.text)


def assert_well_formed(text: str, pieces: list[Piece], target: int, overlap: int) -> None:
    assert [p.ordinal for p in pieces] == list(range(len(pieces)))
    covered = [False] * len(text)
    for piece in pieces:
        assert text[piece.start : piece.end] == piece.text
        assert piece.text.strip() == piece.text != ""
        assert len(piece.text) <= max_unit_chars(target, overlap)
        covered[piece.start : piece.end] = [True] * (piece.end - piece.start)
    assert all(covered[i] for i, char in enumerate(text) if not char.isspace())
    assert [p.start for p in pieces] == sorted(p.start for p in pieces)


# --- structure --------------------------------------------------------------------------------


def test_an_empty_or_blank_text_has_no_units():
    assert segment("") == []
    assert segment(" \n\t\n ") == []


def test_a_short_text_is_one_unit():
    assert segment("  The rent is due.  ") == [Piece(0, "The rent is due.", 2, 18, (), "")]


def test_units_never_cross_a_section_heading():
    text = "Section 1. Rent.\nRent is due monthly.\n\nSection 2. Deposits.\nA deposit is one month."
    pieces = segment(text)
    assert [p.text for p in pieces] == [
        "Section 1. Rent.\nRent is due monthly.",
        "Section 2. Deposits.\nA deposit is one month.",
    ]
    assert [p.heading_path for p in pieces] == [("Section 1. Rent.",), ("Section 2. Deposits.",)]


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("# Rent", "Rent"),
        ("### Deposits ###", "Deposits"),
        ("Section 1946.1. Notice of termination.", "Section 1946.1. Notice of termination."),
        ("SECTION 5.", "SECTION 5."),
        ("§ 83.57 Termination of tenancy", "§ 83.57 Termination of tenancy"),
        ("§83.57", "§83.57"),
        ("Article 3", "Article 3"),
        ("ARTICLE III. REMEDIES", "ARTICLE III. REMEDIES"),
        ("Sec. 91.001. DEFINITIONS.", "Sec. 91.001. DEFINITIONS."),
        ("Chapter 2. Hiring of Real Property", "Chapter 2. Hiring of Real Property"),
        ("Part A. Scope", "Part A. Scope"),
        ("LANDLORD AND TENANT", "LANDLORD AND TENANT"),
    ],
)
def test_heading_forms_are_recognised(line, title):
    pieces = segment(f"Preamble words.\n\n{line}\nBody of the heading.")
    assert pieces[-1].heading_path[-1] == title
    assert pieces[-1].text == f"{line}\nBody of the heading."


@pytest.mark.parametrize(
    "line",
    [
        "Section 8 of the act is repealed.",
        "§ 83.56(3) provides the form.",
        "A landlord AND A TENANT",
        "(A) NO",
        "Chapter 7 bankruptcy filings are not covered.",
    ],
)
def test_sentences_that_start_like_headings_are_not_headings(line):
    pieces = segment(f"# Rent\n\nFirst line.\n{line}")
    assert {p.heading_path for p in pieces} == {("Rent",)}


def test_a_long_heading_line_keeps_only_its_title_in_the_heading_path():
    text = "§ 83.57 Termination of rental agreement.—" + "A tenancy may end by notice. " * 6
    assert segment(text)[0].heading_path == ("§ 83.57 Termination of rental agreement.",)


def test_headings_nest_by_rank():
    text = corpus("tx_property.txt")
    pieces = segment(text)
    assert heading_of(pieces, "Sec. 92.052.") == (
        "TITLE 8. LANDLORD AND TENANT",
        "CHAPTER 92. RESIDENTIAL TENANCIES",
        "SUBCHAPTER B. REPAIR OR CLOSING OF LEASEHOLD",
        "Sec. 92.052. LANDLORD'S DUTY TO REPAIR OR REMEDY.",
    )


def test_a_heading_followed_by_a_sub_heading_travels_with_it():
    pieces = segment("# Chapter 2\n\n## Section 5\n\nThe body.")
    assert [p.text for p in pieces] == ["# Chapter 2\n\n## Section 5\n\nThe body."]
    assert pieces[0].heading_path == ("Chapter 2", "Section 5")


def test_an_empty_section_stands_alone_rather_than_join_its_sibling():
    pieces = segment("## Section 4\n## Section 5\nBody.")
    assert [(p.text, p.heading_path) for p in pieces] == [
        ("## Section 4", ("Section 4",)),
        ("## Section 5\nBody.", ("Section 5",)),
    ]


def test_an_all_caps_line_inside_a_section_is_a_sub_heading_of_it():
    pieces = segment(corpus("ca_tenancy.txt"))
    assert heading_of(pieces, "initial inspection of the unit")[-2:] == (
        "Section 1946.1. Notice of termination.",
        "NOTICE TO TENANT",
    )


def test_all_caps_sub_headings_in_a_row_are_siblings_not_a_staircase():
    text = "Section 1. Forms.\nIntro.\n\nNOTICE\n\nFirst form.\n\nWARNING\n\nSecond form."
    pieces = segment(text, target_chars=40, overlap_chars=0)
    assert heading_of(pieces, "Second form.") == ("Section 1. Forms.", "WARNING")


def test_a_text_of_only_all_caps_lines_keeps_short_heading_paths():
    pieces = segment("NOTICE TO ALL TENANTS\n" * 500)
    assert len(pieces) == 500 and max(len(p.heading_path) for p in pieces) == 1


def test_small_subdivisions_are_packed_up_to_the_target():
    items = "\n".join(f"({chr(97 + i)}) Item {i} is short." for i in range(20))
    pieces = segment(f"Section 1. List.\n{items}", target_chars=120, overlap_chars=20)
    assert len(pieces) > 1
    assert all(len(p.text) <= 120 for p in pieces)
    assert all(p.text.split("\n")[-1].endswith("short.") for p in pieces)
    assert all(p.text.startswith(("Section 1.", "(")) for p in pieces)


def test_an_oversized_paragraph_is_cut_at_sentences_with_overlap():
    sentences = [f"Sentence number {i} says the rent is due on day {i}." for i in range(30)]
    text = " ".join(sentences)
    pieces = segment(text, target_chars=200, overlap_chars=60)
    assert len(pieces) > 5
    for piece in pieces:
        assert piece.text.endswith(".") and piece.text.startswith("Sentence number")
    for before, after in zip(pieces, pieces[1:], strict=False):
        assert after.start < before.end  # the overlap repeats the end of the previous unit


def test_overlap_can_be_switched_off():
    text = " ".join(f"Sentence {i} is here." for i in range(60))
    pieces = segment(text, target_chars=100, overlap_chars=0)
    assert all(a.end < b.start for a, b in zip(pieces, pieces[1:], strict=False))


def test_a_sentence_longer_than_the_target_is_cut_between_words():
    text = " ".join(["word"] * 200)
    pieces = segment(text, target_chars=100, overlap_chars=20)
    assert all(p.text.split(" ") == ["word"] * len(p.text.split(" ")) for p in pieces)
    assert_well_formed(text, pieces, 100, 20)


def test_a_run_without_spaces_is_cut_at_the_target():
    text = "x" * 1000
    pieces = segment(text, target_chars=300, overlap_chars=50)
    assert [len(p.text) for p in pieces] == [300, 300, 300, 100]


def test_abbreviations_do_not_end_sentences():
    text = ("See Sec. 91.001 and U.S.C. Title 42. " * 3 + "The end. ") * 4
    pieces = segment(text.strip(), target_chars=80, overlap_chars=0)
    assert not any(p.text.endswith(("Sec.", "U.S.C.")) for p in pieces)


def test_settings_are_checked():
    with pytest.raises(ValueError, match=MESSAGE_TARGET_TOO_SMALL):
        segment("x", target_chars=10)
    with pytest.raises(ValueError, match=MESSAGE_BAD_OVERLAP):
        segment("x", target_chars=100, overlap_chars=50)
    with pytest.raises(ValueError, match=MESSAGE_BAD_OVERLAP):
        segment("x", overlap_chars=-1)


@pytest.mark.parametrize("name", CORPORA)
def test_every_sample_corpus_segments_well_formed(name):
    text = corpus(name)
    for target, overlap in [(900, 150), (200, 40), (60, 10)]:
        assert_well_formed(
            text, segment(text, target_chars=target, overlap_chars=overlap), target, overlap
        )


def test_offsets_are_into_the_original_text_with_odd_whitespace():
    text = "\ufeff  Section 1.\u00a0Rent.\r\n\r\n\t(a)\u2003Pay.\u2028(b) More.  \n"
    pieces = segment(text, target_chars=40, overlap_chars=5)
    assert_well_formed(text, pieces, 40, 5)


def test_a_large_text_segments_in_reasonable_time():
    import time

    text = corpus("ca_tenancy.txt") * 60  # about 230,000 characters
    one_paragraph = "The rent is due on the first day of the month. " * 5_000
    started = time.perf_counter()
    pieces = segment(text)
    assert len(segment(one_paragraph)) > 200
    assert time.perf_counter() - started < 5.0
    assert len(pieces) > 300


# --- properties -------------------------------------------------------------------------------

FRAGMENTS = [
    " ", "  ", "\n", "\n\n", "\t", "\u00a0", "# ", "## Part ", "### ", "Section 12.", "Sec. 4.001.",
    "§ 83.5 ", "Article 3", "CHAPTER 9", "ARTICLE II. REMEDIES\n", "NOTICE TO TENANT\n", "(a) ",
    "(b) ", "(1) ", "1. ", "- ", "The landlord shall give notice. ", "Rent is due. ",
    "This section applies to residential tenancies. ", "This chapter applies only to leases. ",
    "Notwithstanding Section 2, ", "For purposes of this section, ", "In a residential tenancy, ",
    "Except as provided in (b), ", "Sec. ", "U.S.C. ", "x" * 70, "word " * 15, ".", "?",
]  # fmt: skip
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=60).map(
    "".join
)
sizes = st.integers(min_value=40, max_value=400).flatmap(
    lambda target: st.tuples(st.just(target), st.integers(0, target // 2 - 1))
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, size=sizes)
def test_units_are_exact_dense_non_empty_bounded_and_cover_every_character(text, size):
    target, overlap = size
    assert_well_formed(
        text, segment(text, target_chars=target, overlap_chars=overlap), target, overlap
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts, size=sizes)
def test_no_unit_is_ever_severed_from_its_scope(text, size):
    target, overlap = size
    pieces = segment(text, target_chars=target, overlap_chars=overlap)
    assert severance_rate(pieces, text=text) == 0.0

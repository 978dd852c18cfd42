"""Scope carry: every unit of a section carries the statements that say where its rule applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from citenexus.ingest import Piece, embedding_text, extract_text, segment, severance_rate
from citenexus.ingest.scope import MAX_STATEMENT_CHARS, statement_text

FIXTURES = Path(__file__).parent.parent / "fixtures"
CORPORA = ["ca_tenancy.txt", "tx_property.txt", "fl_rental.md", "ny_rent.html", "notice.pdf"]
SIZES = [(900, 150), (300, 60), (120, 20), (60, 10)]

CA_1946_SCOPE = (
    "This section applies only to residential tenancies of a dwelling for a period of "
    "unspecified duration, and to tenancies that continue from period to period by operation of law."
)
CA_CHAPTER_SCOPE = "This chapter does not apply to a person who hires a dwelling unit in a hotel"


def corpus(name: str) -> str:
    return extract_text((FIXTURES / name).read_bytes(), name).text


def units_of(pieces: list[Piece], heading: str) -> list[Piece]:
    return [p for p in pieces if any(h.startswith(heading) for h in p.heading_path)]


def naive_chunks(text: str, size: int, overlap: int) -> list[Piece]:
    """A fixed-size chunker that knows nothing of structure: the baseline that severs."""
    pieces = []
    for start in range(0, len(text), size - overlap):
        end = min(start + size, len(text))
        pieces.append(Piece(len(pieces), text[start:end], start, end))
        if end == len(text):
            break
    return pieces


# --- carrying ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "overlap"), SIZES)
def test_every_unit_of_a_section_carries_its_scope_even_far_from_it(target, overlap):
    pieces = segment(corpus("ca_tenancy.txt"), target_chars=target, overlap_chars=overlap)
    section = units_of(pieces, "Section 1946.1.")
    assert len(section) >= 2
    assert all(CA_1946_SCOPE in p.scope.split("\n") for p in section)
    far = [p for p in section if "longer period governs" in p.text]
    assert far and CA_1946_SCOPE not in far[0].text


def test_a_section_scope_stays_in_its_section():
    pieces = segment(corpus("ca_tenancy.txt"))
    for heading in ("Section 1940.", "Section 1947.", "Section 1950.5."):
        assert all(CA_1946_SCOPE not in p.scope for p in units_of(pieces, heading))


def test_a_chapter_scope_reaches_every_section_of_the_chapter():
    pieces = segment(corpus("ca_tenancy.txt"), target_chars=200, overlap_chars=30)
    assert all(CA_CHAPTER_SCOPE in p.scope for p in units_of(pieces, "Chapter 2."))
    assert any(CA_CHAPTER_SCOPE in p.scope for p in units_of(pieces, "Section 1950.5."))


def test_a_chapter_scope_stated_in_its_own_section_reaches_later_subchapters():
    pieces = segment(corpus("tx_property.txt"), target_chars=200, overlap_chars=30)
    statement = (
        "This chapter applies only to the relationship between landlords and tenants of "
        "residential rental property."
    )
    later = units_of(pieces, "SUBCHAPTER B.")
    assert later and all(statement in p.scope for p in later)


def test_a_part_scope_in_markdown_reaches_the_other_sections_of_the_part():
    pieces = segment(corpus("fl_rental.md"), target_chars=150, overlap_chars=20)
    statement = "This part applies to the rental of a dwelling unit."
    assert all(statement in p.scope for p in units_of(pieces, "§ 83.57"))


def test_an_html_section_exclusion_reaches_its_list_items():
    pieces = segment(corpus("ny_rent.html"), target_chars=100, overlap_chars=20)
    statement = (
        "This section does not apply to a unit subject to rent stabilization or rent control."
    )
    ninety = [p for p in pieces if "ninety days" in p.text]
    assert ninety and all(statement in p.scope for p in ninety)


def test_a_lead_in_opening_a_section_governs_that_section_only():
    pieces = segment(corpus("fl_rental.md"), target_chars=150, overlap_chars=20)
    assert all("In a residential tenancy," in p.scope for p in units_of(pieces, "§ 83.56"))
    assert not any("In a residential tenancy," in p.scope for p in units_of(pieces, "§ 83.57"))


def test_a_lead_in_deep_inside_a_section_is_not_carried():
    pieces = segment(corpus("ca_tenancy.txt"))
    assert not any("Notwithstanding subdivision (b)" in p.scope for p in pieces)


def test_a_lead_in_right_after_a_heading_title_is_carried():
    pieces = segment(corpus("tx_property.txt"), target_chars=150, overlap_chars=20)
    statement = "Except as otherwise provided by this chapter, in this chapter:"
    assert all(statement in p.scope for p in units_of(pieces, "Sec. 92.001."))
    assert not any(statement in p.scope for p in units_of(pieces, "Sec. 92.006."))


def test_for_purposes_of_this_section_is_carried_within_the_section():
    pieces = segment(corpus("ca_tenancy.txt"), target_chars=200, overlap_chars=30)
    deposits = units_of(pieces, "Section 1950.5.")
    assert all('For purposes of this section, "security" means' in p.scope for p in deposits)


def test_a_scope_with_no_enclosing_heading_of_its_kind_governs_the_whole_document():
    text = "This chapter applies only to mobile homes.\n\n# Rent\n\nRent is due.\n\n# Repairs\n\nFix it."
    pieces = segment(text, target_chars=40, overlap_chars=5)
    assert all(p.scope == "This chapter applies only to mobile homes." for p in pieces)


def test_an_act_wide_scope_governs_the_whole_document():
    text = "# Definitions\n\nThe provisions of this act apply to leases.\n\n# Rent\n\nRent is due."
    assert segment(text, target_chars=40, overlap_chars=5)[-1].scope == (
        "The provisions of this act apply to leases."
    )


def test_a_pdf_section_carries_its_scope_across_pages():
    pieces = segment(corpus("notice.pdf"), target_chars=60, overlap_chars=10)
    last = [p for p in pieces if "one rental period" in p.text]
    assert (
        last
        and "This section applies to residential tenancies of unspecified term." in last[0].scope
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "This section applies to residential tenancies.",
        "This section shall apply only to leases of dwellings.",
        "This chapter does not apply to hotels.",
        "The provisions of this article apply to every landlord.",
        "For the purposes of this chapter, rent includes fees.",
        "As used in this section, owner means lessor.",
        "Notwithstanding any other law, rent is due monthly.",
        "Except as otherwise provided, notice is written.",
        "Subject to Section 5, the tenant may leave.",
        "In a commercial lease, notice is 15 days.",
        "Unless otherwise provided, notice is written.",
    ],
)
def test_each_pattern_of_the_list_is_a_scope_statement(sentence):
    assert segment(f"# Rules\n\n{sentence}\n\nAnother rule.")[0].scope == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "The landlord applies the deposit to rent.",
        "This section was amended in 2019.",
        "A tenant in a residential tenancy may leave.",
    ],
)
def test_sentences_outside_the_pattern_list_are_not_scope_statements(sentence):
    assert segment(f"# Rules\n\n{sentence}")[0].scope == ""


def test_statements_lose_their_label_and_line_breaks_and_are_capped():
    assert (
        statement_text("(a)  This section\n  applies to leases.")
        == "This section applies to leases."
    )
    long = statement_text("This section applies to " + "very " * 200 + "long leases.")
    assert len(long) <= MAX_STATEMENT_CHARS and long.endswith("very")


# --- severance --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", CORPORA)
@pytest.mark.parametrize(("target", "overlap"), SIZES)
def test_our_segmenter_severs_nothing_on_any_corpus(name, target, overlap):
    text = corpus(name)
    pieces = segment(text, target_chars=target, overlap_chars=overlap)
    assert severance_rate(pieces, text=text) == 0.0


@pytest.mark.parametrize("name", ["ca_tenancy.txt", "tx_property.txt", "fl_rental.md"])
def test_a_naive_fixed_size_chunker_severs_units_and_the_metric_sees_it(name):
    text = corpus(name)
    assert severance_rate(naive_chunks(text, 900, 150), text=text) > 0.0
    assert severance_rate(naive_chunks(text, 300, 50), text=text) > 0.2


def test_units_that_lost_their_scope_count_as_severed_unless_their_text_holds_it():
    rules = "\n\n".join(f"Rule {i} says rent is due on day {i}." for i in range(9))
    text = f"# Rules\n\nThis section applies to leases.\n\n{rules}"
    pieces = segment(text, target_chars=60, overlap_chars=0)
    assert len(pieces) == 10 and "This section applies to leases." in pieces[0].text
    stripped = [Piece(p.ordinal, p.text, p.start, p.end, p.heading_path, "") for p in pieces]
    assert severance_rate(stripped, text=text) == 9 / 10
    assert severance_rate(pieces, text=text) == 0.0


def test_the_rate_can_be_computed_from_the_units_alone():
    text = corpus("ca_tenancy.txt")
    assert severance_rate(segment(text)) == 0.0
    assert severance_rate(naive_chunks(text, 300, 50)) > 0.0


def test_no_units_or_no_scoped_sections_mean_no_severance():
    assert severance_rate([]) == 0.0
    assert severance_rate(naive_chunks("Rent is due.\n\nRepairs are owed. " * 50, 100, 0)) == 0.0


# --- what gets embedded -----------------------------------------------------------------------


def test_embedding_text_adds_title_headings_and_a_scope_the_unit_lacks():
    pieces = segment(corpus("ca_tenancy.txt"), target_chars=200, overlap_chars=30)
    far = next(p for p in pieces if "longer period governs" in p.text)
    lines = embedding_text(far, title="Cal. Civ. Code").split("\n")
    assert lines[0] == "Cal. Civ. Code"
    assert lines[1] == (
        "HIRING OF REAL PROPERTY > Chapter 2. General Provisions > "
        "Section 1946.1. Notice of termination."
    )
    assert CA_1946_SCOPE in lines
    assert embedding_text(far, title="Cal. Civ. Code").endswith(far.text)


def test_embedding_text_does_not_repeat_a_scope_already_in_the_unit():
    pieces = segment(corpus("ca_tenancy.txt"), target_chars=900, overlap_chars=150)
    holder = next(p for p in pieces if CA_1946_SCOPE in p.text)
    assert embedding_text(holder).count("applies only to residential tenancies") == 1


def test_embedding_text_of_a_bare_unit_is_its_text():
    piece = Piece(0, "Rent is due.", 0, 12)
    assert embedding_text(piece) == "Rent is due."
    assert embedding_text(piece, title="  ") == "Rent is due."

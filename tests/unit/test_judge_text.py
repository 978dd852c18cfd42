"""The judges' shared text helpers: stemming, sentences, and the tokeniser's special tokens."""

from __future__ import annotations

import pytest

from citenexus.domain.vocabulary import stem
from citenexus.judges.tokens import (
    COMPARATOR,
    GE,
    LE,
    MODAL,
    NEGATOR,
    QUANTITY,
    negation_counts,
    tokenize,
)
from citenexus.text.sentences import sentence_spans

# The rules under test here read tenancy wording through the tenancy lane's vocabulary.
pytestmark = pytest.mark.usefixtures("tenancy_vocabulary")


@pytest.mark.parametrize(
    "forms",
    [
        ("vacate", "vacates", "vacated", "vacating"),
        ("deposit", "deposits", "deposited"),
        ("notice", "notices", "noticed"),
        ("premises", "premise"),
        ("permit", "permits", "permitted"),
        ("pay", "pays", "paid"),
        ("tenant", "tenants", "tenant's", "tenants'"),
        ("landlord", "lessor", "Landlord"),
    ],
)
def test_inflections_of_one_word_stem_alike(forms: tuple[str, ...]) -> None:
    assert len({stem(form) for form in forms}) == 1


def test_different_words_keep_different_stems() -> None:
    assert stem("landlord") != stem("tenant")
    assert stem("permit") != stem("prohibit")


def test_sentences_split_at_full_stops_and_semicolons_but_not_abbreviations() -> None:
    text = (
        "Under Cal. Civ. Code section 1950.5 the landlord shall return the deposit; "
        "the tenant shall leave. A second sentence follows."
    )
    pieces = [text[s:e] for s, e in sentence_spans(text)]
    assert pieces == [
        "Under Cal. Civ. Code section 1950.5 the landlord shall return the deposit;",
        "the tenant shall leave.",
        "A second sentence follows.",
    ]


def test_a_lone_conjunction_between_list_items_opens_the_next_item() -> None:
    text = "The tenancy ends on the later of:\n(1) the day in the notice; or\n(2) one month later.\nand"
    pieces = [text[s:e] for s, e in sentence_spans(text)]
    assert pieces == [
        "The tenancy ends on the later of:",
        "(1) the day in the notice;",
        "or\n(2) one month later.",
        "and",
    ]


def test_an_empty_text_has_no_sentences() -> None:
    assert sentence_spans("   ") == ()


def kinds(text: str) -> list[tuple[str, str]]:
    return [(t.norm, t.kind) for t in tokenize(text) if t.kind != "stop"]


def test_a_quantity_is_one_token_whatever_its_spelling() -> None:
    assert [t.norm for t in tokenize("thirty (30) days") if t.kind == QUANTITY] == ["days=30"]
    assert [t.norm for t in tokenize("twenty-one days") if t.kind == QUANTITY] == ["days=21"]


@pytest.mark.parametrize(
    ("phrase", "direction"),
    [
        ("not less than 30 days", GE),
        ("at least 30 days", GE),
        ("more than 30 days", GE),
        ("exceeding $500", GE),
        ("after the tenant vacates", GE),
        ("not more than 30 days", LE),
        ("no later than 30 days", LE),
        ("within 30 days", LE),
        ("may not exceed $500", LE),
        ("before the tenant vacates", LE),
        ("prior to the tenant vacating", LE),
    ],
)
def test_comparison_phrases_become_one_token_with_a_direction(phrase: str, direction: str) -> None:
    comparators = [t for t in tokenize(phrase) if t.kind == COMPARATOR]
    assert [t.direction for t in comparators] == [direction]


def test_a_comparison_phrase_is_not_read_as_a_negation() -> None:
    assert all(t.kind != NEGATOR for t in tokenize("not less than 30 days"))


def test_within_compares_only_before_a_quantity() -> None:
    assert all(t.kind != COMPARATOR for t in tokenize("within the premises"))


def test_contractions_split_into_a_modal_and_a_negation() -> None:
    assert kinds("The tenant can't sublet") == [
        ("tenant", "content"),
        ("can", MODAL),
        ("not", NEGATOR),
        ("sublet", "content"),
    ]


def test_prohibited_is_permit_under_a_negation() -> None:
    (token,) = [t for t in tokenize("is prohibited") if t.kind == "content"]
    assert token.norm == "permit" and token.negates


def scoped(text: str) -> dict[str, int]:
    tokens = tokenize(text)
    counts = negation_counts(tokens, 20)
    return {t.word: c for t, c in zip(tokens, counts, strict=True) if t.is_content}


def test_a_negated_predicate_reaches_over_a_parenthetical_to_its_verb() -> None:
    counts = scoped("The tenant shall not, without the landlord's consent, sublet the unit.")
    assert counts["sublet"] == 1
    assert counts["consent"] == 2
    assert counts["tenant"] == 0


def test_a_negation_stops_at_the_next_modal() -> None:
    counts = scoped("The landlord shall not enter the unit and shall give notice.")
    assert counts["enter"] == 1
    assert counts["give"] == 0


def test_an_exception_ends_the_negation_before_it_and_opens_its_own() -> None:
    counts = scoped("The landlord may not enter except in an emergency.")
    assert counts["enter"] == 1
    assert counts["emergency"] == 1


def test_non_negates_only_the_next_word() -> None:
    counts = scoped("A non-refundable cleaning fee")
    assert counts["refundable"] == 1
    assert counts["cleaning"] == 0


def test_a_heading_line_ends_a_negation_even_without_punctuation() -> None:
    counts = scoped("# No pets\n\nThe tenant shall keep the unit clean.")
    assert counts["pets"] == 1
    assert counts["tenant"] == 0

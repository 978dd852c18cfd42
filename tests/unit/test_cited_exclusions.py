"""Exclusions stated by citing a list elsewhere, and the sentence that continues a statement of
reach (docs/design.md#applicability): "This section applies to each company described in
section 12(1). It does not apply to the entities and data that section 12(2) excludes." leaves
out every case section 12(2) lists, though the section itself names none of them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.applicability import (
    QuestionScope,
    _named_by_initials,
    _source_scope_uncached,
    acronyms_in,
    initials,
)
from citenexus.domain.carried import LIST_MARK, linked_line, retrieval_scope, with_list_items
from citenexus.domain.model import Unit
from citenexus.domain.question import read_question
from citenexus.domain.vocabulary import Vocabulary
from citenexus.ingest import segment
from citenexus.ingest.outline import parse_outline
from citenexus.ingest.references import (
    cited_lists,
    exclusion_lists,
    linked_scope,
    resolve,
    section_of,
)
from citenexus.ingest.scope import statements_by_section

APPLIES = "This section applies to each company described in section 12(1)."
CONTINUES = "It does not apply to the entities and data that section 12(2) excludes."
RIGHTS = f"""Section 14. Deleting data.

(a) {APPLIES} {CONTINUES}

(b) A company shall delete a consumer's personal data within 30 days after the consumer asks.
"""
ITEMS = [
    "A state agency or a political subdivision of the state",
    'Protected health information kept under the federal "Health Insurance Portability and '
    'Accountability Act of 1996"',
    "A nonprofit organization",
]
DEFINITIONS = f"""Section 12. Scope of part.

(1) This part applies to a company that keeps the personal data of 100,000 consumers or more.

(2) This part does not apply to:
(a) {ITEMS[0]};
(b) {ITEMS[1]}; or
(c) {ITEMS[2]}.

(3) A company may rely on a parent's consent for a child.
"""
LISTS = {"12(2)": ITEMS}


def statements(text: str) -> list[str]:
    return [s for found in statements_by_section(text, parse_outline(text)).values() for s in found]


# The sentence that continues a statement of reach.


def test_a_pronoun_sentence_of_reach_after_a_statement_is_carried_under_it() -> None:
    assert statements(RIGHTS) == [f"{APPLIES}\n{LIST_MARK}{CONTINUES}"]


def test_every_unit_of_the_section_carries_the_continuation() -> None:
    pieces = segment(RIGHTS, target_chars=120, overlap_chars=20)
    assert all(CONTINUES in p.scope for p in pieces if "30 days" in p.text)


def test_a_pronoun_sentence_that_is_not_about_reach_is_not_carried() -> None:
    text = (
        'Section 3.\n\n(a) For purposes of this section, "fee" means a charge. It includes a '
        "deposit and an advance payment. It applies nowhere else.\n"
    )
    # "It includes ..." says what the term means; only the sentence right after counts.
    assert statements(text) == ['For purposes of this section, "fee" means a charge.']


def test_a_continuation_that_introduces_a_list_carries_the_list_too() -> None:
    text = (
        "Section 5.\n\n(a) This section applies to every lease of a dwelling. It does not apply "
        "to the following:\n(1) A hotel room.\n(2) A hospital bed.\n\n(b) Rent is due monthly.\n"
    )
    assert statements(text) == [
        "This section applies to every lease of a dwelling.\n"
        f"{LIST_MARK}It does not apply to the following:\n{LIST_MARK}A hotel room; A hospital bed"
    ]


def test_retrieval_reads_the_statement_without_its_continuation() -> None:
    assert retrieval_scope(f"{APPLIES}\n{LIST_MARK}{CONTINUES}") == APPLIES


# A document's exclusion lists, by citation.


def test_a_labelled_exclusion_list_is_keyed_by_its_section_and_label() -> None:
    assert exclusion_lists(DEFINITIONS) == LISTS


def test_an_unlabelled_exclusion_list_is_keyed_by_its_section_alone() -> None:
    text = (
        "# Civil Code \u2014 Section 1947.12\n\n## Exemptions\n\n"
        "This section does not apply to any of the following:\n1. Dormitories.\n2. Hotels.\n"
    )
    assert exclusion_lists(text) == {"1947.12": ["Dormitories", "Hotels"]}


def test_lists_that_include_or_stand_under_no_numbered_section_are_not_indexed() -> None:
    including = "Section 4.\n\n(a) This section applies to the following:\n(1) A lease.\n"
    unnumbered = "Scope\n\n(a) This part does not apply to:\n(1) A lease.\n"
    empty = "Section 4.\n\n(a) This part does not apply to:\n\n(b) Rent is due.\n"
    assert exclusion_lists(including) == {}
    assert exclusion_lists(unnumbered) == {}
    assert exclusion_lists(empty) == {}


def test_two_different_lists_under_one_citation_are_left_out() -> None:
    text = (
        "Section 4.\n\n(a) This part does not apply to:\n(1) A lease.\n\n"
        "Section 4.\n\n(a) This part does not apply to:\n(1) A hotel.\n\n"
        "Section 5.\n\n(b) This part does not apply to:\n(1) A bank.\n"
    )
    assert exclusion_lists(text) == {"5(b)": ["A bank"]}


def test_an_excluding_statement_cites_lists_by_section_and_subdivisions() -> None:
    assert cited_lists(CONTINUES) == ["12(2)"]
    assert cited_lists("It does not apply to what section 6-1-1304(2)(b), C.R.S., excludes.") == [
        "6-1-1304(2)(b)"
    ]
    assert cited_lists("Persons exempt under \u00a7 7 or section 8(a) or section 7.") == [
        "7",
        "8(a)",
    ]
    # A statement that excludes nothing cites nothing to leave out.
    assert cited_lists(APPLIES) == []
    assert section_of("6-1-1304(2)(b)") == "6-1-1304"
    assert section_of("7") == "7"


def test_a_citation_is_read_from_the_citing_document_first_then_the_one_list_of_the_lane() -> None:
    other = {"12(2)": ["A bank"]}
    assert resolve("12(2)", own=LISTS, lane=[other]) == ITEMS
    assert resolve("12(2)", own={}, lane=[LISTS, {"12(2)": list(ITEMS)}]) == ITEMS
    # Two sections of one number in different codes: nothing says which is meant.
    assert resolve("12(2)", own={}, lane=[LISTS, other]) is None
    assert resolve("12(3)", own={}, lane=[LISTS]) is None


# Linking a unit's statements to the lists they cite.

SCOPE = f"{APPLIES}\n{LIST_MARK}{CONTINUES}"


def test_the_cited_items_follow_the_statement_and_name_their_list() -> None:
    linked = linked_scope(SCOPE, LISTS)
    assert linked == f"{SCOPE}\n{LIST_MARK}[12(2)] {'; '.join(ITEMS)}"
    assert retrieval_scope(linked) == APPLIES
    assert with_list_items(linked) == (f"{APPLIES} {CONTINUES[:-1]}: {'; '.join(ITEMS)}")


def test_linking_again_replaces_the_linked_lines() -> None:
    linked = linked_scope(SCOPE, LISTS)
    assert linked_scope(linked, LISTS) == linked
    assert linked_scope(linked, {"12(2)": ["A bank"]}) == f"{SCOPE}\n{LIST_MARK}[12(2)] A bank"
    # The list is gone (its document changed): so are its items.
    assert linked_scope(linked, {}) == SCOPE


def test_each_statement_gets_the_lists_it_cites_and_a_list_of_its_own_is_not_relinked() -> None:
    own = "This part does not apply to section 12(2) or the following:\n" + LIST_MARK + "A bank"
    other = "This chapter does not apply to persons exempt under section 9."
    scope = "\n".join([own, other, "Rent is due monthly."])
    assert linked_scope(scope, {**LISTS, "9": ["A church"]}) == "\n".join(
        [own, other, f"{LIST_MARK}[9] A church", "Rent is due monthly."]
    )
    assert linked_scope("", LISTS) == ""


def test_a_long_list_is_cut_at_its_last_whole_item() -> None:
    items = [f"item number {n}" for n in range(400)]
    line = linked_line("1", items, room=60)
    assert line == f"{LIST_MARK}[1] item number 0; item number 1; item number 2; item number 3"
    assert linked_line("1", ["x" * 80], room=10) == f"{LIST_MARK}[1] " + "x" * 10


@given(
    st.lists(
        st.sampled_from([APPLIES, f"{LIST_MARK}{CONTINUES}", "Rent is due.", f"{LIST_MARK}A bank"]),
        max_size=6,
    ),
    st.dictionaries(
        st.sampled_from(["12(2)", "9"]), st.lists(st.text("ab ", min_size=1), max_size=3)
    ),
)
def test_linking_is_idempotent_and_never_loses_a_statement(lines: list[str], lists: dict) -> None:
    scope = "\n".join(lines)
    linked = linked_scope(scope, lists)
    assert linked_scope(linked, lists) == linked
    kept = [line for line in linked.split("\n") if not line.startswith(f"{LIST_MARK}[")]
    assert kept == scope.split("\n")


# Reading the linked items, and a name written by its initials.


def unit(scope: str) -> Unit:
    return Unit("rights", 1, "A company shall delete personal data within 30 days.", scope=scope)


def test_a_question_naming_a_cited_category_is_excluded_and_told_which() -> None:
    linked = unit(linked_scope(SCOPE, LISTS))
    found = QuestionScope.parse(
        "I gave my data to a nonprofit organization. How many days does it have to delete it?"
    ).exclusion(linked)
    assert found is not None and found.kind == "scope"
    assert "the question concerns nonprofit organization" in found.reason
    # Without the link the statement names no category.
    assert (
        QuestionScope.parse("How many days does a nonprofit organization have?").exclusion(
            unit(SCOPE)
        )
        is None
    )


def test_every_item_of_a_listed_exclusion_is_left_out_not_only_the_first() -> None:
    text = with_list_items(linked_scope(SCOPE, LISTS))
    vocabulary_free = _source_scope_uncached(text)
    assert vocabulary_free.exclusions[0][0].endswith(ITEMS[2])


def test_a_question_may_name_an_excluded_category_by_its_initials() -> None:
    assert acronyms_in("A clinic keeps my records under HIPAA; is the FCRA or a TV law in it?") == {
        "hipaa",
        "fcra",
    }
    assert acronyms_in("A CLINIC KEEPS MY RECORDS UNDER HIPAA. HOW MANY DAYS?") == frozenset()
    assert initials("Health Insurance Portability and Accountability Act") == "hipaa"
    assert initials("Gramm-Leach-Bliley Act") == "glba"
    tail = f"what section 12(2) excludes: {'; '.join(ITEMS)}"
    assert _named_by_initials(frozenset({"hipaa"}), tail) == ITEMS[1]
    assert _named_by_initials(frozenset({"hipa"}), tail) is None
    assert _named_by_initials(frozenset(), tail) is None
    # In a statement without a list the name itself is what the question names.
    inline = 'protected health information under the "Health Insurance Portability and ' + (
        'Accountability Act"'
    )
    assert (
        _named_by_initials(frozenset({"hipaa"}), inline)
        == "Health Insurance Portability and Accountability Act"
    )
    # Two initials name nothing ("Title V" is no "TV").
    assert _named_by_initials(frozenset({"tv"}), "data under Title V of the act; A bank") is None


def test_a_question_writing_the_initials_is_excluded_end_to_end() -> None:
    question = (
        "A clinic keeps my medical records under HIPAA. How many days does it have to delete them?"
    )
    frame = read_question(question)
    assert frame.acronyms == {"hipaa"}
    found = frame.scope_in().exclusion(unit(linked_scope(SCOPE, LISTS)))
    assert found is not None and "concerns Protected health information kept" in found.reason
    # Written in lower case, the same letters are a word, not a name.
    assert (
        read_question(question.replace("HIPAA", "hipaa"))
        .scope_in()
        .exclusion(unit(linked_scope(SCOPE, LISTS)))
        is None
    )


# The edges of each reading (each pins a rule a mutation of it would break).


def test_a_list_s_key_keeps_a_roman_label_and_reads_a_line_with_trailing_spaces() -> None:
    text = "Section 5.\n\n(X) This part does not apply to:   \n(1) A bank.\n(2) A church.\n"
    assert exclusion_lists(text) == {"5(X)": ["A bank", "A church"]}


def test_a_list_never_runs_on_into_the_next_heading() -> None:
    text = (
        "Section 5.\n\n(a) This part does not apply to:\n(1) A bank.\n## Penalties\n"
        "(2) A fine of $5 for each violation.\n"
    )
    assert exclusion_lists(text) == {"5(a)": ["A bank"]}


def test_an_empty_list_does_not_hide_a_later_one_of_the_section() -> None:
    text = (
        "Section 5.\n\n(a) This part does not apply to:\n\n(b) This part does not apply to:\n"
        "(1) A bank.\n"
    )
    assert exclusion_lists(text) == {"5(b)": ["A bank"]}


def test_a_citation_among_a_list_s_own_items_is_no_statement_to_link() -> None:
    own = f"This part does not apply to the following:\n{LIST_MARK}persons exempt under section 9"
    assert linked_scope(own, {"9": ["A church"]}) == own
    continued = f"{APPLIES}\n{LIST_MARK}It also does not apply to persons exempt under section 9."
    assert linked_scope(continued, {"9": ["A church"]}) == f"{continued}\n{LIST_MARK}[9] A church"


def test_the_room_for_linked_items_is_what_the_citing_statement_leaves() -> None:
    statement = "This chapter does not apply to persons exempt under section 9 " + "x" * 1500
    items = [f"case {n:03d}" for n in range(40)]  # 8 characters each, 10 with "; "
    line = linked_scope(statement, {"9": items}).split("\n")[1]
    room = 1600 - len(statement)
    assert line == linked_line("9", items, room)
    assert len(line) - len(f"{LIST_MARK}[9] ") <= room < len(line) - len(f"{LIST_MARK}[9] ") + 10


def test_linked_items_fill_their_room_exactly_and_are_cut_after_the_last_whole_item() -> None:
    items = ["alpha", "beta", "gamma"]  # "alpha; beta; gamma": 18 characters
    assert linked_line("1", items, room=18) == f"{LIST_MARK}[1] alpha; beta; gamma"
    assert linked_line("1", items, room=17) == f"{LIST_MARK}[1] alpha; beta"
    assert linked_line("1", items, room=11) == f"{LIST_MARK}[1] alpha; beta"
    assert linked_line("1", items, room=10) == f"{LIST_MARK}[1] alpha"
    assert linked_line("1", ["alphabet"], room=5) == f"{LIST_MARK}[1] alpha"


FIELDS = Vocabulary.from_mapping(
    {
        "scope_terms": {
            "organization": {
                "commercial": ["company"],
                "public-agency": ["state agency"],
                "financial-institution": ["bank"],
            }
        }
    }
)


def test_a_sentence_after_a_listed_exclusion_is_read_on_its_own() -> None:
    text = f"This part does not apply to: a bank; a state agency.\n{APPLIES}"
    found = _source_scope_uncached(text, vocabulary=FIELDS)
    assert found.excludes["organization"] == {"financial-institution", "public-agency"}
    assert found.includes["organization"] == {"commercial"}


def test_only_a_list_after_the_cue_makes_a_sentence_one_clause() -> None:
    # The colon and ";" before the cue are a list of what the part covers; the clause after
    # the exclusion ("a bank may opt in") is not left out.
    text = (
        "This part applies to: a company; it does not apply to a state agency; a bank may opt in."
    )
    found = _source_scope_uncached(text, vocabulary=FIELDS)
    assert found.excludes["organization"] == {"public-agency"}
    assert found.includes["organization"] == {"commercial", "financial-institution"}


def test_initials_of_exactly_three_letters_and_the_category_of_one_of_two_entries() -> None:
    assert _named_by_initials(frozenset({"fca"}), 'data under the "Fair Credit Act"') == (
        "Fair Credit Act"
    )
    two = 'what section 9 excludes: A bank; Health data collected, or kept, under the "Fair Credit Act"'
    assert _named_by_initials(frozenset({"fca"}), two) == "Health data collected"

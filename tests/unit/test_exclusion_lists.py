"""A statement that leaves out the cases a list names is carried with the list's items, and each
item is a category a question can name (docs/design.md#applicability). Written for a blind batch
of development questions (docs/evaluation.md, "A blind batch of refusal questions"): "This section
does not apply to the following:" with one case per line excluded nothing before."""

from __future__ import annotations

import pytest

from citenexus.domain.applicability import (
    REASON_STATEMENT,
    QuestionScope,
    _excluded_items_uncached,
    source_scope,
)
from citenexus.domain.carried import LIST_MARK, retrieval_scope, with_list_items
from citenexus.domain.model import Unit
from citenexus.domain.question import read_question
from citenexus.domain.vocabulary import EMPTY, Vocabulary, active
from citenexus.ingest.scope import MAX_LIST_STATEMENT_CHARS, listed_after
from citenexus.ingest.segment import embedding_text, segment

HEAD = "This section does not apply to the following:"
SECTION = (
    "Section 9. Ending a tenancy\n\n"
    "(a) The owner shall give written notice at least 60 days before the tenancy ends.\n\n"
    f"(b) {HEAD}\n"
    "(1) Transient and tourist hotel occupancy.\n"
    "(2) Housing in a nonprofit hospital, a licensed care facility, or an adult residential\n"
    "facility.\n"
    "(3) A single-family home that is not owned by a corporation or a trust, where the tenant\n"
    "was told of the exemption.\n"
    "(4) Housing that received a certificate of occupancy within the previous 15 years. This\n"
    "exemption is measured from the date of the notice.\n\n"
    "(c) A local ordinance that gives tenants more protection remains in effect.\n"
)
ITEMS = (
    "Transient and tourist hotel occupancy; Housing in a nonprofit hospital, a licensed care "
    "facility, or an adult residential facility; A single-family home that is not owned by a "
    "corporation or a trust, where the tenant was told of the exemption; Housing that received "
    "a certificate of occupancy within the previous 15 years"
)


def test_every_unit_of_the_section_carries_the_statement_and_its_items_on_a_line_of_their_own() -> (
    None
):
    pieces = segment(SECTION, target_chars=200, overlap_chars=20)
    assert len(pieces) > 1
    assert {p.scope for p in pieces} == {f"{HEAD}\n{LIST_MARK}{ITEMS}"}


def test_retrieval_reads_the_statement_without_its_items() -> None:
    (piece, *_) = segment(SECTION, target_chars=200, overlap_chars=20)
    assert retrieval_scope(piece.scope) == HEAD
    assert "hotel" not in embedding_text(piece).split("\n(a)")[0]
    assert with_list_items(piece.scope) == f"{HEAD} {ITEMS}"


def test_the_list_ends_at_the_next_subdivision_and_an_item_s_comment_is_dropped() -> None:
    start = SECTION.index(HEAD) + len(HEAD)
    items = listed_after(SECTION, start, len(SECTION))
    assert (
        items[-1] == "Housing that received a certificate of occupancy within the previous 15 years"
    )
    assert len(items) == 4


@pytest.mark.parametrize(
    "text",
    [
        # A definition's list says nothing of where a rule stops.
        'Section 1. Terms\n\n(a) For purposes of this section, "cause" means either of the following:\n(1) Failure to pay rent.\n(2) Waste.\n',
        # An inclusion's list neither.
        "Section 1. Reach\n\n(a) This section applies to the following:\n(1) Apartments.\n(2) Houses.\n",
    ],
)
def test_only_a_statement_that_leaves_things_out_carries_its_list(text: str) -> None:
    assert all(LIST_MARK not in p.scope for p in segment(text))


def test_an_unlabelled_line_after_a_blank_one_ends_the_list() -> None:
    text = f"Section 1. X\n\n{HEAD}\n(1) Hotels.\n\nA tenant may repair the unit.\n"
    assert listed_after(text, text.index(HEAD) + len(HEAD), len(text)) == ["Hotels"]


def test_a_long_list_is_cut_at_an_item_under_the_cap() -> None:
    many = "".join(
        f"({n}) Housing of kind number {n} in a long list of cases.\n" for n in range(1, 80)
    )
    text = f"Section 1. X\n\n(a) {HEAD}\n{many}"
    (scope,) = {p.scope for p in segment(text)}
    head, items = scope.split(f"\n{LIST_MARK}")
    assert head == HEAD
    assert len(head) + len(items) <= MAX_LIST_STATEMENT_CHARS
    assert items.endswith("in a long list of cases")


def unit_under_the_list() -> Unit:
    return Unit(
        "section-9", 1, "The owner shall give 60 days' notice.", scope=f"{HEAD}\n{LIST_MARK}{ITEMS}"
    )


@pytest.mark.parametrize(
    ("question", "category"),
    [
        (
            "I live in a licensed residential care facility. How much notice is due?",
            "licensed care facility",
        ),
        (
            "I rent a room in an adult residential facility. How much notice is due?",
            "adult residential facility",
        ),
        (
            "I stay in a nonprofit hospital's housing. How much notice?",
            "Housing in a nonprofit hospital",
        ),
        (
            "My building received its certificate of occupancy last year. How much notice?",
            "Housing that received a certificate of occupancy within the previous 15 years",
        ),
    ],
)
def test_a_question_naming_a_listed_case_excludes_the_rule_quoting_the_item(
    question: str, category: str
) -> None:
    reason = QuestionScope.parse(question).exclusion_reason(unit_under_the_list())
    assert reason == REASON_STATEMENT.format(asked=category, statement=f"{HEAD} \u2026 {category}")


@pytest.mark.parametrize(
    "question",
    [
        # The listed home is one "not owned by a corporation": a corporation's is left in.
        "I rent a single-family home owned by a corporation. How much notice is due?",
        # Two words of an item far apart in the question name nothing.
        "The hospital said the housing office sends notices. How much notice is due?",
        # The list's topic alone ("housing", in two entries) names no case.
        "How much notice is due before my housing ends?",
        "How much notice does a tenant get?",
    ],
)
def test_a_question_naming_no_listed_case_keeps_the_rule(question: str) -> None:
    assert QuestionScope.parse(question).exclusion_reason(unit_under_the_list()) is None


def items(tail: str) -> list[str]:
    return [written for _, written in _excluded_items_uncached(tail)]


def test_an_entry_names_its_category_then_each_piece_opening_with_a_determiner() -> None:
    tail = (
        "The state, a state agency or department, or any other governmental entity; Data "
        "maintained for employment records, to the extent the data is collected and used within "
        "that role; Personal data maintained by a consumer reporting agency"
    )
    assert items(tail) == [
        "state agency or department",
        "other governmental entity",
        "Data maintained for employment records",
        "Personal data maintained by a consumer reporting agency",
    ]


def test_a_word_in_two_entries_is_the_list_s_topic_and_names_nothing() -> None:
    read = dict(
        (written, words)
        for words, written in _excluded_items_uncached(
            "Data maintained for employment records; Personal data maintained by a consumer "
            "reporting agency"
        )
    )
    assert read["Data maintained for employment records"] == ("employment", "record")
    assert read["Personal data maintained by a consumer reporting agency"][:3] == (
        "personal",
        "consumer",
        "report",
    )


def test_an_inline_list_repeating_to_reads_each_entry() -> None:
    tail = "a bank; to a nonprofit organization; or to data processed in the course of employment"
    assert items(tail) == [
        "bank",
        "nonprofit organization",
        "data processed in the course of employment",
    ]


def test_a_qualifying_or_denying_piece_names_nothing() -> None:
    tail = (
        "Hotels; A single-family home that is not owned by a corporation; a duplex unit, where "
        "the owner lives in it; housing, if the owner shares the kitchen"
    )
    assert items(tail) == ["Hotels", "duplex unit"]


def test_one_statement_without_entries_reads_every_piece_as_before() -> None:
    # "employees or contractors" names two categories, each one word.
    assert items("employees or contractors of a business") == [
        "employees",
        "contractors of a business",
    ]


def test_source_scope_reads_the_items_with_their_statement() -> None:
    (exclusion,) = source_scope("", f"{HEAD}\n{LIST_MARK}{ITEMS}").exclusions
    tail, statement = exclusion
    assert statement == f"{HEAD} {ITEMS}"
    assert "licensed care facility" in tail


# Boundaries of the readers above (mutation testing: every mutant of them changes one of these).


def test_a_reason_quotes_a_statement_of_up_to_300_characters_whole() -> None:
    from citenexus.domain.applicability import SHOWN_STATEMENT_CHARS, _quoted

    exact = "x" * SHOWN_STATEMENT_CHARS
    assert _quoted(exact, "hotels") == exact
    longer = "Note: this section does not apply to the following: " + "hotels; " * 40
    assert _quoted(longer, "hotels") == "Note: \u2026 hotels"  # to the first colon
    no_colon = "y" * (SHOWN_STATEMENT_CHARS + 5)
    assert _quoted(no_colon, "hotels") == "y" * SHOWN_STATEMENT_CHARS + " \u2026 hotels"


@pytest.mark.parametrize(
    ("piece", "written"),
    [
        ("the following: Note: Hotels.", "Hotels"),
        ("(2) a motel,", "motel"),
        ("Form X.", "Form X"),
        ("  an   adult  facility ;", "adult facility"),
    ],
)
def test_a_piece_is_quoted_after_its_last_colon_without_label_or_closing_marks(
    piece: str, written: str
) -> None:
    from citenexus.domain.applicability import _written

    assert _written(piece) == written


@pytest.mark.parametrize(
    ("tail", "named"),
    [
        # An empty piece is passed over, not the end of its entry.
        ("Hotels for guests, , a motel unit; Barns and sheds", "motel unit"),
        # A determiner is one in capitals too.
        ("Housing in a hospital, An adult facility; Barns and sheds", "adult facility"),
        # A piece that continues its entry is passed over; the next may still name a category.
        (
            "Housing in a hospital, used for care, a licensed facility; Barns and sheds",
            "licensed facility",
        ),
        # So is a piece that denies.
        (
            "Hotels for guests, a home not owned by a corporation, a duplex building; Barns",
            "duplex building",
        ),
    ],
)
def test_each_piece_of_an_entry_is_read_whatever_came_before_it(tail: str, named: str) -> None:
    assert named in items(tail)


# An item bounded in time, and a list under a heading that names the section.


def bounded_unit() -> Unit:
    return Unit(
        "rent-cap",
        0,
        "An owner shall not raise the rent by more than 10 percent a year.",
        scope=(
            "This section does not apply to any of the following:\n"
            f"{LIST_MARK}Housing restricted by deed; Housing that received a certificate of "
            "occupancy within the previous 15 years; Dormitories owned by a college"
        ),
    )


@pytest.mark.parametrize(
    ("question", "excluded"),
    [
        # The building the asker describes is outside the bound: the item is not its case,
        # whatever period the asking sentence names.
        (
            "My building received its certificate of occupancy 20 years ago. By what percentage "
            "may the rent go up over 12 months?",
            False,
        ),
        (
            "My building received its certificate of occupancy 5 years ago. How much may the rent go up?",
            True,
        ),
        (
            "My building received its certificate of occupancy 60 days ago. How much may the rent go up?",
            True,
        ),
        # Stating no period, the question names the item as before.
        (
            "My building received its certificate of occupancy recently. How much may the rent go up?",
            True,
        ),
        # One sentence: its own periods are the asker's.
        (
            "How much may the rent go up in a building that received its certificate of occupancy 16 years ago?",
            False,
        ),
    ],
)
def test_an_item_bounded_in_time_does_not_name_a_case_the_question_puts_outside_it(
    question: str, excluded: bool
) -> None:
    reason = QuestionScope.parse(question).exclusion_reason(bounded_unit())
    assert (reason is not None) is excluded, reason


def test_an_at_least_bound_is_read_too() -> None:
    from citenexus.domain.applicability import _outside_bounds

    written = "a tenancy of more than 30 days"
    assert _outside_bounds(written, (0.5,))  # 15 days: not more than 30
    assert not _outside_bounds(written, (2.0,))  # two months
    assert not _outside_bounds(written, ())
    assert not _outside_bounds("a tenancy of 30 days", (0.5,))  # a period, no bound
    assert _outside_bounds("a stay of at most 72 hours", (1.0,))  # hours are months too
    assert not _outside_bounds("a stay of at most 72 hours", (0.05,))
    assert not _outside_bounds("a fee of at most $30", (1.0,))  # no period


def test_the_periods_stated_are_months() -> None:
    from citenexus.domain.applicability import months_stated
    from citenexus.text.quantities import extract_quantities

    read = months_stated(extract_quantities("2 years, 61 days, 48 hours, $40 and 5 percent"))
    assert read == pytest.approx((24.0, 61 / 30.4, 2 / 30.4))


def test_this_section_under_a_heading_that_names_the_section_reaches_all_of_it() -> None:
    text = (
        "# Civil Code — Section 1947.12\n\n"
        "## Limits\n\n(a) An owner shall not raise the rent by more than 10 percent.\n\n"
        "## Exemptions\n\n(f) This section does not apply to any of the following:\n"
        "1. Dormitories owned by a college.\n2. Housing restricted by deed.\n"
    )
    rule = next(p for p in segment(text) if "10 percent" in p.text)
    assert rule.scope == (
        "This section does not apply to any of the following:\n"
        f"{LIST_MARK}Dormitories owned by a college; Housing restricted by deed"
    )


def test_this_section_under_a_heading_naming_no_section_reaches_its_own_heading() -> None:
    text = (
        "# Rent rules\n\n## Limits\n\n(a) An owner shall not raise the rent by more than 10 percent.\n\n"
        "## Exemptions\n\n(f) This section does not apply to any of the following:\n"
        "1. Dormitories owned by a college.\n"
    )
    rule = next(p for p in segment(text) if "10 percent" in p.text)
    assert rule.scope == ""


def test_a_bound_is_read_at_its_edge_and_past_other_values() -> None:
    from citenexus.domain.applicability import _outside_bounds, months_stated
    from citenexus.text.quantities import extract_quantities

    fifteen_years = months_stated(extract_quantities("15 years"))
    thirty_days = months_stated(extract_quantities("30 days"))
    # At the edge a period is within "within the previous 15 years", and not "more than 30 days".
    assert not _outside_bounds("built within the previous 15 years", fifteen_years)
    assert _outside_bounds("a tenancy of more than 30 days", thirty_days)
    # A value that is no period does not end the reading of the item.
    assert _outside_bounds("a fee of $30 for a stay of at most 72 hours", (1.0,))


# A series of bare nouns sharing the words that close it (docs/design.md#applicability).

ROLES = (
    "The state, or a state agency; Data maintained for employment records, or the personal data "
    "of an individual acting as a job applicant or as an employee, owner, director, officer, or "
    "contractor of a business, to the extent the data is collected and used within that role; "
    "Personal data maintained by a consumer reporting agency"
)


def test_each_member_of_a_series_of_bare_nouns_names_a_category_with_the_closing_words() -> None:
    assert items(ROLES) == [
        "state agency",
        "Data maintained for employment records",
        "personal data of an individual acting as a job applicant or as an employee",
        "owner of a business",
        "director of a business",
        "officer of a business",
        "contractor of a business",
        "Personal data maintained by a consumer reporting agency",
    ]


@pytest.mark.parametrize(
    ("tail", "expected"),
    [
        # A series without closing words: each bare noun is its category.
        ("Hotels, motels, or inns; a bank", ["Hotels", "motels", "inns", "bank"]),
        # A closing piece with a determiner is read as before, not as closing a series: one
        # word set off in a longer entry is too general alone.
        ("Hotels, motels, or any inn; a bank", ["bank"]),
        # A closing piece that qualifies or denies names nothing, nor do the pieces before it.
        ("a bank, shops, or where the owner lives; a credit union", ["credit union"]),
        ("a bank, shops, or not a hotel; a credit union", ["credit union"]),
        # ... and a later series of the same entry is read all the same.
        ("a bank, shops, or not a hotel, inns, or motels; a union", ["inns", "motels", "union"]),
        # Nothing bare before the closing piece: no series ("or used within that role").
        (
            "a bank account held in trust, or used within that role; a credit union",
            ["bank account held in trust", "credit union"],
        ),
        # A member opening with a determiner is not bare.
        ("a bank, the shop, or inns; a credit union", ["credit union"]),
        # A last member of two words without a preposition shares nothing with the others.
        (
            "a bank; employees, agents, or independent contractors; a union",
            ["bank", "employees", "agents", "independent contractors", "union"],
        ),
        # What a person or thing "is" names its category, not the head before it.
        (
            "a bank; a foreign national who is a consular official; a union",
            ["bank", "consular official", "union"],
        ),
        # ... what it first "is": a later "that is a" qualifies that.
        (
            "a bank; a person who is a member of a club that is a charity; a union",
            ["bank", "member of a club that is a charity", "union"],
        ),
        # A member of three words is not bare either.
        ("a bank, large retail shops, or inns; a credit union", ["credit union"]),
    ],
)
def test_what_a_series_is_and_is_not(tail: str, expected: list[str]) -> None:
    assert items(tail) == expected


def roles_unit() -> Unit:
    return Unit(
        "section-6",
        1,
        "A consumer may ask a controller to delete data.",
        scope=f"This part does not apply to:\n{LIST_MARK}{ROLES}",
    )


def test_a_question_naming_a_member_of_the_series_excludes_the_rule() -> None:
    question = "I work as a contractor for a business. Can I make it delete my data?"
    reason = QuestionScope.parse(question).exclusion_reason(roles_unit())
    assert reason is not None and "contractor of a business" in reason
    # The closing words are part of the category: a contractor of no business named is not it.
    assert (
        QuestionScope.parse("Can a contractor delete my data?").exclusion_reason(roles_unit())
        is None
    )


# The lane's terms of art for the question's lay words name excluded categories too.

BUREAU = Vocabulary.from_mapping({"synonyms": {"credit bureau": "consumer reporting agency"}})
CREDIT = "Can a credit bureau keep my file after I ask for it to be deleted?"


def test_the_question_s_scope_words_hold_the_terms_of_art_for_its_lay_words() -> None:
    words = read_question(CREDIT, BUREAU).scope_words
    assert {"consumer report", "report agency", "credit bureau"} <= words
    # Each term is read alone: no two words run across the seam with the question.
    assert not any(w.startswith("delet ") or w.endswith(" consumer") for w in words)
    assert "consumer report" not in read_question(CREDIT, EMPTY).scope_words


def test_a_lay_name_for_an_excluded_category_excludes_the_rule() -> None:
    with active(BUREAU):
        reason = QuestionScope.parse(CREDIT, "", BUREAU).exclusion_reason(roles_unit())
    assert reason is not None and "consumer reporting agency" in reason
    assert QuestionScope.parse(CREDIT).exclusion_reason(roles_unit()) is None

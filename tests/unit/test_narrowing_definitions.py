"""Definitions that leave cases out of a term, and the sources scoped by that term
(docs/design.md#applicability): reading them from a document, choosing the ones that speak for
the lane's law, and leaving a source out for a case its scope term's definition does not
include."""

from __future__ import annotations

import pytest

from citenexus.domain.applicability import REASON_DEFINED, QuestionScope
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.definitions import governing_definitions, narrowed_value
from citenexus.domain.model import Unit
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.ingest.definitions import MAX_EXCLUSION_CHARS, narrowing_definitions

MEMBER = (
    '(1) "Member" means an individual who joins the club for personal use. The term does not '
    "include an individual acting as an employee, volunteer, or contractor of the club.\n"
)
LEFT_OUT = "an individual acting as an employee, volunteer, or contractor of the club"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (MEMBER, {"member": LEFT_OUT}),
        # "It" and "They" stand for the term; so do "Such term" and the term itself.
        ('"Fee" means a charge. It does not include a tax.', {"fee": "a tax"}),
        ('"Fees" means charges. They do not include taxes.', {"fees": "taxes"}),
        ('"Fee" means a charge. Such term excludes a tax.', {"fee": "a tax"}),
        ('"Fee" means a charge. "Fee" does not include a tax.', {"fee": "a tax"}),
        ('"Fee" means a charge. "Fee" excludes a tax.', {"fee": "a tax"}),
        # In the defining sentence, anywhere after the cue.
        ('"Fee" means a charge, but does not include a tax.', {"fee": "a tax"}),
        ('For purposes of this part, "fee" does not include a tax;', {"fee": "a tax"}),
        ("\u201cFee\u201d means a charge. The term does not include a tax.", {"fee": "a tax"}),
        # A term of two words; a term and what it leaves out that open or end with an "X".
        ('"Club member" means a member. It does not include a guest.', {"club member": "a guest"}),
        ('"X-ray" means an image. "X-ray" does not include a scan.', {"x-ray": "a scan"}),
        ('"Fee" means a charge. It does not include Form X.', {"fee": "Form X"}),
        # A paragraph without a definition before the one with it.
        (f"Section 2. Definitions.\n\n{MEMBER}", {"member": LEFT_OUT}),
        # "shall not include"; single quotation marks, straight or curly; an apostrophe is none.
        ('"Fee" means a charge. The term shall not include a tax.', {"fee": "a tax"}),
        ("(2) \u2018fee\u2019 means a charge; it does not include a tax.", {"fee": "a tax"}),
        ("The club's 'fee' means a charge. It does not include a tax.", {"fee": "a tax"}),
        # Lines labelled "1.1", "2." are paragraphs of their own, each definition read.
        ('1.1 "Fee" means a charge.\n1.2 "Fee" does not include a tax.', {"fee": "a tax"}),
        (
            '1. "Club" means a gym.\n2. "Fee" means a charge, but does not include a tax.',
            {"fee": "a tax"},
        ),
        ('2) "Fee" means a charge.\n3) "Fee" does not include a tax.', {"fee": "a tax"}),
        # A hard-wrapped line that opens with a number goes on with its paragraph.
        (
            '"Member" means a payer. It does not include a person under\n18 years of age.',
            {"member": "a person under 18 years of age"},
        ),
        # A definition runs to the next: its "It" is the later term's.
        (
            '"Fee" means a charge. "Club" means a gym. It does not include a pool.',
            {"club": "a pool"},
        ),
        # "A person is not a <term> if he or she is ...".
        (
            '"Member" means a payer. A person is not a Member if he or she is a guest.',
            {"member": "a guest"},
        ),
        ('"Member" means a payer. A person is not a Member when he or she is a guest.', {}),
        # A later sentence about something else leaves nothing out of the term.
        ('"Fee" means a charge. A club does not include a tax in it.', {}),
        # Nor does a sentence of the next paragraph or labelled line.
        ('"Fee" means a charge.\n\nThe term does not include a tax.', {}),
        ('"Fee" means a charge.\n(2) It does not include a tax.', {}),
        # A definition that leaves nothing out is not kept.
        ('"Fee" means a charge. "Club" means a fitness club.', {}),
        # A quotation that defines nothing.
        ('The sign said "Members only" and does not include a tax.', {}),
    ],
)
def test_what_a_definition_leaves_out_is_read_from_its_paragraph(
    text: str, expected: dict[str, str]
) -> None:
    assert narrowing_definitions(text) == expected


def test_a_list_of_cases_a_definition_leaves_out_is_read_entry_by_entry() -> None:
    left_out = (
        "any of the following: (a) candidates invited for interviews; (b) independent "
        "consultants, whose travel is governed by their letters; or (c) guests of employees"
    )
    vocabulary = SCOPED.with_definitions({"member": left_out})
    found = reason(
        "I am one of the independent consultants. May I claim meals?", member_unit(), vocabulary
    )
    assert found is not None and "concerns independent consultants;" in found
    # The list's topic, a word in two entries ("employees", "guests"...), names nothing alone.
    assert reason("Which candidates may claim meals?", member_unit(), vocabulary) is None


def test_a_term_left_out_differently_twice_in_one_document_is_not_read() -> None:
    twice = (
        '"Fee" means a charge. It does not include a tax.\n\n"Fee" means x, but excludes a toll.'
    )
    assert narrowing_definitions(twice) == {}
    same = '"Fee" means a charge. It does not include a tax.\n\n"Fee" excludes a tax.'
    assert narrowing_definitions(same) == {"fee": "a tax"}


def test_what_is_left_out_is_cut_at_its_cap_and_the_term_at_sixty_characters() -> None:
    long = '"Fee" means a charge. It does not include ' + "a tax, " * 200 + "a toll."
    assert len(narrowing_definitions(long)["fee"]) == MAX_EXCLUSION_CHARS
    term = "t" * 60
    assert narrowing_definitions(f'"{term}" does not include a tax.') == {term: "a tax"}
    assert narrowing_definitions(f'"{term}x" does not include a tax.') == {}


POLICY = AuthorityPolicy.ordered(["blog", "guidance", "statute"], minimum_tier="guidance")


def test_only_definitions_of_the_lane_s_law_narrow_a_term() -> None:
    statute = {"authority_tier": "statute"}
    documents = [
        ({**statute, "jurisdiction": "Texas"}, {"fee": "a tax"}),  # another state's law
        ({"authority_tier": "blog", "jurisdiction": "CO"}, {"guest": "a child"}),  # below the floor
        ({**statute, "jurisdiction": "CO"}, {"member": "a contractor"}),
        (statute, {"club": "a gym"}),  # no jurisdiction of its own: the lane's
    ]
    assert governing_definitions(documents, POLICY, "Colorado", Vocabulary()) == {
        "member": "a contractor",
        "club": "a gym",
    }


def test_the_lane_s_own_names_for_its_jurisdiction_are_read() -> None:
    named = Vocabulary.from_mapping({"jurisdictions": {"NW": ["northwind"]}})
    documents = [({"authority_tier": "statute", "jurisdiction": "NW"}, {"member": "a contractor"})]
    assert governing_definitions(documents, POLICY, "Northwind", named) == {
        "member": "a contractor"
    }
    assert governing_definitions(documents, POLICY, "Northwind", Vocabulary()) == {}


def test_a_term_two_sources_of_the_lane_define_differently_is_not_narrowed() -> None:
    statute = {"authority_tier": "statute"}
    documents = [
        (statute, {"member": "a contractor", "club": "a gym"}),
        ({"authority_tier": "guidance"}, {"member": "a volunteer", "club": "a gym"}),
    ]
    assert governing_definitions(documents, POLICY, "CO", Vocabulary()) == {"club": "a gym"}


def test_a_lane_without_a_jurisdiction_reads_the_sources_that_name_none() -> None:
    documents = [
        ({"authority_tier": "statute"}, {"member": "a contractor"}),
        ({"authority_tier": "statute", "jurisdiction": "CO"}, {"club": "a gym"}),
    ]
    assert governing_definitions(documents, POLICY, "", Vocabulary()) == {"member": "a contractor"}


SCOPED = Vocabulary.from_mapping(
    {
        "scope_terms": {
            "place": {"indoor": ["gym"], "outdoor": ["field"]},
            "person": {"member": ["member", "club member"], "worker": ["worker", "staff"]},
        },
        "synonyms": {"gym": "club"},
    }
)
NARROWED = SCOPED.with_definitions({"member": LEFT_OUT, "club member list": "a guest"})
CONTRACTOR = "I work as a contractor of the club. How soon must it delete my records?"


def member_unit(scope: str = "member", statement: str = "") -> Unit:
    return Unit(
        "rule-5",
        1,
        "A club shall delete a member's records within 30 days.",
        scope=statement,
        authority_meta={"scope": scope},
    )


def reason(question: str, unit: Unit, vocabulary: Vocabulary = NARROWED) -> str | None:
    with active(vocabulary):
        return QuestionScope.parse(question, "", vocabulary).exclusion_reason(unit)


def test_a_source_scoped_by_a_narrowed_term_is_left_out_for_a_case_it_leaves_out() -> None:
    assert reason(CONTRACTOR, member_unit()) == REASON_DEFINED.format(
        asked="contractor of the club", source="member", term="member", statement=LEFT_OUT
    )
    # Each member of the series, with the words that close it.
    assert reason("As a volunteer of the club, may I see my records?", member_unit())
    # A dimension the question names a value of is read as before; the next is still read.
    assert reason("On the field, as a contractor of the club, may I see it?", member_unit())


def test_a_source_whose_every_value_is_narrowed_names_them_all() -> None:
    both = SCOPED.with_definitions({"member": LEFT_OUT, "worker": "a contractor of the club"})
    found = reason(CONTRACTOR, member_unit("member;worker"), both)
    assert found == REASON_DEFINED.format(
        asked="contractor of the club",
        source="member and worker",
        term="member",
        statement=LEFT_OUT,
    )


def test_a_long_definition_is_quoted_to_the_case_the_question_names() -> None:
    long = "an individual acting " + "in some capacity, " * 20 + "or a house guest"
    assert len(long) > 300
    found = reason("House guests?", member_unit(), SCOPED.with_definitions({"member": long}))
    assert found is not None and found.endswith("\u2026 house guest\u201d")


def test_a_case_of_one_word_is_named_by_that_word_alone() -> None:
    vocabulary = SCOPED.with_definitions({"member": "a guest"})
    assert reason("Guest?", member_unit(), vocabulary)  # the question is that word
    assert reason("May a guest see the records?", member_unit(), vocabulary)


@pytest.mark.parametrize(
    "question",
    [
        # One word of a two-word case, without the words that close the series: not the case.
        "I hired a contractor. How soon must my records be deleted?",
        "How soon must a club delete my records?",
        # The question names a value of the dimension: the scope values are read as before.
        "As a club member and a contractor of the club, how soon must it delete my records?",
    ],
)
def test_a_question_naming_no_left_out_case_or_a_value_keeps_the_source(question: str) -> None:
    assert reason(question, member_unit()) is None


def test_a_source_that_also_covers_a_term_not_narrowed_still_applies() -> None:
    assert reason(CONTRACTOR, member_unit("member;worker")) is None
    assert reason(CONTRACTOR, member_unit("indoor")) is None  # no value of the person dimension


def test_without_definitions_or_with_a_longer_term_nothing_is_left_out() -> None:
    assert reason(CONTRACTOR, member_unit(), SCOPED) is None
    # "club member list" is a longer term than any phrase of the value: not its definition.
    only_longer = SCOPED.with_definitions({"club member list": LEFT_OUT})
    assert reason(CONTRACTOR, member_unit(), only_longer) is None


def test_a_source_s_own_exclusion_statement_is_named_before_the_definition() -> None:
    statement = "This section does not apply to a contractor of the club."
    found = reason(CONTRACTOR, member_unit(statement=statement))
    assert found is not None and statement in found


def test_definitions_are_derived_not_configuration() -> None:
    assert NARROWED.to_mapping() == SCOPED.to_mapping()
    assert NARROWED != SCOPED and hash(NARROWED) != hash(SCOPED)
    assert NARROWED.definitions == (("club member list", "a guest"), ("member", LEFT_OUT))
    assert Vocabulary.from_mapping(NARROWED.to_mapping()).definitions == ()


def test_the_value_a_definition_narrows_is_the_one_its_whole_term_names() -> None:
    assert narrowed_value("member", SCOPED) == "member"
    assert narrowed_value("club member", SCOPED) == "member"  # a phrase of the value
    assert narrowed_value("staff", SCOPED) == "worker"
    assert narrowed_value("field", SCOPED) == "outdoor"  # in the first dimension's values
    assert narrowed_value("club member list", SCOPED) is None
    assert narrowed_value("member", Vocabulary()) is None

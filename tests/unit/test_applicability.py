"""Applicability: jurisdiction and scope conflicts exclude a source; absence never does."""

from __future__ import annotations

import pytest

from citenexus.domain.applicability import (
    REASON_EXCLUDED,
    REASON_JURISDICTION,
    REASON_SCOPE,
    QuestionScope,
    jurisdictions_named,
    normalise_jurisdiction,
    source_scope,
)
from citenexus.domain.model import Unit


def unit(meta: dict[str, str] | None = None, scope: str = "") -> Unit:
    return Unit("doc", 0, "text", scope=scope, authority_meta=meta or {})


@pytest.mark.parametrize(
    ("question", "codes"),
    [
        ("What notice is due in Texas?", {"TX"}),
        ("What notice is due in TX?", {"TX"}),
        ("Compare California and New York rules", {"CA", "NY"}),
        ("Under Cal. law, what applies?", {"CA"}),
        ("What notice is due IN writing?", set()),
        ("What notice is due?", set()),
    ],
)
def test_questions_name_states_by_name_reporter_abbreviation_or_code(
    question: str, codes: set[str]
) -> None:
    assert jurisdictions_named(question) == codes


def test_jurisdictions_normalise_to_codes() -> None:
    assert normalise_jurisdiction("California") == "CA"
    assert normalise_jurisdiction(" ca ") == "CA"
    assert normalise_jurisdiction("Fla.") == "FL"
    assert normalise_jurisdiction("Ontario") == "ontario"


def test_a_source_of_another_state_does_not_apply() -> None:
    reason = QuestionScope.parse("What notice is due in Texas?").exclusion_reason(
        unit({"jurisdiction": "FL"})
    )
    assert reason == REASON_JURISDICTION.format(asked="TX", source="FL")


def test_a_source_of_the_named_state_applies_whatever_its_spelling() -> None:
    scope = QuestionScope.parse("What notice is due in Texas?")
    assert scope.exclusion_reason(unit({"jurisdiction": "Texas"})) is None
    assert scope.exclusion_reason(unit({"jurisdiction": "tx"})) is None


def test_a_question_naming_no_state_asks_about_the_lanes() -> None:
    scope = QuestionScope.parse("What notice is due?", "CA")
    assert scope.exclusion_reason(unit({"jurisdiction": "FL"})) is not None
    assert scope.exclusion_reason(unit({"jurisdiction": "CA"})) is None


def test_without_any_jurisdiction_nothing_is_excluded_by_state() -> None:
    assert (
        QuestionScope.parse("What notice is due?").exclusion_reason(unit({"jurisdiction": "FL"}))
        is None
    )


def test_missing_metadata_never_excludes() -> None:
    assert (
        QuestionScope.parse("Five-year commercial lease in Texas?").exclusion_reason(unit()) is None
    )


def test_a_federal_source_applies_in_every_state() -> None:
    assert (
        QuestionScope.parse("Rules in Texas?").exclusion_reason(unit({"jurisdiction": "federal"}))
        is None
    )


def test_a_commercial_question_excludes_a_residential_source() -> None:
    reason = QuestionScope.parse("How long is a commercial lease?").exclusion_reason(
        unit({"scope": "residential"})
    )
    assert reason == REASON_SCOPE.format(asked="commercial", source="residential")


def test_a_fixed_term_question_excludes_a_source_scoped_to_periodic_tenancies() -> None:
    statement = "This section applies to a hiring of residential property for an unspecified term."
    reason = QuestionScope.parse("Notice to end a five-year lease?").exclusion_reason(
        unit(scope=statement)
    )
    assert reason == REASON_SCOPE.format(
        asked="a fixed or specified term", source="a periodic or unspecified term"
    )


@pytest.mark.parametrize(
    ("question", "fixed"),
    [
        ("How much can the landlord of my five-year commercial lease raise the rent?", True),
        ("My apartment lease is for a fixed one-year term.", True),
        ("Notice to end a two-year lease?", True),
        # How long someone has lived somewhere says nothing of the lease's term.
        ("I have lived here three years and my lease says nothing.", False),
    ],
)
def test_the_term_of_a_lease_is_read_from_the_question(question: str, fixed: bool) -> None:
    term = QuestionScope.parse(question).scope["term"]
    assert ("a fixed or specified term" in term) is fixed


def test_a_negated_description_in_a_scope_statement_is_an_exclusion() -> None:
    statement = (
        "This section applies to residential tenancies for a periodic term, which the parties "
        "did not create for a fixed or specified term."
    )
    found = source_scope(statement)
    assert found.includes["term"] == {"a periodic or unspecified term"}
    assert found.excludes["term"] == {"a fixed or specified term"}
    reason = QuestionScope.parse(
        "Notice to leave at the end of my fixed-term lease?"
    ).exclusion_reason(unit(scope=statement))
    assert reason == REASON_EXCLUDED.format(asked="a fixed or specified term")


def test_a_term_left_unspecified_is_not_read_as_an_exclusion() -> None:
    statement = (
        "This section applies to every hiring of real property for a term that the parties "
        "have not specified, such as a tenancy from month to month."
    )
    found = source_scope(statement)
    assert found.includes["term"] == {"a periodic or unspecified term"}
    assert found.excludes["term"] == frozenset()


def test_a_month_to_month_question_keeps_a_periodic_source() -> None:
    statement = "This section applies to a hiring of residential property for an unspecified term."
    assert (
        QuestionScope.parse("Notice to end a month-to-month tenancy?").exclusion_reason(
            unit(scope=statement)
        )
        is None
    )


def test_an_express_exclusion_excludes_and_is_not_read_as_inclusion() -> None:
    statement = "This chapter does not apply to commercial tenancies."
    assert (
        QuestionScope.parse("Residential deposit rules?").exclusion_reason(unit(scope=statement))
        is None
    )
    reason = QuestionScope.parse("Commercial deposit rules?").exclusion_reason(
        unit(scope=statement)
    )
    assert reason == REASON_EXCLUDED.format(asked="commercial")


def test_a_question_without_scope_terms_is_not_excluded_by_scope() -> None:
    assert (
        QuestionScope.parse("What notice is due?").exclusion_reason(unit({"scope": "commercial"}))
        is None
    )


def test_source_scope_reads_inclusions_and_exclusions_per_dimension() -> None:
    found = source_scope("Applies to residential dwellings; except fixed-term leases.")
    assert found.includes["use"] == {"residential"}
    assert found.excludes["term"] == {"a fixed or specified term"}

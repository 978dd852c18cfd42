"""Applicability: jurisdiction and scope conflicts exclude a source; absence never does."""

from __future__ import annotations

import pytest

from citenexus.domain.applicability import (
    REASON_EXCLUDED,
    REASON_JURISDICTION,
    REASON_SCOPE,
    REASON_STATEMENT,
    QuestionScope,
    jurisdictions_named,
    normalise_jurisdiction,
    source_scope,
)
from citenexus.domain.model import Unit
from citenexus.domain.vocabulary import Vocabulary
from tests.support.vocabularies import TENANCY


def parse(question: str, lane_jurisdiction: str = "") -> QuestionScope:
    return QuestionScope.parse(question, lane_jurisdiction, TENANCY)


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
    reason = parse("What notice is due in Texas?").exclusion_reason(unit({"jurisdiction": "FL"}))
    assert reason == REASON_JURISDICTION.format(asked="TX", source="FL")


def test_a_source_of_the_named_state_applies_whatever_its_spelling() -> None:
    scope = parse("What notice is due in Texas?")
    assert scope.exclusion_reason(unit({"jurisdiction": "Texas"})) is None
    assert scope.exclusion_reason(unit({"jurisdiction": "tx"})) is None


def test_a_question_naming_no_state_asks_about_the_lanes() -> None:
    scope = parse("What notice is due?", "CA")
    assert scope.exclusion_reason(unit({"jurisdiction": "FL"})) is not None
    assert scope.exclusion_reason(unit({"jurisdiction": "CA"})) is None


def test_without_any_jurisdiction_nothing_is_excluded_by_state() -> None:
    assert parse("What notice is due?").exclusion_reason(unit({"jurisdiction": "FL"})) is None


def test_missing_metadata_never_excludes() -> None:
    assert parse("Five-year commercial lease in Texas?").exclusion_reason(unit()) is None


def test_a_federal_source_applies_in_every_state() -> None:
    assert parse("Rules in Texas?").exclusion_reason(unit({"jurisdiction": "federal"})) is None


def test_a_commercial_question_excludes_a_residential_source() -> None:
    reason = parse("How long is a commercial lease?").exclusion_reason(
        unit({"scope": "residential"})
    )
    assert reason == REASON_SCOPE.format(asked="commercial", source="residential")


def test_a_fixed_term_question_excludes_a_source_scoped_to_periodic_tenancies() -> None:
    statement = "This section applies to a hiring of residential property for an unspecified term."
    reason = parse("Notice to end a five-year lease?").exclusion_reason(unit(scope=statement))
    assert reason == REASON_SCOPE.format(asked="fixed-term", source="periodic")


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
    term = parse(question).scope["term"]
    assert ("fixed-term" in term) is fixed


def test_a_negated_description_in_a_scope_statement_is_an_exclusion() -> None:
    statement = (
        "This section applies to residential tenancies for a periodic term, which the parties "
        "did not create for a fixed or specified term."
    )
    found = source_scope(statement, vocabulary=TENANCY)
    assert found.includes["term"] == {"periodic"}
    assert found.excludes["term"] == {"fixed-term"}
    reason = parse("Notice to leave at the end of my fixed-term lease?").exclusion_reason(
        unit(scope=statement)
    )
    assert reason == REASON_EXCLUDED.format(asked="fixed-term")


def test_a_term_left_unspecified_is_not_read_as_an_exclusion() -> None:
    statement = (
        "This section applies to every hiring of real property for a term that the parties "
        "have not specified, such as a tenancy from month to month."
    )
    found = source_scope(statement, vocabulary=TENANCY)
    assert found.includes["term"] == {"periodic"}
    assert found.excludes["term"] == frozenset()


def test_a_month_to_month_question_keeps_a_periodic_source() -> None:
    statement = "This section applies to a hiring of residential property for an unspecified term."
    assert (
        parse("Notice to end a month-to-month tenancy?").exclusion_reason(unit(scope=statement))
        is None
    )


def test_an_express_exclusion_excludes_and_is_not_read_as_inclusion() -> None:
    statement = "This chapter does not apply to commercial tenancies."
    assert parse("Residential deposit rules?").exclusion_reason(unit(scope=statement)) is None
    reason = parse("Commercial deposit rules?").exclusion_reason(unit(scope=statement))
    assert reason == REASON_EXCLUDED.format(asked="commercial")


def test_a_question_without_scope_terms_is_not_excluded_by_scope() -> None:
    assert parse("What notice is due?").exclusion_reason(unit({"scope": "commercial"})) is None


def test_source_scope_reads_inclusions_and_exclusions_per_dimension() -> None:
    found = source_scope(
        "Applies to residential dwellings; except fixed-term leases.", vocabulary=TENANCY
    )
    assert found.includes["use"] == {"residential"}
    assert found.excludes["term"] == {"fixed-term"}


def test_without_a_vocabulary_scope_words_never_exclude() -> None:
    question = QuestionScope.parse("How long is a commercial lease?")
    assert question.scope == {}
    assert question.exclusion_reason(unit({"scope": "residential"})) is None


EXCLUSION = (
    "This part does not apply to: (a) nonprofit organizations; (b) financial institutions "
    "subject to the federal banking privacy law; or (c) data about employees."
)


@pytest.mark.parametrize(
    ("question", "category"),
    [
        (
            "Does a nonprofit organization have to honor opt-out requests?",
            "nonprofit organizations",
        ),
        (
            "Must my bank, a financial institution, answer?",
            "financial institutions subject to the federal banking privacy law",
        ),
        ("Does it cover data about employees?", "data about employees"),
        ("How many days does a company have to answer a request?", None),
        ("Is a bank's data about its customers covered?", None),
    ],
)
def test_an_exclusion_statement_excludes_the_category_it_names_without_any_vocabulary(
    question: str, category: str | None
) -> None:
    reason = QuestionScope.parse(question, "CO").exclusion_reason(unit(scope=EXCLUSION))
    if category is None:
        assert reason is None
    else:
        assert reason == REASON_STATEMENT.format(asked=category, statement=EXCLUSION)


def test_a_cross_reference_is_no_exclusion() -> None:
    statement = "Except as provided in Section 12, this section applies to every notice."
    reason = QuestionScope.parse("When is a notice provided?").exclusion_reason(
        unit(scope=statement)
    )
    assert reason is None


def test_a_nationwide_source_applies_in_the_states_but_not_in_another_country() -> None:
    us_source = unit({"jurisdiction": "US"})
    assert QuestionScope.parse("Rules in Texas?").exclusion_reason(us_source) is None
    assert QuestionScope.parse("What applies?", "US").exclusion_reason(us_source) is None
    reason = QuestionScope.parse("What applies in the European Union?", "US").exclusion_reason(
        us_source
    )
    assert reason == REASON_JURISDICTION.format(asked="european union", source="US")


@pytest.mark.parametrize(
    ("question", "codes"),
    [
        ("What is the interval in Japan?", {"japan"}),
        ("What does the EU require?", {"european union"}),
        ("Is it the same in Europe?", {"european union"}),
        ("What does the United States require?", {"US"}),
        ("What is the rule in Canada?", {"canada"}),
    ],
)
def test_questions_name_countries(question: str, codes: set[str]) -> None:
    assert jurisdictions_named(question) == codes


def test_the_lane_vocabulary_names_jurisdictions_and_normalises_sources() -> None:
    vocabulary = Vocabulary.from_mapping(
        {"jurisdictions": {"CA-CAN": ["Canada", "Transport Canada"], "EU": ["EASA", "Europe"]}}
    )
    assert jurisdictions_named("What does Transport Canada require?", vocabulary) == {"CA-CAN"}
    assert jurisdictions_named("Under EASA rules?", vocabulary) == {"EU"}
    scope = QuestionScope.parse("What does EASA require?", "US", vocabulary)
    assert scope.exclusion_reason(unit({"jurisdiction": "EU"})) is None
    assert scope.exclusion_reason(unit({"jurisdiction": "US"})) is not None
    assert normalise_jurisdiction("canada", vocabulary) == "CA-CAN"


@pytest.mark.parametrize(
    ("question", "elsewhere"),
    [
        ("What notice is due in Texas?", True),
        ("What notice is due in California?", False),
        ("What notice is due?", False),
        ("Compare California and Texas notice.", False),
    ],
)
def test_a_question_naming_another_jurisdiction_than_the_lanes_asks_about_elsewhere(
    question: str, elsewhere: bool
) -> None:
    assert QuestionScope.parse(question, "CA").elsewhere is elsewhere
    assert QuestionScope.parse(question).elsewhere is False  # a lane without a jurisdiction
    # A state is no other place for a nationwide lane; another country is.
    assert QuestionScope.parse(question, "US").elsewhere is False
    assert QuestionScope.parse("What applies in Japan?", "US").elsewhere is True
    # Nor is the country another place for a state's lane: its federal law applies there too.
    assert QuestionScope.parse("Under federal law, what notice is due?", "CO").elsewhere is False
    assert QuestionScope.parse("What must a US website do?", "CA").elsewhere is False
    assert QuestionScope.parse("What notice is due in Ontario?", "CA").elsewhere is True
    assert QuestionScope.parse("Compare federal and Texas notice.", "CA").elsewhere is True


def test_a_reason_names_every_jurisdiction_asked_about() -> None:
    reason = parse("Compare California and Texas notice.").exclusion_reason(
        unit({"jurisdiction": "FL"})
    )
    assert reason == REASON_JURISDICTION.format(asked="CA, TX", source="FL")


def test_a_source_jurisdiction_is_read_in_the_lanes_own_names() -> None:
    vocabulary = Vocabulary.from_mapping({"jurisdictions": {"CA-CAN": ["Transport Canada"]}})
    scope = QuestionScope.parse("What does Transport Canada require?", "US", vocabulary)
    assert scope.exclusion_reason(unit({"jurisdiction": "Transport Canada"})) is None
    assert scope.exclusion_reason(unit({"jurisdiction": "FAA"})) is not None


USES = Vocabulary.from_mapping(
    {
        "scope_terms": {
            "use": {
                "residential": ["dwelling"],
                "commercial": ["office space"],
                "agricultural": ["farm"],
            },
            "term": {"fixed-term": ["fixed term"], "periodic": ["month-to-month"]},
        }
    }
)


def test_a_scope_reason_names_every_value_asked_and_every_value_the_source_names() -> None:
    asked_two = QuestionScope.parse("Rules for a residential or commercial lease?", "", USES)
    reason = asked_two.exclusion_reason(unit(scope="This applies to agricultural property."))
    assert reason == REASON_SCOPE.format(asked="commercial and residential", source="agricultural")
    asked_one = QuestionScope.parse("Rules for a residential lease?", "", USES)
    reason = asked_one.exclusion_reason(
        unit(scope="This applies to agricultural and commercial property.")
    )
    assert reason == REASON_SCOPE.format(asked="residential", source="agricultural and commercial")


def test_a_source_silent_on_one_asked_dimension_is_judged_on_the_others() -> None:
    scope = QuestionScope.parse("Ending a fixed term commercial lease?", "", USES)
    assert scope.scope["term"] and scope.scope["use"]
    assert scope.exclusion_reason(unit(scope="This applies to commercial property.")) is None
    assert scope.exclusion_reason(unit(scope="This applies to a fixed term.")) is None


def test_a_lane_jurisdiction_named_in_the_lanes_words_is_read_as_its_code() -> None:
    vocabulary = Vocabulary.from_mapping({"jurisdictions": {"CA-CAN": ["Transport Canada"]}})
    assert normalise_jurisdiction("ca-can", vocabulary) == "CA-CAN"
    scope = QuestionScope.parse("What is required?", "Transport Canada", vocabulary)
    reason = scope.exclusion_reason(unit({"jurisdiction": "FAA"}))
    assert reason == REASON_JURISDICTION.format(asked="CA-CAN", source="FAA")
    assert QuestionScope.parse("What is required?", "", vocabulary).jurisdictions == frozenset()


def test_an_excluded_category_of_one_short_word_is_named() -> None:
    statement = "This part does not apply to: (a) art; or (b) data about employees."
    reason = QuestionScope.parse("Does it cover art?", "CO").exclusion_reason(unit(scope=statement))
    assert reason == REASON_STATEMENT.format(asked="art", statement=statement)


def test_a_question_of_nothing_but_the_excluded_category_names_it() -> None:
    statement = "This part does not apply to: (a) art; or (b) data about employees."
    reason = QuestionScope.parse("Art?", "CO").exclusion_reason(unit(scope=statement))
    assert reason == REASON_STATEMENT.format(asked="art", statement=statement)
    reason = QuestionScope.parse("Financial institutions?", "CO").exclusion_reason(
        unit(scope=EXCLUSION)
    )
    assert reason == REASON_STATEMENT.format(
        asked="financial institutions subject to the federal banking privacy law",
        statement=EXCLUSION,
    )

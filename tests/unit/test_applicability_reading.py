"""How applicability reads scope statements and place names (docs/design.md#applicability):
cross-references and narrower cases inside an exclusion never exclude a value the source
covers, and a place a question names counts for applicability only, never for relevance."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.domain.applicability import (
    COUNTRIES,
    REASON_EXCLUDED,
    REASON_JURISDICTION,
    STATES,
    QuestionScope,
    jurisdictions_named,
    source_scope,
    without_place_names,
)
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.model import Unit
from citenexus.domain.vocabulary import Vocabulary
from citenexus.pipeline.retrieval import gather
from citenexus.pipeline.settings import PipelineSettings
from citenexus.pipeline.timing import Timings
from tests.support.fakes import WordHashEmbedder, memory_lane

# A lane vocabulary of another field than tenancy: who the rules are for.
ORGANIZATIONS = Vocabulary.from_mapping(
    {
        "scope_terms": {
            "organization": {
                "commercial": ["business", "company"],
                "public-agency": ["state agency", "political subdivision"],
            }
        },
        "jurisdictions": {"CO": ["Colorado"]},
    }
)


def unit(meta: dict[str, str] | None = None, scope: str = "") -> Unit:
    return Unit("doc", 0, "text", scope=scope, authority_meta=meta or {})


def ask(question: str) -> QuestionScope:
    return QuestionScope.parse(question, "CO", ORGANIZATIONS)


CROSS_REFERENCE = (
    "Except as provided in subsection (2) of this section, this part applies to a controller "
    "that conducts business in Colorado."
)
NARROWER_CASE = (
    "This chapter applies only to a person that conducts business in this state. This chapter "
    "does not apply to a state agency, or data processed in the course of an individual acting "
    "as a contractor of a business."
)


def test_a_cross_reference_before_a_statement_of_reach_excludes_no_scope_value() -> None:
    found = source_scope(CROSS_REFERENCE, vocabulary=ORGANIZATIONS)
    assert found.excludes["organization"] == frozenset()
    assert found.includes["organization"] == {"commercial"}
    question = ask("How many consumers must a company serve before the part applies?")
    assert question.exclusion_reason(unit(scope=CROSS_REFERENCE)) is None


def test_a_narrower_case_inside_an_exclusion_does_not_exclude_a_value_the_source_covers() -> None:
    found = source_scope(NARROWER_CASE, vocabulary=ORGANIZATIONS)
    assert found.excludes["organization"] == {"public-agency"}
    assert (
        ask("How long does a company get to cure?").exclusion_reason(unit(scope=NARROWER_CASE))
        is None
    )
    assert ask("Must a state agency answer within 45 days?").exclusion_reason(
        unit(scope=NARROWER_CASE)
    ) == REASON_EXCLUDED.format(asked="public-agency")


def test_the_curators_scope_keeps_a_value_an_exclusion_mentions_in_passing() -> None:
    statement = "This part does not apply to data a state agency shares with a business."
    covered = unit({"scope": "commercial"}, scope=statement)
    uncovered = unit(scope=statement)
    question = ask("Does a company have to honour the request?")
    assert question.exclusion_reason(covered) is None
    assert question.exclusion_reason(uncovered) == REASON_EXCLUDED.format(asked="commercial")


VALUES = ("commercial", "public-agency")
PHRASES = {"commercial": ("business", "company"), "public-agency": ("state agency",)}


@settings(max_examples=60, deadline=None)
@given(
    covered=st.sets(st.sampled_from(VALUES), min_size=1),
    excluded=st.lists(st.sampled_from(VALUES), min_size=1, max_size=3),
    cue=st.sampled_from(["does not apply to", "except", "excluding"]),
)
def test_a_source_never_excludes_a_value_it_names_as_covered(
    covered: set[str], excluded: list[str], cue: str
) -> None:
    words = [PHRASES[v][0] for v in excluded]
    statement = f"This part {cue} " + ", or ".join(f"data of a {w}" for w in words) + "."
    found = source_scope(";".join(sorted(covered)), statement, vocabulary=ORGANIZATIONS)
    assert not found.excludes["organization"] & found.includes["organization"]
    assert found.excludes["organization"] == set(excluded) - covered


PLACES = sorted({*STATES, *(n for n in COUNTRIES if len(n) > 3)})


@settings(max_examples=80, deadline=None)
@given(place=st.sampled_from(PLACES), words=st.sampled_from(["breach notice", "deposit return"]))
def test_a_question_without_its_place_names_names_no_place_and_keeps_its_other_words(
    place: str, words: str
) -> None:
    question = f"How soon is a {words} due in {place.title()}?"
    assert jurisdictions_named(question)
    stripped = without_place_names(question)
    assert jurisdictions_named(stripped) == frozenset()
    assert len(stripped) == len(question)
    assert f"How soon is a {words} due in" in stripped


def test_the_lanes_names_for_its_jurisdictions_are_place_names_too() -> None:
    assert "Colorado" not in without_place_names("Do Colorado rules apply?", ORGANIZATIONS)
    assert without_place_names("Do these rules apply?") == "Do these rules apply?"


def test_a_place_the_corpus_never_names_leaves_its_rule_relevant_and_inapplicable() -> None:
    """The breach rule is as relevant to a question about Japan as to one naming no place, so
    the question is refused for applicability, never for want of relevant evidence."""
    store = memory_lane(
        [("breach", "A company must report a data breach within 30 days.", {"jurisdiction": "CO"})]
    )

    def found(question: str):
        return gather(
            question,
            scope=QuestionScope.parse(question, "CO", ORGANIZATIONS),
            retriever=store,
            embedder=WordHashEmbedder(),
            policy=AuthorityPolicy.unranked(),
            mode=TrustMode.STRICT,
            settings=PipelineSettings(),
            timings=Timings(),
        )

    abroad = found("How soon must a company in Japan report a data breach?")
    at_home = found("How soon must a company report a data breach?")
    assert abroad.candidates[0].scores["lexical"] == at_home.candidates[0].scores["lexical"]
    assert [c.key for c in abroad.relevant] == ["breach#0"]
    assert abroad.grounded == []
    assert abroad.inapplicable == [
        {
            "key": "breach#0",
            "document_id": "breach",
            "reason": REASON_JURISDICTION.format(asked="japan", source="CO"),
            "kind": "jurisdiction",
        }
    ]


LISTED = (
    "This part does not apply to the following:\n\u21b3 A bank; A state agency or a political "
    "subdivision; A nonprofit organization"
)


def test_every_item_of_a_list_is_left_out_not_only_the_first() -> None:
    # Cut at ";", the second item would have read as what the source covers.
    found = source_scope(LISTED, vocabulary=ORGANIZATIONS)
    assert found.excludes["organization"] == {"public-agency"}
    assert found.includes["organization"] == frozenset()
    assert ask("Must a political subdivision answer within 45 days?").exclusion_reason(
        unit(scope=LISTED)
    ) == REASON_EXCLUDED.format(asked="public-agency")


def test_a_question_naming_a_covered_value_besides_an_excluded_one_is_not_left_out() -> None:
    # The dimension's reading: the statement names the value in other words than the question.
    statement = (
        "This part applies to a company. It does not apply to data a political subdivision holds."
    )
    mixed = ask("A state agency runs a company that sells to me. Must the company answer?")
    assert mixed.exclusion_reason(unit(scope=statement)) is None
    agency = ask("Must a state agency answer within 45 days?")
    assert agency.exclusion_reason(unit(scope=statement)) == REASON_EXCLUDED.format(
        asked="public-agency"
    )

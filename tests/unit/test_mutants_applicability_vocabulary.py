"""Applicability read with a lane's own jurisdiction names, and the words an exclusion statement
names (issue 16: the rules that decide what a reviewer is told are mutation-tested)."""

from __future__ import annotations

from citenexus.domain.applicability import QuestionScope, jurisdictions_named
from citenexus.domain.model import Unit
from citenexus.domain.vocabulary import Vocabulary

KINGDOM = Vocabulary(jurisdictions=(("GB", ("united kingdom",)),))


def test_a_country_code_is_spelled_as_the_lane_spells_its_country() -> None:
    # "UK" is the United Kingdom, which this lane calls GB: one jurisdiction, not two.
    assert jurisdictions_named("Does this apply in the UK?", KINGDOM) == {"GB"}


def test_a_question_about_the_lanes_own_country_in_another_spelling_is_not_elsewhere() -> None:
    scope = QuestionScope.read(frozenset({"united kingdom"}), (), frozenset(), "GB", KINGDOM)
    assert scope.elsewhere is False


def test_a_two_letter_word_names_no_category() -> None:
    # "TV" is too short to be read: the statement excludes "stations", which the question names.
    question = QuestionScope.parse("Must radio stations keep logs?")
    unit = Unit(
        document_id="d",
        ordinal=1,
        text="Stations keep logs.",
        scope="This part does not apply to TV stations.",
    )
    assert question.exclusion_reason(unit) == (
        "the question concerns TV stations; this source excludes it: "
        "\u201cThis part does not apply to TV stations.\u201d"
    )

"""What excluded a source from a question: its place (jurisdiction) or its scope
(docs/design.md#applicability). No database, no vocabulary: the exclusion statements' own words
decide.
"""

from __future__ import annotations

from citenexus.domain.applicability import JURISDICTION, SCOPE, QuestionScope
from citenexus.domain.model import Unit

FARM_EXCLUSION = "This section does not apply to a farm worker housed by an employer."
FARM_QUESTION = "Can a farm worker housed by an employer repair a defect and deduct the cost?"


def unit(document_id: str, text: str = "A rule.", scope: str = "", **meta: str) -> Unit:
    return Unit(document_id, 0, text, scope=scope, authority_meta=meta)


# What excluded a source: its place, or its scope.
def test_an_exclusion_says_whether_the_place_or_the_scope_excluded_the_source() -> None:
    scope = QuestionScope.parse(FARM_QUESTION, "CA")
    place = scope.exclusion(unit("tx", jurisdiction="TX"))
    assert place is not None and place.kind == JURISDICTION
    statement = scope.exclusion(unit("ca", scope=FARM_EXCLUSION, jurisdiction="CA"))
    assert statement is not None and statement.kind == SCOPE
    assert FARM_EXCLUSION in statement.reason
    assert scope.exclusion(unit("ca", jurisdiction="CA")) is None
    # another place is read first, whatever the scope says
    both = scope.exclusion(unit("tx", scope=FARM_EXCLUSION, jurisdiction="TX"))
    assert both is not None and both.kind == JURISDICTION


def test_the_reason_alone_is_still_offered() -> None:
    scope = QuestionScope.parse(FARM_QUESTION, "CA")
    excluded = unit("ca", scope=FARM_EXCLUSION)
    found = scope.exclusion(excluded)
    assert found is not None and scope.exclusion_reason(excluded) == found.reason

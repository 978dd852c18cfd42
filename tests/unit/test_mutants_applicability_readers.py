"""The cached readers of applicability, read through their caches: place names blanked from a
question, a source's included and excluded scope values, and the categories an exclusion names
(issue 16: mutmut leaves decorated functions alone, so each is written uncached and cached by
assignment; these tests kill its mutants)."""

from __future__ import annotations

from citenexus.domain.applicability import _excluded_items, source_scope, without_place_names
from citenexus.domain.vocabulary import Vocabulary

SECTORS = Vocabulary(
    scope_terms=(("sector", (("public", ("public body", "public bodies")), ("private", ()))),)
)


def test_a_state_code_is_blanked_and_an_ambiguous_or_unknown_capital_pair_is_not() -> None:
    # "CA" names California; "OR" is also a word, and "QZ" names no state.
    question = "Is the QZ rule in CA the same as in OR?"
    assert without_place_names(question) == "Is the QZ rule in    the same as in OR?"


def test_a_union_or_country_abbreviation_is_blanked_and_the_pronoun_us_is_not() -> None:
    assert without_place_names("Must a shop in the EU tell us?") == "Must a shop in the    tell us?"


def test_an_exclusion_is_kept_when_a_later_clause_excludes_nothing() -> None:
    found = source_scope(
        "This part does not apply to public bodies; it covers private companies.",
        vocabulary=SECTORS,
    )
    assert found.excludes["sector"] == frozenset({"public"})
    assert found.includes["sector"] == frozenset({"private"})


def test_a_clause_without_an_exclusion_cue_excludes_nothing() -> None:
    # What a clause without a cue excludes is nothing at all, whatever the vocabulary's words.
    odd = Vocabulary(scope_terms=(("grade", (("xxxx", ()), ("yyyy", ()))),))
    assert source_scope("Applies to every grade.", vocabulary=odd).excludes["grade"] == frozenset()


def test_an_excluded_category_is_written_as_the_source_writes_it() -> None:
    items = _excluded_items("employees of Company X.")
    assert [written for _, written in items] == ["employees of Company X"]

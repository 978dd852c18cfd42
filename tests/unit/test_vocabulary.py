"""A lane's vocabulary: validated with a message naming the bad entry, normalised, matched as
plain phrases, set for one call and restored after it. No database."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citenexus.domain.vocabulary import (
    EMPTY,
    ERR_BAD_PHRASE,
    ERR_BAD_WORD,
    ERR_DUPLICATE,
    ERR_NOT_LIST,
    ERR_NOT_MAPPING,
    ERR_NOT_OBJECT,
    ERR_ONE_VALUE,
    ERR_SELF_SYNONYM,
    ERR_TOO_MANY,
    ERR_UNKNOWN_KEY,
    KEYS,
    MAX_ENTRIES,
    MAX_PHRASE_CHARS,
    Vocabulary,
    VocabularyError,
    active,
    compile_phrases,
    current,
    phrase_pattern,
)

WAGES = {
    "parties": ["Employer", " employee "],
    "synonyms": {"Boss": "employer", "worker": "EMPLOYEE"},
    "scope_terms": {
        "Sector": {"public": ["Public  Sector", "government"], "private": ["private sector"]}
    },
    "jurisdictions": {"wa": ["Washington", "Washington State"]},
    "status_phrases": ["been   employed", "* year contract"],
    "value_idioms": ["Wages", "pay"],
}


def refusal(data: Any) -> str:
    with pytest.raises(VocabularyError) as caught:
        Vocabulary.from_mapping(data)
    return str(caught.value)


# --- validation: every error names the entry --------------------------------------------------


def test_none_and_an_empty_object_are_the_empty_vocabulary() -> None:
    assert Vocabulary.from_mapping(None) is EMPTY
    assert Vocabulary.from_mapping({}) == EMPTY
    assert not EMPTY
    assert Vocabulary.from_mapping({"parties": []}) == EMPTY


@pytest.mark.parametrize("data", [[], "parties", 3, ["parties"]])
def test_a_vocabulary_that_is_not_an_object_is_refused(data: Any) -> None:
    assert refusal(data) == ERR_NOT_OBJECT.format(keys=", ".join(KEYS))


def test_an_unknown_key_is_refused_by_name() -> None:
    message = refusal({"parties": ["employer"], "partys": ["employee"]})
    assert message == ERR_UNKNOWN_KEY.format(key="partys", keys=", ".join(KEYS))
    assert "'partys'" in message


@pytest.mark.parametrize("key", ["parties", "status_phrases", "value_idioms"])
@pytest.mark.parametrize("value", ["employer", {"employer": "employee"}, 3])
def test_a_list_key_that_is_not_a_list_is_refused(key: str, value: Any) -> None:
    assert refusal({key: value}) == ERR_NOT_LIST.format(where=key)


@pytest.mark.parametrize("key", ["synonyms", "scope_terms", "jurisdictions"])
@pytest.mark.parametrize("value", [["boss"], "boss", 3])
def test_an_object_key_that_is_not_an_object_is_refused(key: str, value: Any) -> None:
    assert refusal({key: value}) == ERR_NOT_MAPPING.format(where=key)


@pytest.mark.parametrize(
    ("data", "where", "value"),
    [
        ({"parties": ["employer|employee"]}, "parties", "employer|employee"),
        ({"parties": [3]}, "parties", 3),
        ({"status_phrases": ["(been)+ employed"]}, "status_phrases", "(been)+ employed"),
        ({"status_phrases": ["*"]}, "status_phrases", "*"),
        ({"status_phrases": ["   "]}, "status_phrases", "   "),
        ({"status_phrases": ["x" * (MAX_PHRASE_CHARS + 1)]}, "status_phrases", "x" * 81),
        ({"jurisdictions": {"WA": ["Wash.*ton$"]}}, "jurisdictions.WA", "Wash.*ton$"),
        ({"jurisdictions": {"W?A": ["Washington"]}}, "jurisdictions", "W?A"),
        ({"synonyms": {"boss": None}}, "synonyms", None),
        (
            {"scope_terms": {"sector": {"public": ["gov;"], "private": ["firm"]}}},
            "scope_terms.sector.public",
            "gov;",
        ),
    ],
)
def test_a_bad_phrase_is_refused_naming_where_and_what(data: Any, where: str, value: Any) -> None:
    assert refusal(data) == ERR_BAD_PHRASE.format(where=where, value=value, max=MAX_PHRASE_CHARS)


@pytest.mark.parametrize(
    ("data", "where", "value"),
    [
        ({"value_idioms": ["weekly pay"]}, "value_idioms", "weekly pay"),
    ],
)
def test_a_phrase_where_one_word_belongs_is_refused(data: Any, where: str, value: str) -> None:
    assert refusal(data) == ERR_BAD_WORD.format(where=where, value=value)


def test_a_word_mapped_to_itself_is_refused() -> None:
    assert refusal({"synonyms": {"Boss": "boss"}}) == ERR_SELF_SYNONYM.format(value="Boss")


@pytest.mark.parametrize(
    ("data", "where", "value"),
    [
        ({"synonyms": {"Boss": "employer", "boss": "manager"}}, "synonyms", "boss"),
        ({"jurisdictions": {"wa": ["washington"], "WA": ["wash"]}}, "jurisdictions", "WA"),
        (
            {"scope_terms": {"sector": {"Public": ["gov"], "public": ["state"], "x": ["y"]}}},
            "scope_terms.sector",
            "public",
        ),
        (
            {"scope_terms": {"S": {"a": ["x"], "b": ["y"]}, "s": {"c": ["x"], "d": ["y"]}}},
            "scope_terms",
            "s",
        ),
    ],
)
def test_two_names_that_coincide_in_lower_case_are_refused(
    data: Any, where: str, value: str
) -> None:
    """Otherwise the stored form would silently keep only one of them."""
    assert refusal(data) == ERR_DUPLICATE.format(where=where, value=value)


def test_a_scope_dimension_with_one_value_is_refused() -> None:
    data = {"scope_terms": {"Sector": {"public": ["public sector"]}}}
    assert refusal(data) == ERR_ONE_VALUE.format(where="sector")


def test_scope_values_must_be_lists_of_phrases() -> None:
    data = {"scope_terms": {"sector": {"public": "public sector", "private": ["firm"]}}}
    assert refusal(data) == ERR_NOT_LIST.format(where="scope_terms.sector")
    assert refusal({"scope_terms": {"sector": ["public"]}}) == ERR_NOT_MAPPING.format(
        where="scope_terms.sector"
    )


def test_jurisdiction_names_must_be_a_list() -> None:
    assert refusal({"jurisdictions": {"wa": "Washington"}}) == ERR_NOT_LIST.format(
        where="jurisdictions.WA"
    )


@pytest.mark.parametrize("key", ["parties", "status_phrases", "value_idioms"])
def test_more_than_the_maximum_of_entries_is_refused(key: str) -> None:
    data = {key: [f"w{i}" for i in range(MAX_ENTRIES + 1)]}
    assert refusal(data) == ERR_TOO_MANY.format(where=key, max=MAX_ENTRIES)
    assert Vocabulary.from_mapping({key: [f"w{i}" for i in range(MAX_ENTRIES)]})


def test_too_many_synonyms_are_refused() -> None:
    data = {"synonyms": {f"w{i}": "employer" for i in range(MAX_ENTRIES + 1)}}
    assert refusal(data) == ERR_TOO_MANY.format(where="synonyms", max=MAX_ENTRIES)


# --- normalisation ----------------------------------------------------------------------------


def test_words_are_lower_cased_and_whitespace_collapsed() -> None:
    vocabulary = Vocabulary.from_mapping(WAGES)
    assert vocabulary.parties == ("employer", "employee")
    assert vocabulary.synonym_map == {"boss": "employer", "worker": "employee"}
    assert vocabulary.scope_terms == (
        ("sector", (("public", ("public sector", "government")), ("private", ("private sector",)))),
    )
    assert vocabulary.status_phrases == ("been employed", "* year contract")
    assert vocabulary.value_idioms == ("wages", "pay")


def test_jurisdiction_codes_are_upper_cased_and_names_lower_cased() -> None:
    vocabulary = Vocabulary.from_mapping(WAGES)
    assert vocabulary.jurisdictions == (("WA", ("washington", "washington state")),)


def test_repeated_words_are_kept_once_in_their_first_place() -> None:
    vocabulary = Vocabulary.from_mapping({"parties": ["employee", "Employer", "EMPLOYEE"]})
    assert vocabulary.parties == ("employee", "employer")


def test_the_normal_form_is_the_json_stored_on_the_lane() -> None:
    assert Vocabulary.from_mapping(WAGES).to_mapping() == {
        "parties": ["employer", "employee"],
        "synonyms": {"boss": "employer", "worker": "employee"},
        "scope_terms": {
            "sector": {"public": ["public sector", "government"], "private": ["private sector"]}
        },
        "jurisdictions": {"WA": ["washington", "washington state"]},
        "status_phrases": ["been employed", "* year contract"],
        "value_idioms": ["wages", "pay"],
    }


def test_the_empty_vocabulary_has_every_key_empty() -> None:
    assert EMPTY.to_mapping() == {
        "parties": [],
        "synonyms": {},
        "scope_terms": {},
        "jurisdictions": {},
        "status_phrases": [],
        "value_idioms": [],
    }


# --- phrases ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "text"),
    [
        ("notice period", "the notice period"),
        ("notice period", "the notice-period"),
        ("notice period", "the Notice   Period"),
        ("notice-period", "the notice period"),
        ("notice period", "two notice periods"),
        ("class", "several classes"),
        ("* year contract", "a five-year contract"),
        ("* year contract", "a 5 year contract"),
        ("been employed", "has been employed for"),
    ],
)
def test_a_phrase_matches_spaces_hyphens_plurals_and_any_one_word(phrase: str, text: str) -> None:
    assert re.search(r"\b" + phrase_pattern(phrase) + r"\b", text, re.I)


@pytest.mark.parametrize(
    ("phrase", "text"),
    [
        ("notice period", "the noticeperiod"),
        ("* year contract", "year contract"),
        ("* year contract", "five-year contracting"),
        ("been employed", "been unemployed"),
    ],
)
def test_a_phrase_does_not_match_other_words(phrase: str, text: str) -> None:
    pattern = compile_phrases((phrase,))
    assert pattern is not None
    assert not pattern.search(text)


def test_a_star_stands_for_exactly_one_word() -> None:
    pattern = compile_phrases(("* year contract",))
    assert pattern is not None
    match = pattern.search("a fixed five-year contract")
    assert match is not None
    assert match.group(0) == "five-year contract"


def test_a_phrase_ending_in_a_star_takes_no_plural() -> None:
    assert phrase_pattern("notice of *") == r"notice[\s-]+of[\s-]+[\w']+"


def test_phrases_are_whole_words_and_the_longest_wins() -> None:
    pattern = compile_phrases(("sector", "public sector"))
    assert pattern is not None
    match = pattern.search("in the Public Sector only")
    assert match is not None
    assert match.group(0) == "Public Sector"
    assert not pattern.search("intersectoral")


def test_no_phrases_compile_to_no_pattern() -> None:
    assert compile_phrases(()) is None
    assert EMPTY.status_pattern is None
    assert EMPTY.idiom_pattern is None


def test_status_phrases_and_value_idioms_compile() -> None:
    vocabulary = Vocabulary.from_mapping(WAGES)
    assert vocabulary.status_pattern is not None
    assert vocabulary.status_pattern.search("she has been employed for two years")
    assert vocabulary.idiom_pattern is not None
    assert vocabulary.idiom_pattern.match("'s wages")
    assert vocabulary.idiom_pattern.match("\u2019s pay")
    assert not vocabulary.idiom_pattern.match(" of notice")


# --- one call's vocabulary --------------------------------------------------------------------


def test_outside_a_call_the_vocabulary_is_empty() -> None:
    assert current() is EMPTY


def test_active_sets_the_vocabulary_for_the_block_and_restores_the_previous() -> None:
    wages = Vocabulary.from_mapping(WAGES)
    other = Vocabulary.from_mapping({"parties": ["pilot"]})
    with active(wages) as inside:
        assert inside is wages
        assert current() is wages
        with active(other):
            assert current() is other
        assert current() is wages
    assert current() is EMPTY


def test_active_restores_the_previous_vocabulary_after_an_error() -> None:
    with pytest.raises(RuntimeError), active(Vocabulary.from_mapping(WAGES)):
        raise RuntimeError("boom")
    assert current() is EMPTY


def test_a_vocabulary_is_hashable_and_equal_by_value() -> None:
    one = Vocabulary.from_mapping(WAGES)
    two = Vocabulary.from_mapping(Vocabulary.from_mapping(WAGES).to_mapping())
    assert one == two
    assert hash(one) == hash(two)
    assert {one: "wages"}[two] == "wages"
    assert one.status_pattern is one.status_pattern  # compiled once per vocabulary
    assert hash(one) == hash(two)  # the cached patterns do not change the hash


def test_a_vocabulary_cannot_be_changed() -> None:
    vocabulary = Vocabulary.from_mapping(WAGES)
    with pytest.raises(AttributeError):
        vocabulary.parties = ("someone",)  # type: ignore[misc]


# --- round trip -------------------------------------------------------------------------------

_WORD = st.from_regex(r"[A-Za-z][A-Za-z0-9']{0,9}", fullmatch=True)
# Keys drawn from a few spellings of a few words, so that two keys often coincide in lower case.
_KEY = st.sampled_from(["boss", "Boss", "BOSS", "worker", "Worker", "wa", "WA", "public"])
_PHRASE = st.lists(_WORD, min_size=1, max_size=3).map(" ".join)
_WORDS = st.lists(_WORD, max_size=5)
_PHRASES = st.lists(_PHRASE, max_size=5)
_SCOPE_VALUES = st.dictionaries(st.one_of(_KEY, _PHRASE), _PHRASES, min_size=2, max_size=3)
VOCABULARIES = st.fixed_dictionaries(
    {},
    optional={
        "parties": _WORDS,
        "synonyms": st.dictionaries(_KEY, _WORD, max_size=4).filter(
            lambda d: all(k.lower() != v.lower() for k, v in d.items())
        ),
        "scope_terms": st.dictionaries(_PHRASE, _SCOPE_VALUES, max_size=2),
        "jurisdictions": st.dictionaries(_KEY, _PHRASES, max_size=3),
        "status_phrases": _PHRASES,
        "value_idioms": _WORDS,
    },
)


def _valid(data: dict[str, Any]) -> Vocabulary | None:
    try:
        return Vocabulary.from_mapping(data)
    except VocabularyError:
        return None


@given(VOCABULARIES)
def test_the_normal_form_reads_back_as_the_same_vocabulary(data: dict[str, Any]) -> None:
    vocabulary = _valid(data)
    if vocabulary is None:  # e.g. two keys that coincide once lower-cased
        return
    again = Vocabulary.from_mapping(vocabulary.to_mapping())
    assert again == vocabulary
    assert again.to_mapping() == vocabulary.to_mapping()


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@given(st.dictionaries(st.sampled_from(KEYS), _JSON, max_size=4) | _JSON)
def test_any_json_is_either_a_vocabulary_or_a_vocabulary_error(data: Any) -> None:
    """A lane's PATCH body reaches ``from_mapping`` as any JSON: it never fails otherwise."""
    try:
        vocabulary = Vocabulary.from_mapping(data)
    except VocabularyError as exc:
        assert str(exc).startswith("vocabulary")
    else:
        assert Vocabulary.from_mapping(vocabulary.to_mapping()) == vocabulary


def test_parties_and_synonyms_may_be_phrases_and_scope_phrases_may_hold_commas() -> None:
    vocabulary = Vocabulary.from_mapping(
        {
            "parties": ["Data Subject", "controller"],
            "synonyms": {"service provider": "processor", "boss": "employer"},
            "scope_terms": {"size": {"small": ["12,500 pounds or less"], "large": ["heavy"]}},
        }
    )
    assert vocabulary.parties == ("data subject", "controller")
    assert ("service provider", "processor") in vocabulary.synonyms
    assert vocabulary.scope_terms[0][1][0] == ("small", ("12,500 pounds or less",))

"""The judges' tokeniser: what its fast paths must keep exactly (citenexus.judges.tokens)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import tokens
from citenexus.judges.align import offered_keys
from citenexus.judges.tokens import CONTENT, QUANTITY, Token, _word_tokens, tokenize
from citenexus.text.quantities import extract_quantities

WORDS = st.sampled_from(
    [
        "the",
        "landlord",
        "shall",
        "not",
        "return",
        "deposit",
        "within",
        "21",
        "days",
        "thirty",
        "(30)",
        "$1,500",
        "at",
        "least",
        "no",
        "more",
        "than",
        "can't",
        "won't",
        "prohibited",
        "a.m.",
        "5",
        "p.m.",
        "10%",
        "per",
        "cent",
        ";",
        ",",
        ".",
        "(",
        ")",
        "\n\n",
    ]
)
TEXTS = st.lists(WORDS | st.text(max_size=6), max_size=40).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_a_token_offers_keys_exactly_when_it_is_content(text: str) -> None:
    # offered_keys and the alignment's regions rely on it instead of testing each token.
    for token in tokenize(text):
        assert bool(token.keys) == token.is_content
        assert token.is_content == (token.kind in (CONTENT, QUANTITY))


def reference_tokenize(text: str) -> tuple[Token, ...]:
    """The tokeniser written plainly (each word through the cached function, shifted with
    ``_replace``): the fast path must give exactly these tokens."""
    text = text.replace("\u2019", "'")
    quantities = extract_quantities(text)
    raw: list[Token] = []
    q_index = 0
    for m in tokens._WORD.finditer(text):
        while q_index < len(quantities) and quantities[q_index].end <= m.start():
            raw.append(tokens._quantity_token(text, quantities[q_index]))
            q_index += 1
        if q_index < len(quantities) and quantities[q_index].start <= m.start():
            continue
        for t in _word_tokens(m.group()):
            raw.append(t._replace(start=m.start() + t.start, end=m.start() + t.end))
    raw.extend(tokens._quantity_token(text, q) for q in quantities[q_index:])
    return tuple(tokens._merge_comparators(tokens._abbreviation_dots(text, raw)))


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_the_fast_tokeniser_gives_the_plain_tokenisers_tokens(text: str) -> None:
    assert tokenize(text) == reference_tokenize(text)


def test_the_same_text_tokenises_alike_through_the_word_cache_and_without_it() -> None:
    text = "The tenant shall not pay more than 30 days' rent; the landlord can't refuse."
    first = tokenize(text)
    tokenize.cache_clear()  # type: ignore[attr-defined]
    tokens._WORDS.cache_clear()
    assert tokenize(text) == first
    assert offered_keys(text) == frozenset(k for t in first for k in t.keys)


def test_each_vocabulary_reads_words_with_its_own_synonyms() -> None:
    text = "The owner must repair the roof."
    plain = {t.key for t in tokenize(text)}
    lane = Vocabulary.from_mapping({"synonyms": {"owner": "landlord"}})
    with active(lane):
        mapped = {t.key for t in tokenize(text)}
    assert "owner" in plain and "landlord" not in plain
    assert "landlord" in mapped and "owner" not in mapped
    assert {t.key for t in tokenize(text)} == plain  # the lane's reading did not leak out


def test_the_word_cache_starts_afresh_when_full() -> None:
    cache = tokens._WordCache(maxsize=2)
    words = cache.of(Vocabulary())
    first = _word_tokens("deposit")
    cache.put(words, "deposit", first)
    cache.put(words, "rent", _word_tokens("rent"))
    assert set(words) == {"deposit", "rent"}
    cache.put(words, "notice", _word_tokens("notice"))
    assert set(words) == {"notice"}
    assert cache.of(Vocabulary()) is words  # equal vocabularies share one dict


def test_the_word_cache_keeps_a_bounded_number_of_vocabularies() -> None:
    cache = tokens._WordCache(maxsize=10)
    lanes = [
        Vocabulary.from_mapping({"parties": [f"party{n}"]}) for n in range(tokens._VOCABULARIES + 1)
    ]
    kept = [cache.of(lane) for lane in lanes]
    assert len(cache.by_vocabulary) == 1 and cache.of(lanes[-1]) is kept[-1]
    cache.cache_clear()
    assert cache.by_vocabulary == {}


def _comparisons(text: str) -> list[tuple[str, str]]:
    return [(t.word, t.direction) for t in tokenize(text) if t.kind == tokens.COMPARATOR]


def test_a_not_in_front_of_a_comparison_reverses_it_and_opens_no_negation() -> None:
    # "shall not be greater than the cost" bounds from above, as "shall not exceed" does.
    text = "The fee shall not be greater than the actual cost."
    assert _comparisons(text) == [("not be greater than", tokens.LE)]
    assert not any(tokens.negation_counts(tokenize(text), 20))
    assert _comparisons("It may not be less than $30.") == [("not be less than", tokens.GE)]
    assert _comparisons("It is not later than noon.") == [("not later than", tokens.LE)]
    assert _comparisons("It is not after noon.") == [("not after", tokens.LE)]
    assert _comparisons("It may not been before noon.") == [("not been before", tokens.GE)]


def test_a_not_that_does_not_touch_a_comparison_keeps_its_scope() -> None:
    # A verb between "not" and the comparison: the "not" denies the verb.
    text = "Notice may not be given before noon."
    assert _comparisons(text) == [("before", tokens.LE)]
    assert any(tokens.negation_counts(tokenize(text), 20))
    # "or more" bounds the value in front of it: a "not" before it reverses nothing.
    assert _comparisons("It is not 30 days or more.") == [("or more", tokens.GE)]
    assert _comparisons("It is not or more.") == [("or more", tokens.GE)]
    assert _comparisons("It is not.") == []
    assert _comparisons("It is not be") == []

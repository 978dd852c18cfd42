"""The helpers of the readings in test_judge_moved_conditions.py, each on token positions given
by hand, at the edges a rule's arithmetic could get wrong (make mutation)."""

from __future__ import annotations

from dataclasses import replace

from citenexus.judges.lexical import _done_first, _in_case, _opening_clause_unquoted
from citenexus.judges.negation import _denies_itself, _step_before
from citenexus.judges.tokens import Token, tokenize
from tests.support.judging import paired


def at(tokens: tuple[Token, ...], word: str, nth: int = 0) -> int:
    """The index of the ``nth`` token spelled ``word``."""
    return [k for k, t in enumerate(tokens) if t.word == word][nth]


# -- _opening_clause_unquoted ------------------------------------------------------------------

SALE = tokenize(
    "When the lender has told the borrower in writing, within 90 days, that the note is for "
    "sale, the lender may give notice."
)


def unquoted(tokens: tuple[Token, ...], words: list[str], parties: frozenset[str]) -> bool:
    """The clause in front of "notice" (the rule's first quoted word), ``words`` quoted."""
    first = at(tokens, "notice")
    chosen = {at(tokens, w) for w in words} | {first}
    return _opening_clause_unquoted(tokens, at(tokens, "when"), first, chosen, parties)


def test_a_clause_none_of_whose_words_are_quoted_is_unquoted() -> None:
    assert unquoted(SALE, ["notice"], frozenset())


def test_a_word_quoted_behind_the_clause_s_inner_commas_quotes_it() -> None:
    # "sale" stands between the last two commas: the clause runs to the last one.
    assert not unquoted(SALE, ["sale", "notice"], frozenset())
    assert not unquoted(SALE, ["writing", "notice"], frozenset())


def test_a_party_word_quotes_nothing() -> None:
    lender = SALE[at(SALE, "lender")].key
    words = [at(SALE, "lender"), at(SALE, "notice")]
    first = at(SALE, "notice")
    assert _opening_clause_unquoted(SALE, at(SALE, "when"), first, set(words), {lender})
    assert not _opening_clause_unquoted(SALE, at(SALE, "when"), first, set(words), frozenset())


def test_the_word_right_behind_the_opener_is_in_the_clause() -> None:
    tokens = tokenize("When members have paid dues, the club may expel no one.")
    chosen = {at(tokens, "members"), at(tokens, "expel")}
    assert not _opening_clause_unquoted(
        tokens, at(tokens, "when"), at(tokens, "expel"), chosen, frozenset()
    )


def test_words_of_the_sentence_before_are_not_in_the_clause() -> None:
    tokens = tokenize("Dues are paid yearly. When the season ends, the club may expel members.")
    chosen = {at(tokens, "dues"), at(tokens, "expel")}
    assert _opening_clause_unquoted(
        tokens, at(tokens, "when"), at(tokens, "expel"), chosen, frozenset()
    )


def test_no_comma_or_no_word_is_no_clause() -> None:
    tokens = tokenize("When asked the club may expel members.")
    assert not _opening_clause_unquoted(
        tokens, at(tokens, "when"), at(tokens, "expel"), {at(tokens, "expel")}, frozenset()
    )
    tokens = tokenize("When, the club may expel members.")
    assert not _opening_clause_unquoted(
        tokens, at(tokens, "when"), at(tokens, "expel"), {at(tokens, "expel")}, frozenset()
    )


# -- _done_first --------------------------------------------------------------------------------


def done_first(text: str, anchor: str, quoted: list[str]) -> bool:
    tokens = tokenize(text)
    pairs = [(k, at(tokens, w)) for k, w in enumerate([anchor, *quoted])]
    alignment = paired("x " * (len(pairs) + 1), text, pairs)
    return _done_first(alignment, at(tokens, anchor))


RULE = "The club shall not publish photographs without first obtaining consent."


def test_a_quoted_step_done_first_is_read() -> None:
    assert done_first(RULE, "publish", ["obtaining"])
    assert not done_first(RULE, "publish", ["consent"])  # the step right behind "first" only


def test_a_step_done_first_opening_the_sentence_is_read() -> None:
    text = "Without first obtaining consent, no club may publish photographs."
    assert done_first(text, "publish", ["obtaining"])


def test_first_behind_another_word_is_no_step() -> None:
    assert not done_first("The club shall publish the first photographs.", "shall", ["photographs"])
    # a lead word without "first" behind it is no step either
    assert not done_first(
        "The club may publish photographs without consent of members.", "publish", ["members"]
    )


def test_a_step_done_first_in_another_sentence_is_not_read() -> None:
    text = "Guests shall not enter without first signing in. The club may publish photographs."
    assert not done_first(text, "publish", ["signing"])


def test_the_anchor_itself_is_no_other_step() -> None:
    assert not done_first("The club must first publish photographs.", "publish", [])


def test_first_with_nothing_behind_it_is_no_step() -> None:
    assert not done_first("Members pay dues. The club has first.", "club", ["dues"])


# -- _in_case -----------------------------------------------------------------------------------


def in_case(text: str, word: str) -> bool:
    tokens = tokenize(text)
    return _in_case(tokens, at(tokens, word))


def test_a_word_in_a_case_is_in_it() -> None:
    assert in_case("When full dues are paid, the club renews.", "full")
    assert in_case("If the members pay full dues, the club renews.", "full")


def test_a_word_of_the_rule_is_in_no_case() -> None:
    assert not in_case("The club renews when dues are paid, written notice aside.", "written")
    assert not in_case("Members give written if asked.", "written")  # the case is behind it
    assert not in_case("The members pay full dues", "full")  # no clause end anywhere


# -- negation: _step_before, _denies_itself ----------------------------------------------------


def test_a_step_before_needs_without_first_inside_the_aligned_sentences() -> None:
    text = "Guests may not enter without first signing in. The club must publish photographs."
    tokens = tokenize(text)
    claim = "The club must obtain consent before it publishes photographs."
    alignment = paired(claim, text, [(0, at(tokens, "publish"))])
    assert _step_before(replace(alignment, region=(0, len(tokens))))
    assert not _step_before(replace(alignment, region=(at(tokens, "in") + 2, len(tokens))))
    opening = "Without first signing in, no guest may enter."
    alignment = paired("A guest must sign in before he enters.", opening, [(0, 3)])
    assert _step_before(replace(alignment, region=(0, len(tokenize(opening)))))
    no_before = paired("A guest must sign in to enter.", opening, [(0, 3)])
    assert not _step_before(no_before)


def test_a_case_denies_itself_only_by_its_own_not() -> None:
    tokens = tokenize("When the members have not agreed otherwise, dues are payable.")
    assert _denies_itself(tokens, at(tokens, "when"))
    tokens = tokenize("When the review finds that the dues have not been paid, the club acts.")
    assert not _denies_itself(tokens, at(tokens, "when"))
    tokens = tokenize("When the members agree, dues are not payable.")
    assert not _denies_itself(tokens, at(tokens, "when"))
    tokens = tokenize("When the members agree")
    assert not _denies_itself(tokens, at(tokens, "when"))

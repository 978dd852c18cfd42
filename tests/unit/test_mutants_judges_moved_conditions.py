"""The helpers of the readings in test_judge_moved_conditions.py, each on token positions given
by hand, at the edges a rule's arithmetic could get wrong (make mutation)."""

from __future__ import annotations

from dataclasses import replace

from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges.lexical import (
    _done_first,
    _in_case,
    _leads_in,
    _opening_clause_unquoted,
    condition_moved,
    dropped_condition,
    inserted,
)
from citenexus.judges.negation import _denies_itself, _step_before
from citenexus.judges.tokens import Token, tokenize
from tests.support.judging import aligned, paired

PARTIES = Vocabulary.from_mapping({"parties": ["lender", "borrower"]})


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


# -- condition_moved, on pairs given by hand ------------------------------------------------------

FEES = (
    "A fee is payable by the member. A fee is valid only if the board approves it. The court "
    "asks whether the fee was set early."
)
FEE_TOKENS = tokenize(FEES)


def moved(claim: str, pairs: dict[str, tuple[str, int]], unit: str = FEES) -> bool:
    """``condition_moved`` with each claim word of ``pairs`` paired with the given use (word,
    nth) of the passage's word."""
    claim_tokens, unit_tokens = tokenize(claim), tokenize(unit)
    chosen = sorted(
        (at(claim_tokens, word), at(unit_tokens, target, nth))
        for word, (target, nth) in pairs.items()
    )
    return condition_moved(paired(claim, unit, chosen))


VALID = {"fee": ("fee", 1), "valid": ("valid", 0), "set": ("set", 0), "early": ("early", 0)}


def test_a_condition_from_another_sentence_moves() -> None:
    assert moved("A fee is valid if it was set early.", VALID)


def test_the_rule_word_is_the_one_right_in_front_of_the_condition() -> None:
    # "valid" (the second sentence) is right in front of "if"; "fee" is read in the first.
    pairs = {**VALID, "fee": ("fee", 0)}
    assert moved("A fee is valid if set early.", pairs)
    # one word further ("today", unpaired, in front of "if"): the rule word is still "valid"
    assert moved("A fee is valid today if set early.", pairs)
    # no word further: "is" is no rule word, and the first sentence sets no condition
    assert not moved("A fee payable is valid if set early.", {**pairs, "valid": ("payable", 0)})


def test_a_rule_word_opening_the_claim_is_read() -> None:
    assert moved("Valid if set early.", {k: v for k, v in VALID.items() if k != "fee"})


def test_no_rule_word_in_front_is_no_move() -> None:
    assert not moved("So if set early, valid", {"set": ("set", 0), "early": ("early", 0)})


def test_a_condition_that_is_mostly_the_claim_s_own_words_is_not_read() -> None:
    # one of three condition words quoted
    assert not moved("A fee is valid if set early today.", {**VALID, "early": ("valid", 0)})
    pairs = {k: v for k, v in VALID.items() if k != "early"}
    assert not moved("A fee is valid if set early today.", pairs)
    # one of two is enough
    assert moved("A fee is valid if set early.", pairs)


def test_a_condition_read_in_the_rule_s_own_sentence_is_no_move() -> None:
    pairs = {"fee": ("fee", 1), "valid": ("valid", 0), "board": ("board", 0)}
    assert not moved("A fee is valid if the board approves.", pairs)
    pairs = {"valid": ("valid", 0), "set": ("board", 0), "early": ("approves", 0)}
    assert not moved("A fee is valid if set early.", pairs)


def test_a_rule_sentence_whose_condition_is_quoted_is_no_move() -> None:
    pairs = {**VALID, "fee": ("board", 0)}
    assert not moved("A fee is valid if set early.", pairs)


def test_a_rule_sentence_without_a_condition_is_no_move() -> None:
    pairs = {**VALID, "valid": ("payable", 0)}
    assert not moved("A fee is valid if set early.", pairs)


def test_a_rule_sentence_at_the_text_s_end_without_a_full_stop() -> None:
    unit = "The court asks whether the fee was set early. A fee is valid only if the board approves"
    assert moved("A fee is valid if set early.", VALID, unit)
    quoted = {**VALID, "fee": ("approves", 0)}
    assert not moved("A fee is valid if set early.", quoted, unit)
    assert not moved("A fee is valid if set early.", {**VALID, "fee": ("board", 0)}, unit)


# -- inserted, on pairs given by hand -------------------------------------------------------------

PHOTO = "The club keeps the member's consent on file."


def inserts(claim: str, words: list[str]) -> bool:
    claim_tokens, unit_tokens = tokenize(claim), tokenize(PHOTO)
    pairs = sorted((at(claim_tokens, w), at(unit_tokens, w)) for w in words)
    return inserted(paired(claim, PHOTO, pairs))


def test_a_word_between_the_first_two_neighbours_is_inserted() -> None:
    assert inserts("The club keeps the member's written consent on file.", ["member's", "consent"])
    assert inserts("Club written keeps consent.", ["club", "keeps"])


def test_a_word_between_the_last_two_neighbours_is_inserted() -> None:
    claim = "The club keeps the member's consent on paper file."
    assert not inserts(claim, ["club", "keeps", "member's", "consent"])
    assert inserts("The consent on paper file.", ["consent", "file"]) is False
    assert inserts("Keeps written file consent.", ["keeps", "consent"]) is False
    assert inserts("Member's written consent.", ["member's", "consent"])


def test_the_last_word_and_the_first_are_no_neighbours() -> None:
    # "written" opens the claim unpaired; the last word and the second are side by side in the
    # passage, but the last word is not in front of the first.
    assert not inserts("Written keeps the club.", ["keeps", "club"])


# -- _leads_in: the word right behind the opener ----------------------------------------------------


def test_a_leading_clause_whose_first_word_is_quoted_does_not_lead_in_unquoted() -> None:
    tokens = tokenize("When members have paid dues, the club may expel members.")
    first = at(tokens, "club")
    assert not _leads_in(tokens, at(tokens, "when"), first, {at(tokens, "members"), first})
    assert _leads_in(tokens, at(tokens, "when"), first, {first})


def test_a_case_denied_right_behind_its_opener_denies_itself() -> None:
    tokens = tokenize("When not agreed otherwise, dues are payable.")
    assert _denies_itself(tokens, at(tokens, "when"))


def test_a_claim_without_a_full_stop_keeps_its_last_condition_word() -> None:
    pairs = {k: v for k, v in VALID.items() if k != "set"}
    assert moved("A fee is valid if set early", pairs)


def test_the_rule_word_is_not_read_behind_the_condition_when_the_condition_comes_second() -> None:
    pairs = {"set": ("set", 0), "early": ("early", 0), "valid": ("valid", 0)}
    assert not moved("So if set early, valid", pairs)


def test_a_case_ends_at_the_last_comma_in_front_of_the_rule_s_first_quoted_word() -> None:
    # The party word paired inside the case keeps the case from leading straight into the
    # rule (_leads_in); the case is read up to the comma in front of "notice", not of "orally".
    rule = "When the lender has told the borrower, notice, orally or by phone, is enough."
    claim = "The borrower's notice, orally or by phone, is enough."
    with active(PARTIES):
        assert dropped_condition(aligned(claim, rule), densest=True)


def test_a_step_done_first_at_the_text_s_end_is_in_the_last_sentence() -> None:
    text = "The club may publish photographs. Members must first"
    tokens = tokenize(text)
    pairs = [(0, at(tokens, "publish")), (1, at(tokens, "club"))]
    assert not _done_first(paired("x x x", text, pairs), at(tokens, "publish"))


def test_without_first_at_the_text_s_end_is_outside_an_earlier_region() -> None:
    text = "Guests may enter. Members may not enter without first"
    tokens = tokenize(text)
    alignment = paired("A guest must sign in before he enters.", text, [(0, 1)])
    assert not _step_before(replace(alignment, region=(0, at(tokens, "enter") + 2)))

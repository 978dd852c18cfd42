"""The lexical judge's scope checks, read on one claim and one passage at a time: the restriction
on the rule's subject (``dropped_restriction``), the condition its sentence puts on the rule
(``dropped_condition`` and the helpers that find the condition's clause), each shown with the
case that keeps it apart from the faithful claim (issue 16: the cases its mutants survived)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges.align import Alignment
from citenexus.judges.lexical import (
    _clause,
    _opens,
    _qualified_alternative,
    align_claim,
    antonym_swapped,
    dropped_condition,
    dropped_limit,
    dropped_restriction,
    party_swapped,
)
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.judges.tokens import tokenize

# Who the parties are is lane configuration (its vocabulary): here a buyer and a seller.
PARTIES = Vocabulary.from_mapping({"parties": ["buyer", "seller"]})


def aligned(claim: str, text: str) -> Alignment:
    with active(PARTIES):
        return align_claim(claim, Unit(document_id="doc", ordinal=0, text=text), JudgeThresholds())


def index_of(tokens: tuple, word: str, nth: int = 0) -> int:
    return [k for k, t in enumerate(tokens) if t.word == word][nth]


# --- dropped_restriction -------------------------------------------------------------------

DISCLOSE = "(b) A seller that charges a fee shall disclose the fee in writing."


@pytest.mark.parametrize(
    ("claim", "text", "dropped"),
    [
        # The restriction left out: the claim's rule binds every seller.
        ("A seller shall disclose the fee in writing.", DISCLOSE, True),
        # The claim's verb is not the passage's: no verb to read the restriction in front of.
        ("A seller shall give the fee in writing.", DISCLOSE, False),
        # The claim keeps a word of the restriction ("charges"), paired where the passage has it.
        ("A seller shall disclose the charges in writing.", DISCLOSE, False),
        # A "who" clause of another sentence restricts another rule's subject.
        (
            "A seller shall disclose the fee in writing.",
            "A seller who is late owes interest. A buyer shall disclose the fee.",
            False,
        ),
        # A restriction of long words ("collects deposits") the claim does not restate.
        (
            "A seller shall disclose the fee in writing.",
            "(b) A seller that collects deposits shall disclose the fee in writing.",
            True,
        ),
        # Restated elsewhere in the claim's words, six letters of the word shared: a claim word
        # of exactly six letters ("credit" for "creditor") ...
        (
            "A seller shall disclose the fee in writing on credit.",
            "(b) A seller that has a creditor shall disclose the fee in writing.",
            False,
        ),
        # ... and a passage word of exactly six letters ("credit" restated as "creditor").
        (
            "A seller shall disclose the fee in writing to each creditor.",
            "(b) A seller that gives credit shall disclose the fee in writing.",
            False,
        ),
        # The claim's subject and verb paired with one word, the passage's last (no full stop).
        ("A deposit shall deposit.", "The landlord keeps the deposit", False),
    ],
)
def test_dropped_restriction_reads_the_subjects_own_restriction(
    claim: str, text: str, dropped: bool
) -> None:
    assert dropped_restriction(aligned(claim, text)) is dropped


# --- dropped_condition -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "text", "dropped"),
    [
        # A passage whose last sentence has no full stop: the sentence still ends with the text.
        (
            "The seller shall refund the price.",
            "The seller shall refund the price if the buyer returns the goods",
            True,
        ),
        (
            "The seller shall refund the price.",
            "When the buyer pays, the seller shall refund the price",
            True,
        ),
        (
            "The seller shall refund the price.",
            "The seller shall refund the price promptly",
            False,
        ),
        # The condition's clause is the sentence's last word.
        (
            "The seller shall refund the price.",
            "The seller shall refund the price unless waived",
            True,
        ),
        # The claim's last quoted word opens a sentence whose condition follows it.
        (
            "The seller shall refund the price and interest.",
            "The seller shall refund the price. Interest, unless the buyer waives it, is due.",
            True,
        ),
        # The claim's first quoted word opens the second sentence of the region (its "price" is
        # paired out of place, in the first): the "When ..." clause opens that second sentence.
        (
            "The seller shall refund the deposit and the price.",
            "The price is fixed. When the buyer asks, the seller shall refund the deposit.",
            True,
        ),
        (
            "The seller shall refund the deposit and the price.",
            "The price is fixed. When the buyer asks for it again, the seller shall refund the "
            "deposit.",
            True,
        ),
        # A condition whose words the claim keeps is no dropped one; a later one still is.
        (
            "When the buyer pays, the seller shall refund the price.",
            "If the buyer pays, the seller shall refund the price unless waived.",
            True,
        ),
        (
            "The seller shall refund the price and, when the buyer asks, the fee.",
            "The seller shall refund the price and, if the buyer asks, the fee unless waived.",
            True,
        ),
        # A word of the passage between the quoted words and the condition: the condition may
        # be another predicate's.
        (
            "The seller shall refund the price.",
            "The seller shall refund the price promptly if the buyer asks.",
            False,
        ),
        # A leading "When ..." clause of one word.
        (
            "The seller shall refund the price.",
            "When paid, the seller shall refund the price.",
            True,
        ),
        # A "Where ..." clause of the sentence before sets no case of this one.
        (
            "The seller shall refund the price.",
            "Where goods are lost, a claim lies. Thereafter, the seller shall refund the price.",
            False,
        ),
        # A leading condition closed by a colon leads straight into the quoted words.
        (
            "The seller shall refund the price.",
            "If the buyer pays: the seller shall refund the price.",
            True,
        ),
    ],
)
def test_dropped_condition_reads_the_sentence_of_the_quoted_words(
    claim: str, text: str, dropped: bool
) -> None:
    assert dropped_condition(aligned(claim, text)) is dropped


# --- _opens, _clause, and a condition between the quoted words -----------------------------


@pytest.mark.parametrize(
    ("text", "opens"),
    [
        ("(b) When the buyer pays, the seller shall refund the price.", True),
        ("(iv) When the buyer pays, the seller shall refund the price.", True),
        # Three letters are a word, not a list number.
        ("(iii) When the buyer pays, the seller shall refund the price.", False),
        ("The buyer pays. (b) When the buyer pays, the seller shall refund the price.", True),
        ("The buyer pays. (bb) When the buyer pays, the seller shall refund the price.", True),
        # A short word opening the passage is no list number (no "(" in front of it), whatever
        # the passage ends with.
        ("go when the buyer pays (", False),
    ],
)
def test_opens_allows_only_a_list_number_in_front(text: str, opens: bool) -> None:
    tokens = tokenize(text)
    k = index_of(tokens, "when")
    start = max((j + 1 for j in range(k) if tokens[j].word == "."), default=0)
    assert _opens(tokens, start, k) is opens


def test_opens_reads_from_the_sentence_start_only() -> None:
    tokens = tokenize("The buyer pays. (b) When the buyer pays, the seller shall refund the price.")
    k = index_of(tokens, "when")
    assert _opens(tokens, index_of(tokens, "("), k) is True
    assert _opens(tokens, 0, k) is False


def test_clause_holds_every_content_word_up_to_the_clause_end() -> None:
    tokens = tokenize("The seller shall refund the price if buyers return goods promptly, in full.")
    opener = index_of(tokens, "if")
    comma = index_of(tokens, ",")
    words = [tokens[k].word for k in range(opener + 1, comma)]
    clause, stop = _clause(tokens, opener, len(tokens) - 1)
    assert [tokens[k].word for k in clause] == words
    assert stop == comma
    # Bounded by ``end``: the word at ``end`` is still the clause's.
    clause, stop = _clause(tokens, opener, opener + 2)
    assert [tokens[k].word for k in clause] == ["buyers", "return"]
    assert stop == opener + 3


PENALTY = (
    "(e) A seller is liable to the buyer for the price and, if the seller acted in bad faith, "
    "for a penalty."
)


@pytest.mark.parametrize(
    ("claim", "dropped"),
    [
        # The quoted word behind the condition is the sentence's last: the condition still
        # counts.
        ("A seller is liable to the buyer for the price and for a penalty.", True),
        # The claim keeps the condition's words, in place, without its "if".
        (
            "A seller is liable to the buyer for the price and, having acted in bad faith, for "
            "a penalty.",
            False,
        ),
    ],
)
def test_a_condition_between_the_quoted_words(claim: str, dropped: bool) -> None:
    assert dropped_condition(aligned(claim, PENALTY)) is dropped


# --- dropped_limit: a trailing "only ..." ---------------------------------------------------

BADGE = (
    "An employer may require an employee to wear a badge as a condition of employment only for "
    "the purposes of entering secure areas."
)


@pytest.mark.parametrize(
    ("claim", "text", "dropped"),
    [
        ("An employer may require a badge.", "An employer may require a badge only inside.", True),
        # The sentence ends with the text, no full stop.
        (
            "An employer may require a badge.",
            "An employer may require a badge only inside secure areas",
            True,
        ),
        ("An employer may require a badge.", "An employer may require a badge", False),
        # The "only" phrase must hold a word, read up to the sentence's end.
        ("An employer may require a badge.", "An employer may require a badge only.", False),
        ("An employer may require a badge.", "An employer may require a badge only", False),
        ("An employer may require a badge.", "An employer may require a badge only then.", False),
        (
            "An employer may require a badge.",
            "An employer may require a badge only for buyers.",
            True,
        ),
        # The claim says "only" itself.
        (
            "An employer may only require an employee to wear a badge as a condition of "
            "employment.",
            BADGE,
            False,
        ),
    ],
)
def test_dropped_limit_reads_an_only_phrase_behind_the_quoted_words(
    claim: str, text: str, dropped: bool
) -> None:
    assert dropped_limit(aligned(claim, text)) is dropped


# --- _qualified_alternative ------------------------------------------------------------------


def test_an_alternative_whose_case_runs_on_without_a_closing_comma_has_no_case() -> None:
    tokens = tokenize(
        "A claim must be filed after the sale promptly or, in the case of goods by the buyer."
    )
    left, right = index_of(tokens, "sale"), index_of(tokens, "buyer")
    assert _qualified_alternative(tokens, left, right) is False


@pytest.mark.parametrize(
    ("text", "qualified"),
    [
        # The first alternative is the quoted words' own ("sale promptly"), then the case.
        (
            "A claim must be filed after the sale promptly or, for a series of sales, after the "
            "last sale.",
            True,
        ),
        # No word of a first alternative between the quoted word and the "or".
        (
            "A claim must be filed after the sale or, for a series of sales, after the last sale.",
            False,
        ),
        # "or,," closes the case as soon as it opens: no word of a case between the commas.
        (
            "A claim must be filed after the sale promptly or,, for a series of sales, after the "
            "last sale.",
            False,
        ),
        # A case of one word.
        ("A claim must be filed after the sale promptly or, otherwise, after the last sale.", True),
    ],
)
def test_an_alternative_needs_a_first_alternative_and_a_case(text: str, qualified: bool) -> None:
    tokens = tokenize(text)
    left, right = index_of(tokens, "sale"), index_of(tokens, "sale", 1)
    assert _qualified_alternative(tokens, left, right) is qualified


# --- party_swapped -----------------------------------------------------------------------------

NOTICE = (
    "A notice is served on the buyer. The notice shall state the address of the person to whom "
    "the price is to be paid."
)


@pytest.mark.parametrize(
    ("claim", "text", "swapped"),
    [
        # The party is the claim's second word: its neighbours are the first and the third.
        ("The address of the buyer who owes the price.", NOTICE, True),
        # A party in place keeps its place; one later in the claim is still read.
        (
            "The notice to the seller shall state the address of the buyer who owes the price.",
            "A notice is served on the buyer. The notice to the seller shall state the address "
            "of the person to whom the price is to be paid.",
            True,
        ),
        # The claim's party stands where the passage names it, another party beside it.
        (
            "The notice shall state the address of the buyer to whom the price is paid.",
            "The notice shall state the address of the buyer or person to whom the price is paid.",
            False,
        ),
        # The claim's first word has no left neighbour to mark its place.
        (
            "The buyer pays the fee on notice.",
            "On notice, the person pays the fee to the buyer.",
            False,
        ),
        # A party said twice, both paired with one word of the passage: that word is at neither
        # side of its place, so another party between it and a neighbour's word is read.
        (
            "The notice shall state the address of the seller, seller owed the price.",
            "The notice shall state the address of the seller who is the person owed the price.",
            True,
        ),
        (
            "The notice shall state the address of the seller, seller owed the price.",
            "The notice shall state the address of the person who is the seller owed the price.",
            True,
        ),
        # A party whose neighbours stand in two sentences is not read; a later one still is.
        (
            "A notice is served on the seller, and the notice shall state the address of the "
            "buyer who owes the price.",
            "A buyer and a seller sign. A notice is served. The notice shall state the address "
            "of the person to whom the price is to be paid.",
            True,
        ),
        # Only the passage's words strictly between the neighbours' words are read ...
        (
            "The notice shall name the address of the buyer and the price.",
            "A buyer signs. The notice shall name the seller address and the price.",
            False,
        ),
        (
            "The notice shall state the address of the buyer and the price.",
            "A buyer signs. The notice shall state the address seller and the price.",
            True,
        ),
        # ... and only a party there: another word is a paraphrase's business.
        (
            "The notice shall state the address of the buyer and the price.",
            "A buyer signs. The notice shall state the address of the agent and the price.",
            False,
        ),
        # A party the claim names elsewhere, paired in the slot of the claim's party: the two are
        # swapped (the claim gives the buyer's address where the passage gives the seller's).
        (
            "The seller's notice shall state the address of the buyer to whom the price is paid.",
            "The notice shall state the address of the seller to whom the price is to be paid. "
            "A buyer signs.",
            True,
        ),
        # A party paired inside the claim's own slot is the claim's word, not another party.
        (
            "The notice shall state the address of the seller and the buyer to whom it is paid.",
            "The notice shall state the address of the buyer and the seller to whom it is paid.",
            False,
        ),
    ],
)
def test_party_swapped_reads_each_party_between_its_neighbours(
    claim: str, text: str, swapped: bool
) -> None:
    with active(PARTIES):
        assert party_swapped(aligned(claim, text)) is swapped


# --- antonym_swapped -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "text", "swapped"),
    [
        # The opposite stands, unpaired, in the aligned sentence, though not in the claim
        # word's slot.
        (
            "The seller shall charge the lower fee.",
            "The seller shall charge the fee that is higher.",
            True,
        ),
        # The opposite stands only in a sentence the claim is not aligned to.
        (
            "The seller shall charge the lower fee.",
            "The fee is higher. The seller shall charge the fee.",
            False,
        ),
        # A claim word the passage does not have marks no slot for the word behind it.
        ("The seller shall charge an extra, lower fee.", "The seller shall charge the fee.", False),
    ],
)
def test_antonym_swapped_reads_the_aligned_sentences(claim: str, text: str, swapped: bool) -> None:
    assert antonym_swapped(aligned(claim, text)) is swapped

"""The lexical judge's verdict at its edges: a name the passage never names, the coverage
thresholds met exactly, the thresholds' sentence window, and a limit the claim drops
(``dropped_limit``) read between each two quoted words (issue 16: the cases its mutants
survived)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import JudgeThresholds, LexicalJudge
from citenexus.judges.lexical import align_claim, dropped_limit, unnamed
from citenexus.judges.tokens import tokenize

# Who the parties are is lane configuration (its vocabulary): here a buyer and a seller.
PARTIES = Vocabulary.from_mapping({"parties": ["buyer", "seller"]})
JUDGE = LexicalJudge()
REFUND = "Within 10 days after the buyer returns the goods, the seller shall refund the price."


def unit(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=0, text=text)


def judged(claim: str, text: str, judge: LexicalJudge = JUDGE) -> Judgment | None:
    with active(PARTIES):
        return judge.judge(claim, unit(text))


# --- unnamed -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "names"),
    [
        ("Under Ruritanian law, the seller shall refund the price.", True),
        # A name behind a lower-case word, and one behind the claim's capitalised first word.
        ("The seller in Ruritania shall refund the price.", True),
        ("Sellers in Ruritania shall refund the price.", True),
        # A capital behind "(X": the "X" is no lead, so the name is read.
        ("The seller (X Ruritanian) shall refund the price.", True),
        # A capital that opens a line or a sentence is capitalised anyway.
        ("The seller shall refund the price\nPromptly.", False),
        ("The seller shall refund the price. Promptly, buyers may object.", False),
        # An opening word is a name all the same when it is a possessive or a capitalised word
        # follows it; the passage's own words, so written, name nothing new.
        ("Ruritania's sellers shall refund the price.", True),
        ("Ruritania\u2019s sellers shall refund the price.", True),
        ("Marlow County sellers shall refund the price.", True),
        # ... read where that word stands, also when it opens the claim's second sentence.
        ("The seller shall refund the price. Ruritania Buyers may object.", True),
        ("Seller's duty: refund the price within 10 days.", False),
        ("Sellers shall refund the price within 10 days.", False),
        ("Buyer Returns start the 10 days.", False),
        # A possessive inside the sentence is read as its word.
        ("The seller shall refund Ruritania's price.", True),
        ("The seller's refund of the price is due within 10 days.", False),
    ],
)
def test_unnamed_reads_capitals_inside_a_sentence(claim: str, names: bool) -> None:
    with active(PARTIES):
        assert unnamed(claim, tokenize(claim), unit(REFUND)) is names


def test_an_unnamed_claim_is_neutral_at_half_its_coverage_without_a_span() -> None:
    claim = "Under Ruritanian law, the seller shall refund the price."
    with active(PARTIES):
        coverage = align_claim(claim, unit(REFUND), JudgeThresholds()).coverage
    assert 0 < coverage < 1
    assert judged(claim, REFUND) == Judgment("doc#0", "lexical", Verdict.NEUTRAL, coverage / 2)


# --- the coverage thresholds, met exactly -------------------------------------------------------

GOODS = (
    "The seller shall refund the price of the goods to the buyer within 10 days after the buyer "
    "returns the goods."
)
# Ten content words, nine of them the passage's ("duly" is not): coverage 0.9.
DULY = (
    "The seller shall duly refund the price of the goods to the buyer within 10 days after "
    "the buyer returns the goods."
)


def test_coverage_at_the_decline_threshold_is_the_paraphrase_zone() -> None:
    # Five content words, three the passage's: 0.6, where lexical declines, not neutral.
    claim = "The seller shall refund the price of ships and boats."
    with active(PARTIES):
        assert align_claim(claim, unit(REFUND), JudgeThresholds()).coverage == 0.6
    assert judged(claim, REFUND) is None


def test_coverage_at_the_ruling_threshold_rules() -> None:
    with active(PARTIES):
        assert align_claim(DULY, unit(GOODS), JudgeThresholds()).coverage == 0.9
    judgment = judged(DULY, GOODS)
    assert judgment is not None
    assert (judgment.verdict, judgment.score) == (Verdict.ENTAILS, 0.9)
    # Ruled neutral there (a condition dropped), it is a weak neutral: half the coverage.
    judgment = judged(DULY, GOODS[:-1] + ", if the buyer asks.")
    assert judgment is not None
    assert (judgment.verdict, judgment.score) == (Verdict.NEUTRAL, 0.45)


def test_the_thresholds_bound_the_sentences_one_claim_is_aligned_with() -> None:
    text = "The seller shall refund the price. The buyer shall return the goods."
    claim = "The seller shall refund the price and the buyer shall return the goods."
    wide = judged(claim, text)
    narrow = judged(claim, text, LexicalJudge(JudgeThresholds(align_max_sentences=1)))
    assert wide is not None and narrow is not None
    assert (wide.verdict, wide.score) == (Verdict.ENTAILS, 1.0)
    assert (narrow.verdict, narrow.score) == (Verdict.NEUTRAL, 0.5)


# --- dropped_limit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "text", "dropped"),
    [
        # Two quoted words, the limit between them.
        ("The seller extends.", "The seller once extends.", True),
        # The limit right behind the passage's first word.
        ("Sellers may extend the deadline.", "Sellers once may extend the deadline.", True),
        # Two quoted words in two sentences are skipped, not the words after them.
        (
            "The seller pays and the buyer may extend the deadline by ten days.",
            "The seller pays. The buyer may extend the deadline once by ten days.",
            True,
        ),
        # No word quoted: nothing dropped.
        ("Nothing here matches.", "The seller once extends.", False),
    ],
)
def test_dropped_limit_reads_between_each_two_quoted_words(
    claim: str, text: str, dropped: bool
) -> None:
    with active(PARTIES):
        alignment = align_claim(claim, unit(text), JudgeThresholds())
    assert dropped_limit(alignment) is dropped

"""The negation judge agrees only where the claim is quoted (docs/design.md#the-judges): a
negation in a sentence that shares a stray word or two with the claim (the list item before)
says nothing about the claim, while a claim that joins two sentences quotes both."""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.judges import NegationJudge
from citenexus.judges.align import QUOTED_SHARE, quoted_sentences
from citenexus.judges.align import sentence_of as start_of
from tests.support.judging import aligned, paired, verdict

JUDGE = NegationJudge()
ITEMS = (
    "(c) Return every book to the member when the loan ends, unless the rules require the "
    "library to keep it;\n\n"
    "(d) Make available to the member all records needed to show that the library follows "
    "this part;"
)


def test_a_negation_of_the_list_item_before_is_no_agreement() -> None:
    claim = (
        "The agreement need not require the library to make available to the member the "
        "records needed to show that the library follows this part."
    )
    # "require the library" pairs into item (c), whose "unless" covers it: that is another
    # item's exception, not the claim's denial.
    assert verdict(JUDGE, claim, ITEMS) is not Verdict.ENTAILS


def test_a_claim_joining_two_sentences_agrees_with_the_second_one() -> None:
    text = (
        "A club may collect a guest's phone number solely to ask a member to vouch for the "
        "guest. If the club has not reached the member within 14 days after collecting the "
        "number, it shall delete the number."
    )
    claim = (
        "A guest's phone number collected solely to ask a member to vouch must be deleted if "
        "the club has not reached the member within 14 days of collecting it."
    )
    assert verdict(JUDGE, claim, text) is Verdict.ENTAILS


def test_a_sentence_is_quoted_from_a_quarter_of_the_claim_s_words() -> None:
    text = "Oak ash. Elm yew fir. Box bay pine rowan."
    claim = "oak elm yew fir box bay pine rowan"
    # the claim's eight words: 1 in the first sentence, 3 in the second, 4 in the third
    alignment = paired(
        claim, text, [(0, 0), (1, 3), (2, 4), (3, 5), (4, 7), (5, 8), (6, 9), (7, 10)]
    )
    starts = sorted({start_of(alignment.unit, u) for _, u in alignment.pairs})
    assert QUOTED_SHARE == 0.25
    # the third holds the most, the second two of eight (a quarter), the first one of eight
    assert quoted_sentences(alignment) == frozenset(starts[1:])
    # six words: one, two (a third) and three
    fewer = paired(claim, text, [(0, 0), (1, 3), (2, 4), (4, 7), (5, 8), (6, 9)])
    assert quoted_sentences(fewer) == frozenset(starts[1:])
    # six words: one, one (a sixth) and four
    alone = paired(claim, text, [(0, 0), (1, 3), (4, 7), (5, 8), (6, 9), (7, 10)])
    assert quoted_sentences(alone) == frozenset({starts[2]})
    assert aligned(claim, text).pairs  # the texts align as well

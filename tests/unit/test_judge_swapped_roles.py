"""Three readings of who does what (docs/design.md#the-judges):

- a claim that puts the passage's other party where the passage names one ("the *buyer* bears the
  burden" for "the *seller* bears the burden"), both parties being named in both texts, states
  someone else's duty: the passage's party in that slot is paired with the claim's other party,
  which stands elsewhere in the claim. The slot ends at the sentence's end when the claim's next
  word was paired further on in the passage;
- a condition whose only quoted word is a party word ("if the buyer cancels") is dropped by
  a claim that names the buyer elsewhere;
- a subject that stands behind a preposition in the passage ("on behalf of a covered body
  shall notify") is no subject: the claim that makes it the one who acts is not supported.
"""

from __future__ import annotations

import pytest

from citenexus.domain.model import Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import JudgeThresholds, LexicalJudge
from citenexus.judges.align import sentence_end
from citenexus.judges.lexical import dropped_condition, party_swapped
from citenexus.judges.tokens import tokenize
from tests.support.judging import aligned, paired, verdict

JUDGE = LexicalJudge()
THRESHOLDS = JudgeThresholds()
PARTIES = Vocabulary.from_mapping({"parties": ["buyer", "seller"]})
BURDEN = (
    "(f) In any claim to recover an escrow payment, the seller bears the burden of proof as to "
    "the reasonableness of the amount retained.\n\n"
    "(g) A buyer who waives this rule forfeits twice the sum of the payment."
)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # the claim's other party takes the passage's party's slot; the claim's next word
        # ("sum") is paired in the next sentence, so the slot runs to the sentence's end
        (
            "In a claim to recover an escrow payment, it is the buyer who must prove that the sum "
            "the seller kept was unreasonable.",
            True,
        ),
        # the same party in the same slot: no swap
        (
            "In a claim to recover an escrow payment, the seller must prove that the sum it "
            "retained was reasonable.",
            False,
        ),
    ],
)
def test_a_party_in_the_other_partys_slot_is_a_swap(claim: str, expected: bool) -> None:
    with active(PARTIES):
        assert party_swapped(aligned(claim, BURDEN, THRESHOLDS)) is expected


def test_the_swapped_burden_is_not_supported() -> None:
    with active(PARTIES):
        said = verdict(
            JUDGE,
            "In a claim to recover an escrow payment, it is the buyer who must prove that the sum "
            "the seller kept was unreasonable.",
            BURDEN,
        )
    assert said is Verdict.NEUTRAL


def test_a_party_paired_inside_its_slot_is_no_swap() -> None:
    passage = "In a claim to recover a payment, the buyer and the seller share the costs."
    with active(PARTIES):
        alignment = aligned(
            "In a claim to recover a payment, the seller and the buyer share the costs.",
            passage,
            THRESHOLDS,
        )
        assert not party_swapped(alignment)


def test_a_slot_is_read_only_from_a_home_sentence() -> None:
    """The claim's first word paired in a sentence that holds few of its words (a scattered
    alignment): the slot up to that sentence's end is not the claim's, and the other party
    named there is not read as swapped in."""
    claim = "A statement of the seller is kept for three years after the sale."
    passage = (
        "A statement weighs what flows to the seller and the buyer. A seller keeps each "
        "statement for three years after the sale."
    )
    scattered = [(1, 1), (4, 13), (6, 14), (8, 18), (11, 21)]
    with active(PARTIES):
        assert not party_swapped(paired(claim, passage, scattered))
        # the same pairs with the first word in the home sentence: nothing to read either
        assert not party_swapped(paired(claim, passage, [(1, 16), *scattered[1:]]))


def test_a_sentence_ends_after_its_last_token() -> None:
    tokens = tokenize("The seller pays. The buyer waits.")
    words = [t.word for t in tokens]
    end = sentence_end(tokens, words.index("seller"))
    assert words[end - 1] == "."
    assert words[end] == "the"
    assert sentence_end(tokens, words.index("waits")) == len(tokens)
    assert sentence_end(tokens, 0) == end


NOTIFY = (
    "(4) Service providers. A service provider that keeps data on behalf of a covered body shall "
    "notify the covered body of a breach without unreasonable delay, and shall not charge for "
    "its help."
)


def test_a_subject_behind_a_preposition_does_not_act() -> None:
    claim = (
        "A covered body must notify its service provider of a breach without unreasonable delay."
    )
    assert verdict(JUDGE, claim, NOTIFY) is Verdict.NEUTRAL
    # the faithful reading: the provider notifies the body
    faithful = (
        "A service provider that keeps data on behalf of a covered body must notify the covered "
        "body of a breach without unreasonable delay."
    )
    assert verdict(JUDGE, faithful, NOTIFY) is Verdict.ENTAILS


def test_a_fragment_behind_a_preposition_is_still_supported() -> None:
    """The passage's own subject ("a service provider") is not in the claim: the words in front
    of the verb are the claim's, as the passage has them."""
    fragment = "a covered body shall notify the covered body of a breach"
    assert verdict(JUDGE, fragment, NOTIFY) is Verdict.ENTAILS


def test_a_subject_in_front_of_the_verb_outside_a_relative_clause_acts() -> None:
    passage = (
        "A service provider that keeps data for a covered body must tell it. A covered body "
        "shall notify its service provider of a breach without unreasonable delay."
    )
    claim = (
        "A covered body must notify its service provider of a breach without unreasonable delay."
    )
    assert verdict(JUDGE, claim, passage) is Verdict.ENTAILS


CANCELS = (
    "The seller shall return the deposit within ten days, if the buyer cancels the order in "
    "writing."
)


def test_a_condition_quoted_only_by_a_party_word_is_dropped() -> None:
    """A party word is in nearly every clause: the claim's "buyer", paired with the condition's,
    quotes none of the condition ("if the buyer cancels the order in writing")."""
    with active(PARTIES):
        dropped = "The seller shall return the deposit within ten days to the buyer."
        assert dropped_condition(aligned(dropped, CANCELS, THRESHOLDS))
        assert verdict(JUDGE, dropped, CANCELS) is Verdict.NEUTRAL
        kept = "The seller shall return the deposit within ten days if the buyer cancels the order."
        assert not dropped_condition(aligned(kept, CANCELS, THRESHOLDS))
        assert verdict(JUDGE, kept, CANCELS) is Verdict.ENTAILS

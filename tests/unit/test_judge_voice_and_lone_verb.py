"""Three readings of the lexical judge and its aligner (docs/design.md#the-judges):

- a verb passive in one text ("are not included") and active in the other ("do not include") is
  a change of voice: its subject moved on purpose, so order and subject checks cannot read it;
- a word paired outside the home sentence is re-paired there between the pairs its claim
  neighbours have in that sentence, whatever other sentence a neighbour was paired in;
- a claim verb whose only pair stands alone in another sentence is said there in other words:
  that sentence's subject is not read as the claim's.
"""

from __future__ import annotations

from citenexus.domain.model import Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.align import sentence_of
from citenexus.judges.lexical import subject_moved, voice_changed, voice_pair
from tests.support.judging import aligned, paired, verdict

JUDGE = LexicalJudge()

DAYS = (
    "The member must pay the fee within three days after the notice. The three days do not "
    "include Saturdays, Sundays, or other public holidays."
)


def test_a_passive_claim_against_an_active_passage_is_a_change_of_voice() -> None:
    claim = "Saturdays, Sundays, and other public holidays are not included in the three days."
    alignment = aligned(claim, DAYS)
    assert voice_pair(alignment) is not None
    assert voice_changed(alignment)
    assert verdict(JUDGE, claim, DAYS) is None  # the paraphrase zone: lexical declines


def test_an_active_claim_against_a_passive_passage_is_a_change_of_voice() -> None:
    passage = "The use of the hall must be governed by a written contract between the club and the member."
    claim = "The club and the member must sign a written contract that governs the use of the hall."
    assert voice_pair(aligned(claim, passage)) is not None


def test_the_same_voice_in_both_texts_is_no_change() -> None:
    claim = "Saturdays and Sundays are not included in the three days."
    passage = "Saturdays and Sundays are not included in the three days of notice."
    assert voice_pair(aligned(claim, passage)) is None
    # A word behind "be" that is no participle.
    assert voice_pair(aligned("The fee is due.", "The member pays the fee that is due.")) is None


def test_a_gerund_in_the_other_text_names_the_act_and_is_no_active_verb() -> None:
    claim = "The member may appeal before the action is filed."
    passage = "The member may appeal before filing the action."
    assert voice_pair(aligned(claim, passage)) is None


def test_a_passage_word_two_claim_words_quote_is_not_read_for_voice() -> None:
    claim = "A person alleged to have violated the rule is alleged to be violated."
    passage = "The provisions alleged to be violated are listed."
    alignment = aligned(claim, passage)
    uses = [u for _, u in alignment.pairs]
    assert any(uses.count(u) > 1 for u in uses)
    assert voice_pair(alignment) is None
    # The same pair alone, quoted once, is read.
    words = [t.word for t in alignment.claim]
    units = [t.word for t in alignment.unit]
    once = paired(claim, passage, [(words.index("violated"), units.index("violated"))])
    assert voice_pair(once) is not None


NOTICE = (
    "The manager shall give the member reasonable written notice of the intent to enter. "
    "Written notice given a day before is presumed reasonable. The notice shall state the date, "
    "the approximate time, and the purpose of the entry."
)


def test_the_subject_is_re_paired_in_the_home_sentence_past_a_neighbour_paired_elsewhere() -> None:
    claim = "The notice must give the date, the approximate time and the purpose of the entry."
    alignment = aligned(claim, NOTICE)
    by_word = {alignment.claim[c].word: u for c, u in alignment.pairs}
    assert sentence_of(alignment.unit, by_word["notice"]) == sentence_of(
        alignment.unit, by_word["date"]
    )
    # "give" stands only in the first sentence: a lone verb said there in other words.
    assert sentence_of(alignment.unit, by_word["give"]) != sentence_of(
        alignment.unit, by_word["date"]
    )
    assert not subject_moved(alignment)
    assert verdict(JUDGE, claim, NOTICE) is Verdict.ENTAILS


def test_a_verb_quoted_with_its_objects_in_another_sentence_keeps_that_sentences_subject() -> None:
    passage = (
        "If the manager fails to repair a condition that makes the hall unusable, the member may "
        "choose a remedy.\n(1) The member may arrange for the repair and deduct its cost from "
        "the fee."
    )
    claim = (
        "If the member fails to repair a condition that makes the hall unusable, the manager may "
        "arrange for the repair and deduct its cost from the fee."
    )
    assert subject_moved(aligned(claim, passage))
    assert verdict(JUDGE, claim, passage) is not Verdict.ENTAILS

"""A word paired outside the sentence holding most of the claim's words is re-paired with its use
in that sentence, when one stands between its claim neighbours' pairs there
(docs/design.md#the-judges): a claim that moves a clause quotes its own sentence's words."""

from __future__ import annotations

from citenexus.judges.align import sentence_of
from tests.support.judging import aligned

PASSAGE = (
    "(4) Before March 1, 2027, and before opening a review for a breach of this part, the "
    "auditor or a deputy auditor shall issue a warning of breach to the member if the auditor "
    "or deputy auditor considers a cure possible. If the member fails to cure the breach within "
    "60 days after receiving the warning of breach, the review may be opened.\n\n"
    "(5) On and after March 1, 2027, the auditor and deputy auditors may open a review for a "
    "breach of this part without first issuing a warning of breach, and no cure period applies."
)


def _sentences(claim: str) -> dict[str, int]:
    alignment = aligned(claim, PASSAGE)
    return {
        alignment.claim[c].word or alignment.claim[c].norm: sentence_of(alignment.unit, u)
        for c, u in alignment.pairs
    }


def test_a_value_of_a_moved_clause_is_paired_in_its_own_sentence() -> None:
    """The longest subsequence reaches for the first "March 1, 2027"; the claim's is the one of
    the sentence that holds its other words."""
    found = _sentences(
        "After March 1, 2027, no cure period applies and the auditor may open a review without "
        "first issuing a warning of breach."
    )
    date = next(word for word in found if word.startswith("date="))
    assert found[date] == found["cure"] == found["issuing"]


def test_a_use_outside_the_neighbours_pairs_is_not_taken() -> None:
    """ "60 days" stands only in sentence (4): nothing to re-pair it with in the home sentence."""
    found = _sentences(
        "No cure period applies, and the auditor may open a review within 60 days without first "
        "issuing a warning of breach."
    )
    days = next(word for word in found if word.startswith("days="))
    assert found[days] != found["issuing"]

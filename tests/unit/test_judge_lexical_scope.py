"""The lexical judge refuses what a passage does not say of the claim's own case: a name the
passage never names, the claim's first word in another's slot, a subject the passage's sentences
do not hold, a leading "After ..."/"When ..." clause or a condition between the quoted words
dropped, the case of an alternative dropped, a party put where the passage names another, a
trailing "only ..." restriction dropped, a subject's restriction dropped
(docs/design.md#judges-that-decline-and-the-judge-benchmark). Each rule is shown with the
faithful claim it must still support."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.domain.vocabulary import Vocabulary, active
from citenexus.judges import LexicalJudge

JUDGE = LexicalJudge()
# Who the parties are is lane configuration (its vocabulary): here a buyer and a seller.
PARTIES = Vocabulary.from_mapping({"parties": ["buyer", "seller"]})

REFUND = (
    "(a) Within 10 days after the buyer returns the goods, the seller shall refund the price. "
    "(b) A seller who fails to refund the price within that period owes interest on it."
)
SERVICE = (
    "(a) After a member has paid dues for 12 months, the club shall not expel the member "
    "without a hearing."
)
BADGE = (
    "An employer may require an employee to wear a badge as a condition of employment only for "
    "the purposes of entering secure areas."
)
DUTY = (
    "ADMINISTRATIVE ACT. (3) A carrier that stores cargo shall keep a written log of each item "
    "and the date the owner last collects any item."
)
WAREHOUSE = (
    "(3) A warehouse that stores cargo shall keep a written log of each item and the date each "
    "item was last collected."
)
HEADINGS = {id(DUTY): "ADMINISTRATIVE ACT", id(WAREHOUSE): "CARRIER DUTIES"}
PENALTY = (
    "(e) A seller found liable is liable to the buyer for the price and, if the seller acted "
    "in bad faith, for a penalty of not more than $500 for each sale."
)
NOTICE = (
    "A notice is served on the buyer. The notice shall state the address of the person to whom "
    "the price is to be paid."
)
PENALTY_SETTING = (
    "(c) In setting the penalty, the court shall consider the good faith of the seller. "
    "(d) The buyer may appeal."
)
COPY = "(f) The seller shall give the buyer, on request, a copy of the invoice."
DISCLOSE = "(b) A seller that charges a fee shall disclose the fee in writing."
FILING = (
    "(2) A claim must be filed within one year after the date of the sale or, for a series of "
    "sales, within one year after the date of the last sale."
)
PRONOUN = "For a small order, you can ask for up to two months' fees as a refund."
COURT = (
    "(i) If a court finds that a seller kept the price in bad faith, the court may award the "
    "buyer damages of up to twice the price."
)


def verdict(claim: str, text: str, heading: str = "") -> Verdict | None:
    with active(PARTIES):
        judgment = JUDGE.judge(
            claim, Unit(document_id="doc", ordinal=0, text=text, heading=heading)
        )
    return None if judgment is None else judgment.verdict


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # A place (or any name) the passage never names: the passage cannot tell its rule.
        (
            "Under Ruritanian law, within 10 days after the buyer returns the goods, the seller "
            "shall refund the price.",
            REFUND,
            Verdict.NEUTRAL,
        ),
        (
            "Within 10 days after the buyer returns the goods, the seller shall refund the price.",
            REFUND,
            Verdict.ENTAILS,
        ),
        # A name the passage holds, in its heading, is no stranger.
        (
            "Under the Administrative Act, a carrier that stores cargo shall keep a written log "
            "of each item.",
            DUTY,
            Verdict.ENTAILS,
        ),
        # The claim's first word put in the slot of the passage's ("A buyer who fails ..." for
        # "A seller who fails ..."; the buyer is named elsewhere).
        (
            "A buyer who fails to refund the price within that period owes interest on it.",
            REFUND,
            Verdict.NEUTRAL,
        ),
        (
            "A seller who fails to refund the price within that period owes interest on it.",
            REFUND,
            Verdict.ENTAILS,
        ),
        # A subject the passage's sentences never name, though its heading holds the word.
        (
            "A carrier that stores cargo shall keep a written log of each item.",
            WAREHOUSE,
            Verdict.NEUTRAL,
        ),
        # The sentence's leading "After ..." clause dropped: the rule stated for every case.
        ("The club shall not expel the member without a hearing.", SERVICE, Verdict.NEUTRAL),
        (
            "After a member has paid dues for 12 months, the club shall not expel the member "
            "without a hearing.",
            SERVICE,
            Verdict.ENTAILS,
        ),
        # A trailing "only ..." restriction dropped; kept, the claim is the passage's.
        (
            "An employer may require an employee to wear a badge as a condition of employment.",
            BADGE,
            Verdict.NEUTRAL,
        ),
        (
            "An employer may require an employee to wear a badge as a condition of employment "
            "only for the purposes of entering secure areas.",
            BADGE,
            Verdict.ENTAILS,
        ),
        # A condition between the quoted words stepped over; kept, the claim is the passage's.
        (
            "A seller found liable is liable to the buyer for a penalty of not more than $500 "
            "for each sale.",
            PENALTY,
            Verdict.NEUTRAL,
        ),
        (
            "A seller found liable is liable to the buyer for a penalty of not more than $500 "
            "for each sale if the seller acted in bad faith.",
            PENALTY,
            Verdict.ENTAILS,
        ),
        # A party put where the passage names another (the buyer is named elsewhere), in the
        # paraphrase zone too ("owes" is not the passage's word); the passive moves its agent.
        (
            "The notice shall state the address of the buyer who owes the price.",
            NOTICE,
            Verdict.NEUTRAL,
        ),
        (
            "The notice shall state the address of the person to whom the price is paid.",
            NOTICE,
            Verdict.ENTAILS,
        ),
        # The subject behind a leading phrase is read as the claim's subject.
        (
            "In setting the penalty, the buyer shall consider the good faith of the seller.",
            PENALTY_SETTING,
            Verdict.NEUTRAL,
        ),
        (
            "In setting the penalty, the court shall consider the good faith of the seller.",
            PENALTY_SETTING,
            Verdict.ENTAILS,
        ),
        # A rule put in the passive without its agent ("must be given") where the passage is
        # active: its subject is the passage's object, which the subject check cannot read.
        (
            "On request, the buyer must be given a copy of the invoice.",
            COPY,
            None,
        ),
        # The restriction the passage puts on the rule's subject dropped.
        (
            "A seller shall disclose the fee in writing.",
            DISCLOSE,
            Verdict.NEUTRAL,
        ),
        (
            "A seller that charges a fee shall disclose the fee in writing.",
            DISCLOSE,
            Verdict.ENTAILS,
        ),
        # The second of two alternatives stated without the case the passage gives it.
        (
            "A claim must be filed within one year after the date of the last sale.",
            FILING,
            Verdict.NEUTRAL,
        ),
        (
            "A claim must be filed within one year after the date of the sale.",
            FILING,
            Verdict.ENTAILS,
        ),
        # A pronoun in front of the passage's modal names the subject the claim names.
        (
            "For a small order, a buyer can ask for a refund of up to two months' fees.",
            PRONOUN,
            None,
        ),
        # The same subject said again in front of the passage's modal is the claim's subject.
        (
            "A court that finds a seller kept the price in bad faith may award the buyer damages "
            "of up to twice the price.",
            COURT,
            Verdict.ENTAILS,
        ),
    ],
)
def test_lexical_reads_the_claims_own_case(claim: str, text: str, expected: Verdict | None) -> None:
    assert verdict(claim, text, heading=HEADINGS.get(id(text), "")) is expected

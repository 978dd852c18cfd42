"""The default judges together, applied the way the pipeline applies them: a unit supports a
claim when every judge that judged the pair said entails and at least one judged.

The table is statutory-style text written for these tests. ``SUPPORTED`` must be supported;
every row of ``NOT_SUPPORTED`` must not be, and names the distortion it tests.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

import pytest

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges import default_judges
from citenexus.ports import Judge

DEPOSIT = (
    "Within twenty-one (21) days after the tenant vacates the premises, the landlord shall "
    "return the security deposit to the tenant, less any amount lawfully deducted for unpaid "
    "rent, for repairing damage beyond ordinary wear and tear, and for cleaning."
)
NOTICE = (
    "A landlord who intends to terminate a periodic tenancy shall give the tenant written notice "
    "at least 60 days before the date of termination. A tenant who intends to terminate a "
    "periodic tenancy shall give the landlord written notice at least 30 days before the date "
    "of termination."
)
ENTRY = (
    "The landlord may not enter the dwelling unit except in an emergency, to make necessary "
    "repairs, or to show the unit to prospective tenants, and only after giving the tenant at "
    "least 24 hours' written notice."
)
RENT = (
    "The tenant shall pay rent to the landlord on the first day of each calendar month at the "
    "address stated in the rental agreement."
)
LATE_FEE = (
    "A late fee may not exceed five percent of the monthly rent and may be charged only if rent "
    "remains unpaid more than five days after the due date."
)
SUBLET = (
    "The tenant shall not assign the lease or sublet the premises without the prior written "
    "consent of the landlord, which consent shall not be unreasonably withheld."
)
CAP = (
    "A landlord may not demand or receive security in an amount exceeding two months' rent for "
    "an unfurnished residential unit."
)
EFFECTIVE = (
    "This chapter applies to every rental agreement entered into on or after January 1, 2025."
)
PENALTY = (
    "A landlord who retains a security deposit in bad faith is liable to the tenant for a "
    "penalty of up to twice the amount of the deposit, in addition to actual damages."
)
HABITABILITY = (
    "The landlord must keep the premises in a condition fit for human habitation and must "
    "repair, within 30 days of written notice, any defect that renders the premises "
    "untenantable."
)
STATEMENT = (
    "The landlord shall provide an itemized statement of deductions within 14 days and shall "
    "return the remaining balance of the deposit within 21 days."
)
APPLICATION_FEE = "An application screening fee shall not exceed $50 per applicant."

SUPPORTED: list[tuple[str, str, str]] = [
    ("verbatim quote", DEPOSIT, DEPOSIT),
    ("verbatim quote", NOTICE, NOTICE),
    ("verbatim quote", SUBLET, SUBLET),
    (
        "contiguous fragment",
        DEPOSIT,
        "the landlord shall return the security deposit to the tenant",
    ),
    (
        "contiguous fragment",
        ENTRY,
        "The landlord may not enter the dwelling unit except in an emergency",
    ),
    (
        "contiguous fragment",
        ENTRY,
        "only after giving the tenant at least 24 hours' written notice",
    ),
    ("contiguous fragment", SUBLET, "which consent shall not be unreasonably withheld"),
    (
        "case and punctuation",
        DEPOSIT,
        "WITHIN TWENTY-ONE (21) DAYS AFTER THE TENANT VACATES THE PREMISES THE LANDLORD SHALL "
        "RETURN THE SECURITY DEPOSIT TO THE TENANT",
    ),
    (
        "case and punctuation",
        RENT,
        "the tenant shall pay rent to the landlord, on the first day of each calendar month",
    ),
    ("faithful compression", DEPOSIT, "The landlord must return the deposit within 21 days."),
    (
        "faithful compression",
        DEPOSIT,
        "Within 21 days after the tenant vacates, the landlord must return the security deposit.",
    ),
    (
        "faithful compression",
        NOTICE,
        "A tenant must give the landlord written notice at least 30 days before termination.",
    ),
    (
        "faithful compression",
        NOTICE,
        "A landlord who intends to terminate a periodic tenancy shall give the tenant written "
        "notice at least sixty days before the date of termination.",
    ),
    (
        "faithful compression",
        RENT,
        "The tenant shall pay rent to the landlord on the first day of each month.",
    ),
    ("faithful compression", LATE_FEE, "A late fee may not exceed 5% of the monthly rent."),
    (
        "faithful compression",
        LATE_FEE,
        "A late fee may be charged only if rent remains unpaid more than 5 days after the due date.",
    ),
    (
        "faithful compression",
        SUBLET,
        "The tenant shall not sublet the premises without the prior written consent of the landlord.",
    ),
    (
        "faithful compression",
        CAP,
        "A landlord may not demand security exceeding two months' rent for an unfurnished unit.",
    ),
    (
        "faithful compression",
        EFFECTIVE,
        "This chapter applies to rental agreements entered into on or after 2025-01-01.",
    ),
    (
        "faithful compression",
        PENALTY,
        "A landlord who retains a security deposit in bad faith is liable for a penalty of up to "
        "twice the amount of the deposit.",
    ),
    (
        "faithful compression",
        HABITABILITY,
        "The landlord must repair, within thirty days of written notice, any defect that renders "
        "the premises untenantable.",
    ),
    (
        "faithful compression",
        HABITABILITY,
        "The landlord must keep the premises fit for human habitation.",
    ),
    (
        "faithful compression",
        STATEMENT,
        "The landlord shall return the remaining balance of the deposit within 21 days.",
    ),
    (
        "faithful compression",
        APPLICATION_FEE,
        "An application screening fee may not exceed 50 dollars.",
    ),
]

NOT_SUPPORTED: list[tuple[str, str, str]] = [
    (
        "role swap",
        RENT,
        "The landlord shall pay rent to the tenant on the first day of each calendar month.",
    ),
    (
        "role swap",
        DEPOSIT,
        "The tenant shall return the security deposit to the landlord within 21 days.",
    ),
    (
        "role swap",
        SUBLET,
        "The landlord shall not assign the lease or sublet the premises without the prior written "
        "consent of the tenant.",
    ),
    (
        "role swap",
        PENALTY,
        "A tenant who retains a security deposit in bad faith is liable to the landlord for a penalty.",
    ),
    (
        "value swap",
        NOTICE,
        "A landlord who intends to terminate a periodic tenancy shall give the tenant written "
        "notice at least 30 days before the date of termination.",
    ),
    (
        "value swap",
        STATEMENT,
        "The landlord shall provide an itemized statement of deductions within 21 days and shall "
        "return the remaining balance of the deposit within 14 days.",
    ),
    (
        "value swap",
        STATEMENT,
        "The landlord shall return the remaining balance of the deposit within 14 days.",
    ),
    (
        "reversed comparison",
        NOTICE,
        "A landlord who intends to terminate a periodic tenancy shall give the tenant written "
        "notice at most 60 days before the date of termination.",
    ),
    (
        "reversed comparison",
        LATE_FEE,
        "A late fee may be charged only if rent remains unpaid less than five days after the due date.",
    ),
    (
        "reversed comparison",
        ENTRY,
        "only before giving the tenant at least 24 hours' written notice",
    ),
    (
        "reversed comparison",
        EFFECTIVE,
        "This chapter applies to every rental agreement entered into before January 1, 2025.",
    ),
    (
        "reversed comparison",
        CAP,
        "A landlord may not demand or receive security in an amount below two months' rent.",
    ),
    (
        "reversed comparison",
        APPLICATION_FEE,
        "An application screening fee shall be at least $50 per applicant.",
    ),
    ("dropped negation", ENTRY, "The landlord may enter the dwelling unit except in an emergency."),
    (
        "dropped negation",
        SUBLET,
        "The tenant shall assign the lease or sublet the premises without the prior written "
        "consent of the landlord.",
    ),
    (
        "dropped negation",
        CAP,
        "A landlord may demand or receive security in an amount exceeding two months' rent for an "
        "unfurnished residential unit.",
    ),
    ("dropped negation", DEPOSIT, "The landlord may deduct amounts for ordinary wear and tear."),
    ("dropped negation", SUBLET, "Consent may be unreasonably withheld."),
    (
        "added negation",
        DEPOSIT,
        "The landlord shall not return the security deposit to the tenant within 21 days.",
    ),
    (
        "added negation",
        RENT,
        "The tenant shall not pay rent to the landlord on the first day of each calendar month.",
    ),
    (
        "added negation",
        HABITABILITY,
        "The landlord need not keep the premises in a condition fit for human habitation.",
    ),
    ("added negation", CAP, "No landlord may demand security for an unfurnished residential unit."),
    ("wrong number", DEPOSIT, "The landlord must return the deposit within 30 days."),
    ("wrong number", DEPOSIT, "The landlord must return the deposit within thirty days."),
    ("wrong number", LATE_FEE, "A late fee may not exceed 10% of the monthly rent."),
    ("wrong number", ENTRY, "only after giving the tenant at least 48 hours' written notice"),
    (
        "wrong number",
        CAP,
        "A landlord may not demand security in an amount exceeding three months' rent.",
    ),
    (
        "wrong number",
        NOTICE,
        "A tenant who intends to terminate a periodic tenancy shall give the landlord written "
        "notice at least 21 days before the date of termination.",
    ),
    (
        "wrong number",
        APPLICATION_FEE,
        "An application screening fee shall not exceed $500 per applicant.",
    ),
    (
        "wrong number",
        HABITABILITY,
        "The landlord must repair any defect within 3 weeks of written notice.",
    ),
    (
        "wrong date",
        EFFECTIVE,
        "This chapter applies to every rental agreement entered into on or after January 1, 2024.",
    ),
    (
        "wrong date",
        EFFECTIVE,
        "This chapter applies to rental agreements entered into on or after 2025-02-01.",
    ),
    (
        "unrelated overlap",
        RENT,
        "The landlord shall state the address of the tenant in the rental agreement.",
    ),
    (
        "unrelated overlap",
        DEPOSIT,
        "The tenant shall pay for cleaning the premises after the landlord vacates.",
    ),
    (
        "unrelated overlap",
        SUBLET,
        "The landlord shall not unreasonably withhold the lease from a prior tenant.",
    ),
    (
        "unrelated overlap",
        HABITABILITY,
        "The tenant must repair any defect in the premises within 30 days of written notice.",
    ),
    (
        "unrelated overlap",
        ENTRY,
        "The tenant may show the dwelling unit to prospective tenants in an emergency.",
    ),
    (
        "unrelated overlap",
        LATE_FEE,
        "The monthly rent may be charged only if a late fee remains unpaid after the due date.",
    ),
]


class BagOfWordsEmbedder:
    """A deterministic test embedder: hashed, L2-normalised bags of lower-cased words."""

    name = "test-bag-of-words"
    dimension = 64

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._one(text) for text in texts]

    def _one(self, text: str) -> list[float]:
        vector = [0.0] * self.dimension
        for word in "".join(c if c.isalnum() else " " for c in text.lower()).split():
            digest = hashlib.blake2b(word.encode(), digest_size=4).digest()
            vector[int.from_bytes(digest, "big") % self.dimension] += 1.0
        norm = math.sqrt(sum(x * x for x in vector)) or 1.0
        return [x / norm for x in vector]


def judgments_of(judges: Sequence[Judge], claim: str, unit: Unit) -> list[Judgment]:
    """What the judges that did not decline said about the pair."""
    found = [judge.judge(claim, unit) for judge in judges]
    return [j for j in found if j is not None]


def supports(judges: Sequence[Judge], claim: str, unit: Unit) -> bool:
    """The pipeline's rule: every judge that judged said entails, and at least one judged."""
    judged = judgments_of(judges, claim, unit)
    return bool(judged) and all(j.verdict is Verdict.ENTAILS for j in judged)


def unit_of(text: str) -> Unit:
    return Unit(document_id="ca-civ", ordinal=1, text=text, heading="Civil Code 1950.5")


TEXT_JUDGES = default_judges()


@pytest.mark.parametrize(("case", "unit_text", "claim"), SUPPORTED)
def test_the_default_judges_support_faithful_claims(case: str, unit_text: str, claim: str) -> None:
    judged = judgments_of(TEXT_JUDGES, claim, unit_of(unit_text))
    assert supports(TEXT_JUDGES, claim, unit_of(unit_text)), (case, judged)


@pytest.mark.parametrize(("case", "unit_text", "claim"), NOT_SUPPORTED)
def test_the_default_judges_do_not_support_distorted_claims(
    case: str, unit_text: str, claim: str
) -> None:
    judged = judgments_of(TEXT_JUDGES, claim, unit_of(unit_text))
    assert not supports(TEXT_JUDGES, claim, unit_of(unit_text)), (case, judged)


def test_every_distortion_kind_the_spec_names_is_in_the_table() -> None:
    kinds = {case for case, _, _ in NOT_SUPPORTED}
    assert kinds >= {
        "role swap",
        "value swap",
        "reversed comparison",
        "dropped negation",
        "added negation",
        "wrong number",
        "wrong date",
        "unrelated overlap",
    }


def test_a_bag_of_words_embedding_judge_does_not_break_support_for_verbatim_quotes() -> None:
    judges = default_judges(BagOfWordsEmbedder())
    assert [j.name for j in judges] == ["lexical", "numeric", "negation", "embedding"]
    for _, unit_text, claim in SUPPORTED[:3]:
        assert supports(judges, claim, unit_of(unit_text))


def test_adding_the_embedding_judge_never_turns_a_distorted_claim_into_support() -> None:
    judges = default_judges(BagOfWordsEmbedder())
    for case, unit_text, claim in NOT_SUPPORTED:
        assert not supports(judges, claim, unit_of(unit_text)), case


def test_a_pair_no_judge_can_judge_is_not_support() -> None:
    assert not supports(TEXT_JUDGES, "...", unit_of(DEPOSIT))

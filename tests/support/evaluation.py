"""A small lane and golden sets in both formats, shared by the evaluation run tests (API, pages,
browser) and the ask API tests: a California deposit statute, a Florida one, and blogs below the
lane's floor."""

from __future__ import annotations

from typing import Any

CA_DEPOSIT = (
    "Section 1950.5. Security deposits\n\n"
    "(a) This section applies to security deposits for residential rental property in California.\n\n"
    "(b) Within 21 days after the tenant has vacated the premises, the landlord shall return the "
    "security deposit to the tenant, together with an itemized statement of any deductions."
)
FL_DEPOSIT = (
    "Section 83.49. Deposit money\n\n"
    "(a) The landlord shall return the security deposit within 15 days after the tenant vacates "
    "the premises in Florida."
)
PETS = (
    "Blog: renting with pets\n\n"
    "Most owners charge pet rent of 35 to 50 dollars each month for a cat or a dog."
)

DEPOSIT_Q = "How many days does a landlord have to return a security deposit?"
PETS_Q = "How much pet rent do owners charge each month for a dog?"
PATENT_Q = "What is the statute of limitations for patent infringement on semiconductor masks?"

# The columns of examples/*/golden.csv.
GOLDEN_CSV = (
    "id,question,category,expected_status,expected_refusal_code,expected_documents,"
    "expected_value,notes\n"
    f"D1,{DEPOSIT_Q},answerable,answered,,ca-civ-1950-5,21 days,the statute\n"
    f"P1,{PETS_Q},below_floor,refused,below_authority_floor,,,only a blog says it\n"
    f"N1,{PATENT_Q},no_evidence,refused,no_relevant_evidence,,,nothing in the lane\n"
)
# The simpler format a team brings from another tool.
SIMPLE_CSV = (
    "question,expected,expect_decision,correct_docs,trap_docs\n"
    f"{DEPOSIT_Q},21 days,answer,ca-civ-1950-5,fl-83-49\n"
    f"{PETS_Q},,abstain,,\n"
    f'"{PATENT_Q}",,abstain,,blog-pets|fl-83-49\n'
)


def ingest_corpus(lane: Any) -> Any:
    from curation.services.documents import document_ingest_text

    for document_id, text, tier, jurisdiction in (
        ("ca-civ-1950-5", CA_DEPOSIT, "controlling-statute", "CA"),
        ("fl-83-49", FL_DEPOSIT, "out-of-jurisdiction", "FL"),
        ("blog-pets", PETS, "secondary-blog", "CA"),
    ):
        document_ingest_text(
            lane=lane,
            document_id=document_id,
            text=text,
            source_type="documentary",
            actor="setup",
            authority={"authority_tier": tier, "jurisdiction": jurisdiction},
            may_assert=True,
        )
    return lane

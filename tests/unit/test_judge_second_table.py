"""A second table, written after the judges' first version and run on it unchanged: the first
run missed 2 of 26 (set one) and 3 of 22 (set two); the rules those misses exposed (the subject of
the verb, the modal in front of it, "of" phrases in a subject, "fails to" as a negation, "a.m.")
were then added, and the table stays as a regression test.
"""

from __future__ import annotations

import pytest

from tests.unit.test_judge_combined import TEXT_JUDGES, judgments_of, supports, unit_of

A_TEXT = (
    "An employer shall pay each employee at least twice during each calendar month on days designated in advance as the regular paydays. "
    "Wages earned between the 1st and 15th days of the month must be paid no later than the 26th day of the month."
)
B_TEXT = (
    "A contractor may not demand a down payment exceeding 10 percent of the contract price or $1,000, whichever is less, "
    "and shall refund any deposit within 15 business days after the buyer cancels the contract."
)
C_TEXT = (
    "No person shall operate a motor vehicle on a highway unless the vehicle is registered with the department. "
    "Registration expires on December 31 of each year and must be renewed before that date."
)
D_TEXT = (
    "The seller shall disclose to the buyer, before the transfer of title, any known defect in the roof, "
    "and the buyer may rescind the contract within three days after delivery of the disclosure."
)
E_TEXT = (
    "A debt collector shall not communicate with a consumer before 8 a.m. or after 9 p.m. local time, "
    "and must cease communication within five days after receiving a written request from the consumer."
)
F_TEXT = (
    "The board shall hold a public hearing at least 14 days before adopting any fee increase, "
    "and notice of the hearing must be published in a newspaper of general circulation."
)
G_TEXT = (
    "An insurer that fails to pay a claim within 30 days after receiving proof of loss is liable for interest "
    "at the rate of 10 percent per year on the unpaid amount."
)
H_TEXT = (
    "A minor under 16 years of age may not be employed more than 3 hours on a school day, "
    "except in agricultural work performed with the consent of a parent."
)

SUPPORTED = [
    (A_TEXT, "An employer shall pay each employee at least twice during each calendar month."),
    (
        A_TEXT,
        "Wages earned between the 1st and 15th days of the month must be paid no later than the 26th day of the month.",
    ),
    (B_TEXT, "A contractor may not demand a down payment exceeding 10% of the contract price."),
    (
        B_TEXT,
        "The contractor shall refund any deposit within 15 business days after the buyer cancels.",
    ),
    (
        C_TEXT,
        "No person shall operate a motor vehicle on a highway unless the vehicle is registered.",
    ),
    (C_TEXT, "Registration expires on December 31 of each year."),
    (
        D_TEXT,
        "The seller shall disclose any known defect in the roof to the buyer before the transfer of title.",
    ),
    (D_TEXT, "the buyer may rescind the contract within 3 days after delivery of the disclosure"),
    (D_TEXT, "The seller must disclose to the buyer any known defect in the roof."),
    (
        B_TEXT,
        "A CONTRACTOR MAY NOT DEMAND A DOWN PAYMENT EXCEEDING TEN PERCENT OF THE CONTRACT PRICE OR $1,000",
    ),
    (E_TEXT, "A debt collector shall not communicate with a consumer after 9 p.m. local time."),
    (
        E_TEXT,
        "The debt collector must cease communication within five days after receiving a written request.",
    ),
    (
        F_TEXT,
        "The board shall hold a public hearing at least 14 days before adopting any fee increase.",
    ),
    (F_TEXT, "Notice of the hearing must be published in a newspaper of general circulation."),
    (
        G_TEXT,
        "An insurer that fails to pay a claim within 30 days after receiving proof of loss is liable for interest.",
    ),
    (G_TEXT, "interest at the rate of 10% per year on the unpaid amount"),
    (
        H_TEXT,
        "A minor under 16 years of age may not be employed more than 3 hours on a school day.",
    ),
    (
        H_TEXT,
        "a minor under sixteen years of age may not be employed more than three hours on a school day",
    ),
]

NOT_SUPPORTED = [
    (
        "reversed",
        A_TEXT,
        "An employer shall pay each employee at most twice during each calendar month.",
    ),
    (
        "wrong number",
        A_TEXT,
        "Wages earned between the 1st and 15th days of the month must be paid no later than the 25th day of the month.",
    ),
    (
        "role swap",
        A_TEXT,
        "An employee shall pay each employer at least twice during each calendar month.",
    ),
    (
        "dropped negation",
        B_TEXT,
        "A contractor may demand a down payment exceeding 10 percent of the contract price.",
    ),
    (
        "wrong number",
        B_TEXT,
        "A contractor may not demand a down payment exceeding 15 percent of the contract price.",
    ),
    (
        "business vs calendar",
        B_TEXT,
        "The contractor shall refund any deposit within 15 days after the buyer cancels the contract.",
    ),
    (
        "role swap",
        B_TEXT,
        "The buyer shall refund any deposit within 15 business days after the contractor cancels the contract.",
    ),
    (
        "comparison (whichever is more)",
        B_TEXT,
        "A contractor may not demand a down payment exceeding $1,000 or 10 percent of the contract price, whichever is more.",
    ),
    (
        "negation moved",
        C_TEXT,
        "A person may operate a motor vehicle on a highway if the vehicle is not registered with the department.",
    ),
    ("wrong date", C_TEXT, "Registration expires on December 30 of each year."),
    ("reversed", C_TEXT, "Registration must be renewed after that date."),
    (
        "role swap",
        D_TEXT,
        "The buyer shall disclose to the seller, before the transfer of title, any known defect in the roof.",
    ),
    (
        "wrong number",
        D_TEXT,
        "The buyer may rescind the contract within five days after delivery of the disclosure.",
    ),
    (
        "role swap (subject)",
        D_TEXT,
        "The seller may rescind the contract within three days after delivery of the disclosure.",
    ),
    (
        "reversed",
        D_TEXT,
        "The seller shall disclose to the buyer, after the transfer of title, any known defect in the roof.",
    ),
    (
        "may->must",
        D_TEXT,
        "The buyer must rescind the contract within three days after delivery of the disclosure.",
    ),
    (
        "dropped negation",
        E_TEXT,
        "A debt collector may communicate with a consumer after 9 p.m. local time.",
    ),
    (
        "wrong number",
        E_TEXT,
        "A debt collector shall not communicate with a consumer before 9 a.m.",
    ),
    (
        "role swap",
        E_TEXT,
        "The consumer must cease communication within five days after receiving a written request from the debt collector.",
    ),
    (
        "business days",
        E_TEXT,
        "The debt collector must cease communication within five business days after receiving a written request.",
    ),
    (
        "reversed",
        F_TEXT,
        "The board shall hold a public hearing at most 14 days before adopting any fee increase.",
    ),
    (
        "reversed",
        F_TEXT,
        "The board shall hold a public hearing at least 14 days after adopting any fee increase.",
    ),
    (
        "wrong number",
        F_TEXT,
        "The board shall hold a public hearing at least 10 days before adopting any fee increase.",
    ),
    (
        "unrelated overlap",
        F_TEXT,
        "Notice of the fee increase must be published in a newspaper of general circulation.",
    ),
    (
        "dropped 'fails'",
        G_TEXT,
        "An insurer that pays a claim within 30 days after receiving proof of loss is liable for interest.",
    ),
    (
        "wrong number",
        G_TEXT,
        "An insurer that fails to pay a claim within 30 days is liable for interest at the rate of 12 percent per year.",
    ),
    (
        "dropped negation",
        H_TEXT,
        "A minor under 16 years of age may be employed more than 3 hours on a school day.",
    ),
    (
        "reversed",
        H_TEXT,
        "A minor over 16 years of age may not be employed more than 3 hours on a school day.",
    ),
    (
        "reversed",
        H_TEXT,
        "A minor under 16 years of age may not be employed less than 3 hours on a school day.",
    ),
    (
        "negation/exception",
        H_TEXT,
        "A minor under 16 years of age may be employed in agricultural work without the consent of a parent.",
    ),
]


@pytest.mark.parametrize(("unit_text", "claim"), SUPPORTED)
def test_the_default_judges_support_faithful_claims_of_the_second_table(
    unit_text: str, claim: str
) -> None:
    assert supports(TEXT_JUDGES, claim, unit_of(unit_text)), judgments_of(
        TEXT_JUDGES, claim, unit_of(unit_text)
    )


@pytest.mark.parametrize(("case", "unit_text", "claim"), NOT_SUPPORTED)
def test_the_default_judges_reject_distorted_claims_of_the_second_table(
    case: str, unit_text: str, claim: str
) -> None:
    assert not supports(TEXT_JUDGES, claim, unit_of(unit_text)), case

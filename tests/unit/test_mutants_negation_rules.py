"""The negation judge's rules of the judges branch, each read as a reviewer reads a judgment: the
verdict, the score, and the span of the passage it points at (docs/design.md#the-judges).

Each case pins the whole judgment, so a rule that returns another verdict, score, key or span
for the same pair fails here (issue 16 item 5: the judges are mutation-tested)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Judgment, Unit, Verdict
from citenexus.judges import JudgeThresholds, NegationJudge
from citenexus.judges.lexical import align_claim
from citenexus.judges.negation import _widened
from citenexus.judges.tokens import text_negation_counts
from tests.support.judging import heads

JUDGE = NegationJudge()
NO_FAULT = "When the seller ends a contract for a no-fault reason, the seller shall refund the fee."
CAMPSITES = "(4) This section does not apply to seasonal rentals by campsites."
PET = "Pet rent is not returned; a deposit is returned to the tenant at the end of the tenancy."
SUBLET = "The tenant may not sublet the unit unless the landlord agrees in writing."


def unit_of(text: str) -> Unit:
    return Unit(document_id="doc", ordinal=3, text=text)


def judged(claim: str, text: str, judge: NegationJudge = JUDGE) -> tuple[Judgment | None, str]:
    """The judgment and the words of the passage its span points at."""
    unit = unit_of(text)
    judgment = judge.judge(claim, unit)
    span = judgment.span if judgment is not None else None
    return judgment, text[span[0] : span[1]] if span else ""


@pytest.mark.parametrize(
    ("claim", "text", "verdict", "score", "words"),
    [
        # A flip inside the claim's condition: the rule of another case, pointed at the flipped word.
        (
            "When the seller ends a contract for an at-fault reason, the seller shall refund the fee.",
            NO_FAULT,
            Verdict.NEUTRAL,
            0.0,
            "fault",
        ),
        # The rule itself denied: contradicts, pointed at the verb the claim denies.
        (
            "When the seller ends a contract for a no-fault reason, the seller shall not refund the fee.",
            NO_FAULT,
            Verdict.CONTRADICTS,
            0.0,
            "refund",
        ),
        # "must" where the passage only says "may": neutral over the aligned words.
        ("The tenant must pay the fee.", "The tenant may pay the fee.", Verdict.NEUTRAL, 0.5, None),
        # A denial widened by a dropped modifier: neutral over the aligned words.
        (
            "This section does not apply to rentals by campsites.",
            CAMPSITES,
            Verdict.NEUTRAL,
            0.5,
            "section does not apply to seasonal rentals by campsites",
        ),
        # The same denial with its modifier: entails over the aligned words.
        (
            "This section does not apply to seasonal rentals by campsites.",
            CAMPSITES,
            Verdict.ENTAILS,
            1.0,
            "section does not apply to seasonal rentals by campsites",
        ),
        # A negative word both texts use: entails.
        (
            "Smoking is prohibited in the common areas.",
            "Smoking is prohibited in the common areas.",
            Verdict.ENTAILS,
            1.0,
            "Smoking is prohibited in the common areas",
        ),
        # An exception moved in front of the rule is the same exception.
        (
            "Unless the landlord agrees in writing, the tenant may not sublet the unit.",
            SUBLET,
            Verdict.ENTAILS,
            1.0,
            "tenant may not sublet the unit unless the landlord agrees in writing",
        ),
    ],
)
def test_each_rule_gives_its_whole_judgment(
    claim: str, text: str, verdict: Verdict, score: float, words: str | None
) -> None:
    judgment, spanned = judged(claim, text)
    assert judgment is not None
    assert (judgment.key, judgment.judge) == (unit_of(text).key, "negation")
    assert (judgment.verdict, judgment.score) == (verdict, score)
    if words is not None:
        assert spanned == words
    else:
        assert spanned == "tenant may pay the fee"


def test_the_claims_verb_said_of_its_subject_elsewhere_is_read_there() -> None:
    # The alignment pairs "returned" with the deposit's "returned"; the claim's subject, pet
    # rent, has its own "returned" in front, which the passage denies.
    claim = "Pet rent is returned to the tenant at the end of the tenancy."
    judgment, spanned = judged(claim, PET)
    assert judgment == Judgment(unit_of(PET).key, "negation", Verdict.CONTRADICTS, 0.0, (16, 24))
    assert spanned == "returned"


def test_a_coverage_equal_to_the_floor_is_judged() -> None:
    # Every content word of the claim is aligned (coverage 1.0): a floor of 1.0 still judges.
    strict = NegationJudge(JudgeThresholds(negation_min_coverage=1.0))
    judgment, spanned = judged(
        "The tenant must pay the fee.", "The tenant may pay the fee.", strict
    )
    assert judgment is not None and judgment.verdict is Verdict.NEUTRAL
    assert spanned == "tenant may pay the fee"


GOOD_CAUSE = "A landlord may not refuse a request without good cause."


def test_a_double_negation_is_read_by_its_parity() -> None:
    # "good cause" stands under "not" and "without": twice negated, it is asserted. The claim that
    # states the rule verbatim is supported over the whole rule ...
    judgment, spanned = judged(GOOD_CAUSE, GOOD_CAUSE)
    assert judgment == Judgment(unit_of(GOOD_CAUSE).key, "negation", Verdict.ENTAILS, 1.0, (2, 54))
    assert spanned == "landlord may not refuse a request without good cause"
    # ... and the claim that drops "without" flips the once-negated cause: contradicted there.
    judgment, spanned = judged("A landlord may not refuse a request with good cause.", GOOD_CAUSE)
    assert judgment is not None and judgment.verdict is Verdict.CONTRADICTS
    assert spanned == "good"


def verdict_of(claim: str, text: str) -> Verdict | None:
    judgment = JUDGE.judge(claim, unit_of(text))
    return judgment.verdict if judgment is not None else None


def test_an_exception_that_opens_the_claim_is_an_exception() -> None:
    # "consent" is once negated in the claim ("Without consent, ...") and twice in the passage
    # ("not ... without consent"): two exceptions of one rule, not compared by parity, though
    # the claim's "without" is its very first word.
    claim = "Without consent, the controller shall not process data."
    text = "The controller shall not process data without consent."
    assert verdict_of(claim, text) is Verdict.ENTAILS


def test_an_exception_ends_at_the_comma_or_negation_in_front_of_the_word() -> None:
    # "sublet" stands behind "unless the landlord agrees," in both texts, but the comma ends the
    # exception: the rule itself is denied.
    claim = "Unless the landlord agrees, the tenant may sublet."
    text = "Unless the landlord agrees, the tenant may not sublet."
    assert judged(claim, text)[1] == "sublet"
    assert verdict_of(claim, text) is Verdict.CONTRADICTS


@pytest.mark.parametrize(
    ("claim", "text", "verdict"),
    [
        # A negative word does not end the reading of the markers behind it.
        (
            "Smoking is prohibited, and the tenant may not keep pets.",
            "Smoking is prohibited, and the tenant may keep pets.",
            Verdict.CONTRADICTS,
        ),
        # "Do not" negates the predicate: its head is the verb the passage shares.
        (
            "Do not secretly sublet the rented unit.",
            "Tenants may sublet the rented unit.",
            Verdict.CONTRADICTS,
        ),
        # "never," heads nothing: a comma ends its clause (the passage's "not" heads "sublet").
        (
            "The tenant shall never, without consent, sublet the unit.",
            "The tenant shall not sublet the unit.",
            Verdict.CONTRADICTS,
        ),
        (
            "The tenant shall never, without consent, sublet the unit.",
            "The tenant shall sublet the unit.",
            None,
        ),
        # A negated predicate reaches over a bracket to its verb.
        (
            "The landlord may enter the unit.",
            "The landlord may not (in any case) enter the unit.",
            Verdict.CONTRADICTS,
        ),
    ],
)
def test_the_heads_of_negations(claim: str, text: str, verdict: Verdict | None) -> None:
    assert verdict_of(claim, text) is verdict


@pytest.mark.parametrize(
    ("claim", "text", "verdict"),
    [
        # "may not be late" permits nothing: the passage's only modal is negated.
        (
            "The tenant must pay the fee.",
            "The fee is paid by the tenant and may not be late.",
            None,
        ),
        # The passage's modal of the verb is "may" alone, not the "must" of the next verb.
        (
            "The landlord must require notice.",
            "Notice as the landlord may require must be given.",
            Verdict.NEUTRAL,
        ),
        # The claim's modal of the verb is "may" alone: it does not oblige.
        (
            "The notice that the landlord may require must be given.",
            "The notice that the landlord may require may be given.",
            None,
        ),
    ],
)
def test_obligation_is_read_from_the_modal_of_the_verb(
    claim: str, text: str, verdict: Verdict | None
) -> None:
    assert verdict_of(claim, text) is verdict


@pytest.mark.parametrize(
    ("claim", "text", "verdict"),
    [
        # A head negated in both texts agrees; one negated once here and twice there does not.
        (
            "Without notice, the tenant may sublet.",
            "The tenant may sublet without consent or notice.",
            Verdict.ENTAILS,
        ),
        (
            "The tenant may sublet without written consent.",
            "Without consent, the tenant may sublet.",
            Verdict.ENTAILS,
        ),
        # "not prohibited" is twice negated: asserted, so nothing is denied in agreement.
        (
            "Smoking is not prohibited in the common areas.",
            "Smoking is not prohibited in the common areas.",
            None,
        ),
        (
            "Pets are allowed in the unit, and smoking is not prohibited.",
            "Pets are allowed in the unit. Smoking is prohibited.",
            None,
        ),
        (
            "Pets are allowed in the unit, and smoking is prohibited.",
            "Pets are allowed in the unit. Smoking is not prohibited.",
            None,
        ),
    ],
)
def test_agreement_needs_a_head_negated_oddly_in_both(
    claim: str, text: str, verdict: Verdict | None
) -> None:
    assert verdict_of(claim, text) is verdict


@pytest.mark.parametrize(
    ("claim", "text", "verdict"),
    [
        # A pair in another sentence is passed over, and the widened denial behind it still read.
        (
            "Smoking is not allowed; this section does not apply to rentals by campsites.",
            "Smoking is not allowed. (4) This section does not apply to seasonal rentals by campsites.",
            Verdict.NEUTRAL,
        ),
        # A word the claim narrows its own way is passed over, and the next one still read.
        (
            "This section does not apply to weekly rentals or to campsites.",
            "This section does not apply to seasonal rentals or to summer campsites.",
            Verdict.NEUTRAL,
        ),
        # A passage that opens with the negative word narrows the word behind it.
        (
            "No smoking in the lobby.",
            "Prohibited smoking areas include the lobby.",
            Verdict.NEUTRAL,
        ),
        # A claim that opens with it narrows nothing, whatever word it ends with.
        (
            "Prohibited in the lobby: smoking",
            "Smoking: no cigarettes permitted in the lobby.",
            Verdict.NEUTRAL,
        ),
        # The claim narrows "prohibited" with its own first word.
        ("Smoking prohibited.", "Smoking: no cigarettes permitted.", Verdict.ENTAILS),
        # The passage's word in front is not negated: it narrows nothing the claim denies.
        ("Smoking is prohibited.", "Smoking in rentals: tobacco prohibited.", Verdict.ENTAILS),
        # "non-resident" is negated twice (asserted) in front of a once-negated "tenants".
        (
            "This section does not apply to tenants by campsites.",
            "This section does not apply to non-resident tenants by campsites.",
            Verdict.ENTAILS,
        ),
        # The passage's modifier is one the claim has too, elsewhere.
        (
            "This section does not apply to rentals that are seasonal and by campsites.",
            "This section does not apply to seasonal rentals by campsites.",
            Verdict.ENTAILS,
        ),
        # Nothing denied in the claim, or the word denied by neither text: nothing widened.
        (
            "This section applies to rentals by campsites.",
            "This section applies to non-seasonal rentals by campsites.",
            None,
        ),
        # A word negated twice in one text and once in the other is not denied by both.
        (
            "The landlord may not enter without consent or notice.",
            "The landlord may not enter the unit or give prior notice.",
            Verdict.ENTAILS,
        ),
        # The claim's "notice" narrowed by nothing ("on" is no determiner): the passage's word
        # in front is negated three times, "notice" twice, so it is not denied in the passage.
        (
            "The landlord may not enter or act on notice.",
            "The landlord may not enter without non-resident notice.",
            Verdict.ENTAILS,
        ),
    ],
)
def test_a_widened_denial(claim: str, text: str, verdict: Verdict | None) -> None:
    assert verdict_of(claim, text) is verdict


@pytest.mark.parametrize(
    ("claim", "text", "verdict"),
    [
        # "not prohibited" is permitted: the claim's subject is not contradicted there ...
        (
            "Pet rent is permitted to the tenant at the end of the tenancy.",
            "Pet rent is not prohibited; a deposit is permitted to the tenant at the end of the tenancy.",
            None,
        ),
        (
            "Pet rent is not prohibited to the tenant at the end of the tenancy.",
            "Pet rent is permitted; a deposit is not prohibited to the tenant at the end of the tenancy.",
            None,
        ),
        # ... and is contradicted where the claim denies it or the passage prohibits it.
        (
            "Pet rent is not permitted to the tenant at the end of the tenancy.",
            "Pet rent is not prohibited; a deposit is not permitted to the tenant at the end of the tenancy.",
            Verdict.CONTRADICTS,
        ),
        (
            "Pet rent is not prohibited to the tenant at the end of the tenancy.",
            "Pet rent is prohibited; a deposit is not prohibited to the tenant at the end of the tenancy.",
            Verdict.CONTRADICTS,
        ),
        # A use of the verb that agrees does not end the search for the subject's own.
        (
            "Pet rent is returned promptly to the tenant at the end of the tenancy.",
            "A fee is returned promptly and returned in full; pet rent is not returned; a deposit "
            "is returned to the tenant at the end of the tenancy.",
            Verdict.CONTRADICTS,
        ),
        # A use paired with another word of the claim is that word's, not the subject's.
        (
            "Pet rent is returned to the tenant at the end, and the deposit is returned.",
            "Returned to the tenant at the end is the deposit; pet rent is not returned.",
            None,
        ),
        # Only the aligned sentences are read, and only the claim's verb.
        (
            "Pet rent is returned to the tenant at the end of the tenancy.",
            "Pet rent is not returned. The fee is due. The fee is paid. The fee is late. A deposit "
            "is returned to the tenant at the end of the tenancy, unlike pet rent.",
            None,
        ),
        (
            "Pet rent is returned to the tenant at the end of the tenancy.",
            "A deposit is returned to the tenant at the end of the tenancy; pet rent is kept, "
            "never refunded.",
            None,
        ),
    ],
)
def test_the_claims_verb_said_of_its_subject(
    claim: str, text: str, verdict: Verdict | None
) -> None:
    assert verdict_of(claim, text) is verdict


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # "never" after a modal is no negated predicate: it heads the word right behind it
        # ("lawfully"), not the verb the passage shares. (The judge contradicts the pair all the
        # same, by the scope reading: every shared word the "never" covers is asserted.)
        (
            "The tenant shall never lawfully sublet the unit.",
            "The tenant shall sublet the unit.",
            (["lawfully"], []),
        ),
        # A "not" that opens the text negates no predicate (the "do" at its end is no lead).
        (
            "Not secretly sublet the rented unit: tenants do",
            "Tenants may sublet the rented unit.",
            (["secretly"], []),
        ),
        # An empty aside ("not,,") still ends at its comma: the verb behind it is the head.
        (
            "The tenant shall not,, sublet the unit.",
            "The tenant shall sublet the unit.",
            (["sublet"], []),
        ),
        # A negation's head is in its own sentence: "not." and "refuse." head nothing in the
        # next one.
        (
            "No written notice is given by the landlord.",
            "Tenants may not. Notice is given by the landlord.",
            (["writ"], []),
        ),
        (
            "No written notice is given by the landlord.",
            "Tenants may refuse. Notice is given by the landlord.",
            (["writ"], []),
        ),
    ],
)
def test_the_heads_a_negation_has(
    claim: str, text: str, expected: tuple[list[str], list[str]]
) -> None:
    assert heads(claim, text) == expected


def test_a_claim_that_narrows_its_own_denied_word_is_not_widened() -> None:
    # "No new section" narrows "section" its own way; the passage's "non-seasonal" narrows
    # "rentals", which the claim's "no" also covers, but "non" negates the passage's word once.
    claim = "No new section applies to rentals."
    text = "This section applies to non-seasonal rentals."
    thresholds = JudgeThresholds()
    alignment = align_claim(claim, unit_of(text), thresholds)
    scope = thresholds.negation_max_scope
    assert not _widened(
        alignment, text_negation_counts(claim, scope), text_negation_counts(text, scope)
    )
    assert heads(claim, text) == (["new"], ["seasonal"])

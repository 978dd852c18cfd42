"""The lexical judge's reading of voice, roles, slots and comparisons, pinned function by function
on real claims and passages (the mutation gate's survivors in citenexus/judges/lexical.py)."""

from __future__ import annotations

import pytest

from citenexus.domain.model import Unit, Verdict
from citenexus.judges import LexicalJudge
from citenexus.judges.align import align
from citenexus.judges.lexical import (
    _comparator_near,
    _enumerator,
    _head_of_verb,
    _in_place,
    _linked,
    _participle,
    _role_of,
    _slot,
    comparison_verdict,
    crossing,
    passive,
    subject_missing,
    subject_moved,
    substituted,
    voice_changed,
)
from citenexus.judges.tokens import tokenize

# --- voice_changed / _participle -------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # Passive without an agent where the passage is active ("given" is not paired).
        (
            "The applicant must be given a copy of the report.",
            "The landlord shall give the applicant a copy of the report.",
            True,
        ),
        # The same, the participle the claim's last word.
        ("The copy must be given", "The landlord shall give the copy.", True),
        # A paired "-ed" participle the passage does not put behind "be".
        (
            "The landlord must be notified of the move.",
            "The tenant shall have notified the landlord of the move.",
            True,
        ),
        # Passive in both texts: read as usual.
        ("The fee may be charged once.", "The fee may be charged once a year.", False),
        # Active, with an "-ed" word right behind the verb: no "be", no passive.
        ("The tenant must pay accrued rent.", "The tenant shall pay accrued rent.", False),
        # "be" behind the modal, but no participle behind it.
        ("The tenant must be present at the inspection.", "The tenant shall attend.", False),
    ],
)
def test_voice_changed_reads_a_passive_rule_without_an_agent(
    claim: str, text: str, expected: bool
) -> None:
    assert voice_changed(align(claim, text)) is expected


def test_voice_changed_reads_a_named_agent_behind_a_passive_verb() -> None:
    alignment = align(
        "Notice must be given to the tenant by the landlord.",
        "The landlord shall give notice to the tenant.",
    )
    assert voice_changed(alignment) is True


def test_a_claim_without_a_modal_has_no_voice_to_change() -> None:
    # A copula states the rule ("is required"): claim_predicate reads it, but not as a modal.
    # (The passage says "inform": a "notify" there would be the claim's verb made active.)
    alignment = align(
        "A consumer is required to be notified.", "The seller shall inform a consumer."
    )
    assert voice_changed(alignment) is False


@pytest.mark.parametrize(
    ("word", "expected"),
    [("notified", True), ("given", True), ("paid", True), ("give", False), ("the", False)],
)
def test_participle(word: str, expected: bool) -> None:
    assert _participle(word) is expected


# --- _linked / _enumerator ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "k", "expected"),
    [
        ("on which it", 1, True),  # behind a preposition: qualifies the noun in front
        ("on which date", 1, True),
        ("on which, it", 1, True),
        (", on which it", 2, True),
        ("which the", 0, False),  # nothing in front of it
        ("the date which it", 2, False),  # behind a noun: a new clause
        ("the date, which it", 3, False),  # behind a comma: a new clause
    ],
)
def test_linked(text: str, k: int, expected: bool) -> None:
    assert _linked(tokenize(text), k) is expected


@pytest.mark.parametrize(
    ("text", "k", "expected"),
    [
        ("(1) The tenant", 1, True),
        ("1 tenant (", 0, False),  # the first token has nothing in front of it
        ("the 1 tenant", 1, False),
        ("(tenant) may", 1, False),
    ],
)
def test_enumerator(text: str, k: int, expected: bool) -> None:
    assert _enumerator(tokenize(text), k) is expected


# --- in_condition ------------------------------------------------------------------------------

JUDGE = LexicalJudge()


def verdict(claim: str, text: str) -> Verdict | None:
    judgment = JUDGE.judge(claim, Unit(document_id="doc", ordinal=0, text=text))
    return None if judgment is None else judgment.verdict


@pytest.mark.parametrize(
    ("opener", "expected"),
    [
        # A comparison reversed inside the claim's condition states another case: neutral.
        ("Unless", Verdict.NEUTRAL),
        ("If", Verdict.NEUTRAL),
        ("When", Verdict.NEUTRAL),
        # Not a condition: the claim reverses the passage's own bound.
        ("After", Verdict.CONTRADICTS),
    ],
)
def test_a_comparison_reversed_in_a_leading_condition_is_another_case(
    opener: str, expected: Verdict
) -> None:
    claim = f"{opener} the lease has run for more than one year, the tenant may terminate it."
    text = f"{opener} the lease has run for less than one year, the tenant may terminate it."
    assert verdict(claim, text) is expected


def test_a_comparison_reversed_in_an_unless_clause_is_another_case() -> None:
    claim = "The tenant may terminate the lease unless it has run for more than one year."
    text = "The tenant may terminate the lease unless it has run for less than one year."
    assert verdict(claim, text) is Verdict.NEUTRAL


# --- substituted / _slot -----------------------------------------------------------------------

LEDGER = (
    "The landlord shall keep the deposit in a bank. A default by the tenant in the payment of rent "
    "is a breach."
)


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # One paired content word has no neighbour to mark a slot.
        ("The tenant.", "The tenant pays.", False),
        # The first of two paired words in the slot of the passage's "owner".
        (
            "A tenant who fails to pay.",
            "An owner who fails to pay must leave. A tenant may stay.",
            True,
        ),
        # A word out of place whose slot the claim uses ("rent" where the passage keeps the
        # deposit) does not end the search: the landlord is in the tenant's slot further on.
        (
            "The landlord shall keep the rent deposit in a bank, and a default by the landlord in "
            "the payment of rent is a breach.",
            LEDGER,
            True,
        ),
        # A word said twice, both paired with the passage's one "tenant": the second stands
        # in the slot of "owner" (paired with its left neighbour's word, not behind it).
        (
            "A default by the tenant tenant in the payment of rent.",
            "A default by the tenant owner in the payment of rent.",
            True,
        ),
        # The first stands in the slot of "owner" (paired with its right neighbour's word).
        (
            "A default by the tenant tenant in the payment of rent.",
            "A default by the owner tenant in the payment of rent.",
            True,
        ),
        # Neighbours paired with one word are not in order: crossing reads that, not the slot.
        (
            "A default by the tenant owner tenant in the payment of rent.",
            "A default by the tenant landlord in the payment of rent. The owner pays.",
            False,
        ),
    ],
)
def test_substituted(claim: str, text: str, expected: bool) -> None:
    assert substituted(align(claim, text)) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The slot at the passage's first token.
        ("Owner who fails to pay must leave. A tenant may stay.", True),
        # Behind the same words, but no word stands in front of them: no slot (the passage's
        # last word is not one).
        ("who fails to pay must leave. A tenant may stay", False),
        # In front of them a function word, not a content word: no slot.
        ("Each who fails to pay must leave. A tenant may stay.", False),
    ],
)
def test_the_first_word_is_read_from_its_right_neighbour(text: str, expected: bool) -> None:
    assert substituted(align("A tenant who fails to pay.", text)) is expected


def test_a_first_word_paired_with_its_neighbours_word_is_where_the_claim_says() -> None:
    # Both "tenant"s pair with the passage's one: the first is in its place, not in the slot
    # of "owner" in front of it.
    alignment = align("A tenant, the tenant, may stay.", "The owner, the tenant, may stay.")
    assert substituted(alignment) is False


def test_a_slot_past_the_passages_end_is_none() -> None:
    claim, unit = tokenize("tenant of rent"), tokenize("the tenant of")
    assert _slot(claim, unit, 0, 2, 1) is None
    assert _slot(claim, tokenize("the tenant of rent"), 0, 2, 1) == 3


# --- _head_of_verb -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "verb", "expected"),
    [
        ("tenant may pay", 2, 0),
        ("the renewal is due", 3, 1),
        ("the tenant pays", 2, None),  # no modal or copula in front of the verb
        ("tenant pays", 1, None),
        ("may not pay", 2, None),  # nothing in front of the modal
    ],
)
def test_head_of_verb(text: str, verb: int, expected: int | None) -> None:
    assert _head_of_verb(tokenize(text), verb) == expected


# --- _comparator_near --------------------------------------------------------------------------


def test_a_relative_clause_after_a_noun_ends_the_search_for_a_comparison() -> None:
    tokens = tokenize("before the notice which the tenant gives")
    assert _comparator_near(tokens, 5, set()) is None
    linked = tokenize("before the date on which the tenant leaves")
    found = _comparator_near(linked, 6, set())
    assert found is not None and found.word == "before"


def test_a_kept_word_in_front_stops_the_search_but_not_a_comparison_behind() -> None:
    tokens = tokenize("the rent for 30 days or more")
    found = _comparator_near(tokens, 3, {1})
    assert found is not None and found.word == "or more"
    assert _comparator_near(tokenize("before the rent for 30 days"), 4, {2}) is None
    # A clause boundary in front ends the search there, not the look behind.
    behind = _comparator_near(tokenize("The lease ends, 30 days or more"), 4, set())
    assert behind is not None and behind.word == "or more"


# --- subject_moved / _role_of ------------------------------------------------------------------

GIVE = "The tenant shall give notice."


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # The claim's verb is not the passage's: nothing to compare the subjects by.
        ("The tenant must remit the rent.", "The tenant shall pay the rent.", False),
        # The passage's verb has no modal: no other subject stands in front of one.
        ("The tenant must pay the rent.", "The tenant pays the rent.", False),
        # The owner of a relative clause gives the notice, not the tenant.
        (
            GIVE,
            "The tenant may stay. An owner who intends to end a tenancy shall give notice.",
            True,
        ),
        (GIVE, "Owners who intend to end a tenancy shall give notice. The tenant may stay.", True),
        # A relative word opening the passage is not a relative clause after a subject.
        (GIVE, "Which owner shall give notice? The tenant may stay.", True),
        # A subject of two words from the passage's first word.
        (GIVE, "Property owners shall give notice. The tenant may stay.", True),
        # The claim's subject opens the words in front of the passage's modal.
        (GIVE, "Tenant owners shall give notice.", False),
        (GIVE, "The tenant shall give notice.", False),
    ],
)
def test_subject_moved(claim: str, text: str, expected: bool) -> None:
    assert subject_moved(align(claim, text)) is expected


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [("to tenant", 1, "to"), ("to the tenant", 2, "to"), ("the tenant", 1, ""), ("tenant", 0, "")],
)
def test_role_of(text: str, index: int, expected: str) -> None:
    assert _role_of(tokenize(text), index) == expected


# --- crossing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # Three words, the middle one the only pivot: the parties swap sides of "pay".
        ("The landlord must pay the tenant.", "The tenant must pay the landlord.", True),
        ("The tenant must pay the landlord.", "The tenant must pay the landlord.", False),
        # Two claim words on one passage word ("21 days" and the bare "21") are not on
        # opposite sides of it.
        ("Within 21 days (21), notice is due.", "Notice is due within 21 days.", False),
        ("The move within 21 days, 21.", "Notice is due within 21 days of the move.", False),
    ],
)
def test_crossing(claim: str, text: str, expected: bool) -> None:
    assert crossing(align(claim, text)) is expected


# --- subject_missing / passive -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A pronoun in front of the passage's modal, the passage's first word, names the subject.
        ("You can ask for a refund.", False),
        ("The seller can ask for a refund.", True),
    ],
)
def test_subject_missing(text: str, expected: bool) -> None:
    assert subject_missing(align("A buyer can ask for a refund.", text)) is expected


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("The deposit is held by the landlord.", True),
        ("The landlord holds the deposit by law.", False),
        ("The landlord holds the deposit.", False),
    ],
)
def test_passive(claim: str, expected: bool) -> None:
    assert passive(tokenize(claim)) is expected


# --- comparison_verdict / _in_place ------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "text", "expected"),
    [
        # No comparison: nothing to say.
        ("The tenant must give notice.", "The tenant must give notice.", None),
        # A comparison of a word the passage lacks is passed over, not the end of the reading.
        (
            "After marriage the tenant must pay at least 30 dollars.",
            "The tenant must pay at most 30 dollars.",
            Verdict.CONTRADICTS,
        ),
        # One reversed in the condition is another case; the rule's own bound, reversed after
        # it, still contradicts.
        (
            "If the lease has run for more than one year, the tenant must give at least 30 days "
            "notice.",
            "If the lease has run for less than one year, the tenant must give at most 30 days "
            "notice.",
            Verdict.CONTRADICTS,
        ),
    ],
)
def test_comparison_verdict(claim: str, text: str, expected: Verdict | None) -> None:
    assert comparison_verdict(align(claim, text)) is expected


@pytest.mark.parametrize(
    ("claim", "text", "c", "expected"),
    [
        # "rent" is paired behind "notice" though the claim puts it in front.
        ("Rent notice is due.", "Notice of rent is due.", 0, False),
        ("Rent notice is due.", "Notice of rent is due.", 1, False),
        ("Rent notice is due.", "Notice of rent is due.", 3, True),
        # "21 days" and the bare "21" on one passage token: neither is between the other's pair.
        ("Notice is due within 21 days, 21.", "Notice is due within 21 days.", 4, False),
        ("Notice is due within 21 days, 21.", "Notice is due within 21 days.", 6, False),
        ("Notice is due within 21 days, 21.", "Notice is due within 21 days.", 2, True),
        # The "rent" of an earlier sentence is not the rent of "any rent increase".
        (
            "The landlord must give notice before any rent increase.",
            "The rent is due monthly. The landlord must give notice before any increase.",
            7,
            False,
        ),
    ],
)
def test_in_place(claim: str, text: str, c: int, expected: bool) -> None:
    assert _in_place(align(claim, text), c) is expected

"""A value a selected unit states is compared even when the draft does not quote it
(docs/design.md#conflicts): the generator quotes the few sentences that answer best, and a
selected source of equal rank that answers as well with another value is a side of the
conflict, not something the reviewer never hears of. In memory, no database."""

from __future__ import annotations

from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import ClaimStatus, Segment
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask, verify
from tests.support.fakes import LEGAL_TIERS, ContainmentJudge, WordHashEmbedder

POLICY = AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute")
QUESTION = "What civil penalty is a person liable for, for each violation of this part?"


def penalty(amount: str) -> str:
    return f"A person who violates this part is liable for a civil penalty of not more than {amount} for each violation."


def asked(documents: list[tuple[str, str, str]], mode: str = "strict") -> Answer:
    """The answer when the generator quotes one sentence: every other unit is undrafted."""
    store = MemoryStore(WordHashEmbedder())
    for document_id, tier, text in documents:
        store.add_document(document_id, [Piece(text)], authority={"authority_tier": tier})
    return ask(
        QUESTION,
        retriever=store,
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(max_sentences=1),
        judges=[ContainmentJudge()],
        policy=POLICY,
        mode=mode,
        settings=PipelineSettings(ground_threshold=0.05),
    )


def test_an_equal_source_the_draft_left_out_is_a_side_of_the_conflict() -> None:
    answer = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))]
    )
    # the generator quoted one (it quotes one sentence here); the other joined the draft
    assert answer.draft is not None
    assert [s["citations"] for s in answer.draft["segments"]] == [["act#0"], ["code#0"]]
    assert answer.status == "refused"
    assert answer.refusal is not None and answer.refusal.code.value == "unresolved_conflict"
    (conflict,) = answer.evidence.conflicts
    assert {(v["value"], v["key"]) for v in conflict["values"]} == {
        ("$20,000", "act#0"),
        ("$10,000", "code#0"),
    }
    assert conflict["resolved_to"] is None
    assert "act#0" in answer.text and "code#0" in answer.text  # both sides returned


def test_in_normal_mode_both_sides_are_stated_hedged() -> None:
    answer = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))],
        mode="normal",
    )
    assert answer.status == "answered"
    assert [c.status for c in answer.claims] == [ClaimStatus.HEDGED, ClaimStatus.HEDGED]
    assert "$20,000" in answer.text and "$10,000" in answer.text
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] is None


def test_a_weaker_source_the_draft_left_out_is_named_as_overridden() -> None:
    answer = asked(
        [
            ("act", "controlling-statute", penalty("$20,000")),
            ("code", "statute", penalty("$10,000")),
        ]
    )
    (claim,) = answer.claims
    assert answer.status == "answered" and claim.status is ClaimStatus.KEPT
    assert "$20,000" in claim.text
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "$20,000"
    assert conflict["overridden"] == ["code#0"]


def test_a_source_that_answers_less_well_than_the_quote_is_no_side() -> None:
    # a civil penalty of another amount, in a sentence that names less of what the question
    # asks than the quoted one: the generator would not have quoted it beside the draft's
    answer = asked(
        [
            ("act", "statute", penalty("$20,000")),
            ("notes", "statute", "A civil penalty of $10,000 was once usual."),
        ]
    )
    assert answer.status == "answered"
    assert answer.evidence.conflicts == ()


def test_agreeing_sources_make_no_conflict() -> None:
    answer = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$20,000"))]
    )
    assert answer.status == "answered"
    assert answer.evidence.conflicts == ()


# Worded otherwise than ``penalty``, so that it does not contain the quoted claim's words.
STRONGER = (
    "Any person who violates this part is liable, for each violation, for a civil penalty "
    "of up to $20,000."
)


def test_a_stronger_source_the_hand_over_left_out_overrides_the_quoted_claim() -> None:
    # The controlling rule says the same in one sentence of a long unit about other things: it
    # reads less like the question as a whole, so the hand-over margin leaves it out of the draft.
    kinds = [
        "deeds",
        "wills",
        "leases",
        "maps",
        "plans",
        "notes",
        "minutes",
        "ledgers",
        "charts",
        "rolls",
        "lists",
        "logs",
    ]
    filler = " ".join(f"Records of {kind} are kept in the registry office." for kind in kinds)
    store = MemoryStore(WordHashEmbedder())
    store.add_document(
        "act",
        [Piece(f"{filler} {STRONGER}")],
        authority={"authority_tier": "controlling-statute"},
    )
    store.add_document("code", [Piece(penalty("$10,000"))], authority={"authority_tier": "statute"})
    answer = ask(
        QUESTION,
        retriever=store,
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=POLICY,
        mode="strict",
        settings=PipelineSettings(ground_threshold=0.05, handover_margin=0.1),
    )
    stages = {c["document_id"]: c["stage"] for c in answer.candidates}
    assert stages == {"act": "selected", "code": "generated"}
    # the answer states the stronger source's value: its sentence joins the draft, and the
    # quoted weaker claim is dropped for it
    quoted, added = answer.claims
    assert "$10,000" in quoted.text and quoted.status is ClaimStatus.DROPPED
    assert added.text == STRONGER and added.status is ClaimStatus.KEPT
    assert added.citations == ("act#0",)
    assert answer.draft is not None
    assert [s["citations"] for s in answer.draft["segments"]] == [["code#0"], ["act#0"]]
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "$20,000"
    assert conflict["overridden"] == ["code#0"]
    assert answer.status == "answered" and "$20,000" in answer.text


def test_verify_weighs_a_clients_draft_only_against_itself() -> None:
    # A reviewer's pasted draft is judged as written: no sentence is added to it, and a selected
    # source it does not cite is no side of a conflict.
    store = MemoryStore(WordHashEmbedder())
    for document_id, amount in (("act", "$20,000"), ("code", "$10,000")):
        store.add_document(
            document_id, [Piece(penalty(amount))], authority={"authority_tier": "statute"}
        )
    answer = verify(
        QUESTION,
        [Segment(penalty("$10,000"), ("code#0",))],
        retriever=store,
        embedder=WordHashEmbedder(),
        judges=[ContainmentJudge()],
        policy=POLICY,
        mode="strict",
        settings=PipelineSettings(ground_threshold=0.05),
    )
    assert answer.status == "answered"
    assert answer.evidence.conflicts == ()
    assert answer.draft is not None and len(answer.draft["segments"]) == 1


def test_undrafted_sides_that_lose_never_take_a_quoted_claim_with_them() -> None:
    # Two controlling rules quoted, two weaker ones left out: the weaker are named as overridden
    # and every quoted claim stands (the undrafted sides are numbered apart from the claims).
    store = MemoryStore(WordHashEmbedder())
    for document_id, tier, amount in (
        ("act", "controlling-statute", "$20,000"),
        ("code", "controlling-statute", "$20,000"),
        ("rules", "statute", "$10,000"),
        ("notes", "statute", "$10,000"),
    ):
        store.add_document(
            document_id, [Piece(penalty(amount))], authority={"authority_tier": tier}
        )
    answer = ask(
        QUESTION,
        retriever=store,
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(max_sentences=2),
        judges=[ContainmentJudge()],
        policy=POLICY,
        mode="strict",
        settings=PipelineSettings(ground_threshold=0.05),
    )
    assert [c.citations for c in answer.claims] == [("act#0",), ("code#0",)]
    assert [c.status for c in answer.claims] == [ClaimStatus.KEPT, ClaimStatus.KEPT]
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "$20,000"
    assert sorted(conflict["overridden"]) == ["notes#0", "rules#0"]

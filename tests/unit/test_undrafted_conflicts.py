"""A value a selected unit states is compared even when the draft does not quote it
(docs/design.md#conflicts): the generator quotes the few sentences that answer best, and a
selected source of equal rank that answers as well with another value is a side of the
conflict, not something the reviewer never hears of. In memory, no database."""

from __future__ import annotations

from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import ClaimStatus, Draft, Segment
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask, verify
from citenexus.ports import Generator
from tests.support.fakes import LEGAL_TIERS, ContainmentJudge, FixedGenerator, WordHashEmbedder

POLICY = AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute")
QUESTION = "What civil penalty is a person liable for, for each violation of this part?"


def penalty(amount: str) -> str:
    return f"A person who violates this part is liable for a civil penalty of not more than {amount} for each violation."


# (document id, tier, text) or (document id, tier, text, place); a text may hold several
# units, one per line.
Document = tuple[str, ...]


def lane(documents: list[Document], jurisdiction: str = "") -> MemoryStore:
    """A lane of the documents, in order; a document without a place of its own is of
    ``jurisdiction`` when one is given."""
    store = MemoryStore(WordHashEmbedder())
    for document_id, tier, text, *place in documents:
        where = place[0] if place else jurisdiction
        meta = {"authority_tier": tier, **({"jurisdiction": where} if where else {})}
        store.add_document(document_id, [Piece(t) for t in text.split("\n")], authority=meta)
    return store


def asked(
    documents: list[Document],
    mode: str = "strict",
    *,
    question: str = QUESTION,
    generator: Generator | None = None,
    jurisdiction: str = "",
    margin: float | None = None,
) -> Answer:
    """The answer, by default when the generator quotes one sentence: every other unit is
    undrafted."""
    return ask(
        question,
        retriever=lane(documents, jurisdiction),
        embedder=WordHashEmbedder(),
        generator=generator or ExtractiveGenerator(max_sentences=1),
        judges=[ContainmentJudge()],
        policy=POLICY,
        mode=mode,
        settings=PipelineSettings(ground_threshold=0.05, handover_margin=margin),
        lane_jurisdiction=jurisdiction,
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
    # the second was quoted by judging, and says so (in the JSON and back)
    assert [c.added_for_conflict for c in answer.claims] == [False, True]
    data = answer.to_dict()
    assert [c["added_for_conflict"] for c in data["claims"]] == [False, True]
    assert [c.added_for_conflict for c in Answer.from_dict(data).claims] == [False, True]
    del data["claims"][1]["added_for_conflict"]  # as stored before the field existed
    assert not Answer.from_dict(data).claims[1].added_for_conflict
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


# A long unit about other things: one sentence in it reads less like the question as a whole.
FILLER = " ".join(
    f"Records of {kind} are kept in the registry office."
    for kind in ("deeds", "wills", "leases", "maps", "plans", "notes", "minutes", "ledgers")
    + ("charts", "rolls", "lists", "logs")
)
# Worded otherwise than ``penalty``, so that it does not contain the quoted claim's words.
STRONGER = (
    "Any person who violates this part is liable, for each violation, for a civil penalty "
    "of up to $20,000."
)


def test_a_stronger_source_the_hand_over_left_out_overrides_the_quoted_claim() -> None:
    # The controlling rule says the same in one sentence of a long unit about other things: it
    # reads less like the question as a whole, so the hand-over margin leaves it out of the draft.
    answer = asked(
        [
            ("act", "controlling-statute", f"{FILLER} {STRONGER}"),
            ("code", "statute", penalty("$10,000")),
        ],
        generator=ExtractiveGenerator(),
        margin=0.1,
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
    answer = verify(
        QUESTION,
        [Segment(penalty("$10,000"), ("code#0",))],
        retriever=lane(
            [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))]
        ),
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
    answer = asked(
        [
            ("act", "controlling-statute", penalty("$20,000")),
            ("code", "controlling-statute", penalty("$20,000")),
            ("rules", "statute", penalty("$10,000")),
            ("notes", "statute", penalty("$10,000")),
        ],
        generator=ExtractiveGenerator(max_sentences=2),
    )
    assert [c.citations for c in answer.claims] == [("act#0",), ("code#0",)]
    assert [c.status for c in answer.claims] == [ClaimStatus.KEPT, ClaimStatus.KEPT]
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "$20,000"
    assert sorted(conflict["overridden"]) == ["notes#0", "rules#0"]


def sides(answer: Answer) -> set[tuple[str, str, str]]:
    (conflict,) = answer.evidence.conflicts
    return {(v["value"], v["key"], v["tier"]) for v in conflict["values"]}


def test_a_side_is_read_however_well_the_question_is_matched_by_every_source() -> None:
    # A long question: each penalty sentence names under half of its words, so it scores below
    # one; the undrafted one is still a side, as well matched as the quoted one.
    question = (
        "What civil penalty is a person liable for, for each violation of this part of the "
        "consumer data protection statute of this state, as enforced by its officers?"
    )
    answer = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))],
        question=question,
    )
    assert sides(answer) == {("$20,000", "act#0", "statute"), ("$10,000", "code#0", "statute")}


def test_a_source_below_the_bar_does_not_hide_the_sources_after_it() -> None:
    # The selection puts the controlling note first; it answers less well than the quote, and
    # the statute after it that answers as well is still a side.
    answer = asked(
        [
            ("notes", "controlling-statute", "A civil penalty of $5,000 was once usual."),
            ("act", "statute", penalty("$20,000")),
            ("code", "statute", penalty("$10,000")),
        ]
    )
    assert {key for _, key, _ in sides(answer)} == {"act#0", "code#0"}
    assert answer.refusal is not None and answer.refusal.code.value == "unresolved_conflict"


def test_a_selected_unit_that_states_nothing_is_no_side() -> None:
    answer = asked(
        [
            ("act", "statute", penalty("$20,000")),
            ("heading", "statute", "CIVIL PENALTY FOR EACH VIOLATION OF THIS PART"),
        ]
    )
    assert answer.status == "answered"
    assert any(c["document_id"] == "heading" for c in answer.candidates)
    assert answer.evidence.conflicts == ()


def test_the_first_of_a_units_best_sentences_is_its_side() -> None:
    # Two sentences of the undrafted unit answer alike; the first is read, as the generator
    # would quote it ("Any ..." sorts after "A ...": the order is the text's, not the alphabet's).
    answer = asked(
        [
            ("act", "controlling-statute", penalty("$20,000")),
            ("code", "statute", penalty("$10,000") + " Any " + penalty("$30,000")[2:]),
        ]
    )
    assert answer.draft is not None and len(answer.draft["segments"]) == 1  # the act's
    assert sides(answer) == {
        ("$20,000", "act#0", "controlling-statute"),
        ("$10,000", "code#0", "statute"),  # an undrafted side keeps its tier's name
    }


def test_another_unit_of_a_quoted_document_is_never_a_side() -> None:
    # never two values of one document: the code's second unit does not contradict its first
    answer = asked([("code", "statute", penalty("$20,000") + "\n" + penalty("$10,000"))])
    assert answer.status == "answered"
    assert answer.evidence.conflicts == ()
    assert answer.draft is not None and len(answer.draft["segments"]) == 1  # nothing added


def test_a_sides_jurisdiction_is_its_documents() -> None:
    # Both documents are the lane's state: compared with each other as one jurisdiction's.
    answer = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))],
        jurisdiction="CA",
    )
    assert {key for _, key, _ in sides(answer)} == {"act#0", "code#0"}


def test_the_draft_judged_keeps_its_generators_name() -> None:
    answer = asked(
        [("act", "statute", penalty("$20,000")), ("code", "statute", penalty("$10,000"))],
        generator=ExtractiveGenerator(name="quoting", max_sentences=1),
    )
    assert answer.draft is not None and answer.draft["generator"] == "quoting"
    assert len(answer.draft["segments"]) == 2


def test_a_rule_the_askers_facts_rule_out_is_no_side_even_when_the_draft_scores_nothing() -> None:
    # The drafted claim names none of the question's words (a client's generator), so the bar is
    # zero; two rules for adults, ruled out by the asker's age, state other hours: no side.
    question = "I am 16 years old. How many hours a day may I work in a shop?"
    draft = Draft((Segment("Offices open at nine.", ("hours#0",)),))
    answer = asked(
        [
            ("hours", "statute", "Offices open at nine."),
            ("adults", "statute", "A worker aged 18 or over may work 10 hours a day in a shop."),
            ("rule", "statute", "A worker aged 18 or over may work 12 hours a day in a shop."),
        ],
        question=question,
        generator=FixedGenerator(draft),
    )
    assert answer.evidence.conflicts == ()


def test_each_jurisdictions_conflict_is_settled_on_its_own() -> None:
    # Colorado's rules settle theirs (the weaker is overridden, no quoted claim loses); Nevada's
    # equal statutes disagree, and the one the draft left out is quoted as well.
    answer = asked(
        [
            ("co-act", "controlling-statute", penalty("$20,000"), "CO"),
            ("nv-act", "statute", penalty("$20,000"), "NV"),
            ("nv-code", "statute", penalty("$10,000"), "NV"),
            ("co-rules", "general-statute", penalty("$10,000"), "CO"),
        ],
        "normal",
        generator=ExtractiveGenerator(max_sentences=2),
    )
    conflicts = {c["resolved_to"]: c for c in answer.evidence.conflicts}
    assert conflicts["$20,000"]["overridden"] == ["co-rules#0"]
    assert None in conflicts
    assert answer.draft is not None
    drafted = {k for s in answer.draft["segments"] for k in s["citations"]}
    assert {"nv-act#0", "nv-code#0"} <= drafted
    assert "co-rules#0" not in drafted


def test_a_winning_side_is_not_quoted_when_a_quoted_claim_already_states_its_value() -> None:
    # The act and the code are quoted and disagree; the act wins. The charter, left out of the
    # draft by the hand-over, says what the act says: the answer needs no third sentence.
    answer = asked(
        [
            ("act", "controlling-statute", penalty("$20,000")),
            ("charter", "controlling-statute", f"{FILLER} {STRONGER}"),
            ("code", "statute", penalty("$10,000")),
        ],
        generator=ExtractiveGenerator(),
        margin=0.1,
    )
    stages = {c["document_id"]: c["stage"] for c in answer.candidates}
    assert stages == {"act": "generated", "code": "generated", "charter": "selected"}
    assert answer.draft is not None
    assert [s["citations"] for s in answer.draft["segments"]] == [["act#0"], ["code#0"]]
    assert [c.status for c in answer.claims] == [ClaimStatus.KEPT, ClaimStatus.DROPPED]
    (conflict,) = answer.evidence.conflicts
    assert conflict["resolved_to"] == "$20,000" and conflict["overridden"] == ["code#0"]


def test_a_settled_conflict_of_one_place_does_not_stop_another_places_sides() -> None:
    # Colorado's two quoted rules settle theirs among themselves (the act wins); Nevada's equal
    # rules disagree, and the one the draft left out is still quoted.
    answer = asked(
        [
            ("co-act", "controlling-statute", penalty("$20,000"), "CO"),
            ("co-code", "statute", penalty("$10,000"), "CO"),
            ("nv-act", "general-statute", penalty("$20,000"), "NV"),
            ("nv-code", "general-statute", penalty("$10,000"), "NV"),
        ],
        "normal",
        generator=ExtractiveGenerator(max_sentences=3),
    )
    assert answer.draft is not None
    drafted = [k for s in answer.draft["segments"] for k in s["citations"]]
    assert drafted[:2] == ["co-act#0", "co-code#0"]
    assert {"nv-act#0", "nv-code#0"} <= set(drafted) and len(drafted) == 4


def test_a_question_in_a_selected_unit_is_no_side_however_low_the_bar() -> None:
    # A long question leaves the quoted claim's score under one; a unit that only asks ("Is
    # ...?") states nothing, whatever amount it names.
    question = (
        "What civil penalty is a person liable for, for each violation of this part of the "
        "consumer data protection statute of this state, as enforced by its officers?"
    )
    answer = asked(
        [
            ("act", "statute", penalty("$20,000")),
            ("faq", "statute", "Is the civil penalty for each violation of this part $5,000?"),
        ],
        question=question,
    )
    assert any(c["document_id"] == "faq" for c in answer.candidates)
    assert answer.status == "answered"
    assert answer.evidence.conflicts == ()

"""ask and verify record the call they ran: lane, lane jurisdiction, vocabulary, settings, mode and
strategy go into the answer and its policy snapshot (docs/design.md#policy-snapshots)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import Draft, RefusalCode, Segment, Unit
from citenexus.domain.vocabulary import Vocabulary
from citenexus.generators import ExtractiveGenerator
from citenexus.pipeline import ask, verify
from citenexus.pipeline.settings import PipelineSettings
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    LEGAL_TIERS,
    ContainmentJudge,
    WordHashEmbedder,
    memory_lane,
)

QUESTION = "What notice must an owner give to end a month-to-month tenancy?"
CLAIM = (
    "When any tenant has resided in the dwelling for less than one year, the owner must give at "
    "least 30 days' written notice."
)
VOCABULARY = Vocabulary.from_mapping({"parties": ["owner", "tenant"]})
SETTINGS = PipelineSettings(ground_k=7)


def common() -> dict[str, Any]:
    return {
        "retriever": memory_lane(EXAMPLE_DOCUMENTS),
        "embedder": WordHashEmbedder(),
        "judges": [ContainmentJudge()],
        "policy": AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier="general-statute"),
        "mode": "normal",
        "settings": SETTINGS,
        "lane_jurisdiction": "CA",
        "lane": "ca-housing",
        "vocabulary": VOCABULARY,
    }


def test_verify_records_the_call_it_judged() -> None:
    answer = verify(QUESTION, [Segment(CLAIM, ("ca-civ-1946-1#0",))], **common())
    assert (answer.lane, answer.strategy, answer.mode) == ("ca-housing", "single", "normal")
    policy = answer.policy
    assert policy["lane_jurisdiction"] == "CA"
    assert policy["vocabulary"] == VOCABULARY.to_mapping()
    assert policy["settings"] == SETTINGS.to_dict()
    assert (policy["trust_mode"], policy["strategy"]) == ("normal", "single")
    assert answer.evidence.retrieved > 0  # the citation was looked up and retrieval ran


def test_verify_without_settings_runs_on_the_defaults() -> None:
    kwargs = common()
    del kwargs["settings"]
    answer = verify(QUESTION, [Segment(CLAIM, ("ca-civ-1946-1#0",))], **kwargs)
    assert answer.policy["settings"] == PipelineSettings().to_dict()


def test_ask_records_the_call_it_answered() -> None:
    answer = ask(QUESTION, generator=ExtractiveGenerator(), strategy="single", **common())
    assert (answer.lane, answer.strategy, answer.mode) == ("ca-housing", "single", "normal")
    policy = answer.policy
    assert policy["lane_jurisdiction"] == "CA"
    assert policy["vocabulary"] == VOCABULARY.to_mapping()
    assert policy["settings"] == SETTINGS.to_dict()
    assert policy["generator"] is not None


def test_without_a_lane_the_answer_names_none() -> None:
    kwargs = common()
    del kwargs["lane"]
    assert verify(QUESTION, [Segment(CLAIM, ("ca-civ-1946-1#0",))], **kwargs).lane == ""
    assert ask(QUESTION, generator=ExtractiveGenerator(), **kwargs).lane == ""


class Recording:
    """A generator that records what it was handed and writes the draft it is given."""

    name = "recording"

    def __init__(self, draft: Draft) -> None:
        self.draft = draft
        self.handed: list[int] = []

    def generate(self, question: str, units: Sequence[Unit]) -> Draft:
        self.handed.append(len(units))
        return self.draft


def test_the_generator_is_handed_the_top_generate_k_units() -> None:
    kwargs = common()
    kwargs["settings"] = PipelineSettings(generate_k=1)
    generator = Recording(Draft((Segment(CLAIM, ("ca-civ-1946-1#0",)),)))
    ask(QUESTION, generator=generator, **kwargs)
    assert generator.handed == [1]


def test_an_empty_draft_is_refused_and_kept_with_the_refusal() -> None:
    generator = Recording(Draft((), generator="recording"))
    answer = ask(QUESTION, generator=generator, **common())
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.GENERATION_FAILED
    assert answer.draft == {"generator": "recording", "segments": []}


def test_a_deep_question_asks_at_most_deep_max_subqueries() -> None:
    kwargs = common()
    kwargs["settings"] = PipelineSettings(deep_max_subqueries=2)
    question = (
        "What notice ends a month-to-month tenancy? When is the deposit returned? May the "
        "landlord enter without notice?"
    )  # three sub-queries
    answer = ask(question, generator=ExtractiveGenerator(), strategy="deep", **kwargs)
    assert len(answer.policy["subqueries"]) == 2


def test_verify_keeps_the_clients_draft_when_it_refuses_the_question_script() -> None:
    answer = verify("家賃の通知期間", [Segment(CLAIM, ("ca-civ-1946-1#0",))], **common())
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.UNSUPPORTED_SCRIPT
    assert answer.draft == {
        "generator": "client",
        "segments": [{"text": CLAIM, "citations": ["ca-civ-1946-1#0"]}],
    }


def test_a_cited_unit_retrieval_did_not_return_is_still_fetched_and_judged() -> None:
    kwargs = common()
    kwargs["settings"] = PipelineSettings(retrieve_k=1)
    deposit = (
        "The landlord must return the remaining deposit within 21 days after the tenant moves out."
    )
    answer = verify(QUESTION, [Segment(deposit, ("ca-civ-1950-5#0",))], **kwargs)
    assert answer.evidence.retrieved <= 2  # the deposit statute was not among them
    (claim,) = answer.claims
    assert claim.citations == ("ca-civ-1950-5#0",)
    assert "ca-civ-1950-5#0" in {j.key for j in claim.judgments}
    assert claim.supported_by == ("ca-civ-1950-5#0",)


def test_verify_names_the_script_it_cannot_read() -> None:
    answer = verify("家賃の通知期間", [Segment(CLAIM, ("ca-civ-1946-1#0",))], **common())
    assert answer.evidence.unsupported_scripts != ()


def test_verify_refuses_when_every_candidate_is_in_a_script_it_cannot_read() -> None:
    kwargs = common()
    kwargs["retriever"] = memory_lane(
        (("jp-notice", "家賃の通知期間は三十日です。賃貸人は書面で通知しなければなりません。", {}),)
    )
    answer = verify(QUESTION, [Segment(CLAIM, ("jp-notice#0",))], **kwargs)
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.UNSUPPORTED_SCRIPT
    assert answer.evidence.unsupported_scripts != ()


def test_a_claim_with_a_removed_key_and_a_hedge_carries_both_caveats() -> None:
    generator = Recording(Draft((Segment(CLAIM, ("no-such-document#9",)),), generator="recording"))
    answer = ask(QUESTION, generator=generator, **common())
    (claim,) = answer.claims
    assert claim.caveat is not None
    hedge, _, removed = claim.caveat.partition("; ")
    assert "no-such-document#9" in removed and "no-such-document#9" not in hedge


def test_an_inapplicable_cited_unit_is_reported_with_its_reason() -> None:
    florida = "When the tenancy is from month to month, notice must be given 30 days ahead."
    # The California statute is grounded for the lane's question; the Florida one is not.
    answer = verify(
        QUESTION, [Segment(florida, ("ca-civ-1946-1#0", "fl-stat-83-57#0"))], **common()
    )
    (claim,) = answer.claims
    details = " ".join(v.detail for v in claim.violations)
    assert "fl-stat-83-57#0 does not apply: " in details
    assert "does not apply: None" not in details

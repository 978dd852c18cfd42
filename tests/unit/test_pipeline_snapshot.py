"""ask and verify record the call they ran: lane, lane jurisdiction, vocabulary, settings, mode and
strategy go into the answer and its policy snapshot (docs/design.md#policy-snapshots)."""

from __future__ import annotations

from typing import Any

from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import Segment
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

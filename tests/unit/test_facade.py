"""The library facade: ingest with authority, ask, verify, correct; the seed-000 Texas case."""

from __future__ import annotations

from pathlib import Path

import pytest

from citenexus import CiteNexus, settings_from_config
from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityPolicy
from citenexus.domain.model import RefusalCode
from citenexus.pipeline import PipelineSettings
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    LEGAL_TIERS,
    ContainmentJudge,
    WordHashEmbedder,
)

TEXAS = "What is the notice period to end a month-to-month tenancy in Texas?"
FLORIDA_SENTENCE = "When the tenancy is from month to month, the notice must be given not less than 30 days before the end of any monthly period."


class Config:
    def __init__(
        self, minimum: str | None = "general-statute", jurisdiction: str = "", **sizes: object
    ) -> None:
        self.minimum, self.jurisdiction = minimum, jurisdiction
        for name, value in sizes.items():
            setattr(self, name, value)

    def policy(self) -> AuthorityPolicy:
        return AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier=self.minimum)


def lane(config: object = None, docs=EXAMPLE_DOCUMENTS, strip: tuple[str, ...] = ()) -> CiteNexus:
    rag = CiteNexus(config, embedder=WordHashEmbedder(), judges=[ContainmentJudge()])
    for document_id, text, authority in docs:
        rag.ingest(
            text,
            document_id=document_id,
            authority={k: v for k, v in authority.items() if k not in strip},
        )
    return rag


def test_the_florida_statute_quoted_verbatim_is_not_the_answer_to_a_texas_question() -> None:
    answer = lane(Config()).ask(TEXAS)
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.NOT_APPLICABLE
    assert FLORIDA_SENTENCE not in answer.text


def test_without_jurisdiction_metadata_the_floor_still_keeps_the_florida_statute_out() -> None:
    docs = [d for d in EXAMPLE_DOCUMENTS if d[0] == "fl-stat-83-57"]
    answer = lane(Config(), docs, strip=("jurisdiction",)).ask(TEXAS)
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert answer.evidence.withheld == ("fl-stat-83-57",)


def test_an_unranked_lane_answers_as_if_authority_did_not_exist() -> None:
    docs = [d for d in EXAMPLE_DOCUMENTS if d[0] == "fl-stat-83-57"]
    answer = lane(None, docs, strip=("jurisdiction",)).ask(
        "What notice ends a month-to-month tenancy?", mode="strict"
    )
    assert answer.status == "answered"
    assert answer.evidence.authority_tier == ""
    assert answer.evidence.authority_floor_applied is False
    assert answer.evidence.profile_version == "default.v1"


def test_a_question_naming_no_state_is_asked_about_the_lanes_jurisdiction() -> None:
    answer = lane(Config(jurisdiction="CA")).ask(
        "What notice must an owner give to end a month-to-month tenancy?"
    )
    assert answer.status == "answered"
    assert "fl-stat-83-57" in {row["document_id"] for row in answer.evidence.inapplicable}


def test_ingest_reads_a_file_path_and_records_authority(tmp_path: Path) -> None:
    path = tmp_path / "statute.txt"
    path.write_text(EXAMPLE_DOCUMENTS[0][1], encoding="utf-8")
    rag = lane(Config(), docs=[])
    document = rag.ingest(path, document_id="ca", authority={"authority_tier": "statute"})
    assert document.version == 1
    assert all(
        rag.store.units[k].authority_meta == {"authority_tier": "statute"} for k in document.keys
    )


def test_ingest_without_authority_is_unranked_not_an_error() -> None:
    rag = lane(Config(), docs=[])
    document = rag.ingest("Some text about notice.", document_id="plain")
    assert document.authority_meta == {}


def test_corrections_are_returned_beside_the_cited_record() -> None:
    rag = lane(Config())
    rag.correct("ca-civ-1946-1", "Amended in 2025: see the new subdivision.", author="curator")
    answer = rag.ask("What notice must an owner give to end a month-to-month tenancy?")
    cited = [c for c in answer.claims if "ca-civ-1946-1#0" in c.citations]
    assert cited and cited[0].corrections[0].text.startswith("Amended in 2025")
    assert cited[0].corrections[0].authority == "human_correction"


def test_the_default_mode_comes_from_the_config() -> None:
    config = Config()
    config.default_mode = "normal"  # type: ignore[attr-defined]
    assert lane(config).ask("What notice must an owner give?").mode == "normal"
    assert lane(Config()).ask("What notice must an owner give?").mode == "strict"


def test_pipeline_sizes_come_from_the_config() -> None:
    settings = settings_from_config(Config(ground_k=7, generate_k=2, ground_threshold=0.4))
    assert (settings.ground_k, settings.generate_k, settings.ground_threshold) == (7, 2, 0.4)
    assert settings_from_config(None) == PipelineSettings()


def test_the_answer_survives_a_round_trip_through_json() -> None:
    answer = lane(Config()).ask("What notice must an owner give to end a month-to-month tenancy?")
    assert Answer.from_dict(answer.to_dict()).to_dict() == answer.to_dict()


def test_the_real_config_schema_drives_the_facade() -> None:
    schema = pytest.importorskip("citenexus.config.schema")
    config = schema.CiteNexusConfig(
        authority=schema.AuthorityConfig(
            profile="ordered.v1", tier_order=LEGAL_TIERS, minimum_tier="general-statute"
        )
    )
    rag = CiteNexus.from_config(config, embedder=WordHashEmbedder(), judges=[ContainmentJudge()])
    for document_id, text, authority in EXAMPLE_DOCUMENTS:
        rag.ingest(text, document_id=document_id, authority=authority)
    answer = rag.ask(TEXAS)
    assert answer.refusal is not None and answer.refusal.code is RefusalCode.NOT_APPLICABLE
    assert answer.evidence.minimum_tier == "general-statute"


def test_the_facade_uses_the_shipped_judges_when_none_are_given() -> None:
    pytest.importorskip("citenexus.judges")
    rag = CiteNexus(Config())
    assert [j.name for j in rag.judges] == ["lexical", "numeric", "negation", "embedding"]
    for document_id, text, authority in EXAMPLE_DOCUMENTS:
        rag.ingest(text, document_id=document_id, authority=authority)
    assert rag.ask(TEXAS).refusal is not None
    answer = rag.ask("What notice must an owner give to end a month-to-month tenancy?")
    assert answer.status == "answered"
    assert answer.evidence.invariants_verified == ("I1", "I4")

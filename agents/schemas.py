"""The shapes of the MCP tools' inputs and outputs; their JSON schemas are what agents see."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

RECORD_ID_PATTERN = r"^sr_[0-9a-f]{32}$"
MAX_GATHER_K = 50
DEFAULT_GATHER_K = 8

LaneSlug = Annotated[str, Field(description="the lane's slug, as listed in the instructions")]
RecordId = Annotated[str, Field(description="a record id: sr_ followed by 32 hex characters")]


class Segment(BaseModel):
    """One piece of a draft answer and the citation keys (document_id#ordinal) it credits."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=20_000)
    citations: list[str] = Field(default_factory=list, max_length=100)


class IngestResult(BaseModel):
    sr_id: str
    document_id: str = Field(description="the id citation keys use (document_id#ordinal)")
    lane: str
    source_type: str
    authority_level: str = Field(description="set by the lane's policy from the source type")
    version: int
    result: str = Field(description="created, new_version, metadata_updated or unchanged")


class CorrectionOut(BaseModel):
    id: int
    sr_id: str
    text: str
    authority: str
    author: str
    created_at: str
    active: bool


class RecordOut(BaseModel):
    sr_id: str
    document_id: str
    lane: str
    title: str
    content: str
    source_type: str
    authority_level: str
    source_system: str
    ingested_at: str
    version: int
    corrections: list[CorrectionOut] = Field(description="active corrections, each with authority")


class ReadResult(BaseModel):
    srs: list[RecordOut]
    not_found: list[str] = Field(description="ids that name no record you can see")


class GatherHit(BaseModel):
    sr_id: str
    document_id: str
    title: str
    source_type: str
    authority_level: str
    score: float
    key: str = Field(description="citation key of the best matching unit (document_id#ordinal)")
    snippet: str


class GatherResult(BaseModel):
    lane: str
    query: str
    hits: list[GatherHit]


class TimelineEvent(BaseModel):
    at: str
    kind: str = Field(description="version, correction or correction_withdrawn")
    sr_id: str
    version: int | None = None
    authority: str = ""
    text: str = ""
    by: str = ""
    correction_id: int | None = None


class TimelineResult(BaseModel):
    lane: str
    sr_ids: list[str]
    events: list[TimelineEvent]


AnswerObject = dict[str, Any]

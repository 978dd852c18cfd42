"""What an ask records beside its verdict (pipeline/run.py): the policy snapshot of the generator
and the judges, the stages' timings, which candidates were handed to the generator, the best
candidates of a refusal for want of evidence, and the script share the lane set."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from citenexus.domain.model import Draft, Judgment, RefusalCode, Unit
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.judges.thresholds import JudgeThresholds
from citenexus.pipeline import PipelineSettings, ask
from citenexus.pipeline.timing import STAGE_ORDER
from tests.support.fakes import (
    EXAMPLE_DOCUMENTS,
    FLOORED,
    ContainmentJudge,
    WordHashEmbedder,
    memory_lane,
)

QUESTION = "What notice must an owner give to end a month-to-month tenancy?"


def run(question: str = QUESTION, documents=EXAMPLE_DOCUMENTS, **kw):
    return ask(
        question,
        retriever=memory_lane(documents),
        embedder=WordHashEmbedder(),
        generator=kw.pop("generator", ExtractiveGenerator()),
        judges=kw.pop("judges", [ContainmentJudge()]),
        policy=FLOORED,
        lane="ca-housing",
        lane_jurisdiction="CA",
        **kw,
    )


class Unnamed:
    """A generator that gives itself no ``name``: the snapshot names its class."""

    def generate(self, question: str, units: Sequence[Unit]) -> Draft:
        return ExtractiveGenerator().generate(question, units)


@dataclass
class Remote(ExtractiveGenerator):
    """A generator with a model and a timeout, as the LLM generator has."""

    model: str = "small-model"
    timeout: float = 12.5


@dataclass(frozen=True)
class CallableSetting:
    """A dataclass instance that can be called: a hook, not a setting."""

    weight: float = 1.0

    def __call__(self) -> float:
        return self.weight


@dataclass
class SetJudge(ContainmentJudge):
    """A judge with every kind of attribute the snapshot reads."""

    name: str = "set"
    thresholds: JudgeThresholds = field(default_factory=JudgeThresholds)
    settings: CallableSetting = field(default_factory=CallableSetting)

    def judge(self, claim: str, unit: Unit) -> Judgment | None:
        return super().judge(claim, unit)


def test_the_policy_snapshot_names_each_adapter_and_keeps_its_plain_settings() -> None:
    policy = run().policy
    assert policy["generator"] == {"name": "extractive", "max_sentences": 3}
    assert policy["judges"] == [{"name": "containment", "threshold": 0.85}]


def test_an_adapter_without_a_name_is_named_by_its_class() -> None:
    assert run(generator=Unnamed()).policy["generator"]["name"] == "Unnamed"


def test_a_generators_model_and_timeout_are_recorded() -> None:
    assert run(generator=Remote()).policy["generator"] == {
        "name": "extractive",
        "model": "small-model",
        "timeout": 12.5,
        "max_sentences": 3,
    }


@dataclass
class TunedJudge(ContainmentJudge):
    """A judge whose settings are a plain mapping, as a remote judge's may be."""

    name: str = "tuned"
    settings: dict = field(default_factory=lambda: {"temperature": 0})


def test_dataclass_thresholds_are_recorded_as_fields_and_a_callable_setting_is_not() -> None:
    judges = run(judges=[SetJudge(), TunedJudge()]).policy["judges"]
    assert judges == [
        {"name": "set", "threshold": 0.85, "thresholds": asdict(JudgeThresholds())},
        {"name": "tuned", "threshold": 0.85, "settings": {"temperature": 0}},
    ]


def test_every_stage_an_answer_ran_is_timed_in_pipeline_order_the_signals_included() -> None:
    timed = list(run().evidence.timings_ms)
    assert "signals" in timed and "compose" in timed
    assert timed == [s for s in STAGE_ORDER if s in timed]


def test_only_a_refusal_for_want_of_evidence_lists_the_best_candidates() -> None:
    answered = run()
    assert answered.status == "answered" and answered.best_candidates == ()
    nothing = run("Which colour must the mailbox be painted?")
    assert nothing.refusal is not None
    assert nothing.refusal.code is RefusalCode.NO_RELEVANT_EVIDENCE
    assert len(nothing.best_candidates) == 3  # the near misses a reviewer can read
    floor_only = [d for d in EXAMPLE_DOCUMENTS if d[2]["authority_tier"] == "secondary-blog"]
    refused = run("May a landlord keep the whole security deposit to repaint?", floor_only)
    assert refused.refusal is not None
    assert refused.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert refused.best_candidates == ()


def test_the_candidates_say_which_were_handed_to_the_generator() -> None:
    settings = PipelineSettings(ground_threshold=0.05, generate_k=1, handover_margin=None)
    answer = run(settings=settings)
    stages = [row["stage"] for row in answer.candidates]
    assert stages.count("generated") == 1
    assert "selected" in stages


def test_the_lanes_script_share_decides_which_questions_are_in_another_script() -> None:
    # Four of ten letters Cyrillic: foreign past a share of 0.3, not past the default of 0.5.
    question = "notice мама"
    mixed = [("doc", "notice мама to end a tenancy.", {"authority_tier": "statute"})]
    assert run(question, mixed).status == "answered"
    low = run(question, mixed, settings=PipelineSettings(script_share=0.3))
    assert low.refusal is not None and low.refusal.code is RefusalCode.UNSUPPORTED_SCRIPT
    assert low.evidence.unsupported_scripts == ("cyrillic",)


def test_the_lanes_script_share_decides_when_the_evidence_is_in_another_script() -> None:
    # The one unit is eight of 26 letters Cyrillic: foreign past a share of 0.2 only.
    units = [("doc", "Notice notice notice тттттттт", {"authority_tier": "statute"})]
    kept = run("Notice?", units, settings=PipelineSettings(script_share=0.5))
    assert kept.refusal is not None and kept.refusal.code is RefusalCode.GENERATION_FAILED
    low = run("Notice?", units, settings=PipelineSettings(script_share=0.2))
    assert low.refusal is not None and low.refusal.code is RefusalCode.UNSUPPORTED_SCRIPT
    assert low.evidence.unsupported_scripts == ("cyrillic",)

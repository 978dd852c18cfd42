"""Retrieval to grounding: fusion, rerank, relevance threshold, applicability, ground_k; the store."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.adapters.memory import ERR_EMPTY_DOCUMENT, ERR_UNKNOWN_DOCUMENT, MemoryStore, Piece
from citenexus.domain.applicability import QuestionScope
from citenexus.domain.authority import UNRANKED_TIER, AuthorityPolicy, TrustMode
from citenexus.domain.model import Candidate, ScoredUnit, Unit
from citenexus.embedders import MemoEmbedder
from citenexus.pipeline.retrieval import (
    Gathered,
    cosine,
    gather,
    ground,
    lexical_overlap,
    reciprocal_rank_fusion,
    rerank,
)
from citenexus.pipeline.settings import ERR_BAD_SETTING, ERR_UNKNOWN_SETTING, PipelineSettings
from citenexus.pipeline.timing import Timings
from tests.support.fakes import EXAMPLE_DOCUMENTS, LEGAL_TIERS, WordHashEmbedder, memory_lane


def u(name: str, text: str = "", embedding: tuple[float, ...] | None = None, **meta: str) -> Unit:
    return Unit(name, 0, text or name, authority_meta=meta, embedding=embedding)


def hits(*units: Unit) -> list[ScoredUnit]:
    return [ScoredUnit(unit, 1.0) for unit in units]


def test_reciprocal_rank_fusion_sums_one_over_k_plus_rank() -> None:
    a, b, c = u("a"), u("b"), u("c")
    fused = dict(
        (unit.key, score) for unit, score in reciprocal_rank_fusion([hits(a, b), hits(b, c)], 60)
    )
    assert fused["a#0"] == pytest.approx(1 / 61)
    assert fused["b#0"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c#0"] == pytest.approx(1 / 62)


def test_fusion_ties_keep_first_seen_order() -> None:
    a, b = u("a"), u("b")
    assert [x.key for x, _ in reciprocal_rank_fusion([hits(a), hits(b)], 60)] == ["a#0", "b#0"]


def test_cosine_handles_mismatched_and_zero_vectors() -> None:
    assert cosine([1.0, 0.0], [1.0, 0.0]) == pytest.approx(1.0)
    assert cosine([1.0], [1.0, 0.0]) == 0.0
    assert cosine([0.0, 0.0], [1.0, 0.0]) == 0.0
    assert cosine([], []) == 0.0


def test_lexical_overlap_counts_question_words_found_in_text_heading_and_scope() -> None:
    unit = Unit("d", 0, "notice is due", heading="Tenancy", scope="residential")
    assert lexical_overlap("notice for a residential tenancy lease?", unit) == pytest.approx(3 / 4)
    assert lexical_overlap("the of and", unit) == 0.0


def test_rerank_blends_cosine_text_and_overlap_and_keeps_every_score() -> None:
    settings = PipelineSettings(weight_cosine=0.5, weight_text=0.25, weight_lexical=0.25)
    unit = u("notice", "notice rules", embedding=(1.0, 0.0))
    other = u("other", "unrelated words")
    text_hits = [ScoredUnit(unit, 4.0), ScoredUnit(other, 2.0)]
    (first, second) = rerank(
        "notice",
        [1.0, 0.0],
        [(unit, 0.03), (other, 0.02)],
        text_hits,
        [ScoredUnit(other, 0.4)],
        AuthorityPolicy.unranked(),
        settings,
    )
    assert first.key == "notice#0"
    assert first.relevance == pytest.approx(0.5 * 1.0 + 0.25 * 1.0 + 0.25 * 1.0)
    assert second.scores["cosine"] == pytest.approx(
        0.4
    )  # no stored embedding: the vector hit's score
    assert second.relevance == pytest.approx(0.5 * 0.4 + 0.25 * 0.5)
    assert set(first.scores) == {
        "text",
        "vector",
        "fused",
        "cosine",
        "text_norm",
        "lexical",
        "amount",
        "rerank",
    }


def test_grounding_keeps_scores_at_the_threshold_and_caps_at_ground_k() -> None:
    policy = AuthorityPolicy.unranked()
    settings = PipelineSettings(ground_threshold=0.5, ground_k=1)
    fused = [(u("a", "alpha"), 0.1), (u("b", "alpha beta"), 0.1), (u("c", "zeta"), 0.1)]
    candidates = rerank(
        "alpha beta",
        [],
        fused,
        [],
        [],
        policy,
        PipelineSettings(weight_cosine=0, weight_text=0, weight_lexical=1),
    )
    relevant, grounded, inapplicable, valueless, beyond = ground(
        "alpha beta", candidates, QuestionScope.parse("alpha"), settings
    )
    assert [c.key for c in relevant] == ["b#0", "a#0"]  # a scores exactly 0.5
    assert [c.key for c in grounded] == ["b#0"]
    assert inapplicable == [] and valueless == [] and beyond == []


def _scored(*rows: tuple[str, str, float, str]) -> list[Candidate]:
    return [
        Candidate(u(name, text, jurisdiction=place), UNRANKED_TIER, relevance, {})
        for name, text, relevance, place in rows
    ]


@pytest.mark.parametrize(
    ("relative", "grounded_keys", "refused"),
    [
        # Off: whatever clears the threshold and applies is evidence.
        (None, ["tx-other#0"], False),
        # On: the Texas unit about something else is far below the California unit that speaks
        # to the question, so nothing applicable is left (the answer is refused not_applicable).
        (0.1, [], True),
        # A margin wider than the gap keeps it.
        (0.25, ["tx-other#0"], False),
    ],
)
def test_relevance_is_also_relative_to_the_best_candidate_applicable_or_not(
    relative: float | None, grounded_keys: list[str], refused: bool
) -> None:
    candidates = _scored(
        ("ca-entry", "entry notice", 0.70, "CA"),
        ("tx-other", "notice to end", 0.50, "TX"),
        ("tx-noise", "parking", 0.30, "TX"),
    )
    settings = PipelineSettings(ground_threshold=0.43, relative_margin=relative)
    scope = QuestionScope.parse("Entry notice in Texas?")
    relevant, grounded, inapplicable, valueless, beyond = ground(
        "Entry notice in Texas?", candidates, scope, settings
    )
    assert [c.key for c in grounded] == grounded_keys
    # What the margin cut is reported as such, never as stating no value.
    assert [c.key for c in beyond] == ([] if relative in (None, 0.25) else ["tx-other#0"])
    assert valueless == []
    assert [row["key"] for row in inapplicable] == ["ca-entry#0"]
    assert (not grounded) is refused
    assert all(c.relevance >= 0.43 for c in relevant)


@pytest.mark.parametrize(
    ("question", "grounded_keys"),
    [
        # Texas named: the California unit sets the bar, the Texas one far below it is dropped.
        ("Entry notice in Texas?", []),
        # California (the lane's) asked about: the elsewhere margin does not apply.
        ("Entry notice in California?", ["ca-entry#0", "ca-other#0"]),
    ],
)
def test_the_elsewhere_margin_applies_only_to_a_question_about_another_jurisdiction(
    question: str, grounded_keys: list[str]
) -> None:
    candidates = _scored(
        ("ca-entry", "entry notice", 0.70, "CA"),
        ("ca-other", "notice to end", 0.50, "CA"),
        ("tx-other", "notice to end", 0.50, "TX"),
    )
    settings = PipelineSettings(ground_threshold=0.43, elsewhere_margin=0.1)
    _, grounded, _, _, _ = ground(
        question, candidates, QuestionScope.parse(question, "CA"), settings
    )
    assert [c.key for c in grounded] == grounded_keys


def test_a_relative_margin_keeps_every_candidate_within_it_of_the_best() -> None:
    candidates = _scored(("a", "x", 0.8, "CA"), ("b", "x", 0.75, "CA"), ("c", "x", 0.65, "CA"))
    settings = PipelineSettings(ground_threshold=0.1, relative_margin=0.1)
    relevant, _, _, _, _ = ground("x", candidates, QuestionScope.parse("x", "CA"), settings)
    assert [c.key for c in relevant] == ["a#0", "b#0"]


def _with_cosines(*rows: tuple[str, float, float | None]) -> list[Candidate]:
    return [
        Candidate(
            u(name, "notice"),
            UNRANKED_TIER,
            relevance,
            {} if cosine_score is None else {"cosine": cosine_score},
        )
        for name, relevance, cosine_score in rows
    ]


@pytest.mark.parametrize(
    ("min_cosine", "relevant_keys"),
    [
        # Off: the reranked score alone decides, whatever the cosine (or none recorded).
        (None, ["words#0", "meaning#0", "edge#0", "unmeasured#0"]),
        # On: a unit sharing the question's words but far from its meaning is not relevant;
        # one exactly at the bar is; one with no cosine recorded reaches no bar.
        (0.3, ["meaning#0", "edge#0"]),
    ],
)
def test_with_a_cosine_bar_shared_words_without_shared_meaning_are_not_relevance(
    min_cosine: float | None, relevant_keys: list[str]
) -> None:
    candidates = _with_cosines(
        ("words", 0.6, 0.26),
        ("meaning", 0.55, 0.45),
        ("edge", 0.5, 0.3),
        ("unmeasured", 0.5, None),
        ("below", 0.4, 0.9),  # under the reranked threshold: never relevant
    )
    settings = PipelineSettings(ground_threshold=0.47, min_cosine=min_cosine)
    relevant, grounded, _, valueless, _ = ground(
        "Is notice needed?", candidates, QuestionScope.parse("Is notice needed?"), settings
    )
    assert [c.key for c in relevant] == relevant_keys
    assert [c.key for c in grounded] == relevant_keys
    assert valueless == []  # failing the bar is not relevance, so not "relevant but valueless"


def test_the_cosine_bar_is_a_setting_in_zero_to_one() -> None:
    assert PipelineSettings(min_cosine=1.0).min_cosine == 1.0
    assert PipelineSettings.from_dict({"min_cosine": 0.3}).to_dict()["min_cosine"] == 0.3
    for bad in (0, -0.1, 1.5, "0.3"):
        with pytest.raises(ValueError, match="min_cosine"):
            PipelineSettings(min_cosine=bad)  # type: ignore[arg-type]


def test_grounding_lists_inapplicable_candidates_with_reasons() -> None:
    policy = AuthorityPolicy.unranked()
    fused = [
        (u("fl", "notice", jurisdiction="FL"), 0.1),
        (u("tx", "notice", jurisdiction="TX"), 0.1),
    ]
    candidates = rerank(
        "notice",
        [],
        fused,
        [],
        [],
        policy,
        PipelineSettings(weight_cosine=0, weight_text=0, weight_lexical=1),
    )
    _, grounded, inapplicable, _, _ = ground(
        "notice in Texas", candidates, QuestionScope.parse("notice in Texas"), PipelineSettings()
    )
    assert [c.key for c in grounded] == ["tx#0"]
    assert inapplicable == [
        {
            "key": "fl#0",
            "document_id": "fl",
            "reason": "the question concerns TX; this source's jurisdiction is FL",
            "kind": "jurisdiction",
        }
    ]


def test_a_question_asking_for_a_value_is_grounded_only_in_units_that_state_one() -> None:
    """A unit on the topic that gives no number of days cannot answer "how soon"."""
    question = "How soon must the landlord return the security deposit?"
    fused = [
        (u("statute", "The landlord shall return the security deposit within 21 days."), 0.1),
        (u("topic", "The landlord shall return the security deposit to the tenant."), 0.1),
        (u("far", "Zebras graze."), 0.1),
    ]
    candidates = rerank(
        question,
        [],
        fused,
        [],
        [],
        AuthorityPolicy.unranked(),
        PipelineSettings(weight_cosine=0, weight_text=0, weight_lexical=1),
    )
    settings = PipelineSettings(ground_threshold=0.3)
    relevant, grounded, _, valueless, _ = ground(
        question, candidates, QuestionScope.parse(""), settings
    )
    assert [c.key for c in relevant] == [c.key for c in grounded] == ["statute#0"]
    assert [c.key for c in valueless] == ["topic#0"]  # "far" is simply below the threshold
    # A question that asks for no value keeps every unit above the threshold.
    yes_no = "Must the landlord return the security deposit?"
    relevant, _, _, valueless, _ = ground(yes_no, candidates, QuestionScope.parse(""), settings)
    assert {c.key for c in relevant} == {"statute#0", "topic#0"} and valueless == []


tiers = st.sampled_from(["", "nonsense", *LEGAL_TIERS])


@settings(max_examples=25, deadline=None)
@given(
    st.lists(tiers, min_size=5, max_size=5),
    st.sampled_from([None, *LEGAL_TIERS]),
    st.sampled_from(list(TrustMode)),
)
def test_only_select_by_authority_consults_tiers_and_the_floor(
    assigned: list[str], floor: str | None, mode: TrustMode
) -> None:
    docs = [
        (d, text, {"authority_tier": t})
        for (d, text, _), t in zip(EXAMPLE_DOCUMENTS, assigned, strict=True)
    ]
    store = memory_lane(docs)
    question = "What notice must an owner give to end a month-to-month tenancy?"

    def run(policy: AuthorityPolicy):
        return gather(
            question,
            scope=QuestionScope.parse(question),
            retriever=store,
            embedder=WordHashEmbedder(),
            policy=policy,
            mode=mode,
            settings=PipelineSettings(),
            timings=Timings(),
        )

    floored = run(AuthorityPolicy.ordered(LEGAL_TIERS, minimum_tier=floor))
    unranked = run(AuthorityPolicy.unranked())
    assert [c.key for c in floored.relevant] == [c.key for c in unranked.relevant]
    assert [c.key for c in floored.grounded] == [c.key for c in unranked.grounded]
    assert set(c.key for c in floored.selection.selected) <= set(c.key for c in floored.grounded)
    assert [c.key for c in unranked.selection.selected] == [c.key for c in unranked.grounded]


def test_gather_reports_the_candidates_the_cosine_bar_kept_out() -> None:
    store = memory_lane(EXAMPLE_DOCUMENTS)
    question = "What notice must an owner give to end a month-to-month tenancy?"

    def run(min_cosine: float | None, threshold: float = 0.25) -> Gathered:
        return gather(
            question,
            scope=QuestionScope.parse(question),
            retriever=store,
            embedder=WordHashEmbedder(),
            policy=AuthorityPolicy.unranked(),
            mode=TrustMode.parse("strict"),
            settings=PipelineSettings(ground_threshold=threshold, min_cosine=min_cosine),
            timings=Timings(),
        )

    without = run(None)
    assert without.relevant and without.far_in_meaning == []
    bar = sorted(c.scores["cosine"] for c in without.relevant)[-1]  # only the closest passes
    with_bar = run(bar)
    assert [c.key for c in with_bar.relevant] == [
        c.key for c in without.relevant if c.scores["cosine"] >= bar
    ]
    assert {c.key for c in with_bar.far_in_meaning} == {
        c.key for c in without.relevant if c.scores["cosine"] < bar
    }
    assert with_bar.far_in_meaning  # the bar kept some out, and says which
    # A candidate exactly at the relevance threshold that fails the bar is reported too.
    edge = min(without.relevant, key=lambda c: c.relevance)
    at_edge = run(1.0, threshold=edge.relevance)
    assert edge.key in {c.key for c in at_edge.far_in_meaning}
    assert at_edge.relevant == []


def test_settings_validate_their_ranges_and_names() -> None:
    with pytest.raises(ValueError, match=ERR_BAD_SETTING.split("{")[0]):
        PipelineSettings(ground_k=0)
    with pytest.raises(ValueError, match="ground_threshold"):
        PipelineSettings(ground_threshold=1.5)
    with pytest.raises(ValueError, match="best_candidates"):
        PipelineSettings(best_candidates=-1)
    with pytest.raises(ValueError, match=ERR_UNKNOWN_SETTING.format(name="top_k")):
        PipelineSettings.from_dict({"top_k": 3})
    with pytest.raises(ValueError, match="relative_margin"):
        PipelineSettings(relative_margin=0)
    with pytest.raises(ValueError, match="relative_margin"):
        PipelineSettings(relative_margin=1.5)
    with pytest.raises(ValueError, match="elsewhere_margin"):
        PipelineSettings(elsewhere_margin=-0.1)
    assert PipelineSettings(relative_margin=1.0).relative_margin == 1.0
    assert PipelineSettings.from_dict({"ground_k": 5}).to_dict()["ground_k"] == 5
    assert PipelineSettings().to_dict()["rrf_k"] == 60


def test_the_store_ranks_text_hits_by_bm25_and_vectors_by_cosine() -> None:
    store = memory_lane(EXAMPLE_DOCUMENTS)
    assert store.search_text("security deposit repaint", 2)[0].unit.key == "tenant-forum-post#0"
    assert store.search_text("the of", 5) == []
    vector = WordHashEmbedder().embed(["dog licence fee"])[0]
    assert store.search_vector(vector, 1)[0].unit.key == "county-dog-licence#0"
    assert store.units_by_key(["ca-civ-1950-5#0", "nope#1"]).keys() == {"ca-civ-1950-5#0"}


def test_changed_content_is_a_new_version_and_the_old_units_are_retired() -> None:
    store = MemoryStore(WordHashEmbedder())
    store.add_document("d", [Piece("first text")], authority={"authority_tier": "statute"})
    document = store.add_document(
        "d", [Piece("second text")], authority={"authority_tier": "statute"}
    )
    assert document.version == 2
    assert store.units["d#0"].text == "second text"
    assert [r.text for r in store.retired] == ["first text"]
    assert store.search_text("first", 5) == []


def test_identical_content_only_updates_metadata() -> None:
    store = MemoryStore()
    store.add_document("d", [Piece("same text")], authority={"authority_tier": "statute"})
    document = store.add_document(
        "d", [Piece("same text")], authority={"authority_tier": "secondary-blog"}
    )
    assert document.version == 1
    assert store.units["d#0"].authority_meta == {"authority_tier": "secondary-blog"}
    assert store.units["d#0"].embedding is None  # no embedder: text search only


def test_the_store_refuses_empty_documents_and_corrections_of_unknown_ones() -> None:
    store = MemoryStore()
    with pytest.raises(
        ValueError, match=ERR_EMPTY_DOCUMENT.format(document_id="d").replace("'", ".")
    ):
        store.add_document("d", [Piece("  ")])
    with pytest.raises(KeyError, match=ERR_UNKNOWN_DOCUMENT.split("{")[0]):
        store.add_correction("missing", "note")


def test_only_active_corrections_are_returned() -> None:
    store = memory_lane(EXAMPLE_DOCUMENTS[:1])
    first = store.add_correction("ca-civ-1946-1", "first note")
    store.corrections["ca-civ-1946-1"][0] = type(first)(**{**first.__dict__, "active": False})
    store.add_correction("ca-civ-1946-1", "second note", authority="human_confirmation")
    (only,) = store.corrections_for(["ca-civ-1946-1", "other"])["ca-civ-1946-1"]
    assert (only.text, only.authority) == ("second note", "human_confirmation")


def test_the_memory_store_embeds_with_an_embedder_that_remembers_nothing_yet() -> None:
    # A MemoEmbedder has a length (the texts it remembers): empty, it is falsy, and the store
    # once took that for "no embedder" and stored no vectors at all.
    embedder = MemoEmbedder(WordHashEmbedder())
    assert len(embedder) == 0
    store = MemoryStore(embedder)
    store.add_document("d", [Piece("The landlord shall return the deposit within 21 days.")])
    assert store.units["d#0"].embedding is not None
    query = embedder.embed(["return the deposit"])[0]
    assert [h.unit.key for h in store.search_vector(query, 5)] == ["d#0"]

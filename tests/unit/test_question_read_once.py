"""The question read once (citenexus/domain/question.py): the frame carries what applicability,
the condition reader, the sentence scorer, the reranker and the removed-answer check used to read
from the question text each on its own, and each stage gives the same result from the frame as
from the text (docs/design.md#question-frame)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from citenexus.adapters.memory import MemoryStore
from citenexus.domain import question as question_module
from citenexus.domain.answer_fit import answer_score
from citenexus.domain.applicability import (
    QuestionScope,
    jurisdictions_named,
    scope_values,
    without_place_names,
    words_of,
)
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.conditions import (
    MET,
    UNMET,
    Facts,
    Span,
    condition_fit,
    count_fit,
    percent_fit,
    stated_facts,
    tenure_fit,
)
from citenexus.domain.conflicts import (
    DAYS,
    POLARITY,
    focus_of,
    focus_words,
    party_stems,
    question_focus,
)
from citenexus.domain.model import Unit
from citenexus.domain.question import QuestionFrame, frame_of, read_question
from citenexus.domain.relevance import sentence_score
from citenexus.domain.vocabulary import EMPTY, Vocabulary, active
from citenexus.pipeline.deep import scope_for
from citenexus.pipeline.judging import JudgeContext
from citenexus.pipeline.responsive import asked_value_kind, best_sentence
from citenexus.pipeline.retrieval import lexical_overlap, rerank
from citenexus.pipeline.settings import PipelineSettings
from citenexus.text.tokens import content_words, sentence_words

VOCABULARY = Vocabulary.from_mapping(
    {
        "parties": ["landlord", "tenant"],
        "scope_terms": {
            "tenancy": {"residential": ["apartment", "dwelling"], "commercial": ["storefront"]}
        },
        "jurisdictions": {"LA-CITY": ["Los Angeles"]},
        "status_phrases": ["been renting"],
    }
)
LAY = (
    "My landlord wants me out of my apartment in Los Angeles. I've been renting month to month "
    "for three years and the rent went up 12 percent. How much notice do I get?"
)
RULES = (
    "An owner shall give at least 60 days notice if the tenant has resided in the dwelling for "
    "one year or more.",
    "An owner shall give at least 30 days notice if the tenant has resided in the dwelling for "
    "less than one year.",
    "If the rent increase is 10 percent or less, the landlord shall give 30 days notice.",
    "If the rent increase is more than 10 percent, the landlord shall give 90 days notice.",
    "A business that processes the data of more than 1,000 residents must register.",
    "Nothing here is about the question.",
)


def test_the_frame_carries_the_places_the_scope_and_the_words_applicability_reads() -> None:
    frame = read_question(LAY, VOCABULARY)
    assert frame.vocabulary is VOCABULARY
    assert frame.jurisdictions == frozenset({"LA-CITY"})
    assert dict(frame.scope) == {"tenancy": frozenset({"residential"})}
    assert frame.scope_words == words_of(LAY)
    assert {"apartment", "landlord", "rent"} <= frame.scope_words


def test_the_frames_scope_is_the_one_applicability_parses() -> None:
    frame = read_question(LAY, VOCABULARY)
    for lane in ("", "CA", "LA-CITY", "Texas"):
        assert frame.scope_in(lane) == QuestionScope.parse(LAY, lane, VOCABULARY)
    lane_only = read_question("How much notice must be given?", VOCABULARY).scope_in("CA")
    assert lane_only.jurisdictions == frozenset({"CA"}) and not lane_only.elsewhere
    elsewhere = read_question("How much notice in Texas?", VOCABULARY).scope_in("CA")
    assert elsewhere.jurisdictions == frozenset({"TX"}) and elsewhere.elsewhere
    assert read_question("How much notice in Texas?").scope_in() == QuestionScope(
        frozenset({"TX"}), {}, EMPTY, words_of("How much notice in Texas?"), False
    )


def test_scope_read_takes_what_was_read_and_applies_the_lane() -> None:
    words = frozenset({"notic"})
    scope = (("tenancy", frozenset({"commercial"})),)
    read = QuestionScope.read(frozenset(), scope, words, "CA", VOCABULARY)
    assert read == QuestionScope(
        frozenset({"CA"}), {"tenancy": frozenset({"commercial"})}, VOCABULARY, words, False
    )
    assert QuestionScope.read(frozenset({"TX"}), (), words) == QuestionScope(
        frozenset({"TX"}), {}, EMPTY, words, False
    )
    nationwide = QuestionScope.read(frozenset({"TX"}), (), words, "US")
    assert nationwide.jurisdictions == frozenset({"TX"}) and not nationwide.elsewhere


def test_scope_values_name_every_dimension_even_when_empty() -> None:
    assert scope_values("a storefront lease", VOCABULARY) == (
        ("tenancy", frozenset({"commercial"})),
    )
    assert scope_values("nothing named", VOCABULARY) == (("tenancy", frozenset()),)
    assert scope_values("a storefront lease") == ()


def test_a_sub_query_reads_its_own_frame_and_inherits_what_it_does_not_name() -> None:
    whole = read_question(LAY, VOCABULARY).scope_in("CA")
    own = scope_for("How much notice for a storefront?", whole)
    assert own.jurisdictions == whole.jurisdictions
    assert own.scope == {"tenancy": frozenset({"commercial"})}
    assert own.words == words_of("How much notice for a storefront?")
    texas = scope_for("How much notice in Texas?", whole)
    assert texas.jurisdictions == frozenset({"TX"})
    assert texas.scope == {"tenancy": frozenset({"residential"})}


def test_the_frame_carries_the_facts_the_asker_states() -> None:
    frame = read_question(LAY, VOCABULARY)
    assert frame.stated == stated_facts(LAY, VOCABULARY)
    assert frame.stated.tenure == (Span(36.0, 36.0),)
    assert frame.stated.percents == (Span(12.0, 12.0),)
    assert "landlord" not in frame.stated.topic and "percent" not in frame.stated.topic
    assert {"rent", "notic"} <= frame.stated.topic
    counted = stated_facts("We hold data on 1,500 Colorado residents. Must we register?")
    assert counted.counts == (("resident", (Span(1500.0, 1500.0),)),)
    none = stated_facts("How much notice?")
    assert (none.tenure, none.percents, none.counts) == ((), (), ())
    assert Facts() == Facts((), (), (), frozenset())


def test_stated_facts_are_read_with_the_vocabulary_given_else_the_active_one() -> None:
    question = "I've been renting for three years. How much notice?"
    assert stated_facts(question, VOCABULARY).tenure == (Span(36.0, 36.0),)
    assert stated_facts(question, EMPTY).tenure == ()
    assert stated_facts(question).tenure == ()
    with active(VOCABULARY):
        assert stated_facts(question).tenure == (Span(36.0, 36.0),)
        assert read_question(question).stated.tenure == (Span(36.0, 36.0),)


def test_each_fit_from_the_facts_equals_the_fit_from_the_text() -> None:
    with active(VOCABULARY):
        facts = read_question(LAY).stated
        for rule in RULES:
            assert condition_fit(facts, rule) == condition_fit(LAY, rule)
        assert [condition_fit(facts, rule) for rule in RULES[:4]] == [MET, UNMET, UNMET, MET]
        assert tenure_fit(LAY, RULES[0]) == MET and tenure_fit(LAY, RULES[1]) == UNMET
        assert percent_fit(LAY, RULES[2]) == UNMET and percent_fit(LAY, RULES[3]) == MET
    counted = "We hold data on 1,500 residents. Must we register?"
    assert condition_fit(stated_facts(counted), RULES[4]) == MET == count_fit(counted, RULES[4])
    few = "We hold data on 800 residents. Must we register?"
    assert condition_fit(stated_facts(few), RULES[4]) is None
    # A percentage threshold about nothing the question names is no condition of it.
    assert condition_fit(Facts(percents=(Span(12.0, 12.0),)), RULES[3]) is None
    assert condition_fit(Facts(percents=(Span(12.0, 12.0),), topic=frozenset({"rent"})), RULES[3])
    assert condition_fit(Facts(), RULES[0]) is None


def test_the_frames_words_are_the_tokenisers_and_the_conflict_readers() -> None:
    frame = read_question(LAY, VOCABULARY)
    assert frame.terms == sentence_words(LAY)
    assert frame.topic_terms == frozenset(content_words(without_place_names(LAY, VOCABULARY)))
    assert "los" in frame.terms and "los" not in frame.topic_terms
    assert frame.content == question_focus(LAY, VOCABULARY)
    assert frame.content == frozenset(focus_words(LAY) - party_stems(VOCABULARY))
    assert "landlord" not in frame.content
    assert focus_of(LAY) == frozenset(focus_words(LAY)) and "landlord" in focus_of(LAY)
    assert question_focus(LAY, EMPTY) == focus_of(LAY) - party_stems(EMPTY)


def test_scoring_from_the_frame_equals_scoring_from_the_text() -> None:
    with active(VOCABULARY):
        frame = read_question(LAY)
        for rule in RULES:
            assert sentence_score(frame, rule) == sentence_score(LAY, rule)
            assert answer_score(frame, rule) == answer_score(LAY, rule)
        assert best_sentence(frame, " ".join(RULES)) == best_sentence(LAY, " ".join(RULES))
        assert asked_value_kind(frame) == asked_value_kind(LAY) == "days"
    assert sentence_score(read_question("Tell me."), RULES[0]) == 0.0


def _context(question: str, frame: QuestionFrame | None) -> JudgeContext:
    return JudgeContext(
        question=question,
        scope=QuestionScope.parse(question),
        policy=AuthorityPolicy.unranked(),
        mode=TrustMode.STRICT,
        judges=(),
        retriever=MemoryStore(),
        grounded=(),
        known={},
        frame=frame,
    )


def test_judging_takes_the_frame_the_run_passes_down_else_reads_the_question() -> None:
    question = "Is the training mandatory?"
    passed = read_question("How many days does the vendor have?")
    assert _context(question, passed).question_frame() is passed
    assert _context(question, passed).question_frame().conflict_kind == DAYS
    assert _context(question, None).question_frame() == read_question(question)
    assert _context(question, None).question_frame().conflict_kind == POLARITY


def test_frame_of_passes_a_frame_through_and_reads_a_text() -> None:
    frame = read_question("How much is the fee?")
    assert frame_of(frame) is frame
    assert frame_of("How much is the fee?") == frame
    assert frame_of("How much is the fee?") is read_question("How much is the fee?")


def test_reranking_takes_the_words_read_once() -> None:
    unit = Unit("d", 0, "notice of sixty days")
    assert lexical_overlap(frozenset(content_words(unit.text)), unit) == 1.0
    assert lexical_overlap(frozenset({"notice", "absent"}), unit) == 0.5
    assert lexical_overlap("notice and rent", unit) == lexical_overlap(
        frozenset(content_words("notice and rent")), unit
    )
    assert lexical_overlap(frozenset(), unit) == 0.0
    assert lexical_overlap("", unit) == 0.0
    policy = AuthorityPolicy.unranked()
    from_text = rerank("notice rent", [], [(unit, 1.0)], [], [], policy, PipelineSettings())
    from_words = rerank(
        frozenset(content_words("notice rent")), [], [(unit, 1.0)], [], [], policy,
        PipelineSettings(),
    )  # fmt: skip
    assert from_text[0].scores == from_words[0].scores
    assert math.isclose(from_text[0].scores["lexical"], 0.5)


QUESTIONS = st.text(max_size=200) | st.lists(
    st.sampled_from(
        [
            "How",
            "much",
            "notice",
            "do",
            "I",
            "get",
            "?",
            "I",
            "have",
            "lived",
            "here",
            "for",
            "3",
            "years",
            ".",
            "in",
            "Texas",
            "California",
            "Los",
            "Angeles",
            "apartment",
            "storefront",
            "12",
            "percent",
            "1,500",
            "residents",
            ",",
            "and",
            ";",
            "when",
            "who",
            "can",
        ]
    ),
    max_size=30,
).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(QUESTIONS)
def test_reading_any_text_never_raises_and_reading_twice_gives_equal_frames(text: str) -> None:
    first = read_question(text, VOCABULARY)
    again = question_module._read.__wrapped__(text, VOCABULARY)  # read anew, past the cache
    assert isinstance(first, QuestionFrame)
    assert again == first and hash(again) == hash(first)
    assert first.scope_in("CA") == QuestionScope.parse(text, "CA", VOCABULARY)
    assert first.jurisdictions == jurisdictions_named(text, VOCABULARY)
    assert first.stated == stated_facts(text, VOCABULARY)
    assert first.terms == sentence_words(text)


@settings(max_examples=100, deadline=None)
@given(QUESTIONS, st.sampled_from(RULES))
def test_any_question_scores_alike_from_its_frame_and_from_its_text(text: str, rule: str) -> None:
    with active(VOCABULARY):
        frame = read_question(text)
        assert condition_fit(frame.stated, rule) == condition_fit(text, rule)
        assert sentence_score(frame, rule) == sentence_score(text, rule)
        assert answer_score(frame, rule) == answer_score(text, rule)

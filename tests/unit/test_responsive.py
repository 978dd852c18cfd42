"""A draft that does not answer, while a stage removed the evidence that does, is refused."""

from __future__ import annotations

import pytest

from citenexus.adapters.memory import MemoryStore
from citenexus.adapters.memory import Piece as MemoryPiece
from citenexus.domain.answer import Answer
from citenexus.domain.authority import AuthorityTier
from citenexus.domain.model import Candidate, Draft, RefusalCode, Segment, Unit
from citenexus.domain.question import read_question
from citenexus.domain.vocabulary import Vocabulary
from citenexus.generators.extractive import ExtractiveGenerator
from citenexus.pipeline import PipelineSettings, ask
from citenexus.pipeline.responsive import (
    MATTER,
    SIMILARITY,
    TYPE,
    Removed,
    RemovedCheck,
    asked_value_kind,
    best_sentence,
    removed_answer,
    scope_named,
)
from citenexus.pipeline.timing import STAGE_ORDER
from tests.support.fakes import (
    FLOORED,
    ContainmentJudge,
    WordHashEmbedder,
    memory_lane,
)

QUESTION = "Must landlords pay interest on security deposits in every city?"
FORUM_TEXT = "Hi all. Landlords must pay interest on security deposits in every city of the state."
STATUTE_TEXT = (
    "A landlord may demand a security deposit. The deposit secures unpaid rent and cleaning."
)


def candidate(document_id: str, text: str, relevance: float = 0.5) -> Candidate:
    return Candidate(Unit(document_id, 0, text), AuthorityTier(1, "t"), relevance)


def draft(*texts: str) -> Draft:
    return Draft(tuple(Segment(t, ("statute#0",)) for t in texts))


def test_the_removed_sentence_compared_is_the_one_the_generator_would_quote() -> None:
    assert best_sentence(QUESTION, FORUM_TEXT) == (
        "Landlords must pay interest on security deposits in every city of the state."
    )
    assert best_sentence(QUESTION, "Too short.") is None


def test_a_withheld_source_that_answers_far_better_names_the_floor() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    found = removed_answer(
        QUESTION, draft("A landlord may demand a security deposit."), removed, WordHashEmbedder(),
        margin=0.3,
    )  # fmt: skip
    assert found is not None
    assert found.code is RefusalCode.BELOW_AUTHORITY_FLOOR and found.document_id == "forum"
    assert found.similarity - found.draft_similarity >= 0.3
    assert "forum (withheld by the floor)" in found.detail


def test_within_the_margin_the_draft_stands() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    answering = draft("Landlords must pay interest on security deposits in every city.")
    assert removed_answer(QUESTION, answering, removed, WordHashEmbedder(), margin=0.3) is None
    near = draft("A landlord must pay interest on a security deposit.")
    assert removed_answer(QUESTION, near, removed, WordHashEmbedder(), margin=1.5) is None


def test_nothing_removed_or_nothing_drafted_is_no_refusal() -> None:
    embedder = WordHashEmbedder()
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("tx", FORUM_TEXT))]
    assert removed_answer(QUESTION, draft("A deposit."), [], embedder, margin=0.1) is None
    assert removed_answer(QUESTION, Draft(()), removed, embedder, margin=0.1) is None


def test_the_best_removed_sentence_decides_the_code() -> None:
    removed = [
        (RefusalCode.NOT_APPLICABLE, candidate("tx", "Deposits are returned within thirty days.")),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT)),
    ]
    found = removed_answer(
        QUESTION, draft("A landlord may demand a deposit."), removed, WordHashEmbedder(), margin=0.2
    )
    assert found is not None and found.code is RefusalCode.BELOW_AUTHORITY_FLOOR


def test_only_the_first_units_of_each_stage_are_compared() -> None:
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("a", "Rent is due on the first day.")),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("b", FORUM_TEXT)),
    ]
    weak = draft("A landlord may demand a deposit.")
    assert (
        removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3, per_stage=1) is None
    )
    assert removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3, per_stage=2)


LANE = [
    (
        "ca-civ-1950-5",
        STATUTE_TEXT,
        {"authority_tier": "controlling-statute", "jurisdiction": "CA"},
    ),
    ("tenant-forum", FORUM_TEXT, {"authority_tier": "secondary-blog", "jurisdiction": "CA"}),
]


def run(mode: str, margin: float | None):
    return ask(
        QUESTION,
        retriever=memory_lane(LANE),
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode=mode,
        settings=PipelineSettings(ground_threshold=0.1, removed_answer_margin=margin),
        lane_jurisdiction="CA",
    )


def test_strict_refuses_the_statute_quote_when_only_the_withheld_forum_answers() -> None:
    answer = run("strict", 0.3)
    assert answer.status == "refused"
    assert answer.refusal is not None
    assert answer.refusal.code is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert "tenant-forum (withheld by the floor)" in answer.refusal.message
    assert "responsive" in answer.evidence.timings_ms
    assert answer.draft is not None  # what would have been said is kept for the reviewer
    # The draft was judged while the check's texts were embedded; the refusal shows no claim.
    assert answer.claims == () and answer.to_dict()["claims"] == []


def test_without_the_margin_or_outside_strict_mode_the_statute_is_quoted() -> None:
    assert run("strict", None).status == "answered"  # the check is off
    normal = run("normal", 0.3)  # the floor withholds nothing in normal mode
    assert normal.status == "answered" and not normal.evidence.withheld


@pytest.mark.parametrize("margin", [0.0, -0.1, 2.5, "0.3"])
def test_the_margin_must_be_a_positive_number(margin: object) -> None:
    with pytest.raises(ValueError, match="removed_answer_margin"):
        PipelineSettings(removed_answer_margin=margin)  # type: ignore[arg-type]


def test_an_inapplicable_source_that_answers_far_better_names_applicability() -> None:
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("tx-statute", FORUM_TEXT))]
    weak = draft("A landlord may demand a security deposit.")
    found = removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=0.3)
    assert found is not None and found.code is RefusalCode.NOT_APPLICABLE
    assert found.detail.startswith("tx-statute (not applicable) answers the question")


# The answer-type reading: the question asks for a value, the draft states none, a removed
# sentence does.
SHARE_QUESTION = "What share of visits carry an opt-out signal?"
SHARE_BLOG = "In our logs, about 12 percent of visits carry an opt-out signal."
SHARE_RULE = "A controller shall honor an opt-out signal sent by a browser."


def test_the_frame_says_which_answer_types_are_values() -> None:
    assert asked_value_kind(SHARE_QUESTION) == "percent"
    assert asked_value_kind("How many days does a business have to answer?") == "days"
    assert asked_value_kind("How much is the fee?") == "amount"
    assert asked_value_kind("When is the renewal due?") == "date"
    assert asked_value_kind("Can a business sell the data?") is None  # yes/no
    assert asked_value_kind("Who enforces the act?") is None
    assert asked_value_kind("") is None


def test_a_removed_sentence_stating_the_value_asked_refuses_a_draft_stating_none() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", SHARE_BLOG))]
    # margin 2 is beyond any cosine gap: only the type reading can refuse
    found = removed_answer(SHARE_QUESTION, draft(SHARE_RULE), removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.reason == TYPE
    assert found.code is RefusalCode.BELOW_AUTHORITY_FLOOR and found.key == "blog#0"
    assert found.detail == (
        "blog (withheld by the floor) states a percentage value that answers the question; "
        "the evidence that remains states none"
    )


def test_the_type_reading_names_applicability_when_applicability_removed_the_value() -> None:
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("tx", SHARE_BLOG))]
    found = removed_answer(SHARE_QUESTION, draft(SHARE_RULE), removed, WordHashEmbedder(), margin=2)
    assert found is not None and found.code is RefusalCode.NOT_APPLICABLE
    assert found.detail.startswith("tx (not applicable) states a percentage value")


def test_the_type_reading_prefers_a_rule_left_out_for_its_scope_to_a_source_below_the_floor() -> (
    None
):
    # Both state the percentage; the blog is nearer the question in words. The rule that would
    # answer does not reach the question's case, and a blog stating the value does not change
    # that: the refusal names applicability. A rule left out for its place is no such evidence.
    rule = "A controller shall report the share of visits with a signal, at most 12 percent."
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", SHARE_BLOG)),
        (RefusalCode.NOT_APPLICABLE, candidate("rule", rule)),
    ]
    check = RemovedCheck.of(
        SHARE_QUESTION, draft(SHARE_RULE), removed, out_of_scope=frozenset({"rule#0"})
    )
    assert check is not None
    question, kept, nearer, further = [1.0, 0.0], [0.0, 1.0], [0.9, 0.1], [0.6, 0.4]
    found = check.decide([question, kept, nearer, further], margin=2)
    assert found is not None and found.reason == TYPE
    assert found.code is RefusalCode.NOT_APPLICABLE and found.key == "rule#0"
    placed = RemovedCheck.of(SHARE_QUESTION, draft(SHARE_RULE), removed)
    assert placed is not None
    found = placed.decide([question, kept, nearer, further], margin=2)
    assert found is not None and found.code is RefusalCode.BELOW_AUTHORITY_FLOOR


def test_a_draft_stating_the_value_kind_or_a_question_asking_none_is_not_refused_by_type() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", SHARE_BLOG))]
    stating = draft("About 9 percent of visits carry an opt-out signal in the state.")
    assert removed_answer(SHARE_QUESTION, stating, removed, WordHashEmbedder(), margin=2) is None
    yes_no = "Must a controller honor an opt-out signal?"
    rule = draft("A controller shall honor an opt-out signal.")
    assert removed_answer(yes_no, rule, removed, WordHashEmbedder(), margin=2) is None


def test_a_removed_value_about_something_else_does_not_count() -> None:
    # "12 percent" of interest, not of visits: values_of reads the value's own words
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("blog", "Interest runs at 12 percent."))
    ]
    assert (
        removed_answer(SHARE_QUESTION, draft(SHARE_RULE), removed, WordHashEmbedder(), margin=2)
        is None
    )


# The matter reading, floor only.
def test_the_floors_sentence_naming_far_more_of_the_matter_refuses() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    weak = draft("A landlord may demand a security deposit.")
    found = removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=2)
    assert (
        found is not None and found.reason == MATTER and found.code.value == "below_authority_floor"
    )
    removed_names, kept_names, total = found.matter
    assert removed_names >= kept_names + 2 and removed_names >= 2 * kept_names
    assert found.detail == (
        f"forum (withheld by the floor) names {removed_names} of the question's {total} matter "
        f"words, the evidence that remains at most {kept_names}"
    )


def test_the_matter_reading_leaves_a_source_of_another_place_alone() -> None:
    # the same sentence removed by applicability for its jurisdiction (not named in
    # out_of_scope): another state's rule names the question's words and governs nothing here
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("tx", FORUM_TEXT))]
    weak = draft("A landlord may demand a security deposit.")
    assert removed_answer(QUESTION, weak, removed, WordHashEmbedder(), margin=2) is None


# The matter reading of a source applicability left out for its scope alone.
SCOPED = Vocabulary.from_mapping(
    {
        "scope_terms": {
            "use": {"commercial": ["office space", "warehouse"], "residential": ["dwelling"]}
        }
    }
)
SCOPED_QUESTION = (
    "May a tenant under a commercial lease repair defects and deduct the cost from rent?"
)
REPAIR_RULE = (
    "A tenant of a dwelling may repair defects and deduct the cost from the rent when the "
    "landlord fails to repair them."
)
COMMERCIAL_SCOPE = "This chapter governs every commercial lease of office space or a warehouse."


def scoped_check(drafted: str, *, out_of_scope: frozenset[str]) -> Removed | None:
    frame = read_question(SCOPED_QUESTION, SCOPED)
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("repair", REPAIR_RULE))]
    return removed_answer(
        frame, draft(drafted), removed, WordHashEmbedder(), margin=2, out_of_scope=out_of_scope
    )


def test_the_words_that_name_the_questions_scope_are_read_from_the_lane_vocabulary() -> None:
    assert scope_named(read_question(SCOPED_QUESTION, SCOPED)) == {"commercial"}
    asked = read_question("Who fixes the heating in our office space or warehouse?", SCOPED)
    assert scope_named(asked) == {"offic", "spac", "warehous"}  # stems, as matter words are
    assert scope_named(read_question(SCOPED_QUESTION)) == frozenset()  # no vocabulary, no scope


def test_a_source_left_out_for_its_scope_that_names_the_matter_refuses_not_applicable() -> None:
    # What remains was kept for naming the question's scope ("commercial lease"), and says
    # nothing about repairs; the rule that does was left out by its own scope (dwellings).
    found = scoped_check(COMMERCIAL_SCOPE, out_of_scope=frozenset({"repair#0"}))
    assert found is not None and found.code is RefusalCode.NOT_APPLICABLE
    assert found.reason == MATTER and found.document_id == "repair"
    removed_names, kept_names, total = found.matter
    # "commercial" is not counted: tenant, leas, repair, defect, deduct, cost, rent
    assert (removed_names, kept_names, total) == (6, 1, 7)
    assert found.detail == (
        "repair (not applicable) names 6 of the question's 7 matter words, the evidence that "
        "remains at most 1"
    )


def test_the_scope_reading_does_not_ask_the_removed_sentence_to_be_the_more_similar() -> None:
    # A long rule's sentence embeds further from a short question than a short scope sentence
    # does; the count of matter words decides. The floor's reading still asks for both.
    frame = read_question(SCOPED_QUESTION, SCOPED)
    removed = [(RefusalCode.NOT_APPLICABLE, candidate("repair", REPAIR_RULE))]
    check = RemovedCheck.of(
        frame, draft(COMMERCIAL_SCOPE), removed, out_of_scope=frozenset({"repair#0"})
    )
    assert check is not None
    question, kept, removed_vector = [1.0, 0.0], [0.9, 0.1], [0.5, 0.5]  # removed less similar
    found = check.decide([question, kept, removed_vector], margin=2)
    assert (
        found is not None and found.reason == MATTER and found.similarity < found.draft_similarity
    )
    floored = RemovedCheck.of(
        frame, draft(COMMERCIAL_SCOPE), [(RefusalCode.BELOW_AUTHORITY_FLOOR, removed[0][1])]
    )
    assert floored is not None
    assert floored.decide([question, kept, removed_vector], margin=2) is None
    assert floored.decide([question, removed_vector, kept], margin=2) is not None


def test_the_scope_reading_needs_the_source_left_out_for_its_scope_alone() -> None:
    assert scoped_check(COMMERCIAL_SCOPE, out_of_scope=frozenset()) is None
    assert scoped_check(COMMERCIAL_SCOPE, out_of_scope=frozenset({"other#0"})) is None


def test_the_scope_reading_needs_the_lead_and_the_ratio_without_the_scope_words() -> None:
    # A draft that names the matter (a general rule on repairs that applies) stands.
    general = "Under a commercial lease the tenant may repair defects and deduct the cost."
    assert scoped_check(general, out_of_scope=frozenset({"repair#0"})) is None
    # The scope's words are not counted: this draft names tenant, rent and lease (3) against
    # the removed rule's 6, twice as many; counting its "commercial" too (4) it would stand.
    found = scoped_check(
        "A commercial tenant pays rent under the lease.", out_of_scope=frozenset({"repair#0"})
    )
    assert found is not None and found.matter == (6, 3, 7)


def test_the_matter_reading_needs_both_the_lead_and_the_ratio() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    # names 5 of the 6 matter words: the forum's 6 is neither 2 more nor twice as many
    near = draft("A landlord must pay interest on a security deposit.")
    assert removed_answer(QUESTION, near, removed, WordHashEmbedder(), margin=2) is None
    # a question whose asking clause has no content word has no matter to compare
    assert (
        removed_answer("How?", draft("A deposit."), removed, WordHashEmbedder(), margin=2) is None
    )


def test_the_matter_reading_leaves_a_draft_that_states_the_kind_of_value_asked() -> None:
    # the forum names more of the question's words; the statute states the amount asked for
    question = "What is the most a landlord can ask for as a security deposit in every city?"
    forum = "Landlords ask for a security deposit in every city; nobody knows the most they can."
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", forum))]
    stating = draft("Security may not exceed $2,000.")
    assert asked_value_kind(question) == "amount"
    assert removed_answer(question, stating, removed, WordHashEmbedder(), margin=2) is None
    # the same draft without its amount is refused by the matter reading
    found = removed_answer(
        question, draft("Security is held by the owner."), removed, WordHashEmbedder(), margin=2
    )
    assert found is not None and found.reason == MATTER


def test_the_similarity_reading_is_named_in_the_result() -> None:
    removed = [(RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT))]
    found = removed_answer(
        QUESTION,
        draft("A landlord may demand a security deposit."),
        removed,
        WordHashEmbedder(),
        margin=0.2,
    )
    assert found is not None and found.reason == SIMILARITY


def test_the_check_split_in_two_decides_as_the_whole_check_does() -> None:
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("forum", FORUM_TEXT, 0.9)),
        (RefusalCode.NOT_APPLICABLE, candidate("other", STATUTE_TEXT, 0.8)),
    ]
    statute = draft("A landlord may demand a security deposit.")
    embedder = WordHashEmbedder()
    check = RemovedCheck.of(QUESTION, statute, removed)
    assert check is not None
    assert check.texts == [
        QUESTION,
        "A landlord may demand a security deposit.",
        best_sentence(QUESTION, FORUM_TEXT),
        best_sentence(QUESTION, STATUTE_TEXT),
    ]
    decided = check.decide(embedder.embed(check.texts), margin=0.3)
    assert decided == removed_answer(QUESTION, statute, removed, embedder, margin=0.3)
    assert decided is not None and decided.code is RefusalCode.BELOW_AUTHORITY_FLOOR
    assert RemovedCheck.of(QUESTION, statute, []) is None
    assert RemovedCheck.of(QUESTION, Draft(()), removed) is None
    # A removed unit with no sentence long enough to quote offers nothing to compare.
    assert RemovedCheck.of(QUESTION, statute, [(removed[0][0], candidate("x", "Short."))]) is None


def test_the_check_times_itself_under_its_own_stage_name_only() -> None:
    # Started before judging and decided after it, both halves count as "responsive".
    answer = run("strict", 0.3)
    assert "responsive" in answer.evidence.timings_ms
    assert set(answer.evidence.timings_ms) <= set(STAGE_ORDER)


# The scope reading through the whole ask: the repair rule is for dwellings, the chapter that
# applies to a commercial lease says nothing on repairs.
SCOPED_LANE = [
    ("repair", REPAIR_RULE, "This part applies only to a lease of a dwelling."),
    ("commercial", COMMERCIAL_SCOPE, "This chapter applies only to a commercial lease."),
]


def scoped_ask() -> Answer:
    store = MemoryStore(WordHashEmbedder())
    for document_id, text, scope in SCOPED_LANE:
        store.add_document(
            document_id,
            [MemoryPiece(text, scope=scope)],
            authority={"authority_tier": "controlling-statute", "jurisdiction": "CA"},
        )
    return ask(
        SCOPED_QUESTION,
        retriever=store,
        embedder=WordHashEmbedder(),
        generator=ExtractiveGenerator(),
        judges=[ContainmentJudge()],
        policy=FLOORED,
        mode="strict",
        # a margin no similarity reaches: the matter reading alone decides
        settings=PipelineSettings(ground_threshold=0.1, removed_answer_margin=2),
        lane_jurisdiction="CA",
        vocabulary=SCOPED,
    )


def test_the_ask_refuses_a_draft_kept_for_naming_the_scope_not_the_matter() -> None:
    answer = scoped_ask()
    assert answer.status == "refused" and answer.refusal is not None
    assert answer.refusal.code is RefusalCode.NOT_APPLICABLE
    assert "repair (not applicable) names" in answer.refusal.message
    assert answer.draft is not None and "commercial lease" in answer.draft["segments"][0]["text"]


def test_a_floor_sentence_less_similar_than_the_draft_is_passed_over_not_the_end() -> None:
    # Two sentences the floor withheld, both naming the matter: the first reads less like the
    # question than the draft does and is passed over; the second decides.
    removed = [
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("first", FORUM_TEXT, 0.9)),
        (RefusalCode.BELOW_AUTHORITY_FLOOR, candidate("second", FORUM_TEXT, 0.8)),
    ]
    check = RemovedCheck.of(QUESTION, draft("A landlord may demand a security deposit."), removed)
    assert check is not None
    question, kept, less, more = [1.0, 0.0], [0.9, 0.1], [0.5, 0.5], [1.0, 0.01]
    found = check.decide([question, kept, less, more], margin=2)
    assert found is not None and found.reason == MATTER and found.document_id == "second"

"""The lane's terms of art searched with a question's lay words (docs/design.md, "Retrieval and
grounding"): which terms a question brings in, the text retrieval embeds and searches, and that
only retrieval reads it. No database."""

from __future__ import annotations

from collections.abc import Sequence

from citenexus.domain.answer import Answer
from citenexus.domain.applicability import QuestionScope
from citenexus.domain.authority import AuthorityPolicy, TrustMode
from citenexus.domain.model import ScoredUnit
from citenexus.domain.vocabulary import EMPTY, Vocabulary, searched_text
from citenexus.generators import ExtractiveGenerator
from citenexus.pipeline import ask
from citenexus.pipeline.retrieval import Gathered, gather
from citenexus.pipeline.settings import PipelineSettings
from citenexus.pipeline.timing import Timings
from tests.support.fakes import EXAMPLE_DOCUMENTS, WordHashEmbedder, memory_lane

VOCABULARY = Vocabulary.from_mapping(
    {
        "synonyms": {
            "fingerprint": "biometric identifier",
            "opt-out signal": "universal opt-out mechanism",
            "vendor": "processor",
            "service provider": "processor",
            "owner": "landlord",
        }
    }
)


def test_a_lay_word_brings_in_its_term_matched_as_a_vocabulary_phrase() -> None:
    # any case, a plural on the last word, a space or a hyphen alike
    assert VOCABULARY.search_terms("Can a gym keep my Fingerprints?") == ("biometric identifier",)
    assert VOCABULARY.search_terms("Do sites honor opt out signals?") == (
        "universal opt-out mechanism",
    )
    # a whole word only: "vendorship" is no "vendor", "fingerprinting" no "fingerprint"
    assert VOCABULARY.search_terms("What is a vendorship?") == ()
    assert VOCABULARY.search_terms("Is fingerprinting allowed?") == ()


def test_each_term_comes_once_in_the_vocabularys_order_and_not_when_the_question_has_it() -> None:
    question = "Must a service provider or a vendor delete fingerprint data?"
    assert VOCABULARY.search_terms(question) == ("biometric identifier", "processor")
    # the question writes the term itself (here as a plural): nothing to add for it
    assert VOCABULARY.search_terms("Is a vendor one of the processors?") == ()
    assert VOCABULARY.search_terms("Must a vendor keep a biometric identifier?") == ("processor",)
    assert EMPTY.search_terms("Must a vendor keep my fingerprint?") == ()
    # a term holding "*" is a pattern, not words to search; the lay side may be one
    patterns = Vocabulary.from_mapping({"synonyms": {"lease": "* year lease", "* day": "term"}})
    assert patterns.search_terms("Is my lease for a 5 day stay?") == ("term",)


def test_the_searched_text_is_the_question_with_its_terms_in_brackets() -> None:
    question = "Can my vendor keep my fingerprint?"
    assert searched_text(question, VOCABULARY) == (
        "Can my vendor keep my fingerprint? (biometric identifier; processor)"
    )
    assert searched_text(question, EMPTY) == question
    assert searched_text("What is a deposit?", VOCABULARY) == "What is a deposit?"


class RecordingEmbedder(WordHashEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.seen.extend(texts)
        return super().embed(texts)


class RecordingLane:
    def __init__(self) -> None:
        self.lane = memory_lane(EXAMPLE_DOCUMENTS)
        self.searched: list[str] = []

    def search_text(self, query: str, k: int) -> Sequence[ScoredUnit]:
        self.searched.append(query)
        return self.lane.search_text(query, k)

    def __getattr__(self, name: str) -> object:
        return getattr(self.lane, name)


QUESTION = "What notice must an owner give to end a month-to-month tenancy?"


def gathered(vocabulary: Vocabulary, lane: RecordingLane, embedder: WordHashEmbedder) -> Gathered:
    """``QUESTION`` gathered, unranked and strict, from ``lane`` with ``vocabulary``."""
    return gather(
        QUESTION,
        scope=QuestionScope.parse(QUESTION, vocabulary=vocabulary),
        retriever=lane,  # type: ignore[arg-type]
        embedder=embedder,
        policy=AuthorityPolicy.unranked(),
        mode=TrustMode.parse("strict"),
        settings=PipelineSettings(),
        timings=Timings(),
    )


def test_gather_embeds_and_searches_the_question_with_its_terms_and_reads_it_as_asked() -> None:
    embedder, lane = RecordingEmbedder(), RecordingLane()
    found = gathered(VOCABULARY, lane, embedder)
    expanded = f"{QUESTION} (landlord)"
    assert found.searched == expanded
    assert embedder.seen == [expanded]
    assert lane.searched == [expanded]
    # the word overlap is the question's own: "landlord" is not one of its words
    assert found.candidates
    assert gathered(EMPTY, RecordingLane(), WordHashEmbedder()).searched == QUESTION


def asked(question: str = QUESTION, vocabulary: Vocabulary = VOCABULARY) -> Answer:
    """``question`` asked in normal mode of the example documents, with ``vocabulary``."""
    return ask(
        question,
        retriever=memory_lane(EXAMPLE_DOCUMENTS),
        embedder=WordHashEmbedder(),
        judges=[],
        policy=AuthorityPolicy.unranked(),
        mode="normal",
        generator=ExtractiveGenerator(),
        strategy="single",
        vocabulary=vocabulary,
    )


def test_an_answer_records_what_each_query_was_searched_as() -> None:
    answer = asked()
    assert answer.policy["subqueries"] == [QUESTION]
    assert answer.policy["searched"] == [f"{QUESTION} (landlord)"]

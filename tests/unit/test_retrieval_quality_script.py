"""scripts/retrieval_quality.py: recall counting, and the in-memory ranking reranks as ``gather``."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from citenexus.adapters.memory import MemoryStore, Piece
from citenexus.domain.model import Unit
from citenexus.evaluation import GoldenQuestion
from tests.support.fakes import WordHashEmbedder

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "retrieval_quality.py"


@pytest.fixture(scope="module")
def rq() -> ModuleType:
    spec = importlib.util.spec_from_file_location("retrieval_quality", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def question(qid: str, text: str, documents: tuple[str, ...]) -> GoldenQuestion:
    return GoldenQuestion(qid, text, "answerable", "answered", "", documents, "21 days")


def test_score_counts_document_and_unit_hits_and_names_the_misses(rq: ModuleType) -> None:
    answer = Unit("statute", 3, "The landlord shall return the deposit within 21 days.")
    other = Unit("statute", 1, "Definitions.")
    blog = Unit("blog", 0, "Landlords have 30 days.")
    filler = [Unit("filler", i, f"Unrelated text {i}.") for i in range(5)]
    golden = [
        question("Q1", "deposit?", ("statute",)),
        question("Q2", "deposit again?", ("statute",)),
        question("Q3", "no spans?", ("statute",)),
    ]
    spans = {"Q1": [("statute", "within 21 days")], "Q2": [("statute", "within 21 days")]}
    orders = {
        "deposit?": [answer, blog],  # the answering unit in the top 5
        "deposit again?": [other, *filler, answer],  # document @5, its unit only @20
        "no spans?": filler,  # no document at all
    }
    result = rq.score(
        golden, spans, lambda q: dict.fromkeys(rq.MODES, orders[q]), name="x", seconds=0, units=9
    )
    assert result["document_hits"]["reranked@5"] == 2
    assert result["unit_hits"]["reranked@5"] == 1
    assert result["unit_hits"]["reranked@20"] == 2
    assert result["unit_recall"]["reranked@5"] == 0.5  # Q3 has no answer span: not counted
    assert result["document_recall"]["vector@20"] == round(2 / 3, 4)
    assert result["unit_misses"]["text@5"] == ["Q2"]


def test_the_memory_ranking_reranks_without_place_names_and_reads_the_lane_vocabulary(
    rq: ModuleType, tmp_path: Path
) -> None:
    (tmp_path / "lane.json").write_text(
        json.dumps({"slug": "x", "vocabulary": {"parties": ["landlord", "tenant"]}}),
        encoding="utf-8",
    )
    vocabulary = rq.lane_vocabulary(tmp_path)
    assert "landlord" in vocabulary.parties
    store = MemoryStore(WordHashEmbedder())
    store.add_document("a", [Piece("Deposit returned within 21 days by the landlord.")])
    store.add_document("b", [Piece("Texas rules differ for deposits.")])
    ranked = rq.memory_rankings(
        store, WordHashEmbedder(), vocabulary, "When is a deposit returned in Texas?"
    )
    assert set(ranked) == set(rq.MODES)
    # "Texas" finds document b by full text, but counts for nothing in the rerank: the unit
    # that answers the rest of the question comes first.
    assert "b#0" in [u.key for u in ranked["text"]]
    assert ranked["reranked"][0].key == "a#0"

    (tmp_path / "lane.json").write_text(json.dumps({"slug": "x"}), encoding="utf-8")
    assert rq.lane_vocabulary(tmp_path).parties == ()


def test_the_applicable_ranking_leaves_out_what_the_question_cannot_use(
    rq: ModuleType, tmp_path: Path
) -> None:
    """Grounding keeps the best applicable candidates: a unit of another state ranked first is
    in the reranked order, not in the applicable one. A document the CSV gives no jurisdiction
    is of the lane's, as the product reads it."""
    (tmp_path / "lane.json").write_text(
        json.dumps({"slug": "x", "jurisdiction": "CA"}), encoding="utf-8"
    )
    (tmp_path / "authority.csv").write_text(
        "document_id,authority_tier,jurisdiction\nca,statute,\ntx,statute,TX\n", encoding="utf-8"
    )
    rows = rq.authority_rows(tmp_path)
    assert rows["ca"]["jurisdiction"] == "CA"
    assert rows["tx"]["jurisdiction"] == "TX"
    assert rows["tx"]["authority_tier"] == "statute"
    assert "document_id" not in rows["tx"]
    store = MemoryStore(WordHashEmbedder())
    store.add_document("tx", [Piece("A deposit is returned within 30 days.")], authority=rows["tx"])
    store.add_document(
        "ca", [Piece("The deposit is returned within 21 days.")], authority=rows["ca"]
    )
    ranked = rq.memory_rankings(
        store, WordHashEmbedder(), rq.lane_vocabulary(tmp_path), "When is a deposit returned?", "CA"
    )
    assert {u.key for u in ranked["reranked"]} == {"tx#0", "ca#0"}
    assert [u.key for u in ranked["applicable"]] == ["ca#0"]
    assert rq.authority_rows(tmp_path / "missing") == {}

"""Retrieval quality of each embedder on every example lane: recall@5 and @20, document and unit.

For every golden question answered with an expected value from expected documents, two hits are
counted among the top k results (k = 5 and 20):

* document level: one of the top k units belongs to an expected document (the golden set names
  the documents that answer, not single units);
* unit level: one of the top k units holds one of the question's answer phrases
  (examples/<lane>/answer_spans.csv: a short verbatim phrase of the answering sentence, written
  from the documents; tests/unit/test_answer_spans.py keeps each inside one unit of the default
  segmentation).

Reported per lane and per embedder for vector search alone, for full text alone, for the hybrid
(full-text + vector, reciprocal rank fusion) and for the hybrid reranked as the pipeline reranks
it (cosine, normalised text score and word overlap; the order grounding sees). Runs on the
domain's in-memory store (BM25 stands in for PostgreSQL's full-text rank), no database. Results
go to bench-results/retrieval_quality.json and a readable table to docs/retrieval-quality.md,
which is committed (the held-out lane is reported, never used to choose):

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/retrieval_quality.py
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import platform
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.adapters.memory import MemoryStore, Piece  # noqa: E402
from citenexus.config.schema import CiteNexusConfig  # noqa: E402
from citenexus.domain.authority import AuthorityPolicy  # noqa: E402
from citenexus.domain.model import Unit  # noqa: E402
from citenexus.embedders import HashingEmbedder, MiniLMEmbedder  # noqa: E402
from citenexus.evaluation import GoldenQuestion, read_golden  # noqa: E402
from citenexus.ingest import embedding_text, extract_text, segment  # noqa: E402
from citenexus.pipeline.retrieval import reciprocal_rank_fusion, rerank  # noqa: E402
from citenexus.pipeline.settings import PipelineSettings  # noqa: E402

EXAMPLES = ROOT / "examples"
LANES = ("law-authority", "privacy-law", "aviation-maintenance")
HELD_OUT = frozenset({"aviation-maintenance"})
OUTPUT = ROOT / "bench-results" / "retrieval_quality.json"
TABLE = ROOT / "docs" / "retrieval-quality.md"
KS = (5, 20)
MODES = ("vector", "text", "hybrid", "reranked")
COMMAND = "HF_HUB_OFFLINE=1 .venv/bin/python scripts/retrieval_quality.py"
CONFIG = CiteNexusConfig()  # the app's defaults: unit size and overlap, retrieve_k, rrf_k
SETTINGS = PipelineSettings()  # the rerank blend's weights
POLICY = AuthorityPolicy.unranked()  # rerank attaches tiers; ranking here ignores them


def build(lane: Path, embedder: object) -> tuple[MemoryStore, float, int]:
    store = MemoryStore(embedder)  # type: ignore[arg-type]
    start = time.perf_counter()
    units = 0
    for path in sorted((lane / "corpus").iterdir()):
        text = extract_text(path.read_bytes(), path.name).text
        pieces = [
            Piece(
                text=p.text,
                heading=" > ".join(p.heading_path),
                scope=p.scope,
                index_text=embedding_text(p, title=path.stem),  # what the app embeds and indexes
            )
            for p in segment(
                text, target_chars=CONFIG.unit_chars, overlap_chars=CONFIG.unit_overlap
            )
        ]
        units += len(pieces)
        store.add_document(path.stem, pieces, title=path.stem)
    return store, time.perf_counter() - start, units


def _collapse(text: str) -> str:
    return " ".join(text.split())


def read_spans(lane: Path) -> dict[str, list[tuple[str, str]]]:
    """Question id -> (document id, whitespace-collapsed answer phrase) pairs."""
    spans: dict[str, list[tuple[str, str]]] = defaultdict(list)
    rows = csv.DictReader(io.StringIO((lane / "answer_spans.csv").read_text(encoding="utf-8")))
    for row in rows:
        spans[row["id"]].append((row["document_id"], _collapse(row["phrase"])))
    return dict(spans)


def holds_answer(unit: Unit, spans: Sequence[tuple[str, str]]) -> bool:
    text = _collapse(unit.text)
    return any(unit.document_id == doc and phrase in text for doc, phrase in spans)


def _key(mode: str, k: int) -> str:
    return f"{mode}@{k}"


def evaluate(
    lane: Path,
    embedder: object,
    golden: list[GoldenQuestion],
    spans: dict[str, list[tuple[str, str]]],
) -> dict[str, object]:
    store, seconds, units = build(lane, embedder)
    keys = [_key(m, k) for m in MODES for k in KS]
    doc_hits = dict.fromkeys(keys, 0)
    unit_hits = dict.fromkeys(keys, 0)
    unit_misses: dict[str, list[str]] = {key: [] for key in keys}
    for g in golden:
        query_vector = embedder.embed([g.question])[0]  # type: ignore[attr-defined]
        vector = store.search_vector(query_vector, CONFIG.retrieve_k)
        text = store.search_text(g.question, CONFIG.retrieve_k)
        fused = reciprocal_rank_fusion([text, vector], CONFIG.rrf_k)
        reranked = rerank(g.question, query_vector, fused, text, vector, POLICY, SETTINGS)
        ranked = {
            "vector": [h.unit for h in vector],
            "text": [h.unit for h in text],
            "hybrid": [unit for unit, _ in fused],
            "reranked": [c.unit for c in reranked],
        }
        for mode, order in ranked.items():
            for k in KS:
                top, key = order[:k], _key(mode, k)
                doc_hits[key] += any(u.document_id in g.expected_documents for u in top)
                if g.id in spans:
                    hit = any(holds_answer(u, spans[g.id]) for u in top)
                    unit_hits[key] += hit
                    if not hit:
                        unit_misses[key].append(g.id)
    n_doc = len(golden)
    n_unit = sum(1 for g in golden if g.id in spans)
    return {
        "embedder": embedder.name,  # type: ignore[attr-defined]
        "index_seconds": round(seconds, 1),
        "units": units,
        "document_recall": {key: round(doc_hits[key] / n_doc, 4) for key in keys},
        "unit_recall": {key: round(unit_hits[key] / max(n_unit, 1), 4) for key in keys},
        "document_hits": doc_hits,
        "unit_hits": unit_hits,
        "unit_misses": unit_misses,
    }


def lane_questions(lane: Path) -> list[GoldenQuestion]:
    """Questions answered with an expected value from expected documents."""
    return [
        g
        for g in read_golden((lane / "golden.csv").read_text(encoding="utf-8"))
        if g.expected_status == "answered" and g.expected_value and g.expected_documents
    ]


def table(lane: str, n_doc: int, n_unit: int, results: list[dict[str, object]]) -> list[str]:
    """Markdown rows: one per embedder and mode, document and unit recall at each k."""
    role = "held out, reported only" if lane in HELD_OUT else "development"
    lines = [
        f"### {lane} ({role}): {n_doc} questions, {n_unit} with answer spans",
        "",
        "| embedder | ranking | doc @5 | doc @20 | unit @5 | unit @20 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for result in results:
        doc, unit = result["document_recall"], result["unit_recall"]
        for mode in MODES:
            cells = [f"{doc[_key(mode, k)]:.1%}" for k in KS]  # type: ignore[index]
            cells += [f"{unit[_key(mode, k)]:.1%}" for k in KS]  # type: ignore[index]
            lines.append(f"| {result['embedder']} | {mode} | " + " | ".join(cells) + " |")
    lines.append("")
    for result in results:
        misses = result["unit_misses"][_key("reranked", 5)]  # type: ignore[index]
        lines.append(
            f"- {result['embedder']}, unit-level misses @5 (reranked): {' '.join(misses) or '-'}"
        )
    lines.append("")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=str(OUTPUT))
    parser.add_argument("--table", default=str(TABLE), help="the readable table (markdown)")
    parser.add_argument("--lanes", default=",".join(LANES), help="comma-separated lane folders")
    args = parser.parse_args()

    embedders = (MiniLMEmbedder(), HashingEmbedder(384))
    lanes_out: dict[str, object] = {}
    markdown = [
        "# Retrieval quality per example lane",
        "",
        f"Written by `{COMMAND}`. recall@k: document = a top-k unit is of an expected document;",
        "unit = a top-k unit holds a phrase of the answering sentence (answer_spans.csv).",
        "Rankings: vector alone, full text alone (BM25 in memory), hybrid (reciprocal rank",
        "fusion) and reranked (the pipeline's blend; the order grounding sees).",
        "",
    ]
    for name in [lane.strip() for lane in args.lanes.split(",") if lane.strip()]:
        lane = EXAMPLES / name
        golden, spans = lane_questions(lane), read_spans(lane)
        n_unit = sum(1 for g in golden if g.id in spans)
        results = [evaluate(lane, embedder, golden, spans) for embedder in embedders]
        lines = table(name, len(golden), n_unit, results)
        print("\n".join(lines))
        markdown.extend(lines)
        lanes_out[name] = {
            "held_out": name in HELD_OUT,
            "document_questions": len(golden),
            "unit_questions": n_unit,
            "results": results,
        }

    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "command": COMMAND,
        "ks": list(KS),
        "unit_chars": CONFIG.unit_chars,
        "unit_overlap": CONFIG.unit_overlap,
        "retrieve_k": CONFIG.retrieve_k,
        "rrf_k": CONFIG.rrf_k,
        "python": platform.python_version(),
        "lanes": lanes_out,
    }
    output.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    Path(args.table).write_text("\n".join(markdown), encoding="utf-8")
    print(f"written to {args.output} and {args.table}")


if __name__ == "__main__":
    main()

"""Retrieval quality of each embedder on the example lane (issue 3): recall@5, document and unit.

For every answerable golden question of examples/law-authority (expected_documents set: the
answerable and conflict categories), two hits are counted among the top 5 results:

* document level: one of the top 5 units belongs to an expected document (the golden set names
  the documents that answer, not single units);
* unit level: one of the top 5 units holds one of the question's answer phrases
  (examples/law-authority/answer_spans.csv: a short verbatim phrase of the answering sentence,
  which tests/unit/test_answer_spans.py keeps inside one unit of the default segmentation).

Reported per embedder for vector search alone, for the hybrid the pipeline uses (full-text +
vector, reciprocal rank fusion) and for full text alone. Runs on the domain's in-memory store, no
database; results also go to bench-results/retrieval_quality.json:

    .venv/bin/python scripts/retrieval_quality.py
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
from citenexus.domain.model import Unit  # noqa: E402
from citenexus.embedders import HashingEmbedder, MiniLMEmbedder  # noqa: E402
from citenexus.evaluation import GoldenQuestion, read_golden  # noqa: E402
from citenexus.ingest import embedding_text, extract_text, segment  # noqa: E402
from citenexus.pipeline.retrieval import reciprocal_rank_fusion  # noqa: E402

LANE = ROOT / "examples" / "law-authority"
OUTPUT = ROOT / "bench-results" / "retrieval_quality.json"
K = 5
MODES = ("vector", "hybrid", "text")
CONFIG = CiteNexusConfig()  # the app's defaults: unit size and overlap, retrieve_k, rrf_k


def build(embedder: object) -> tuple[MemoryStore, float, int]:
    store = MemoryStore(embedder)  # type: ignore[arg-type]
    start = time.perf_counter()
    units = 0
    for path in sorted((LANE / "corpus").iterdir()):
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


def read_spans() -> dict[str, list[tuple[str, str]]]:
    """Question id -> (document id, whitespace-collapsed answer phrase) pairs."""
    spans: dict[str, list[tuple[str, str]]] = defaultdict(list)
    rows = csv.DictReader(io.StringIO((LANE / "answer_spans.csv").read_text(encoding="utf-8")))
    for row in rows:
        spans[row["id"]].append((row["document_id"], _collapse(row["phrase"])))
    return dict(spans)


def holds_answer(unit: Unit, spans: Sequence[tuple[str, str]]) -> bool:
    text = _collapse(unit.text)
    return any(unit.document_id == doc and phrase in text for doc, phrase in spans)


def evaluate(
    embedder: object, golden: list[GoldenQuestion], spans: dict[str, list[tuple[str, str]]]
) -> dict[str, object]:
    store, seconds, units = build(embedder)
    doc_hits = dict.fromkeys(MODES, 0)
    unit_hits = dict.fromkeys(MODES, 0)
    unit_misses: dict[str, list[str]] = {mode: [] for mode in MODES}
    for g in golden:
        vector = store.search_vector(embedder.embed([g.question])[0], CONFIG.retrieve_k)  # type: ignore[attr-defined]
        text = store.search_text(g.question, CONFIG.retrieve_k)
        fused = reciprocal_rank_fusion([text, vector], CONFIG.rrf_k)
        ranked = {
            "vector": [h.unit for h in vector[:K]],
            "text": [h.unit for h in text[:K]],
            "hybrid": [unit for unit, _ in fused[:K]],
        }
        for mode, top in ranked.items():
            doc_hits[mode] += any(u.document_id in g.expected_documents for u in top)
            if g.id in spans:
                hit = any(holds_answer(u, spans[g.id]) for u in top)
                unit_hits[mode] += hit
                if not hit:
                    unit_misses[mode].append(g.id)
    n_doc = len(golden)
    n_unit = sum(1 for g in golden if g.id in spans)
    return {
        "embedder": embedder.name,  # type: ignore[attr-defined]
        "index_seconds": round(seconds, 1),
        "units": units,
        "document_recall": {m: round(doc_hits[m] / n_doc, 4) for m in MODES},
        "unit_recall": {m: round(unit_hits[m] / n_unit, 4) for m in MODES},
        "document_hits": doc_hits,
        "unit_hits": unit_hits,
        "unit_misses": unit_misses,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=str(OUTPUT))
    args = parser.parse_args()

    golden = [
        g
        for g in read_golden((LANE / "golden.csv").read_text(encoding="utf-8"))
        if g.expected_status == "answered" and g.expected_documents
    ]
    spans = read_spans()
    with_spans = sum(1 for g in golden if g.id in spans)
    print(
        f"recall@{K}: document = a top-{K} unit is of an expected document ({len(golden)} "
        f"questions);\n           unit = a top-{K} unit holds an answer phrase ({with_spans} "
        "questions with answer_spans.csv rows)\n"
    )
    group = f"{'vector':>8}{'hybrid':>8}{'text':>8}"
    print(f"{'':<18}{'document level':^24}  {'unit level':^24}")
    print(f"{'embedder':<18}{group}  {group}{'index s':>10}")
    results = []
    for embedder in (MiniLMEmbedder(), HashingEmbedder(384)):
        result = evaluate(embedder, golden, spans)
        results.append(result)
        doc, unit = result["document_hits"], result["unit_hits"]
        print(
            f"{result['embedder']:<18}"
            + "".join(f"{doc[m] / len(golden):>8.1%}" for m in MODES)  # type: ignore[index]
            + "  "
            + "".join(f"{unit[m] / with_spans:>8.1%}" for m in MODES)  # type: ignore[index]
            + f"{result['index_seconds']:>10.1f}"
        )
    print("\nunit-level misses, hybrid:")
    for result in results:
        misses = result["unit_misses"]["hybrid"]  # type: ignore[index]
        print(f"  {result['embedder']}: {' '.join(misses) or '-'}")

    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "command": ".venv/bin/python scripts/retrieval_quality.py",
        "lane": "examples/law-authority",
        "k": K,
        "unit_chars": CONFIG.unit_chars,
        "unit_overlap": CONFIG.unit_overlap,
        "retrieve_k": CONFIG.retrieve_k,
        "rrf_k": CONFIG.rrf_k,
        "document_questions": len(golden),
        "unit_questions": with_spans,
        "python": platform.python_version(),
        "results": results,
    }
    output.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output}")


if __name__ == "__main__":
    main()

"""Retrieval quality of each embedder on the example lane (issue 3): recall@5 of the right source.

For every answerable golden question of examples/law-authority (expected_documents set), the
right source is found when one of its units is among the top 5 results. Reported per embedder for
vector search alone and for the hybrid (full-text + vector, reciprocal rank fusion) the pipeline
uses. Document-level: the golden set names the documents that answer, not single units.
Runs on the domain's in-memory store, no database:

    .venv/bin/python scripts/retrieval_quality.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.embedders import HashingEmbedder, MiniLMEmbedder  # noqa: E402
from citenexus.evaluation import read_golden  # noqa: E402
from citenexus.ingest import embedding_text, extract_text, segment  # noqa: E402
from citenexus.memory import MemoryStore, Piece  # noqa: E402
from citenexus.pipeline.retrieval import reciprocal_rank_fusion  # noqa: E402

LANE = ROOT / "examples" / "law-authority"
K = 5


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
            for p in segment(text)
        ]
        units += len(pieces)
        store.add_document(path.stem, pieces, title=path.stem)
    return store, time.perf_counter() - start, units


def main() -> None:
    golden = [
        g
        for g in read_golden((LANE / "golden.csv").read_text(encoding="utf-8"))
        if g.expected_status == "answered" and g.expected_documents
    ]
    print(
        f"{len(golden)} answerable questions with expected sources; recall@{K} of the right source\n"
    )
    print(f"{'embedder':<18}{'vector':>10}{'hybrid':>10}{'text only':>12}{'index s':>10}")
    for embedder in (MiniLMEmbedder(), HashingEmbedder(384)):
        store, seconds, _ = build(embedder)
        hits = {"vector": 0, "hybrid": 0, "text": 0}
        for g in golden:
            vector = store.search_vector(embedder.embed([g.question])[0], 50)
            text = store.search_text(g.question, 50)
            fused = reciprocal_rank_fusion([text, vector], 60)
            ranked = {
                "vector": [h.unit.document_id for h in vector],
                "text": [h.unit.document_id for h in text],
                "hybrid": [unit.document_id for unit, _ in fused],
            }
            for name, docs in ranked.items():
                hits[name] += any(d in g.expected_documents for d in docs[:K])
        n = len(golden)
        print(
            f"{embedder.name:<18}{hits['vector'] / n:>10.1%}{hits['hybrid'] / n:>10.1%}"
            f"{hits['text'] / n:>12.1%}{seconds:>10.1f}"
        )


if __name__ == "__main__":
    main()

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
it (``citenexus.pipeline.retrieval.gather``: the question without its place names, the lane's
vocabulary; the order grounding sees), and that order without the units the question's place
or scope excludes (``applicable``: grounding keeps the best applicable candidates). Runs on the
domain's in-memory store (BM25 over the
indexed text stands in for PostgreSQL's full-text rank), no database. Results go to
bench-results/retrieval_quality.json and a readable table to docs/retrieval-quality.md, which is
committed (the held-out lane is reported, never used to choose):

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/retrieval_quality.py

``--database NAME`` measures the product itself instead, on a database ``seed_demo`` loaded: the
lane's PostgreSQL retriever (``ts_rank_cd`` full text, HNSW vectors), the deployment's embedder and
pipeline settings, and ``gather`` as an ask runs it. Its table goes to the file ``--table`` names
(docs/retrieval-quality-postgres.md by default):

    HF_HUB_OFFLINE=1 CITENEXUS_DB_NAME=NAME .venv/bin/python manage.py seed_demo
    HF_HUB_OFFLINE=1 .venv/bin/python scripts/retrieval_quality.py --database NAME

``--remote URL,MODEL,DIMENSION`` adds an embedder served over the OpenAI protocol to the
in-memory tables (scripts/embedding_server.py serves a local model that way; docs/evaluation.md,
"A larger embedder").
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import platform
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.adapters.memory import MemoryStore, Piece  # noqa: E402
from citenexus.config.schema import CiteNexusConfig  # noqa: E402
from citenexus.domain.applicability import QuestionScope, without_place_names  # noqa: E402
from citenexus.domain.authority import AuthorityPolicy, TrustMode  # noqa: E402
from citenexus.domain.jurisdiction import meta_of_lane  # noqa: E402
from citenexus.domain.model import Unit  # noqa: E402
from citenexus.domain.vocabulary import Vocabulary  # noqa: E402
from citenexus.embedders import HashingEmbedder, MiniLMEmbedder, OpenAIEmbedder  # noqa: E402
from citenexus.evaluation import GoldenQuestion, read_golden  # noqa: E402
from citenexus.ingest import embedding_text, extract_text, segment  # noqa: E402
from citenexus.pipeline.retrieval import gather, reciprocal_rank_fusion, rerank  # noqa: E402
from citenexus.pipeline.settings import PipelineSettings  # noqa: E402
from citenexus.pipeline.timing import Timings  # noqa: E402

EXAMPLES = ROOT / "examples"
LANES = ("law-authority", "privacy-law", "aviation-maintenance")
HELD_OUT = frozenset({"aviation-maintenance"})
OUTPUT = ROOT / "bench-results" / "retrieval_quality.json"
TABLE = ROOT / "docs" / "retrieval-quality.md"
DATABASE_TABLE = ROOT / "docs" / "retrieval-quality-postgres.md"
# The table file keeps everything from this line on when it is written again.
KEEP_BELOW = "<!-- written by hand below: kept when the tables above are written again -->"
KS = (5, 20)
MODES = ("vector", "text", "hybrid", "reranked", "applicable")
COMMAND = "HF_HUB_OFFLINE=1 .venv/bin/python scripts/retrieval_quality.py"
CONFIG = CiteNexusConfig()  # the app's defaults: unit size and overlap, retrieve_k, rrf_k
SETTINGS = PipelineSettings()  # the rerank blend's weights
POLICY = AuthorityPolicy.unranked()  # rerank attaches tiers; ranking here ignores them


def lane_config(lane: Path) -> dict[str, Any]:
    return json.loads((lane / "lane.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def authority_rows(lane: Path) -> dict[str, dict[str, str]]:
    """Each document's CSV metadata, a missing jurisdiction inherited from the lane as the
    product does (docs/design.md#applicability)."""
    path = next((p for p in (lane / "authority.csv", lane / "records.csv") if p.exists()), None)
    if path is None:
        return {}
    inherited = lane_config(lane).get("jurisdiction") or ""
    rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    return {
        row["document_id"]: dict(
            meta_of_lane(
                {k: v or "" for k, v in row.items() if k and k != "document_id"}, inherited
            )
        )
        for row in rows
    }


def build(lane: Path, embedder: object) -> tuple[MemoryStore, float, int]:
    store = MemoryStore(embedder)  # type: ignore[arg-type]
    start = time.perf_counter()
    units = 0
    metadata = authority_rows(lane)
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
        store.add_document(
            path.stem, pieces, authority=metadata.get(path.stem, {}), title=path.stem
        )
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


def lane_vocabulary(lane: Path) -> Vocabulary:
    """The vocabulary of the lane's ``lane.json`` (place names it lists leave reranking)."""
    return Vocabulary.from_mapping(lane_config(lane).get("vocabulary") or {})


def applicable(units: Sequence[Unit], scope: QuestionScope) -> list[Unit]:
    """The reranked order without the units the question's place or scope excludes: the order
    in which grounding keeps its ``ground_k`` candidates."""
    return [u for u in units if scope.exclusion(u) is None]


def memory_rankings(
    store: MemoryStore,
    embedder: object,
    vocabulary: Vocabulary,
    question: str,
    jurisdiction: str = "",
) -> dict[str, list[Unit]]:
    """The five rankings of one question on the in-memory store."""
    query_vector = embedder.embed([question])[0]  # type: ignore[attr-defined]
    vector = store.search_vector(query_vector, CONFIG.retrieve_k)
    text = store.search_text(question, CONFIG.retrieve_k)
    fused = reciprocal_rank_fusion([text, vector], CONFIG.rrf_k)
    topic = without_place_names(question, vocabulary)  # as ``gather`` reranks
    reranked = rerank(topic, query_vector, fused, text, vector, POLICY, SETTINGS)
    ranked = [c.unit for c in reranked]
    return {
        "vector": [h.unit for h in vector],
        "text": [h.unit for h in text],
        "hybrid": [unit for unit, _ in fused],
        "reranked": ranked,
        "applicable": applicable(ranked, QuestionScope.parse(question, jurisdiction, vocabulary)),
    }


def evaluate(
    lane: Path,
    embedder: object,
    golden: list[GoldenQuestion],
    spans: dict[str, list[tuple[str, str]]],
) -> dict[str, object]:
    store, seconds, units = build(lane, embedder)
    vocabulary = lane_vocabulary(lane)
    jurisdiction = lane_config(lane).get("jurisdiction") or ""
    return score(
        golden,
        spans,
        lambda question: memory_rankings(store, embedder, vocabulary, question, jurisdiction),
        name=embedder.name,  # type: ignore[attr-defined]
        seconds=seconds,
        units=units,
    )


def score(
    golden: list[GoldenQuestion],
    spans: dict[str, list[tuple[str, str]]],
    rankings: Callable[[str], dict[str, list[Unit]]],
    *,
    name: str,
    seconds: float,
    units: int,
) -> dict[str, object]:
    """Document and unit recall at each k of every ranking, over the lane's questions."""
    keys = [_key(m, k) for m in MODES for k in KS]
    doc_hits = dict.fromkeys(keys, 0)
    unit_hits = dict.fromkeys(keys, 0)
    unit_misses: dict[str, list[str]] = {key: [] for key in keys}
    for g in golden:
        ranked = rankings(g.question)
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
        "embedder": name,
        "index_seconds": round(seconds, 1),
        "units": units,
        "document_recall": {key: round(doc_hits[key] / n_doc, 4) for key in keys},
        "unit_recall": {key: round(unit_hits[key] / max(n_unit, 1), 4) for key in keys},
        "document_hits": doc_hits,
        "unit_hits": unit_hits,
        "unit_misses": unit_misses,
    }


def database_results(
    lane: Path, golden: list[GoldenQuestion], spans: dict[str, list[tuple[str, str]]]
) -> list[dict[str, object]]:
    """The four rankings as the product computes them, on the lane ``seed_demo`` loaded."""
    from curation.bootstrap import ports
    from curation.models import EvidenceUnit, Lane

    slug = json.loads((lane / "lane.json").read_text(encoding="utf-8"))["slug"]
    row = Lane.objects.get(slug=slug)
    pipeline = ports().pipeline(row)
    retriever, embedder, settings = pipeline.retriever, pipeline.embedder, pipeline.settings

    def rankings(question: str) -> dict[str, list[Unit]]:
        query_vector = embedder.embed([question])[0]
        vector = retriever.search_vector(query_vector, settings.retrieve_k)
        text = retriever.search_text(question, settings.retrieve_k)
        fused = reciprocal_rank_fusion([text, vector], settings.rrf_k)
        scope = QuestionScope.parse(question, row.jurisdiction, pipeline.vocabulary)
        found = gather(
            question,
            scope=scope,
            retriever=retriever,
            embedder=embedder,
            policy=pipeline.policy,
            mode=TrustMode.STRICT,
            settings=settings,
            timings=Timings(),
        )
        return {
            "vector": [h.unit for h in vector],
            "text": [h.unit for h in text],
            "hybrid": [unit for unit, _ in fused],
            "reranked": [c.unit for c in found.candidates],
            "applicable": applicable([c.unit for c in found.candidates], scope),
        }

    units = EvidenceUnit.objects.filter(lane=row, current=True).count()
    return [score(golden, spans, rankings, name=embedder.name, seconds=0.0, units=units)]


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
        for mode in ("reranked", "applicable"):
            misses = result["unit_misses"][_key(mode, 5)]  # type: ignore[index]
            lines.append(
                f"- {result['embedder']}, unit-level misses @5 ({mode}): {' '.join(misses) or '-'}"
            )
    lines.append("")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=str(OUTPUT))
    parser.add_argument("--table", default=str(TABLE), help="the readable table (markdown)")
    parser.add_argument("--lanes", default=",".join(LANES), help="comma-separated lane folders")
    parser.add_argument(
        "--database", help="measure the product on this database (seed_demo loaded) instead"
    )
    parser.add_argument(
        "--remote",
        metavar="URL,MODEL,DIMENSION",
        help="also measure an OpenAI-protocol embedder (scripts/embedding_server.py serves one)",
    )
    args = parser.parse_args()
    if args.database:
        os.environ["CITENEXUS_DB_NAME"] = args.database
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "citenexus_web.settings")
        import django

        django.setup()
        if args.table == str(TABLE):
            args.table = str(DATABASE_TABLE)

    embedders: tuple[object, ...] = (
        () if args.database else (MiniLMEmbedder(), HashingEmbedder(384))
    )
    if args.remote and not args.database:
        url, _, rest = args.remote.rpartition(",")
        url, _, model = url.rpartition(",")
        if not (url and model and rest.isdigit()):
            parser.error("--remote wants URL,MODEL,DIMENSION, e.g. http://127.0.0.1:8765/v1,m,768")
        embedders += (OpenAIEmbedder(url, model, dimension=int(rest)),)
    command = f"{COMMAND} --database {args.database}" if args.database else COMMAND
    where = (
        "PostgreSQL's ts_rank_cd; vectors from the HNSW index; reranked is `gather` itself"
        if args.database
        else "BM25 in memory"
    )
    lanes_out: dict[str, object] = {}
    markdown = [
        "# Retrieval quality per example lane",
        "",
        f"Written by `{command}`. recall@k: document = a top-k unit is of an expected document;",
        "unit = a top-k unit holds a phrase of the answering sentence (answer_spans.csv).",
        f"Rankings: vector alone, text alone ({where}), hybrid (reciprocal rank",
        "fusion), reranked (the pipeline's blend; the order grounding sees), and applicable",
        "(reranked without the units the question's place or scope excludes: grounding keeps",
        "the best applicable ones, so a unit of another state ranked first costs no answer).",
        "",
    ]
    for name in [lane.strip() for lane in args.lanes.split(",") if lane.strip()]:
        lane = EXAMPLES / name
        golden, spans = lane_questions(lane), read_spans(lane)
        n_unit = sum(1 for g in golden if g.id in spans)
        results = (
            database_results(lane, golden, spans)
            if args.database
            else [evaluate(lane, embedder, golden, spans) for embedder in embedders]
        )
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
        "command": command,
        "ks": list(KS),
        "unit_chars": CONFIG.unit_chars,
        "unit_overlap": CONFIG.unit_overlap,
        "retrieve_k": CONFIG.retrieve_k,
        "rrf_k": CONFIG.rrf_k,
        "python": platform.python_version(),
        "lanes": lanes_out,
    }
    output.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    table_path = Path(args.table)
    kept = ""
    if table_path.exists():  # what was measured by hand stays below the generated tables
        old = table_path.read_text(encoding="utf-8")
        kept = old[old.index(KEEP_BELOW) :] if KEEP_BELOW in old else ""
    table_path.write_text("\n".join(markdown) + ("\n" + kept if kept else ""), encoding="utf-8")
    print(f"written to {args.output} and {args.table}")


if __name__ == "__main__":
    main()

"""Two readings on texts nobody tuned them on: a quantified list quoted whole, and the sum of money
or share a question states found in the unit that states it (issue 15; docs/evaluation.md,
fifteenth session).

tests/fixtures/list_amount_items.jsonl holds 24 items a helper wrote blind on 2026-12-07 (original
text in fields none of the example lanes covers; no code, fixture or document of the project
read), committed as written:

* ``list`` items: one passage with a numbered or lettered list under a lead-in ("either of the
  following", "all of the following", ... or an unquantified "The following fees apply:"), a lay
  question, and the phrases a correct quoted answer must contain (for a quantified list, a phrase
  of its last item). Each is answered by the extractive generator (MiniLM breaking ties, as
  deployed) from the passage alone: does the draft hold the phrases?
* ``amount`` items: three units of one rulebook, the one that answers stating the sum or share the
  question states. Each question is gathered over the three (in memory, MiniLM, the deployed
  ground threshold 0.47 and cosine bar 0.3): the answering unit's rank and whether it is grounded.

Run at two commits to compare (``git worktree add /tmp/old REV`` and ``--root /tmp/old``):

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/list_amount_quality.py [--root PATH]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ITEMS = ROOT / "tests" / "fixtures" / "list_amount_items.jsonl"


def read_items(path: Path = ITEMS) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code to run")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from citenexus.adapters.memory import MemoryStore, Piece
    from citenexus.domain.applicability import QuestionScope
    from citenexus.domain.authority import AuthorityPolicy
    from citenexus.domain.model import Unit
    from citenexus.embedders import MiniLMEmbedder
    from citenexus.generators.extractive import ExtractiveGenerator
    from citenexus.pipeline.retrieval import gather
    from citenexus.pipeline.settings import PipelineSettings
    from citenexus.pipeline.timing import Timings

    embedder = MiniLMEmbedder()
    generator = ExtractiveGenerator(embedder=embedder)
    settings = PipelineSettings(ground_threshold=0.47, min_cosine=0.3)
    quoted = {True: [0, 0], False: [0, 0]}  # quantified -> [with the phrases, items]
    grounded = first = amounts = 0
    for item in read_items():
        if item["kind"] == "list":
            draft = generator.generate(item["question"], [Unit(item["id"], 0, item["passage"])])
            text = " ".join(segment.text for segment in draft.segments)
            holds = all(phrase in text for phrase in item["must_contain"])
            quoted[item["quantified"]][0] += holds
            quoted[item["quantified"]][1] += 1
            print(f"{item['id']} list quantified={item['quantified']} holds={holds}")
            continue
        store = MemoryStore(embedder)
        for index, text in enumerate(item["units"]):
            store.add_document(f"unit-{index}", [Piece(text)], authority={})
        found = gather(
            item["question"],
            scope=QuestionScope.read(frozenset(), (), frozenset()),
            retriever=store,
            embedder=embedder,
            policy=AuthorityPolicy.unranked(),
            mode="strict",
            settings=settings,
            timings=Timings(),
        )
        answer = f"unit-{item['answer_unit']}"
        order = [c.unit.document_id for c in found.candidates]
        rank = order.index(answer) + 1
        is_grounded = answer in {c.unit.document_id for c in found.grounded}
        amounts += 1
        first += rank == 1
        grounded += is_grounded
        print(f"{item['id']} amount rank={rank} grounded={is_grounded}")
    for quantified, (holds, total) in quoted.items():
        label = "quantified" if quantified else "unquantified"
        print(f"lists, {label}: {holds}/{total} drafts hold the phrases")
    print(f"amounts: answering unit ranked first {first}/{amounts}, grounded {grounded}/{amounts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

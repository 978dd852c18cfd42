"""Can the embedder tell that a question's phrase names an excluded category when the words
differ ("a city" for "a political subdivision of the state")? Issue 14 item 5 names "the embedder
where words differ" as a means for scope; this measures whether MiniLM can be that means.

Reads tests/fixtures/category_pairs.jsonl: a phrase as an asker writes it, a category as a rule
lists it, and whether the phrase names that category (written from meaning alone, before this
script first ran). Prints each pair's cosine, the ranking quality (the share of true/false pairs
the cosine orders right), and the best threshold's precision and recall. An exclusion that
leaves out an answerable question is a wrong refusal, so a usable bar needs precision 1.0.

    HF_HUB_OFFLINE=1 .venv/bin/python scripts/category_similarity.py [--embedder minilm|hashing]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citenexus.domain.similarity import cosine  # noqa: E402
from citenexus.embedders import HashingEmbedder, MiniLMEmbedder  # noqa: E402

PAIRS = ROOT / "tests" / "fixtures" / "category_pairs.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=("minilm", "hashing"), default="minilm")
    args = parser.parse_args()
    rows = [json.loads(line) for line in PAIRS.read_text().splitlines() if line.strip()]
    embedder = MiniLMEmbedder() if args.embedder == "minilm" else HashingEmbedder()
    texts = sorted({r["phrase"] for r in rows} | {r["category"] for r in rows})
    vectors = dict(zip(texts, embedder.embed(texts), strict=True))
    scored = [(cosine(vectors[r["phrase"]], vectors[r["category"]]), r) for r in rows]
    for score, row in sorted(scored, key=lambda s: -s[0]):
        mark = "names" if row["names"] else "  -  "
        print(f"{score:.3f}  {mark}  {row['phrase']} | {row['category']}")
    true = [s for s, r in scored if r["names"]]
    false = [s for s, r in scored if not r["names"]]
    ordered = sum(t > f for t in true for f in false) / (len(true) * len(false))
    print(f"\n{len(true)} naming pairs, {len(false)} not; pairs ordered right (AUC): {ordered:.3f}")
    best = max(false)
    above = [t for t in true if t > best]
    print(
        f"highest cosine of a pair that names nothing: {best:.3f}; naming pairs above it "
        f"(recall at precision 1.0): {len(above)}/{len(true)}"
    )
    for bar in (0.5, 0.6, 0.7):
        hits_true = sum(t >= bar for t in true)
        hits_false = sum(f >= bar for f in false)
        shown = hits_true / (hits_true + hits_false) if hits_true + hits_false else 0.0
        print(
            f"bar {bar:.1f}: precision {shown:.3f} ({hits_true}/{hits_true + hits_false}), "
            f"recall {hits_true}/{len(true)}"
        )


if __name__ == "__main__":
    main()

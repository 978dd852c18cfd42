"""References that a newcomer cannot follow, and citations of anchors that do not exist.

The project's design is docs/design.md and its JSON contract docs/api.md. A comment, docstring,
test or README that cites the specification or the API notes that lived outside the repository
(by section sign or file name), or a reference document by seed number, points at nothing a
reader of this repository has. This script lists every such reference with the anchor to cite
instead, and every citation of a ``docs/design.md`` / ``docs/api.md`` anchor or quoted heading
that the documents do not have. Run it from anywhere:

    python scripts/check_spec_refs.py            # exit 0 when there is nothing to fix
    python scripts/check_spec_refs.py --root DIR # another checkout

The patterns below are assembled from pieces so that this file does not count itself.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

SECTION_SIGN = "\u00a7"
OUTSIDE_NAME = "SPEC"
OUTSIDE_API = "API"

# A reference to the outside specification: its name followed by a section sign, or its file
# name; the outside API notes by file name unless the path is the repository's docs/api.md.
OUTSIDE = re.compile(
    rf"(?<![\w/])(?:{OUTSIDE_NAME}(?:\.md)?\s?{SECTION_SIGN}\s?(?P<section>\d+(?:\.\d+)?)?"
    rf"|{OUTSIDE_NAME}\.md|(?<!docs/){OUTSIDE_API}\.md)"
)
# A reference document of the outside specification, by number in prose ("seed 004"); test
# helpers named after one (`seed_004`) are identifiers, not references.
SEED = re.compile(r"\bseed ?(?P<seed>0\d\d)\b", re.IGNORECASE)
# "§11.3" or "§ 4" after an outside reference on the same line ("... §5, §11.1").
MORE_SECTIONS = re.compile(rf"{SECTION_SIGN}\s?(\d+(?:\.\d+)?)")

DESIGN, API = "docs/design.md", "docs/api.md"

# Where each section of the outside specification is settled in this repository. Keys are its
# section numbers (top-level sections and the numbered decisions of its last section).
SECTION_ANCHORS: dict[str, tuple[str, ...]] = {
    "1": (f"{DESIGN}#the-promise",),
    "2": (f"{DESIGN}#the-shape-of-the-code", f"{DESIGN}#the-audit-log"),
    "3": (f"{DESIGN}#words-we-use",),
    "4": (f"{DESIGN}#authority", f"{DESIGN}#trust-modes", f"{DESIGN}#answer-strategies"),
    "5": (f"{DESIGN}#lanes-and-levels", f"{DESIGN}#asserting-tiers", f"{DESIGN}#corrections"),
    "6": (f"{DESIGN}#violations", f"{DESIGN}#judging", f"{DESIGN}#attribution-and-invariants"),
    "7": (f"{DESIGN}#refusal-codes", f"{DESIGN}#the-pipeline", f"{DESIGN}#generation"),
    "8": (f"{DESIGN}#signals",),
    "9": (
        f"{DESIGN}#applicability",
        f"{DESIGN}#conflicts",
        f"{DESIGN}#corrections",
        f"{DESIGN}#policy-snapshots",
    ),
    "10": (f"{DESIGN}#roles",),
    "11": (f"{DESIGN}#contents",),
    "11.1": (f"{DESIGN}#where-a-tier-comes-from",),
    "11.2": (f"{DESIGN}#retrieval-and-grounding",),
    "11.3": (f"{DESIGN}#refusal-codes",),
    "11.4": (f"{DESIGN}#recovery",),
    "11.5": (f"{DESIGN}#applicability",),
    "11.6": (f"{DESIGN}#signals",),
    "11.7": (f"{DESIGN}#versions",),
    "11.8": (f"{DESIGN}#citation-keys",),
    "11.9": (f"{DESIGN}#conflicts",),
    "11.10": (f"{DESIGN}#roles",),
    "11.11": (f"{API}#authority-csv", f"{API}#documents-and-jobs", f"{API}#the-answer"),
    "11.12": (f"{DESIGN}#defaults", f"{DESIGN}#thresholds"),
    "11.13": (f"{DESIGN}#the-embedder",),
    "11.14": (f"{DESIGN}#jobs",),
    "11.15": (f"{DESIGN}#the-audit-log",),
    "11.16": (f"{DESIGN}#lane-vocabulary",),
    "11.17": (f"{DESIGN}#support",),
    "11.18": (f"{DESIGN}#judge-failures",),
    "11.19": (f"{DESIGN}#evaluation-runs",),
}
SEED_ANCHORS: dict[str, tuple[str, ...]] = {
    "000": (f"{DESIGN}#authority", f"{DESIGN}#evaluation-and-held-out-discipline"),
    "003": (f"{DESIGN}#violations", f"{DESIGN}#attribution-and-invariants"),
    "004": (f"{DESIGN}#lanes-and-levels", f"{DESIGN}#corrections", f"{DESIGN}#precedence"),
}
API_ANCHOR = (API,)

SKIP_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "mutants",
    ".citenexus",
    "bench-results",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "staticfiles",
}
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".html",
    ".txt",
    ".toml",
    ".yaml",
    ".yml",
    ".json",
    ".cfg",
    ".ini",
    ".csv",
    ".js",
    ".css",
    ".sh",
}
TEXT_NAMES = {"Makefile", "Dockerfile", "run"}
# The example lanes' source documents are legal text, not project prose.
SKIP_PARTS = {"corpus", "records", "fixtures"}

ANCHOR_CITATION = re.compile(r"(?:docs/)?(?P<doc>design|api)\.md#(?P<anchor>[A-Za-z0-9_-]+)")
LOCAL_ANCHOR = re.compile(r"\]\(#(?P<anchor>[A-Za-z0-9_-]+)\)")
# docs/design.md, "Heading" — the older citation form; the quote may wrap onto the next line.
HEADING_CITATION = re.compile(
    r"docs/(?P<doc>design|api)\.md`?,\s*(?:#\s*)?\"(?P<heading>[^\"]{1,80})\"", re.MULTILINE
)
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors_of(markdown: str) -> tuple[set[str], set[str]]:
    """(anchors, heading texts) of a Markdown document, duplicates numbered as GitHub does."""
    anchors: set[str] = set(EXPLICIT_ANCHOR.findall(markdown))
    headings: set[str] = set()
    seen: dict[str, int] = {}
    in_fence = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        match = None if in_fence else HEADING.match(line)
        if match is None:
            continue
        text = match.group(2)
        headings.add(text)
        base = slug(text)
        count = seen.get(base, 0)
        seen[base] = count + 1
        anchors.add(base if count == 0 else f"{base}-{count}")
    return anchors, headings


def text_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part in SKIP_DIRS for part in rel.parts) or not path.is_file():
            continue
        if rel.parts[0] == "examples" and any(part in SKIP_PARTS for part in rel.parts):
            continue
        if path.suffix in TEXT_SUFFIXES or path.name in TEXT_NAMES:
            yield path


def suggestion(sections: list[str]) -> str:
    targets: list[str] = []
    for section in sections:
        targets.extend(SECTION_ANCHORS.get(section, ()))
    return ", ".join(dict.fromkeys(targets)) or f"{DESIGN}#contents"


def outside_references(path: Path, rel: str, text: str) -> Iterator[str]:
    for number, line in enumerate(text.splitlines(), start=1):
        for match in OUTSIDE.finditer(line):
            if match.group(0).startswith(OUTSIDE_API):
                target = ", ".join(API_ANCHOR)
            else:
                rest = line[match.start() :]
                sections = [s for s in MORE_SECTIONS.findall(rest)]
                target = suggestion(sections)
            yield f"{rel}:{number}: {match.group(0).strip()!r} -> {target}"
        for match in SEED.finditer(line):
            target = ", ".join(SEED_ANCHORS.get(match.group("seed"), (f"{DESIGN}#contents",)))
            yield f"{rel}:{number}: {match.group(0)!r} (a reference document) -> {target}"


def broken_citations(
    rel: str, text: str, docs: dict[str, tuple[set[str], set[str]]]
) -> Iterator[str]:
    def line_of(offset: int) -> int:
        return text.count("\n", 0, offset) + 1

    for match in ANCHOR_CITATION.finditer(text):
        anchors, _ = docs[match.group("doc")]
        if match.group("anchor") not in anchors:
            yield f"{rel}:{line_of(match.start())}: no anchor #{match.group('anchor')} in docs/{match.group('doc')}.md"
    if rel in ("docs/design.md", "docs/api.md"):
        anchors, _ = docs["design" if rel == "docs/design.md" else "api"]
        for match in LOCAL_ANCHOR.finditer(text):
            if match.group("anchor") not in anchors:
                yield f"{rel}:{line_of(match.start())}: no anchor #{match.group('anchor')} in {rel}"
    for match in HEADING_CITATION.finditer(text):
        _, headings = docs[match.group("doc")]
        heading = re.sub(r"\s*\n\s*(?:#\s*)?", " ", match.group("heading")).strip()
        if heading not in headings:
            yield f"{rel}:{line_of(match.start())}: no heading {heading!r} in docs/{match.group('doc')}.md"


def check(root: Path) -> list[str]:
    """Every problem under ``root``, one line each (path:line: what -> what to cite instead)."""
    docs: dict[str, tuple[set[str], set[str]]] = {}
    for name in ("design", "api"):
        doc = root / "docs" / f"{name}.md"
        docs[name] = anchors_of(doc.read_text(encoding="utf-8")) if doc.exists() else (set(), set())
    problems: list[str] = []
    me = Path(__file__).resolve()
    for path in text_files(root):
        if path.resolve() == me:
            continue
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        problems.extend(outside_references(path, rel, text))
        problems.extend(broken_citations(rel, text, docs))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args(argv)
    problems = check(args.root)
    for line in problems:
        print(line)
    print(f"references outside the repository or to missing anchors: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

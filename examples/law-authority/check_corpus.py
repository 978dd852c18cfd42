"""Check the example lane's files against each other and against the rules of docs/design.md.

The consistency checks use the standard library only. The severance measure uses the project's
own ``citenexus`` package (found from this file's place in the repository), so that it measures
the units ingest really stores; without that package it is skipped and said to be.

Run from anywhere: ``python examples/law-authority/check_corpus.py [lane_dir]``. It prints a
summary and every problem found, and exits 1 if there was any problem.

What it holds the files to:
- lane.json names a valid profile, mode, floor and policy, all inside its own tier order;
- authority.csv has the expected columns, one row per corpus file and one file per row, tiers in
  the lane's order, ranks that agree with that order, known jurisdictions, scope terms and source
  types, and ``out-of-jurisdiction`` exactly on the documents outside the lane's jurisdiction;
- every corpus file is .txt, .md or .html, 150 to 900 words, and .md/.html files have headings;
- golden.csv has valid ids, categories, statuses and refusal codes (docs/design.md#refusal-codes), each category the
  status and code it implies, expected documents that exist, meet the floor and carry the
  expected value, and notes tokens (``withheld:``, ``inapplicable:``, ``overridden:``,
  ``mode:``) that name real documents and agree with their tiers;
- no operative unit is severed from its scope statement (docs/design.md#applicability): every unit that lies in a
  section governed by a scope statement holds that statement, in its text or carried with it,
  when the corpus is cut with the project's default unit size and overlap.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from pathlib import Path

LANE_DIR = Path(__file__).resolve().parent
REPO_ROOT = LANE_DIR.parents[1]

AUTHORITY_COLUMNS = (
    "document_id",
    "authority_tier",
    "authority_rank",
    "label",
    "jurisdiction",
    "scope",
    "source_type",
)
GOLDEN_COLUMNS = (
    "id",
    "question",
    "category",
    "expected_status",
    "expected_refusal_code",
    "expected_documents",
    "expected_value",
    "notes",
)
LANE_KEYS = (
    "slug",
    "name",
    "kind",
    "profile",
    "tier_order",
    "minimum_tier",
    "metadata_key",
    "default_mode",
    "jurisdiction",
    "policy",
)

# The closed list of refusal codes (docs/design.md#refusal-codes).
REFUSAL_CODES = frozenset(
    {
        "no_relevant_evidence",
        "below_authority_floor",
        "not_applicable",
        "ungrounded",
        "citation_laundering",
        "unresolved_conflict",
        "unsupported_script",
        "generation_failed",
    }
)
PROFILES = frozenset({"default.v1", "ordered.v1"})
MODES = frozenset({"strict", "normal", "exploratory"})
LANE_KINDS = frozenset({"open", "closed"})
SOURCE_TYPES = frozenset({"documentary", "conversational"})
JURISDICTIONS = frozenset({"CA", "TX", "FL", "NY"})
SCOPE_TERMS = frozenset({"residential", "commercial", "periodic", "fixed-term", "general"})
OUT_OF_JURISDICTION = "out-of-jurisdiction"
FORMATS = frozenset({".txt", ".md", ".html"})
MIN_WORDS, MAX_WORDS = 150, 900

ANSWERED, REFUSED = "answered", "refused"
# category -> (status, allowed refusal codes, minimum number of questions)
CATEGORIES: Mapping[str, tuple[str, frozenset[str], int]] = {
    "answerable": (ANSWERED, frozenset({""}), 22),
    "conflict": (ANSWERED, frozenset({""}), 2),
    "wrong_jurisdiction": (REFUSED, frozenset({"not_applicable", "below_authority_floor"}), 5),
    "no_evidence": (REFUSED, frozenset({"no_relevant_evidence"}), 5),
    "below_floor": (REFUSED, frozenset({"below_authority_floor"}), 4),
    "wrong_subject": (REFUSED, frozenset({"not_applicable"}), 4),
}
MIN_QUESTIONS = 40

TOKEN_RE = re.compile(r"\b(withheld|inapplicable|overridden):([A-Za-z0-9_.\-]+)")
MODE_RE = re.compile(r"\bmode:([a-z]+)")

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
COMPOUND_RE = re.compile(
    r"\b(" + "|".join(TENS) + r")-(one|two|three|four|five|six|seven|eight|nine)\b"
)
WORD_RE = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b")


@dataclass
class Report:
    """Problems found and facts measured while checking the lane."""

    problems: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    def problem(self, message: str) -> None:
        self.problems.append(message)


@dataclass(frozen=True)
class Document:
    document_id: str
    tier: str
    rank: int
    jurisdiction: str
    scope: tuple[str, ...]
    source_type: str


class _TextAndHeadings(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []
        self.headings = 0
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"h1", "h2", "h3"}:
            self.headings += 1
        if tag in {"script", "style", "title"}:
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style", "title"}:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.chunks.append(data)


def normalise(text: str) -> str:
    """Lower-case text with spelled-out numbers as digits, so 'thirty days' matches '30 days'."""
    text = text.lower().replace("’", "'")
    text = COMPOUND_RE.sub(lambda m: str(NUMBER_WORDS[m[1]] + NUMBER_WORDS[m[2]]), text)
    text = WORD_RE.sub(lambda m: str(NUMBER_WORDS[m[1]]), text)
    return re.sub(r"\s+", " ", text)


def plain_text(path: Path) -> tuple[str, int]:
    """A corpus file's readable text and its number of headings."""
    raw = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        parser = _TextAndHeadings()
        parser.feed(raw)
        return " ".join(parser.chunks), parser.headings
    headings = sum(1 for line in raw.splitlines() if re.match(r"#{1,4} \S", line))
    return raw, headings


def read_csv(path: Path, columns: Sequence[str], report: Report) -> list[dict[str, str]]:
    """Rows of a CSV whose header must be exactly ``columns``."""
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        if tuple(reader.fieldnames or ()) != tuple(columns):
            report.problem(f"{path.name}: columns {reader.fieldnames} != {list(columns)}")
        return list(reader)


def check_lane(lane: Mapping[str, object], report: Report) -> tuple[list[str], str]:
    """Validate lane.json; return its tier order and floor."""
    missing = [key for key in LANE_KEYS if key not in lane]
    if missing:
        report.problem(f"lane.json: missing keys {missing}")
    raw_order = lane.get("tier_order")
    order = [str(t) for t in raw_order] if isinstance(raw_order, list) else []
    if len(set(order)) != len(order) or not order:
        report.problem(f"lane.json: tier_order must be non-empty and unique, got {order}")
    floor = str(lane.get("minimum_tier") or "")
    if floor and floor not in order:
        report.problem(f"lane.json: minimum_tier {floor!r} is not in tier_order")
    for key, allowed in (("profile", PROFILES), ("default_mode", MODES), ("kind", LANE_KINDS)):
        if lane.get(key) not in allowed:
            report.problem(f"lane.json: {key} {lane.get(key)!r} not in {sorted(allowed)}")
    policy = lane.get("policy") or {}
    if not isinstance(policy, dict):
        report.problem("lane.json: policy must be an object")
        policy = {}
    for source_type, tier in policy.items():
        if source_type not in SOURCE_TYPES:
            report.problem(f"lane.json: policy source type {source_type!r} is unknown")
        if tier not in order:
            report.problem(f"lane.json: policy maps {source_type!r} to {tier!r}, not in tier_order")
    return order, floor


def check_authority(
    rows: list[dict[str, str]], order: list[str], lane_jurisdiction: str, report: Report
) -> dict[str, Document]:
    """Validate authority.csv rows; return the documents by id."""
    documents: dict[str, Document] = {}
    rank_of_tier: dict[str, set[int]] = {}
    for row in rows:
        doc_id = row["document_id"]
        where = f"authority.csv {doc_id}"
        if doc_id in documents:
            report.problem(f"{where}: document appears more than once")
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\-]*", doc_id):
            report.problem(f"{where}: document_id must be a plain file stem (no '#', spaces)")
        tier = row["authority_tier"]
        if tier not in order:
            report.problem(f"{where}: tier {tier!r} not in lane tier_order")
        try:
            rank = int(row["authority_rank"])
        except ValueError:
            report.problem(f"{where}: authority_rank {row['authority_rank']!r} is not an integer")
            rank = 0
        rank_of_tier.setdefault(tier, set()).add(rank)
        scope = tuple(t for t in row["scope"].split(";") if t)
        unknown = [t for t in scope if t not in SCOPE_TERMS]
        if not scope or unknown:
            report.problem(f"{where}: scope {row['scope']!r} must use terms {sorted(SCOPE_TERMS)}")
        if row["jurisdiction"] not in JURISDICTIONS:
            report.problem(f"{where}: jurisdiction {row['jurisdiction']!r} unknown")
        if row["source_type"] not in SOURCE_TYPES:
            report.problem(f"{where}: source_type {row['source_type']!r} unknown")
        if (tier == OUT_OF_JURISDICTION) != (row["jurisdiction"] != lane_jurisdiction):
            report.problem(f"{where}: out-of-jurisdiction must mark exactly the non-lane states")
        if not row["label"].strip():
            report.problem(f"{where}: label is empty")
        documents[doc_id] = Document(
            doc_id, tier, rank, row["jurisdiction"], scope, row["source_type"]
        )
    _check_ranks_follow_order(rank_of_tier, order, report)
    return documents


def _check_ranks_follow_order(
    rank_of_tier: Mapping[str, set[int]], order: list[str], report: Report
) -> None:
    # authority_rank is opaque to the product (docs/design.md#where-a-tier-comes-from), but a
    # curator reading the CSV should see one rank per tier, smaller meaning more authoritative, so it must not contradict order.
    previous: int | None = None
    for tier in order:
        ranks = rank_of_tier.get(tier)
        if not ranks:
            continue
        if len(ranks) != 1:
            report.problem(f"authority.csv: tier {tier!r} has several ranks {sorted(ranks)}")
        rank = min(ranks)
        if previous is not None and rank >= previous:
            report.problem(f"authority.csv: rank of {tier!r} does not fall as the tier rises")
        previous = rank


def check_corpus(
    corpus_dir: Path, documents: Mapping[str, Document], report: Report
) -> dict[str, str]:
    """Validate corpus files against the CSV; return each document's normalised text."""
    texts: dict[str, str] = {}
    stems: Counter[str] = Counter()
    words_total = 0
    formats: Counter[str] = Counter()
    for path in sorted(corpus_dir.iterdir()):
        if path.suffix not in FORMATS:
            report.problem(f"corpus/{path.name}: format must be one of {sorted(FORMATS)}")
            continue
        stems[path.stem] += 1
        formats[path.suffix] += 1
        text, headings = plain_text(path)
        words = len(text.split())
        words_total += words
        if not MIN_WORDS <= words <= MAX_WORDS:
            report.problem(f"corpus/{path.name}: {words} words, outside {MIN_WORDS}-{MAX_WORDS}")
        if path.suffix in {".md", ".html"} and headings == 0:
            report.problem(f"corpus/{path.name}: no headings")
        texts[path.stem] = normalise(text)
    for stem, count in stems.items():
        if count > 1:
            report.problem(f"corpus: {count} files share the stem {stem!r}")
        if stem not in documents:
            report.problem(f"corpus/{stem}: no row in authority.csv")
    for doc_id in documents:
        if doc_id not in stems:
            report.problem(f"authority.csv {doc_id}: no corpus file")
    report.facts.append(f"documents: {len(stems)} ({dict(sorted(formats.items()))})")
    report.facts.append(f"words: {words_total} total, {words_total // max(len(stems), 1)} mean")
    tiers = Counter(d.tier for d in documents.values())
    report.facts.append(f"tiers: {dict(sorted(tiers.items()))}")
    return texts


def check_golden(
    rows: list[dict[str, str]],
    documents: Mapping[str, Document],
    texts: Mapping[str, str],
    order: list[str],
    floor: str,
    report: Report,
) -> None:
    """Validate golden.csv rows against the categories, codes and documents."""
    floor_index = order.index(floor) if floor in order else -1
    index = {tier: i for i, tier in enumerate(order)}
    seen_ids: set[str] = set()
    seen_questions: set[str] = set()
    per_category: Counter[str] = Counter()
    for row in rows:
        where = f"golden.csv {row['id']}"
        if row["id"] in seen_ids or not row["id"]:
            report.problem(f"{where}: id missing or repeated")
        seen_ids.add(row["id"])
        if row["question"].strip().lower() in seen_questions or not row["question"].strip():
            report.problem(f"{where}: question missing or repeated")
        seen_questions.add(row["question"].strip().lower())
        category = row["category"]
        per_category[category] += 1
        if category not in CATEGORIES:
            report.problem(f"{where}: category {category!r} not in {sorted(CATEGORIES)}")
            continue
        status, codes, _ = CATEGORIES[category]
        code = row["expected_refusal_code"]
        if row["expected_status"] != status:
            report.problem(f"{where}: {category} implies status {status!r}")
        if code and code not in REFUSAL_CODES:
            report.problem(
                f"{where}: {code!r} is not a refusal code (docs/design.md#refusal-codes)"
            )
        if code not in codes:
            report.problem(f"{where}: {category} allows codes {sorted(codes)}, got {code!r}")
        _check_expected_documents(row, where, documents, texts, index, floor_index, report)
        _check_notes(row, where, category, documents, index, floor_index, report)
    for category, (_, _, minimum) in CATEGORIES.items():
        if per_category[category] < minimum:
            report.problem(f"golden.csv: {per_category[category]} {category} < {minimum}")
    if len(rows) < MIN_QUESTIONS:
        report.problem(f"golden.csv: {len(rows)} questions < {MIN_QUESTIONS}")
    counts = ", ".join(f"{c} {per_category[c]}" for c in CATEGORIES)
    report.facts.append(f"questions: {len(rows)} ({counts})")


def _check_expected_documents(
    row: Mapping[str, str],
    where: str,
    documents: Mapping[str, Document],
    texts: Mapping[str, str],
    index: Mapping[str, int],
    floor_index: int,
    report: Report,
) -> None:
    expected = [d for d in row["expected_documents"].split(";") if d]
    if row["expected_status"] == REFUSED:
        if expected or row["expected_value"]:
            report.problem(f"{where}: a refusal names no expected documents or value")
        return
    if not expected:
        report.problem(f"{where}: an answered question needs expected_documents")
    for doc_id in expected:
        doc = documents.get(doc_id)
        if doc is None:
            report.problem(f"{where}: expected document {doc_id!r} does not exist")
        elif index.get(doc.tier, -1) < floor_index:
            report.problem(f"{where}: expected document {doc_id} is below the floor")
    value = normalise(row["expected_value"])
    if value and not any(value in texts.get(d, "") for d in expected):
        report.problem(f"{where}: value {row['expected_value']!r} is in no expected document")


def _check_notes(
    row: Mapping[str, str],
    where: str,
    category: str,
    documents: Mapping[str, Document],
    index: Mapping[str, int],
    floor_index: int,
    report: Report,
) -> None:
    tokens = TOKEN_RE.findall(row["notes"])
    for mode in MODE_RE.findall(row["notes"]):
        if mode not in MODES:
            report.problem(f"{where}: mode:{mode} is not a trust mode")
    for kind, doc_id in tokens:
        doc = documents.get(doc_id)
        if doc is None:
            report.problem(f"{where}: {kind}:{doc_id} names no document")
        elif kind == "withheld" and index.get(doc.tier, -1) >= floor_index:
            report.problem(f"{where}: withheld {doc_id} is not below the floor")
    overridden = [d for k, d in tokens if k == "overridden" and d in documents]
    expected = [documents[d] for d in row["expected_documents"].split(";") if d in documents]
    best = max((index.get(d.tier, -1) for d in expected), default=-1)
    for doc_id in overridden:
        if index.get(documents[doc_id].tier, -1) >= best:
            report.problem(f"{where}: overridden {doc_id} is not weaker than the answer's source")
    kinds = {k for k, _ in tokens}
    needed = {"conflict": "overridden", "below_floor": "withheld", "wrong_subject": "inapplicable"}
    if category in needed and needed[category] not in kinds:
        report.problem(f"{where}: a {category} row needs a {needed[category]}: token")
    if row["expected_refusal_code"] == "below_authority_floor" and "withheld" not in kinds:
        report.problem(f"{where}: below_authority_floor needs a withheld: token")


@dataclass(frozen=True)
class Severance:
    """Operative units (some scope statement governs them) and those missing a statement."""

    units: int
    operative: int
    severed: int
    target_chars: int
    overlap_chars: int

    @property
    def rate(self) -> float:
        return self.severed / self.operative if self.operative else 0.0


def severance(
    corpus_dir: Path, *, target_chars: int | None = None, overlap_chars: int | None = None
) -> Severance:
    """How many units of the corpus, cut as ingest cuts it, lack their governing scope statement.

    Each file is read by ``citenexus.ingest.extract_text`` and cut by ``segment`` with the
    given sizes, else the project's defaults (``CITENEXUS_UNIT_CHARS`` / ``_OVERLAP``).
    Raises ``ImportError`` when the ``citenexus`` package cannot be imported.
    """
    if str(REPO_ROOT) not in sys.path:
        sys.path.append(str(REPO_ROOT))
    from citenexus.ingest import extract_text, segment, severance_rate
    from citenexus.ingest.segment import DEFAULT_OVERLAP_CHARS, DEFAULT_TARGET_CHARS

    target = DEFAULT_TARGET_CHARS if target_chars is None else target_chars
    overlap = DEFAULT_OVERLAP_CHARS if overlap_chars is None else overlap_chars
    units = operative = severed = 0
    for path in sorted(corpus_dir.iterdir()):
        if path.suffix not in FORMATS:
            continue
        text = extract_text(path.read_bytes(), path.name).text
        for piece in segment(text, target_chars=target, overlap_chars=overlap):
            units += 1
            # severance_rate gives a share; asked about one unit it says whether that unit is
            # severed, and asked about the unit emptied of text and scope (which can hold no
            # statement) whether any statement governs it at all, i.e. whether it is operative.
            operative += severance_rate([replace(piece, text="", scope="")], text=text) == 1.0
            severed += severance_rate([piece], text=text) == 1.0
    return Severance(units, operative, severed, target, overlap)


def check_severance(corpus_dir: Path, report: Report) -> None:
    """Report the corpus's severance at the default unit size; any severed unit is a problem."""
    try:
        measured = severance(corpus_dir)
    except ImportError as exc:
        report.facts.append(f"severance: not measured (citenexus cannot be imported: {exc})")
        return
    report.facts.append(
        f"severance at {measured.target_chars}/{measured.overlap_chars} characters: "
        f"{measured.severed} of {measured.operative} operative units "
        f"({measured.units} units) lack their scope statement, rate {measured.rate:.3f}"
    )
    if measured.severed:
        report.problem(f"corpus: {measured.severed} units are severed from their scope statement")


def check(lane_dir: Path) -> Report:
    """Run every check on the lane in ``lane_dir``."""
    report = Report()
    lane = json.loads((lane_dir / "lane.json").read_text(encoding="utf-8"))
    order, floor = check_lane(lane, report)
    authority = read_csv(lane_dir / "authority.csv", AUTHORITY_COLUMNS, report)
    documents = check_authority(authority, order, str(lane.get("jurisdiction", "")), report)
    texts = check_corpus(lane_dir / "corpus", documents, report)
    golden = read_csv(lane_dir / "golden.csv", GOLDEN_COLUMNS, report)
    check_golden(golden, documents, texts, order, floor, report)
    check_severance(lane_dir / "corpus", report)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Print the lane's facts and problems; exit status 1 if any problem was found."""
    args = list(sys.argv[1:] if argv is None else argv)
    lane_dir = Path(args[0]) if args else LANE_DIR
    report = check(lane_dir)
    for fact in report.facts:
        print(fact)
    for problem in report.problems:
        print(f"PROBLEM: {problem}")
    print("ok" if not report.problems else f"{len(report.problems)} problem(s)")
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())

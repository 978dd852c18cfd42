"""Loading an example lane from a folder: lane.json, authority.csv and corpus/ (used by the demo,
the evaluation command, the benchmarks and the tests)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from django.db import transaction

from curation.models import Lane
from curation.services.ingest_batch import document_ingest_file
from curation.services.lanes import LANE_FIELDS, lane_create, lane_update


def example_lane_load(
    *, folder: Path, actor: str, slug: str | None = None
) -> tuple[Lane, dict[str, int]]:
    """Create (or update) the lane and ingest every corpus file with its CSV metadata."""
    config: dict[str, Any] = json.loads((folder / "lane.json").read_text(encoding="utf-8"))
    slug = slug or config["slug"]
    # JSON null means "not set": the lane stores absence as an empty string or empty mapping.
    # An optional "vocabulary" object is validated and stored normalised like any lane field.
    fields = {k: ("" if config[k] is None else config[k]) for k in LANE_FIELDS if k in config}
    if "vocabulary" in config and config["vocabulary"] is None:
        fields["vocabulary"] = {}
    with transaction.atomic():
        lane = Lane.objects.filter(slug=slug).first()
        if lane is None:
            lane = lane_create(actor=actor, slug=slug, **fields)
        else:
            lane = lane_update(actor=actor, lane=lane, **fields)
    rows: dict[str, dict[str, str]] = {}
    csv_path = next(
        (p for p in (folder / "authority.csv", folder / "records.csv") if p.exists()), None
    )
    if csv_path is not None:
        with csv_path.open(newline="", encoding="utf-8-sig") as fh:
            rows = {r["document_id"]: r for r in csv.DictReader(fh)}
    counts: dict[str, int] = {}
    corpus = folder / "corpus" if (folder / "corpus").is_dir() else folder / "records"
    for path in sorted(corpus.iterdir()):
        if not path.is_file() or path.name.startswith("."):
            continue
        result = document_ingest_file(
            lane=lane,
            name=path.name,
            data=path.read_bytes(),
            row=rows.get(path.stem, {}),
            default_source_type="documentary",
            actor=actor,
        )
        counts[result["result"]] = counts.get(result["result"], 0) + 1
    return lane, counts

"""Ingest files (or folders, or zips) into a lane from the command line, with a progress bar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from citenexus.domain.authority_csv import plan_authority_csv
from citenexus.ingest import ExtractionError
from common.errors import ServiceError
from curation.models import Lane
from curation.services.authority_csv import ERR_CSV_FILE
from curation.services.ingest_batch import document_ingest_file
from curation.uploads import UploadedFile, UploadError, document_id_from_name, expand_uploads

SUFFIXES = {".txt", ".md", ".markdown", ".html", ".htm", ".pdf", ".docx", ".zip"}
ERR_CSV_ROWS = "the CSV has problems; nothing was ingested: {problems}"


def _files(paths: list[str]) -> list[UploadedFile]:
    found: list[UploadedFile] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            members = sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
            )
        elif path.is_file():
            members = [path]
        else:
            raise CommandError(f"no such file or folder: {raw}")
        found.extend(UploadedFile(p.name, p.read_bytes()) for p in members)
    return expand_uploads(found)


def _metadata(csv_path: str | None, lane: Lane, files: list[UploadedFile]) -> dict[str, Any]:
    """Each file's CSV row, read and checked by the same planner as the API's authority CSV.

    The documents are the files about to be ingested, so a row naming none of them is
    ignored; a row's unknown tier is left for ingest to refuse, for that file alone.
    """
    if not csv_path:
        return {}
    try:
        data = Path(csv_path).read_bytes()
    except OSError as exc:
        raise CommandError(f"{csv_path}: {exc.strerror or exc}") from exc
    plan = plan_authority_csv(
        data,
        metadata_key=lane.metadata_key,
        tier_order=list(lane.tier_order),
        documents={document_id_from_name(f.name): {} for f in files},
        max_bytes=settings.CITENEXUS_MAX_UPLOAD_BYTES,
    )
    if plan.file_errors:
        problems = ERR_CSV_FILE.format(problems="; ".join(plan.file_errors))
        raise CommandError(f"{csv_path}: {problems}")
    if plan.errors:
        lines = "; ".join(f"line {e.line}: {e.message}" for e in plan.errors)
        raise CommandError(f"{csv_path}: {ERR_CSV_ROWS.format(problems=lines)}")
    return {change.document_id: dict(change.after) for change in plan.changes}


class Command(BaseCommand):
    help = "Ingest files into a lane: manage.py ingest LANE PATH... [--source-type T] [--authority-csv F]"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lane")
        parser.add_argument("paths", nargs="+")
        parser.add_argument("--source-type", default="documentary")
        parser.add_argument("--authority-csv", help="document_id plus metadata columns")
        parser.add_argument(
            "--actor", default="cli", help="recorded in the audit log as cli:<name>"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        lane = Lane.objects.filter(slug=options["lane"]).first()
        if lane is None:
            raise CommandError(f"no lane {options['lane']!r}")
        try:
            files = _files(options["paths"])
        except UploadError as exc:
            raise CommandError(str(exc)) from exc
        metadata = _metadata(options["authority_csv"], lane, files)
        actor = f"cli:{options['actor']}"
        results: dict[str, int] = {}
        failures: list[str] = []
        for index, upload in enumerate(files, start=1):
            try:
                result = document_ingest_file(
                    lane=lane,
                    name=upload.name,
                    data=upload.data,
                    row=metadata.get(document_id_from_name(upload.name), {}),
                    default_source_type=options["source_type"],
                    actor=actor,
                )
                results[result["result"]] = results.get(result["result"], 0) + 1
            except ExtractionError as exc:
                failures.append(f"{upload.name}: {exc.message}")
            except ServiceError as exc:
                failures.append(f"{upload.name}: {exc.message}")
            self._progress(index, len(files))
        self.stderr.write("", style_func=str)
        summary = ", ".join(f"{n} {k}" for k, n in sorted(results.items())) or "nothing ingested"
        self.stdout.write(f"{lane.slug}: {summary}; {len(failures)} failed")
        for line in failures:
            self.stdout.write(f"  failed: {line}")
        if failures and not results:
            raise CommandError("every file failed")

    def _progress(self, done: int, total: int) -> None:
        width = 30
        filled = int(width * done / total) if total else width
        # Through self.stderr (not sys.stderr) so call_command(stderr=...) captures it; plain
        # style, since the wrapper would colour every write as an error on a terminal.
        bar = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
        self.stderr.write(bar, style_func=str, ending="")
        self.stderr.flush()

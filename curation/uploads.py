"""Turning uploads into named files safely: zips are expanded with limits, names are flattened."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from pathlib import PurePosixPath, PureWindowsPath

from django.conf import settings

ERR_ZIP_TOO_MANY = "the zip holds more than {limit} files"
ERR_ZIP_TOO_LARGE = "the zip expands to more than {limit} bytes"
ERR_ZIP_BAD = "the zip file is damaged and cannot be read"
ERR_ZIP_NESTED = "a zip inside a zip is not accepted ({name})"
ERR_ZIP_EMPTY = "the zip holds no files"
ERR_ZIP_ENCRYPTED = "the zip is password-protected ({name})"

MAX_ZIP_ENTRIES = 5000
_UNSAFE = re.compile(r"[^A-Za-z0-9._:-]+")


class UploadError(ValueError):
    pass


@dataclass(frozen=True)
class UploadedFile:
    name: str
    data: bytes


def safe_name(name: str) -> str:
    """The file's own name without any directory part, from either path convention."""
    base = PureWindowsPath(PurePosixPath(name.replace("\x00", "")).name).name
    return base.strip() or "unnamed"


def document_id_from_name(name: str) -> str:
    """A document id from a file name: its stem with unsafe characters replaced."""
    stem = safe_name(name).rsplit(".", 1)[0] if "." in safe_name(name) else safe_name(name)
    cleaned = _UNSAFE.sub("-", stem).strip("-._:")
    return (cleaned or "document")[:200]


def is_zip(name: str, data: bytes) -> bool:
    """A zip of documents to expand; a Word document is a zip too, but one document."""
    lowered = name.lower()
    if lowered.endswith(".docx"):
        return False
    return lowered.endswith(".zip") or data[:4] == b"PK\x03\x04"


def expand_zip(data: bytes) -> list[UploadedFile]:
    """Every regular file of a zip, refusing bombs (by actual bytes read), nesting and encryption."""
    limit = settings.CITENEXUS_MAX_UPLOAD_BYTES * 5
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in archive.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise UploadError(ERR_ZIP_BAD) from exc
    if len(infos) > MAX_ZIP_ENTRIES:
        raise UploadError(ERR_ZIP_TOO_MANY.format(limit=MAX_ZIP_ENTRIES))
    files: list[UploadedFile] = []
    total = 0
    for info in infos:
        name = safe_name(info.filename)
        if name.startswith("._") or "__MACOSX" in info.filename:
            continue
        if info.flag_bits & 0x1:
            raise UploadError(ERR_ZIP_ENCRYPTED.format(name=name))
        if name.lower().endswith(".zip"):
            raise UploadError(ERR_ZIP_NESTED.format(name=name))
        try:
            with archive.open(info) as member:
                # Read at most what is left of the budget: the header's sizes can lie.
                content = member.read(limit - total + 1)
        except (zipfile.BadZipFile, OSError, EOFError, RuntimeError) as exc:
            raise UploadError(ERR_ZIP_BAD) from exc
        total += len(content)
        if total > limit:
            raise UploadError(ERR_ZIP_TOO_LARGE.format(limit=limit))
        files.append(UploadedFile(name, content))
    if not files:
        raise UploadError(ERR_ZIP_EMPTY)
    return files


def expand_uploads(uploads: list[UploadedFile]) -> list[UploadedFile]:
    out: list[UploadedFile] = []
    for upload in uploads:
        if is_zip(upload.name, upload.data):
            out.extend(expand_zip(upload.data))
        else:
            out.append(UploadedFile(safe_name(upload.name), upload.data))
    return out

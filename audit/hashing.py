"""What an event's hash covers and how it is computed: no database, no settings.

An event's hash is SHA-256 over its predecessor's hash followed by the canonical JSON of its own
fields (``at``, ``actor``, ``action``, ``lane``, ``document_id``, ``details``). Writing events
(``services``) and checking the chain (``chain``) both build on this module.
"""

from __future__ import annotations

import datetime as dt
import decimal
import enum
import hashlib
import json
import math
import uuid
from pathlib import PurePath
from typing import Any

ERR_NOT_JSON = "audit details must be JSON: cannot encode {kind}"
ERR_NON_FINITE = "audit details must be JSON: NaN and infinities have no JSON form"
ERR_NUL = "audit details must not contain NUL characters (PostgreSQL's jsonb refuses them)"


def _encode_extra(value: Any) -> Any:
    """Encode the few non-JSON types callers reasonably pass; anything else is an error."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, (decimal.Decimal, uuid.UUID, PurePath)):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=canonical_json)
    raise TypeError(ERR_NOT_JSON.format(kind=type(value).__name__))


def canonical_json(data: Any) -> str:
    """The one text an event's hash is computed over: sorted keys, no spaces, UTF-8 as is."""
    try:
        return json.dumps(
            data,
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
            allow_nan=False,
            default=_encode_extra,
        )
    except ValueError as exc:
        raise ValueError(ERR_NON_FINITE) from exc


def _round_trippable(value: Any) -> Any:
    """Make details survive jsonb unchanged, so the hash recomputed from the row still matches.

    jsonb stores numbers as ``numeric``: an integral float written with an exponent (``1e+16``)
    comes back as an integer, so we store it as that integer in the first place.
    """
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(ERR_NON_FINITE)
        if value == 0:
            return 0.0  # numeric has no negative zero
        return int(value) if value.is_integer() and "e" in repr(value) else value
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError(ERR_NUL)
        return value
    if isinstance(value, dict):
        return {_round_trippable(k): _round_trippable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_round_trippable(v) for v in value]
    return value


def normalise_details(details: Any) -> dict[str, Any]:
    """Plain JSON as the database will give it back; refuses what cannot be stored faithfully."""
    plain = json.loads(canonical_json(details if details is not None else {}))
    if not isinstance(plain, dict):
        raise TypeError(ERR_NOT_JSON.format(kind=type(details).__name__))
    result: dict[str, Any] = _round_trippable(plain)
    return result


def event_hash(prev_hash: str, fields: dict[str, Any]) -> str:
    """SHA-256 of the previous hash followed by this event's canonical JSON."""
    return hash_canonical(prev_hash, canonical_json(fields))


def hash_canonical(prev_hash: str, canonical: str) -> str:
    return hashlib.sha256((prev_hash + canonical).encode("utf-8")).hexdigest()


def event_fields(
    *,
    at: dt.datetime,
    actor: str,
    action: str,
    lane: str,
    document_id: str,
    details: dict[str, Any],
) -> dict[str, Any]:
    """The fields an event's hash covers; ``at`` as UTC ISO 8601 with microseconds if any."""
    return {
        "at": at.astimezone(dt.UTC).isoformat(),
        "actor": actor,
        "action": action,
        "lane": lane,
        "document_id": document_id,
        "details": details,
    }


def fields_of(event: Any) -> dict[str, Any]:
    """The hashed fields of a stored event (an ``AuditEvent``)."""
    return event_fields(
        at=event.at,
        actor=event.actor,
        action=event.action,
        lane=event.lane,
        document_id=event.document_id,
        details=event.details,
    )

"""How often one user, and one lane, may ask, verify, upload or send an authority CSV
(docs/design.md#throttles).

One check (``throttle``) that the API, the pages and the MCP tools all call once the lane is
known and the user may act on it. Each action has two limits, per user (over all lanes) and per
lane (over all users), counted in fixed windows in Django's cache (Redis when configured, so
several web processes count together). Over a limit, ``Throttled`` (429, code ``throttled``)
says how many seconds to wait; each surface shows it its own way (a ``Retry-After`` header and
the JSON error shape; the page's message; a tool error).
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache

from common.errors import Throttled

ASK, VERIFY, UPLOAD, AUTHORITY_CSV = "ask", "verify", "upload", "authority_csv"
# An evaluation run or what-if asks every question of a golden set in each mode.
EVALUATE = "evaluate"
ACTIONS = (ASK, VERIFY, UPLOAD, AUTHORITY_CSV, EVALUATE)
SCOPES = ("user", "lane")
PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
OFF = {"", "0", "off", "none"}
RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*(second|minute|hour|day|s|min|m|h|d)s?\s*$", re.I)
SHORT = {"s": "second", "min": "minute", "m": "minute", "h": "hour", "d": "day"}

ERR_THROTTLED = "too many {what} requests {scope}; try again in {seconds} s"
ERR_BAD_RATE = "throttle rate {rate!r} is not '<count>/<second|minute|hour|day>' or 'off'"
WHAT = {
    ASK: "ask",
    VERIFY: "verify",
    UPLOAD: "upload",
    AUTHORITY_CSV: "authority CSV",
    EVALUATE: "evaluation",
}
SCOPE_WORDS = {"user": "from you", "lane": "on this lane"}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int


def parse_rate(text: str) -> Rate | None:
    """``"120/minute"`` (also ``120/min``, ``10/5s``) → Rate; ``"off"`` → None."""
    if text.strip().lower() in OFF:
        return None
    found = RATE.match(text)
    if not found:
        raise ValueError(ERR_BAD_RATE.format(rate=text))
    count, multiple, unit = found.groups()
    unit = SHORT.get(unit.lower(), unit.lower())
    return Rate(int(count), int(multiple or 1) * PERIODS[unit])


def _rates(action: str) -> dict[str, Rate | None]:
    configured = getattr(settings, "CITENEXUS_THROTTLES", {}).get(action, {})
    return {scope: parse_rate(str(configured.get(scope, "off"))) for scope in SCOPES}


def _count(key: str, rate: Rate, now: float) -> tuple[int, int]:
    """Add one request to this window's counter; (requests so far, seconds the window has left)."""
    window = int(now // rate.seconds)
    left = max(1, math.ceil((window + 1) * rate.seconds - now))
    cache_key = f"throttle:{key}:{rate.seconds}:{window}"
    cache.add(cache_key, 0, timeout=rate.seconds + 1)
    try:
        count = int(cache.incr(cache_key))
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, timeout=rate.seconds + 1)
        count = 1
    return count, left


def throttle(*, action: str, user: Any, lane: Any) -> None:
    """Count one ``action`` by ``user`` on ``lane``; ``Throttled`` when over a limit.

    Only signed-in users are counted: the command line acts as nobody and is not throttled.
    """
    if getattr(user, "pk", None) is None:
        return
    now = time.time()
    keys = {"user": f"{action}:user:{user.pk}", "lane": f"{action}:lane:{lane.pk}"}
    for scope, rate in _rates(action).items():
        if rate is None:
            continue
        count, left = _count(keys[scope], rate, now)
        if count > rate.count:
            raise Throttled(
                "throttled",
                ERR_THROTTLED.format(what=WHAT[action], scope=SCOPE_WORDS[scope], seconds=left),
                {
                    "action": action,
                    "scope": scope,
                    "limit": f"{rate.count}/{rate.seconds}s",
                    "retry_after": left,
                },
            )

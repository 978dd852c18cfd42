"""Ask latency over a lane, shared by ``scripts/bench_ask.py`` and ``scripts/bench_scale.py``.

Import it after ``django.setup()``: ``measure_ask`` asks through ``answers.services``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from typing import Any


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def measure_ask(
    lane: Any, questions: list[str], before: Callable[[], None] | None = None
) -> dict[str, Any]:
    """Ask each question once (strict, extractive); ``before`` runs untimed before each ask."""
    from answers.services import answer_compute

    answer_compute(lane=lane, question=questions[0], mode="strict")  # warm the embedder
    times: list[float] = []
    statuses: dict[str, int] = {}
    stages: dict[str, list[float]] = {}
    for question in questions:
        if before is not None:
            before()
        began = time.perf_counter()
        answer = answer_compute(lane=lane, question=question, mode="strict").to_dict()
        times.append(time.perf_counter() - began)
        refusal = answer.get("refusal") or {}
        status = answer["status"] + (f":{refusal['code']}" if refusal else "")
        statuses[status] = statuses.get(status, 0) + 1
        timings = answer.get("evidence", {}).get("timings_ms", {})
        for stage, spent in timings.items():
            stages.setdefault(stage, []).append(spent)
    return {
        "questions": len(questions),
        "p50_ms": ms(statistics.median(times)),
        "p95_ms": ms(percentile(times, 0.95)),
        "max_ms": ms(max(times)),
        "statuses": statuses,
        "stage_p50_ms": {k: round(statistics.median(v), 1) for k, v in stages.items()},
        "stage_p95_ms": {k: round(percentile(v, 0.95), 1) for k, v in stages.items()},
    }


def cold_caches() -> None:
    """Empty every cache of the domain package: the functools ones (text readers, values,
    alignments) and the embedding judge's claim and span caches."""
    import gc
    import importlib
    import pkgutil

    import citenexus
    from citenexus.judges.embedding import LruCache

    for found in gc.get_objects():
        if isinstance(found, LruCache):
            found.clear()

    for info in pkgutil.walk_packages(citenexus.__path__, "citenexus."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            # a functools.lru_cache, or a cache object of the same interface (not its class)
            if callable(clear) and not isinstance(value, type):
                clear()

"""Work started now and collected later, in a thread of its own.

An ask's embeddings run in the model's native code, outside Python's global lock, so they can
overlap work that waits on the database (the full-text search) or runs Python (the judges):
the ask takes the longer of the two instead of their sum (docs/design.md#the-pipeline).

A thread per call rather than a pool: web and worker processes fork after import, and a pool
made before a fork has no threads after it; starting a thread costs tens of microseconds
against the tens of milliseconds it hides. The thread runs in a copy of the caller's context,
so a context variable (the active lane vocabulary) reads the same inside it.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class Background(Generic[R]):
    """``function(*args)`` running in a thread from construction; ``result()`` waits for it
    and returns its value, or raises what it raised."""

    def __init__(self, function: Callable[..., R], *args: Any) -> None:
        self._value: R | None = None
        self._error: BaseException | None = None
        context = contextvars.copy_context()
        self._thread = threading.Thread(
            target=self._run, args=(context, function, args), name="citenexus-background"
        )
        self._thread.daemon = True
        self._thread.start()

    def _run(
        self, context: contextvars.Context, function: Callable[..., R], args: tuple[Any, ...]
    ) -> None:
        try:
            self._value = context.run(function, *args)
        except BaseException as error:  # handed to the caller by result()
            self._error = error

    def result(self) -> R:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]

"""Work run in a thread of its own and collected later (citenexus.pipeline.background)."""

from __future__ import annotations

import threading

import pytest

from citenexus.domain.vocabulary import Vocabulary, active, current
from citenexus.pipeline.background import Background


def test_the_result_is_the_functions_value_computed_in_another_thread() -> None:
    caller = threading.get_ident()
    job = Background(lambda a, b: (a + b, threading.get_ident()), 2, 3)
    total, worker = job.result()
    assert total == 5 and worker != caller
    assert job.result() == (total, worker)  # asking again returns the same value


def test_what_the_function_raised_is_raised_by_result() -> None:
    def fails() -> None:
        raise LookupError("no such text")

    job = Background(fails)
    with pytest.raises(LookupError, match="no such text"):
        job.result()


def test_the_thread_reads_the_callers_active_vocabulary() -> None:
    lane = Vocabulary.from_mapping({"parties": ["lessee", "lessor"]})
    with active(lane):
        job = Background(current)
    assert job.result() == lane
    assert current() != lane  # the caller's block has ended; the thread's copy was its own

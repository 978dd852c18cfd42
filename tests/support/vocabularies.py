"""Lane vocabularies for tests: the tenancy example lane's, read from its lane.json as a curator
wrote it, so tests of tenancy wording use the same words the example lane ships."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citenexus.domain.vocabulary import Vocabulary, active

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

TENANCY = Vocabulary.from_mapping(
    json.loads((EXAMPLES / "law-authority" / "lane.json").read_text(encoding="utf-8"))["vocabulary"]
)


@pytest.fixture
def tenancy_vocabulary() -> Iterator[Vocabulary]:
    """The tenancy lane's vocabulary, active for the test."""
    with active(TENANCY) as vocabulary:
        yield vocabulary

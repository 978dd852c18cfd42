"""What the judges read once per text gives what reading it every time gave (ask latency:
docs/benchmarks.md)."""

from __future__ import annotations

import random

import pytest

from citenexus.judges import lexical
from citenexus.judges.align import _lcs
from citenexus.judges.tokens import negation_counts, text_negation_counts, tokenize
from citenexus.text.quantities import number_literals

TEXTS = [
    "The landlord shall not, without the tenant's consent, enter the dwelling unit.",
    "A tenant who fails to pay rent within 3 days is not entitled to notice, unless the lease "
    "provides otherwise. Subletting is prohibited.",
    "Nothing in this section requires the owner to return more than thirty (30) days' rent.",
    "",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("scope", [1, 3, 20])
def test_negation_counts_read_from_a_text_are_those_of_its_tokens(text: str, scope: int) -> None:
    assert text_negation_counts(text, scope) == tuple(negation_counts(tokenize(text), scope))


def test_negation_counts_are_cached_per_text_and_scope() -> None:
    text = TEXTS[0]
    assert text_negation_counts(text, 20) is text_negation_counts(text, 20)
    assert text_negation_counts(text, 1) != text_negation_counts(text, 20)


def test_number_literals_are_a_frozen_set_so_a_cached_answer_cannot_be_changed() -> None:
    literals = number_literals("within 21 days, or thirty (30) days after $1,500 is paid")
    assert isinstance(literals, frozenset)
    assert {21.0, 30.0, 1500.0} <= literals
    assert number_literals("no numbers here") == frozenset()


def _old_opposites_of(word: str) -> frozenset[str]:
    """The lookup as it was: a scan of every pair."""
    if not word:
        return frozenset()
    pairs = lexical._OPPOSITES
    return frozenset(other for pair in pairs if word in pair for other in pair - {word})


def test_the_opposites_lookup_gives_what_the_pair_scan_gave() -> None:
    words = {w for pair in lexical._OPPOSITES for w in pair} | {"", "tenant", "valid", "void"}
    for word in words:
        assert lexical._opposites_of(word) == _old_opposites_of(word)
    assert lexical._opposites_of("valid") == {"void", "invalid"}
    assert lexical._opposites_of("") == frozenset()


def _old_lcs(a: list[str], b: list[frozenset[str]]) -> list[tuple[int, int]]:
    """The subsequence as it was computed, with ``max``."""
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = table[i], table[i + 1]
        for j in range(m - 1, -1, -1):
            row[j] = below[j + 1] + 1 if a[i] in b[j] else max(below[j], row[j + 1])
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if a[i] in b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def test_the_subsequence_is_the_one_computed_before_on_random_word_lists() -> None:
    rng = random.Random(7)
    vocabulary = list("abcdefg")
    for _ in range(500):
        a = [rng.choice(vocabulary) for _ in range(rng.randint(0, 12))]
        b = [
            frozenset(rng.sample(vocabulary, rng.randint(1, 2))) for _ in range(rng.randint(0, 25))
        ]
        assert _lcs(a, b) == _old_lcs(a, b)

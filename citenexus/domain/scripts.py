"""Writing-script detection: the offline retrieval and judging models only read Latin script.

A text is in an unsupported script when more than ``share`` of its letters belong to one script
other than Latin (CJK, Arabic, Cyrillic, Devanagari, ...). Digits, punctuation and spaces count
for nothing, so "§ 1946.1" or "30" decides nothing.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable

LATIN = "latin"
DEFAULT_SHARE = 0.5

# Unicode name prefixes mapped to the scripts we report.
_SCRIPT_PREFIXES = (
    ("LATIN", LATIN),
    ("CJK", "cjk"),
    ("HIRAGANA", "cjk"),
    ("KATAKANA", "cjk"),
    ("HANGUL", "hangul"),
    ("ARABIC", "arabic"),
    ("CYRILLIC", "cyrillic"),
    ("DEVANAGARI", "devanagari"),
    ("HEBREW", "hebrew"),
    ("GREEK", "greek"),
    ("THAI", "thai"),
    ("BENGALI", "bengali"),
    ("TAMIL", "tamil"),
    ("ARMENIAN", "armenian"),
    ("GEORGIAN", "georgian"),
    ("ETHIOPIC", "ethiopic"),
)


def script_of(char: str) -> str | None:
    """The script of one letter, "other" for a letter of an unlisted script, None otherwise."""
    if not char.isalpha():
        return None
    name = unicodedata.name(char, "")
    for prefix, script in _SCRIPT_PREFIXES:
        if name.startswith(prefix):
            return script
    return "other"


def dominant_foreign_script(text: str, share: float = DEFAULT_SHARE) -> str | None:
    """The non-Latin script holding more than ``share`` of the text's letters, if any."""
    counts = Counter(s for s in map(script_of, text) if s is not None)
    letters = sum(counts.values())
    if not letters:
        return None
    foreign = {s: n for s, n in counts.items() if s != LATIN}
    if not foreign or sum(foreign.values()) / letters <= share:
        return None
    return max(sorted(foreign), key=lambda s: foreign[s])


def unsupported_scripts(texts: Iterable[str], share: float = DEFAULT_SHARE) -> list[str]:
    """The distinct unsupported scripts the texts are mostly written in, sorted."""
    found = {dominant_foreign_script(text, share) for text in texts}
    return sorted(s for s in found if s is not None)

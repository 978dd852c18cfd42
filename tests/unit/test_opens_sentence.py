"""Where a capital says nothing of a name: a word that opens the text, a sentence, a quotation, a
bracket or a line (``citenexus.text.sentences.opens_sentence``; the lexical judge's ``unnamed``
and the "which ..." reading's ``names_kind`` both read capitals through it)."""

from __future__ import annotations

import pytest

from citenexus.text.sentences import opens_sentence


@pytest.mark.parametrize(
    ("text", "word", "opens"),
    [
        ("Brave sends it.", "Brave", True),
        ("It is sent. Brave sends it.", "Brave", True),
        ("It is sent!  Brave sends it.", "Brave", True),
        ("Is it sent? Brave sends it.", "Brave", True),
        ("The list: Brave, Opera.", "Brave", True),
        ("One is sent; Brave sends another.", "Brave", True),
        ('He said "Brave sends it."', "Brave", True),
        ("He said 'Brave sends it.'", "Brave", True),
        ("He said \u201cBrave sends it.\u201d", "Brave", True),
        ("The maker (Brave) sends it.", "Brave", True),
        ("The makers\nBrave sends it.", "Brave", True),
        ("The makers\t\tBrave sends it.", "Brave", False),
        ("The maker Brave sends it.", "Brave", False),
        ("Sent by X Brave.", "Brave", False),
        ("The list: X Brave.", "Brave", False),
        ("A maker, Brave, sends it.", "Brave", False),
    ],
)
def test_a_word_opens_its_sentence(text: str, word: str, opens: bool) -> None:
    assert opens_sentence(text, text.index(word)) is opens

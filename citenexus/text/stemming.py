"""Two light, deterministic stemmers, for two readers.

``stem_for_matching`` is the rules' and the judges': claim words against passage words (the
judges' tokeniser, the numeric judge), conflicts, conditions and applicability. It folds
plurals, -ed/-ing, possessives, doubled consonants, a final "e" and a few irregular verbs
("paid" = "pay"). Through ``citenexus.domain.vocabulary.stem`` the lane vocabulary's synonyms
apply on top of it.

``stem_for_retrieval`` is retrieval's: full-text ranking, reranking's overlap and the in-memory
store's index (the extractive generator's sentence scores use ``stem_for_matching``, through
``citenexus.text.tokens.sentence_words``). It changes one suffix at most:
"ies" becomes "y"; "ing", the "s" of "es", and "s" go. The two stem many words apart
("notices" is "notic" to match and "notice" to retrieve), and retrieval's results depend on its
own, so both stay.
"""

from __future__ import annotations

from functools import lru_cache

IRREGULAR = {
    "paid": "pay",
    "gave": "give",
    "given": "give",
    "made": "make",
    "held": "hold",
    "kept": "keep",
    "sent": "send",
    "sold": "sell",
    "bought": "buy",
    "left": "leave",
    "taken": "take",
    "took": "take",
    "written": "writ",
    "wrote": "writ",
    "write": "writ",
    "writing": "writ",
    "done": "do",
    "began": "begin",
    "begun": "begin",
    "owed": "owe",
    "owing": "owe",
    "charged": "charg",
    # Too short for the suffix rules below ("used" keeps its "ed" at four letters).
    "used": "use",
    "using": "use",
    "sued": "sue",
    "suing": "sue",
}


@lru_cache(maxsize=65536)
def stem_for_matching(word: str) -> str:
    """A light, deterministic stem: lower case, plurals and -ed/-ing folded.

    The rule: two inflections of one word stem alike ("vacates", "vacated", "vacating"); it
    does not try to join derivations ("require" / "requirement").
    """
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.rstrip("'")
    if w in IRREGULAR:
        # The base form goes through the rules too, so "given" meets "give" ("giv").
        return _regular(IRREGULAR[w])
    return _regular(w)


def _regular(w: str) -> str:
    """The suffix rules of ``stem_for_matching``, on a lower-case word."""
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith(("sses", "shes", "ches", "xes", "zes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
        if w.endswith("i"):
            w = w[:-1] + "y"
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


@lru_cache(maxsize=65536)
def stem_for_retrieval(word: str) -> str:
    """A light suffix strip so "tenancies"/"tenancy" and "notices"/"notice" meet."""
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("es", "e"), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + replacement
    return word

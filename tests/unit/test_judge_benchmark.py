"""The judge benchmark (tests/fixtures/judge_pairs.jsonl; scripts/judge_quality.py; docs/evaluation.md,
"The judges"): the default judges' ensemble, with the MiniLM embedder as deployed, holds its
measured totals. A change that supports a pair it should not, or stops supporting a faithful
paraphrase, fails here. The held-out lane's pairs are pinned so that a regression shows, never to
choose between two variants of the code.
"""

from __future__ import annotations

from typing import Any

import pytest

from citenexus.embedders.minilm import MiniLMEmbedder
from citenexus.judges import JudgeThresholds, default_judges
from scripts.judge_quality import FAITHFUL, build_pairs, read_pairs, run, select

# Measured 2026-12-06 (seventh session), `scripts/judge_quality.py --split dev` and, run once
# afterwards to report, `--split held-out`. Issue 16's targets are support precision >= 0.98,
# faithful-paraphrase support recall >= 0.85 and contradiction precision >= 0.95. The 618
# development pairs met them (193/196, 146/171, 178/187 -> 177/186); with the 80 pairs of
# batch 8, written blind and added to the development split, they read 219/228 (0.961),
# 168/203 (0.828) and 194/207 (0.937): not met, and pinned as they stand so that they only rise.
# Eighth session: "twice" read as the number 2 (text/quantities.py), 219/227 (0.965).
# Ninth session: a case quoted only by its parties, a condition moved from another sentence, a
# qualifier inserted, "any" of an "of" restriction, "before" against "without first", an
# exception against a statement, a passive denial; 221/225 (0.982), 170/203 (0.837), 194/204
# (0.951): two of the three targets met. The held-out totals did not move.
# Tenth session: a comparison made in front of another use of the word, a denied word narrowed
# past a determiner, "never" in front of an auxiliary; 224/228 (0.982), 173/203 (0.852),
# 194/204 (0.951). Then 51 pairs written blind (batch 9, ids 9xx) read 0.789 (15/19), 0.714
# (15/21), 0.882 (15/17); folded into the development split they read 239/247 (0.968), 188/224
# (0.839), 209/221 (0.946). The readings they led to (opposites read with their negation, an
# adverb dropped from a quoted condition, a "from" phrase restricting a thing, "withhold" as a
# negative verb, a second predicate joined by "or", one word paired outside the home sentences,
# "including" in front of a denied word, a value borrowed from another branch of a rule):
# 243/247 (0.984), 191/224 (0.853), 211/222 (0.950), no longer blind. Then 46 more written
# blind (batch 10, ids 10xx) read 0.667 (14/21), 0.700 (14/20), 0.750 (9/12); folded in, the 795
# pairs read 257/268 (0.959), 205/244 (0.840), 220/234 (0.940). Their readings ("outside" /
# "within", "decline" as a negative verb, a restriction going on past the quoted phrase,
# "other than", a passive kept, a modifier moved into another's slot, "nor" inside a denial, an
# "unless" clause against a statement, a quote that goes on past a restriction): 260/265
# (0.981), 208/244 (0.852), 221/232 (0.953), no longer blind. The held-out totals did not move.
# 2026-12-07 (eleventh session): an ordinal day counted from an event is a period ("the 45th day
# after" = 45 days), read for a blind batch of refusal questions, not for these pairs; three
# other-state deadlines then read as the contradictions they are (tenancy 079, privacy 833, 935):
# 224/235 (0.953).
# 2026-12-07 (fourteenth session): 120 pairs written blind in eight fields none of the lanes
# covers (ids blind-a-*, blind-b-*; empty lane vocabulary) read 0.765 (26/34), 0.575 (23/40),
# 0.821 (23/28) on their first run. One general reading followed, chosen without loss on the
# 795: a sentence's opening word that is a name (a possessive, or a capital behind it) is read
# by ``unnamed`` (0.812, 26/32; the 795 unchanged but for one more neutral). An entailment bar
# for the embedding judge's unit mode (0.43, declining below it) was measured and not kept: the
# benchmark's passages are short, the product's units long, and paraphrases of one of their
# sentences score lower (ten /api/verify/ cases of item 3 lost). Folded in, the 915 pairs read
# 286/297 (0.963), 231/284 (0.813), 247/263 (0.939).
# 2026-12-07 (seventeenth session): six readings of what a passage leaves out of its rule (a
# sentence continuing the one before by a word for its subject, "every" of a thing restricted in
# front or one the passage "does not apply to", a modal-less claim's subject, a "who" clause
# quantified the other way, a share of another whole): support precision 286/291 (0.983), the
# first target met on these pairs; the held-out totals did not move. A word the claim puts
# between two side-by-side neighbours carries no polarity of another use, and a predicate that
# denies its subject ("Use of the sink ... is prohibited", "X fall outside the definition")
# covers it: support 287/292 (0.983), faithful 232/284 (0.817), contradictions 248/261 (0.950).
# A bound at the other end of the passage's range ("up to $20,000" / "between $20,000 and
# $40,000"): support 287/291 (0.986).
# 2026-12-07 (eighteenth session): the subject of an active verb behind a relative clause is the
# word in front of "who" ("A stop-work order may be issued by an inspector who finds ..."), and
# a verb ends the words in front of a thing: support 288/292 (0.986), faithful 233/284 (0.820).
# Batch c (80 pairs in ten more fields, written blind by a helper that read no code), run once
# before anything was chosen on it: support 27/28 (0.964; "every 4 children *of any age*" for
# "... under 2 years of age" supported), faithful 22/24, contradictions 27/27. Added to the
# development split: 315/320 (0.984), 255/308 (0.828), 275/288 (0.955). Then "of any age"
# read against a passage that gives the thing a value ("under 2 years of age"): 315/319 (0.987).
# A claim with a modal behind a phrase ("An enrolled voter in the County ... can ask") is no
# plain claim whose second word is its verb: 316/320 (0.988), faithful 256/308 (0.831). A
# condition's word is quoted in place when it is in the longest run of pairs that keeps the
# claim's order, whatever its neighbour paired far off: 317/321 (0.988), 257/308 (0.834).
# A negative verb in the passive denies its subject ("consent ... is withheld by a landlord"),
# "free of" denies as "without" does, and a word in front of a denied word that the claim says
# elsewhere narrows nothing: 320/324 (0.988), 260/308 (0.844). "Until" ends a denial ("may
# not be conducted ... until an assessment has first been conducted"): contradictions 275/287.
DEV = {"supported": 320, "wrongly_supported": 4, "faithful": 260, "of_faithful": 308}
DEV_CONTRADICTED = {"right": 275, "wrong": 12}
HELD_OUT = {"supported": 23, "wrongly_supported": 4, "faithful": 12, "of_faithful": 13}


def _totals(results: list[dict[str, Any]]) -> dict[str, int]:
    said = [r for r in results if r["verdicts"]["ensemble"] == "entails"]
    faithful = [r for r in results if r["category"] in FAITHFUL]
    contradicted = [r for r in results if r["verdicts"]["ensemble"] == "contradicts"]
    return {
        "supported": sum(1 for r in said if r["label"] == "entails"),
        "wrongly_supported": sum(1 for r in said if r["label"] != "entails"),
        "faithful": sum(1 for r in faithful if r["verdicts"]["ensemble"] == "entails"),
        "of_faithful": len(faithful),
        "contradicted": sum(1 for r in contradicted if r["label"] == "contradicts"),
        "wrongly_contradicted": sum(1 for r in contradicted if r["label"] != "contradicts"),
    }


@pytest.fixture(scope="module")
def totals() -> dict[str, dict[str, int]]:
    embedder = MiniLMEmbedder()
    judges = default_judges(embedder, thresholds=JudgeThresholds())
    rows = read_pairs()
    return {
        split: _totals(run(build_pairs(select(rows, split), embedder), judges))
        for split in ("dev", "held-out")
    }


def _holds(found: dict[str, int], pinned: dict[str, int]) -> None:
    """The ensemble supports at least as many right pairs and no more wrong ones than pinned."""
    assert found["of_faithful"] == pinned["of_faithful"]
    assert found["supported"] >= pinned["supported"]
    assert found["wrongly_supported"] <= pinned["wrongly_supported"]
    assert found["faithful"] >= pinned["faithful"]


def test_the_development_pairs_hold_their_totals(totals: dict[str, dict[str, int]]) -> None:
    dev = totals["dev"]
    _holds(dev, DEV)
    assert dev["contradicted"] >= DEV_CONTRADICTED["right"]
    assert dev["wrongly_contradicted"] <= DEV_CONTRADICTED["wrong"]


def test_the_held_out_pairs_do_not_regress(totals: dict[str, dict[str, int]]) -> None:
    _holds(totals["held-out"], HELD_OUT)

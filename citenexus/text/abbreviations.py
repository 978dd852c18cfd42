"""Words a full stop does not end a sentence after, one list per sentence reader.

Lower-cased, without their final full stop, periods inside kept ("u.s.c"). Single letters
(initials, "subd. (a)") are handled by each reader apart. Why lists and not a model: where a
sentence ends must be deterministic and explainable to a reviewer who sees where a claim starts.

The three readers (``citenexus.text.sentences``) keep their own lists. 36 entries are in all
three; only claims' names code titles and reporters ("evid", "fam", "s.ct", "l.ed"), only
judging's times of day and "us", only ingest's "const", "amend" and "pub". A word added to one
list moves that reader's boundaries only (claims, judged spans, or unit cuts); merging the lists
would move all three, so they are kept apart.
"""

from __future__ import annotations

# For claims (``split_sentences``), always an abbreviation.
CLAIM_ABBREVIATIONS = frozenset(
    """
    cal civ proc stat stats fla tex prop gov govt bus prof pen evid fam rev ann regs reg admin
    cf e.g i.e etc viz vs v subd subds ed al inc co corp ltd llc dept mr mrs ms dr st jr sr
    approx fig u.s u.s.c c.f.r n.y d.c jan feb mar apr jun jul aug sep sept oct nov dec ct app
    supp cir misc cert s.ct l.ed id ibid op atty gen
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

# For claims: abbreviations that are also ordinary words ("no", "art"), abbreviations only
# before a number.
CLAIM_NUMBER_ABBREVIATIONS = frozenset(
    """
    no nos sec secs para paras art arts ch chap cl pt p pp vol
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

# For judging (``sentence_spans``).
JUDGING_ABBREVIATIONS = frozenset(
    """
    cal civ proc stat sec secs no nos art ch subd para par pp p cl ann rev gen e.g i.e eg ie
    etc inc co corp ltd llc v vs mr mrs ms dr st jr sr u.s us jan feb mar apr jun jul aug sep
    sept oct nov dec ord reg regs fed supp a.m p.m
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

# For ingest (``sentence_spans_for_ingest``).
INGEST_ABBREVIATIONS = frozenset(
    """
    sec secs stat stats no nos art arts ch chs subd subds subdiv par para paras cal civ proc ann
    rev gen inc co corp ltd v vs e.g i.e u.s u.s.c c.f.r cfr st mr mrs ms dr jr sr et al cf pp
    id supp app ct fla tex prop ord reg regs fed dept govt pub amend const cl
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

"""Stop words and the function words the judges read roles from.

Two stop-word lists, for two readers. ``STOPWORDS`` is the rules': the judges, quantities'
context, applicability and conflicts drop these before comparing words, and it holds
legal function words ("thereof", "herein", "said"). ``RETRIEVAL_STOPWORDS`` is retrieval's:
full-text ranking, reranking's overlap and the extractive generator's sentence scores
(``citenexus.text.tokens.content_words`` and ``sentence_words``); it holds the pronouns and
contractions a lay question is asked with ("I've", "myself", "don't"). They differ (retrieval keeps "either", "both", "less";
the rules keep "own", "once", "again"), and which units are retrieved, and which sentences are
quoted, depend on retrieval's list; so both stay.
"""

from __future__ import annotations

STOPWORDS = frozenset(
    """
    a an the this that these those such said same other another any all each every either both
    some certain of to from by for with within without into onto upon on in at as about
    against between among through during over under above below before after until till than
    then and or nor but if when whenever where wherever while whether which who whom whose
    what is are was were be been being am has have had having do does did done doing it its
    it's he him his she her hers they them their theirs we us our you your i me my there here
    thereof therein thereto thereunder herein hereof hereunder hereby whereby so also only
    very just more most less least much many few fewer not no never none shall must may might
    can could will would should ought per via etc unto
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

RETRIEVAL_STOPWORDS = frozenset(
    """
    a an the and or but if then than of to in on at by for from with without into onto as is
    are was were be been being am do does did done doing have has had having can could may
    might must shall should will would what which who whom whose when where why how this that
    these those there here it its it's they them their he she his her we our you your i me my
    not no nor so such any all each every some many much more most other own same only just
    also very too about above below over under again further once per whether while during
    before after up down out off between through until upon within
    us him hers mine yours ours theirs myself yourself yourselves himself herself itself
    ourselves themselves i'm i've i'd i'll you're you've you'd you'll we're we've we'd we'll
    they're they've they'd they'll he's she's that's there's what's who's let's
    don't doesn't didn't can't cannot won't wouldn't shouldn't couldn't isn't aren't wasn't
    weren't hasn't haven't hadn't mustn't shan't
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

# Words whose meaning is a role of the noun that follows (who owes whom).
ROLE_PREPOSITIONS = frozenset({"to", "from", "by", "for", "against"})
# Prepositions: a noun behind one is no clause's subject ("on behalf of a covered entity").
PREPOSITIONS = ROLE_PREPOSITIONS | frozenset(
    """
    of in on at with without into onto upon about above below over under between through
    within during before after among toward towards behind beside across
    """.split()  # noqa: SIM905 (a word list reads best as text)
)
# The forms of "be" that stand between an auxiliary, a "not" or a subject and a verb.
BE_FORMS = frozenset({"be", "been", "is", "are", "was", "were"})
# Words skipped when looking for the role preposition in front of a noun.
DETERMINERS = frozenset(
    """
    the a an any each every such said this that these those its his her their our your
    """.split()  # noqa: SIM905 (a word list reads best as text)
)

"""How the package reads text: one layer under the rules, the judges, the pipeline and ingest.

- ``tokens``: the words retrieval and ranking compare (``content_words``);
- ``stopwords``: the rules' stop words and retrieval's, and the function words the judges need;
- ``stemming``: ``stem_for_matching`` (rules and judges) and ``stem_for_retrieval``;
- ``sentences``: the three sentence readers (claims, judging, ingest) and why there are three;
- ``abbreviations``: the words each sentence reader does not end a sentence after;
- ``numbers``: number words ("twenty-one", "one hundred and fifty");
- ``quantities``: days, dates, amounts, percentages and numbers, normalised.

Where two readers differ (two stemmers, two stop-word lists, three sentence splitters), each was
tuned for its own reader, and merging them would move what a reviewer is shown: they are kept
apart under names that say what each is for. Everything here is pure, deterministic and generic
English; it imports nothing else from the package (the lane vocabulary's synonyms are applied
on top of ``stem_for_matching`` by ``citenexus.domain.vocabulary.stem``).
"""

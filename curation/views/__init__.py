"""Curation pages, one module per page family (``curation/urls.py`` maps them):

- ``documents``: a lane's documents (sort, filter, page, inline tier edit), one document and its
  corrections;
- ``ingest``: uploads, the job progress page, the authority CSV preview and apply;
- ``lane_settings``: the admin's lane settings (tier order, policy, vocabulary, members), with
  ``vocabulary_forms`` for the vocabulary editor;
- ``shared``: the lane every page starts from and the header it shows.
"""

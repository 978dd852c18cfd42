"""Adapters of the domain's ports that need no framework: the in-memory store (``memory``).

The PostgreSQL adapters live in the Django apps (``curation``, ``answers``).
"""

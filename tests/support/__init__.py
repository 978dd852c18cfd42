"""Helpers for tests: the domain's test doubles (``fakes``), lane vocabularies, Celery workers
and a second PostgreSQL."""

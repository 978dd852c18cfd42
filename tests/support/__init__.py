"""Helpers for tests that start real processes: Celery workers and a second PostgreSQL."""

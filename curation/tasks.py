"""Celery tasks: thin, they take ids and call a service. Celery finds them in this module.

``run_job`` (``curation.tasks.run_job``) runs an ingest job by id, with the runner's retries
(``curation/jobs.py``); it is made where the ingest job is defined.
"""

from __future__ import annotations

from curation.ingest_jobs import INGEST

run_job = INGEST.task

__all__ = ["run_job"]
